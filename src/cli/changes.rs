//! The commands that change DNS records (`dns add|set|delete`, and `dns apply` and `dns set
//! --public-ip` through `dns_code`) and order upgrades (`upgrade --choose … [--send]`), sent
//! as `protocol` sends every change: confirmed, once, logged, and followed by a fresh read
//! that shows the state as the portal now has it.

use crate::api::dns::rules::{self as dns_rules, DnsInput};
use crate::api::dns::source::DnsSource;
use crate::api::dns::write::DnsWriter;
use crate::api::models::{DnsRecord, UpgradeOptions};
use crate::api::{ApiError, Change, Language, Operation, Query, Shown, UpgradePart, UpgradeTotals};
use crate::cli::args::{DnsCommand, DnsRecordArgs};
use crate::cli::asking::ConfirmArgs;
use crate::cli::{exit_code, report};
use crate::i18n::Text;
use crate::i18n::preview::UpgradeOrder;

use super::protocol::{Changed, Context, Reread, apply, estimated, signed, usage};

/// A DNS change where the domain's records are kept: its hosted zone, or its active
/// registration.
pub async fn dns(cx: &Context<'_>, command: &DnsCommand) -> Result<Changed, ApiError> {
    let (name, confirm) = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => (&a.name, a.confirm),
        DnsCommand::Delete { name, confirm, .. } => (name, *confirm),
        DnsCommand::Export { .. } | DnsCommand::Apply(_) => return super::dns::run(cx, command).await,
    };
    // The address the echo services see, before anything is asked of the portal.
    let public = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) if a.public_ip => match super::dns::ip::public_ip(cx, &a.kind).await {
            Ok(found) => Some(found),
            Err(failed) => return Ok(failed),
        },
        _ => None,
    };
    // The name's hosted zone when it has one, else its registration in use.
    let home = super::registration::dns_home(cx.client, name, cx.language).await?;
    let source = home.source();
    let records = cx.client.records_at(source).await?;
    let found = match (&public, cx.json) {
        (Some(p), false) => p.said.clone() + "\n",
        _ => String::new(),
    };
    let change = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => {
            let adding = matches!(command, DnsCommand::Add(_));
            let op = if adding { Operation::DnsAdd } else { Operation::DnsUpdate };
            let (types, builtin) = super::dns::types(cx.client, source, &records).await;
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
    let preview = crate::i18n::preview::dns_change(&change, name, target.as_ref(), cx.language);
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

/// `upgrade ID --choose …`: the portal's estimate, or with `--send` the request.
pub async fn upgrade(
    cx: &Context<'_>,
    id: u64,
    choose: &[String],
    send: bool,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let options = cx.client.upgrade_options(id).await?;
    let op = if send { Operation::UpgradeRequest } else { Operation::UpgradeEstimate };
    let language = cx.language;
    let currency = cx.client.currency().await;
    let (resources, lines, totals) = choices(&options, choose, &currency, language).map_err(|e| usage(op, e))?;
    // The service's own recurring total, when the portal gives it, before and after.
    let service_total = cx.client.service(id).await.ok().map(|service| service.total);
    let heading = Text::CliService.fill(language, &[("id", &id)]);
    // The dialog's preview, without the estimate: the command asks it only without `--send`
    // (where it follows the preview), the order sent at once.
    let u = UpgradeOrder { lines: &lines, totals, service_total, estimate: None, currency: &currency };
    let what = heading + &crate::i18n::preview::upgrade(&u, language).text();
    if !send {
        if confirm.dry_run {
            let request = crate::api::Estimate::describe(id, &resources);
            let text = Text::CliWouldSend.fill(language, &[("request", &request)]) + "\n";
            return Ok(Changed { text, code: exit_code::SUCCESS });
        }
        // An estimate changes nothing: a read, not confirmed, not logged.
        let text = if cx.json {
            let answer = cx.client.estimate_as_sent(id, &resources).await?;
            serde_json::to_string_pretty(&answer).unwrap_or_default() + "\n"
        } else {
            let estimate = cx.client.estimate(id, &resources).await?;
            let hint = Text::CliEstimateSend.get(language);
            format!(
                "{}\n{}{hint}\n",
                Text::CliEstimateFor.fill(language, &[("what", &what)]),
                estimated(&estimate, &currency, language)
            )
        };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let change = Change::Upgrade { service_id: id, resources };
    let reread = || async {
        if cx.json {
            let json = cx.client.as_sent(&Query::Upgrade(id)).await?;
            return Ok(Reread { text: String::new(), json, differs: None });
        }
        let options: UpgradeOptions = cx.client.upgrade_options(id).await?;
        let currency = cx.client.currency().await;
        Ok(Reread {
            text: report::upgrade_options(id, &options, &currency, language),
            json: serde_json::Value::Null,
            differs: None,
        })
    };
    let what = Text::CliUpgradeFor.fill(language, &[("what", &what)]);
    apply(cx, confirm, &change, None, &format!("service #{id}"), &what, reread).await
}

/// The resources to send (resource id → item id), a line per choice, and their sums.
type Chosen = (std::collections::BTreeMap<String, String>, Vec<String>, UpgradeTotals);

/// `RESOURCE=ITEM` pairs, by id or name, against the service's options; a line per choice
/// with its recurring difference (`CPU: 2 vCPU → 4 vCPU (+150,000.50 VND)`).
fn choices(options: &UpgradeOptions, choose: &[String], currency: &str, language: Language) -> Result<Chosen, String> {
    let mut resources = std::collections::BTreeMap::new();
    let mut lines = Vec::new();
    let mut parts = Vec::new();
    let is = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    for pair in choose {
        let Some((resource, item)) = pair.split_once('=') else {
            return Err(Text::CliChooseForm.fill(language, &[("pair", &format!("{pair:?}"))]));
        };
        let names = || options.resources.iter().filter(|r| r.is_choice()).map(|r| r.name.as_str()).collect::<Vec<_>>();
        let Some(r) =
            options.resources.iter().find(|r| r.is_choice() && (is(&r.id, resource) || is(&r.name, resource)))
        else {
            let resource = format!("{resource:?}");
            return Err(Text::CliNoResource.fill(language, &[("resource", &resource), ("names", &names().join(", "))]));
        };
        let Some(wanted) = r.items.iter().find(|i| is(&i.id, item) || is(&i.name, item)) else {
            let items: Vec<&str> = r.items.iter().map(|i| i.name.as_str()).collect();
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("resource", &r.name), ("item", &format!("{item:?}")), ("items", &items.join(", "))];
            return Err(Text::CliNoItem.fill(language, &fill));
        };
        if resources.contains_key(&r.id) {
            return Err(Text::CliChosenTwice.fill(language, &[("resource", &r.name)]));
        }
        let current = r.current().map(|i| &r.items[i]);
        parts.push(UpgradePart::item(current, wanted));
        let from = current.map(|c| c.name.as_str()).unwrap_or("-");
        let was = current.map_or(crate::api::Money::ZERO, |c| c.price);
        let Some(delta) = wanted.price.checked_sub(was) else { return Err(Text::CliOverflow.get(language).to_owned()) };
        let delta = signed(delta, currency, language);
        lines.push(format!("{}: {from} → {} ({delta})", r.name, wanted.name));
        resources.insert(r.id.clone(), wanted.id.clone());
    }
    let totals = UpgradeTotals::of(parts);
    if totals.delta().is_none() || totals.setup.is_none() {
        return Err(Text::CliOverflow.get(language).to_owned());
    }
    Ok((resources, lines, totals))
}
