//! What proves a change applied, or absent, from the reads its row names (`proof` in
//! `rows.rs`): read just before the change is sent, and again after an unclear answer (a
//! 401, a 5xx, a time-out, a dropped connection, text that is not an answer) or after a
//! clear "done" to what moves money. Each judge says one of [`Verdict`]'s four things, and
//! says "absent" only on positive evidence: an expiry that moves only when its invoice is
//! paid, a service whose detail carries no cancellation, an invoice read back from a
//! portal that lags, prove nothing absent. A DNS change is judged by its records read
//! before and after instead (`protocol::compare`).

use crate::api::buying::ProductPurchase;
use crate::api::cart::CartPurchase;
use crate::api::models::{DomainRecord, Invoice, Service, Ticket, TicketThread, ZoneRef};
use crate::api::reads::Data;

/// What the reads say of a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The reads show this change's own effect; `invoice`, the invoice they show billing it.
    Applied { invoice: Option<String> },
    /// The reads prove it is not there: it may be sent again, once, where its row allows.
    Absent,
    /// The reads show no sign of it, but that proves nothing (an expiry that moves only on
    /// payment; a lagging read).
    NoSign,
    /// A read failed, or holds nothing to judge by.
    CannotTell,
}

impl Verdict {
    pub const APPLIED: Verdict = Verdict::Applied { invoice: None };

    pub fn is_applied(&self) -> bool {
        matches!(self, Verdict::Applied { .. })
    }
}

/// What the reads of a change's proof held, in the order its row names them: `None` where
/// a read failed.
pub type Reads = [Option<Data>];

/// The `index`th read, when it was read.
fn read(reads: &Reads, index: usize) -> Option<&Data> {
    reads.get(index).and_then(Option::as_ref)
}

/// A DNS change: judged by its records, compared (`protocol::compare`), not here.
pub(super) fn records(_: &Reads, _: &Reads) -> Verdict {
    Verdict::CannotTell
}

fn details(reads: &Reads, index: usize) -> Option<&DomainRecord> {
    match read(reads, index) {
        Some(Data::DomainDetails(record)) => Some(record),
        _ => None,
    }
}

