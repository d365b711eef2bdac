//! The one protocol every change goes through, the dashboard's and the scripting
//! commands' alike. The request is built once ([`ChangeRequest`]) and is the value the
//! confirmation showed. A DNS record to change or delete is read again just before
//! sending, and nothing is sent when it no longer holds what was shown (records some
//! portals address by their position in the list, which another admin's change shifts).
//!
//! One rule for what comes back. An answer is *clear* when it is a 2xx the tool can read,
//! or a refusal the portal made before acting: a 2xx whose `error` says so, a 4xx other
//! than 401, 408 and 429. Anything else after the request left (a 401, a 3xx, a 5xx with
//! or without the portal's words, 408, 429, a time-out, a dropped connection, text that is
//! no answer) is *unclear*: the portal may have applied it. After an unclear answer the
//! change is read again (its row's `proof`, or a DNS change's records, compared with those
//! read just before it was sent) and said to be **applied**, **not applied** (only on
//! positive evidence: `ApiError::NotApplied`) or **cannot tell** (`ApiError::Unclear`).
//! Nothing is sent a second time but after a 401, with the session renewed, a change whose
//! reads prove it absent and whose row allows it (`Resend::WhenAbsent`): never what moves
//! money. A clear "done" to what moves money is read back too (`Sent::verdict`): a renewal
//! whose expiry did not move and that no new invoice bills is not as expected.
//! Whoever keeps the change log hears of it before it is sent and after ([`Stage`]).

use std::sync::atomic::Ordering;

use reqwest::StatusCode;
use reqwest::header::AUTHORIZATION;

use super::proof::{Reads, Verdict};
use super::{Change, ChangeAnswer, ChangeRequest, DnsFields, Resend};
use crate::api::client::PortalClient;
use crate::api::dns::rules as dns_rules;
use crate::api::error::{ApiError, BodyKind, Refusal, Result};
use crate::api::http::transport;
use crate::api::models::DnsRecord;
use crate::api::reads::Data;

/// Where a change stands, for the change log.
pub enum Stage<'a> {
    /// About to go out.
    Sending,
    /// What came of it.
    Finished(&'a Result<ChangeAnswer>),
}

/// What the confirmation showed a DNS change against.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The domain's name: hosts are compared with and without it.
    pub domain: String,
    /// The record to change or delete, as shown; none for a new record.
    pub record: Option<DnsRecord>,
}

/// What came of a change.
pub struct Sent {
    pub request: ChangeRequest,
    /// Whether the request went out (false when it was refused before sending).
    pub sent: bool,
    pub result: Result<ChangeAnswer>,
    /// For a DNS change that went out: the records read again, compared.
    pub check: Option<Check>,
    /// What the reads of the change's proof said after it: after an unclear answer, and
    /// after a clear "done" to what moves money (`NoSign` then: not as expected).
    pub verdict: Option<Verdict>,
}

impl Sent {
    /// A "done" that the reads after it do not bear out: a change that moves money with
    /// no sign of it.
    pub fn done_without_sign(&self) -> bool {
        self.result.is_ok() && matches!(self.verdict, Some(Verdict::NoSign | Verdict::Absent))
    }
}

/// The DNS records read again after a change, compared with those read just before it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Check {
    pub records: Vec<DnsRecord>,
    /// Whether the change is there now (the record added or changed listed, the one
    /// deleted gone).
    pub landed: bool,
    /// Whether the change was a deletion: `landed` then says the record is gone, and not
    /// landing that it is still there.
    pub deletion: bool,
    /// The id of the listed record the change made (added, or changed), when it is there.
    pub record: Option<String>,
    /// Records besides the change's own that are not as they were (another admin, a
    /// portal that rewrites its list): each in one line.
    pub gone: Vec<String>,
    pub appeared: Vec<String>,
}

impl Check {
    pub fn others_changed(&self) -> bool {
        !self.gone.is_empty() || !self.appeared.is_empty()
    }
}

/// What one sending of a change came back with.
enum Answered {
    /// A clear answer: done, or refused before the portal acted (or the request never left).
    Clear(Result<ChangeAnswer>),
    /// The request left and what came back does not say whether it was applied. A 401
    /// carries the session it was sent with (`Some(None)` with Basic credentials).
    Unclear { error: ApiError, refused_session: Option<Option<secrecy::SecretString>> },
}

/// What was read before a change was sent, to judge it by after.
struct Before<'a> {
    records: Option<&'a [DnsRecord]>,
    proof: &'a Reads,
    domain: &'a str,
}

