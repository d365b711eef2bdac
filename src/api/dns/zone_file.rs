//! Reading the records a domain should have from a zone file (BIND's text form, RFC 1035
//! §5) or from the JSON `dns export --format json` writes. `$ORIGIN` and `$TTL` are followed,
//! names are relative to the origin unless they end with a dot, `@` is the origin, an entry
//! that starts with a blank has the previous one's owner, parentheses continue an entry over
//! lines, and quoted text keeps its spaces and `;` with `\"`, `\\` and `\DDD` escapes.
//! `SOA` is the portal's own and is passed over, as is the apex NS placeholder the export
//! writes where the portal lists none. Types with no zone file form (`URL`, `FRAME`) are
//! read from the `;portal:` comments the export writes them as (`dns apply` leaves such
//! records as they are).
//!
//! Small and of our own: the zone parsers of the DNS crates bring a resolver's tree and know
//! nothing of the portals' own types.

use crate::api::dns::rules;

/// The name server a placeholder apex NS names (`zone_write` writes one where the portal
/// lists none): under `.invalid` (RFC 2606), which nothing resolves.
pub const PLACEHOLDER_NS: &str = "ns.placeholder.invalid.";

/// The comment an export writes a record with no zone file form as; read back as a record.
pub const PORTAL_ONLY: &str = ";portal:";

/// Types a zone file can hold; any other a portal lists is written as a `;portal:` comment.
pub const ZONE_TYPES: [&str; 31] = [
    "A", "AAAA", "AFSDB", "CAA", "CDNSKEY", "CDS", "CERT", "CNAME", "DNAME", "DNSKEY", "DS", "HINFO", "HTTPS",
    "IPSECKEY", "KEY", "LOC", "MX", "NAPTR", "NS", "NSEC", "PTR", "RP", "SMIMEA", "SOA", "SPF", "SRV", "SSHFP", "SVCB",
    "TLSA", "TXT", "URI",
];

/// One record as the file wants it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneRecord {
    /// Where it is written: the line of the zone file, the place in the JSON list (from 1).
    pub line: usize,
    /// The host below the domain: `@`, `www`, `_dmarc`, `*.dev`.
    pub host: String,
    /// Upper case.
    pub kind: String,
    /// Its own TTL, else `$TTL`'s, else the last one stated; none when the file states none.
    pub ttl: Option<u32>,
    /// MX and SRV.
    pub priority: Option<u32>,
    /// As a portal holds it: an address; a host name ending with a dot; TXT's text itself
    /// (not quoted); SRV's `weight port target.`; anything else as written.
    pub content: String,
    /// Read from a `;portal:` comment.
    pub portal_only: bool,
}

impl ZoneRecord {
    /// The content as `rules::check` takes it: TXT as quoted strings (which it reads
    /// back into the text, so that a text that itself starts with a quote stays whole), the
    /// rest as it is.
    pub fn sent_content(&self) -> String {
        match self.kind.as_str() {
            "TXT" | "SPF" => rules::quote_strings(&self.content),
            _ => self.content.clone(),
        }
    }
}

/// What is wrong in a file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneError {
    pub line: usize,
    pub problem: ZoneProblem,
}

/// What is wrong in a zone file or its JSON form (in words: `i18n::zone_problem`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneProblem {
    /// A quoted text that does not end on its line.
    OpenQuote,
    /// A `(` without its `)`, or a `)` without its `(`.
    Parentheses,
    /// An entry that starts with a blank before any owner was named.
    NoOwner,
    /// An owner and no type.
    NoType,
    /// A TTL that is not a number of seconds (`3600`, `1h`, `1h30m`).
    Ttl(String),
    /// A class other than `IN`.
    Class(String),
    /// `$INCLUDE`, `$GENERATE` or another directive not followed here.
    Directive(String),
    /// A name that is not in the domain.
    OutsideZone(String),
    /// A record of `kind` without the data it needs (`need`: how it is written).
    Data { kind: String, need: &'static str },
    /// A number out of its range (an MX priority, an SRV port).
    Number(String),
    /// JSON that is not a list of records, or a record without `type` or `content`.
    Json(String),
    /// A name one of whose labels holds a dot (`a\.b`, as written): one label, not two, and
    /// no portal takes such a name.
    DottedLabel(String),
    /// The usual slip: a name that ends with the domain but not with a dot
    /// (`mail.example.vn`), which a zone file reads below the origin (`whole`).
    NoFinalDot { name: String, whole: String },
}

