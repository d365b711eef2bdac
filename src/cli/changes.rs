//! The commands that change the account: `dns add|set|delete` and `upgrade --choose …
//! [--send]` (and, through `apply` here, the ticket commands of `tickets`). A change is confirmed (`--yes`, or asked on a terminal; refused without one),
//! can be shown instead of sent (`--dry-run`), is sent once, is written to the change log,
//! and is followed by a fresh read that shows the state as the portal now has it. When the
//! answer is lost, the state is read and shown, and the exit code is 5.

use futures::future::LocalBoxFuture;

use crate::api::dns_rules::{self, DnsInput};
use crate::api::dns_source::DnsSource;
use crate::api::dns_write::DnsWriter;
use crate::api::models::{DnsRecord, UpgradeOptions};
use crate::api::{
    ApiError, Change, ChangeAnswer, ChangeRequest, Check, Language, Money, Operation, PortalClient, Query, Sent, Shown,
    Stage,
};
use crate::cli::args::{ConfirmArgs, DnsCommand, DnsRecordArgs};
use crate::cli::{exit_code, report};
use crate::config::change_log::{Entry, Log};
use crate::i18n::Text;

/// What the command printed and its exit code.
pub struct Changed {
    pub text: String,
    pub code: u8,
}

/// Who makes the change, for the confirmation and the change log.
pub struct Context<'a> {
    pub client: &'a PortalClient,
    /// The profile's name; empty without one.
    pub profile: &'a str,
    pub user: &'a str,
    pub host: &'a str,
    pub json: bool,
    pub language: Language,
    /// Where changes are written (`Log::for_run`); none when there is no state folder.
    pub log: Option<Log>,
    /// The config file's echo services (`dns set … --public-ip`).
    pub ip_sources: &'a [String],
}

pub(super) use super::asking::usage;
use super::asking::{ask_typed, ask_yes};

impl Context<'_> {
    /// `profile client, demo@example.vn at my.example.vn`, or without a profile the
    /// account at its portal.
    pub(super) fn who(&self) -> String {
        let who = Text::AsUserAt.fill(self.language, &[("user", &self.user), ("host", &self.host)]);
        match self.profile {
            "" => who,
            profile => Text::CliWhoProfile.fill(self.language, &[("profile", &profile), ("who", &who)]),
        }
    }
}

