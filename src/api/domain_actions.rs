//! What a registration's settings take before a change is built (nameservers checked,
//! what a renewal costs), and the lookup of a name's availability.
//!
//! A lookup (`POST /domain/lookup`) changes nothing, so it is not a [`Change`]: it is not
//! confirmed nor logged as one. Being safe to repeat, it is retried on a transient failure
//! (429, 502/503/504, a connection lost) as a read is; as every POST, it is never sent on
//! to a redirect (`transport`).
//!
//! [`Change`]: super::Change

use serde_json::Value;

use super::client::PortalClient;
use super::error::Said;
use super::error::{ApiError, Operation, Result};
use super::models::{Availability, Balance, DomainRecord, PeriodPrices, TldPrices, tld_of};
use super::money::Money;

/// How many nameservers a registration takes.
pub const NAMESERVERS: std::ops::RangeInclusive<usize> = 2..=4;

/// What is wrong with the nameservers asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameserverProblem {
    /// Fewer than 2 or more than 4 (an empty list asks for the portal's defaults).
    Count(usize),
    /// Not a host name (as given).
    NotAHost(String),
    /// Given twice.
    Twice(String),
}

/// The nameservers to send, lower case, each a host name once (an IDN in its ASCII form);
/// none: the portal's default nameservers.
pub fn nameservers(names: &[String]) -> Result<Vec<String>, NameserverProblem> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    if !NAMESERVERS.contains(&names.len()) {
        return Err(NameserverProblem::Count(names.len()));
    }
    let mut checked: Vec<String> = Vec::with_capacity(names.len());
    for given in names {
        let name = host_name(given).ok_or_else(|| NameserverProblem::NotAHost(given.clone()))?;
        if checked.contains(&name) {
            return Err(NameserverProblem::Twice(given.clone()));
        }
        checked.push(name);
    }
    Ok(checked)
}

/// `name` as a nameserver's host name, in ASCII (IDNA by `url`): at least two labels of
/// letters, digits and inner hyphens, none over 63 bytes, 253 in all; a final dot dropped.
fn host_name(name: &str) -> Option<String> {
    let name = name.trim().strip_suffix('.').unwrap_or(name.trim());
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let url::Host::Domain(ascii) = url::Host::parse(name).ok()? else { return None };
    let labels: Vec<&str> = ascii.split('.').collect();
    let label_ok = |l: &&str| {
        (1..=63).contains(&l.len())
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let tld_ok = labels.last().is_some_and(|t| !t.chars().all(|c| c.is_ascii_digit()));
    (ascii.len() <= 253 && labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok).then_some(ascii)
}

/// `name` as a name a lookup can ask about, in ASCII: a host name of at least two labels
/// (`example.vn`, an IDN in its ASCII form); `None` when it is not one, and nothing is to
/// be sent.
pub fn lookup_name(name: &str) -> Option<String> {
    host_name(name)
}

/// The account's domain `name` is a host under (`www.example.vn` under `example.vn`), the
/// longest when several are: such a name is not registered but given a DNS record there.
pub fn host_under<'a>(name: &str, own: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let name = name.trim().trim_end_matches('.').to_lowercase();
    own.into_iter()
        .filter(|d| {
            let d = d.trim().trim_end_matches('.').to_lowercase();
            !d.is_empty() && name.strip_suffix(&d).is_some_and(|rest| rest.len() > 1 && rest.ends_with('.'))
        })
        .max_by_key(|d| d.trim().len())
}

/// Second-level suffixes under which names are registered (public-suffix rules), for a
/// name whose TLD the portal does not list.
const SECOND_LEVEL: [&str; 22] = [
    "com.vn",
    "net.vn",
    "org.vn",
    "edu.vn",
    "gov.vn",
    "int.vn",
    "ac.vn",
    "biz.vn",
    "info.vn",
    "name.vn",
    "pro.vn",
    "health.vn",
    "id.vn",
    "io.vn",
    "co.uk",
    "org.uk",
    "me.uk",
    "com.au",
    "net.au",
    "co.jp",
    "com.sg",
    "com.cn",
];

