//! The ACME DNS-01 hooks: `acme present|cleanup` as lego's `exec` provider calls them, and
//! `acme certbot-auth|certbot-cleanup` as certbot's manual hooks do. The TXT record at
//! `_acme-challenge.NAME` is added (or removed) where the name's DNS is kept at this portal
//! (`registration::dns_home_above`), built by the one DNS writer and sent once by the change
//! protocol, written to the change log, without asking: it is a hook. Other TXT values at
//! the name are never touched (a wildcard and its apex need two at once); a value already
//! there, or not there to remove, sends nothing. `present` then waits until every
//! authoritative name server of the zone answers the value (`propagation`), saying on stderr
//! what it hears; the exit code says whether it is seen everywhere.

pub(super) mod args;

use std::net::SocketAddr;
use std::time::Duration;

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::api::dns::ids as dns_ids;
use crate::api::dns::propagation::{self, Answer, Asker, Server};
use crate::api::dns::rules as dns_rules;
use crate::api::dns::write::DnsWriter;
use crate::api::dns::zone_write::usual_ttl;
use crate::api::models::DnsRecord;
use crate::api::{ApiError, DnsFields, DnsSource, Language, Sent, Shown};
use crate::cli::acme::args::{AcmeHook, CertbotArgs, HookArgs, WaitArgs};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, checked, json_text, send_logged};
use crate::cli::registration::{DnsHome, dns_home_above, names_above};
use crate::i18n::Text;

/// How often the name servers are asked again while waiting.
const INTERVAL: Duration = Duration::from_secs(2);
/// A server still waited for is said again after this long.
const SAY_EVERY: Duration = Duration::from_secs(10);
/// The most records of one value one cleanup removes (copies of it made by hand, say).
const MOST_REMOVED: usize = 8;

/// The record a challenge asks for: its full name and its TXT value.
#[derive(Debug, PartialEq, Eq)]
pub struct Challenge {
    pub name: String,
    pub value: String,
}

/// What the hook does with it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hook {
    Present,
    Cleanup,
}

/// The challenge a hook is handed, and whether to wait (`present` only), or what is wrong
/// with its arguments, in words. Checked before the portal is asked anything.
pub fn check(hook: &AcmeHook, language: Language) -> Result<(Challenge, Option<Wait>), String> {
    match hook {
        AcmeHook::Present(args) => Ok((from_lego(args, language)?, Wait::from_args(&args.wait, language)?)),
        AcmeHook::Cleanup(args) => Ok((from_lego(args, language)?, None)),
        AcmeHook::CertbotAuth { certbot, wait, .. } => {
            Ok((from_certbot(certbot, language)?, Wait::from_args(wait, language)?))
        }
        // The wait's options and the TTL are taken, and mean nothing to a cleanup.
        AcmeHook::CertbotCleanup { certbot, .. } => Ok((from_certbot(certbot, language)?, None)),
    }
}

/// lego's `exec`: `FQDN VALUE`, or in RAW mode `DOMAIN TOKEN KEY_AUTH`, the value then the
/// key authorization's SHA-256 in base64url without padding (RFC 8555, 8.4).
fn from_lego(args: &HookArgs, language: Language) -> Result<Challenge, String> {
    match &args.key_auth {
        None => {
            let name = challenge_name(record_name(&args.name, language)?, language)?;
            Ok(Challenge { name, value: value(&args.value, language)? })
        }
        Some(key_auth) => {
            let name = record_name(&format!("_acme-challenge.{}", bare_domain(&args.name)), language)?;
            Ok(Challenge { name, value: digest(key_auth) })
        }
    }
}

/// certbot's manual hooks: CERTBOT_DOMAIN and CERTBOT_VALIDATION.
fn from_certbot(args: &CertbotArgs, language: Language) -> Result<Challenge, String> {
    let unset = |variable: &str, option: &str| {
        Text::AcmeCertbotUnset.fill(language, &[("variable", &variable), ("option", &option)])
    };
    let domain = args.domain.as_deref().filter(|d| !d.trim().is_empty());
    let domain = domain.ok_or_else(|| unset("CERTBOT_DOMAIN", "--domain"))?;
    let validation = args.validation.as_deref().ok_or_else(|| unset("CERTBOT_VALIDATION", "--validation"))?;
    let name = record_name(&format!("_acme-challenge.{}", bare_domain(domain)), language)?;
    Ok(Challenge { name, value: value(validation, language)? })
}

