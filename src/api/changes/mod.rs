//! Changes to the account: DNS records, upgrade requests, support tickets and a registration's
//! settings (renewal, autorenew, registrar lock, ID protection, nameservers). A change is sent once and
//! never retried on its own: when its answer is lost, whether the portal applied it is not
//! known, and the caller reads the state again instead (see [`ApiError::may_have_applied`]).

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use reqwest::Method;
use serde_json::Value;

mod outcome;
mod proof;
mod protocol;
mod rows;
mod table;

use crate::api::error::{ApiError, Said};
use crate::api::models::ZoneRef;
use crate::api::reads::Query;

pub use crate::api::models::DnsFields;
pub use outcome::ChangeOutcome;
pub use proof::Verdict;
pub use protocol::{Check, Sent, Shown, Stage};
pub(crate) use rows::change_rows;
pub use table::Change;

/// Whether a change whose answer was a 401 is sent once more, after the session is
/// renewed. A portal may apply a change and still answer 401 (a session that ended while it
/// worked), so it is read again first (`Change::proof_reads`, or a DNS change's records):
/// what is there is applied, and only what the reads prove absent may go again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resend {
    /// Sent once more when the reads prove it absent: sending it twice would move no money
    /// and undo nothing.
    WhenAbsent,
    /// Never sent a second time (what moves money: a renewal, a payment, an order, a
    /// cancellation): applied, or cannot tell.
    Never,
}

/// What a change is made to, for the log and for what it makes stale: declared by its row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A registration's settings, by the registration's id.
    Registration(u64),
    /// A domain's DNS records at the registrar, by the registration's id. With
    /// [`Subject::ZoneRecords`], the subject of a change to one record: the records are read
    /// just before it is sent and again after, and compared (`Change::dns_source`).
    DomainDns(u64),
    /// A hosted zone's records (not the zone itself: a change to a zone as a whole, not
    /// read record by record, wants a subject of its own).
    ZoneRecords(ZoneRef),
    Service(u64),
    Invoice(u64),
    /// A support ticket, by its number.
    Ticket(String),
    /// The account's tickets (a new one).
    Tickets,
    /// An order: what it creates is new (a domain, a service, the invoice billing it).
    Order,
    /// The account's hosted zones (a zone created).
    Zones,
    /// A hosted zone as a whole, records and all (deleted): not a change to one record.
    Zone(ZoneRef),
    /// The account's contacts (one added).
    Contacts,
    /// One of the account's contacts, by its id.
    Contact(u64),
}

impl Change {
    /// The reads whose figures a confirmation of this change is made from: what it
    /// changes, and for what moves the credit (its row makes the balance stale) the
    /// credit too.
    pub fn depends_on(&self) -> Vec<Query> {
        let money = self.makes_stale().contains(&Query::Balance);
        let credit = money.then_some([Query::Balance, Query::Details]).into_iter().flatten();
        self.read_again().into_iter().chain(credit).collect()
    }

    /// `METHOD /path` and the body, as the confirmation, `--dry-run` and the change log
    /// show them (a change carries no secret).
    pub fn describe(&self) -> String {
        self.request().describe()
    }

    /// The registration whose settings a change of them is made to, by id; `None` for any
    /// other change.
    pub fn registration(&self) -> Option<u64> {
        match self.subject() {
            Subject::Registration(id) => Some(id),
            _ => None,
        }
    }

    /// What shows whether this change is there, to look at when the tool cannot tell: its
    /// records for a DNS change, else the reads of its proof.
    pub fn looked_at(&self) -> Vec<crate::api::Operation> {
        match self.dns_source() {
            Some(source) => vec![source.read().operation()],
            None => self.proof_reads().iter().map(Query::operation).collect(),
        }
    }

    /// The domain whose DNS records a DNS change is made to, by id; `None` for any other
    /// change.
    pub fn dns_domain(&self) -> Option<u64> {
        match self.subject() {
            Subject::DomainDns(id) => Some(id),
            _ => None,
        }
    }
}

/// Bytes a path segment keeps as they are; everything else is percent-encoded, so a
/// segment can never become two, nor a query or a fragment.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// One change as it goes out: the method, the path (each segment encoded as one) and the
/// JSON body. What is shown and what is sent are this one value, except that a value the
/// body holds under a secret's name (a transfer code's `epp`, a contact's `password`) is
/// shown masked (`http::redact::mask_json`): in the confirmation, the change log and
/// `--json` alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeRequest {
    pub method: Method,
    segments: Vec<String>,
    pub body: Option<Value>,
}

impl ChangeRequest {
    /// The path under the portal's base URL, `/domain/1377/dns/4`, each segment encoded.
    pub fn path(&self) -> String {
        self.segments.iter().map(|s| format!("/{}", utf8_percent_encode(s, SEGMENT))).collect()
    }