/// The suffix `name` is registered under, whose prices it takes (`com.vn` for
/// `quan.com.vn`): the longest the portal sells (`order`), else a known second-level
/// suffix, else its last label.
pub fn price_suffix(order: &[TldPrices], name: &str) -> String {
    if let Some(tld) = tld_of(order, name) {
        return tld.suffix();
    }
    let name = name.trim().trim_end_matches('.').to_lowercase();
    let labels: Vec<&str> = name.split('.').collect();
    let two = labels.len().checked_sub(2).map(|at| labels[at..].join("."));
    match two.filter(|two| labels.len() > 2 && SECOND_LEVEL.contains(&two.as_str())) {
        Some(two) => two,
        None => labels.last().copied().unwrap_or_default().to_owned(),
    }
}

/// The prices of a name looked up, by period: those its lookup answered with, else its
/// TLD's in `order` (`GET /domain/order`, read only when the answer lists none); empty
/// when neither lists any.
pub fn lookup_prices<'a>(found: &'a Availability, order: &'a [TldPrices]) -> &'a [PeriodPrices] {
    if !found.periods.is_empty() {
        return &found.periods;
    }
    tld_of(order, &found.name).map_or(&[], |tld| tld.periods.as_slice())
}

/// Whether two lists name the same nameservers, whatever their order, case or final dot.
pub fn same_nameservers(a: &[String], b: &[String]) -> bool {
    let key = |names: &[String]| {
        let mut key: Vec<String> = names.iter().map(|n| n.trim().trim_end_matches('.').to_lowercase()).collect();
        key.sort();
        key
    };
    key(a) == key(b)
}

/// Where a renewal's price came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriceFrom {
    /// The registration's recurring amount (it renews yearly), times the years.
    Recurring,
    /// The TLD's renewal price for that period, from `GET /domain/order`.
    Order,
}

/// What renewing a registration for some years costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenewalPrice {
    pub amount: Money,
    pub from: PriceFrom,
}

/// Whether the registration's own recurring amount prices a renewal: it renews yearly
/// (`period` 1) and has an amount. Otherwise the TLD's prices are needed.
pub fn priced_by_itself(record: &DomainRecord) -> bool {
    record.period.trim() == "1" && !record.recurring_amount.is_zero()
}

/// What renewing `record` for `years` costs: its recurring amount × years when it renews
/// yearly, else the renewal price of its TLD for that period in `order`; `None` when neither
/// says (or the product is too large to hold).
pub fn renewal_price(record: &DomainRecord, years: u32, order: &[TldPrices]) -> Option<RenewalPrice> {
    if priced_by_itself(record) {
        let amount = record.recurring_amount.checked_times(years)?;
        return Some(RenewalPrice { amount, from: PriceFrom::Recurring });
    }
    let prices = tld_of(order, &record.name)?.period(years)?;
    (!prices.renew.is_zero()).then_some(RenewalPrice { amount: prices.renew, from: PriceFrom::Order })
}

/// How a portal takes a renewal's price: some charge it to the account's credit at once
/// (Tino answers one the credit cannot pay with `insufficient_credit`), others add an
/// invoice to pay. Nothing in the API says which before a renewal: it is learnt from what
/// came of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenewalCharge {
    /// Charged to the credit at once: the credit goes down by the price.
    Credit,
    /// An invoice to pay: what is owed goes up by the price, the credit stays.
    Invoice,
}

impl RenewalCharge {
    /// What a renewal's refusal says of it: `insufficient_credit` comes only from a portal
    /// that charges renewals at once.
    pub fn refused(error: &ApiError) -> Option<RenewalCharge> {
        let ApiError::Portal { op: Operation::DomainRenew, said } = error else { return None };
        let short = |s: &Said| matches!(s, Said::Words(w) if w.trim().eq_ignore_ascii_case("insufficient_credit"));
        said.iter().any(short).then_some(RenewalCharge::Credit)
    }

