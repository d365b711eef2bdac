//! Hosted DNS zones: portals that sell DNS hosting (DNS.services is one) keep a name's
//! records in a zone under a DNS hosting service, not under a domain registration.
//! `GET /dns` lists the zones, `GET /service/@sid/dns/@zid` gives one zone's records.

use compact_str::CompactString;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::DnsRecord;
use crate::api::lenient::{self, ExtraFields};

/// Where a hosted zone is: the DNS hosting service holding it and the zone's own id, the
/// two ids of its routes (`/service/@sid/dns/@zid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZoneRef {
    pub service_id: u64,
    pub zone_id: u64,
}

/// One hosted zone as `GET /dns` lists it. The zone's id is its `domain_id` (the id its
/// routes take), not a registration's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Zone {
    pub zone_id: CompactString,
    pub name: CompactString,
    pub service_id: CompactString,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl Zone {
    /// The zone's routes' ids; none when either is not a number (such a zone is listed but
    /// never read or changed: its path would not be the one shown).
    pub fn at(&self) -> Option<ZoneRef> {
        if self.unreadable.is_some() {
            return None;
        }
        let service_id = self.service_id.trim().parse().ok()?;
        let zone_id = self.zone_id.trim().parse().ok()?;
        Some(ZoneRef { service_id, zone_id })
    }

    /// Whether this zone is the one of `name` (case, blanks and a trailing dot aside).
    pub fn is_named(&self, name: &str) -> bool {
        !self.name.trim().is_empty() && name_key(&self.name) == name_key(name)
    }
}

/// A domain name as zones are matched by it: case, blanks and a trailing dot aside.
pub fn name_key(name: &str) -> String {
    name.trim().trim_end_matches('.').to_lowercase()
}

impl lenient::Salvage for Zone {
    fn unreadable(self, reason: String) -> Zone {
        Zone { zone_id: self.zone_id, name: self.name, unreadable: Some(reason), ..Zone::default() }
    }
}

lenient::portal_object!(Zone, "a DNS zone", extra, {
    "domain_id" => zone_id: lenient::Short,
    "name" => name: lenient::Short,
    "service_id" => service_id: lenient::Short,
});

/// `GET /dns` → `{"service_ids": [...], "zones": [...]}`.
#[derive(Debug, Deserialize)]
pub struct ZoneList {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub zones: Vec<Zone>,
}

/// The zone a name's DNS is hosted in, among those listed: the first readable one named so.
pub fn zone_named<'a>(zones: &'a [Zone], name: &str) -> Option<&'a Zone> {
    zones.iter().find(|z| z.unreadable.is_none() && z.is_named(name))
}

/// `GET /service/@sid/dns/@zid` → `{"service_id", "name", "records": ...}`; `records` is a
/// list, or an object keyed by the records' ids (seen on DNS-hosting portals).
#[derive(Debug, Deserialize)]
pub struct ZoneAnswer {
    #[serde(deserialize_with = "listed_or_keyed")]
    pub records: Vec<DnsRecord>,
}

/// A list of records, or an object of them keyed by id: a record without an id of its own
/// takes its key. Either way one record the tool cannot read does not lose the others, and
/// the records keep the order the portal sent them in.
fn listed_or_keyed<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<DnsRecord>, D::Error> {
    let listed = d.deserialize_any(AsList)?;
    lenient::each_or_unreadable(listed).map_err(serde::de::Error::custom)
}

/// Reads records sent either way as one JSON list.
struct AsList;

impl AsList {
    fn not_records<E: serde::de::Error>(kind: &str) -> Result<Value, E> {
        Err(E::custom(lenient::found("a list or an object of records", kind)))
    }
}

impl<'de> Visitor<'de> for AsList {
    type Value = Value;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list or an object of records")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some((key, mut item)) = map.next_entry::<String, Value>()? {
            if let Value::Object(fields) = &mut item {
                let blank = match fields.get("id") {
                    None | Some(Value::Null) => true,
                    Some(Value::String(id)) => id.trim().is_empty(),
                    Some(_) => false,
                };
                if blank {
                    fields.insert("id".to_owned(), Value::String(key));
                }
            }
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Array(Vec::new()))
    }
    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Value, E> {
        Self::not_records("a boolean")
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Value, E> {
        Self::not_records("a number")
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Value, E> {
        Self::not_records("a number")
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Value, E> {
        Self::not_records("a number")
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Value, E> {
        Self::not_records("a string")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(json: &str) -> Vec<DnsRecord> {
        serde_json::from_str::<ZoneAnswer>(json).unwrap().records
    }

    fn summary(records: &[DnsRecord]) -> Vec<String> {
        records.iter().map(|r| format!("{} {} {} {} {}", r.id, r.name, r.kind, r.content, r.ttl)).collect()
    }

    #[test]
    fn records_as_a_list_or_keyed_by_id_read_alike() {
        let listed = records(
            r#"{"service_id": "2230", "name": "a.vn", "records": [
                {"id": 7, "name": "@", "type": "A", "content": "203.0.113.7", "ttl": 300, "priority": 0},
                {"id": "8", "name": "www", "type": "CNAME", "content": "a.vn.", "ttl": "3600"}
            ]}"#,
        );
        let keyed = records(
            r#"{"records": {
                "7": {"name": "@", "type": "A", "content": "203.0.113.7", "ttl": 300, "priority": 0},
                "8": {"id": "", "name": "www", "type": "CNAME", "content": "a.vn.", "ttl": "3600"}
            }}"#,
        );
        assert_eq!(summary(&listed), ["7 @ A 203.0.113.7 300", "8 www CNAME a.vn. 3600"]);
        assert_eq!(summary(&keyed), summary(&listed), "the key is the id of a record without one");
    }

    #[test]
    fn a_keyed_record_keeps_its_own_id_and_the_order_sent() {
        let keyed = records(
            r#"{"records": {"9": {"id": 31, "name": "b"}, "10": {"name": "a"}, "2": "not a record", "x": null}}"#,
        );
        let ids: Vec<&str> = keyed.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["31", "10", "", ""]);
        assert!(keyed[2].unreadable.as_deref().unwrap().contains("found a string"), "{:?}", keyed[2]);
        assert!(keyed[3].unreadable.is_some());
        assert!(records(r#"{"records": null}"#).is_empty());
        let e = serde_json::from_str::<ZoneAnswer>(r#"{"records": "none"}"#).unwrap_err().to_string();
        assert!(e.starts_with("expected a list or an object of records, found a string"), "{e}");
    }

    #[test]
    fn zones_are_found_by_name_and_ids_that_are_numbers() {
        let list: ZoneList = serde_json::from_str(
            r#"{"service_ids": ["2230"], "zones": [
                {"domain_id": "61", "name": "DuLichDaLat.com", "service_id": "2230"},
                {"domain_id": "x", "name": "b.vn", "service_id": 2230},
                {"domain_id": 63, "name": ["c.vn"], "service_id": 2230}
            ]}"#,
        )
        .unwrap();
        let found = zone_named(&list.zones, "dulichdalat.com.").unwrap();
        assert_eq!(found.at(), Some(ZoneRef { service_id: 2230, zone_id: 61 }));
        assert_eq!(zone_named(&list.zones, "b.vn").unwrap().at(), None, "an id that is no number");
        assert!(list.zones[2].unreadable.is_some() && zone_named(&list.zones, "c.vn").is_none());
        assert!(zone_named(&list.zones, "").is_none());
    }
}