    /// `METHOD /path` and the body, its secrets masked.
    pub fn describe(&self) -> String {
        let mut text = format!("{} {}", self.method, self.path());
        if let Some(body) = &self.shown_body() {
            text.push(' ');
            text.push_str(&body.to_string());
        }
        text
    }

    /// The URL to send it to, or why there is none: a segment that is empty, `.` or `..`
    /// would be dropped or walk up the path when the URL is normalised, so the request
    /// would not be the one shown. The URL's path is checked to be exactly the one shown.
    pub fn url(&self, base: &crate::api::BaseUrl) -> Result<url::Url, String> {
        if let Some(bad) = self.segments.iter().find(|s| s.trim().is_empty() || *s == "." || *s == "..") {
            return Err(format!("{bad:?} cannot be a part of the request's path ({})", self.path()));
        }
        let mut url = base.url().clone();
        let expected = format!("{}{}", url.path().trim_end_matches('/'), self.path());
        url.set_path(&expected);
        if url.path() != expected {
            return Err(format!("the request's path would be {} instead of {}", url.path(), self.path()));
        }
        Ok(url)
    }

    /// The request as `--json` reports it.
    pub fn to_json(&self) -> Value {
        serde_json::json!({ "method": self.method.as_str(), "path": self.path(), "body": self.shown_body() })
    }

    /// The body as shown: every value under a secret's name masked.
    fn shown_body(&self) -> Option<Value> {
        let mut body = self.body.clone()?;
        crate::api::http::redact::mask_json(&mut body);
        Some(body)
    }

    /// The values the body holds under a secret's name, at any depth: held for redaction
    /// before the request is sent, so that a portal echoing one back shows it nowhere.
    pub fn secrets(&self) -> Vec<String> {
        fn found(value: &Value, secret: bool, into: &mut Vec<String>) {
            match value {
                Value::Object(map) => {
                    for (key, v) in map {
                        found(v, secret || crate::api::http::redact::is_secret_key(key), into);
                    }
                }
                Value::Array(items) => items.iter().for_each(|v| found(v, secret, into)),
                Value::String(s) if secret && !s.trim().is_empty() => into.push(s.clone()),
                _ => {}
            }
        }
        let mut into = Vec::new();
        if let Some(body) = &self.body {
            found(body, false, &mut into);
        }
        into
    }
}

/// What the portal answered to a change: its `info` messages, and the answer as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeAnswer {
    pub info: Vec<Said>,
    pub answer: Value,
    /// The portal's answer was unclear (a 401, a 5xx, a time-out…), and what was read
    /// again showed the change there: it was not sent again.
    pub read_back: bool,
}

impl ChangeAnswer {
    /// `info` is a list of codes (`["dnsrecordupdated"]`), of `[code, type]` pairs
    /// (`[["dnsnewrecordadded", "TXT"]]`, as DNS.services answers a new record), or one code.
    pub fn from_answer(answer: Value) -> ChangeAnswer {
        let code = |item: &Value| match item {
            Value::Array(pair) => pair.first().and_then(Value::as_str).map(Said::from_code),
            other => other.as_str().map(Said::from_code),
        };
        let info = match answer.get("info") {
            Some(Value::Array(items)) => items.iter().filter_map(code).collect(),
            Some(Value::String(one)) => vec![Said::from_code(one)],
            _ => Vec::new(),
        };
        ChangeAnswer { info, answer: crate::api::lenient::cleaned(answer), read_back: false }
    }

    /// The invoice the portal says bills the change (`invoice_id`: an upgrade ordered, a
    /// renewal a portal invoices), as a line of text.
    pub fn invoice(&self) -> Option<String> {
        let invoice = match self.answer.get("invoice_id") {
            Some(Value::String(s)) => s.trim().to_owned(),
            Some(Value::Number(n)) => n.to_string(),
            _ => return None,
        };
        (!invoice.is_empty()).then(|| crate::api::sanitize::line(&invoice).into_owned())
    }

    /// The answer with the invoice the reads found billing the change, where it named none.
    pub fn billed_by(mut self, invoice: &str) -> ChangeAnswer {
        let invoice = Value::String(invoice.to_owned());
        match &mut self.answer {
            Value::Object(map) => {
                map.insert("invoice_id".into(), invoice);
            }
            other => *other = serde_json::json!({ "invoice_id": invoice }),
        }
        self
    }

    /// A change whose answer was unclear, read back as applied; `invoice`, the invoice the
    /// reads showed billing it.
    pub fn read_back(invoice: Option<String>) -> ChangeAnswer {
        let answer = invoice.map_or(Value::Null, |invoice| serde_json::json!({ "invoice_id": invoice }));
        ChangeAnswer { info: Vec::new(), answer, read_back: true }
    }
}