/// What a change came to: its result, its records compared (a DNS change), what the reads
/// said.
type Settled = (Result<ChangeAnswer>, Option<Check>, Option<Verdict>);

impl PortalClient {
    /// Sends `change` by the protocol above. `shown` is what the confirmation showed, for a
    /// DNS change; `journal` hears of the change before it goes out and after.
    pub async fn apply(
        &self,
        change: &Change,
        shown: Option<&Shown>,
        mut journal: impl FnMut(&ChangeRequest, Stage<'_>),
    ) -> Sent {
        let request = change.request();
        self.hold_sent(request.secrets());
        // Whatever the portal echoes in an error, no secret of the client's goes further.
        let not_sent = |request: ChangeRequest, e: ApiError| Sent {
            request,
            sent: false,
            result: Err(self.redact_error(e)),
            check: None,
            verdict: None,
        };
        let records = match change.dns_source() {
            Some(source) => match self.records_at(source).await {
                Ok(records) => Some(records),
                Err(e) => return not_sent(request, e),
            },
            None => None,
        };
        if let (Some(records), Some(shown)) = (&records, shown) {
            if let Err(e) = still_as_shown(change, records, shown) {
                return not_sent(request, e);
            }
        }
        // What shows the change, as it is before it: a session refused here would refuse
        // the change too, and nothing is sent.
        let proof = match self.read_proof(change).await {
            Ok(proof) => proof,
            Err(e) => return not_sent(request, e),
        };
        let domain = shown.map_or("", |s| s.domain.as_str());
        let before = Before { records: records.as_deref(), proof: &proof, domain };
        journal(&request, Stage::Sending);
        let (result, check, verdict) = self.send_settled(change, &request, &before).await;
        let result = result.map_err(|e| self.redact_error(e));
        journal(&request, Stage::Finished(&result));
        Sent { request, sent: true, result, check, verdict }
    }

    /// How many changes this client has sent (or begun to send) in this run: a command
    /// that has sent one is never run again by a fallback.
    pub fn changes_sent(&self) -> usize {
        self.inner().changes_sent.load(Ordering::SeqCst)
    }

    /// The reads of `change`'s proof: `None` for each that failed, or the error when the
    /// portal refused the session for them (signing in again included).
    async fn read_proof(&self, change: &Change) -> Result<Vec<Option<Data>>> {
        let mut reads = Vec::new();
        for query in change.proof_reads() {
            match self.fetch(&query).await {
                Ok(data) => reads.push(Some(data)),
                Err(e) if e.is_auth() => return Err(e),
                Err(e) => {
                    let operation = query.operation().label();
                    tracing::debug!(operation, error = %e, "a read of a change's proof failed");
                    reads.push(None);
                }
            }
        }
        Ok(reads)
    }

    /// Sends the change once and settles what came back by the rule above.
    async fn send_settled(&self, change: &Change, request: &ChangeRequest, before: &Before<'_>) -> Settled {
        let (error, refused_session) = match self.send_once(change, request).await {
            Answered::Clear(result) => return self.after_clear(change, result, before).await,
            Answered::Unclear { error, refused_session } => (error, refused_session),
        };
        let renewed = match &refused_session {
            Some(Some(used)) => match self.recover(used).await {
                Ok(()) => true,
                Err(e) => {
                    tracing::debug!(error = %self.redact_error(e), "no session renewed after a 401 to a change");
                    false
                }
            },
            _ => false,
        };
        let (verdict, check) = self.judge_now(change, before).await;
        tracing::debug!(operation = change.operation().label(), ?verdict, "unclear answer to a change; read again");
        let again = renewed && verdict == Verdict::Absent && change.resend() == Resend::WhenAbsent;
        if !again {
            return (settled(change, error, &verdict), check, Some(verdict));
        }
        // Proved absent after a refused session, renewed since: once more, and only once. A
        // refusal now may say the first one landed after all (a read that lags: "record not
        // found", "cancellation already requested"): it cannot be told.
        match self.send_once(change, request).await {
            Answered::Clear(Err(refused)) if matches!(refused, ApiError::Portal { .. }) => {
                let look = change.looked_at();
                (
                    Err(ApiError::Unclear { op: change.operation(), answer: Box::new(refused), look }),
                    None,
                    Some(verdict),
                )
            }
            Answered::Clear(result) => self.after_clear(change, result, before).await,
            Answered::Unclear { error, refused_session } => {
                let (verdict, check) = self.judge_now(change, before).await;
                // Refused as a session again, with a fresh one, and not there: the portal
                // does not take this session for changes.
                if let (Some(_), Verdict::Absent, ApiError::Auth { op, reason }) = (&refused_session, &verdict, &error)
                {
                    let reason = Refusal::AfterLogin(Box::new(reason.clone()));
                    return (Err(ApiError::Auth { op: *op, reason }), check, Some(verdict));
                }
                (settled(change, error, &verdict), check, Some(verdict))
            }
        }
    }

    /// A clear answer: a DNS change's records compared when it is done, and a done to what
    /// moves money read back by its proof (the invoice it found named in the answer).
    async fn after_clear(&self, change: &Change, result: Result<ChangeAnswer>, before: &Before<'_>) -> Settled {
        if result.is_err() {
            return (result, None, None);
        }
        if change.dns_source().is_some() {
            let (_, check) = self.judge_now(change, before).await;
            return (result, check, None);
        }
        if change.resend() != Resend::Never {
            return (result, None, None);
        }
        let (verdict, _) = self.judge_now(change, before).await;
        let result = result.map(|answer| match &verdict {
            Verdict::Applied { invoice: Some(invoice) } if answer.invoice().is_none() => answer.billed_by(invoice),
            _ => answer,
        });
        (result, None, Some(verdict))
    }

    /// What the reads say now: a DNS change by its records compared with those before it,
    /// any other by its row's judge.
    async fn judge_now(&self, change: &Change, before: &Before<'_>) -> (Verdict, Option<Check>) {
        if let (Some(source), Some(records)) = (change.dns_source(), before.records) {
            return match self.records_at(source).await {
                Ok(after) => {
                    let check = compare(change, records, after, before.domain);
                    let verdict = if check.landed { Verdict::APPLIED } else { Verdict::Absent };
                    (verdict, Some(check))
                }
                Err(e) => {
                    tracing::debug!(error = %self.redact_error(e), "could not read the records again after a change");
                    (Verdict::CannotTell, None)
                }
            };
        }
        match self.read_proof(change).await {
            Ok(after) => (change.judge(before.proof, &after), None),
            Err(_) => (Verdict::CannotTell, None),
        }
    }

    /// Sends the change once, and says whether what came back is clear.
    async fn send_once(&self, change: &Change, request: &ChangeRequest) -> Answered {
        let op = change.operation();
        let url = match request.url(&self.settings().base_url) {
            Ok(url) => url,
            Err(detail) => return Answered::Clear(Err(ApiError::InvalidInput { op, detail })),
        };
        let (header, used) = match self.authorization().await {
            Ok(authorization) => authorization,
            Err(e) => return Answered::Clear(Err(e)),
        };
        let mut http =
            self.request(request.method.clone(), url).header(AUTHORIZATION, crate::api::client::sensitive(&header));
        if let Some(body) = &request.body {
            http = http.json(body);
        }
        self.inner().changes_sent.fetch_add(1, Ordering::SeqCst);
        let reply = match self.send(op, http).await {
            Ok(reply) => reply,
            // Lost on the way back (a time-out, a dropped connection, a redirect).
            Err(e) if e.may_have_applied() => return Answered::Unclear { error: e, refused_session: None },
            // It never reached the portal.
            Err(e) => return Answered::Clear(Err(e)),
        };
        let decoded = transport::decode_change(op, &reply).map(ChangeAnswer::from_answer);
        let status = reply.status;
        if status == StatusCode::UNAUTHORIZED {
            let error = decoded.err().unwrap_or(ApiError::Auth { op, reason: Refusal::Rejected });
            return Answered::Unclear { error, refused_session: Some(used) };
        }
        let clear = if status.is_success() {
            // Done, or the portal's own refusal in its body; anything else there is no answer.
            decoded.as_ref().map_or_else(|e| matches!(e, ApiError::Portal { .. } | ApiError::Auth { .. }), |_| true)
        } else {
            status.is_client_error() && status != StatusCode::REQUEST_TIMEOUT && status != StatusCode::TOO_MANY_REQUESTS
        };
        match (clear, decoded) {
            (true, decoded) => Answered::Clear(decoded),
            (false, Err(error)) => Answered::Unclear { error, refused_session: None },
            (false, Ok(_)) => {
                let error = ApiError::Status { op, status: status.as_u16().to_string(), body: BodyKind::Json };
                Answered::Unclear { error, refused_session: None }
            }
        }
    }
}

/// The result of a change whose answer was unclear, from what the reads said.
fn settled(change: &Change, error: ApiError, verdict: &Verdict) -> Result<ChangeAnswer> {
    let op = change.operation();
    let answer = Box::new(error);
    match verdict {
        Verdict::Applied { invoice } => Ok(ChangeAnswer::read_back(invoice.clone())),
        Verdict::Absent => Err(ApiError::NotApplied { op, answer }),
        Verdict::NoSign | Verdict::CannotTell => Err(ApiError::Unclear { op, answer, look: change.looked_at() }),
    }
}

/// `Ok` when the record a change replaces or deletes still holds what was shown, read just
/// now; the reason nothing is sent otherwise.
fn still_as_shown(change: &Change, records: &[DnsRecord], shown: &Shown) -> Result<()> {
    let Some(record_id) = change.dns_record_id() else { return Ok(()) };
    let Some(was) = &shown.record else { return Ok(()) };
    let op = change.operation();
    let shown_line = dns_rules::listed_line(was);
    let mut same_id = records.iter().filter(|r| r.id.trim() == record_id.trim());
    match (same_id.next(), same_id.next()) {
        (Some(now), None) if key(now) == key(was) => Ok(()),
        (Some(now), None) => {
            Err(ApiError::TargetChanged { op, shown: shown_line, now: Some(dns_rules::listed_line(now)) })
        }
        (None, _) => Err(ApiError::TargetChanged { op, shown: shown_line, now: None }),
        (Some(_), Some(_)) => Err(ApiError::TargetChanged {
            op,
            shown: shown_line,
            now: Some(format!(
                "{} records with id {record_id:?}",
                records.iter().filter(|r| r.id.trim() == record_id.trim()).count()
            )),
        }),
    }
}

/// A listed record as compared: everything it holds but its id (which a portal that
/// counts positions changes when another record goes).
fn key(r: &DnsRecord) -> (String, String, String, String, String) {
    (
        r.name.trim().trim_end_matches('.').to_ascii_lowercase(),
        r.kind.trim().to_ascii_uppercase(),
        r.content.trim().to_owned(),
        r.priority.trim().to_owned(),
        r.ttl.trim().to_owned(),
    )
}

/// Whether a listed record is the one a change sent.
fn is_sent(listed: &DnsRecord, sent: &DnsFields, domain: &str) -> bool {
    dns_rules::same_host(&listed.name, &sent.name, domain)
        && listed.kind.trim().eq_ignore_ascii_case(&sent.kind)
        && dns_rules::same_content(&sent.kind, &listed.content, &sent.content)
}

/// Compares the records after a change with those before it: whether the change is there,
/// and what else is not as it was.
fn compare(change: &Change, before: &[DnsRecord], after: Vec<DnsRecord>, domain: &str) -> Check {
    // The portal's own records (the SOA, whose serial every change moves) are not changes.
    let mut before_rest: Vec<&DnsRecord> = before.iter().filter(|r| !r.is_fixed()).collect();
    let mut after_rest: Vec<&DnsRecord> = after.iter().filter(|r| !r.is_fixed()).collect();
    let mut made = None;
    let target = change
        .dns_record_id()
        .and_then(|record_id| before_rest.iter().position(|r| r.id.trim() == record_id.trim()))
        .map(|i| before_rest.remove(i));
    let landed = match (change.dns_record(), change.dns_record_id()) {
        (Some(record), _) => {
            // Records that already held it before do not count as the change's.
            let held_before = before_rest.iter().filter(|r| is_sent(r, record, domain)).count();
            let held_now = after_rest.iter().filter(|r| is_sent(r, record, domain)).count();
            let landed = held_now > held_before;
            if landed {
                if let Some(i) = after_rest.iter().rposition(|r| is_sent(r, record, domain)) {
                    made = Some(after_rest.remove(i).id.trim().to_owned());
                }
            }
            landed
        }
        // A deletion.
        (None, Some(_)) => match target {
            Some(t) => {
                let k = key(t);
                let still = after_rest.iter().filter(|r| key(r) == k).count();
                let others = before_rest.iter().filter(|r| key(r) == k).count();
                still <= others
            }
            None => true,
        },
        // Only DNS changes are compared.
        (None, None) => true,
    };
    if !landed {
        // The record the change was to replace or delete is still there: not "another" change.
        if let Some(t) = target {
            if let Some(i) = after_rest.iter().position(|r| key(r) == key(t)) {
                after_rest.remove(i);
            }
        }
    }
    let mut gone = Vec::new();
    for r in &before_rest {
        match after_rest.iter().position(|a| key(a) == key(r)) {
            Some(i) => {
                after_rest.remove(i);
            }
            None => gone.push(dns_rules::listed_line(r)),
        }
    }
    let appeared = after_rest.iter().map(|r| dns_rules::listed_line(r)).collect();
    let deletion = change.dns_record().is_none() && change.dns_record_id().is_some();
    Check { records: after, landed, deletion, record: made, gone, appeared }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, name: &str, kind: &str, content: &str) -> DnsRecord {
        DnsRecord { id: id.into(), name: name.into(), kind: kind.into(), content: content.into(), ..Default::default() }
    }

