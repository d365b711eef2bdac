//! The preview of a payment from the account's credit: the invoice's sums before and after,
//! the credit before and after (`i18n::payment_rows`). The invoice is named by each face.

use super::{Preview, Promises};
use crate::api::{Data, Language, Money, Payment, Query};
use crate::i18n::Text;

/// An invoice paid from the credit, as worked out before sending (`api::plan_payment`).
pub fn invoice_pay(payment: &Payment, language: Language) -> Preview {
    let rows = crate::i18n::payment_rows(payment, language).into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
    Preview { title: Text::ConfirmPayTitle, rows }
}

/// What a payment promises: the credit after it, and what the invoice still asks after it.
#[derive(Debug)]
pub struct PaymentPromise(pub Payment);

impl Promises for PaymentPromise {
    fn reads(&self) -> Vec<Query> {
        vec![Query::Invoice(self.0.invoice_id), Query::Balance]
    }

    fn not_as_promised(&self, read: &[Option<Data>], language: Language) -> Option<String> {
        let (Some(Some(Data::Invoice(invoice))), Some(Some(Data::Balance(balance)))) = (read.first(), read.get(1))
        else {
            return None;
        };
        let payment = &self.0;
        let money = |m: Money| crate::i18n::format::money_in(m, &payment.currency, language);
        let mut said = Vec::new();
        if let Some(credit) = balance.available_credit().filter(|c| *c != payment.credit_after) {
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("now", &money(credit)), ("promised", &money(payment.credit_after))];
            said.push(PromiseCredit.fill(language, &fill));
        }
        // An invoice the portal says is paid owes nothing, whatever a list's entry of it
        // leaves out of what was credited (its own answer says it; a list's may not).
        let due = if invoice.is_paid() { Some(Money::ZERO) } else { invoice.still_due() };
        if let Some(due) = due.filter(|d| *d != payment.due_after) {
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("now", &money(due)), ("promised", &money(payment.due_after))];
            said.push(PromiseDue.fill(language, &fill));
        }
        (!said.is_empty()).then(|| super::promise::not_as_promised(&said.join("; "), language))
    }
}

crate::words! {
    PromiseCredit: "credit {now}, where {promised} was promised" | "số dư {now}, trong khi đã hứa {promised}",
    PromiseDue: "still due {now}, where {promised} was promised" | "còn nợ {now}, trong khi đã hứa {promised}",
    DoInvoicePay: "pay invoice #{id} from the credit" | "thanh toán hóa đơn #{id} bằng số dư",
    DoInvoicePayAmount: "pay {amount} of invoice #{id} from the credit" | "thanh toán {amount} cho hóa đơn #{id} bằng số dư",
}

/// An invoice paid from the credit: its name as an operation, and what the status line says
/// while it is sent (see `preview`).
pub struct InvoicePay;
impl InvoicePay {
    pub const NAME: Text = Text::Own(&["paying from the account credit", "thanh toán bằng số dư"]);
    pub fn words(invoice_id: &u64, amount: &Option<Money>, language: Language) -> String {
        match amount {
            None => DoInvoicePay.fill(language, &[("id", invoice_id)]),
            Some(amount) => {
                let amount = crate::i18n::format::money(*amount, language);
                DoInvoicePayAmount.fill(language, &[("id", invoice_id), ("amount", &amount)])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Money;

    #[test]
    fn a_payment_is_previewed_in_both_languages() {
        let invoice = crate::api::models::Invoice {
            id: "90412".into(),
            status: "Unpaid".into(),
            total: Money::parse("1250000").unwrap(),
            credit: Money::parse("0").unwrap(),
            currency: "VND".into(),
            ..Default::default()
        };
        let balance = crate::api::models::Balance {
            credit: Money::parse("2000000"),
            currency: "VND".into(),
            ..Default::default()
        };
        let payment = crate::api::plan_payment(90412, &invoice, &balance, None).unwrap();
        for language in [Language::English, Language::Vietnamese] {
            let preview = invoice_pay(&payment, language);
            super::super::tests::filled(&preview);
            assert_eq!(preview.title, Text::ConfirmPayTitle);
            assert!(!preview.rows.is_empty());
        }
    }
}
