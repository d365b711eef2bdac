//! DNS as code: `dns export` writes a domain's records as a zone file or JSON; `dns apply`
//! reads one back, prints the plan that makes the portal's records the file's (`api::dns::plan`)
//! and, confirmed, carries it out through the change protocol one change at a time. The
//! records are where `dns NAME` finds them (`registration::dns_home`): the name's hosted
//! zone, else its registration in use; both are read and changed through `DnsSource`. Each
//! record to change or delete is found again in the records read just before (a portal that
//! addresses records by their position moves them when one goes; a hosted zone's ids stay,
//! and the record is then found under its own id); the run stops at the first change that
//! is refused, not sent, lost (read again, never sent twice) or not as expected, and says
//! what was and was not applied.

pub(super) mod args;
pub(super) mod change;
pub(super) mod ip;
pub(super) mod plan_report;

use std::io::{Read, Write};
use std::path::Path;

use super::asking::ask_yes;
use super::exit_code;
use super::protocol::{Changed, Context, json_text};
use super::registration::DnsHome;
use crate::api::dns::plan::{self as dns_plan, Action, Options, Plan, PlanProblem, Step};
use crate::api::dns::rules as dns_rules;
use crate::api::dns::source::{DnsSource, ZONE_TYPES};
use crate::api::dns::write::DnsWriter;
use crate::api::dns::zone_file::{self as zone_file, ZoneError};
use crate::api::dns::zone_write;
use crate::api::models::DnsRecord;
use crate::api::{ApiError, Change, ChangeRequest, Language, Operation, PortalClient, Shown, Stage};
use crate::i18n::Text;
use args::{ApplyArgs, DnsCommand, ZoneFormat};
use plan_report::{self as report, Done, Outcome};

/// `dns export` or `dns apply`.
pub(super) async fn run(cx: &Context<'_>, command: &DnsCommand) -> Result<Changed, ApiError> {
    match command {
        DnsCommand::Export { name, format } => export(cx, name, *format).await,
        DnsCommand::Apply(args) => apply(cx, args).await,
        DnsCommand::Add(_) | DnsCommand::Set(_) | DnsCommand::Delete { .. } => {
            Err(ApiError::InvalidInput { op: Operation::Dns, detail: "not a DNS-as-code command".into() })
        }
    }
}

/// The record types the records at `source` take: a registration's, the portal's list,
/// else the tool's usual ones; a hosted zone's, its fixed set (no route lists them) and any
/// other type the zone already holds (`listed`), so that its export applies back. `true`
/// with them: a type refused is the tool's list's, not the portal's.
pub(super) async fn types(client: &PortalClient, source: DnsSource, listed: &[DnsRecord]) -> (Vec<String>, bool) {
    let builtin = |types: &[&str]| types.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    match source {
        DnsSource::Zone(_) => {
            let mut types = builtin(&ZONE_TYPES);
            let held = listed.iter().filter(|r| r.unreadable.is_none()).map(|r| r.kind.trim().to_ascii_uppercase());
            for kind in held {
                // The SOA is the portal's own: never sent.
                if !kind.is_empty() && kind != "SOA" && !types.contains(&kind) {
                    types.push(kind);
                }
            }
            (types, true)
        }
        DnsSource::Registrar(domain_id) => match client.dns_types(domain_id).await {
            Ok(types) if !types.is_empty() => (types, false),
            _ => (builtin(&dns_rules::DEFAULT_TYPES), true),
        },
    }
}

/// The records a command reads and changes: where `dns NAME` finds them
/// (`registration::dns_home`), the name's hosted zone or its registration in use, read and
/// changed alike through `DnsSource`.
struct Target {
    name: String,
    home: DnsHome,
}

impl Target {
    async fn find(cx: &Context<'_>, name: &str) -> Result<Target, ApiError> {
        let name = crate::i18n::domain_name(name, cx.language).unwrap_or_else(|_| name.to_owned());
        let home = super::registration::dns_home(cx.client, &name, cx.language).await?;
        Ok(Target { name, home })
    }

    fn source(&self) -> DnsSource {
        self.home.source()
    }

    async fn records(&self, client: &PortalClient) -> Result<Vec<DnsRecord>, ApiError> {
        client.records_at(self.source()).await
    }

    /// Where the records are, in words: `registration 5188`, `hosted zone 62, service 2230`.
    fn at(&self, language: Language) -> String {
        match self.source() {
            DnsSource::Registrar(id) => Text::DnsAtRegistration.fill(language, &[("id", &id)]),
            DnsSource::Zone(zone) => {
                Text::DnsAtZone.fill(language, &[("zone", &zone.zone_id), ("service", &zone.service_id)])
            }
        }
    }