/// A DNS change where the domain's records are kept: its hosted zone, or its active
/// registration.
pub async fn dns(cx: &Context<'_>, command: &DnsCommand) -> Result<Changed, ApiError> {
    let (name, confirm) = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => (&a.name, a.confirm),
        DnsCommand::Delete { name, confirm, .. } => (name, *confirm),
        DnsCommand::Export { .. } | DnsCommand::Apply(_) => return super::dns_code::run(cx, command).await,
    };
    // The address the echo services see, before anything is asked of the portal.
    let public = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) if a.public_ip => {
            match super::dns_code_ip::public_ip(cx, &a.kind).await {
                Ok(found) => Some(found),
                Err(failed) => return Ok(failed),
            }
        }
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
    let (change, words) = match command {
        DnsCommand::Add(a) | DnsCommand::Set(a) => {
            let adding = matches!(command, DnsCommand::Add(_));
            let op = if adding { Operation::DnsAdd } else { Operation::DnsUpdate };
            let (types, builtin) = super::dns_code::types(cx.client, source, &records).await;
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
            let (change, words) = if adding {
                let change = writer.add(source, record);
                let new = change.dns_record().map(|r| crate::i18n::dns::sent_line(r, cx.language)).unwrap_or_default();
                (change, format!("{}: {new}", Text::DoAdd.get(cx.language)))
            } else {
                let new = crate::i18n::dns::sent_line(&record, cx.language);
                match set_change(name, source, &writer, &records, record, a, cx.language)? {
                    SetPlan::Send(change, words) => (change, words),
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
            (change, words)
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
            if let Err(why) = crate::api::dns_ids::address(&records, at) {
                return Err(usage(Operation::DnsDelete, crate::i18n::read_only(why, &old.id, cx.language)));
            }
            let doing = Text::DoDelete.fill(cx.language, &[("id", &old.id)]);
            let words = format!("{doing}: {}", crate::i18n::dns::listed_line_at(old, name, cx.language));
            (Change::dns_delete(source, old.id.to_string()), words)
        }
        DnsCommand::Export { .. } | DnsCommand::Apply(_) => unreachable!("DNS as code is handed on above"),
    };
    let what = home.change_words(name, &words, cx.language);
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
    let shown = Shown { domain: name.to_owned(), record: target };
    let changed = apply(cx, confirm, &change, Some(&shown), &format!("domain {name}"), &what, reread).await?;
    Ok(Changed { text: found + &changed.text, ..changed })
}

/// What `dns set` does.
enum SetPlan {
    /// Record `id` already holds it: nothing is sent.
    AlreadySet(String),
    /// This change, in words.
    Send(Change, String),
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
        [] => {
            let change = writer.add(source, record);
            let new = change.dns_record().map(|r| crate::i18n::dns::sent_line(r, language)).unwrap_or_default();
            let words = format!("{}: {new}", Text::DoAdd.get(language));
            Ok(SetPlan::Send(change, words))
        }
        [old] => {
            let at = records.iter().position(|r| std::ptr::eq(r, old)).unwrap_or_default();
            if let Err(why) = crate::api::dns_ids::address(records, at) {
                return Err(usage(Operation::DnsUpdate, crate::i18n::read_only(why, &old.id, language)));
            }
            // The record keeps its TTL unless another is typed: a PUT without one would
            // leave it to the portal's default.
            if record.ttl.is_none() {
                record.ttl = crate::api::zone_write::ttl_of(old);
            }
            let change = writer.update(source, old.id.to_string(), record);
            let new = change.dns_record().map(|r| crate::i18n::dns::sent_line(r, language)).unwrap_or_default();
            let doing = Text::DoUpdate.fill(language, &[("id", &old.id)]);
            let words = format!("{doing}: {} → {new}", crate::i18n::dns::listed_line_at(old, name, language));
            Ok(SetPlan::Send(change, words))
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
    let (resources, lines, difference, setup) = choices(&options, choose, language).map_err(|e| usage(op, e))?;
    let currency = super::domain_actions::currency(cx.client).await;
    let money = |m: Money| crate::i18n::format::money_in(m, &currency, language);
    let mut what = Text::CliService.fill(language, &[("id", &id)]) + "\n";
    for line in &lines {
        what += &format!("  {line}\n");
    }
    let sums = [("difference", signed(difference, &currency, language)), ("setup", money(setup))];
    let sums: Vec<(&str, &dyn std::fmt::Display)> = sums.iter().map(|(k, v)| (*k, v as _)).collect();
    what += &format!("  {}", Text::CliRecurring.fill(language, &sums));
    // The service's own recurring total, when the portal gives it, before and after.
    if let Ok(service) = cx.client.service(id).await {
        if let Some(after) = service.total.checked_add(difference) {
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("before", &money(service.total)), ("after", &money(after))];
            what += &format!("\n  {}", Text::CliServiceRecurring.fill(language, &fill));
        }
    }
    let change = Change::Upgrade { service_id: id, resources, send };
    if !send {
        if confirm.dry_run {
            let text = Text::CliWouldSend.fill(language, &[("request", &change.describe())]) + "\n";
            return Ok(Changed { text, code: exit_code::SUCCESS });
        }
        // An estimate changes nothing: not confirmed, not logged.
        let answer = cx.client.apply(&change, None, |_, _| {}).await.result?;
        let text = if cx.json {
            serde_json::to_string_pretty(&answer.answer).unwrap_or_default() + "\n"
        } else {
            let hint = Text::CliEstimateSend.get(language);
            format!(
                "{}\n{}{hint}\n",
                Text::CliEstimateFor.fill(language, &[("what", &what)]),
                said(&answer, &currency, language)
            )
        };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let reread = || async {
        if cx.json {
            let json = cx.client.as_sent(&Query::Upgrade(id)).await?;
            return Ok(Reread { text: String::new(), json, differs: None });
        }
        let options: UpgradeOptions = cx.client.upgrade_options(id).await?;
        let currency = super::domain_actions::currency(cx.client).await;
        Ok(Reread {
            text: report::upgrade_options(id, &options, &currency, language),
            json: serde_json::Value::Null,
            differs: None,
        })
    };
    let what = Text::CliUpgradeFor.fill(language, &[("what", &what)]);
    apply(cx, confirm, &change, None, &format!("service #{id}"), &what, reread).await
}

/// The resources to send (resource id → item id), a line per choice, and the sums
/// (recurring difference, setup).
type Chosen = (std::collections::BTreeMap<String, String>, Vec<String>, Money, Money);

/// `RESOURCE=ITEM` pairs, by id or name, against the service's options.
fn choices(options: &UpgradeOptions, choose: &[String], language: Language) -> Result<Chosen, String> {
    let mut resources = std::collections::BTreeMap::new();
    let mut lines = Vec::new();
    let (mut difference, mut setup) = (Money::ZERO, Money::ZERO);
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
        let was = current.map(|c| c.price).unwrap_or(Money::ZERO);
        let overflow = || Text::CliOverflow.get(language).to_owned();
        difference =
            difference.checked_add(wanted.price.checked_sub(was).ok_or_else(overflow)?).ok_or_else(overflow)?;
        setup = setup.checked_add(wanted.setup_price).ok_or_else(overflow)?;
        let from = current.map(|c| c.name.as_str()).unwrap_or("-");
        lines.push(format!("{}: {from} → {}", r.name, wanted.name));
        resources.insert(r.id.clone(), wanted.id.clone());
    }
    Ok((resources, lines, difference, setup))
}

fn signed(amount: Money, currency: &str, language: Language) -> String {
    let text = crate::i18n::format::money_in(amount, currency, language);
    if amount.is_negative() || amount.is_zero() { text } else { format!("+{text}") }
}

/// The portal's `info` messages, one per line, and its estimate in the account's `currency`.
fn said(answer: &ChangeAnswer, currency: &str, language: Language) -> String {
    let mut text = String::new();
    if answer.read_back {
        text += &(Text::ChangeReadBack.get(language).to_owned() + "\n");
    }
    if !answer.info.is_empty() {
        let said = crate::i18n::said(&answer.info, language);
        text += &(Text::ErrPortal.fill(language, &[("said", &said)]) + "\n");
    }
    let estimate = answer.estimate();
    if !estimate.is_empty() {
        let fields = crate::i18n::estimate(&estimate, currency, language);
        text += &format!("{}: {fields}\n", Text::LabelEstimate.get(language));
    }
    text
}

/// Confirms, then sends by the one change protocol (`PortalClient::apply`): logged before
/// and after, sent once, the records compared; then reads the state again with `reread`.
/// `subject` names the domain, the service or the ticket in the change log.
/// With `--json` the one thing printed is one JSON object: the request, the outcome, the
/// portal's answer, the check and the state read again.
pub(super) async fn apply<F, Fut>(
    cx: &Context<'_>,
    confirm: ConfirmArgs,
    change: &Change,
    shown: Option<&Shown>,
    subject: &str,
    what: &str,
    reread: F,
) -> Result<Changed, ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Reread, ApiError>>,
{
    apply_asking(cx, confirm, None, change, shown, subject, what, reread).await
}

/// [`apply`], confirmed without `--yes` by typing `typed` exactly (a destructive change, as
/// web portals ask) instead of a yes; `None` asks yes or no.
#[allow(clippy::too_many_arguments, reason = "apply's arguments and how it is confirmed")]
pub(super) async fn apply_asking<F, Fut>(
    cx: &Context<'_>,
    confirm: ConfirmArgs,
    typed: Option<&str>,
    change: &Change,
    shown: Option<&Shown>,
    subject: &str,
    what: &str,
    reread: F,
) -> Result<Changed, ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Reread, ApiError>>,
{
    let reread = || -> LocalBoxFuture<'_, Result<Reread, ApiError>> { Box::pin(reread()) };
    apply_once(cx, confirm, typed, change, shown, (subject, what), &reread).await
}

/// The state read again after a change, as [`apply_once`] takes it.
type Rereading<'r> = &'r dyn Fn() -> LocalBoxFuture<'r, Result<Reread, ApiError>>;

/// [`apply_asking`], its code the same whatever reads the state again (the installed
/// binary's size; BENCHMARKS.md).
fn apply_once<'a>(
    cx: &'a Context<'_>,
    confirm: ConfirmArgs,
    typed: Option<&'a str>,
    change: &'a Change,
    shown: Option<&'a Shown>,
    (subject, what): (&'a str, &'a str),
    reread: Rereading<'a>,
) -> LocalBoxFuture<'a, Result<Changed, ApiError>> {
    Box::pin(async move {
        let op = change.operation();
        let language = cx.language;
        let request = change.request();
        let heading = format!("{}, {what}", cx.who());
        if confirm.dry_run {
            if cx.json {
                let value = serde_json::json!({ "outcome": "dry_run", "sent": false, "request": request.to_json() });
                return Ok(Changed { text: json_text(&value), code: exit_code::SUCCESS });
            }
            let would = Text::CliWouldSend.fill(language, &[("request", &request.describe())]);
            let text = format!("{heading}\n{would}\n{}\n", Text::CliNothingSent.get(language));
            return Ok(Changed { text, code: exit_code::SUCCESS });
        }
        if let (false, Some(word)) = (confirm.yes, typed) {
            ask_typed(op, &heading, word, language)?;
        } else if !confirm.yes {
            ask_yes(op, &heading, Text::CliAsk.get(language), language)?;
        }
        let sent = send_logged(cx, change, shown, subject).await;
        let reread_failed = |e: &ApiError| {
            Text::CliRereadFailed.fill(language, &[("error", &crate::i18n::api_error(e, language))]) + "\n"
        };
        let (outcome, code) = match &sent.result {
            Ok(_) => ("applied", exit_code::SUCCESS),
            Err(e) if sent.sent && e.may_have_applied() => ("unknown", exit_code::NETWORK),
            Err(e) => (if sent.sent { "refused" } else { "not_sent" }, exit_code::for_error(e)),
        };
        let code = match &sent.check {
            Some(check) if code == exit_code::SUCCESS && (check.others_changed() || !check.landed) => {
                exit_code::NOT_AS_EXPECTED
            }
            _ => code,
        };
        if cx.json {
            let state = match sent.result.as_ref().map_or_else(ApiError::may_have_applied, |_| true) && sent.sent {
                true => match reread().await {
                    Ok(state) => state.json,
                    Err(e) => serde_json::json!({ "error": e.to_string() }),
                },
                false => serde_json::Value::Null,
            };
            let value = serde_json::json!({
                "outcome": outcome,
                "sent": sent.sent,
                "request": sent.request.to_json(),
                "answer": sent.result.as_ref().ok().map(|a| &a.answer),
                "error": sent.result.as_ref().err().map(ToString::to_string),
                "check": sent.check.as_ref().map(|c| serde_json::json!({
                    "landed": c.landed, "record": c.record, "gone": c.gone, "appeared": c.appeared,
                })),
                "state": state,
            });
            return Ok(Changed { text: json_text(&value), code });
        }
        let lost = sent.sent && sent.result.as_ref().is_err_and(ApiError::may_have_applied);
        let check_text = sent.check.as_ref().map(|c| checked(c, lost, language)).unwrap_or_default();
        match sent.result {
            Ok(answer) => {
                // Only an estimate has amounts, which the portal sends without a currency.
                let currency = match answer.estimate().is_empty() {
                    true => String::new(),
                    false => super::domain_actions::currency(cx.client).await,
                };
                let done = Text::CliDone.fill(language, &[("what", &heading)]);
                let mut text = done + "\n" + &said(&answer, &currency, language);
                text += &check_text;
                let mut code = code;
                match reread().await {
                    Ok(read) => {
                        text += &read.text;
                        // The portal's own figures after the change contradict the promise.
                        if let Some(differs) = read.differs {
                            text += &format!("{differs}\n");
                            if code == exit_code::SUCCESS {
                                code = exit_code::NOT_AS_EXPECTED;
                            }
                        }
                    }
                    Err(e) => text += &reread_failed(&e),
                }
                Ok(Changed { text, code })
            }
            Err(e) if sent.sent && e.may_have_applied() => {
                let error = crate::i18n::api_error(&e, language);
                super::stderr::error(&format!("{error}\n{}", Text::CliLost.get(language)), language);
                let mut text = check_text;
                text += &reread().await.map_or_else(|e| reread_failed(&e), |r| r.text);
                Ok(Changed { text, code })
            }
            Err(e) => Err(e),
        }
    })
}

