//! A record's fields as a detail shows them, with their labels: the account, a service,
//! an invoice and its sums, the balance; the same for the dashboard and the commands.

use super::format::{date, date_and_countdown, money_in, quantity};
use super::{Language, Text};
use crate::api::Money;
use crate::api::models::{Account, Balance, Invoice, Service};

/// The account's main fields with their labels, as the dashboard and `details` show them.
pub fn account_overview(account: &Account, language: Language) -> [(&'static str, String); 9] {
    let label = |t: Text| t.get(language);
    [
        (label(Text::LabelName), account.full_name()),
        (label(Text::LabelCompany), account.companyname.clone()),
        (label(Text::LabelEmail), account.email.clone()),
        (label(Text::LabelAddress), account.address()),
        (label(Text::LabelPhone), super::phone(None, &account.phonenumber)),
        (label(Text::LabelCountry), account.country.clone()),
        (label(Text::LabelStatus), super::status(&account.status, language).into_owned()),
        (label(Text::LabelCredit), credit(account, language)),
        (label(Text::LabelLastLogin), last_login(account, language)),
    ]
}

/// A service's fields with their labels, as its detail and `service ID` show them.
pub fn service_fields(
    service: &Service,
    language: Language,
    today: time::Date,
    currency: &str,
) -> Vec<(&'static str, String)> {
    let label = |t: Text| t.get(language);
    // A service pending cancellation: its next due date without a countdown (nothing more
    // to pay), and the request in words after it.
    let next_due = match (service.has_ended(), &service.cancellation) {
        (true, _) => "—".to_owned(),
        (false, Some(_)) => date(&service.next_due, language),
        (false, None) => date_and_countdown(&service.next_due, today, language),
    };
    let mut fields = vec![
        (label(Text::LabelDomain), service.domain.to_string()),
        (label(Text::LabelLabel), service.label.to_string()),
        (label(Text::LabelCategory), service.category.to_string()),
        (label(Text::LabelStatus), super::status(&service.status, language).into_owned()),
        (label(Text::LabelBillingCycle), super::cycle(&service.billingcycle, language).into_owned()),
        (label(Text::LabelTotal), money_in(service.total, currency, language)),
        (label(Text::LabelFirstPayment), money_in(service.firstpayment, currency, language)),
        (label(Text::LabelNextDue), next_due),
        (label(Text::LabelNextInvoice), date(&service.next_invoice, language)),
        (label(Text::LabelRegistered), date(&service.date_created, language)),
        (label(Text::LabelUsername), service.username.to_string()),
    ];
    if let Some(pending) = service.cancellation.as_ref().filter(|_| !service.has_ended()) {
        fields.push((label(Text::LabelCancellation), super::cancel_kind(&pending.kind, language)));
        let ends = [pending.date.trim(), service.next_due.trim()].into_iter().find(|d| !d.is_empty());
        fields.push((label(Text::LabelEnds), ends.map(|d| date(d, language)).unwrap_or_default()));
        fields.push((label(Text::LabelReason), pending.reason.clone()));
    }
    fields
}

/// An invoice's dates and status with their labels.
pub fn invoice_fields(invoice: &Invoice, language: Language, today: time::Date) -> Vec<(&'static str, String)> {
    let label = |t: Text| t.get(language);
    let due = match invoice.standing() {
        crate::api::models::Standing::Unpaid => date_and_countdown(invoice.due(), today, language),
        _ => date(invoice.due(), language),
    };
    vec![
        (label(Text::LabelStatus), super::status(&invoice.status, language).into_owned()),
        (label(Text::LabelInvoiceDate), date(&invoice.date, language)),
        (label(Text::LabelDueDate), due),
        (label(Text::LabelDatePaid), date(&invoice.datepaid, language)),
        (label(Text::LabelNotes), invoice.notes.replace('\n', " ")),
    ]
}

/// An invoice's sums with their labels, in its currency, as a bill reads: subtotal, tax,
/// total; then, where credit was applied, that credit and what is still due after it.
pub fn invoice_sums(invoice: &Invoice, language: Language) -> Vec<(String, String)> {
    let amount = |m| money_in(m, &invoice.currency, language);
    let tax = match quantity(&invoice.taxrate, language).as_str() {
        "" | "0" => Text::LabelTax.get(language).to_owned(),
        rate => format!("{} ({rate}%)", Text::LabelTax.get(language)),
    };
    let mut sums = vec![
        (Text::LabelSubtotal.get(language).to_owned(), amount(invoice.subtotal)),
        (tax, amount(invoice.tax)),
        (Text::LabelTotal.get(language).to_owned(), amount(invoice.total)),
    ];
    if !invoice.credit.is_zero() {
        sums.push((Text::LabelCreditApplied.get(language).to_owned(), amount(invoice.credit)));
        if let Some(due) = invoice.still_due() {
            sums.push((Text::LabelStillDue.get(language).to_owned(), amount(due)));
        }
    }
    sums
}

/// When and from where: `2026-11-21 21:14:05  113.161.72.18 (static.vnpt.vn)`.
fn last_login(account: &Account, language: Language) -> String {
    let host = if account.host.is_empty() { String::new() } else { format!(" ({})", account.host) };
    format!("{}  {}{host}", date(&account.lastlogin, language), account.ip).trim().to_owned()
}

/// The balance as the vendor documents it, with its labels: the credit (`acc_credit`, what
/// can be spent) and what is unpaid (`acc_balance`, what is owed), in its currency; `—`
/// for a figure the portal did not say.
pub fn balance_rows(balance: &Balance, language: Language) -> [(&'static str, String); 2] {
    let amount = |m: Option<Money>| m.map_or_else(|| "—".to_owned(), |m| money_in(m, &balance.currency, language));
    [
        (Text::LabelCredit.get(language), amount(balance.credit)),
        (Text::LabelUnpaid.get(language), amount(balance.unpaid)),
    ]
}

/// The credit as money in the reader's convention, with the account's currency code when
/// the portal sends one; text that is not an amount is shown as sent.
fn credit(account: &Account, language: Language) -> String {
    let Some(amount) = Money::parse(&account.credit) else { return account.credit.clone() };
    money_in(amount, account.currency_code(), language)
}