    /// What a renewal that landed did, from the balance before and after it and its price:
    /// the credit down by the price (what is owed not up by it), or what is owed up by it
    /// and the credit as it was. `None` when the figures do not say (not read, or something
    /// else moved them too).
    pub fn landed(before: &Balance, after: &Balance, price: Money) -> Option<RenewalCharge> {
        let moved = |then: Option<Money>, now: Option<Money>, by: fn(Money, Money) -> Option<Money>| matches!((then, now), (Some(then), Some(now)) if by(then, price) == Some(now));
        let charged = moved(before.credit, after.credit, Money::checked_sub);
        let invoiced = moved(before.unpaid, after.unpaid, Money::checked_add);
        match (charged, invoiced) {
            (true, false) => Some(RenewalCharge::Credit),
            (false, true) if before.credit == after.credit => Some(RenewalCharge::Invoice),
            _ => None,
        }
    }
}

impl PortalClient {
    /// Whether `name` can be registered, and its prices when the portal gives them.
    pub async fn lookup(&self, name: &str) -> Result<Availability> {
        let answer = self.lookup_as_sent(name).await?;
        Availability::from_answer(name, &answer)
            .map_err(|detail| self.redact_error(ApiError::UnexpectedShape { op: Operation::DomainLookup, detail }))
    }

    /// The portal's answer to a lookup of `name` as it sent it (for `--json`), control
    /// characters taken out of its text.
    pub async fn lookup_as_sent(&self, name: &str) -> Result<Value> {
        self.post_read(Operation::DomainLookup, &["domain", "lookup"], &serde_json::json!({ "name": name })).await
    }
}

/// The registration of the same name that replaces `record`, which is not active: one that
/// is (an expired name registered again, as the radar's "old registration"). Renewing the
/// old one would pay for a registration no one uses; the new one is the one to renew.
pub fn replaced_by<'a>(
    record: &DomainRecord,
    of_name: impl IntoIterator<Item = &'a DomainRecord>,
) -> Option<&'a DomainRecord> {
    let active = |r: &DomainRecord| r.status.trim().eq_ignore_ascii_case("active");
    if active(record) {
        return None;
    }
    let name = record.name.trim().trim_end_matches('.');
    of_name.into_iter().find(|r| {
        active(r) && r.id.trim() != record.id.trim() && r.name.trim().trim_end_matches('.').eq_ignore_ascii_case(name)
    })
}

/// The expiry a renewal of `record` for `years` promises: its expiry that many years on.
pub fn renewed_expiry(record: &DomainRecord, years: u32) -> Option<time::Date> {
    super::models::parse_date(&record.expires).and_then(|d| super::models::years_after(d, years))
}

