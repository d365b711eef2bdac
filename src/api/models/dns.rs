use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};

/// One DNS record of a domain (`GET /domain/@id/dns`). `id` is the portal's `record_id`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DnsRecord {
    pub id: String,
    pub name: String,
    /// `A`, `AAAA`, `CNAME`, `MX`, `TXT`…
    pub kind: String,
    pub content: String,
    pub ttl: String,
    pub priority: String,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl lenient::Salvage for DnsRecord {
    fn unreadable(id: String, name: String, reason: String) -> DnsRecord {
        DnsRecord { id, name, unreadable: Some(reason), ..DnsRecord::default() }
    }
}

lenient::portal_object!(DnsRecord, "a DNS record", extra, {
    "id" => id: lenient::Text,
    "name" => name: lenient::Text,
    "type" => kind: lenient::Text,
    "content" => content: lenient::Text,
    "ttl" => ttl: lenient::Text,
    "priority" => priority: lenient::Text,
});

/// `{"records": [...]}`.
#[derive(Debug, Deserialize)]
pub struct DnsRecords {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub records: Vec<DnsRecord>,
}