    fn fields(name: &str, kind: &str, content: &str) -> DnsFields {
        DnsFields { name: name.into(), kind: kind.into(), priority: 0, content: content.into(), ttl: None }
    }

    #[test]
    fn a_change_alone_is_landed_with_nothing_else() {
        let before = vec![record("0", "@", "A", "203.0.113.1"), record("1", "www", "A", "203.0.113.2")];
        let after = vec![record("0", "@", "A", "203.0.113.1"), record("1", "www", "A", "203.0.113.9")];
        let update =
            Change::DnsUpdate { domain_id: 1, record_id: "1".into(), record: fields("www", "A", "203.0.113.9") };
        let check = compare(&update, &before, after, "example.vn");
        assert!(check.landed && !check.others_changed(), "{check:?}");
    }

    #[test]
    fn records_shifted_by_another_admin_are_named() {
        // Position ids: another admin deleted record 0 before our delete of "1" went out,
        // so the portal deleted what was record 2.
        let before = vec![
            record("0", "@", "A", "203.0.113.1"),
            record("1", "www", "A", "203.0.113.2"),
            record("2", "mail", "A", "203.0.113.3"),
        ];
        let after = vec![record("0", "www", "A", "203.0.113.2")];
        let delete = Change::DnsDelete { domain_id: 1, record_id: "1".into() };
        let check = compare(&delete, &before, after, "example.vn");
        assert!(!check.landed, "the record asked to go is still listed: {check:?}");
        assert_eq!(check.gone, ["@ A 203.0.113.1", "mail A 203.0.113.3"]);
        assert!(check.appeared.is_empty());
    }

