use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, Content, ExtraFields};

/// One DNS record of a domain (`GET /domain/@id/dns`) or of a hosted zone. `id` is the
/// portal's `record_id`.
///
/// `content` is the record's data, never its presentation: TXT text is unquoted however the
/// portal stores it (DNS.services adds quotes: `"\"v=spf1 -all\""`; several quoted strings
/// are one text), and a content the portal sends as a list (the SOA's seven items) is its
/// items joined by spaces, the items kept in `parts`. Such a record is [`DnsRecord::is_fixed`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DnsRecord {
    pub id: CompactString,
    pub name: CompactString,
    /// `A`, `AAAA`, `CNAME`, `MX`, `TXT`…
    pub kind: CompactString,
    pub content: String,
    /// The content's items when the portal sent a list rather than one text (an SOA's
    /// primary server, contact, serial, refresh, retry, expire and minimum); empty otherwise.
    pub parts: Vec<String>,
    pub ttl: CompactString,
    pub priority: CompactString,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
    /// The content as read, until the record is settled into `content` and `parts`; always
    /// empty after (the rest of the code never reads it).
    #[doc(hidden)]
    pub content_read: Content,
}

impl DnsRecord {
    /// Whether the record is the portal's own and read-only here: an SOA, or a content that
    /// is not one text. It is shown and exported, never offered for change or deletion, and
    /// never stands in the way of a change to another record of its name.
    pub fn is_fixed(&self) -> bool {
        !self.parts.is_empty() || self.kind.trim().eq_ignore_ascii_case("SOA")
    }

    /// Whether a record of `kind` holds text (whose quotes are presentation).
    pub fn holds_text(kind: &str) -> bool {
        matches!(kind.trim().to_ascii_uppercase().as_str(), "TXT" | "SPF")
    }

    /// The fields made into the record's data once all are read: the type may come after
    /// the content.
    fn settle(&mut self) {
        match std::mem::take(&mut self.content_read) {
            Content::Parts(parts) => {
                self.content = parts.join(" ");
                self.parts = parts;
            }
            Content::Text(text) if Self::holds_text(&self.kind) => self.content = unquoted(&text),
            Content::Text(text) => self.content = text,
        }
    }
}

/// TXT text as stored, quoted or not: `"a" "b"` is `ab`, `\"` a quote, `\\` a backslash,
/// `\DDD` the byte DDD; text that is not wholly quoted strings is the text itself.
pub fn unquoted(stored: &str) -> String {
    let stored = stored.trim();
    if !stored.starts_with('"') {
        return stored.to_owned();
    }
    let mut bytes = Vec::with_capacity(stored.len());
    let mut chars = stored.bytes().peekable();
    loop {
        while chars.next_if(|b| b.is_ascii_whitespace()).is_some() {}
        match chars.next() {
            None => break,
            Some(b'"') => {}
            Some(_) => return stored.to_owned(),
        }
        loop {
            match chars.next() {
                None => return stored.to_owned(),
                Some(b'"') => break,
                Some(b'\\') => {
                    let digits: Vec<u8> = std::iter::from_fn(|| chars.next_if(u8::is_ascii_digit)).take(3).collect();
                    match digits[..] {
                        [] => match chars.next() {
                            Some(b) => bytes.push(b),
                            None => return stored.to_owned(),
                        },
                        [a, b, c] => {
                            let value = u32::from(a - b'0') * 100 + u32::from(b - b'0') * 10 + u32::from(c - b'0');
                            match u8::try_from(value) {
                                Ok(byte) => bytes.push(byte),
                                Err(_) => return stored.to_owned(),
                            }
                        }
                        _ => return stored.to_owned(),
                    }
                }
                Some(b) => bytes.push(b),
            }
        }
    }
    match String::from_utf8(bytes) {
        Ok(text) => crate::api::sanitize::line(&text).into_owned(),
        Err(_) => stored.to_owned(),
    }
}

impl lenient::Salvage for DnsRecord {
    fn unreadable(self, reason: String) -> DnsRecord {
        DnsRecord { id: self.id, name: self.name, kind: self.kind, unreadable: Some(reason), ..DnsRecord::default() }
    }
}

