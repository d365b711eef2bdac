use serde::{Deserialize, Serialize};

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One registration of a domain name (`GET /domain/name/@name`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub struct DomainRecord {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::text")]
    pub date_created: String,
    #[serde(deserialize_with = "lenient::money")]
    pub firstpayment: Money,
    #[serde(deserialize_with = "lenient::money")]
    pub recurring_amount: Money,
    #[serde(deserialize_with = "lenient::text")]
    pub period: String,
    #[serde(deserialize_with = "lenient::text")]
    pub expires: String,
    #[serde(deserialize_with = "lenient::text")]
    pub status: String,
    #[serde(deserialize_with = "lenient::text")]
    pub next_due: String,
    #[serde(deserialize_with = "lenient::text")]
    pub next_invoice: String,
    #[serde(deserialize_with = "lenient::flag", serialize_with = "lenient::serialize_flag")]
    pub idprotection: bool,
    #[serde(deserialize_with = "lenient::name_list")]
    pub nameservers: Vec<String>,
    #[serde(deserialize_with = "lenient::flag", serialize_with = "lenient::serialize_flag")]
    pub autorenew: bool,
    #[serde(flatten, deserialize_with = "lenient::extra_fields", serialize_with = "lenient::serialize_extra")]
    pub extra: ExtraFields,
}

/// The spec's `{"details": [...]}` or BKNS/123HOST's `{"success": true, "domains": [...]}`.
#[derive(Deserialize)]
pub struct DomainRecords {
    #[serde(alias = "domains")]
    pub details: Vec<DomainRecord>,
}