/// One word of an entry: its text (escapes read) and whether it was in quotes; a word not
/// in quotes with a dot escaped in it (`a\.b`, `a\046b`) keeps how it was written, being
/// a name one of whose labels holds a dot, not two labels.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Token {
    text: String,
    quoted: bool,
    dotted_label: Option<String>,
}

/// One entry: the words of a line, or of lines joined by parentheses.
#[derive(Debug, Default)]
struct Entry {
    line: usize,
    /// It starts with a blank: the owner is the previous entry's.
    blank_owner: bool,
    tokens: Vec<Token>,
    portal_only: bool,
}

/// The words of one line (a comment left out) and how many parentheses it opens (less
/// those it closes).
fn words(line: &str, number: usize) -> Result<(Vec<Token>, i32), ZoneError> {
    let error = |problem| ZoneError { line: number, problem };
    let mut tokens = Vec::new();
    let mut depth = 0;
    let mut chars = line.chars().peekable();
    let mut word: Option<Vec<u8>> = None;
    // How the word was written, and whether an escape in it made a dot.
    let (mut written, mut dot) = (String::new(), false);
    let end = |word: &mut Option<Vec<u8>>, tokens: &mut Vec<Token>, written: &mut String, dot: &mut bool| {
        if let Some(bytes) = word.take() {
            let dotted_label = std::mem::take(dot).then(|| written.clone());
            tokens.push(Token { text: String::from_utf8_lossy(&bytes).into_owned(), quoted: false, dotted_label });
        }
        written.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            ';' => break,
            ' ' | '\t' | '\r' => end(&mut word, &mut tokens, &mut written, &mut dot),
            '(' | ')' => {
                end(&mut word, &mut tokens, &mut written, &mut dot);
                depth += if c == '(' { 1 } else { -1 };
            }
            '"' => {
                end(&mut word, &mut tokens, &mut written, &mut dot);
                let mut text = Vec::new();
                loop {
                    match chars.next() {
                        None => return Err(error(ZoneProblem::OpenQuote)),
                        Some('"') => break,
                        Some('\\') => {
                            escaped(&mut chars, &mut text);
                        }
                        Some(c) => text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    }
                }
                tokens.push(Token {
                    text: String::from_utf8_lossy(&text).into_owned(),
                    quoted: true,
                    dotted_label: None,
                });
            }
            '\\' => {
                let bytes = word.get_or_insert_with(Vec::new);
                let before = bytes.len();
                written.push('\\');
                written += &escaped(&mut chars, bytes);
                dot |= bytes[before..] == *b".";
            }
            c => {
                written.push(c);
                word.get_or_insert_with(Vec::new).extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
    }
    end(&mut word, &mut tokens, &mut written, &mut dot);
    Ok((tokens, depth))
}

/// After a `\`: `\DDD` is the byte DDD, any other character stands for itself. What it
/// read, as written.
fn escaped(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, into: &mut Vec<u8>) -> String {
    let mut digits = String::new();
    while digits.len() < 3 && chars.peek().is_some_and(char::is_ascii_digit) {
        digits.extend(chars.next());
    }
    match digits.len() {
        0 => {
            if let Some(c) = chars.next() {
                into.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                return c.to_string();
            }
        }
        3 if digits.parse::<u8>().is_ok() => into.push(digits.parse().unwrap_or(0)),
        // Not three digits: the digits as they are.
        _ => into.extend_from_slice(digits.as_bytes()),
    }
    digits
}

/// The file's entries, in order.
fn entries(text: &str) -> Result<Vec<Entry>, ZoneError> {
    let mut list = Vec::new();
    let mut open: Option<(Entry, i32)> = None;
    for (at, line) in text.lines().enumerate() {
        let number = at + 1;
        let (mut entry, depth) = match open.take() {
            Some(going_on) => going_on,
            None => {
                let portal = line.trim_start().strip_prefix(PORTAL_ONLY);
                let entry = Entry {
                    line: number,
                    blank_owner: portal.is_none() && line.starts_with([' ', '\t']),
                    tokens: Vec::new(),
                    portal_only: portal.is_some(),
                };
                (entry, 0)
            }
        };
        let text = match entry.portal_only && entry.tokens.is_empty() {
            true => line.trim_start().strip_prefix(PORTAL_ONLY).unwrap_or(line),
            false => line,
        };
        let (tokens, opened) = words(text, number)?;
        entry.tokens.extend(tokens);
        let depth = depth + opened;
        if depth < 0 || (entry.portal_only && depth != 0) {
            return Err(ZoneError { line: number, problem: ZoneProblem::Parentheses });
        }
        if depth > 0 {
            open = Some((entry, depth));
        } else if !entry.tokens.is_empty() {
            list.push(entry);
        }
    }
    match open {
        Some((entry, _)) => Err(ZoneError { line: entry.line, problem: ZoneProblem::Parentheses }),
        None => Ok(list),
    }
}

/// A TTL: seconds, or with units (`1h30m`, `2d`, `1w`), up to 2³¹−1.
pub fn ttl(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    let (mut total, mut number) = (0u64, String::new());
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'w' => 604_800,
            _ => return None,
        };
        total += number.parse::<u64>().ok()?.checked_mul(unit)?;
        number.clear();
    }
    if !number.is_empty() {
        total += number.parse::<u64>().ok()?;
    }
    u32::try_from(total).ok().filter(|t| *t <= 2_147_483_647)
}