/// Whether the expiry read back after a renewal contradicts the one promised: it moved, and
/// to another date. One that did not move is a renewal billed on an invoice to pay (the
/// portal extends the registration once it is paid), not a contradiction.
pub fn expiry_contradicts(before: time::Date, now: time::Date, promised: time::Date) -> bool {
    now != before && now != promised
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::TldList;

    #[test]
    fn an_old_registration_is_replaced_by_the_active_one_of_its_name() {
        let record = |id: &str, name: &str, status: &str| DomainRecord {
            id: id.into(),
            name: name.into(),
            status: status.into(),
            ..DomainRecord::default()
        };
        let old = record("5101", "example.vn", "Expired");
        let all = [old.clone(), record("5188", "Example.VN", "Active"), record("5120", "phosaigon.vn", "Active")];
        assert_eq!(replaced_by(&old, &all).map(|r| r.id.as_str()), Some("5188"));
        assert_eq!(replaced_by(&all[1], &all), None, "the active one is no one's old registration");
        let alone = record("5130", "nhasachhanoi.vn", "Expired");
        assert_eq!(replaced_by(&alone, &all), None, "an expired name not registered again is renewed");
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn nameservers_are_checked_before_sending() {
        assert_eq!(
            nameservers(&names(&["NS1.Example.vn.", "ns2.example.vn"])),
            Ok(names(&["ns1.example.vn", "ns2.example.vn"]))
        );
        assert_eq!(nameservers(&[]), Ok(Vec::new()), "none: the portal's defaults");
        assert_eq!(nameservers(&names(&["ns1.example.vn"])), Err(NameserverProblem::Count(1)));
        assert_eq!(nameservers(&names(&["a.vn", "b.vn", "c.vn", "d.vn", "e.vn"])), Err(NameserverProblem::Count(5)));
        for bad in [
            "ns1",
            "ns_1.example.vn",
            "-ns.example.vn",
            "ns1..example.vn",
            "203.0.113.5",
            "ns1.example.vn/x",
            "a b.vn",
            "ns1.example.vn\u{1b}[2J",
        ] {
            let given = names(&[bad, "ns2.example.vn"]);
            assert_eq!(nameservers(&given), Err(NameserverProblem::NotAHost(bad.into())), "{bad:?}");
        }
        assert_eq!(nameservers(&names(&["ns1.x.vn", "NS1.x.vn."])), Err(NameserverProblem::Twice("NS1.x.vn.".into())));
        let idn = nameservers(&names(&["ns1.tên-miền.vn", "ns2.x.vn"])).unwrap();
        assert!(idn[0].starts_with("ns1.xn--") && idn[0].ends_with(".vn") && idn[0].is_ascii(), "{idn:?}");
        assert!(same_nameservers(&names(&["NS2.a.vn.", "ns1.a.vn"]), &names(&["ns1.a.vn", "ns2.a.vn"])));
        assert!(!same_nameservers(&names(&["ns1.a.vn"]), &names(&["ns1.a.vn", "ns2.a.vn"])));
    }

    #[test]
    fn a_name_looked_up_is_checked_and_priced_by_its_answer_or_its_tld() {
        assert_eq!(lookup_name("Banhcuon.VN."), Some("banhcuon.vn".into()));
        assert!(lookup_name("quán-phở.vn").is_some_and(|n| n.starts_with("xn--")));
        for bad in ["localhost", "-pho.vn", "pho_bo.vn", "203.0.113.5", "pho..vn", "a b.vn"] {
            assert_eq!(lookup_name(bad), None, "{bad:?}");
        }
        let order: TldList = serde_json::from_value(serde_json::json!({"tlds": [
            {"tld": ".vn", "periods": [{"period": "1", "register": "750000"}]},
            {"tld": "com.vn", "periods": [{"period": "1", "register": "650000"}]},
        ]}))
        .unwrap();
        let bare = Availability::from_answer("quan.com.vn", &serde_json::json!("ok")).unwrap();
        let prices = lookup_prices(&bare, &order.tlds);
        assert_eq!(prices[0].register, Money::parse("650000").unwrap(), "the longest TLD's prices");
        assert!(lookup_prices(&bare, &[]).is_empty(), "no prices: none said");
        let own = serde_json::json!({"available": true, "periods": [{"period": "1", "register": "99000"}]});
        let own = Availability::from_answer("x.vn", &own).unwrap();
        assert_eq!(lookup_prices(&own, &order.tlds)[0].register, Money::parse("99000").unwrap(), "its own first");
    }

    #[test]
    fn a_host_under_the_accounts_domain_and_the_suffix_prices_come_from() {
        let own = ["example.vn", "shop.example.vn", "other.com.vn"];
        assert_eq!(host_under("WWW.Example.vn.", own), Some("example.vn"));
        assert_eq!(host_under("a.shop.example.vn", own), Some("shop.example.vn"), "the longest");
        for not_under in ["example.vn", "badexample.vn", "example.com.vn", "vn"] {
            assert_eq!(host_under(not_under, own), None, "{not_under}");
        }
        let order: TldList = serde_json::from_value(serde_json::json!({"tlds": [
            {"tld": ".vn", "periods": []}, {"tld": "com.vn", "periods": []},
        ]}))
        .unwrap();
        assert_eq!(price_suffix(&order.tlds, "quan.com.vn"), "com.vn");
        assert_eq!(price_suffix(&order.tlds, "www.banh.vn"), "vn", "not everything after the first label");
        assert_eq!(price_suffix(&[], "quan.net.vn"), "net.vn", "a known second level");
        assert_eq!(price_suffix(&[], "www.banh.vn"), "vn");
        assert_eq!(price_suffix(&[], "banh.io"), "io");
    }

    #[test]
    fn how_a_portal_took_a_renewal_is_learnt_from_its_figures_or_its_refusal() {
        let m = |t: &str| Money::parse(t).unwrap();
        let balance = |credit: &str, unpaid: &str| Balance {
            credit: Some(m(credit)),
            unpaid: Some(m(unpaid)),
            ..Balance::default()
        };
        let before = balance("660000", "1622500");
        let price = m("480000");
        assert_eq!(RenewalCharge::landed(&before, &balance("180000", "1622500"), price), Some(RenewalCharge::Credit));
        assert_eq!(RenewalCharge::landed(&before, &balance("660000", "2102500"), price), Some(RenewalCharge::Invoice));
        assert_eq!(RenewalCharge::landed(&before, &before, price), None, "not read again yet");
        assert_eq!(RenewalCharge::landed(&before, &balance("100000", "1622500"), price), None, "something else too");
        assert_eq!(RenewalCharge::landed(&Balance::default(), &balance("180000", "0"), price), None);
        let refused =
            ApiError::Portal { op: Operation::DomainRenew, said: vec![Said::Words("insufficient_credit".into())] };
        assert_eq!(RenewalCharge::refused(&refused), Some(RenewalCharge::Credit));
        let other = ApiError::Portal { op: Operation::DomainRenew, said: vec![Said::Words("domain locked".into())] };
        assert_eq!(RenewalCharge::refused(&other), None);
        let elsewhere =
            ApiError::Portal { op: Operation::InvoicePay, said: vec![Said::Words("insufficient_credit".into())] };
        assert_eq!(RenewalCharge::refused(&elsewhere), None);
    }

    #[test]
    fn a_renewal_is_priced_by_the_registration_or_by_its_tld() {
        let order: TldList = serde_json::from_value(serde_json::json!({"tlds": [
            {"tld": ".vn", "periods": [{"period": "1", "renew": "480000"}, {"period": "2", "renew": "960000.00"}]},
        ]}))
        .unwrap();
        let m = |t: &str| Money::parse(t).unwrap();
        let yearly = DomainRecord {
            name: "a.vn".into(),
            period: "1".into(),
            recurring_amount: m("650000"),
            ..Default::default()
        };
        assert_eq!(
            renewal_price(&yearly, 3, &[]),
            Some(RenewalPrice { amount: m("1950000"), from: PriceFrom::Recurring })
        );
        let biennial = DomainRecord { period: "2".into(), ..yearly.clone() };
        assert_eq!(
            renewal_price(&biennial, 2, &order.tlds),
            Some(RenewalPrice { amount: m("960000"), from: PriceFrom::Order })
        );
        assert_eq!(renewal_price(&biennial, 3, &order.tlds), None, "no price listed for 3 years");
        assert_eq!(renewal_price(&DomainRecord { name: "a.com".into(), ..biennial }, 1, &order.tlds), None);
    }

    #[test]
    fn an_expiry_that_did_not_move_is_an_invoice_to_pay_not_a_contradiction() {
        let date = |y: i32| time::Date::from_calendar_date(y, time::Month::December, 3).unwrap();
        assert!(!expiry_contradicts(date(2026), date(2026), date(2027)), "billed: extended once paid");
        assert!(!expiry_contradicts(date(2026), date(2027), date(2027)), "as promised");
        assert!(expiry_contradicts(date(2026), date(2028), date(2027)), "two years where one was promised");
    }
}
