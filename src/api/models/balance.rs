use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// `GET /balance` → `{"details": {"currency": …, "acc_balance": …, "acc_credit": …}}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Balance {
    pub currency: String,
    pub balance: Money,
    pub credit: Money,
    pub extra: ExtraFields,
}

lenient::portal_object!(Balance, "a balance", extra, {
    "currency" => currency: lenient::Text,
    "acc_balance" => balance: lenient::Amount,
    "acc_credit" => credit: lenient::Amount,
});

/// The answer's envelope.
#[derive(Debug, serde::Deserialize)]
pub struct BalanceEnvelope {
    pub details: Balance,
}