    /// `--json`'s first fields: the name and where its records are.
    fn json(&self) -> serde_json::Value {
        match self.source() {
            DnsSource::Registrar(id) => serde_json::json!({ "domain": self.name, "registration": id }),
            DnsSource::Zone(zone) => serde_json::json!({
                "domain": self.name,
                "hosted_zone": { "zone_id": zone.zone_id, "service_id": zone.service_id },
            }),
        }
    }

    /// The change that carries out `step`, naming the record to change or delete by `id`,
    /// its id in the records as read just now; its body as `writer` makes every DNS body.
    fn change(&self, writer: &DnsWriter, step: &Step, id: Option<&str>) -> Option<Change> {
        let at = self.source();
        match (step.action, &step.wanted, id) {
            (Action::Create, Some(record), _) => Some(writer.add(at, record.clone())),
            (Action::Change, Some(record), Some(id)) => Some(writer.update(at, id.to_owned(), record.clone())),
            (Action::Delete, _, Some(id)) => Some(writer.delete(at, id.to_owned())),
            _ => None,
        }
    }
}

/// `dns export NAME [--format bind|json]`.
async fn export(cx: &Context<'_>, name: &str, format: ZoneFormat) -> Result<Changed, ApiError> {
    let language = cx.language;
    let target = Target::find(cx, name).await?;
    let records = target.records(cx.client).await?;
    let mut unreadable: Vec<String> = records
        .iter()
        .filter_map(|r| {
            let why = r.unreadable.as_ref()?;
            Some(Text::ZoneUnreadable.fill(language, &[("id", &r.id.trim()), ("why", why)]))
        })
        .collect();
    unreadable
        .extend(zone_write::unwritten(&records, &target.name).into_iter().map(|(r, why)| unwritten(r, why, language)));
    if cx.json || format == ZoneFormat::Json {
        for line in &unreadable {
            super::stderr::warning(line, cx.language);
        }
        let text = json_text(&zone_write::json(&target.name, &records));
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let at = target.at(language);
    let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &target.name), ("host", &cx.host), ("at", &at)];
    let mut header = vec![Text::ZoneHeader.fill(language, &fill)];
    if records.iter().any(|r| r.unreadable.is_none() && !zone_write::in_zone_files(&r.kind)) {
        header.push(Text::ZonePortalOnly.get(language).to_owned());
    }
    if zone_write::lacks_soa(&records, &target.name) {
        header.push(Text::ZoneSoaPlaceholder.get(language).to_owned());
    }
    if zone_write::lacks_ns(&records, &target.name) {
        header.push(Text::ZoneNsPlaceholder.get(language).to_owned());
    }
    header.extend(unreadable);
    Ok(Changed { text: zone_write::bind(&target.name, &records, &header), code: exit_code::SUCCESS })
}

/// Why a record is left out of the export, in words: its id, type and name as listed (each
/// on one line, quoted with its control characters escaped) and the reason.
fn unwritten(r: &crate::api::models::DnsRecord, why: zone_write::Unwritable, language: Language) -> String {
    let reason = match why {
        zone_write::Unwritable::Name => Text::ZoneBadName,
        zone_write::Unwritable::Type => Text::ZoneBadType,
        zone_write::Unwritable::Data => Text::ZoneBadData,
    };
    let fill: [(&str, &dyn std::fmt::Display); 4] = [
        ("id", &crate::api::sanitize::line(r.id.trim())),
        ("kind", &crate::api::sanitize::line(r.kind.trim())),
        ("name", &format!("{:?}", r.name.as_str())),
        ("why", &reason.get(language)),
    ];
    Text::ZoneLeftOut.fill(language, &fill)
}

/// What is printed, and the exit code, when the command stops before anything is sent.
fn refused(cx: &Context<'_>, code: u8, message: String, json: serde_json::Value) -> Changed {
    if cx.json {
        let mut value = json;
        value["outcome"] = "refused".into();
        value["error"] = message.into();
        return Changed { text: json_text(&value), code };
    }
    super::stderr::error(&message, cx.language);
    Changed { text: String::new(), code }
}

/// The answer to the question was not yes: nothing was sent, said as it is (not as an
/// error), with the exit code of a confirmation declined elsewhere (usage).
fn declined(cx: &Context<'_>, said: String, json: serde_json::Value) -> Changed {
    if cx.json {
        let mut value = json;
        value["outcome"] = "not_confirmed".into();
        return Changed { text: json_text(&value), code: exit_code::USAGE };
    }
    eprintln!("{said}");
    Changed { text: String::new(), code: exit_code::USAGE }
}