/// `name` as an absolute name with its final dot, lower case: `@` is the origin, a name
/// without a final dot is below it.
fn absolute(name: &str, origin: &str) -> String {
    let name = name.to_lowercase();
    if name == "@" {
        origin.to_owned()
    } else if name.ends_with('.') {
        name
    } else {
        format!("{name}.{origin}")
    }
}

/// A name written with a dot escaped in a label (`a\.b`) is one label holding a dot, not
/// two labels: read as two it would be another name, and no portal takes it as one.
fn one_label_each(name: Option<&Token>) -> Result<(), ZoneProblem> {
    match name.and_then(|t| t.dotted_label.clone()) {
        Some(written) => Err(ZoneProblem::DottedLabel(written)),
        None => Ok(()),
    }
}

/// [`absolute`], refusing a name that ends with the domain without a final dot: it would be
/// the domain twice over (`mail.example.vn.example.vn.`), never what was meant.
fn absolute_in(name: &str, origin: &str, domain: &str) -> Result<String, ZoneProblem> {
    let whole = absolute(name, origin);
    if whole == format!("{domain}.{domain}.") || whole.ends_with(&format!(".{domain}.{domain}.")) {
        return Err(ZoneProblem::NoFinalDot { name: name.to_owned(), whole });
    }
    Ok(whole)
}

/// The host of an absolute name below `domain` (`@` for the domain itself).
fn host_in(name: &str, domain: &str) -> Option<String> {
    let name = name.trim_end_matches('.');
    let domain = domain.trim_end_matches('.').to_lowercase();
    if name == domain {
        return Some("@".to_owned());
    }
    name.strip_suffix(&format!(".{domain}")).map(str::to_owned)
}

/// A host name as a portal lists or a person types it, made absolute with its final dot:
/// one without a dot in it (`mail`) is below the domain, as is `@`; one with a dot in it is
/// taken as whole (portals hold `mail.example.vn` for `mail.example.vn.`).
pub fn fqdn(target: &str, domain: &str) -> String {
    let target = target.trim().to_lowercase();
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    match target.as_str() {
        "" | "@" => format!("{domain}."),
        t if t.ends_with('.') => t.to_owned(),
        t if t.contains('.') => format!("{t}."),
        t => format!("{t}.{domain}."),
    }
}

/// TXT content as a portal lists it, as its text: content that is quoted strings and
/// nothing else is read and joined (`"v=spf1 " "-all"` → `v=spf1 -all`); any other text
/// (not in quotes, or with words, `;` or parentheses outside them) is taken as it is.
pub fn txt_text(content: &str) -> String {
    let content = content.trim();
    if !content.starts_with('"') || outside_quotes(content, |c| matches!(c, ';' | '(' | ')')) {
        return content.to_owned();
    }
    match words(content, 0) {
        Ok((tokens, 0)) if tokens.iter().all(|t| t.quoted) => tokens.into_iter().map(|t| t.text).collect(),
        _ => content.to_owned(),
    }
}

/// Whether a character `found` is in `text` outside quoted strings.
fn outside_quotes(text: &str, found: impl Fn(char) -> bool) -> bool {
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '"') => quoted = !quoted,
            (false, c) if !quoted && found(c) => return true,
            _ => {}
        }
    }
    false
}

