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
        Change::DomainRenew { years: 1, .. } => Text::DoRenewOne.get(language).to_owned(),
        Change::DomainRenew { years, .. } => Text::DoRenewMany.fill(language, &[("years", years)]),
        Change::DomainAutorenew { on, .. } => switched(Text::WordAutorenew, *on, language),
        Change::DomainLock { on, .. } => switched(Text::WordRegistrarLock, *on, language),
        Change::DomainIdProtection { on, .. } => switched(Text::WordIdProtection, *on, language),
        Change::DomainNameservers { nameservers, .. } => {
            format!("{} → {}", Text::WordNameservers.get(language), nameserver_list(nameservers, language))
        }
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

/// `autorenew → on`.
fn switched(what: Text, on: bool, language: Language) -> String {
    format!("{} → {}", what.get(language), super::on_off(on, language))
}

/// Nameservers as a change sends them: their names, or the words for none (the portal's
/// default nameservers).
pub fn nameserver_list(names: &[String], language: Language) -> String {
    if names.is_empty() { Text::DefaultNameservers.get(language).to_owned() } else { names.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_changes_in_words() {
        let words = |c: Change, l| change_words(&c, l);
        assert_eq!(words(Change::DomainRenew { domain_id: 1, years: 3 }, Language::Vietnamese), "gia hạn 3 năm");
        assert_eq!(words(Change::DomainLock { domain_id: 1, on: false }, Language::English), "registrar lock → off");
        let defaults = Change::DomainNameservers { domain_id: 1, nameservers: Vec::new() };
        assert_eq!(words(defaults, Language::Vietnamese), "máy chủ tên → máy chủ tên mặc định của cổng");
    }
}