/// The file's text (`-`: standard input).
fn read(path: &Path) -> std::io::Result<String> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        return Ok(text);
    }
    std::fs::read_to_string(path)
}

/// A problem in the file with where it is: a zone file's line, a JSON list's record.
fn located(file: &str, json: bool, line: usize, problem: String, language: Language) -> String {
    let fill: [(&str, &dyn std::fmt::Display); 3] = [("file", &file), ("line", &line), ("problem", &problem)];
    match (line, json) {
        (0, _) => format!("{file}: {problem}"),
        (_, true) => Text::ZoneAtRecord.fill(language, &fill),
        (_, false) => Text::ZoneAtLine.fill(language, &fill),
    }
}

/// What `dns apply` is to do: the plan, the records it was made against, its words and its
/// JSON so far.
struct Planned {
    target: Target,
    plan: Plan,
    listed: Vec<DnsRecord>,
    text: String,
    json: serde_json::Value,
}

/// Reads the file, checks its records and makes the plan; `Err` of the inner result is what
/// the command prints when it stops there, nothing having been sent.
async fn planned(cx: &Context<'_>, args: &ApplyArgs) -> Result<Result<Planned, Changed>, ApiError> {
    let language = cx.language;
    let file = args.file.display().to_string();
    let text = match read(&args.file) {
        Ok(text) => text,
        Err(e) => {
            let message = Text::ZoneCannotRead.fill(language, &[("file", &file), ("error", &e)]);
            return Ok(Err(refused(cx, exit_code::USAGE, message, serde_json::json!({}))));
        }
    };
    let target = Target::find(cx, &args.name).await?;
    let name = target.name.clone();
    let mut json = target.json();
    json["file"] = file.clone().into();
    let is_json = text.trim_start().starts_with(['{', '[']);
    let stop = |message: String| Ok(Err(refused(cx, exit_code::USAGE, message, json.clone())));
    let zone = match zone_file::parse_any(&text, &name) {
        Ok(zone) => zone,
        Err(ZoneError { line, problem }) => {
            let problem = crate::i18n::zone_problem(&problem, &name, language);
            return stop(located(&file, is_json, line, problem, language));
        }
    };
    let listed = target.records(cx.client).await?;
    let (types, builtin) = types(cx.client, target.source(), &listed).await;
    let wanted = dns_plan::wanted(&zone, &types);
    // A registrar's DNS takes no TTL: a TTL in the file is no difference there.
    let no_ttl = matches!(target.source(), DnsSource::Registrar(_));
    let options = Options { delete_unlisted: args.delete_unlisted, ignore: args.ignore.clone(), no_ttl };
    let plan = match dns_plan::plan(&name, &listed, &wanted, &options) {
        Ok(plan) => plan,
        Err(PlanProblem::Record { line, problem }) => {
            let problem = crate::i18n::dns_problem_with(&problem, builtin, language);
            return stop(located(&file, is_json, line, problem, language));
        }
        Err(problem) => return stop(crate::i18n::plan_problem(&problem, language)),
    };
    let at = target.at(language);
    let heading = Text::PlanFor.fill(language, &[("name", &name), ("at", &at), ("file", &file)]);
    let text = format!("{heading}\n{}", report::plan(&plan, language));
    let mut json = json;
    json["plan"] = report::plan_json(&plan);
    Ok(Ok(Planned { target, plan, listed, text, json }))
}