/// The records of a zone file for `domain`, in the file's order. The origin is the domain
/// until `$ORIGIN` says otherwise; every name must be in the domain.
pub fn parse(text: &str, domain: &str) -> Result<Vec<ZoneRecord>, ZoneError> {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let mut origin = format!("{domain}.");
    let (mut default_ttl, mut last_ttl, mut owner) = (None, None, None::<String>);
    let mut records = Vec::new();
    for entry in entries(text)? {
        let line = entry.line;
        let error = |problem| ZoneError { line, problem };
        let mut tokens = entry.tokens.iter().peekable();
        let first = tokens.peek().map(|t| (t.text.to_ascii_uppercase(), t.quoted));
        if let Some((directive, false)) = first.filter(|(t, _)| t.starts_with('$')) {
            tokens.next();
            let value = tokens.next().map(|t| t.text.as_str()).unwrap_or("");
            match directive.as_str() {
                "$ORIGIN" if !value.is_empty() => {
                    one_label_each(entry.tokens.get(1)).map_err(error)?;
                    origin = absolute_in(value, &origin, &domain).map_err(error)?
                }
                "$TTL" => default_ttl = Some(ttl(value).ok_or_else(|| error(ZoneProblem::Ttl(value.to_owned())))?),
                _ => return Err(error(ZoneProblem::Directive(directive))),
            }
            continue;
        }
        let name = match entry.blank_owner {
            true => owner.clone().ok_or_else(|| error(ZoneProblem::NoOwner))?,
            false => {
                let written = tokens.next();
                one_label_each(written).map_err(error)?;
                absolute_in(&written.map(|t| t.text.clone()).unwrap_or_default(), &origin, &domain).map_err(error)?
            }
        };
        owner = Some(name.clone());
        let mut stated = None;
        while let Some(word) = tokens.peek().filter(|t| !t.quoted).map(|t| t.text.to_ascii_uppercase()) {
            match word.as_str() {
                "IN" => {}
                "CH" | "HS" | "CS" | "ANY" => return Err(error(ZoneProblem::Class(word))),
                w if w.starts_with(|c: char| c.is_ascii_digit()) => {
                    stated = Some(ttl(w).ok_or_else(|| error(ZoneProblem::Ttl(w.to_owned())))?);
                }
                _ => break,
            }
            tokens.next();
        }
        let kind = tokens.next().map(|t| t.text.to_ascii_uppercase()).ok_or_else(|| error(ZoneProblem::NoType))?;
        if stated.is_some() {
            last_ttl = stated;
        }
        if kind == "SOA" {
            continue;
        }
        let host = host_in(&name, &domain).ok_or_else(|| error(ZoneProblem::OutsideZone(name.clone())))?;
        let data: Vec<&Token> = tokens.collect();
        let (priority, content) = rdata(&kind, &data, (&origin, &domain), entry.portal_only).map_err(error)?;
        if placeholder(&kind, &content) {
            continue;
        }
        records.push(ZoneRecord {
            line,
            host,
            kind,
            ttl: stated.or(default_ttl).or(last_ttl),
            priority,
            content,
            portal_only: entry.portal_only,
        });
    }
    Ok(records)
}

/// A record's data as a portal holds it, and its priority (MX, SRV).
fn rdata(
    kind: &str,
    data: &[&Token],
    (origin, domain): (&str, &str),
    portal_only: bool,
) -> Result<(Option<u32>, String), ZoneProblem> {
    let need = |need: &'static str| ZoneProblem::Data { kind: kind.to_owned(), need };
    let number = |t: &Token, max: u32| {
        t.text.parse::<u32>().ok().filter(|n| *n <= max).ok_or_else(|| ZoneProblem::Number(t.text.clone()))
    };
    // An address where a host name belongs is kept as written, for the check to refuse
    // ("did you mean an A record?"), not taken as a name below the origin.
    let name = |t: &Token| match t.text.trim_end_matches('.').parse::<std::net::IpAddr>() {
        Ok(_) => Ok(t.text.clone()),
        Err(_) => one_label_each(Some(t)).and_then(|()| absolute_in(&t.text, origin, domain)),
    };
    if portal_only {
        let text: Vec<&str> = data.iter().map(|t| t.text.as_str()).collect();
        return match text.is_empty() {
            true => Err(need("CONTENT")),
            false => Ok((None, text.join(" "))),
        };
    }
    match (kind, data) {
        ("A" | "AAAA", [address]) => Ok((None, address.text.clone())),
        ("A" | "AAAA", _) => Err(need("ADDRESS")),
        ("CNAME" | "NS" | "PTR" | "DNAME", [target]) => Ok((None, name(target)?)),
        ("CNAME" | "NS" | "PTR" | "DNAME", _) => Err(need("HOST.")),
        ("MX", [priority, target]) => Ok((Some(number(priority, 65535)?), name(target)?)),
        ("MX", _) => Err(need("PRIORITY HOST.")),
        ("SRV", [priority, weight, port, target]) => {
            let (weight, port) = (number(weight, 65535)?, number(port, 65535)?);
            Ok((Some(number(priority, 65535)?), format!("{weight} {port} {}", name(target)?)))
        }
        ("SRV", _) => Err(need("PRIORITY WEIGHT PORT HOST.")),
        ("TXT" | "SPF", []) => Err(need("\"TEXT\"")),
        ("TXT" | "SPF", strings) => Ok((None, strings.iter().map(|t| t.text.as_str()).collect())),
        (_, []) => Err(need("DATA")),
        (_, words) => {
            let written: Vec<String> = words
                .iter()
                .map(|t| match t.quoted {
                    true => format!("\"{}\"", t.text.replace('\\', "\\\\").replace('"', "\\\"")),
                    false => t.text.clone(),
                })
                .collect();
            Ok((None, written.join(" ")))
        }
    }
}

