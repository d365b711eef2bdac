use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};

/// One DNS record of a domain (`GET /domain/@id/dns`). `id` is the portal's `record_id`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DnsRecord {
    pub id: CompactString,
    pub name: CompactString,
    /// `A`, `AAAA`, `CNAME`, `MX`, `TXT`…
    pub kind: CompactString,
    pub content: String,
    pub ttl: CompactString,
    pub priority: CompactString,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl lenient::Salvage for DnsRecord {
    fn unreadable(self, reason: String) -> DnsRecord {
        DnsRecord { id: self.id, name: self.name, unreadable: Some(reason), ..DnsRecord::default() }
    }
}

lenient::portal_object!(DnsRecord, "a DNS record", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "type" => kind: lenient::Short,
    "content" => content: lenient::Text,
    "ttl" => ttl: lenient::Short,
    "priority" => priority: lenient::Short,
});

/// `{"records": [...]}`.
#[derive(Debug, Deserialize)]
pub struct DnsRecords {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub records: Vec<DnsRecord>,
}

/// `{"types": [...]}`: the record types a domain takes, upper case, blanks left out.
#[derive(Debug, Deserialize)]
pub struct DnsTypes {
    #[serde(deserialize_with = "record_types")]
    pub types: Vec<String>,
}

fn record_types<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let types = Vec::<lenient::ExtraValue>::deserialize(d)?;
    Ok(types.into_iter().map(|t| t.0.trim().to_ascii_uppercase()).filter(|t| !t.is_empty()).collect())
}