/// `dns apply NAME FILE [--dry-run] [--yes] [--delete-unlisted] [--force] [--ignore HOST]`.
async fn apply(cx: &Context<'_>, args: &ApplyArgs) -> Result<Changed, ApiError> {
    let language = cx.language;
    let Planned { target, plan, listed, text: plan_text, json: mut value } = match planned(cx, args).await? {
        Ok(planned) => planned,
        Err(stopped) => return Ok(stopped),
    };
    let count = plan.to_send().count();
    if count == 0 {
        if cx.json {
            value["outcome"] = "unchanged".into();
            return Ok(Changed { text: json_text(&value), code: exit_code::SUCCESS });
        }
        let text = format!("{plan_text}{}\n", Text::PlanNothing.get(language));
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    if let (Some(too_many), false) = (plan.too_many(), args.force) {
        if !cx.json {
            print_now(&plan_text);
        }
        return Ok(refused(cx, exit_code::USAGE, report::too_many(&too_many, language), value));
    }
    let writer = DnsWriter::new(&target.name, &listed);
    if args.confirm.dry_run {
        let requests: Vec<ChangeRequest> = plan
            .to_send()
            .filter_map(|s| target.change(&writer, s, s.was.as_ref().map(|r| r.id.trim())))
            .map(|c| c.request())
            .collect();
        if cx.json {
            value["outcome"] = "dry_run".into();
            value["requests"] = requests.iter().map(ChangeRequest::to_json).collect();
            return Ok(Changed { text: json_text(&value), code: exit_code::SUCCESS });
        }
        let mut text = format!("{plan_text}{}\n", Text::PlanWouldSend.get(language));
        for request in &requests {
            text += &format!("  {}\n", request.describe());
        }
        text += &format!("{}\n", Text::CliNothingSent.get(language));
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    if !cx.json {
        print_now(&plan_text);
    }
    if !args.confirm.yes {
        let ask = if count == 1 { Text::PlanAskOne } else { Text::PlanAsk };
        let question = ask.fill(language, &[("count", &count)]);
        match ask_yes(Operation::DnsUpdate, &cx.who(), &question, language) {
            Err(ApiError::InvalidInput { detail, .. }) if detail == Text::CliNotConfirmed.get(language) => {
                return Ok(declined(cx, detail, value));
            }
            other => other?,
        }
    }
    let (done, records) = carry_out(cx, (&target, &writer), &plan, listed).await;
    let code = done.code();
    if cx.json {
        value["outcome"] = if done.stopped() { "stopped" } else { "applied" }.into();
        value["steps"] = report::steps_json(&done);
        value["state"] = records.iter().map(report::listed_json).collect();
        return Ok(Changed { text: json_text(&value), code });
    }
    let mut text = report::steps(&done, language);
    if done.stopped() {
        // Scripts read the one line on standard error; the whole story is on standard output.
        super::stderr::error(text.lines().last().unwrap_or_default(), language);
    }
    text += &target.home.report(&records, language);
    Ok(Changed { text, code })
}

/// Prints now, before a question or the changes, what the command will do.
fn print_now(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush());
}

/// Where a record the plan names is in the records read just now: the one that holds
/// everything it held, by its id there.
fn locate<'r>(records: &'r [DnsRecord], was: &DnsRecord) -> Option<&'r DnsRecord> {
    let same = |r: &&DnsRecord| {
        r.unreadable.is_none()
            && r.name.trim() == was.name.trim()
            && r.kind.trim().eq_ignore_ascii_case(was.kind.trim())
            && r.content.trim() == was.content.trim()
            && r.priority.trim() == was.priority.trim()
            && r.ttl.trim() == was.ttl.trim()
    };
    let at = records.iter().enumerate().find(|(at, r)| same(r) && crate::api::dns::ids::address(records, *at).is_ok());
    at.map(|(_, r)| r).or_else(|| records.iter().find(same))
}

/// Carries out the plan's changes one at a time, through the change protocol, stopping at
/// the first that is not applied as expected; what came of each, and the records as last
/// read.
async fn carry_out(
    cx: &Context<'_>,
    (target, writer): (&Target, &DnsWriter),
    plan: &Plan,
    listed: Vec<DnsRecord>,
) -> (Done, Vec<DnsRecord>) {
    let mut done = Done::default();
    let mut records = listed;
    let subject = format!("domain {}", target.name);
    let steps: Vec<&Step> = plan.to_send().collect();
    for step in &steps {
        if done.stopped() {
            done.push(step, None, Outcome::Skipped, None);
            continue;
        }
        let now = step.was.as_ref().map(|was| (was, locate(&records, was)));
        let change = match now {
            Some((was, None)) => {
                let error = ApiError::TargetChanged {
                    op: if step.action == Action::Delete { Operation::DnsDelete } else { Operation::DnsUpdate },
                    shown: dns_rules::listed_line(was),
                    now: None,
                };
                done.push(step, None, Outcome::NotSent, Some(error));
                continue;
            }
            Some((_, Some(r))) => target.change(writer, step, Some(r.id.trim())),
            None => target.change(writer, step, None),
        };
        let Some(change) = change else { continue };
        let shown = Shown { domain: target.name.clone(), record: now.and_then(|(_, r)| r.cloned()) };
        let journal = cx.journal(&subject, &change.describe());
        let hear = |_: &ChangeRequest, stage: Stage<'_>| cx.hear(&journal, stage);
        let sent = cx.client.apply(&change, Some(&shown), hear).await;
        let outcome = Outcome::of(&sent);
        if let Some(check) = &sent.check {
            records = check.records.clone();
        } else if sent.sent {
            match target.records(cx.client).await {
                Ok(read) => records = read,
                Err(e) => tracing::debug!(error = %e, "the records could not be read again"),
            }
        }
        done.push_sent(step, sent, outcome);
    }
    (done, records)
}