/// Sends `change` by the one change protocol (`PortalClient::apply`), written to the change
/// log before and after under `subject`: once it is confirmed, or unasked for a hook's
/// change (`acme`).
pub(super) async fn send_logged(cx: &Context<'_>, change: &Change, shown: Option<&Shown>, subject: &str) -> Sent {
    let request = change.describe();
    let entry = Entry::new(cx.profile, cx.host, subject, &request);
    let log = |_: &ChangeRequest, stage: Stage<'_>| {
        let Some(log) = &cx.log else { return };
        let written = log.record(&entry, stage);
        if let Err(e) = written {
            super::stderr::warning(&format!("could not write the change log: {e}"), cx.language);
        }
    };
    cx.client.apply(change, shown, log).await
}

/// The state read again after a change: as text and as the portal's own JSON.
pub struct Reread {
    pub(super) text: String,
    pub(super) json: serde_json::Value,
    /// What the figures read back say against what the confirmation promised (the credit
    /// after a payment, the expiry after a renewal), in words; the command then exits 6.
    pub(super) differs: Option<String>,
}

pub(super) fn json_text(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// What reading the records again after a change showed: whether it is there, and what
/// else is not as it was just before it was sent.
pub(super) fn checked(check: &Check, lost: bool, language: Language) -> String {
    let mut text = String::new();
    match (check.landed, lost) {
        (true, true) if check.deletion => text += Text::CliGoneAfterLost.get(language),
        (false, true) if check.deletion => text += Text::CliStillThereAfterLost.get(language),
        (true, true) => text += Text::CliLandedAfterLost.get(language),
        (false, true) => text += Text::CliNotLandedAfterLost.get(language),
        (false, false) => text += Text::CliNotLanded.get(language),
        (true, false) => {}
    }
    if !text.is_empty() {
        text.push('\n');
    }
    if check.others_changed() {
        text += Text::CliOthersChanged.get(language);
        text.push('\n');
        for line in &check.gone {
            text += &format!("  - {line}\n");
        }
        for line in &check.appeared {
            text += &format!("  + {line}\n");
        }
    }
    text
}
