//! The expiry radar: every domain registration, certificate, service due date and unpaid
//! invoice known (the watched ones, and everything the portal lists where it lists), soonest
//! first, with what needs attention flagged; and the support tickets awaiting the user's
//! reply. Shared by the dashboard and `portal-tui radar`.

use compact_str::CompactString;
use serde::Serialize;

use crate::api::models::{Certificate, DomainRecord, Invoice, Service, SslService, Standing, Ticket, days_until};
use crate::api::{Language, Query};
use crate::i18n::Text;

mod coverage;
mod fetch;
pub use coverage::{Coverage, Missed, kind_word, list_kind};
pub use fetch::{Fetched, fetch};

/// Watched lookups run at most this many at a time.
pub const CONCURRENCY: usize = 8;

/// Days ahead an expiry counts as soon: the radar flags it, lists mark it.
pub const SOON_DAYS: i64 = 30;

/// What a profile watches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Watchlist {
    pub domains: Vec<String>,
    pub certificates: Vec<u64>,
    pub services: Vec<u64>,
}

impl Watchlist {
    /// What to ask the portal for: every watched domain, certificate and service (its next
    /// due date).
    pub fn queries(&self) -> Vec<Query> {
        let domains = self.domains.iter().map(|n| Query::Domain(n.clone()));
        let certificates = self.certificates.iter().map(|&id| Query::Certificate(id));
        domains.chain(certificates).chain(self.services.iter().map(|&id| Query::Service(id))).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    Expired,
    ExpiresSoon,
    AutorenewOff,
    Pending,
    LookupFailed,
    /// A service or an invoice past its due date.
    Overdue,
    /// A service or an invoice due within the window.
    DueSoon,
    /// An invoice not paid yet.
    Unpaid,
    Suspended,
    /// A support ticket staff answered: the user's turn.
    AwaitingReply,
}

impl Flag {
    pub fn label(self, language: Language) -> &'static str {
        let text = match self {
            Flag::Expired => Text::FlagExpired,
            Flag::ExpiresSoon => Text::FlagExpiresSoon,
            Flag::AutorenewOff => Text::FlagAutorenewOff,
            Flag::Pending => Text::FlagPending,
            Flag::LookupFailed => Text::FlagLookupFailed,
            Flag::Overdue => Text::FlagOverdue,
            Flag::DueSoon => Text::FlagDueSoon,
            Flag::Unpaid => Text::FlagUnpaid,
            Flag::Suspended => Text::FlagSuspended,
            Flag::AwaitingReply => Text::FlagAwaitingReply,
        };
        text.get(language)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Domain,
    Certificate,
    Service,
    Invoice,
    Ticket,
}

/// One line of the radar.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    pub kind: Kind,
    /// The domain name (for a certificate, the domain it covers; for a service, its domain
    /// or else its name; for an invoice, its number; for a ticket, its subject).
    pub name: CompactString,
    /// The registration, service or invoice id; a ticket's number.
    pub id: CompactString,
    pub status: CompactString,
    /// The expiry, or for a service and an invoice the due date.
    pub expires: CompactString,
    pub days_left: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub autorenew: Option<bool>,
    /// An expired registration of a name that also has an active one: shown, not flagged.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
    /// A service with a cancellation requested (ending at its period's end): shown, not
    /// flagged as due.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cancelling: bool,
    pub flags: Vec<Flag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Item {
    pub fn is_flagged(&self) -> bool {
        !self.flags.is_empty()
    }

    /// Days left as the scripting reports say them, in words (`12d`, `-40d`, `—`; `12 ngày`:
    /// `format::days_left_as`).
    pub fn left(&self, language: Language) -> String {
        crate::i18n::format::days_left_as(self.days_left, language, true)
    }

    /// What needs attention, and why an item is shown unflagged, in words.
    pub fn attention(&self, language: Language) -> String {
        let mut notes: Vec<String> = self.flags.iter().map(|f| f.label(language).to_owned()).collect();
        if self.superseded {
            notes.push(Text::OldRegistration.get(language).into());
        }
        if self.cancelling {
            notes.push(Text::ServiceCancelRequested.get(language).into());
        }
        notes.extend(self.error.clone());
        notes.join(", ")
    }
}

/// What a lookup of one watched item, or one of the portal's lists, gave.
pub enum Found<'a> {
    Domain(&'a str, Result<Vec<&'a DomainRecord>, String>),
    Certificate(u64, Result<&'a Certificate, String>),
    /// A watched service, read on its own (`GET /service/ID`).
    Service(u64, Result<&'a Service, String>),
    /// Every registration the portal lists.
    Domains(&'a [DomainRecord]),
    Services(&'a [Service]),
    Invoices(&'a [Invoice]),
    /// Every support ticket the portal lists.
    Tickets(&'a [Ticket]),
    /// Every SSL certificate the portal lists (`GET /certificate`).
    Certificates(Vec<&'a SslService>),
    /// A list the portal offers that could not be read (the operation's name, the error).
    ListFailed(Kind, &'a str, String),
    /// A list the portal does not offer: of this kind, only the watched items are known.
    NotOffered(Kind),
    /// A watched service the portal gives no details of (`GET /service/ID` not offered):
    /// its due date is not known.
    ServiceNotOffered(u64),
}

/// Builds the radar, flagged items first within equal dates, soonest first, unknown dates
/// and failed lookups last. An item found twice (watched and listed) is shown once, read
/// rather than failed where one of the two lookups failed. What was found is taken in one
/// order whatever order it came in (see `Found::rank`).
pub fn build(found: &[Found<'_>], today: time::Date, within: i64) -> Vec<Item> {
    let mut items = Vec::new();
    let mut found: Vec<&Found<'_>> = found.iter().collect();
    found.sort_by_key(|f| f.rank());
    for f in found {
        match f {
            Found::Domain(name, Ok(records)) => domain_items(&mut items, name, records, today, within),
            Found::Domains(records) => {
                let mut names: Vec<(CompactString, Vec<&DomainRecord>)> = Vec::new();
                let mut at = std::collections::HashMap::new();
                for r in records.iter() {
                    let key = r.name.to_lowercase();
                    let i = *at.entry(key.clone()).or_insert_with(|| {
                        names.push((key, Vec::new()));
                        names.len() - 1
                    });
                    names[i].1.push(r);
                }
                for (name, group) in &names {
                    domain_items(&mut items, name, group, today, within);
                }
            }
            Found::Certificate(_, Ok(cert)) => items.push(certificate_item(cert, today, within)),
            Found::Service(_, Ok(service)) => items.push(coverage::watched_service(service, today, within)),
            Found::Service(id, Err(e)) => items.push(failed(Kind::Service, "", &id.to_string(), e)),
            Found::NotOffered(_) | Found::ServiceNotOffered(_) => {}
            Found::Services(services) => items.extend(services.iter().filter_map(|s| service_item(s, today, within))),
            Found::Invoices(invoices) => items.extend(invoices.iter().filter_map(|i| invoice_item(i, today, within))),
            Found::Tickets(tickets) => items.extend(tickets.iter().filter_map(ticket_item)),
            Found::Certificates(listed) => items.extend(listed.iter().map(|c| ssl_item(c, today, within))),
            Found::Domain(name, Err(e)) => items.push(failed(Kind::Domain, name, "", e)),
            Found::Certificate(id, Err(e)) => items.push(failed(Kind::Certificate, "", &id.to_string(), e)),
            Found::ListFailed(kind, what, e) => items.push(failed(*kind, what, "", e)),
        }
    }
    // Of an item found twice, one read is kept over a failed lookup (a watched certificate
    // that could not be read but is listed).
    items.sort_by_key(|i| i.error.is_some());
    let mut seen = std::collections::HashSet::new();
    items.retain(|i| i.id.is_empty() || seen.insert((i.kind, i.id.clone())));
    items.sort_by_key(|i| (i.error.is_some(), i.superseded, i.days_left.is_none(), i.days_left, !i.is_flagged()));
    items
}

impl Found<'_> {
    /// Where it is taken: the watched items (domains, certificates, services), then the
    /// lists (domains, services, invoices, tickets, certificates), a list that failed or is
    /// not offered in its list's place.
    fn rank(&self) -> u8 {
        let list = |kind: &Kind| match kind {
            Kind::Domain => 3,
            Kind::Service => 4,
            Kind::Invoice => 5,
            Kind::Ticket => 6,
            Kind::Certificate => 7,
        };
        match self {
            Found::Domain(..) => 0,
            Found::Certificate(..) => 1,
            Found::Service(..) | Found::ServiceNotOffered(_) => 2,
            Found::Domains(_) => 3,
            Found::Services(_) => 4,
            Found::Invoices(_) => 5,
            Found::Tickets(_) => 6,
            Found::Certificates(_) => 7,
            Found::ListFailed(kind, ..) | Found::NotOffered(kind) => list(kind),
        }
    }
}

/// The registrations of one name; an expired one beside an active one is superseded.
fn domain_items(items: &mut Vec<Item>, name: &str, records: &[&DomainRecord], today: time::Date, within: i64) {
    let active = records.iter().any(|r| r.status.eq_ignore_ascii_case("active"));
    for r in records {
        if let Some(reason) = &r.unreadable {
            items.push(failed(Kind::Domain, if r.name.is_empty() { name } else { &r.name }, &r.id, reason));
            continue;
        }
        let days = days_until(&r.expires, today);
        let expired = r.status.eq_ignore_ascii_case("expired") || days.is_some_and(|d| d < 0);
        let superseded = expired && active && !r.status.eq_ignore_ascii_case("active");
        let mut flags = Vec::new();
        if !superseded {
            if expired {
                flags.push(Flag::Expired);
            } else if days.is_some_and(|d| d <= within) {
                flags.push(Flag::ExpiresSoon);
            }
            if r.autorenew == Some(false) && !expired {
                flags.push(Flag::AutorenewOff);
            }
            if r.status.eq_ignore_ascii_case("pending") {
                flags.push(Flag::Pending);
            }
        }
        items.push(Item {
            kind: Kind::Domain,
            name: if r.name.is_empty() { name.into() } else { r.name.clone() },
            id: r.id.clone(),
            status: r.status.clone(),
            expires: r.expires.clone(),
            days_left: days,
            autorenew: r.autorenew,
            superseded,
            cancelling: false,
            flags,
            error: None,
        });
    }
}

fn certificate_item(cert: &Certificate, today: time::Date, within: i64) -> Item {
    let fields = [cert.id.as_str(), &cert.domain, &cert.status, &cert.cert_status, &cert.cert_expires];
    cert_item(fields, today, within)
}

/// A certificate as the portal's list gives it; one it could not read is a failed lookup.
fn ssl_item(cert: &SslService, today: time::Date, within: i64) -> Item {
    if let Some(reason) = &cert.unreadable {
        return failed(Kind::Certificate, &cert.domain, &cert.id, reason);
    }
    cert_item([&cert.id, &cert.domain, &cert.status, &cert.cert_status, &cert.cert_expires], today, within)
}

/// A certificate from its id, domain, service status, certificate status and expiry.
fn cert_item([id, domain, status, cert_status, expires]: [&str; 5], today: time::Date, within: i64) -> Item {
    let days = days_until(expires, today);
    let is = |word: &str| [status, cert_status].iter().any(|s| s.eq_ignore_ascii_case(word));
    // The certificate of a service that ended is listed as ended, never flagged: it is not
    // renewed, and its expiry is no alarm (a monitor would go critical for ever).
    let ended = ["cancelled", "canceled", "terminated", "fraud"].iter().any(|w| status.trim().eq_ignore_ascii_case(w));
    let mut flags = Vec::new();
    if ended {
        // Nothing to flag.
    } else if days.is_some_and(|d| d < 0) || is("expired") {
        flags.push(Flag::Expired);
    } else if days.is_some_and(|d| d <= within) {
        flags.push(Flag::ExpiresSoon);
    }
    if is("pending") && !ended {
        flags.push(Flag::Pending);
    }
    let status = if cert_status.is_empty() || ended { status } else { cert_status };
    Item {
        kind: Kind::Certificate,
        name: domain.into(),
        id: id.into(),
        status: status.into(),
        expires: expires.into(),
        days_left: days,
        autorenew: None,
        superseded: false,
        cancelling: false,
        flags,
        error: None,
    }
}

/// Flags for a date something must be paid by.
fn due_flags(days: Option<i64>, within: i64) -> Vec<Flag> {
    match days {
        Some(d) if d < 0 => vec![Flag::Overdue],
        Some(d) if d <= within => vec![Flag::DueSoon],
        _ => Vec::new(),
    }
}

/// A service that runs (active or suspended) and has a next due date; others are not on
/// the radar.
pub(crate) fn service_item(service: &Service, today: time::Date, within: i64) -> Option<Item> {
    if let Some(reason) = &service.unreadable {
        return Some(failed(Kind::Service, &service.name, &service.id, reason));
    }
    let status = service.status.trim().to_ascii_lowercase();
    let suspended = status == "suspended";
    if !(status == "active" || suspended) {
        return None;
    }
    let days = days_until(&service.next_due, today);
    days?;
    // Nothing is due of a service cancelled at its period's end.
    let cancelling = service.cancelling();
    let mut flags = if cancelling { Vec::new() } else { due_flags(days, within) };
    if suspended {
        flags.push(Flag::Suspended);
    }
    let name = if service.domain.trim().is_empty() { &service.name } else { &service.domain };
    Some(Item {
        kind: Kind::Service,
        name: name.clone(),
        id: service.id.clone(),
        status: service.status.clone(),
        expires: service.next_due.clone(),
        days_left: days,
        autorenew: None,
        superseded: false,
        cancelling,
        flags,
        error: None,
    })
}

/// An unpaid invoice; paid and cancelled ones are not on the radar.
fn invoice_item(invoice: &Invoice, today: time::Date, within: i64) -> Option<Item> {
    if let Some(reason) = &invoice.unreadable {
        return Some(failed(Kind::Invoice, invoice.label(), &invoice.id, reason));
    }
    if invoice.standing() != Standing::Unpaid {
        return None;
    }
    let days = days_until(invoice.due(), today);
    let mut flags = vec![Flag::Unpaid];
    flags.extend(due_flags(days, within));
    Some(Item {
        kind: Kind::Invoice,
        name: invoice.label().into(),
        id: invoice.id.clone(),
        status: invoice.status.clone(),
        expires: invoice.due().into(),
        days_left: days,
        autorenew: None,
        superseded: false,
        cancelling: false,
        flags,
        error: None,
    })
}

/// A ticket awaiting the user's reply (see `models::ticket`); others are not on the radar.
/// It has no date to count down to: it is listed after the dated items.
fn ticket_item(ticket: &Ticket) -> Option<Item> {
    if let Some(reason) = &ticket.unreadable {
        return Some(failed(Kind::Ticket, &ticket.subject, ticket.number(), reason));
    }
    ticket.awaiting_you().then(|| Item {
        kind: Kind::Ticket,
        name: ticket.subject.as_str().into(),
        id: ticket.number().into(),
        status: ticket.status.clone(),
        expires: CompactString::default(),
        days_left: None,
        autorenew: None,
        superseded: false,
        cancelling: false,
        flags: vec![Flag::AwaitingReply],
        error: None,
    })
}

pub(crate) fn failed(kind: Kind, name: &str, id: &str, error: &str) -> Item {
    Item {
        kind,
        name: name.into(),
        id: id.into(),
        status: CompactString::default(),
        expires: CompactString::default(),
        days_left: None,
        autorenew: None,
        superseded: false,
        cancelling: false,
        flags: vec![Flag::LookupFailed],
        error: Some(error.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn record(name: &str, status: &str, expires: &str, autorenew: bool) -> DomainRecord {
        DomainRecord {
            name: name.into(),
            status: status.into(),
            expires: expires.into(),
            autorenew: Some(autorenew),
            ..DomainRecord::default()
        }
    }

    #[test]
    fn flags_and_order() {
        let today = date!(2026 - 11 - 21);
        let example =
            [record("example.vn", "Active", "2027-06-01", true), record("example.vn", "Expired", "2025-01-01", true)];
        let soon = [record("phosaigon.vn", "Active", "2026-12-03", false)];
        let gone = [record("nhasach.vn", "Expired", "2026-10-01", false)];
        let cert = Certificate {
            id: "3301".into(),
            domain: "example.vn".into(),
            status: "Pending".into(),
            cert_expires: "2027-01-10".into(),
            ..Certificate::default()
        };
        let found = [
            Found::Domain("example.vn", Ok(example.iter().collect())),
            Found::Domain("phosaigon.vn", Ok(soon.iter().collect())),
            Found::Domain("nhasach.vn", Ok(gone.iter().collect())),
            Found::Domain("missing.vn", Err("not found".into())),
            Found::Certificate(3301, Ok(&cert)),
        ];
        let items = build(&found, today, 30);
        let summary: Vec<(&str, Option<i64>, Vec<Flag>, bool)> =
            items.iter().map(|i| (i.name.as_str(), i.days_left, i.flags.clone(), i.superseded)).collect();
        assert_eq!(
            summary,
            [
                ("nhasach.vn", Some(-51), vec![Flag::Expired], false),
                ("phosaigon.vn", Some(12), vec![Flag::ExpiresSoon, Flag::AutorenewOff], false),
                ("example.vn", Some(50), vec![Flag::Pending], false),
                ("example.vn", Some(192), vec![], false),
                ("example.vn", Some(-689), vec![], true),
                ("missing.vn", None, vec![Flag::LookupFailed], false),
            ]
        );
        assert_eq!(items[2].kind, Kind::Certificate);
    }

    #[test]
    fn tickets_awaiting_a_reply_are_flagged_after_dated_items() {
        let ticket = |number: &str, status: &str, client_read: &str| Ticket {
            ticket_number: number.into(),
            subject: format!("ticket {number}"),
            status: status.into(),
            client_read: client_read.into(),
            ..Ticket::default()
        };
        let tickets = [ticket("1", "Answered", "1"), ticket("2", "Customer-Reply", "1"), ticket("3", "Closed", "0")];
        let soon = [record("phosaigon.vn", "Active", "2026-12-03", true)];
        let found = [Found::Tickets(&tickets), Found::Domain("phosaigon.vn", Ok(soon.iter().collect()))];
        let items = build(&found, date!(2026 - 11 - 21), 30);
        let summary: Vec<(Kind, &str, Vec<Flag>)> =
            items.iter().map(|i| (i.kind, i.id.as_str(), i.flags.clone())).collect();
        assert_eq!(
            summary,
            [(Kind::Domain, "", vec![Flag::ExpiresSoon]), (Kind::Ticket, "1", vec![Flag::AwaitingReply])]
        );
        assert_eq!(items[1].name, "ticket 1");
    }

    #[test]
    fn the_certificate_of_a_service_that_ended_is_listed_as_ended_not_flagged() {
        let ssl = |id: &str, status: &str, cert_status: &str, expires: &str| SslService {
            id: id.into(),
            domain: format!("{id}.example.vn"),
            status: status.into(),
            cert_status: cert_status.into(),
            cert_expires: expires.into(),
            ..SslService::default()
        };
        let listed = [
            ssl("1", "Cancelled", "Issued", "2026-01-05"),
            ssl("2", "Active", "Issued", "2026-01-05"),
            ssl("3", "Terminated", "Pending", ""),
        ];
        let items = build(&[Found::Certificates(listed.iter().collect())], date!(2026 - 11 - 21), 30);
        let summary: Vec<(&str, &str, Vec<Flag>)> =
            items.iter().map(|i| (i.id.as_str(), i.status.as_str(), i.flags.clone())).collect();
        assert!(summary.contains(&("1", "Cancelled", vec![])), "{summary:?}");
        assert!(summary.contains(&("2", "Issued", vec![Flag::Expired])), "{summary:?}");
        assert!(summary.contains(&("3", "Terminated", vec![])), "{summary:?}");
    }
}
