//! The plan: what falls due in the coming days, from the lists a portal gives (domains,
//! services, unpaid invoices), with what each costs, the total against the account's
//! credit, and the totals month by month. Pure: the command reads the lists
//! (`cli::plan`) and prints this in the format asked for.
//!
//! What counts once: a service or a registration whose next invoice is already out (its
//! `next_invoice` date passed) is billed on an unpaid invoice the plan lists on its own, so
//! its amount is counted there, not twice. For a registration one rule
//! (`Billing::billed`) says so, the same for the plan and for every renewal, in the
//! dashboard and the command line: a renewal billed on an unpaid invoice is never sent
//! again.

use time::Date;

use crate::api::Language;
use crate::api::Money;
use crate::api::models::{DomainRecord, Invoice, Service, Standing, parse_date};
use crate::i18n::Text;

/// What falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A registration's expiry (its renewal price).
    Domain,
    /// A service's next due date (its recurring amount).
    Service,
    /// An unpaid invoice's due date (what it still asks).
    Invoice,
}

impl Kind {
    /// Its name in `--json`, CSV and the calendar.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Domain => "domain",
            Kind::Service => "service",
            Kind::Invoice => "invoice",
        }
    }
}

/// One thing that falls due in the window.
#[derive(Clone, Debug, PartialEq)]
pub struct Due {
    pub kind: Kind,
    /// The domain name; a service's domain or name; an invoice's number.
    pub name: String,
    /// The registration, service or invoice id.
    pub id: String,
    pub date: Date,
    /// What it costs, when the portal says.
    pub amount: Option<Money>,
    pub currency: String,
    /// A registration's autorenew, as the list says it.
    pub autorenew: Option<bool>,
    /// Billed already on an invoice still to pay: counted under that invoice.
    pub invoiced: bool,
}

impl Due {
    /// Whether its amount counts in the totals.
    pub fn counts(&self) -> bool {
        !self.invoiced && self.amount.is_some()
    }
}

/// A registration's renewal billed already on an unpaid invoice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Billed {
    /// An unpaid invoice's item bills it (a "Domain" line with its id): the invoice's number.
    OnInvoice(String),
    /// Its next invoice is out (the date, as the portal wrote it), the invoice not known.
    Invoiced(String),
}

impl Billed {
    /// Why it is not renewed, in words: which invoice to pay instead.
    pub fn said(&self, language: Language) -> String {
        match self {
            Billed::OnInvoice(number) => Text::NotSentOnInvoice.fill(language, &[("number", number)]),
            Billed::Invoiced(date) => {
                Text::NotSentBilled.fill(language, &[("date", &crate::i18n::format::date(date, language))])
            }
        }
    }
}

/// What the unpaid invoices bill, by registration id: made once from the invoices (those
/// read whole have their items), asked for each registration (`billed`).
#[derive(Debug, Default)]
pub struct Billing<'a> {
    /// The first unpaid invoice with a "Domain" line for the registration: its number.
    on: std::collections::HashMap<&'a str, &'a str>,
}

impl<'a> Billing<'a> {
    pub fn of(invoices: &'a [Invoice]) -> Self {
        let mut on = std::collections::HashMap::new();
        let unpaid = invoices.iter().filter(|i| i.unreadable.is_none() && i.standing() == Standing::Unpaid);
        for invoice in unpaid {
            let domains = invoice.items.iter().filter(|item| {
                item.unreadable.is_none()
                    && item.kind.trim().eq_ignore_ascii_case("domain")
                    && !item.item_id.trim().is_empty()
            });
            for item in domains {
                on.entry(item.item_id.trim()).or_insert(invoice.label().trim());
            }
        }
        Billing { on }
    }

    /// The one rule: whether `domain`'s renewal is billed already on an invoice still to
    /// pay, so that it is not renewed (nor counted) again. The invoices' own items say it
    /// first, where they were read (`GET /invoice/@id`: a "Domain" line whose `item_id` is
    /// the registration's id); else its `next_invoice` date (`GET /domain/@id`) on or
    /// before today.
    pub fn billed(&self, domain: &DomainRecord, today: Date) -> Option<Billed> {
        if let Some(number) = self.on.get(domain.id.trim()) {
            return Some(Billed::OnInvoice((*number).to_owned()));
        }
        let out = parse_date(&domain.next_invoice).is_some_and(|d| d <= today);
        // An invoice that was out and is paid renewed it: its expiry moved on, its next invoice too.
        out.then(|| Billed::Invoiced(domain.next_invoice.trim().to_owned()))
    }
}

