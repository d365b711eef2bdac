//! `dns add|set|delete`: one record changed where the domain's records are kept (its hosted
//! zone, else its active registration), sent as `protocol` sends every change: confirmed,
//! once, logged, and followed by a fresh read that shows the records as the portal now has
//! them. (`dns apply` and `dns set --public-ip` go through here and DNS as code, `dns/mod.rs`.)

use crate::api::dns::rules::{self as dns_rules, DnsInput};
use crate::api::dns::source::DnsSource;
use crate::api::dns::write::DnsWriter;
use crate::api::models::DnsRecord;
use crate::api::{ApiError, Change, Language, Operation, Shown};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, Reread, apply, usage};
use crate::i18n::Text;

use super::args::{DnsCommand, DnsRecordArgs};

/// A DNS change where the domain's records are kept: its hosted zone, or its active
/// registration.
pub async fn change(cx: &Context<'_>, command: &DnsCommand) -> Result<Changed, ApiError> {
    let (name, confirm) = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => (&a.name, a.confirm),
        DnsCommand::Delete { name, confirm, .. } => (name, *confirm),
        DnsCommand::Export { .. } | DnsCommand::Apply(_) => return super::run(cx, command).await,
    };
    // The address the echo services see, before anything is asked of the portal.
    let public = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) if a.public_ip => match super::ip::public_ip(cx, &a.kind).await {
            Ok(found) => Some(found),
            Err(failed) => return Ok(failed),
        },
        _ => None,
    };
    // The name's hosted zone when it has one, else its registration in use.
    let home = crate::cli::registration::dns_home(cx.client, name, cx.language).await?;
    let source = home.source();
    // A registrar's DNS (`/domain/ID/dns`) has no TTL input: a TTL asked there is said, not
    // dropped without a word.
    if let (DnsCommand::Add(a) | DnsCommand::Set(a), DnsSource::Registrar(id)) = (command, source)
        && let Some(ttl) = a.ttl
    {
        let op = if matches!(command, DnsCommand::Add(_)) { Operation::DnsAdd } else { Operation::DnsUpdate };
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", name), ("id", &id), ("ttl", &ttl)];
        return Err(usage(op, Text::CliRegistrarNoTtl.fill(cx.language, &fill)));
    }
    let records = cx.client.records_at(source).await?;
    let found = match (&public, cx.json) {
        (Some(p), false) => p.said.clone() + "\n",
        _ => String::new(),
    };
    let change = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => {
            let adding = matches!(command, DnsCommand::Add(_));
            let op = if adding { Operation::DnsAdd } else { Operation::DnsUpdate };
            let (types, builtin) = super::types(cx.client, source, &records).await;
            let input = DnsInput {
                host: a.record_host.clone(),
                kind: a.kind.clone(),
                content: public.as_ref().map_or_else(|| a.content.clone().unwrap_or_default(), |p| p.address.clone()),
                priority: a.priority.map(|p| p.to_string()).unwrap_or_default(),
                ttl: a.ttl.map(|t| t.to_string()).unwrap_or_default(),
            };
            let record = dns_rules::check(&input, &types)
                .map_err(|problem| usage(op, crate::i18n::dns_problem_with(&problem, builtin, cx.language)))?;
            let writer = DnsWriter::new(name, &records);
            let change = if adding {
                writer.add(source, record)
            } else {
                let new = crate::i18n::dns::sent_line(&record, cx.language);
                match set_change(name, source, &writer, &records, record, a, cx.language)? {
                    SetPlan::Send(change) => change,
                    SetPlan::AlreadySet(holding) => {
                        let text = Text::CliAlreadySet.fill(cx.language, &[("id", &holding), ("record", &new)]);
                        return Ok(Changed { text: found + &text + "\n", code: exit_code::SUCCESS });
                    }
                }
            };
            // A CNAME alone on its host, and nothing beside one.
            if let Some(record) = change.dns_record() {
                dns_rules::beside(record, &records, name, change.dns_record_id())
                    .map_err(|problem| usage(op, crate::i18n::dns_problem(&problem, cx.language)))?;
            }
            change
        }
        DnsCommand::Delete { record_id, .. } => {
            let Some(at) = records.iter().position(|r| r.id.trim() == record_id.trim()) else {
                let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
                let detail = Text::CliNoRecord
                    .fill(cx.language, &[("name", &name), ("id", &record_id), ("ids", &ids.join(", "))]);
                return Err(usage(Operation::DnsDelete, detail));
            };
            // An id the portal gave more than one record, or that is not one plain token,
            // cannot be addressed safely.
            let old = &records[at];
            if let Err(why) = crate::api::dns::ids::address(&records, at) {
                return Err(usage(Operation::DnsDelete, crate::i18n::read_only(why, &old.id, cx.language)));
            }
            Change::dns_delete(source, old.id.to_string())
        }
        DnsCommand::Export { .. } | DnsCommand::Apply(_) => unreachable!("DNS as code is handed on above"),
    };
    let reread = || async {
        if cx.json {
            let json = cx.client.as_sent(&source.read()).await?;
            Ok(Reread { text: String::new(), json, differs: None })
        } else {
            let text = home.report(&cx.client.records_at(source).await?, cx.language);
            Ok(Reread { text, json: serde_json::Value::Null, differs: None })
        }
    };
    let target =
        change.dns_record_id().and_then(|record_id| records.iter().find(|r| r.id.trim() == record_id.trim()).cloned());
    // The dialog's preview: the change, the record before and after.
    let preview = crate::i18n::preview::dns_change(&change, name, target.as_ref(), &records, cx.language);
    let what = home.change_words(name, "", cx.language).trim_end().to_owned() + &preview.text();
    let shown = Shown { domain: name.to_owned(), record: target };
    let changed = apply(cx, confirm, &change, Some(&shown), &format!("domain {name}"), &what, reread).await?;
    Ok(Changed { text: found + &changed.text, ..changed })
}

