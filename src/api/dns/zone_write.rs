//! A domain's records as the portal lists them, written as a zone file (BIND's text form)
//! or as JSON, for `dns export`; `zone_file` reads both back. Names are written relative to
//! `$ORIGIN`, host names in the data whole with their final dot, TXT as quoted strings of at
//! most 255 bytes (control characters as `\DDD`); a record's own TTL when the portal gives
//! one, else `$TTL`'s (the most usual). The SOA comes first: the portal's, else a
//! placeholder (and an apex NS placeholder where the portal lists none) so that a name
//! server loads the file; `dns apply` passes over both. Types with no zone file form (`URL`,
//! `FRAME`) are `;portal:` comments, which other tools pass over and `dns apply` leaves as
//! they are. Every field is checked before it is written ([`line_of`]): a name, a type or
//! data a zone file would read as anything other than the record itself (a name holding
//! `@ 60 IN NS evil. ;`, an address followed by a line break) is never written; the record
//! is left out and the caller says why ([`unwritten`]). Records the tool could not read are
//! left out too (the caller says so).

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::{Value, json};

use crate::api::dns::rules;
use crate::api::dns::zone_file::{PLACEHOLDER_NS, PORTAL_ONLY, ZONE_TYPES, fqdn};
use crate::api::models::DnsRecord;

/// The TTL used when no record has one of its own (a zone file's `$TTL`, a new record's).
pub const DEFAULT_TTL: u32 = 3600;

/// The SOA written where the portal lists none: a placeholder, so that the file loads.
const PLACEHOLDER_SOA: &str = "ns.placeholder.invalid. hostmaster.placeholder.invalid. 1 7200 3600 1209600 3600";

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

/// Why a listed record is not written in a zone file: written, it would be read as another
/// record than itself, or as none. `dns apply` leaves such a record as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unwritable {
    /// Its name is not a name below the domain a zone file can hold: a blank, `;`, `(`, a
    /// quote, `$`, a control character…, a label too long, or a name outside the domain.
    Name,
    /// Its type is not one word of letters and digits.
    Type,
    /// Its data is not what its type holds (an A record's address), or not in words a zone
    /// file reads back as the same data (`;`, `(` or an open quote outside quotes).
    Data,
}

/// One record as a line of a zone file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub host: String,
    pub ttl: Option<u32>,
    pub kind: String,
    pub data: String,
    /// A type with no zone file form: written as a `;portal:` comment.
    pub portal_only: bool,
}

/// The most usual of the records' own TTLs (the smallest of those as usual), else 3600.
pub fn usual_ttl(records: &[&DnsRecord]) -> u32 {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for ttl in records.iter().filter_map(|r| ttl_of(r)) {
        *counts.entry(ttl).or_default() += 1;
    }
    counts.iter().max_by_key(|(ttl, n)| (**n, std::cmp::Reverse(**ttl))).map_or(DEFAULT_TTL, |(ttl, _)| *ttl)
}

/// MX's and SRV's priority and the rest of the data: the record's own priority, else the
/// number its content starts with (`10 mail.…`).
pub fn priority_and_target(record: &DnsRecord) -> (String, String) {
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
    rules::quote_strings(text)
        .chars()
        .map(|c| match c.is_control() && (c as u32) < 256 {
            true => format!("\\{:03}", c as u32),
            false => c.to_string(),
        })
        .collect()
}

/// Whether a label is one a zone file holds as it is: letters, digits, `-` and `_`.
fn plain_label(label: &str) -> bool {
    !label.is_empty() && label.len() <= 63 && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Whether `host` (as [`host_of`] gives it) is a name below `domain` that a zone file holds
/// as it is and reads back as the same host: plain labels, `*` as the first of them.
fn zone_host(host: &str, domain: &str) -> bool {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    if host == "@" {
        return true;
    }
    // Outside the domain, or the domain written twice once read back.
    if host.ends_with('.') || host == domain || host.ends_with(&format!(".{domain}")) {
        return false;
    }
    host.len() + domain.len() < 254
        && host.split('.').enumerate().all(|(at, label)| plain_label(label) || (at == 0 && label == "*"))
}

/// A host name in the data, whole with its final dot, when it is one a zone file holds.
fn zone_target(target: &str, domain: &str) -> Option<String> {
    let whole = fqdn(target, domain);
    let bare = whole.strip_suffix('.')?;
    (bare.len() < 254 && bare.split('.').all(plain_label)).then_some(whole)
}

/// A number a zone file holds (a priority, a port, a timer).
fn number(text: &str, max: u32) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|n| *n <= max)
}

