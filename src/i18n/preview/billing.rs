//! The preview of a payment from the account's credit: the invoice's sums before and after,
//! the credit before and after (`i18n::payment_rows`). The invoice is named by each face.

use super::Preview;
use crate::api::{Language, Payment};
use crate::i18n::Text;

/// An invoice paid from the credit, as worked out before sending (`api::plan_payment`).
pub fn invoice_pay(payment: &Payment, language: Language) -> Preview {
    let rows = crate::i18n::payment_rows(payment, language).into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
    Preview { title: Text::ConfirmPayTitle, rows }
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
