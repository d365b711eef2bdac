//! A domain's records as the portal lists them, written as a zone file (BIND's text form)
//! or as JSON, for `dns export`; `zone_file` reads both back. Names are written relative to
//! `$ORIGIN`, host names in the data whole with their final dot, TXT as quoted strings of at
//! most 255 bytes; a record's own TTL when the portal gives one, else `$TTL`'s (the most
//! usual). Types with no zone file form (`URL`, `FRAME`) are `;portal:` comments, which
//! other tools pass over and `dns apply` reads. Records the tool could not read are left out
//! (the caller says so).

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::{Value, json};

use super::dns_rules;
use super::models::DnsRecord;
use super::zone_file::{PORTAL_ONLY, ZONE_TYPES, fqdn, txt_text};

/// The TTL used when no record has one of its own.
const DEFAULT_TTL: u32 = 3600;

/// A record's host below the domain as a zone file names it: `@`, `www`; a name outside the
/// domain whole, with its final dot.
pub fn host_of(name: &str, domain: &str) -> String {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let written = name.trim().to_lowercase();
    let bare = written.trim_end_matches('.');
    if bare.is_empty() || bare == "@" || bare == domain {
        return "@".to_owned();
    }
    match bare.strip_suffix(&format!(".{domain}")) {
        Some(host) => host.to_owned(),
        None if written.ends_with('.') => written,
        None => bare.to_owned(),
    }
}

/// A record's own TTL; none when the portal gives none (0 or nothing: it cannot set one).
pub fn ttl_of(record: &DnsRecord) -> Option<u32> {
    record.ttl.trim().parse::<u32>().ok().filter(|t| *t > 0)
}

/// Whether a type has a zone file form.
pub fn in_zone_files(kind: &str) -> bool {
    ZONE_TYPES.contains(&kind.trim().to_ascii_uppercase().as_str())
}

/// The most usual of the records' own TTLs (the smallest of those as usual), else 3600.
fn usual_ttl(records: &[&DnsRecord]) -> u32 {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for ttl in records.iter().filter_map(|r| ttl_of(r)) {
        *counts.entry(ttl).or_default() += 1;
    }
    counts.iter().max_by_key(|(ttl, n)| (**n, std::cmp::Reverse(**ttl))).map_or(DEFAULT_TTL, |(ttl, _)| *ttl)
}

/// MX's priority: the record's own, else the number its content starts with (`10 mail.…`).
fn priority_and_target(record: &DnsRecord) -> (String, String) {
    let priority = record.priority.trim();
    let content = record.content.trim();
    match content.split_once(' ') {
        Some((first, rest)) if matches!(priority, "" | "0") && first.parse::<u32>().is_ok() => {
            (first.to_owned(), rest.trim().to_owned())
        }
        _ => (if priority.is_empty() { "0" } else { priority }.to_owned(), content.to_owned()),
    }
}

/// Quoted strings with every control character as `\DDD`, which a zone file reads back.
fn zone_strings(text: &str) -> String {
    dns_rules::quote_strings(text)
        .chars()
        .map(|c| match c.is_control() && (c as u32) < 256 {
            true => format!("\\{:03}", c as u32),
            false => c.to_string(),
        })
        .collect()
}

/// A record's data as a zone file writes it.
fn rdata(record: &DnsRecord, domain: &str) -> String {
    let content = record.content.trim();
    match record.kind.trim().to_ascii_uppercase().as_str() {
        "CNAME" | "NS" | "PTR" | "DNAME" => fqdn(content, domain),
        "MX" => {
            let (priority, target) = priority_and_target(record);
            format!("{priority} {}", fqdn(&target, domain))
        }
        "SRV" => {
            let (priority, rest) = priority_and_target(record);
            let mut words: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
            if let Some(target) = words.last_mut() {
                *target = fqdn(target, domain);
            }
            format!("{priority} {}", words.join(" "))
        }
        "TXT" | "SPF" => zone_strings(&txt_text(content)),
        _ if !in_zone_files(&record.kind) => zone_strings(content),
        _ => content.to_owned(),
    }
}