/// Data of a type this tool does not read field by field, in the words a zone file reads
/// back as the same: words apart, quoted text with its quotes and backslashes escaped. None
/// for a control character, an open quote, or `;`, `(`, `)` or `\` outside quotes.
fn zone_words(content: &str) -> Option<String> {
    let mut words: Vec<String> = Vec::new();
    let mut chars = content.trim().chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        if c == '"' {
            chars.next();
            loop {
                match chars.next()? {
                    '"' => break,
                    '\\' => word.push(chars.next()?),
                    c if c.is_control() => return None,
                    c => word.push(c),
                }
            }
            words.push(format!("\"{}\"", word.replace('\\', "\\\\").replace('"', "\\\"")));
            continue;
        }
        while let Some(&c) = chars.peek().filter(|c| !c.is_whitespace() && **c != '"') {
            if c.is_control() || matches!(c, ';' | '(' | ')' | '\\') {
                return None;
            }
            word.push(c);
            chars.next();
        }
        words.push(word);
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// A record's data as a zone file writes it, when it can be written as that record's.
fn rdata(record: &DnsRecord, kind: &str, domain: &str) -> Option<String> {
    let content = record.content.trim();
    match kind {
        "A" => content.parse::<std::net::Ipv4Addr>().ok().map(|ip| ip.to_string()),
        "AAAA" => content.parse::<std::net::Ipv6Addr>().ok().map(|ip| ip.to_string()),
        "CNAME" | "NS" | "PTR" | "DNAME" => zone_target(content, domain),
        "MX" => {
            let (priority, target) = priority_and_target(record);
            Some(format!("{} {}", number(&priority, 65535)?, zone_target(&target, domain)?))
        }
        "SRV" => {
            let (priority, rest) = priority_and_target(record);
            let [weight, port, target] = rest.split_whitespace().collect::<Vec<_>>()[..] else { return None };
            let target = if target == "." { ".".to_owned() } else { zone_target(target, domain)? };
            let numbers = [number(&priority, 65535)?, number(weight, 65535)?, number(port, 65535)?];
            Some(format!("{} {} {} {target}", numbers[0], numbers[1], numbers[2]))
        }
        // The text itself (the model reads it unquoted however the portal stores it).
        "TXT" | "SPF" => Some(zone_strings(&record.content)),
        "SOA" => {
            let words: Vec<&str> = content.split_whitespace().collect();
            let [primary, contact, timers @ ..] = &words[..] else { return None };
            let timers: Vec<String> =
                timers.iter().map(|t| number(t, u32::MAX).map(|n| n.to_string())).collect::<Option<_>>()?;
            (timers.len() == 5).then_some(())?;
            Some(format!("{} {} {}", zone_target(primary, domain)?, zone_target(contact, domain)?, timers.join(" ")))
        }
        _ => zone_words(content),
    }
}

/// A record as a line of a zone file, or why it cannot be one.
pub fn line_of(record: &DnsRecord, domain: &str) -> Result<Line, Unwritable> {
    let kind = record.kind.trim().to_ascii_uppercase();
    if kind.is_empty() || !kind.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Unwritable::Type);
    }
    let host = host_of(&record.name, domain);
    if !zone_host(&host, domain) {
        return Err(Unwritable::Name);
    }
    let portal_only = !in_zone_files(&kind);
    let data = match portal_only {
        true => zone_strings(record.content.trim()),
        false => rdata(record, &kind, domain).ok_or(Unwritable::Data)?,
    };
    Ok(Line { host, ttl: ttl_of(record), kind, data, portal_only })
}

