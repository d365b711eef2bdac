//! The previews of a registration's changes: a setting turned on or off, its nameservers,
//! and its renewal (the price, how it is paid, the credit, the expiry before → after).

use super::{Preview, Promises};
use crate::api::domain_actions::{self, RenewalCharge};
use crate::api::models::{DomainRecord, TldPrices};
use crate::api::{Change, Data, Language, Money, Query};
use crate::i18n::Text;

/// What a renewal's preview is made from: the registration, the years, the portal's prices
/// (none when the registration prices itself), the credit available now and its currency,
/// and how the portal is known to take a renewal (`charge`: learnt from an earlier one).
pub struct Renewal<'a> {
    pub record: &'a DomainRecord,
    pub years: u32,
    pub order: &'a [TldPrices],
    pub credit: Option<Money>,
    pub currency: &'a str,
    pub charge: Option<RenewalCharge>,
}

/// Why registration `id` is not renewed, in words, when an active one of its name replaces
/// it (`domain_actions::replaced_by`): the one to renew named; `None` when none does.
pub fn renewal_replaced(
    record: &DomainRecord,
    id: u64,
    of_name: &[DomainRecord],
    language: Language,
) -> Option<String> {
    let active = domain_actions::replaced_by(record, of_name)?;
    let fill: [(&str, &dyn std::fmt::Display); 4] =
        [("id", &id), ("name", &record.name), ("status", &record.status), ("active", &active.id)];
    Some(Text::RenewReplaced.fill(language, &fill))
}

/// A renewal: the change, its price (or that it is not known), how the portal will take it,
/// the credit (after it only where the portal is known to charge it at once), and the
/// expiry date before → after.
pub fn renewal(r: &Renewal<'_>, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let mut rows = vec![(label(Text::LabelChange), DomainRenew::words(&0, &r.years, language))];
    let price = match crate::i18n::renewal_price(r.record, r.years, r.order, r.currency, language) {
        Some((price, how)) => format!("{price} ({how})"),
        None => Text::RenewPriceUnknown.fill(language, &[("years", &r.years)]),
    };
    rows.push((label(Text::LabelPrice), price));
    rows.push((label(Text::LabelRenewalPaid), crate::i18n::renewal_paid(r.charge, language)));
    if let Some(credit) = r.credit {
        let amount = domain_actions::renewal_price(r.record, r.years, r.order).map(|p| p.amount);
        let credit = crate::i18n::renewal_credit(credit, amount, r.charge, r.currency, language);
        rows.push((label(Text::LabelCredit), credit));
    }
    let expiry = match crate::i18n::renewal_expiry(r.record, r.years, language) {
        (before, Some(after)) => format!("{before} → {after}"),
        (before, None) => Text::ExpiresPlusValue.fill(language, &[("before", &before), ("years", &r.years)]),
    };
    rows.push((label(Text::LabelExpires), expiry));
    Preview { title: Text::ConfirmRenewTitle, rows }
}

/// Autorenew, the registrar lock or ID protection turned on or off: before → after where
/// the state now (`was`) is known.
pub fn switch(change: &Change, was: Option<bool>, language: Language) -> Preview {
    let words = crate::i18n::switch_words(change, was, language);
    Preview { title: Text::ConfirmTitle, rows: vec![(Text::LabelChange.get(language).to_owned(), words)] }
}

/// The nameservers replaced: those listed now (when any are) and those wanted (none: the
/// portal's defaults).
pub fn nameservers(now: &[String], wanted: &[String], language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let mut rows = vec![(label(Text::LabelChange), Text::WordNameservers.get(language).to_owned())];
    if !now.is_empty() {
        rows.push((label(Text::LabelBefore), now.join(", ")));
    }
    rows.push((label(Text::LabelAfter), crate::i18n::nameserver_list(wanted, language)));
    Preview { title: Text::ConfirmTitle, rows }
}

// Each change of a registration's: its name as an operation, and what the status line says
// while it is sent (see `preview`).

crate::words! {
    PromiseExpiry: "it expires {now}, where {promised} was promised" | "hết hạn {now}, trong khi đã hứa {promised}",
    DoRenewOne: "renew for 1 year" | "gia hạn 1 năm",
    DoRenewMany: "renew for {years} years" | "gia hạn {years} năm",
}

/// What a renewal promises: the expiry after it (and before it: one that did not move is a
/// renewal billed on an invoice to pay, not a contradiction).
#[derive(Debug)]
pub struct RenewalPromise {
    pub domain_id: u64,
    pub before: time::Date,
    pub expires: time::Date,
}

impl Promises for RenewalPromise {
    fn reads(&self) -> Vec<Query> {
        vec![Query::DomainDetails(self.domain_id)]
    }