/// A setting read back as a flag: the new value is applied, the old one still there is
/// absent (unless it was already the new one), a flag not carried cannot tell.
pub(super) fn flag(before: Option<bool>, after: Option<bool>, wanted: bool) -> Verdict {
    match after {
        Some(now) if now == wanted => Verdict::APPLIED,
        Some(_) if before.is_some() => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

/// A registration's flag (autorenew, ID protection), read in its details.
pub(super) fn detail_flag(
    before: &Reads,
    after: &Reads,
    flag_of: impl Fn(&DomainRecord) -> Option<bool>,
    wanted: bool,
) -> Verdict {
    match details(after, 0) {
        Some(now) => flag(details(before, 0).and_then(&flag_of), flag_of(now), wanted),
        None => Verdict::CannotTell,
    }
}

/// The registrar lock, read on its own route.
pub(super) fn lock(before: &Reads, after: &Reads, wanted: bool) -> Verdict {
    let on = |reads: &Reads| match read(reads, 0) {
        Some(Data::RegistrarLock((_, lock))) => Some(lock.on),
        _ => None,
    };
    match on(after) {
        Some(now) => flag(on(before), Some(now), wanted),
        None => Verdict::CannotTell,
    }
}

/// Nameservers compared as names (case, a final dot and blanks aside); none sent asks for
/// the portal's default, which is applied when they changed.
pub(super) fn nameservers_read(before: &Reads, after: &Reads, sent: &[String]) -> Verdict {
    let names = |list: &[compact_str::CompactString]| -> Vec<String> {
        let mut names: Vec<String> = list
            .iter()
            .map(|n| n.trim().trim_end_matches('.').to_ascii_lowercase())
            .filter(|n| !n.is_empty())
            .collect();
        names.sort();
        names
    };
    let (Some(was), Some(now)) = (details(before, 0), details(after, 0)) else { return Verdict::CannotTell };
    let (was, now) = (names(&was.nameservers), names(&now.nameservers));
    let mut wanted: Vec<String> = sent.iter().map(|n| n.trim().trim_end_matches('.').to_ascii_lowercase()).collect();
    wanted.sort();
    match (wanted.is_empty(), now == wanted, now == was) {
        (false, true, _) => Verdict::APPLIED,
        (true, _, false) => Verdict::APPLIED,
        (false, false, true) if !now.is_empty() => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

/// A service's label: the one sent is applied; the one before, still there, is absent.
pub(super) fn labelled(before: &Reads, after: &Reads, sent: &str) -> Verdict {
    let label = |reads: &Reads| match read(reads, 0) {
        Some(Data::ServiceLabel((_, label))) => Some(label.trim().to_owned()),
        _ => None,
    };
    match (label(before), label(after)) {
        (_, Some(now)) if now == sent.trim() => Verdict::APPLIED,
        (Some(was), Some(now)) if was == now => Verdict::Absent,
        // Changed, to something else: the portal rewrote it, or another hand did.
        (Some(_), Some(_)) => Verdict::APPLIED,
        _ => Verdict::CannotTell,
    }
}

fn thread(reads: &Reads, index: usize) -> Option<&TicketThread> {
    match read(reads, index) {
        Some(Data::Ticket(thread)) => Some(thread),
        _ => None,
    }
}

/// A reply: one more message holding its text than before is applied; as many messages as
/// before, none of them new, is absent.
pub(super) fn replied(before: &Reads, after: &Reads, body: &str) -> Verdict {
    let (Some(was), Some(now)) = (thread(before, 0), thread(after, 0)) else { return Verdict::CannotTell };
    let holding = |t: &TicketThread| t.replies.iter().filter(|r| same_text(&r.body, body)).count();
    if holding(now) > holding(was) {
        Verdict::APPLIED
    } else if now.replies.len() == was.replies.len() {
        Verdict::Absent
    } else {
        Verdict::CannotTell
    }
}

/// Message text compared as a portal stores it: blanks at the ends and line endings aside.
fn same_text(stored: &str, sent: &str) -> bool {
    let squeeze = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    squeeze(stored) == squeeze(sent)
}

/// A ticket closed (`open` false) or opened again: its status read back.
pub(super) fn ticket_status(before: &Reads, after: &Reads, open: bool) -> Verdict {
    let is_open = |reads: &Reads| thread(reads, 0).map(|t| t.ticket.is_open());
    match (is_open(before), is_open(after)) {
        (_, Some(now)) if now == open => Verdict::APPLIED,
        (Some(_), Some(_)) => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

fn tickets(reads: &Reads, index: usize) -> Option<&[Ticket]> {
    match read(reads, index) {
        Some(Data::Tickets(list)) => Some(list),
        _ => None,
    }
}

/// A new ticket: one more ticket with its subject than before is applied; the same list as
/// before is absent.
pub(super) fn opened(before: &Reads, after: &Reads, subject: &str) -> Verdict {
    let (Some(was), Some(now)) = (tickets(before, 0), tickets(after, 0)) else { return Verdict::CannotTell };
    let with = |list: &[Ticket]| list.iter().filter(|t| same_text(&t.subject, subject)).count();
    fn numbers(list: &[Ticket]) -> Vec<&str> {
        let mut numbers: Vec<&str> = list.iter().map(|t| t.ticket_number.trim()).collect();
        numbers.sort_unstable();
        numbers
    }
    if with(now) > with(was) {
        Verdict::APPLIED
    } else if numbers(now) == numbers(was) {
        Verdict::Absent
    } else {
        Verdict::CannotTell
    }
}

fn invoices(reads: &Reads, index: usize) -> Option<&[Invoice]> {
    match read(reads, index) {
        Some(Data::Invoices(list)) => Some(list),
        _ => None,
    }
}

/// An invoice listed after that was not before: what bills a change the portal invoices.
/// The newest when there are several.
fn new_invoice(before: &Reads, after: &Reads, index: usize) -> Option<String> {
    let (was, now) = (invoices(before, index)?, invoices(after, index)?);
    let known: std::collections::HashSet<&str> = was.iter().map(|i| i.id.trim()).collect();
    now.iter()
        .filter(|i| !i.id.trim().is_empty() && !known.contains(i.id.trim()))
        .max_by_key(|i| i.id.trim().parse::<u64>().unwrap_or(0))
        .map(|i| crate::api::sanitize::line(i.id.trim()).into_owned())
}

/// A renewal: the expiry moved, or a new invoice bills it (a portal that invoices a
/// renewal moves the expiry when that is paid). Never provably absent: with both read and
/// neither, no sign of it.
pub(super) fn renewed(before: &Reads, after: &Reads) -> Verdict {
    let moved = match (details(before, 0), details(after, 0)) {
        (Some(was), Some(now)) if !was.expires.trim().is_empty() && !now.expires.trim().is_empty() => {
            Some(was.expires.trim() != now.expires.trim())
        }
        _ => None,
    };
    let invoice = new_invoice(before, after, 1);
    match (moved, invoice, invoices(after, 1).is_some()) {
        (_, Some(invoice), _) => Verdict::Applied { invoice: Some(invoice) },
        (Some(true), None, _) => Verdict::APPLIED,
        (Some(false), None, true) => Verdict::NoSign,
        _ => Verdict::CannotTell,
    }
}

/// An upgrade ordered: the invoice that bills it, when one appeared. Never provably absent
/// (a portal may bill it later).
pub(super) fn upgrade_invoiced(before: &Reads, after: &Reads) -> Verdict {
    match new_invoice(before, after, 0) {
        Some(invoice) => Verdict::Applied { invoice: Some(invoice) },
        None => Verdict::CannotTell,
    }
}

/// A payment: the invoice is paid now, or what it asks moved. Never provably absent (an
/// invoice read from a portal that lags): unmoved is no sign.
pub(super) fn paid(before: &Reads, after: &Reads) -> Verdict {
    fn invoice(reads: &Reads) -> Option<&Invoice> {
        match read(reads, 0) {
            Some(Data::Invoice(invoice)) => Some(invoice.as_ref()),
            _ => None,
        }
    }
    let (Some(was), Some(now)) = (invoice(before), invoice(after)) else { return Verdict::CannotTell };
    if now.is_paid() && !was.is_paid() {
        return Verdict::APPLIED;
    }
    match (was.still_due(), now.still_due()) {
        (Some(a), Some(b)) if a != b || was.standing() != now.standing() => Verdict::APPLIED,
        (Some(_), Some(_)) => Verdict::NoSign,
        _ => Verdict::CannotTell,
    }
}

/// A cancellation: the service ended, or a cancellation is recorded. Never provably absent:
/// a service's detail need not carry its cancellation.
pub(super) fn cancelled(before: &Reads, after: &Reads) -> Verdict {
    fn service(reads: &Reads) -> Option<&Service> {
        match read(reads, 0) {
            Some(Data::Service(service)) => Some(service.as_ref()),
            _ => None,
        }
    }
    let (Some(was), Some(now)) = (service(before), service(after)) else { return Verdict::CannotTell };
    let ended = now.has_ended() && !was.has_ended();
    let requested = now.cancellation.is_some() && was.cancellation.is_none();
    match ended || requested {
        true => Verdict::APPLIED,
        false => Verdict::CannotTell,
    }
}

/// An order's judge, from the new entries it looks for (`fresh`, the list at `index` read
/// before and after) and the invoices (the read at `invoices`): what appeared is applied,
/// the invoice that bills it named; nothing new is never absent (a portal may create the
/// item or bill it later), so it cannot be told.
fn ordered(fresh: Option<bool>, before: &Reads, after: &Reads, invoices_at: usize) -> Verdict {
    match (fresh, new_invoice(before, after, invoices_at)) {
        (_, Some(invoice)) => Verdict::Applied { invoice: Some(invoice) },
        (Some(true), None) => Verdict::APPLIED,
        _ => Verdict::CannotTell,
    }
}

/// A domain ordered: a registration of its name listed now that was not before, and/or a
/// new invoice.
pub(super) fn ordered_domain(before: &Reads, after: &Reads, name: &str) -> Verdict {
    fn domains(reads: &Reads) -> Option<&[DomainRecord]> {
        match read(reads, 0) {
            Some(Data::Domains(list)) => Some(list),
            _ => None,
        }
    }
    let key = |n: &str| n.trim().trim_end_matches('.').to_ascii_lowercase();
    let fresh = domains(before).zip(domains(after)).map(|(was, now)| {
        let known: std::collections::HashSet<&str> = was.iter().map(|d| d.id.trim()).collect();
        now.iter().any(|d| key(&d.name) == key(name) && !known.contains(d.id.trim()))
    });
    ordered(fresh, before, after, 1)
}

/// A product ordered: a service listed now that was not before, of its product or for its
/// domain, and/or a new invoice.
pub(super) fn ordered_service(before: &Reads, after: &Reads, order: &ProductPurchase) -> Verdict {
    fn services(reads: &Reads) -> Option<&[Service]> {
        match read(reads, 0) {
            Some(Data::Services(list)) => Some(list),
            _ => None,
        }
    }
    let ours = |s: &Service| {
        let domain = order.domain.as_deref().unwrap_or_default().trim();
        s.name.trim().eq_ignore_ascii_case(order.product.trim())
            || (!domain.is_empty() && s.domain.trim().eq_ignore_ascii_case(domain))
    };
    let fresh = services(before).zip(services(after)).map(|(was, now)| {
        let known: std::collections::HashSet<&str> = was.iter().map(|s| s.id.trim()).collect();
        now.iter().any(|s| ours(s) && !known.contains(s.id.trim()))
    });
    ordered(fresh, before, after, 1)
}

/// A cart ordered: a service of one of its products or a registration of one of its names
/// listed now that was not before, and/or a new invoice.
pub(super) fn ordered_cart(before: &Reads, after: &Reads, order: &CartPurchase) -> Verdict {
    let key = |n: &str| n.trim().trim_end_matches('.').to_ascii_lowercase();
    let names: Vec<String> = order.domains().map(|d| key(&d.name)).collect();
    let ours_service = |s: &Service| {
        order.products().any(|p| {
            let domain = p.domain.as_deref().unwrap_or_default().trim();
            s.name.trim().eq_ignore_ascii_case(p.product.trim())
                || (!domain.is_empty() && s.domain.trim().eq_ignore_ascii_case(domain))
        })
    };
    let fresh = |at: usize| match (read(before, at), read(after, at)) {
        (Some(Data::Services(was)), Some(Data::Services(now))) => {
            let known: std::collections::HashSet<&str> = was.iter().map(|s| s.id.trim()).collect();
            Some(now.iter().any(|s| ours_service(s) && !known.contains(s.id.trim())))
        }
        (Some(Data::Domains(was)), Some(Data::Domains(now))) => {
            let known: std::collections::HashSet<&str> = was.iter().map(|d| d.id.trim()).collect();
            Some(now.iter().any(|d| names.contains(&key(&d.name)) && !known.contains(d.id.trim())))
        }
        _ => None,
    };
    let found = match (fresh(0), fresh(1)) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    };
    ordered(found, before, after, 2)
}

/// A hosted zone created (`wanted` true: listed by its name now) or deleted (`zone`, no
/// longer listed): there is applied; as it was before is absent.
pub(super) fn zone_listed(before: &Reads, after: &Reads, name: &str, zone: Option<ZoneRef>, wanted: bool) -> Verdict {
    let listed = |reads: &Reads| match read(reads, 0) {
        Some(Data::Zones(zones)) => Some(zones.iter().any(|z| match zone {
            Some(at) => z.at() == Some(at),
            None => z.name.trim().trim_end_matches('.').eq_ignore_ascii_case(name.trim().trim_end_matches('.')),
        })),
        _ => None,
    };
    match (listed(before), listed(after)) {
        (_, Some(now)) if now == wanted => Verdict::APPLIED,
        (Some(_), Some(_)) => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

/// A domain's contacts set: every field sent read back is applied; the roles read as they
/// were before, not as sent, are absent.
pub(super) fn contacts_read(
    before: &Reads,
    after: &Reads,
    sent: &std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
) -> Verdict {
    let contacts = |reads: &Reads| match read(reads, 0) {
        Some(Data::DomainContacts((_, contacts))) => Some(contacts.clone()),
        _ => None,
    };
    let holds = |c: &crate::api::models::DomainContacts| {
        sent.iter().all(|(role, fields)| {
            c.role(role).is_some_and(|held| {
                fields.iter().all(|(k, v)| held.iter().any(|(hk, hv)| hk == k && hv.trim() == v.trim()))
            })
        })
    };
    match (contacts(before), contacts(after)) {
        (_, Some(now)) if holds(&now) => Verdict::APPLIED,
        (Some(was), Some(now)) if was == now => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

/// A contact added: one listed now that was not before, with the email sent (or, sent
/// without one, the names) is applied; the same contacts as before is absent.
pub(super) fn contact_added(
    before: &Reads,
    after: &Reads,
    sent: &std::collections::BTreeMap<String, String>,
) -> Verdict {
    let listed = |reads: &Reads| match read(reads, 0) {
        Some(Data::Contacts(list)) => Some(list.clone()),
        _ => None,
    };
    let field = |key: &str| sent.get(key).map(|v| v.trim().to_lowercase()).unwrap_or_default();
    let ours = |c: &crate::api::models::ContactSummary| match field("email").as_str() {
        "" => {
            c.firstname.trim().to_lowercase() == field("firstname")
                && c.lastname.trim().to_lowercase() == field("lastname")
        }
        email => c.email.trim().to_lowercase() == email,
    };
    match (listed(before), listed(after)) {
        (Some(was), Some(now)) => {
            let known: std::collections::HashSet<&str> = was.iter().map(|c| c.id.trim()).collect();
            if now.iter().any(|c| ours(c) && !known.contains(c.id.trim())) {
                Verdict::APPLIED
            } else if was == now {
                Verdict::Absent
            } else {
                Verdict::CannotTell
            }
        }
        _ => Verdict::CannotTell,
    }
}

/// A contact's fields changed: every field sent read back as sent is applied; the contact
/// read as it was before is absent.
pub(super) fn contact_holds(
    before: &Reads,
    after: &Reads,
    sent: &std::collections::BTreeMap<String, String>,
) -> Verdict {
    let fields = |reads: &Reads| match read(reads, 0) {
        Some(Data::Contact((_, fields))) => Some(fields.clone()),
        _ => None,
    };
    let holds = |held: &crate::api::models::Fields| {
        sent.iter().all(|(k, v)| held.iter().any(|(hk, hv)| hk == k && hv.trim() == v.trim()))
    };
    match (fields(before), fields(after)) {
        (_, Some(now)) if holds(&now) => Verdict::APPLIED,
        (Some(was), Some(now)) if was == now => Verdict::Absent,
        _ => Verdict::CannotTell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_absent_only_when_read_as_it_was() {
        assert_eq!(flag(Some(false), Some(true), true), Verdict::APPLIED);
        assert_eq!(flag(Some(false), Some(false), true), Verdict::Absent);
        assert_eq!(flag(None, Some(false), true), Verdict::CannotTell);
        assert_eq!(flag(Some(false), None, true), Verdict::CannotTell);
    }

    #[test]
    fn an_order_is_never_proved_absent() {
        use crate::api::models::Zone;
        let domain =
            |id: &str, name: &str| DomainRecord { id: id.into(), name: name.into(), ..DomainRecord::default() };
        let invoice = |id: &str| Invoice { id: id.into(), ..Invoice::default() };
        let before = [Some(Data::Domains(vec![domain("1", "a.vn")])), Some(Data::Invoices(vec![invoice("9")]))];
        assert_eq!(ordered_domain(&before, &before, "hoasen-tea.vn"), Verdict::CannotTell, "nothing new: cannot tell");
        let after = [
            Some(Data::Domains(vec![domain("1", "a.vn"), domain("2", "hoasen-tea.vn")])),
            Some(Data::Invoices(vec![invoice("9"), invoice("10")])),
        ];
        assert_eq!(ordered_domain(&before, &after, "hoasen-tea.vn"), Verdict::Applied { invoice: Some("10".into()) });
        let only_domain = [after[0].clone(), before[1].clone()];
        assert_eq!(ordered_domain(&before, &only_domain, "hoasen-tea.vn"), Verdict::APPLIED);
        let zone =
            |name: &str| Zone { zone_id: "61".into(), name: name.into(), service_id: "2230".into(), ..Zone::default() };
        let (none, one) = ([Some(Data::Zones(vec![]))], [Some(Data::Zones(vec![zone("a.vn")]))]);
        assert_eq!(zone_listed(&none, &one, "a.vn", None, true), Verdict::APPLIED);
        assert_eq!(zone_listed(&none, &none, "a.vn", None, true), Verdict::Absent);
        let at = Some(ZoneRef { service_id: 2230, zone_id: 61 });
        assert_eq!(zone_listed(&one, &none, "a.vn", at, false), Verdict::APPLIED);
        assert_eq!(zone_listed(&one, &one, "a.vn", at, false), Verdict::Absent);
        assert_eq!(zone_listed(&one, &[None], "a.vn", at, false), Verdict::CannotTell);
    }

    #[test]
    fn text_is_compared_as_stored() {
        assert!(same_text("  Chào anh,\r\n đã thử lại ", "Chào anh,\n\tđã thử lại"));
        assert!(!same_text("Chào anh", "Chào chị"));
    }
}
