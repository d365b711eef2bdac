use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

use super::Account;

/// `GET /balance` → `{"details": {"currency": …, "acc_balance": …, "acc_credit": …}}`, as the
/// vendor documents it: "current account balance (unpaid invoices total), account credit".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Balance {
    pub currency: String,
    /// `acc_balance`: what the account owes, the total of its unpaid invoices; `None` when
    /// not sent (or not known: a balance made from the details).
    pub unpaid: Option<Money>,
    /// `acc_credit`: the credit, what paying an invoice from the credit spends (and a
    /// renewal, on a portal that charges it at once); `None` when not sent.
    pub credit: Option<Money>,
    pub extra: ExtraFields,
}

lenient::portal_object!(Balance, "a balance", extra, {
    "currency" => currency: lenient::Text,
    "acc_balance" => unpaid: lenient::OptAmount,
    "acc_credit" => credit: lenient::OptAmount,
});

impl Balance {
    /// The credit as the details give it (`credit`, the same credit), for a portal without
    /// `GET /balance`: what is owed is not known. `None` when the details' credit is not an
    /// amount.
    pub fn from_details(account: &Account) -> Option<Balance> {
        let credit = Money::parse(account.credit.trim())?;
        Some(Balance { currency: account.currency_code().to_owned(), credit: Some(credit), ..Balance::default() })
    }

    /// This balance with the details' credit where it sent none.
    pub fn or_details(mut self, account: &Account) -> Balance {
        if self.credit.is_none() {
            self.credit = Balance::from_details(account).and_then(|b| b.credit);
        }
        self
    }
}

/// The answer's envelope.
#[derive(Debug, serde::Deserialize)]
pub struct BalanceEnvelope {
    pub details: Balance,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn the_balance_is_read_as_documented_what_is_owed_and_the_credit() {
        let answer =
            r#"{"success":true,"details":{"currency":"VND","acc_balance":"1500000.00","acc_credit":"400000.00"}}"#;
        let balance = serde_json::from_str::<BalanceEnvelope>(answer).unwrap().details;
        assert_eq!((balance.unpaid, balance.credit), (Some(money("1500000")), Some(money("400000"))));
        let silent = serde_json::from_str::<BalanceEnvelope>(r#"{"details":{"currency":"USD"}}"#).unwrap().details;
        assert_eq!((silent.unpaid, silent.credit), (None, None), "not sent is not zero");

        let account = Account {
            credit: "250000.000".into(),
            extra: vec![("currency_code".into(), "VND".into())],
            ..Account::default()
        };
        let from_details = Balance::from_details(&account).unwrap();
        assert_eq!((from_details.credit, from_details.unpaid), (Some(money("250000")), None));
        assert_eq!(from_details.currency, "VND");
        assert_eq!(silent.or_details(&account).credit, Some(money("250000")), "the details' credit where none");
        assert_eq!(balance.or_details(&account).credit, Some(money("400000")), "acc_credit first");
        assert!(Balance::from_details(&Account { credit: "n/a".into(), ..Account::default() }).is_none());
    }
}
