//! Several changes that spend the credit, in words, for both faces: the total per
//! currency, the credit now and after (or what it leaves short), an item the credit does
//! not cover (`api::spending` plans them).

use crate::api::spending::Spending;
use crate::api::{Language, Money};
use crate::i18n::format;

crate::words! {
    same: [SpendCreditAfter],
    SpendTotal: "Total {total} · credit {credit} · after {after}" | "Tổng {total} · số dư {credit} · còn lại {after}",
    SpendShort: "Total {total} · credit {credit} · short {after}" | "Tổng {total} · số dư {credit} · còn thiếu {after}",
    SpendNotKnown: "not known" | "không rõ",
    SpendCreditAfter: "{credit} → {after}" | "{credit} → {after}",
    SpendCreditShort: "{credit} → {left} after those it covers: {short} short of the total" | "{credit} → {left} sau các mục đủ trả: còn thiếu {short} so với tổng",
    BeyondRenewal: "beyond the credit: an invoice to pay, or refused, as the portal does" | "vượt số dư: một hóa đơn cần trả, hoặc bị từ chối, tùy cổng",
    BeyondPayment: "beyond the credit: not sent" | "vượt số dư: không gửi",
    BeyondShort: "beyond the credit" | "vượt số dư",
    BeyondRenewalWhy: "an invoice to pay, or refused, as the portal does" | "một hóa đơn cần trả, hoặc bị từ chối, tùy cổng",
}

/// An amount in `currency`, or "not known".
pub fn amount_or_unknown(amount: Option<Money>, currency: &str, language: Language) -> String {
    match amount {
        Some(m) => format::money_in(m, currency, language),
        None => SpendNotKnown.get(language).to_owned(),
    }
}

/// `Total 1,610,000 VND · credit 1,000,000 VND · short 610,000 VND`: every currency's total
/// (`currency` names the credit's), the credit, and after it.
pub fn totals_line<T>(plan: &Spending<T>, currency: &str, language: Language) -> String {
    let totals = totals(plan, currency, language);
    let (line, after) = match plan.after {
        Some(Err(short)) => (SpendShort, Some(short)),
        Some(Ok(after)) => (SpendTotal, Some(after)),
        None => (SpendTotal, None),
    };
    let credit = amount_or_unknown(plan.credit, currency, language);
    let after = amount_or_unknown(after, currency, language);
    let fill: [(&str, &dyn std::fmt::Display); 3] = [("total", &totals), ("credit", &credit), ("after", &after)];
    line.fill(language, &fill)
}

/// Why an item is beyond the credit: a renewal goes anyway (the portal invoices it or
/// refuses it), a payment is not sent.
pub fn beyond(renewal: bool, language: Language) -> &'static str {
    if renewal { BeyondRenewal.get(language) } else { BeyondPayment.get(language) }
}

/// Every currency's total: `1,610,000 VND`, `1,610,000 VND + 10 USD` (`currency` names the
/// credit's).
pub fn totals<T>(plan: &Spending<T>, currency: &str, language: Language) -> String {
    let totals: Vec<String> = plan
        .totals
        .iter()
        .map(|(c, total)| amount_or_unknown(*total, if c.is_empty() { currency } else { c }, language))
        .collect();
    if totals.is_empty() { format::money_in(Money::ZERO, currency, language) } else { totals.join(" + ") }
}

/// The credit now and after the items: `1,000,000 VND → 40,000 VND`, or what it leaves
/// short, with what is left after the items it covers: `1,000,000 VND → 40,000 VND after
/// those it covers: 610,000 VND short of the total`.
pub fn credit_after<T>(plan: &Spending<T>, currency: &str, language: Language) -> String {
    let credit = amount_or_unknown(plan.credit, currency, language);
    match plan.after {
        Some(Err(short)) => {
            let short = format::money_in(short, currency, language);
            let left = amount_or_unknown(plan.left, currency, language);
            SpendCreditShort.fill(language, &[("credit", &credit), ("left", &left), ("short", &short)])
        }
        after => {
            let after = amount_or_unknown(after.and_then(Result::ok), currency, language);
            SpendCreditAfter.fill(language, &[("credit", &credit), ("after", &after)])
        }
    }
}
