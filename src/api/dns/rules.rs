//! What a DNS record must hold before it is sent, per type, as the dashboard's form and the
//! CLI check it: A an IPv4 address, AAAA an IPv6 address, CNAME/MX/NS a host name (never an
//! IP address), MX a priority, TXT any text (sent bare: the portal quotes it), TTL a number; no
//! CNAME at `@`, and a CNAME alone on its host (`beside`, against the records listed).

use crate::api::models::{DnsFields, DnsRecord, unquoted};

/// The types offered when the portal does not list its own.
pub const DEFAULT_TYPES: [&str; 5] = ["A", "AAAA", "CNAME", "MX", "TXT"];

/// A record as typed: host, type, content, and priority and TTL as text (empty when not
/// given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DnsInput {
    pub host: String,
    pub kind: String,
    pub content: String,
    pub priority: String,
    pub ttl: String,
}

/// Whether `name` is a host name (labels of letters, digits and `-`, a trailing dot
/// allowed); `@` stands for the domain itself.
pub fn is_host_name(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name);
    name == "@"
        || (!name.is_empty()
            && name.len() <= 253
            && name.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            }))
}

/// The most a DNS character-string holds: longer TXT text is sent as several.
pub const TXT_STRING_MAX: usize = 255;

/// Text as quoted strings of at most 255 bytes each (`"…" "…"`), inner quotes and
/// backslashes escaped, split on a character, never inside one; `""` for no text: TXT as a
/// zone file writes it (a portal is sent the text itself).
pub fn quote_strings(text: &str) -> String {
    let mut strings = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(TXT_STRING_MAX);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, after) = rest.split_at(end);
        strings.push(format!("\"{}\"", piece.replace('\\', "\\\\").replace('"', "\\\"")));
        rest = after;
    }
    if strings.is_empty() {
        return "\"\"".to_owned();
    }
    strings.join(" ")
}

/// A TXT record's tag: what tells records of one purpose on a host apart, so that setting
/// a verification token does not replace the SPF record. `v=spf1 …` → `v=spf1`,
/// `google-site-verification=…` → `google-site-verification`; none for text without `=`.
pub fn txt_tag(content: &str) -> Option<String> {
    let text = content.trim().trim_start_matches('"').trim_start();
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("v=") {
        let end = lower.find(|c: char| c.is_whitespace() || c == ';' || c == '"').unwrap_or(lower.len());
        return Some(lower[..end].to_owned());
    }
    let (tag, _) = lower.split_once('=')?;
    let tag = tag.trim();
    (!tag.is_empty()).then(|| tag.to_owned())
}

/// A record in one line, as the portal client's own messages name it (in English; the
/// reader's language is `i18n::dns::record_line`): `www A 203.0.113.7 (priority 10, TTL
/// 300)`; an empty host is `@`.
pub fn one_line(name: &str, kind: &str, content: &str, priority: &str, ttl: &str) -> String {
    line_with(name, kind, content, priority, ttl, |v| format!("priority {v}"))
}

/// [`one_line`] with the priority worded by `priority_words`.
pub fn line_with(
    name: &str,
    kind: &str,
    content: &str,
    priority: &str,
    ttl: &str,
    priority_words: impl Fn(&str) -> String,
) -> String {
    let name = if name.trim().is_empty() { "@" } else { name.trim() };
    let mut text = format!("{name} {} {}", kind.trim(), content.trim());
    // TTL is the same word in both languages.
    let priority = Some(priority.trim()).filter(|v| !matches!(*v, "" | "0"));
    let ttl = Some(ttl.trim()).filter(|v| !matches!(*v, "" | "0"));
    let extras: Vec<String> =
        [priority.map(priority_words), ttl.map(|v| format!("TTL {v}"))].into_iter().flatten().collect();
    if !extras.is_empty() {
        text += &format!(" ({})", extras.join(", "));
    }
    text
}

/// The priority a record line shows: a listed record's, where its type has one.
pub fn listed_priority(r: &DnsRecord) -> &str {
    if has_priority(&r.kind) { r.priority.as_str() } else { "" }
}

/// A listed record in one line (its content as data), for the client's own messages.
pub fn listed_line(r: &DnsRecord) -> String {
    one_line(&r.name, &r.kind, &r.content, listed_priority(r), &r.ttl)
}