/// The records as a zone file: `header` as comments first, then `$ORIGIN` and `$TTL`, then
/// a line per record in the portal's order.
pub fn bind(domain: &str, records: &[DnsRecord], header: &[String]) -> String {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let readable: Vec<&DnsRecord> = records.iter().filter(|r| r.unreadable.is_none()).collect();
    let usual = usual_ttl(&readable);
    let mut out = String::new();
    for line in header {
        let _ = writeln!(out, "; {line}");
    }
    let _ = writeln!(out, "$ORIGIN {domain}.\n$TTL {usual}");
    let rows: Vec<(String, String, String, String, bool)> = readable
        .iter()
        .map(|r| {
            let ttl = ttl_of(r).map(|t| t.to_string()).unwrap_or_default();
            let kind = r.kind.trim().to_ascii_uppercase();
            (host_of(&r.name, &domain), ttl, kind, rdata(r, &domain), !in_zone_files(&r.kind))
        })
        .collect();
    // Aligned on the records a zone file holds; the `;portal:` comments are written plain.
    let width = |at: fn(&(String, String, String, String, bool)) -> &String| {
        rows.iter().filter(|r| !r.4).map(|r| at(r).chars().count()).max().unwrap_or(0)
    };
    let (host_w, ttl_w, kind_w) = (width(|r| &r.0), width(|r| &r.1), width(|r| &r.2));
    for (host, ttl, kind, data, portal_only) in &rows {
        let line = format!("{host:<host_w$}  {ttl:>ttl_w$}  IN  {kind:<kind_w$}  {data}");
        match portal_only {
            true => {
                let _ = writeln!(out, "{PORTAL_ONLY} {}", line.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            false => {
                let _ = writeln!(out, "{}", line.trim_end());
            }
        }
    }
    out
}

/// The records as JSON: `{"domain": …, "records": [{"name", "type", "ttl", "priority",
/// "content"}]}`, names relative (`@`, `www`), host names whole, TXT as its text; `ttl`
/// only where the portal gives one, `priority` for MX and SRV.
pub fn json(domain: &str, records: &[DnsRecord]) -> Value {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let list: Vec<Value> = records
        .iter()
        .filter(|r| r.unreadable.is_none())
        .map(|r| {
            let kind = r.kind.trim().to_ascii_uppercase();
            let mut record = json!({ "name": host_of(&r.name, &domain), "type": kind });
            if let Some(ttl) = ttl_of(r) {
                record["ttl"] = json!(ttl);
            }
            let content = match kind.as_str() {
                "CNAME" | "NS" | "PTR" | "DNAME" => fqdn(&r.content, &domain),
                "MX" | "SRV" => {
                    let (priority, target) = priority_and_target(r);
                    record["priority"] = json!(priority.parse::<u32>().unwrap_or(0));
                    match kind.as_str() {
                        "MX" => fqdn(&target, &domain),
                        _ => target,
                    }
                }
                "TXT" | "SPF" => txt_text(&r.content),
                _ => r.content.trim().to_owned(),
            };
            record["content"] = json!(content);
            record
        })
        .collect();
    json!({ "domain": domain, "records": list })
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::zone_file;
    use super::*;

    /// A listed record, as a portal answers it (also for `dns_plan`'s tests).
    pub(in crate::api) fn record(
        id: &str,
        name: &str,
        kind: &str,
        content: &str,
        ttl: &str,
        priority: &str,
    ) -> DnsRecord {
        DnsRecord {
            id: id.into(),
            name: name.into(),
            kind: kind.into(),
            content: content.into(),
            ttl: ttl.into(),
            priority: priority.into(),
            ..DnsRecord::default()
        }
    }

    fn listed() -> Vec<DnsRecord> {
        vec![
            record("1", "@", "A", "203.0.113.1", "3600", "0"),
            record("2", "www.example.vn.", "CNAME", "example.vn.", "3600", "0"),
            record("3", "mail", "A", "203.0.113.2", "300", "0"),
            record("4", "", "MX", "mail.example.vn", "3600", "10"),
            record("5", "@", "TXT", r#""v=spf1 a mx ~all""#, "3600", "0"),
            record("6", "say", "TXT", r#""she said \"hi\"""#, "0", "0"),
            record("7", "shop", "URL", "https://shop.example.vn/", "3600", "0"),
            DnsRecord { unreadable: Some("ttl: expected text".into()), ..record("8", "x", "", "", "", "") },
        ]
    }

    #[test]
    fn a_zone_file_reads_back_as_it_was_written() {
        let text = bind("example.vn", &listed(), &["example.vn as my.example.vn lists it".into()]);
        let expected = "\
; example.vn as my.example.vn lists it
$ORIGIN example.vn.
$TTL 3600
@     3600  IN  A      203.0.113.1
www   3600  IN  CNAME  example.vn.
mail   300  IN  A      203.0.113.2
@     3600  IN  MX     10 mail.example.vn.
@     3600  IN  TXT    \"v=spf1 a mx ~all\"
say         IN  TXT    \"she said \\\"hi\\\"\"
;portal: shop 3600 IN URL \"https://shop.example.vn/\"
";
        assert_eq!(text, expected);
        let read = zone_file::parse(&text, "example.vn").unwrap();
        let short: Vec<(&str, &str, Option<u32>, &str)> =
            read.iter().map(|r| (r.host.as_str(), r.kind.as_str(), r.ttl, r.content.as_str())).collect();
        assert_eq!(
            short,
            [
                ("@", "A", Some(3600), "203.0.113.1"),
                ("www", "CNAME", Some(3600), "example.vn."),
                ("mail", "A", Some(300), "203.0.113.2"),
                ("@", "MX", Some(3600), "mail.example.vn."),
                ("@", "TXT", Some(3600), "v=spf1 a mx ~all"),
                ("say", "TXT", Some(3600), "she said \"hi\""),
                ("shop", "URL", Some(3600), "https://shop.example.vn/"),
            ]
        );
        assert!(read[6].portal_only);
    }

    #[test]
    fn json_reads_back_as_it_was_written() {
        let value = json("example.vn.", &listed());
        assert_eq!(value["records"].as_array().unwrap().len(), 7, "the unreadable record is left out");
        assert_eq!(
            value["records"][3],
            json!({"name": "@", "type": "MX", "ttl": 3600, "priority": 10, "content": "mail.example.vn."})
        );
        assert_eq!(value["records"][5], json!({"name": "say", "type": "TXT", "content": "she said \"hi\""}));
        let read = zone_file::parse_json(&value.to_string(), "example.vn").unwrap();
        assert_eq!(read[5].content, "she said \"hi\"");
        assert_eq!(read[3].priority, Some(10));
    }

    #[test]
    fn long_text_control_characters_and_the_usual_ttl() {
        let key = "p=".to_owned() + &"A".repeat(300);
        let records = [record("1", "k._domainkey", "TXT", &key, "60", ""), record("2", "t", "TXT", "a\tb", "60", "")];
        let text = bind("example.vn", &records, &[]);
        assert!(text.contains("$TTL 60\n"), "{text}");
        assert!(text.contains(&format!("\"p={}\" \"{}\"", "A".repeat(253), "A".repeat(47))), "{text}");
        assert!(text.contains("\"a\\009b\""), "{text}");
        let read = zone_file::parse(&text, "example.vn").unwrap();
        assert_eq!((read[0].content.as_str(), read[1].content.as_str()), (key.as_str(), "a\tb"));
        assert_eq!(host_of("Other.Example.COM.", "example.vn"), "other.example.com.");
    }
}