/// What `dns set` does.
enum SetPlan {
    /// Record `id` already holds it: nothing is sent.
    AlreadySet(String),
    /// This change.
    Send(Change),
}

/// What `dns set` sends: an update of the one record with this host and type, or a new
/// record when there is none. Several records of this host and type, none holding it, are
/// the user's to sort out.
fn set_change(
    name: &str,
    source: DnsSource,
    writer: &DnsWriter,
    records: &[DnsRecord],
    mut record: crate::api::DnsFields,
    asked: &DnsRecordArgs,
    language: Language,
) -> Result<SetPlan, ApiError> {
    let same_host = |r: &&DnsRecord| dns_rules::same_host(&r.name, &record.name, name);
    // A record that could not be read may be the very one: its type and content are unknown.
    if let Some(unread) = records
        .iter()
        .filter(same_host)
        .find(|r| r.unreadable.is_some() && (r.kind.is_empty() || r.kind.eq_ignore_ascii_case(&record.kind)))
    {
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("host", &record.name), ("id", &unread.id)];
        return Err(usage(Operation::DnsUpdate, Text::CliUnreadableShares.fill(language, &fill)));
    }
    let mut same: Vec<&DnsRecord> =
        records.iter().filter(same_host).filter(|r| r.kind.eq_ignore_ascii_case(&record.kind)).collect();
    if let Some(r) = same.iter().find(|r| dns_rules::holds(r, &record, name, asked.priority.is_some())) {
        return Ok(SetPlan::AlreadySet(r.id.to_string()));
    }
    // Several TXT records on one host are normal (SPF, verifications): only the one with
    // the same tag is replaced, and a record with a tag of its own is added.
    if record.kind == "TXT" {
        let tag = dns_rules::txt_tag(&record.content);
        same.retain(|r| tag.is_some() && dns_rules::txt_tag(&r.content) == tag);
    }
    match same[..] {
        [] => Ok(SetPlan::Send(writer.add(source, record))),
        [old] => {
            let at = records.iter().position(|r| std::ptr::eq(r, old)).unwrap_or_default();
            if let Err(why) = crate::api::dns::ids::address(records, at) {
                return Err(usage(Operation::DnsUpdate, crate::i18n::read_only(why, &old.id, language)));
            }
            // The record keeps its TTL unless another is typed: a PUT without one would
            // leave it to the portal's default.
            if record.ttl.is_none() {
                record.ttl = crate::api::dns::zone_write::ttl_of(old);
            }
            Ok(SetPlan::Send(writer.update(source, old.id.to_string(), record)))
        }
        _ => {
            let ids: Vec<&str> = same.iter().map(|r| r.id.as_str()).collect();
            let detail = Text::CliSeveral.fill(
                language,
                &[
                    ("count", &same.len()),
                    ("host", &record.name),
                    ("kind", &record.kind),
                    ("ids", &ids.join(", ")),
                    ("name", &name),
                ],
            );
            Err(usage(Operation::DnsUpdate, detail))
        }
    }
}
