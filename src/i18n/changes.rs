//! A registration's changes in words beyond their preview: a setting before → after, a
//! setting already as asked, nameservers before → after and what is wrong with them, and a
//! renewal's price, payment, credit and expiry. (Each change's own name and status-line
//! words are beside its preview, in `i18n::preview`.)

use super::{Language, Text, format};
use crate::api::domain_actions::{self, NameserverProblem, PriceFrom, RenewalCharge};
use crate::api::models::{DomainRecord, TldPrices, parse_date, tld_of, years_after};
use crate::api::{Change, Money};

/// `autorenew → on`.
pub fn switched(what: Text, on: bool, language: Language) -> String {
    format!("{} → {}", what.get(language), super::on_off(on, language))
}

/// Nameservers as a change sends them: their names, or the words for none (the portal's
/// default nameservers).
pub fn nameserver_list(names: &[String], language: Language) -> String {
    if names.is_empty() { Text::DefaultNameservers.get(language).to_owned() } else { names.join(", ") }
}

/// A setting turned on or off, before → after: `autorenew: off → on`; the change's own
/// words when the state now could not be read.
pub fn switch_words(change: &Change, was: Option<bool>, language: Language) -> String {
    let Some((word, on)) = setting(change) else { return super::preview::change_words(change, language) };
    match was {
        Some(was) => {
            format!("{}: {} → {}", word.get(language), super::on_off(was, language), super::on_off(on, language))
        }
        None => switched(word, on, language),
    }
}

/// The setting a change turns on or off, and which way.
fn setting(change: &Change) -> Option<(Text, bool)> {
    match change {
        Change::DomainAutorenew { on, .. } => Some((Text::WordAutorenew, *on)),
        Change::DomainLock { on, .. } => Some((Text::WordRegistrarLock, *on)),
        Change::DomainIdProtection { on, .. } => Some((Text::WordIdProtection, *on)),
        _ => None,
    }
}

/// `autorenew of a.vn is already on: nothing was sent` when the setting `now` is already
/// what `change` asks; `None` when it is not, or not known.
pub fn already_as_asked(change: &Change, now: Option<bool>, name: &str, language: Language) -> Option<String> {
    let (word, on) = setting(change)?;
    (now == Some(on)).then(|| {
        let state = super::on_off(on, language);
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("what", &word.get(language)), ("name", &name), ("state", &state)];
        Text::CliAlreadyIs.fill(language, &fill)
    })
}

/// Nameservers before → after: `nameservers: a, b → c, d` (without the names now when
/// they are not known or none are listed).
pub fn nameserver_change_words(now: Option<&[String]>, wanted: &[String], language: Language) -> String {
    let after = nameserver_list(wanted, language);
    match now {
        Some(now) if !now.is_empty() => {
            format!("{}: {} → {after}", Text::WordNameservers.get(language), now.join(", "))
        }
        _ => format!("{} → {after}", Text::WordNameservers.get(language)),
    }
}

/// What is wrong with the nameservers typed; `count` says how to ask for the defaults
/// (`--default` on the command line, nothing in the dashboard's prompt).
pub fn nameserver_problem(problem: &NameserverProblem, count: Text, language: Language) -> String {
    match problem {
        NameserverProblem::Count(n) => count.fill(language, &[("count", n)]),
        NameserverProblem::NotAHost(name) => Text::NsNotHost.fill(language, &[("name", &format!("{name:?}"))]),
        NameserverProblem::Twice(name) => Text::NsTwice.fill(language, &[("name", &format!("{name:?}"))]),
    }
}

/// What renewing `record` for `years` costs, as (the amount, how it was reckoned): its
/// yearly amount × years, or its TLD's price in `order`; `None` when neither says.
pub fn renewal_price(
    record: &DomainRecord,
    years: u32,
    order: &[TldPrices],
    currency: &str,
    language: Language,
) -> Option<(String, String)> {
    let price = domain_actions::renewal_price(record, years, order)?;
    let how = match price.from {
        PriceFrom::Recurring if years == 1 => Text::CliPriceOwnYear.get(language).to_owned(),
        PriceFrom::Recurring => Text::CliPriceYearly.fill(
            language,
            &[("yearly", &format::money_in(record.recurring_amount, currency, language)), ("years", &years)],
        ),
        PriceFrom::Order => {
            let tld = tld_of(order, &record.name).map(|t| t.suffix()).unwrap_or_default();
            Text::CliPriceOrder.fill(language, &[("tld", &tld)])
        }
    };
    Some((format::money_in(price.amount, currency, language), how))
}