impl ApiError {
    /// Whether a change may have been applied although this came back instead of its
    /// answer: the request went out and the answer was lost (dropped, timed out, a proxy's
    /// 5xx, a redirect, a body that is not the portal's), and nothing read since told
    /// (`Unclear`). A clear refusal, a change proved absent (`NotApplied`) and a connection
    /// never made are not.
    pub fn may_have_applied(&self) -> bool {
        match self {
            ApiError::Connection { lost, .. } => !matches!(lost, crate::api::Lost::CouldNotConnect(_)),
            ApiError::Status { status, .. } => status.starts_with('5') || status.starts_with('3'),
            ApiError::Redirected { .. }
            | ApiError::RedirectLoop { .. }
            | ApiError::Timeout { .. }
            | ApiError::EmptyBody { .. }
            | ApiError::NotJson { .. }
            | ApiError::InvalidJson { .. }
            | ApiError::UnexpectedShape { .. }
            | ApiError::TooLarge { .. }
            | ApiError::Unclear { .. } => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transfer_code_is_sent_and_shown_masked() {
        let order = crate::api::buying::DomainPurchase {
            name: "thegioididong.com".into(),
            years: 1,
            transfer: true,
            tld_id: "3".into(),
            epp: Some("Xk7#pQ2-mN9!".into()),
            ..Default::default()
        };
        let request = Change::OrderDomain { order }.request();
        assert_eq!(request.body.as_ref().unwrap()["epp"], "Xk7#pQ2-mN9!", "sent as typed");
        assert_eq!(request.secrets(), ["Xk7#pQ2-mN9!"]);
        let shown = request.describe();
        assert!(!shown.contains("Xk7#pQ2-mN9!") && shown.contains(r#""epp":"••••••""#), "{shown}");
        assert_eq!(request.to_json()["body"]["epp"], crate::api::http::redact::MASK);
        assert!(request.to_json()["body"]["name"] == "thegioididong.com");
        let reply = Change::TicketReply {
            number: "1".into(),
            body: crate::api::Message::new("my password: hunter22").unwrap(),
        };
        assert!(reply.request().secrets().is_empty(), "only values under a secret's name");
    }

    #[test]
    fn requests_as_sent() {
        let record = DnsFields {
            name: "home".into(),
            kind: "A".into(),
            priority: 0,
            content: "203.0.113.7".into(),
            ttl: Some(300),
        };
        let update = Change::DnsUpdate { domain_id: 5188, record_id: "3".into(), record };
        assert_eq!(
            update.describe(),
            r#"PUT /domain/5188/dns/3 {"name":"home","type":"A","content":"203.0.113.7","ttl":300}"#
        );
        let resources = std::collections::BTreeMap::from([("11".to_owned(), "31".to_owned())]);
        let request = Change::Upgrade { service_id: 2207, resources };
        assert_eq!(request.describe(), r#"POST /service/2207/upgrade {"resources":{"11":"31"},"send":true}"#);
        assert_eq!(Change::DnsDelete { domain_id: 1, record_id: "9".into() }.describe(), "DELETE /domain/1/dns/9");
    }

    #[test]
    fn what_moves_the_credit_is_confirmed_from_the_credit_too() {
        let renew = Change::DomainRenew { domain_id: 7, years: 1 };
        assert_eq!(renew.depends_on(), [Query::DomainDetails(7), Query::Balance, Query::Details]);
        let pay = Change::InvoicePay { invoice_id: 9, amount: None };
        assert_eq!(pay.depends_on(), [Query::Invoice(9), Query::Balance, Query::Details]);
        let cancel = Change::ServiceCancel { service_id: 3, immediate: true, reason: String::new() };
        assert_eq!(cancel.depends_on(), [Query::Service(3)]);
        assert_eq!(Change::DnsDelete { domain_id: 1, record_id: "2".into() }.depends_on(), [Query::Dns(1)]);
    }

    #[test]
    fn ticket_requests_as_sent() {
        let body = crate::api::Message::new("Chào anh,\n\tđã thử lại\n").unwrap();
        let reply = Change::TicketReply { number: " 482913 ".into(), body: body.clone() };
        assert_eq!(reply.describe(), r#"POST /tickets/482913 {"body":"Chào anh,\n\tđã thử lại"}"#);
        assert_eq!(reply.read_again(), Some(Query::Ticket("482913".into())));
        let new = Change::TicketNew { dept_id: "2".into(), subject: "Hóa đơn VAT".into(), body };
        assert_eq!(
            new.describe(),
            r#"POST /tickets {"dept_id":"2","subject":"Hóa đơn VAT","body":"Chào anh,\n\tđã thử lại"}"#
        );
        assert_eq!(new.read_again(), Some(Query::Tickets));
        assert_eq!(Change::TicketClose { number: "482913".into() }.describe(), "PUT /tickets/482913/close");
        let odd = Change::TicketReopen { number: "48/2?9#1".into() };
        assert_eq!(odd.describe(), "PUT /tickets/48%2F2%3F9%231/open", "a number is one segment");
        assert_eq!(odd.dns_domain(), None);
    }

    #[test]
    fn domain_changes_as_sent() {
        let said = |c: Change| (c.describe(), c.read_again(), c.dns_domain());
        let details = Some(Query::DomainDetails(5120));
        assert_eq!(
            said(Change::DomainRenew { domain_id: 5120, years: 3 }),
            (r#"POST /domain/5120/renew {"years":3}"#.into(), details.clone(), None)
        );
        assert_eq!(
            Change::DomainAutorenew { domain_id: 5120, on: false }.describe(),
            r#"PUT /domain/5120/autorenew {"autorenew":false}"#
        );
        assert_eq!(
            Change::DomainLock { domain_id: 5120, on: true }.describe(),
            r#"PUT /domain/5120/reglock {"switch":true}"#
        );
        assert_eq!(
            Change::DomainIdProtection { domain_id: 5120, on: true }.describe(),
            r#"PUT /domain/5120/idprotection {"switch":true}"#
        );
        let ns = Change::DomainNameservers { domain_id: 5120, nameservers: vec!["ns1.a.vn".into(), "ns2.a.vn".into()] };
        assert_eq!(said(ns), (r#"PUT /domain/5120/ns {"nameservers":["ns1.a.vn","ns2.a.vn"]}"#.into(), details, None));
        let defaults = Change::DomainNameservers { domain_id: 5120, nameservers: Vec::new() };
        assert_eq!(defaults.describe(), r#"PUT /domain/5120/ns {"nameservers":[]}"#);
    }

    #[test]
    fn zone_changes_as_sent() {
        let zone = ZoneRef { service_id: 2230, zone_id: 62 };
        let record = DnsFields {
            name: "thucdon".into(),
            kind: "A".into(),
            priority: 0,
            content: "103.221.220.9".into(),
            ttl: Some(600),
        };
        let add = Change::ZoneRecordAdd { zone, record: record.clone() };
        assert_eq!(
            add.describe(),
            r#"POST /service/2230/dns/62/records {"name":"thucdon","type":"A","content":"103.221.220.9","ttl":600}"#
        );
        assert_eq!(add.read_again(), Some(Query::ZoneRecords(zone)));
        let update = Change::ZoneRecordUpdate { zone, record_id: "2003".into(), record };
        assert!(update.describe().starts_with("PUT /service/2230/dns/62/records/2003 {"), "{}", update.describe());
        let delete = Change::ZoneRecordDelete { zone, record_id: "a/..".into() };
        assert_eq!(delete.describe(), "DELETE /service/2230/dns/62/records/a%2F..", "an id is one segment");
        assert_eq!((delete.dns_domain(), delete.registration()), (None, None));
    }

    #[test]
    fn a_request_goes_only_where_it_is_shown() {
        let base = crate::api::BaseUrl::parse("https://portal.example.vn/api").unwrap();
        let delete = |id: &str| Change::DnsDelete { domain_id: 1377, record_id: id.into() }.request();
        // `..` would walk up to `DELETE /domain/1377/dns`, the whole list: never sent.
        for id in ["..", ".", "", " "] {
            assert!(delete(id).url(&base).is_err(), "{id:?} was given a URL");
        }
        let odd = delete("a/b?c#d %2e");
        assert_eq!(odd.path(), "/domain/1377/dns/a%2Fb%3Fc%23d%20%252e");
        let url = odd.url(&base).unwrap();
        assert_eq!(url.path(), format!("/api{}", odd.path()), "the URL is the path shown");
        assert_eq!(odd.describe(), "DELETE /domain/1377/dns/a%2Fb%3Fc%23d%20%252e");
    }

    #[test]
    fn info_codes_are_read() {
        let answer = ChangeAnswer::from_answer(serde_json::json!({"success": true, "info": ["upgrade_requested"]}));
        assert_eq!(answer.info, [Said::Words("upgrade_requested".into())]);
        let pairs = serde_json::json!({"success": true, "record": {"name": "x", "type": "TXT"},
            "info": [["dnsnewrecordadded", "TXT"]]});
        assert_eq!(ChangeAnswer::from_answer(pairs).info, [Said::Words("dnsnewrecordadded".into())]);
    }
}