lenient::portal_object!(DnsRecord, "a DNS record", extra, then (DnsRecord::settle), {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "type" => kind: lenient::Short,
    "content" => content_read: lenient::ContentField,
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

/// A DNS record as a change sends it: `name`, `type`, `content`, `priority` only for a
/// type that has one (`has_priority`), `ttl` when given. What a portal is sent
/// is made by `dns::write::DnsWriter` (the host relative to the zone, targets as the portal
/// lists them, a TTL on every new record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DnsFields {
    pub name: String,
    pub kind: String,
    pub priority: u32,
    /// The record's data: TXT text bare, as the portal's clients send it.
    pub content: String,
    pub ttl: Option<u32>,
}

impl serde::Serialize for DnsFields {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let priority = has_priority(&self.kind);
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("type", &self.kind)?;
        map.serialize_entry("content", &self.content)?;
        if priority {
            map.serialize_entry("priority", &self.priority)?;
        }
        if let Some(ttl) = self.ttl {
            map.serialize_entry("ttl", &ttl)?;
        }
        map.end()
    }
}

/// Whether a record of `kind` has a priority (MX's preference, SRV's and URI's priority):
/// only these send one.
pub fn has_priority(kind: &str) -> bool {
    matches!(kind.trim().to_ascii_uppercase().as_str(), "MX" | "SRV" | "URI" | "MXE")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> DnsRecord {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn txt_is_read_as_its_text_however_it_is_stored() {
        let quoted =
            read(r#"{"id":"1","name":"a.dk","content":"\"v=spf1 include:_spf.google.com ~all\"","type":"TXT"}"#);
        assert_eq!(quoted.content, "v=spf1 include:_spf.google.com ~all");
        let bare = read(r#"{"type":"TXT","content":"v=spf1 -all"}"#);
        assert_eq!(bare.content, "v=spf1 -all");
        let split = read(r#"{"type":"txt","content":"\"v=DKIM1; p=AB\" \"CD\""}"#);
        assert_eq!(split.content, "v=DKIM1; p=ABCD", "several strings are one text");
        let escaped = read(r#"{"type":"TXT","content":"\"say \\\"hi\\\" \\0591\""}"#);
        assert_eq!(escaped.content, "say \"hi\" ;1");
        let odd = read(r#"{"type":"TXT","content":"\"unterminated"}"#);
        assert_eq!(odd.content, "\"unterminated", "not quoted strings: the text as it is");
        let a = read(r#"{"type":"A","content":"\"x\""}"#);
        assert_eq!(a.content, "\"x\"", "only text records are unquoted");
        assert!(!quoted.is_fixed() && quoted.parts.is_empty());
    }

    #[test]
    fn an_soa_sent_as_a_list_is_read_and_fixed() {
        let soa = read(
            r#"{"id":"15257","domain_id":"1178","name":"astylos.dk","type":"SOA","content":["ns1.dns.services",
                "hostmaster.dns.services","2023041301","10800","3600","604800","3600"],"ttl":"3600","prio":"0"}"#,
        );
        assert_eq!(soa.unreadable, None);
        assert_eq!(soa.parts.len(), 7);
        assert_eq!(soa.content, "ns1.dns.services hostmaster.dns.services 2023041301 10800 3600 604800 3600");
        assert!(soa.is_fixed());
        let text_soa = read(r#"{"type":"soa","content":"ns1 host 1 2 3 4 5"}"#);
        assert!(text_soa.is_fixed(), "an SOA is the portal's own however it is sent");
        let nested = read(r#"{"type":"A","content":{"a":1}}"#);
        assert!(nested.is_fixed());
        let listed: DnsRecords =
            serde_json::from_str(r#"{"records":[{"id":"1","type":"SOA","content":[true]},{"id":"2","type":"A"}]}"#)
                .unwrap();
        assert!(listed.records[0].unreadable.as_deref().unwrap().contains("found a boolean"));
        assert_eq!(listed.records[0].kind, "SOA", "an unreadable record keeps its type");
        assert_eq!(listed.records[1].unreadable, None);
    }
}