/// A record to send: its TTL and its priority (where its type has one) as a line shows them.
pub fn sent_extras(r: &DnsFields) -> (String, String) {
    let ttl = r.ttl.map(|t| t.to_string()).unwrap_or_default();
    let priority = if has_priority(&r.kind) { r.priority.to_string() } else { String::new() };
    (priority, ttl)
}

/// A record to send in one line, for the client's own messages.
pub fn sent_line(r: &DnsFields) -> String {
    let (priority, ttl) = sent_extras(r);
    one_line(&r.name, &r.kind, &r.content, &priority, &ttl)
}

/// Whether two hosts are the same record's, as typed or as the portal lists them: `@`,
/// empty and the domain itself are alike; case, a trailing dot and the domain's own suffix
/// do not count.
pub fn same_host(listed: &str, wanted: &str, domain: &str) -> bool {
    let short = |h: &str| {
        let h = h.trim().trim_end_matches('.').to_ascii_lowercase();
        let domain = domain.trim().trim_end_matches('.').to_ascii_lowercase();
        if h.is_empty() || h == "@" || h == domain {
            return "@".to_owned();
        }
        h.strip_suffix(&format!(".{domain}")).map(str::to_owned).unwrap_or(h)
    };
    short(listed) == short(wanted)
}

/// Whether the content a portal lists is the content to send, for a record of `kind`:
/// addresses as addresses (`2001:DB8::1` is `2001:db8::1`), host names whatever their case
/// and trailing dot, any other text exactly (TXT quoted or not).
pub fn same_content(kind: &str, listed: &str, wanted: &str) -> bool {
    let (listed, wanted) = (listed.trim(), wanted.trim());
    match kind.trim().to_ascii_uppercase().as_str() {
        "A" | "AAAA" => match (listed.parse::<std::net::IpAddr>(), wanted.parse::<std::net::IpAddr>()) {
            (Ok(a), Ok(b)) => a == b,
            _ => listed == wanted,
        },
        "CNAME" | "MX" | "NS" => {
            let host = |h: &str| h.trim_end_matches('.').to_ascii_lowercase();
            host(listed) == host(wanted)
        }
        // Quotes are presentation: a portal may store TXT quoted, once or as several strings.
        k if DnsRecord::holds_text(k) => unquoted(listed) == unquoted(wanted),
        _ => listed == wanted,
    }
}

pub use crate::api::models::has_priority;

/// Whether a listed record already holds what would be sent: the same host, type and
/// content, and the same priority (when `priority_given`) and TTL (when one is given).
pub fn holds(listed: &DnsRecord, wanted: &DnsFields, domain: &str, priority_given: bool) -> bool {
    let number = |t: &str| t.trim().parse::<u32>().unwrap_or(0);
    same_host(&listed.name, &wanted.name, domain)
        && listed.kind.trim().eq_ignore_ascii_case(&wanted.kind)
        && same_content(&wanted.kind, &listed.content, &wanted.content)
        && (!priority_given || !has_priority(&wanted.kind) || number(&listed.priority) == wanted.priority)
        && wanted.ttl.is_none_or(|ttl| number(&listed.ttl) == ttl)
}

/// The parts of a record as typed, in the order a form shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Host,
    Type,
    Content,
    Priority,
    Ttl,
}

impl Part {
    pub const ALL: [Part; 5] = [Part::Host, Part::Type, Part::Content, Part::Priority, Part::Ttl];
}