/// The key authorization's digest, as the TXT record holds it.
pub fn digest(key_auth: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(key_auth.trim().as_bytes()))
}

/// A domain as a CA names it: a wildcard's `*.` aside.
fn bare_domain(domain: &str) -> &str {
    let domain = domain.trim();
    domain.strip_prefix("*.").unwrap_or(domain)
}

/// A record's full name: lower case, no final dot, labels of letters, digits, `-` and `_`.
fn record_name(text: &str, language: Language) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    match name.contains('.') && name.len() <= 253 && name.split('.').all(label_ok) {
        true => Ok(name),
        false => Err(Text::AcmeBadName.fill(language, &[("name", &text.trim())])),
    }
}

/// The label every DNS-01 challenge is written under (RFC 8555, 8.4).
const CHALLENGE_LABEL: &str = "_acme-challenge";

/// A name the hook may write at or remove from: `_acme-challenge.` and a name under it.
/// Any other name holds records a certificate has nothing to do with (an apex SPF record),
/// which a hook run without asking must never touch.
fn challenge_name(name: String, language: Language) -> Result<String, String> {
    match name.split_once('.') {
        Some((CHALLENGE_LABEL, rest)) if rest.contains('.') => Ok(name),
        _ => Err(Text::AcmeNotChallenge.fill(language, &[("name", &name), ("label", &CHALLENGE_LABEL)])),
    }
}

/// A TXT value: one line of printable text, not empty.
fn value(text: &str, language: Language) -> Result<String, String> {
    let value = text.trim();
    match !value.is_empty() && !value.chars().any(char::is_control) {
        true => Ok(value.to_owned()),
        false => Err(Text::AcmeBadValue.fill(language, &[("value", &format!("{text:?}"))])),
    }
}

/// How `present` waits: how long, and whom it asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub limit: Duration,
    /// The resolvers that find the servers (none: the system's).
    pub resolvers: Vec<SocketAddr>,
    /// The servers to ask, given (none: found).
    pub nameservers: Vec<SocketAddr>,
}

impl Wait {
    /// `None` with `--no-wait`.
    fn from_args(args: &WaitArgs, language: Language) -> Result<Option<Wait>, String> {
        if args.no_wait {
            return Ok(None);
        }
        let addresses = |texts: &[String]| -> Result<Vec<SocketAddr>, String> {
            let parse = |t: &String| {
                propagation::address(t, propagation::DNS_PORT)
                    .ok_or_else(|| Text::AcmeBadAddress.fill(language, &[("text", &t.trim())]))
            };
            texts.iter().map(parse).collect()
        };
        Ok(Some(Wait {
            limit: Duration::from_secs(args.wait_timeout),
            resolvers: addresses(&args.resolver)?,
            nameservers: addresses(&args.nameserver)?,
        }))
    }
}

/// What a hook came to: the lines for stdout, the JSON object's fields, the exit code.
struct Report {
    hook: Hook,
    challenge: Challenge,
    /// The language its failure is said in.
    language: Language,
    domain: Option<String>,
    at: serde_json::Value,
    outcome: &'static str,
    /// Whether a request went out.
    sent: bool,
    changes: Vec<serde_json::Value>,
    visible: Option<bool>,
    waited: Option<Duration>,
    servers: Vec<serde_json::Value>,
    error: Option<String>,
    text: String,
    code: u8,
    /// The TTL the record is written with (where the portal takes one).
    ttl: u32,
    /// What to pass when the portal refuses that TTL.
    ttl_hint: Option<String>,
}

impl Report {
    fn new(hook: Hook, challenge: Challenge, language: Language) -> Report {
        Report {
            hook,
            challenge,
            language,
            domain: None,
            at: serde_json::Value::Null,
            outcome: "",
            sent: false,
            changes: Vec::new(),
            visible: None,
            waited: None,
            servers: Vec::new(),
            error: None,
            text: String::new(),
            code: exit_code::SUCCESS,
            ttl: args::DEFAULT_TTL,
            ttl_hint: None,
        }
    }