/// The records read that no zone file holds as themselves, and why: `dns export` leaves
/// them out and says so; `dns apply` leaves them as they are.
pub fn unwritten<'r>(records: &'r [DnsRecord], domain: &str) -> Vec<(&'r DnsRecord, Unwritable)> {
    records.iter().filter(|r| r.unreadable.is_none()).filter_map(|r| Some((r, line_of(r, domain).err()?))).collect()
}

/// Whether the records hold no SOA a zone file can be given: the export writes a placeholder.
pub fn lacks_soa(records: &[DnsRecord], domain: &str) -> bool {
    !lines(records, domain).iter().any(|l| l.kind == "SOA")
}

/// Whether the records hold no NS at the domain itself: the export writes a placeholder.
pub fn lacks_ns(records: &[DnsRecord], domain: &str) -> bool {
    !lines(records, domain).iter().any(|l| l.kind == "NS" && l.host == "@")
}

/// The lines of the records that can be written, in the portal's order.
fn lines(records: &[DnsRecord], domain: &str) -> Vec<Line> {
    records.iter().filter(|r| r.unreadable.is_none()).filter_map(|r| line_of(r, domain).ok()).collect()
}

/// A comment's text on one line: control characters as escapes.
fn comment(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// The records as a zone file: `header` as comments first, then `$ORIGIN` and `$TTL`, the
/// SOA (the portal's or a placeholder), an apex NS placeholder where none is listed, then a
/// line per record in the portal's order.
pub fn bind(domain: &str, records: &[DnsRecord], header: &[String]) -> String {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let readable: Vec<&DnsRecord> = records.iter().filter(|r| r.unreadable.is_none()).collect();
    let usual = usual_ttl(&readable);
    let mut out = String::new();
    for line in header {
        let _ = writeln!(out, "; {}", comment(line));
    }
    let _ = writeln!(out, "$ORIGIN {domain}.\n$TTL {usual}");
    let mut rows = lines(records, &domain);
    // One SOA, first; the others a zone cannot hold.
    let soa = rows.iter().position(|l| l.kind == "SOA").map(|at| rows.remove(at));
    rows.retain(|l| l.kind != "SOA");
    let placeholder = |kind: &str, data: &str| Line {
        host: "@".into(),
        ttl: None,
        kind: kind.into(),
        data: data.into(),
        portal_only: false,
    };
    let mut first: Vec<(Line, bool)> = match soa {
        Some(soa) => vec![(soa, false)],
        None => vec![(placeholder("SOA", PLACEHOLDER_SOA), true)],
    };
    if !rows.iter().any(|l| l.kind == "NS" && l.host == "@") {
        first.push((placeholder("NS", PLACEHOLDER_NS), true));
    }
    let rows: Vec<(Line, bool)> = first.into_iter().chain(rows.into_iter().map(|l| (l, false))).collect();
    // Aligned on the records a zone file holds; the `;portal:` comments are written plain.
    let width = |at: fn(&Line) -> usize| rows.iter().filter(|r| !r.0.portal_only).map(|r| at(&r.0)).max().unwrap_or(0);
    let host_w = width(|l| l.host.chars().count());
    let ttl_w = width(|l| l.ttl.map_or(0, |t| t.to_string().len()));
    let kind_w = width(|l| l.kind.len());
    for (l, placeholder) in &rows {
        let ttl = l.ttl.map(|t| t.to_string()).unwrap_or_default();
        let (host, kind, data) = (&l.host, &l.kind, &l.data);
        if l.portal_only {
            let words = [host.as_str(), ttl.as_str(), "IN", kind, data].into_iter().filter(|w| !w.is_empty());
            let _ = writeln!(out, "{PORTAL_ONLY} {}", words.collect::<Vec<_>>().join(" "));
            continue;
        }
        let line = format!("{host:<host_w$}  {ttl:>ttl_w$}  IN  {kind:<kind_w$}  {data}");
        let note = if *placeholder { "  ; placeholder" } else { "" };
        let _ = writeln!(out, "{}{note}", line.trim_end());
    }
    out
}

/// The records as JSON: `{"domain": …, "records": [{"name", "type", "ttl", "priority",
/// "content"}]}`, names relative (`@`, `www`), host names whole, TXT as its text; `ttl`
/// only where the portal gives one, `priority` for MX and SRV. The records a zone file
/// cannot hold as themselves ([`unwritten`]) are left out here too.
pub fn json(domain: &str, records: &[DnsRecord]) -> Value {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let list: Vec<Value> = records
        .iter()
        .filter(|r| r.unreadable.is_none() && line_of(r, &domain).is_ok())
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
                "TXT" | "SPF" => r.content.clone(),
                _ => r.content.trim().to_owned(),
            };
            record["content"] = json!(content);
            record
        })
        .collect();
    json!({ "domain": domain, "records": list })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::api::dns::zone_file;

    /// A listed record, as a portal answers it (also for `dns::plan`'s tests).
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
            // TXT as the model holds it: the text, unquoted.
            record("5", "@", "TXT", "v=spf1 a mx ~all", "3600", "0"),
            record("6", "say", "TXT", r#"she said "hi""#, "0", "0"),
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
@           IN  SOA    ns.placeholder.invalid. hostmaster.placeholder.invalid. 1 7200 3600 1209600 3600  ; placeholder
@           IN  NS     ns.placeholder.invalid.  ; placeholder
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

    /// The records of a zone file as a name server's parser reads them (hickory's, the
    /// parser of Hickory DNS): `(owner, type)` of each, in no particular order.
    pub(in crate::api) fn loaded(text: &str, domain: &str) -> Vec<(String, String)> {
        use hickory_proto::rr::Name;
        use hickory_proto::serialize::txt::Parser;
        let origin = Name::from_ascii(format!("{domain}.")).unwrap();
        let (_, sets) = Parser::new(text, None, Some(origin)).parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut records: Vec<(String, String)> = sets
            .values()
            .flat_map(|set| set.records_without_rrsigs().map(|r| (r.name().to_ascii(), r.record_type().to_string())))
            .collect();
        records.sort();
        records
    }

    /// Records no zone file holds as themselves, beside two that are fine.
    fn hostile() -> Vec<DnsRecord> {
        vec![
            record("1", "@ 60 IN NS ns1.evil.example. ;", "A", "203.0.113.5", "3600", ""),
            record("2", "www\n@ 60 IN NS ns1.evil.example.", "A", "203.0.113.6", "3600", ""),
            record("3", "$INCLUDE /etc/passwd", "TXT", "x", "3600", ""),
            record("4", "(x", "A", "203.0.113.7", "3600", ""),
            record("5", "a\"b", "A", "203.0.113.8", "3600", ""),
            record("6", "mail", "A", "203.0.113.9\n@ 60 IN NS ns1.evil.example.", "3600", ""),
            record("7", "cdn", "CNAME", "evil.example. ; x", "3600", ""),
            record("8", "@", "MX", "mail.example.vn.", "3600", "10 ns1.evil.example.\n@ NS"),
            record("9", "@", "CAA", "0 issue \"ca.example\" ; @ NS ns1.evil.example.", "3600", ""),
            record("10", "@", "CAA", "0 issue \"ca.example\" ( @ NS ns1.evil.example. )", "3600", ""),
            record("11", "@", "A\n@ 60 IN NS ns1.evil.example.", "203.0.113.10", "3600", ""),
            record("12", "shop ; x", "URL", "https://shop.example.vn/", "3600", ""),
            record("13", "other.example.com.", "A", "203.0.113.11", "3600", ""),
            record("14", &format!("{}.x", "a".repeat(64)), "A", "203.0.113.12", "3600", ""),
            record("20", "t", "TXT", "\"a\" ; @ 60 IN NS ns1.evil.example.\n$INCLUDE /etc/passwd ( \\", "60", ""),
            record("21", "@", "CAA", "0 issue \"le;t(s) \\\"x\\\"\"", "3600", ""),
            record("22", "go", "URL", "https://shop.example.vn/\n@ 60 IN NS ns1.evil.example.", "3600", ""),
        ]
    }

    #[test]
    fn hostile_names_and_content_never_change_the_files_meaning() {
        let records = hostile();
        let text =
            bind("example.vn", &records, &["record #2 (A named \"www\\n@ NS evil.\") is left out\n@ NS evil.".into()]);
        let left_out: Vec<(&str, Unwritable)> =
            unwritten(&records, "example.vn").into_iter().map(|(r, why)| (r.id.as_str(), why)).collect();
        use Unwritable::*;
        let names = ["1", "2", "3", "4", "5"].map(|id| (id, Name));
        let data = ["6", "7", "8", "9", "10"].map(|id| (id, Data));
        let rest = [("11", Type), ("12", Name), ("13", Name), ("14", Name)];
        assert_eq!(left_out, [&names[..], &data[..], &rest[..]].concat(), "{text}");
        // Every line is a comment, a directive, a placeholder or one of the records kept.
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with(';') && !l.starts_with('$')).collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(!text.contains("\n@ NS evil."), "a header line stays one line: {text}");
        let read = zone_file::parse(&text, "example.vn").unwrap();
        let short: Vec<(&str, &str, &str)> =
            read.iter().map(|r| (r.host.as_str(), r.kind.as_str(), r.content.as_str())).collect();
        assert_eq!(
            short,
            [
                ("t", "TXT", "\"a\" ; @ 60 IN NS ns1.evil.example.\n$INCLUDE /etc/passwd ( \\"),
                ("@", "CAA", "0 issue \"le;t(s) \\\"x\\\"\""),
                ("go", "URL", "https://shop.example.vn/\n@ 60 IN NS ns1.evil.example."),
            ]
        );
        assert!(read[2].portal_only);
        // A name server's parser reads the same: the placeholders, the TXT and the CAA.
        let owners = loaded(&text, "example.vn");
        let expected =
            [("example.vn.", "CAA"), ("example.vn.", "NS"), ("example.vn.", "SOA"), ("t.example.vn.", "TXT")];
        assert_eq!(owners, expected.map(|(o, t)| (o.to_owned(), t.to_owned())), "{text}");
        // JSON leaves the same records out.
        let value = json("example.vn", &records);
        let names: Vec<&str> =
            value["records"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["t", "@", "go"]);
    }

    #[test]
    fn the_portals_soa_first_and_an_apex_ns_need_no_placeholder() {
        let mut records = listed();
        records.push(record("9", "@", "NS", "ns1.dnshost.vn", "3600", "0"));
        records.push(record(
            "10",
            "@",
            "SOA",
            "ns1.dnshost.vn hostmaster.dnshost.vn 2026112501 7200 3600 1209600 300",
            "3600",
            "",
        ));
        let text = bind("example.vn", &records, &[]);
        let soa = "@     3600  IN  SOA    ns1.dnshost.vn. hostmaster.dnshost.vn. 2026112501 7200 3600 1209600 300\n";
        assert!(text.starts_with(&format!("$ORIGIN example.vn.\n$TTL 3600\n{soa}@     3600  IN  A ")), "{text}");
        assert!(!text.contains("placeholder"), "{text}");
        assert!(!lacks_soa(&records, "example.vn") && !lacks_ns(&records, "example.vn"));
        assert!(lacks_soa(&listed(), "example.vn") && lacks_ns(&listed(), "example.vn"));
        let owners = loaded(&text, "example.vn");
        assert_eq!(owners.len(), 8, "the URL is a comment: {owners:?}");
        // An SOA that is not seven words is no SOA: a placeholder stands for it.
        records[9].content = "ns1.dnshost.vn hostmaster.dnshost.vn 1 ; @ NS evil.".into();
        assert!(bind("example.vn", &records, &[]).contains("SOA    ns.placeholder.invalid."));
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