    #[test]
    fn a_hosted_zone_change_is_compared_alike() {
        let zone = crate::api::models::ZoneRef { service_id: 2230, zone_id: 62 };
        let before = vec![record("2001", "@", "A", "103.221.220.7"), record("2003", "thucdon", "A", "103.221.220.8")];
        let after = vec![record("2001", "@", "A", "103.221.220.7")];
        let delete = Change::ZoneRecordDelete { zone, record_id: "2003".into() };
        let check = compare(&delete, &before, after.clone(), "comtamsaigon.vn");
        assert!(check.landed && !check.others_changed(), "{check:?}");
        let update =
            Change::ZoneRecordUpdate { zone, record_id: "2001".into(), record: fields("@", "A", "103.221.220.9") };
        let check = compare(&update, &before, after, "comtamsaigon.vn");
        assert!(!check.landed, "{check:?}");
        assert_eq!(check.gone, ["thucdon A 103.221.220.8"]);
        let shown = Shown { domain: "comtamsaigon.vn".into(), record: Some(before[1].clone()) };
        assert!(still_as_shown(&delete, &before, &shown).is_ok());
        assert!(still_as_shown(&delete, &before[..1], &shown).is_err());
    }

    #[test]
    fn a_record_shown_is_checked_before_sending() {
        let shown = Shown { domain: "example.vn".into(), record: Some(record("1", "www", "A", "203.0.113.2")) };
        let delete = Change::DnsDelete { domain_id: 1, record_id: "1".into() };
        assert!(still_as_shown(&delete, &[record("1", "www", "A", "203.0.113.2")], &shown).is_ok());
        let moved = still_as_shown(&delete, &[record("1", "mail", "A", "203.0.113.3")], &shown).unwrap_err();
        assert!(matches!(moved, ApiError::TargetChanged { now: Some(_), .. }), "{moved:?}");
        let gone = still_as_shown(&delete, &[record("0", "@", "A", "203.0.113.1")], &shown).unwrap_err();
        assert!(matches!(gone, ApiError::TargetChanged { now: None, .. }), "{gone:?}");
    }
}
