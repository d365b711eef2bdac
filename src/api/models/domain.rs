use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One registration of a domain name (`GET /domain/name/@name`). A field the answer did
/// not carry is `None` (the flags, the first payment) or empty: the portal's list
/// (`GET /domain`) has no ID protection, first payment, next due date or nameservers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DomainRecord {
    pub id: CompactString,
    pub name: CompactString,
    pub date_created: CompactString,
    pub firstpayment: Option<Money>,
    pub recurring_amount: Money,
    pub period: CompactString,
    pub expires: CompactString,
    pub status: CompactString,
    pub next_due: CompactString,
    pub next_invoice: CompactString,
    pub idprotection: Option<bool>,
    pub nameservers: Vec<CompactString>,
    pub autorenew: Option<bool>,
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

impl DomainRecord {
    /// Keeps what `before` (the same registration, read earlier: its details, say) knew
    /// that this answer does not carry, so that reading the list again loses nothing.
    pub fn keep_known(&mut self, before: &DomainRecord) {
        if self.unreadable.is_some() || before.unreadable.is_some() {
            return;
        }
        self.idprotection = self.idprotection.or(before.idprotection);
        self.autorenew = self.autorenew.or(before.autorenew);
        self.firstpayment = self.firstpayment.or(before.firstpayment);
        for (now, was) in [(&mut self.next_due, &before.next_due), (&mut self.next_invoice, &before.next_invoice)] {
            if now.is_empty() {
                now.clone_from(was);
            }
        }
        if self.nameservers.iter().all(|n| n.trim().is_empty()) && !before.nameservers.is_empty() {
            self.nameservers.clone_from(&before.nameservers);
        }
    }
}

lenient::portal_object!(DomainRecord, "a domain record", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "date_created" => date_created: lenient::Short,
    "firstpayment" => firstpayment: lenient::OptAmount,
    "recurring_amount" => recurring_amount: lenient::Amount,
    "period" => period: lenient::Short,
    "expires" => expires: lenient::Short,
    "status" => status: lenient::Short,
    "next_due" => next_due: lenient::Short,
    "next_invoice" => next_invoice: lenient::Short,
    "idprotection" => idprotection: lenient::OptFlag,
    "nameservers" => nameservers: lenient::Names,
    "autorenew" => autorenew: lenient::OptFlag,
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
