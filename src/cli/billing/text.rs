//! The billing commands' text reports: the SSL certificates' table, a service's label, an
//! unpaid invoice's ways to pay.

use crate::api::Language;
use crate::api::models::{Invoice, PaymentMethod, SslService, Standing};
use crate::cli::report::{header, table};
use crate::i18n::Text;
use crate::i18n::format::{date, days_left_until};

/// The SSL certificates, soonest to expire first (those without a date last): id, domain,
/// the certificate's state, its expiry and the days left.
pub fn certificates(list: &[SslService], language: Language, today: time::Date) -> String {
    let mut sorted: Vec<&SslService> = list.iter().collect();
    sorted.sort_by_key(|c| (c.unreadable.is_some(), c.days_left(today).is_none(), c.days_left(today)));
    let rows: Vec<Vec<String>> = sorted
        .iter()
        .map(|c| {
            if let Some(why) = &c.unreadable {
                return vec![c.id.to_string(), c.domain.clone(), why.clone(), String::new(), String::new()];
            }
            let state = match c.cert_status.trim() {
                "" => Text::CertPending.get(language).to_owned(),
                status => crate::i18n::status(status, language).into_owned(),
            };
            vec![
                c.id.to_string(),
                c.domain.clone(),
                state,
                date(&c.cert_expires, language),
                days_left_until(&c.cert_expires, today, language),
            ]
        })
        .collect();
    use Text::*;
    let columns = [Some(RepId), Some(RepDomain), Some(RepCertColumn), Some(RepExpires), Some(RepLeft)];
    let title = RepCertificatesTitle.fill(language, &[("n", &list.len())]);
    format!("{title}\n{}", table(&header(language, &columns), &rows))
}

/// A service's label.
pub fn label(id: u64, label: &str, language: Language) -> String {
    match label.trim() {
        "" => Text::CliLabelNone.fill(language, &[("id", &id)]) + "\n",
        label => Text::CliLabelShow.fill(language, &[("id", &id), ("label", &label)]) + "\n",
    }
}

/// Under an unpaid invoice: the portal's payment methods and the command that pays it
/// from the credit. Nothing for an invoice that is not awaiting payment.
pub fn how_to_pay(invoice: &Invoice, id: u64, methods: &[PaymentMethod], language: Language) -> String {
    if invoice.standing() != Standing::Unpaid || invoice.is_paid() {
        return String::new();
    }
    let mut text = String::from("\n");
    let names: Vec<&str> = methods.iter().map(|m| m.name.trim()).filter(|n| !n.is_empty()).collect();
    if !names.is_empty() {
        text += &(Text::RepPaymentMethods.fill(language, &[("names", &names.join(", "))]) + "\n");
    }
    text + &Text::RepPayFromCredit.fill(language, &[("id", &id)]) + "\n"
}
