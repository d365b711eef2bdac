//! The one protocol every change goes through, the dashboard's and the scripting
//! commands' alike. The request is built once ([`ChangeRequest`]) and is the value the
//! confirmation showed. A DNS record to change or delete is read again just before
//! sending, and nothing is sent when it no longer holds what was shown (records some
//! portals address by their position in the list, which another admin's change shifts).
//! The request goes out once: only an HTTP 401 to the change itself sends it a second time,
//! after the session is renewed, and for what moves money or cannot be undone (a renewal,
//! a payment, a cancellation, an upgrade order: `Change::after_refused_session`) only when
//! the object read again shows it did not land, since a portal may apply a change and
//! still answer 401. Whoever keeps the change log
//! hears of it before it is sent and after ([`Stage`]). A DNS change is followed by a read
//! of the records, compared with the read before it: whether the change is there, and
//! what else changed meanwhile.

use std::sync::atomic::Ordering;

use reqwest::StatusCode;
use reqwest::header::AUTHORIZATION;

use super::{Change, ChangeAnswer, ChangeRequest, DnsFields, Resend};
use crate::api::client::PortalClient;
use crate::api::dns::rules as dns_rules;
use crate::api::error::{ApiError, Refusal, Result};
use crate::api::http::transport;
use crate::api::models::DnsRecord;

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
        // Whatever the portal echoes in an error, no secret of the client's goes further.
        let not_sent = |request: ChangeRequest, e: ApiError| Sent {
            request,
            sent: false,
            result: Err(self.redact_error(e)),
            check: None,
        };
        let dns = change.dns_source();
        let before = match dns {
            Some(source) => match self.records_at(source).await {
                Ok(records) => Some(records),
                Err(e) => return not_sent(request, e),
            },
            None => None,
        };
        if let (Some(before), Some(shown)) = (&before, shown) {
            if let Err(e) = still_as_shown(change, before, shown) {
                return not_sent(request, e);
            }
        }
        journal(&request, Stage::Sending);
        let result = self.send_change(change, &request).await.map_err(|e| self.redact_error(e));
        journal(&request, Stage::Finished(&result));
        let applied_or_unknown = result.as_ref().map_or_else(ApiError::may_have_applied, |_| true);
        let check = match (dns, before) {
            (Some(source), Some(before)) if applied_or_unknown => match self.records_at(source).await {
                Ok(after) => Some(compare(change, &before, after, shown.map_or("", |s| s.domain.as_str()))),
                Err(e) => {
                    tracing::debug!(error = %e, "could not read the records again after a change");
                    None
                }
            },
            _ => None,
        };
        Sent { request, sent: true, result, check }
    }

    /// How many changes this client has sent (or begun to send) in this run: a command
    /// that has sent one is never run again by a fallback.
    pub fn changes_sent(&self) -> usize {
        self.inner().changes_sent.load(Ordering::SeqCst)
    }

    /// One change, once; a second time only after an HTTP 401 to it, with the session
    /// renewed, and only as the change's kind allows ([`Resend`]: read again first, what
    /// moves money). A portal's "unauthorized" in a 200's body is its answer, not a reason
    /// to send again.
    async fn send_change(&self, change: &Change, request: &ChangeRequest) -> Result<ChangeAnswer> {
        let op = change.operation();
        let resend = change.after_refused_session();
        // What the object holds just before: what a read after a 401 is compared with. A
        // read that fails leaves nothing to compare with: the change is then never resent.
        let before = match &resend {
            Resend::WhenNotLanded(query) => self.fetch(query).await.ok(),
            Resend::Again | Resend::Never => None,
        };
        let url = request.url(&self.settings().base_url).map_err(|detail| ApiError::InvalidInput { op, detail })?;
        let once = |header: secrecy::SecretString| {
            let mut http = self
                .request(request.method.clone(), url.clone())
                .header(AUTHORIZATION, crate::api::client::sensitive(&header));
            if let Some(body) = &request.body {
                http = http.json(body);
            }
            self.inner().changes_sent.fetch_add(1, Ordering::SeqCst);
            self.send(op, http)
        };
        let (header, used) = self.authorization().await?;
        let mut reply = once(header).await?;
        if reply.status == StatusCode::UNAUTHORIZED {
            match used {
                Some(used) => {
                    tracing::debug!(
                        operation = op.label(),
                        "change refused with 401; renewing the session, sending once more"
                    );
                    self.recover(&used).await?;
                    if let Some(answer) = self.landed_before_resending(change, &resend, before.as_ref()).await? {
                        return Ok(answer);
                    }
                    let (header, _) = self.authorization().await?;
                    reply = once(header).await?;
                    if reply.status == StatusCode::UNAUTHORIZED {
                        let refused = transport::decode_change(op, &reply).err();
                        let reason = match refused {
                            Some(ApiError::Auth { reason, .. }) => reason,
                            _ => Refusal::Rejected,
                        };
                        return Err(ApiError::Auth { op, reason: Refusal::AfterLogin(Box::new(reason)) });
                    }
                }
                None => return Err(ApiError::Auth { op, reason: Refusal::BasicRefused }),
            }
        }
        transport::decode_change(op, &reply).map(ChangeAnswer::from_answer)
    }
}

impl PortalClient {
    /// After a 401 to `change` and the session renewed: `None` when it may be sent again;
    /// the change read back as applied; or the error that it cannot be told, not sent again.
    async fn landed_before_resending(
        &self,
        change: &Change,
        resend: &Resend,
        before: Option<&crate::api::reads::Data>,
    ) -> Result<Option<ChangeAnswer>> {
        let op = change.operation();
        let query = match resend {
            Resend::Again => return Ok(None),
            Resend::Never => return Err(ApiError::RefusedAfterSending { op }),
            Resend::WhenNotLanded(query) => query,
        };
        let after = self.fetch(query).await;
        let landed = match (before, &after) {
            (Some(before), Ok(after)) => change.landed(before, after),
            _ => None,
        };
        tracing::debug!(operation = op.label(), ?landed, "change answered 401; read again");
        match landed {
            Some(false) => Ok(None),
            Some(true) => Ok(Some(ChangeAnswer::read_back())),
            None => Err(ApiError::RefusedAfterSending { op }),
        }
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