    fn not_as_promised(&self, read: &[Option<Data>], language: Language) -> Option<String> {
        let Some(Some(Data::DomainDetails(record))) = read.first() else { return None };
        let now = crate::api::models::parse_date(&record.expires)?;
        domain_actions::expiry_contradicts(self.before, now, self.expires).then(|| {
            let (now, promised) = (now.to_string(), self.expires.to_string());
            let date = |d: &str| crate::i18n::format::date(d, language);
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("now", &date(&now)), ("promised", &date(&promised))];
            super::promise::not_as_promised(&PromiseExpiry.fill(language, &fill), language)
        })
    }
}

/// A renewal.
pub struct DomainRenew;
impl DomainRenew {
    pub const NAME: Text = Text::Own(&["domain renewal", "gia hạn tên miền"]);
    pub fn words(_domain_id: &u64, years: &u32, language: Language) -> String {
        match years {
            1 => DoRenewOne.get(language).to_owned(),
            years => DoRenewMany.fill(language, &[("years", years)]),
        }
    }
}

/// Autorenew turned on or off.
pub struct DomainAutorenew;
impl DomainAutorenew {
    pub const NAME: Text = Text::Own(&["autorenew change", "đổi chế độ tự động gia hạn"]);
    pub fn words(_domain_id: &u64, on: &bool, language: Language) -> String {
        crate::i18n::switched(Text::WordAutorenew, *on, language)
    }
}

/// The registrar lock turned on or off.
pub struct DomainLock;
impl DomainLock {
    pub const NAME: Text = Text::Own(&["registrar lock change", "đổi khóa chuyển tên miền"]);
    pub fn words(_domain_id: &u64, on: &bool, language: Language) -> String {
        crate::i18n::switched(Text::WordRegistrarLock, *on, language)
    }
}

/// ID protection turned on or off.
pub struct DomainIdProtection;
impl DomainIdProtection {
    pub const NAME: Text = Text::Own(&["ID protection change", "đổi chế độ bảo vệ thông tin"]);
    pub fn words(_domain_id: &u64, on: &bool, language: Language) -> String {
        crate::i18n::switched(Text::WordIdProtection, *on, language)
    }
}

/// The nameservers set, or the portal's defaults.
pub struct DomainNameservers;
impl DomainNameservers {
    pub const NAME: Text = Text::Own(&["nameserver change", "đổi máy chủ tên"]);
    pub fn words(_domain_id: &u64, nameservers: &[String], language: Language) -> String {
        format!("{} → {}", Text::WordNameservers.get(language), crate::i18n::nameserver_list(nameservers, language))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> DomainRecord {
        DomainRecord {
            name: "phosaigon.vn".into(),
            expires: "2027-01-25".into(),
            period: "1".into(),
            recurring_amount: Money::parse("650000").unwrap(),
            ..DomainRecord::default()
        }
    }

    use super::super::tests::filled;

    #[test]
    fn a_renewal_is_previewed_alike_for_the_dialog_and_the_command_line() {
        let record = record();
        for language in [Language::English, Language::Vietnamese] {
            let credit = Money::parse("660000");
            let r = Renewal { record: &record, years: 2, order: &[], credit, currency: "VND", charge: None };
            let preview = renewal(&r, language);
            filled(&preview);
            assert_eq!(preview.title, Text::ConfirmRenewTitle);
            assert_eq!(preview.rows.len(), 5, "{:?}", preview.rows);
            let text = preview.text();
            assert_eq!(text.lines().count(), 6, "a line for each row: {text}");
        }
        let r = Renewal { record: &record, years: 2, order: &[], credit: None, currency: "VND", charge: None };
        let text = renewal(&r, Language::English).text();
        assert!(text.contains("\n  Price: 1,300,000 VND (650,000 VND a year × 2)"), "{text}");
        assert!(text.contains("\n  Expires: 2027-01-25 → 2029-01-25"), "{text}");
        assert!(!text.contains("Credit"), "no credit known, none said: {text}");
    }

    #[test]
    fn a_setting_and_the_nameservers_are_previewed_in_both_languages() {
        for language in [Language::English, Language::Vietnamese] {
            let lock = Change::DomainLock { domain_id: 5120, on: true };
            filled(&switch(&lock, Some(false), language));
            filled(&switch(&lock, None, language));
            let now = ["ns1.a.vn".to_owned(), "ns2.a.vn".to_owned()];
            let preview = nameservers(&now, &[], language);
            filled(&preview);
            assert_eq!(preview.rows.len(), 3);
        }
        let lock = Change::DomainLock { domain_id: 5120, on: true };
        assert_eq!(switch(&lock, Some(false), Language::English).text(), "\n  Change: registrar lock: off → on");
    }
}