    fn line(&mut self, line: String) {
        self.text += &line;
        self.text.push('\n');
    }

    /// A failure: said on stderr (as `error:`), its code kept.
    fn failed(&mut self, outcome: &'static str, error: String, code: u8) {
        self.outcome = outcome;
        crate::cli::stderr::error(&error, self.language);
        self.error = Some(error);
        self.code = code;
    }

    fn finish(self, json: bool) -> Changed {
        if !json {
            return Changed { text: self.text, code: self.code };
        }
        let value = serde_json::json!({
            "hook": match self.hook { Hook::Present => "present", Hook::Cleanup => "cleanup" },
            "name": self.challenge.name,
            "value": self.challenge.value,
            "domain": self.domain,
            "at": self.at,
            "outcome": self.outcome,
            "sent": self.sent,
            "changes": self.changes,
            "visible": self.visible,
            "waited_seconds": self.waited.map(|w| w.as_secs()),
            "servers": self.servers,
            "error": self.error,
        });
        Changed { text: json_text(&value), code: self.code }
    }
}

/// Runs the hook (its arguments checked again: `commands` checked them before signing in).
pub async fn run(cx: &Context<'_>, hook: &AcmeHook) -> Result<Changed, ApiError> {
    let language = cx.language;
    let (challenge, wait) = match check(hook, language) {
        Ok(checked) => checked,
        Err(detail) => return Err(crate::cli::protocol::usage(crate::api::Operation::DnsAdd, detail)),
    };
    let (kind, record) = match hook {
        AcmeHook::Present(args) => (Hook::Present, &args.record),
        AcmeHook::CertbotAuth { record, .. } => (Hook::Present, record),
        AcmeHook::Cleanup(args) => (Hook::Cleanup, &args.record),
        AcmeHook::CertbotCleanup { record, .. } => (Hook::Cleanup, record),
    };
    let mut report = Report::new(kind, challenge, language);
    report.ttl = record.ttl;
    let Some((home, domain)) = dns_home_above(cx.client, &report.challenge.name, language).await? else {
        let names = names_above(&report.challenge.name).join(", ");
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", &report.challenge.name), ("names", &names)];
        report.failed("no_dns", Text::AcmeNoDns.fill(language, &fill), exit_code::PORTAL);
        return Ok(report.finish(cx.json));
    };
    report.at = match home.source() {
        DnsSource::Registrar(id) => serde_json::json!({ "registration": id }),
        DnsSource::Zone(zone) => serde_json::json!({ "service": zone.service_id, "zone": zone.zone_id }),
    };
    report.domain = Some(domain.clone());
    let place = Place { home: &home, domain: &domain };
    let seen = match kind {
        Hook::Present => present(cx, &place, &mut report).await?,
        Hook::Cleanup => {
            cleanup(cx, &place, &mut report).await?;
            false
        }
    };
    if let (true, Some(wait)) = (seen, wait) {
        wait_until_seen(&wait, &domain, &mut report, language).await;
    }
    Ok(report.finish(cx.json))
}

/// Where the name's DNS is kept, and the name of that zone or registration.
struct Place<'a> {
    home: &'a DnsHome,
    domain: &'a str,
}

impl Place<'_> {
    /// `example.vn, registration 5188`, or `comtamsaigon.vn, hosted zone 62, service 2230`.
    fn words(&self, language: Language) -> String {
        let at = match self.home.source() {
            DnsSource::Registrar(id) => Text::DnsAtRegistration.fill(language, &[("id", &id)]),
            DnsSource::Zone(zone) => {
                Text::DnsAtZone.fill(language, &[("zone", &zone.zone_id), ("service", &zone.service_id)])
            }
        };
        format!("{}, {at}", self.domain)
    }

    /// A line about the record at this place: `text` with its name, value and place.
    fn said(&self, text: Text, report: &Report, language: Language) -> String {
        let at = self.words(language);
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("name", &report.challenge.name), ("value", &report.challenge.value), ("at", &at)];
        text.fill(language, &fill)
    }
}

