//! The billing changes in words, for the scripting commands and the dashboard alike: why a
//! payment is refused, when a cancelled service ends, and what a service offers instead.

use crate::api::models::{CancelKind, PendingCancellation, ServiceAction, ServiceMethod};
use crate::api::{Language, Money, PayRefusal};
use crate::i18n::Text;

/// A payment refused before sending, in words (`--amount` named where an amount was typed).
pub fn pay_refusal(refusal: &PayRefusal, id: u64, language: Language) -> String {
    let money = |m: &Money| crate::i18n::format::money(*m, language);
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
        PayRefusal::Overflow => Text::CliOverflow.get(language).to_owned(),
    }
}

/// When a cancelled service ends: now, or at the end of its billing period (`next_due`,
/// when the portal gives it).
pub fn cancel_when(now: bool, next_due: &str, language: Language) -> String {
    match (now, next_due.trim()) {
        (true, _) => Text::CliCancelNow.get(language).to_owned(),
        (false, "") => Text::CliCancelNoDate.get(language).to_owned(),
        (false, due) => {
            let date = crate::i18n::format::date(due, language);
            Text::CliCancelEndOfPeriod.fill(language, &[("date", &date)])
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
    rows.iter().map(|(label, m)| (label.get(language), money(*m))).collect()
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
