use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One registration of a domain name (`GET /domain/name/@name`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DomainRecord {
    pub id: CompactString,
    pub name: CompactString,
    pub date_created: CompactString,
    pub firstpayment: Money,
    pub recurring_amount: Money,
    pub period: CompactString,
    pub expires: CompactString,
    pub status: CompactString,
    pub next_due: CompactString,
    pub next_invoice: CompactString,
    pub idprotection: bool,
    pub nameservers: Vec<CompactString>,
    pub autorenew: bool,
    pub extra: ExtraFields,
    /// Why the portal's record could not be read, when it could not: then only `id` and
    /// `name` are known, and the others in the answer are still shown.
    pub unreadable: Option<String>,
}

impl lenient::Salvage for DomainRecord {
    fn unreadable(self, reason: String) -> DomainRecord {
        DomainRecord { id: self.id, name: self.name, unreadable: Some(reason), ..DomainRecord::default() }
    }
}

lenient::portal_object!(DomainRecord, "a domain record", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "date_created" => date_created: lenient::Short,
    "firstpayment" => firstpayment: lenient::Amount,
    "recurring_amount" => recurring_amount: lenient::Amount,
    "period" => period: lenient::Short,
    "expires" => expires: lenient::Short,
    "status" => status: lenient::Short,
    "next_due" => next_due: lenient::Short,
    "next_invoice" => next_invoice: lenient::Short,
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
