//! The billing changes in words, for the scripting commands and the dashboard alike: why a
//! payment is refused, when a cancelled service ends, and what a service offers instead.

use crate::api::models::{CancelKind, PendingCancellation, ServiceAction, ServiceMethod};
use crate::api::{Language, Money, PayRefusal, Unreadable};
use crate::i18n::Text;

/// A payment refused before sending, in words (`--amount` named where an amount was typed),
/// its amounts in `currency` (the payment's: `api::payment_currency`).
pub fn pay_refusal(refusal: &PayRefusal, id: u64, currency: &str, language: Language) -> String {
    let money = |m: &Money| crate::i18n::format::money_in(*m, currency, language);
    match refusal {
        PayRefusal::AlreadyPaid => Text::CliPayAlreadyPaid.fill(language, &[("id", &id)]),
        PayRefusal::NotPayable(status) => {
            let status = crate::i18n::status(status, language);
            Text::CliPayNotPayable.fill(language, &[("id", &id), ("status", &status)])
        }
        PayRefusal::NotPositive => Text::CliPayNotPositive.get(language).to_owned(),
        PayRefusal::MoreThanDue { amount, due } => {
            Text::CliPayMoreThanDue.fill(language, &[("amount", &money(amount)), ("due", &money(due)), ("id", &id)])
        }
        PayRefusal::MoreThanCredit { amount, credit } => {
            Text::CliPayMoreThanCredit.fill(language, &[("amount", &money(amount)), ("credit", &money(credit))])
        }
        PayRefusal::OtherCurrency { invoice, balance } => {
            Text::CliPayOtherCurrency.fill(language, &[("invoice", invoice), ("balance", balance)])
        }
        PayRefusal::CreditUnknown => Text::CliPayCreditUnknown.get(language).to_owned(),
        PayRefusal::CreditCurrencyUnknown { invoice } => {
            Text::CliPayCreditCurrencyUnknown.fill(language, &[("invoice", invoice)])
        }
        PayRefusal::Overflow => Text::CliOverflow.get(language).to_owned(),
    }
}

/// Why an amount typed (`typed`, of `currency`) is not read, in words: what was typed and
/// what to write instead.
pub fn unreadable_amount(typed: &str, why: &Unreadable, currency: &str, language: Language) -> String {
    use crate::i18n::format::{money, money_in};
    let amount = crate::api::sanitize::line(typed.trim()).into_owned();
    let plain = |m: &Money| money(*m, language).replace(crate::i18n::format::marks(language).thousands, "");
    let fill = |text: Text, more: &[(&str, &dyn std::fmt::Display)]| {
        let mut all: Vec<(&str, &dyn std::fmt::Display)> = vec![("amount", &amount), ("currency", &currency)];
        all.extend_from_slice(more);
        text.fill(language, &all)
    };
    match why {
        Unreadable::NotANumber => fill(Text::AmountNotNumber, &[]),
        Unreadable::Sign => fill(Text::AmountSign, &[]),
        Unreadable::Exponent => fill(Text::AmountExponent, &[]),
        Unreadable::Blank => fill(Text::AmountBlank, &[]),
        Unreadable::Stray(c) => fill(Text::AmountStray, &[("char", c)]),
        Unreadable::OtherCurrency(unit) => fill(Text::AmountOtherCurrency, &[("unit", unit)]),
        Unreadable::Decimals { allowed: 0 } => fill(Text::AmountNoDecimals, &[]),
        Unreadable::Decimals { allowed } => fill(Text::AmountDecimals, &[("n", allowed)]),
        Unreadable::Grouping => fill(Text::AmountGrouping, &[]),
        Unreadable::OtherWay { meant } => {
            fill(Text::AmountOtherWay, &[("plain", &plain(meant)), ("written", &money(*meant, language))])
        }
        Unreadable::Ambiguous { grouped, decimal } => {
            let (grouped_in, decimal_in) =
                (money_in(*grouped, currency, language), money_in(*decimal, currency, language));
            let (plain, written) = (plain(grouped), money(*grouped, language));
            let both: &[(&str, &dyn std::fmt::Display)] =
                &[("grouped", &grouped_in), ("decimal", &decimal_in), ("plain", &plain), ("written", &written)];
            // Where the decimal reading is an amount of the currency too, how to write it.
            if decimal.in_minor_unit(currency) == *decimal {
                let short = money(*decimal, language);
                fill(Text::AmountAmbiguousBoth, &[both, &[("short", &short as &dyn std::fmt::Display)]].concat())
            } else {
                fill(Text::AmountAmbiguous, both)
            }
        }
        Unreadable::TooLarge => fill(Text::AmountTooLarge, &[]),
    }
}