/// What is wrong with a record as typed: the first problem found, with the part it is in
/// (a form puts the cursor there). Said in words by `i18n::dns_problem`, in either
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A type the portal does not take; the ones it takes.
    Type {
        kind: String,
        types: Vec<String>,
    },
    Host(String),
    EmptyContent,
    Ipv4(String),
    Ipv6(String),
    /// A CNAME, MX or NS record's content that is not a host name.
    HostName {
        kind: String,
        content: String,
    },
    /// A priority or TTL that is not a whole number from `min` to `max` (a TTL of 0, no
    /// caching at all, is never what is meant).
    Number {
        part: Part,
        min: u32,
        max: u32,
        text: String,
    },
    /// An MX record without a priority.
    NeedPriority,
    /// A line break or another control character, which would end the record in a zone
    /// file and start another.
    Control(Part),
    /// A CNAME or MX record pointing at an IP address: `suggest` is the record that holds
    /// such an address (A or AAAA): for a CNAME the record meant, for an MX the one its mail
    /// server's host name needs (`i18n::dns_problem` says which).
    IpTarget {
        kind: String,
        content: String,
        suggest: &'static str,
    },
    /// A CNAME at `@`: the domain itself has its SOA and NS records, which a CNAME cannot
    /// stand beside.
    CnameAtApex,
    /// A CNAME on a host that already has other records (their types).
    CnameBeside {
        host: String,
        kinds: Vec<String>,
    },
    /// A record of `kind` on a host that has a CNAME.
    BesideCname {
        host: String,
        kind: String,
    },
    /// A second SPF, DMARC or DKIM record (`tag`, as `v=spf1`) on a host that has one
    /// (`id`): with two, receivers take neither.
    SecondOfTag {
        host: String,
        tag: String,
        id: String,
    },
}

/// The TXT tags a host holds one record of: two SPF records are a permanent error (RFC
/// 7208, 4.5), two DMARC records are ignored (RFC 7489, 6.6.3), two DKIM keys of one
/// selector are ambiguous.
pub const ONE_PER_HOST: [&str; 3] = ["v=spf1", "v=dmarc1", "v=dkim1"];

impl Problem {
    /// The part to fix.
    pub fn part(&self) -> Part {
        match self {
            Problem::Type { .. } => Part::Type,
            Problem::Host(_) => Part::Host,
            Problem::EmptyContent
            | Problem::Ipv4(_)
            | Problem::Ipv6(_)
            | Problem::HostName { .. }
            | Problem::IpTarget { .. } => Part::Content,
            Problem::Number { part, .. } => *part,
            Problem::NeedPriority => Part::Priority,
            Problem::Control(part) => *part,
            Problem::CnameAtApex | Problem::CnameBeside { .. } | Problem::BesideCname { .. } => Part::Host,
            Problem::SecondOfTag { .. } => Part::Content,
        }
    }
}

/// The record to send, or what is wrong with it (the first problem). `types` are the ones
/// the portal takes.
pub fn check(input: &DnsInput, types: &[String]) -> Result<DnsFields, Problem> {
    check_all(input, types).map_err(|mut problems| problems.swap_remove(0))
}

/// The record to send, or every problem with it at once, in the order of the fields (the
/// first is [`check`]'s). A field whose rules depend on another (the content on the type)
/// is checked as far as that one allows.
pub fn check_all(input: &DnsInput, types: &[String]) -> Result<DnsFields, Vec<Problem>> {
    let parts = [
        (Part::Host, &input.host),
        (Part::Type, &input.kind),
        (Part::Content, &input.content),
        (Part::Priority, &input.priority),
        (Part::Ttl, &input.ttl),
    ];
    let control: Vec<Problem> = parts
        .iter()
        .filter(|(_, text)| text.chars().any(char::is_control))
        .map(|(p, _)| Problem::Control(*p))
        .collect();
    if !control.is_empty() {
        return Err(control);
    }
    let mut problems = Vec::new();
    let kind = input.kind.trim().to_ascii_uppercase();
    let known = types.iter().any(|t| t.eq_ignore_ascii_case(&kind));
    if !known {
        problems.push(Problem::Type { kind: input.kind.trim().to_owned(), types: types.to_vec() });
    }
    let host = input.host.trim();
    let host = if host.is_empty() { "@" } else { host };
    let wildcard = host == "*" || host.strip_prefix("*.").is_some_and(is_host_name);
    if !is_host_name(host) && !wildcard {
        problems.push(Problem::Host(host.to_owned()));
    } else if kind == "CNAME" && host.trim_end_matches('.') == "@" {
        problems.push(Problem::CnameAtApex);
    }
    let content = content_of(&kind, input.content.trim(), known).map_err(|p| problems.push(p)).ok();
    let number = |text: &str, part: Part, min: u32, max: u32| -> Result<Option<u32>, Problem> {
        match text.trim() {
            "" => Ok(None),
            t => t.parse::<u32>().ok().filter(|n| (min..=max).contains(n)).map(Some).ok_or_else(|| Problem::Number {
                part,
                min,
                max,
                text: t.to_owned(),
            }),
        }
    };
    let priority = number(&input.priority, Part::Priority, 0, 65535).map_err(|p| problems.push(p));
    if kind == "MX" && priority == Ok(None) {
        problems.push(Problem::NeedPriority);
    }
    let ttl = number(&input.ttl, Part::Ttl, 1, 2_147_483_647).map_err(|p| problems.push(p));
    match (content, priority, ttl) {
        (Some(content), Ok(priority), Ok(ttl)) if problems.is_empty() => {
            Ok(DnsFields { name: host.to_owned(), kind, priority: priority.unwrap_or(0), content, ttl })
        }
        _ => Err(problems),
    }
}