/// How a renewal will be paid, as far as what came of earlier ones says (`charge`).
pub fn renewal_paid(charge: Option<RenewalCharge>, language: Language) -> String {
    let text = match charge {
        Some(RenewalCharge::Credit) => Text::RenewPaidCredit,
        Some(RenewalCharge::Invoice) => Text::RenewPaidInvoice,
        None => Text::RenewPaidUnknown,
    };
    text.get(language).to_owned()
}

/// The account's credit as a renewal's confirmation says it: after the renewal too only
/// where the portal is known to charge it at once and the price is known (then the portal's
/// own figures will show it); short of the price, that it is.
pub fn renewal_credit(
    credit: Money,
    price: Option<Money>,
    charge: Option<RenewalCharge>,
    currency: &str,
    language: Language,
) -> String {
    let now = format::money_in(credit, currency, language);
    let after = price.and_then(|p| credit.checked_sub(p));
    match (charge, after) {
        (Some(RenewalCharge::Credit), Some(after)) if !after.is_negative() => {
            format!("{now} → {}", format::money_in(after, currency, language))
        }
        (Some(RenewalCharge::Credit), Some(_)) => Text::RenewCreditRefused.fill(language, &[("credit", &now)]),
        (None, Some(after)) if after.is_negative() => Text::CreditShort.fill(language, &[("credit", &now)]),
        _ => now,
    }
}

/// The expiry date now and after renewing for `years` (`None` when the date now cannot be
/// read).
pub fn renewal_expiry(record: &DomainRecord, years: u32, language: Language) -> (String, Option<String>) {
    let before = format::date(&record.expires, language);
    let after = parse_date(&record.expires).and_then(|d| years_after(d, years));
    (before, after.map(|d| format::date(&d.to_string(), language)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::change_words;

    #[test]
    fn domain_changes_in_words() {
        let words = |c: Change, l| change_words(&c, l);
        assert_eq!(words(Change::DomainRenew { domain_id: 1, years: 3 }, Language::Vietnamese), "gia hạn 3 năm");
        assert_eq!(words(Change::DomainLock { domain_id: 1, on: false }, Language::English), "registrar lock → off");
        let defaults = Change::DomainNameservers { domain_id: 1, nameservers: Vec::new() };
        assert_eq!(words(defaults, Language::Vietnamese), "máy chủ tên → máy chủ tên mặc định của cổng");
        let lock = Change::DomainLock { domain_id: 1, on: true };
        assert_eq!(switch_words(&lock, Some(false), Language::English), "registrar lock: off → on");
        assert_eq!(switch_words(&lock, None, Language::English), "registrar lock → on");
        let record = crate::api::DnsFields {
            name: "mail".into(),
            kind: "MX".into(),
            content: "mx.example.vn".into(),
            priority: 10,
            ttl: Some(600),
        };
        let add = Change::DnsAdd { domain_id: 1, record };
        assert_eq!(
            words(add.clone(), Language::Vietnamese),
            "thêm một bản ghi mail MX mx.example.vn (ưu tiên 10, TTL 600)"
        );
        assert_eq!(words(add, Language::English), "add a record mail MX mx.example.vn (priority 10, TTL 600)");
        let now = ["ns1.a.vn".to_owned(), "ns2.a.vn".to_owned()];
        assert_eq!(
            nameserver_change_words(Some(&now), &[], Language::English),
            "nameservers: ns1.a.vn, ns2.a.vn → the portal's default nameservers"
        );
    }

    #[test]
    fn a_renewal_in_words() {
        let record = DomainRecord {
            name: "a.vn".into(),
            period: "1".into(),
            expires: "2027-02-28".into(),
            recurring_amount: crate::api::Money::parse("650000").unwrap(),
            ..Default::default()
        };
        let (price, how) = renewal_price(&record, 3, &[], "", Language::English).unwrap();
        assert!(price.starts_with("1,950,000") && how.contains("× 3"), "{price} ({how})");
        let (before, after) = renewal_expiry(&record, 1, Language::English);
        assert_ne!(Some(before), after);
        assert!(renewal_price(&DomainRecord { period: "2".into(), ..record }, 1, &[], "", Language::English).is_none());
    }
}