/// The first readable TXT record at the challenge's name that holds its value (TXT compared
/// unquoted, however the portal stores it).
fn holding(records: &[DnsRecord], report: &Report, domain: &str) -> Option<usize> {
    let Challenge { name, value } = &report.challenge;
    records.iter().position(|r| {
        r.unreadable.is_none()
            && r.kind.trim().eq_ignore_ascii_case("TXT")
            && dns_rules::same_host(&r.name, name, domain)
            && dns_rules::same_content("TXT", &r.content, value)
    })
}

/// Adds the TXT record unless it is there; whether it is there now (to wait for).
async fn present(cx: &Context<'_>, place: &Place<'_>, report: &mut Report) -> Result<bool, ApiError> {
    let language = cx.language;
    let source = place.home.source();
    let records = cx.client.records_at(source).await?;
    if holding(&records, report, place.domain).is_some() {
        report.outcome = "already_there";
        let line = place.said(Text::AcmeAlready, report, language);
        report.line(line);
        return Ok(true);
    }
    let record = DnsFields {
        name: report.challenge.name.clone(),
        kind: "TXT".into(),
        priority: 0,
        content: report.challenge.value.clone(),
        // Short, so that a value a failed run left is soon forgotten; a registrar's DNS
        // takes none, and `DnsWriter` sends none there.
        ttl: Some(report.ttl),
    };
    // The rules `dns add` keeps: a name delegated by a CNAME (to acme-dns, say) takes no
    // record here; the one it points at does.
    if let Err(problem) = dns_rules::beside(&record, &records, place.domain, None) {
        let error = match &problem {
            dns_rules::Problem::BesideCname { .. } => {
                let cname = records.iter().find(|r| {
                    r.kind.trim().eq_ignore_ascii_case("CNAME")
                        && dns_rules::same_host(&r.name, &record.name, place.domain)
                });
                let target = cname.map(|r| r.content.trim().trim_end_matches('.').to_owned()).unwrap_or_default();
                let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", &report.challenge.name), ("target", &target)];
                Text::AcmeDelegated.fill(language, &fill)
            }
            other => crate::i18n::dns_problem(other, language),
        };
        report.failed("not_sent", error, exit_code::USAGE);
        return Ok(false);
    }
    let change = DnsWriter::new(place.domain, &records).add(source, record);
    if change.dns_record().is_some_and(|r| r.ttl.is_some()) {
        let readable: Vec<&DnsRecord> = records.iter().filter(|r| r.unreadable.is_none() && !r.is_fixed()).collect();
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("ttl", &report.ttl), ("usual", &usual_ttl(&readable))];
        report.ttl_hint = Some(Text::AcmeTtlRefused.fill(language, &fill));
    }
    let shown = Shown { domain: place.domain.to_owned(), record: None };
    let sent = send_logged(cx, &change, Some(&shown), &format!("domain {}", place.domain)).await;
    let landed = settle(&sent, report, "added", language);
    if landed {
        let line = place.said(Text::AcmeAdded, report, language);
        report.line(line);
        report.text += &sent.check.as_ref().map(|c| checked(c, false, language)).unwrap_or_default();
    }
    Ok(landed)
}

/// Removes the TXT records at the name that hold the value (one, unless it was made more
/// than once), reading the records again before each.
async fn cleanup(cx: &Context<'_>, place: &Place<'_>, report: &mut Report) -> Result<(), ApiError> {
    let language = cx.language;
    let source = place.home.source();
    let mut records = cx.client.records_at(source).await?;
    let mut removed = 0;
    while let Some(index) = holding(&records, report, place.domain) {
        if removed == MOST_REMOVED {
            break;
        }
        let old = &records[index];
        if let Err(why) = dns_ids::address(&records, index) {
            let error = crate::i18n::read_only(why, &old.id, language);
            report.failed("not_sent", error, exit_code::USAGE);
            return Ok(());
        }
        let change = DnsWriter::new(place.domain, &records).delete(source, old.id.to_string());
        let shown = Shown { domain: place.domain.to_owned(), record: Some(old.clone()) };
        let sent = send_logged(cx, &change, Some(&shown), &format!("domain {}", place.domain)).await;
        if !settle(&sent, report, "removed", language) {
            return Ok(());
        }
        removed += 1;
        records = match sent.check {
            Some(check) => check.records,
            None => cx.client.records_at(source).await?,
        };
    }
    let said = if removed == 0 { Text::AcmeNotThere } else { Text::AcmeRemoved };
    let line = place.said(said, report, language);
    if removed == 0 {
        report.outcome = "not_there";
    }
    report.line(line);
    Ok(())
}