/// When a cancelled service ends: now, or at the end of its billing period (`next_due`,
/// when the portal gives it and it is not past: a service overdue since then has no period
/// left to run, and a date gone by is never offered as the future).
pub fn cancel_when(now: bool, next_due: &str, language: Language, today: time::Date) -> String {
    match (now, next_due.trim()) {
        (true, _) => Text::CliCancelNow.get(language).to_owned(),
        (false, "") => Text::CliCancelNoDate.get(language).to_owned(),
        (false, due) => {
            let date = crate::i18n::format::date(due, language);
            match crate::api::models::days_until(due, today) {
                Some(days) if days < 0 => Text::CliCancelPeriodPast.fill(language, &[("date", &date)]),
                _ => Text::CliCancelEndOfPeriod.fill(language, &[("date", &date)]),
            }
        }
    }
}

/// Service `id` does not offer `action`: what it offers instead, in words.
pub fn action_not_offered(id: u64, listed: &[ServiceMethod], action: ServiceAction, language: Language) -> String {
    let names: Vec<&str> = listed.iter().map(|m| m.name.trim()).filter(|n| !n.is_empty()).collect();
    let names = if names.is_empty() { Text::CliOffersNothing.get(language).to_owned() } else { names.join(", ") };
    let text = if action == ServiceAction::Cancel { Text::CliCancelNotOffered } else { Text::CliLabelNotOffered };
    text.fill(language, &[("id", &id), ("names", &names)])
}

/// What a payment from the credit does, as labelled rows of exact money: the invoice's
/// total, what it still asks, the credit, what is paid, and both after.
pub fn payment_rows(payment: &crate::api::Payment, language: Language) -> Vec<(&'static str, String)> {
    let rows = [
        (Text::LabelPayTotal, payment.total),
        (Text::LabelPayDue, payment.due),
        (Text::LabelPayCredit, payment.credit),
        (Text::LabelPayAmount, payment.amount),
        (Text::LabelPayDueAfter, payment.due_after),
        (Text::LabelPayCreditAfter, payment.credit_after),
    ];
    let money = |m: Money| crate::i18n::format::money_in(m, &payment.currency, language);
    let value = |label: Text, m: Money| match label {
        // Nothing is named when it is paid whole: the portal applies what it still asks.
        Text::LabelPayAmount if !payment.amount_given => Text::LabelPayWhole.fill(language, &[("due", &money(m))]),
        _ => money(m),
    };
    rows.iter().map(|(label, m)| (label.get(language), value(*label, *m))).collect()
}

/// A pending cancellation's type in words (a type the portal names otherwise, as sent).
pub fn cancel_kind(kind: &CancelKind, language: Language) -> String {
    match kind {
        CancelKind::EndOfPeriod => Text::CancelKindEndOfPeriod.get(language).to_owned(),
        CancelKind::Immediate => Text::CancelKindImmediate.get(language).to_owned(),
        CancelKind::Other(named) => Text::CancelKindOther.fill(language, &[("type", named)]),
    }
}

/// What a list says of a service with a pending cancellation: `cancels 2026-12-04` (its
/// date, else its next due date), or `cancellation requested` when neither is known.
pub fn cancels(pending: &PendingCancellation, next_due: &str, language: Language) -> String {
    match [pending.date.trim(), next_due.trim()].into_iter().find(|d| !d.is_empty()) {
        Some(date) => Text::ServiceCancelsOn.fill(language, &[("date", &crate::i18n::format::date(date, language))]),
        None => Text::ServiceCancelRequested.get(language).to_owned(),
    }
}

/// Why `x` sends nothing on a service already pending cancellation.
pub fn cancel_pending(
    id: u64,
    name: &str,
    pending: &PendingCancellation,
    next_due: &str,
    language: Language,
) -> String {
    let when = cancels(pending, next_due, language);
    Text::ServiceCancelPending.fill(language, &[("id", &id), ("name", &name), ("when", &when)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_that_ended_is_never_offered_as_the_future() {
        let today = time::macros::date!(2026 - 11 - 21);
        let ahead = cancel_when(false, "2026-12-06", Language::English, today);
        assert!(ahead.contains("on 2026-12-06; until then it keeps running"), "{ahead}");
        let past = cancel_when(false, "2026-11-01", Language::English, today);
        assert!(past.contains("due on 2026-11-01 and has passed") && !past.contains("keeps running"), "{past}");
        let vi = cancel_when(false, "2026-11-01", Language::Vietnamese, today);
        assert!(vi.contains("đã qua") && !vi.contains("vẫn hoạt động"), "{vi}");
        assert_eq!(
            cancel_when(true, "2026-11-01", Language::English, today),
            cancel_when(true, "", Language::English, today)
        );
    }
}