/// The content as it is sent, or what is wrong with it; of a type the portal does not take,
/// only whether there is any.
fn content_of(kind: &str, content: &str, known: bool) -> Result<String, Problem> {
    if content.is_empty() {
        return Err(Problem::EmptyContent);
    }
    if !known {
        return Ok(content.to_owned());
    }
    if let ("CNAME" | "MX", Ok(ip)) = (kind, content.trim_end_matches('.').parse::<std::net::IpAddr>()) {
        let suggest = if ip.is_ipv4() { "A" } else { "AAAA" };
        return Err(Problem::IpTarget { kind: kind.to_owned(), content: content.to_owned(), suggest });
    }
    Ok(match kind {
        "A" => match content.parse::<std::net::Ipv4Addr>() {
            Ok(ip) => ip.to_string(),
            Err(_) => return Err(Problem::Ipv4(content.to_owned())),
        },
        "AAAA" => match content.parse::<std::net::Ipv6Addr>() {
            Ok(ip) => ip.to_string(),
            Err(_) => return Err(Problem::Ipv6(content.to_owned())),
        },
        "CNAME" | "MX" | "NS" if !is_host_name(content) || content == "@" => {
            return Err(Problem::HostName { kind: kind.to_owned(), content: content.to_owned() });
        }
        // The text itself: a paste of quoted strings (`"v=spf1 -all"`) is its text.
        "TXT" | "SPF" => unquoted(content),
        _ => content.to_owned(),
    })
}

/// Whether `record` can stand beside the records listed on its host: a CNAME must be the
/// only record of its host (and cannot be the domain itself), and nothing can be added
/// beside one. `replacing` is the id of the listed record it takes the place of, which does
/// not count; records that could not be read do not either.
pub fn beside(record: &DnsFields, listed: &[DnsRecord], domain: &str, replacing: Option<&str>) -> Result<(), Problem> {
    let kind = record.kind.trim().to_ascii_uppercase();
    if kind == "CNAME" && same_host(&record.name, "@", domain) {
        return Err(Problem::CnameAtApex);
    }
    let others: Vec<&DnsRecord> = listed
        .iter()
        .filter(|r| r.unreadable.is_none() && !r.is_fixed() && same_host(&r.name, &record.name, domain))
        .filter(|r| replacing.is_none_or(|id| r.id.trim() != id.trim()))
        .collect();
    let host = record.name.trim().to_owned();
    if kind == "CNAME" && !others.is_empty() {
        let mut kinds: Vec<String> = others.iter().map(|r| r.kind.trim().to_ascii_uppercase()).collect();
        kinds.dedup();
        kinds.sort();
        kinds.dedup();
        return Err(Problem::CnameBeside { host, kinds });
    }
    if kind != "CNAME" && others.iter().any(|r| r.kind.trim().eq_ignore_ascii_case("CNAME")) {
        return Err(Problem::BesideCname { host, kind });
    }
    if let Some(tag) = txt_tag(&record.content).filter(|t| kind == "TXT" && ONE_PER_HOST.contains(&t.as_str())) {
        let same =
            |r: &&&DnsRecord| r.kind.trim().eq_ignore_ascii_case("TXT") && txt_tag(&r.content) == Some(tag.clone());
        if let Some(other) = others.iter().find(same) {
            return Err(Problem::SecondOfTag { host, tag, id: other.id.trim().to_owned() });
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