/// What came of one change, kept in the report; whether it is as asked now. A lost
/// answer is settled by the records read after it: the change landed, or it is unknown.
fn settle(sent: &Sent, report: &mut Report, done: &'static str, language: Language) -> bool {
    let landed = sent.check.as_ref().is_none_or(|c| c.landed);
    let ended = crate::api::ChangeOutcome::of(sent.sent, &sent.result);
    let lost = ended == crate::api::ChangeOutcome::Unknown;
    let outcome = match &sent.result {
        Ok(_) if landed => "applied",
        Ok(_) => "not_as_expected",
        Err(_) if lost && sent.check.as_ref().is_some_and(|c| c.landed) => "applied",
        Err(_) => ended.name(),
    };
    report.sent |= sent.sent;
    report.changes.push(serde_json::json!({
        "request": sent.request.to_json(),
        "outcome": outcome,
        "answer": sent.result.as_ref().ok().map(|a| &a.answer),
        "error": sent.result.as_ref().err().map(ToString::to_string),
        "check": sent.check.as_ref().map(|c| serde_json::json!({
            "landed": c.landed, "record": c.record, "gone": c.gone, "appeared": c.appeared,
        })),
    }));
    let name = report.challenge.name.clone();
    let name = &name;
    match (outcome, &sent.result) {
        ("applied", _) => {
            report.outcome = done;
            true
        }
        ("not_as_expected", _) => {
            let value = report.challenge.value.clone();
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", name), ("value", &value)];
            let error = Text::AcmeNotListed.fill(language, &fill);
            report.failed("not_as_expected", error, exit_code::NOT_AS_EXPECTED);
            false
        }
        (_, Err(e)) => {
            let said = crate::i18n::api_error(e, language);
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", name), ("error", &said)];
            let (error, code) = match ended {
                crate::api::ChangeOutcome::Unknown => (Text::AcmeLost.fill(language, &fill), exit_code::NETWORK),
                crate::api::ChangeOutcome::NotApplied => {
                    (Text::AcmeNotApplied.fill(language, &fill), exit_code::NETWORK)
                }
                crate::api::ChangeOutcome::Refused => {
                    let mut error = Text::AcmeRefused.fill(language, &fill);
                    // The portal's words name the TTL: say what to pass instead.
                    if let Some(hint) = report.ttl_hint.as_ref().filter(|_| said.to_lowercase().contains("ttl")) {
                        error = format!("{error}; {hint}");
                    }
                    (error, exit_code::for_error(e))
                }
                _ => (Text::AcmeFailed.fill(language, &fill), exit_code::for_error(e)),
            };
            report.failed(outcome, error, code);
            false
        }
        (_, Ok(_)) => unreachable!("an answer is applied or not as expected"),
    }
}

