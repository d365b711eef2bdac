//! A change in a few words, for the status line: what is being sent and what came of it.

use super::{Language, Text};
use crate::api::{Change, dns_rules};

/// `add www A 203.0.113.7`, `upgrade service #2207`…
pub fn change_words(change: &Change, language: Language) -> String {
    match change {
        Change::DnsAdd { record, .. } => format!("{} {}", Text::DoAdd.get(language), dns_rules::sent_line(record)),
        Change::DnsUpdate { record_id, record, .. } => {
            format!("{} → {}", Text::DoUpdate.fill(language, &[("id", record_id)]), dns_rules::sent_line(record))
        }
        Change::DnsDelete { record_id, .. } => Text::DoDelete.fill(language, &[("id", record_id)]),
        Change::Upgrade { service_id, send: false, .. } => Text::DoEstimate.fill(language, &[("id", service_id)]),
        Change::Upgrade { service_id, send: true, .. } => Text::DoUpgrade.fill(language, &[("id", service_id)]),
        Change::TicketReply { number, .. } => Text::DoTicketReply.fill(language, &[("number", number)]),
        Change::TicketNew { subject, .. } => Text::DoTicketNew.fill(language, &[("subject", subject)]),
        Change::TicketClose { number } => Text::DoTicketClose.fill(language, &[("number", number)]),
        Change::TicketReopen { number } => Text::DoTicketReopen.fill(language, &[("number", number)]),
        Change::InvoicePay { invoice_id, amount: None } => Text::DoInvoicePay.fill(language, &[("id", invoice_id)]),
        Change::InvoicePay { invoice_id, amount: Some(amount) } => {
            let amount = super::format::money(*amount, language);
            Text::DoInvoicePayAmount.fill(language, &[("id", invoice_id), ("amount", &amount)])
        }
        Change::ServiceCancel { service_id, immediate, .. } => {
            let text = if *immediate { Text::DoServiceCancelNow } else { Text::DoServiceCancel };
            text.fill(language, &[("id", service_id)])
        }
        Change::ServiceLabel { service_id, label } => {
            Text::DoServiceLabel.fill(language, &[("id", service_id), ("label", label)])
        }
    }
}