/// What falls due on or before `until` (what is overdue included), soonest first: active
/// registrations by expiry (an expired one whose name has an active registration is not
/// renewed), services by next due date (not one that ended or is being cancelled), unpaid
/// invoices by due date.
pub fn due_until(
    domains: &[DomainRecord],
    services: &[Service],
    invoices: &[Invoice],
    currency: &str,
    today: Date,
    until: Date,
) -> Vec<Due> {
    let mut due = Vec::new();
    let billing = Billing::of(invoices);
    let service_billed = |next_invoice: &str| parse_date(next_invoice).is_some_and(|d| d <= today);
    for d in domains.iter().filter(|d| d.unreadable.is_none() && d.status.trim().eq_ignore_ascii_case("active")) {
        let Some(date) = parse_date(&d.expires).filter(|date| *date <= until) else { continue };
        due.push(Due {
            kind: Kind::Domain,
            name: d.name.trim().to_owned(),
            id: d.id.trim().to_owned(),
            date,
            amount: (!d.recurring_amount.is_zero()).then_some(d.recurring_amount),
            currency: currency.to_owned(),
            autorenew: d.autorenew,
            invoiced: billing.billed(d, today).is_some(),
        });
    }
    let running = |s: &&Service| {
        s.unreadable.is_none()
            && !s.has_ended()
            && s.cancellation.is_none()
            && ["active", "suspended"].iter().any(|status| s.status.trim().eq_ignore_ascii_case(status))
    };
    for s in services.iter().filter(running) {
        let Some(date) = parse_date(s.due()).filter(|date| *date <= until) else { continue };
        let name = if s.domain.trim().is_empty() { s.name.trim() } else { s.domain.trim() };
        due.push(Due {
            kind: Kind::Service,
            name: name.to_owned(),
            id: s.id.trim().to_owned(),
            date,
            amount: (!s.total.is_zero()).then_some(s.total),
            currency: currency.to_owned(),
            autorenew: None,
            invoiced: service_billed(&s.next_invoice),
        });
    }
    for i in invoices.iter().filter(|i| i.unreadable.is_none() && i.standing() == Standing::Unpaid) {
        let Some(date) = parse_date(i.due()).filter(|date| *date <= until) else { continue };
        let own = i.currency.trim();
        due.push(Due {
            kind: Kind::Invoice,
            name: i.label().trim().to_owned(),
            id: i.id.trim().to_owned(),
            date,
            amount: i.still_due().or(Some(i.total)),
            currency: if own.is_empty() { currency.to_owned() } else { own.to_owned() },
            autorenew: None,
            invoiced: false,
        });
    }
    // Unstable (no buffer the size of the list), with every field that tells two items
    // apart in the key, so that the order is the same at every run.
    due.sort_unstable_by(|a, b| (a.date, &a.name, a.kind, &a.id).cmp(&(b.date, &b.name, b.kind, &b.id)));
    due
}

/// A sum in one currency; `None` when it overflows.
#[derive(Clone, Debug, PartialEq)]
pub struct Total {
    pub currency: String,
    pub amount: Option<Money>,
}

/// What counts, added up per currency, in the order the currencies first come.
pub fn totals<'a>(due: impl IntoIterator<Item = &'a Due>) -> Vec<Total> {
    let mut totals: Vec<Total> = Vec::new();
    for d in due.into_iter().filter(|d| d.counts()) {
        let amount = d.amount.unwrap_or(Money::ZERO);
        match totals.iter_mut().find(|t| t.currency.eq_ignore_ascii_case(&d.currency)) {
            Some(total) => total.amount = total.amount.and_then(|sum| sum.checked_add(amount)),
            None => totals.push(Total { currency: d.currency.clone(), amount: Some(amount) }),
        }
    }
    totals
}

/// One month's totals: `2026-12`.
#[derive(Clone, Debug, PartialEq)]
pub struct Month {
    pub month: String,
    pub totals: Vec<Total>,
}

/// The totals month by month, in order (of items in date order).
pub fn by_month(due: &[Due]) -> Vec<Month> {
    let mut months: Vec<((i32, u8), Vec<&Due>)> = Vec::new();
    for d in due {
        let key = (d.date.year(), u8::from(d.date.month()));
        match months.last_mut() {
            Some((last, items)) if *last == key => items.push(d),
            _ => match months.iter_mut().find(|(k, _)| *k == key) {
                Some((_, items)) => items.push(d),
                None => months.push((key, vec![d])),
            },
        }
    }
    months.sort_by_key(|(key, _)| *key);
    months
        .into_iter()
        .map(|((year, month), items)| Month { month: format!("{year:04}-{month:02}"), totals: totals(items) })
        .collect()
}

/// What the credit leaves short of the total in its own currency: zero when it covers it;
/// `None` when either is not known.
pub fn short(totals: &[Total], credit: Option<Money>, currency: &str) -> Option<Money> {
    let total = match totals.iter().find(|t| t.currency.eq_ignore_ascii_case(currency)) {
        Some(t) => t.amount?,
        None => Money::ZERO,
    };
    let left = total.checked_sub(credit?)?;
    Some(if left.is_negative() { Money::ZERO } else { left })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        parse_date(text).unwrap()
    }

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn what_is_billed_already_counts_once() {
        let today = date("2026-12-02");
        let domain = DomainRecord {
            id: "1".into(),
            name: "a.vn".into(),
            status: "Active".into(),
            expires: "2026-12-20".into(),
            recurring_amount: money("480000"),
            next_invoice: "2026-12-01".into(),
            ..Default::default()
        };
        let later =
            DomainRecord { id: "2".into(), name: "b.vn".into(), expires: "2027-03-01".into(), ..domain.clone() };
        let invoice = Invoice {
            id: "9".into(),
            number: "2026/12/9".into(),
            status: "Unpaid".into(),
            duedate: "2026-12-15".into(),
            total: money("528000"),
            ..Default::default()
        };
        let due = due_until(&[domain, later], &[], &[invoice], "VND", today, date("2027-01-31"));
        assert_eq!(due.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), ["9", "1"]);
        assert!(due[1].invoiced && !due[1].counts());
        let totals = totals(&due);
        assert_eq!(totals, [Total { currency: "VND".into(), amount: Some(money("528000")) }]);
        assert_eq!(short(&totals, Some(money("500000")), "VND"), Some(money("28000")));
        assert_eq!(short(&totals, Some(money("600000")), "VND"), Some(Money::ZERO));
        assert_eq!(by_month(&due)[0].month, "2026-12");
    }
}