/// The records of the JSON `dns export --format json` writes (`{"records": [...]}`, or the
/// list alone): each with `name`, `type`, `content`, and `ttl` and `priority` when it has
/// them. Names and host names are read as the portal's are (see [`fqdn`]).
pub fn parse_json(text: &str, domain: &str) -> Result<Vec<ZoneRecord>, ZoneError> {
    let error = |line, detail: String| ZoneError { line, problem: ZoneProblem::Json(detail) };
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| error(e.line(), e.to_string()))?;
    let list = match &value {
        serde_json::Value::Array(list) => list,
        other => {
            other.get("records").and_then(|r| r.as_array()).ok_or_else(|| error(0, "no \"records\" list".into()))?
        }
    };
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    let mut records = Vec::new();
    for (at, item) in list.iter().enumerate() {
        let line = at + 1;
        let text = |key: &str| match item.get(key) {
            Some(serde_json::Value::String(s)) => Some(s.trim().to_owned()),
            Some(serde_json::Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let number = |key: &str| text(key).filter(|t| !t.is_empty()).map(|t| t.parse::<u32>().map_err(|_| t));
        let kind = text("type").filter(|t| !t.is_empty()).ok_or_else(|| error(line, "no \"type\"".into()))?;
        let kind = kind.to_ascii_uppercase();
        let content = text("content").ok_or_else(|| error(line, "no \"content\"".into()))?;
        // `@`, a name in the domain with or without its final dot, or a host below it.
        let name = match text("name").unwrap_or_default().to_lowercase() {
            n if n.is_empty() || n == "@" => format!("{domain}."),
            n if n.ends_with('.') => n,
            n if host_in(&n, &domain).is_some() => format!("{n}."),
            n => format!("{n}.{domain}."),
        };
        let host = host_in(&name, &domain).ok_or(ZoneError { line, problem: ZoneProblem::OutsideZone(name) })?;
        let ttl = number("ttl").transpose().map_err(|t| ZoneError { line, problem: ZoneProblem::Ttl(t) })?;
        let priority =
            number("priority").transpose().map_err(|t| ZoneError { line, problem: ZoneProblem::Number(t) })?;
        let content = match kind.as_str() {
            "CNAME" | "NS" | "MX" | "PTR" | "DNAME" => fqdn(&content, &domain),
            "TXT" | "SPF" => txt_text(&content),
            _ => content,
        };
        let portal_only = !ZONE_TYPES.contains(&kind.as_str());
        if kind == "SOA" || placeholder(&kind, &content) {
            continue;
        }
        records.push(ZoneRecord { line, host, kind, ttl: ttl.filter(|t| *t > 0), priority, content, portal_only });
    }
    Ok(records)
}

/// Whether a record is the apex NS placeholder `dns export` writes where the portal lists
/// none (`PLACEHOLDER_NS`): passed over, as the SOA is.
fn placeholder(kind: &str, content: &str) -> bool {
    kind == "NS" && content.eq_ignore_ascii_case(PLACEHOLDER_NS)
}

/// Either form, told apart by the first character: JSON starts with `{` or `[`.
pub fn parse_any(text: &str, domain: &str) -> Result<Vec<ZoneRecord>, ZoneError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match text.trim_start().starts_with(['{', '[']) {
        true => parse_json(text, domain),
        false => parse(text, domain),
    }
}

#[cfg(test)]
#[path = "zone_file_tests.rs"]
mod tests;
