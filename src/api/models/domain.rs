use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One registration of a domain name (`GET /domain/name/@name`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DomainRecord {
    pub id: String,
    pub name: String,
    pub date_created: String,
    pub firstpayment: Money,
    pub recurring_amount: Money,
    pub period: String,
    pub expires: String,
    pub status: String,
    pub next_due: String,
    pub next_invoice: String,
    pub idprotection: bool,
    pub nameservers: Vec<String>,
    pub autorenew: bool,
    pub extra: ExtraFields,
    /// Why the portal's record could not be read, when it could not: then only `id` and
    /// `name` are known, and the others in the answer are still shown.
    pub unreadable: Option<String>,
}

impl lenient::Salvage for DomainRecord {
    fn unreadable(id: String, name: String, reason: String) -> DomainRecord {
        DomainRecord { id, name, unreadable: Some(reason), ..DomainRecord::default() }
    }
}

lenient::portal_object!(DomainRecord, "a domain record", extra, {
    "id" => id: lenient::Text,
    "name" => name: lenient::Text,
    "date_created" => date_created: lenient::Text,
    "firstpayment" => firstpayment: lenient::Amount,
    "recurring_amount" => recurring_amount: lenient::Amount,
    "period" => period: lenient::Text,
    "expires" => expires: lenient::Text,
    "status" => status: lenient::Text,
    "next_due" => next_due: lenient::Text,
    "next_invoice" => next_invoice: lenient::Text,
    "idprotection" => idprotection: lenient::Flag,
    "nameservers" => nameservers: lenient::Names,
    "autorenew" => autorenew: lenient::Flag,
});

/// The spec's `{"details": [...]}` or BKNS/123HOST's `{"success": true, "domains": [...]}`.
#[derive(Debug, Deserialize)]
pub struct DomainRecords {
    #[serde(alias = "domains", deserialize_with = "lenient::each_or_unreadable")]
    pub details: Vec<DomainRecord>,
}

/// `GET /domain/@id` → `{"details": {...}}`: one registration.
#[derive(Debug, Deserialize)]
pub struct DomainDetails {
    pub details: DomainRecord,
}