/// Waits until every authoritative name server of `domain` answers the value, saying on
/// stderr what each answers as it goes; exit 5 when the time runs out first, or the servers
/// cannot be found.
async fn wait_until_seen(wait: &Wait, domain: &str, report: &mut Report, language: Language) {
    let servers: Result<Vec<Server>, String> = match wait.nameservers.is_empty() {
        false => Ok(wait.nameservers.iter().copied().map(Server::at).collect()),
        true => propagation::authoritative(domain, &wait.resolvers, propagation::DNS_PORT).await,
    };
    let askers = servers.and_then(|servers| servers.into_iter().map(Asker::new).collect::<Result<Vec<_>, _>>());
    let askers = match askers {
        Ok(askers) => askers,
        Err(error) => {
            let error = Text::AcmeNoServers.fill(language, &[("zone", &domain), ("error", &error)]);
            report.failed("not_seen", error, exit_code::NETWORK);
            return;
        }
    };
    let labels: Vec<String> = askers.iter().map(|a| a.server.label()).collect();
    let fill: [(&str, &dyn std::fmt::Display); 4] = [
        ("count", &askers.len()),
        ("zone", &domain),
        ("limit", &wait.limit.as_secs()),
        ("servers", &labels.join(", ")),
    ];
    eprintln!("{}", Text::AcmeWaitFor.fill(language, &fill));
    let mut said: Vec<(SocketAddr, Duration)> = Vec::new();
    let heard = |server: &Server, answer: &Answer, elapsed: Duration| {
        let last = said.iter().find(|(addr, _)| *addr == server.addr).map(|(_, at)| *at);
        if *answer != Answer::Holds && last.is_some_and(|at| elapsed < at + SAY_EVERY) {
            return;
        }
        said.retain(|(addr, _)| *addr != server.addr);
        said.push((server.addr, elapsed));
        eprintln!("{}", heard_words(server, answer, elapsed, language));
    };
    let (name, value) = (&report.challenge.name, &report.challenge.value);
    let waited = propagation::wait(&askers, name, value, wait.limit, INTERVAL, heard).await;
    report.visible = Some(waited.everywhere());
    report.waited = Some(waited.elapsed);
    report.servers = waited
        .answers
        .iter()
        .map(|(server, answer)| {
            let (said, values, error) = match answer {
                Answer::Holds => ("holds", Vec::new(), None),
                Answer::Lacks(values) => ("lacks", values.clone(), None),
                Answer::Silent(error) => ("silent", Vec::new(), Some(error.clone())),
            };
            serde_json::json!({
                "name": server.name, "address": server.addr.to_string(),
                "answer": said, "values": values, "error": error,
            })
        })
        .collect();
    let seconds = waited.elapsed.as_secs();
    if waited.everywhere() {
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("zone", &domain), ("count", &askers.len()), ("seconds", &seconds)];
        report.line(Text::AcmeSeenEverywhere.fill(language, &fill));
        return;
    }
    let missing: Vec<String> =
        waited.answers.iter().filter(|(_, a)| *a != Answer::Holds).map(|(s, _)| s.label()).collect();
    let fill: [(&str, &dyn std::fmt::Display); 4] =
        [("seconds", &seconds), ("missing", &missing.join(", ")), ("count", &askers.len()), ("zone", &domain)];
    report.failed("not_seen", Text::AcmeNotSeen.fill(language, &fill), exit_code::NETWORK);
}

/// One server's answer while waiting, in words.
fn heard_words(server: &Server, answer: &Answer, elapsed: Duration, language: Language) -> String {
    let server = server.label();
    let seconds = elapsed.as_secs();
    match answer {
        Answer::Holds => Text::AcmeSeenAt.fill(language, &[("server", &server), ("seconds", &seconds)]),
        Answer::Lacks(_) => Text::AcmeNotYet.fill(language, &[("server", &server), ("seconds", &seconds)]),
        Answer::Silent(error) => {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("server", &server), ("error", error), ("seconds", &seconds)];
            Text::AcmeSilent.fill(language, &fill)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_raw_value_is_the_key_authorizations_digest() {
        // RFC 8555's example key authorization form: token "." thumbprint.
        let value = digest("evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA.9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI");
        assert_eq!(value.len(), 43, "a SHA-256 in base64url without padding: {value}");
        assert!(!value.contains('=') && !value.contains('+') && !value.contains('/'), "{value}");
        // The digest of "" is known: 47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU.
        assert_eq!(digest(""), "47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU");
    }

    #[test]
    fn names_are_checked_and_a_wildcards_star_dropped() {
        let en = Language::English;
        assert_eq!(record_name("_acme-challenge.Example.VN.", en).as_deref(), Ok("_acme-challenge.example.vn"));
        assert!(record_name("example", en).is_err());
        assert!(record_name("a..example.vn", en).is_err());
        assert!(record_name("bad name.example.vn", en).is_err());
        assert_eq!(bare_domain("*.example.vn"), "example.vn");
        assert!(value("", en).is_err() && value("a\nb", en).is_err());
        assert_eq!(value("-starts-with-a-hyphen", en).as_deref(), Ok("-starts-with-a-hyphen"));
    }
}
