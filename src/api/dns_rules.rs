//! What a DNS record must hold before it is sent, per type, as the dashboard's form and the
//! CLI check it: A an IPv4 address, AAAA an IPv6 address, CNAME/MX/NS a host name, MX a
//! priority, TXT any text (quoted as portals expect), TTL a number.

use super::changes::DnsFields;

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

/// TXT content as portals expect it: in double quotes, inner quotes escaped.
pub fn quoted(text: &str) -> String {
    let text = text.trim();
    if text.len() >= 2 && text.starts_with('"') && text.ends_with('"') {
        return text.to_owned();
    }
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The record to send, or what is wrong with it (the first problem, in words). `types` are
/// the ones the portal takes.
pub fn check(input: &DnsInput, types: &[String]) -> Result<DnsFields, String> {
    let kind = input.kind.trim().to_ascii_uppercase();
    if !types.iter().any(|t| t.eq_ignore_ascii_case(&kind)) {
        return Err(format!("type {:?} is not one this portal takes ({})", input.kind.trim(), types.join(", ")));
    }
    let host = input.host.trim();
    let host = if host.is_empty() { "@" } else { host };
    let wildcard = host == "*" || host.strip_prefix("*.").is_some_and(is_host_name);
    if !is_host_name(host) && !wildcard {
        return Err(format!("host {host:?} is not a host name (letters, digits, - and .; @ for the domain itself)"));
    }
    let content = input.content.trim();
    if content.is_empty() {
        return Err("the content is empty".to_owned());
    }
    let content = match kind.as_str() {
        "A" => match content.parse::<std::net::Ipv4Addr>() {
            Ok(ip) => ip.to_string(),
            Err(_) => return Err(format!("an A record needs an IPv4 address, not {content:?}")),
        },
        "AAAA" => match content.parse::<std::net::Ipv6Addr>() {
            Ok(ip) => ip.to_string(),
            Err(_) => return Err(format!("an AAAA record needs an IPv6 address, not {content:?}")),
        },
        "CNAME" | "MX" | "NS" if !is_host_name(content) || content == "@" => {
            return Err(format!("a {kind} record needs a host name, not {content:?}"));
        }
        "TXT" => quoted(content),
        _ => content.to_owned(),
    };
    let number = |text: &str, what: &str, max: u32| -> Result<Option<u32>, String> {
        match text.trim() {
            "" => Ok(None),
            t => t
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= max)
                .map(Some)
                .ok_or_else(|| format!("the {what} must be a whole number from 0 to {max}, not {t:?}")),
        }
    };
    let priority = number(&input.priority, "priority", 65535)?;
    if kind == "MX" && priority.is_none() {
        return Err("an MX record needs a priority (--priority N; lower is preferred)".to_owned());
    }
    let ttl = number(&input.ttl, "TTL", 2_147_483_647)?;
    Ok(DnsFields { name: host.to_owned(), kind, priority: priority.unwrap_or(0), content, ttl })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(host: &str, kind: &str, content: &str, priority: &str) -> DnsInput {
        DnsInput {
            host: host.into(),
            kind: kind.into(),
            content: content.into(),
            priority: priority.into(),
            ttl: String::new(),
        }
    }

    fn types() -> Vec<String> {
        DEFAULT_TYPES.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn each_type_checks_its_content() {
        let ok = |i: DnsInput| check(&i, &types()).unwrap();
        assert_eq!(ok(input("home", "a", " 203.0.113.7 ", "")).content, "203.0.113.7");
        assert_eq!(ok(input("", "AAAA", "2001:DB8::1", "")).content, "2001:db8::1");
        assert_eq!(ok(input("", "AAAA", "2001:DB8::1", "")).name, "@");
        assert_eq!(ok(input("www", "CNAME", "example.vn.", "")).content, "example.vn.");
        assert_eq!(ok(input("@", "MX", "mail.example.vn", "10")).priority, 10);
        assert_eq!(ok(input("@", "TXT", "v=spf1 a mx ~all", "")).content, "\"v=spf1 a mx ~all\"");
        assert_eq!(ok(input("@", "TXT", "\"already quoted\"", "")).content, "\"already quoted\"");
        assert_eq!(ok(input("@", "TXT", "say \"hi\"", "")).content, r#""say \"hi\"""#);
        let err = |i: DnsInput| check(&i, &types()).unwrap_err();
        assert!(err(input("home", "A", "203.0.113", "")).contains("IPv4"));
        assert!(err(input("home", "AAAA", "203.0.113.7", "")).contains("IPv6"));
        assert!(err(input("www", "CNAME", "not a host", "")).contains("host name"));
        assert!(err(input("@", "MX", "mail.example.vn", "")).contains("priority"));
        assert!(err(input("@", "MX", "mail.example.vn", "-1")).contains("whole number"));
        assert!(err(input("bad host", "A", "203.0.113.7", "")).contains("host name"));
        assert!(err(input("@", "SRV", "x", "")).contains("not one this portal takes"));
        assert!(err(input("@", "TXT", "  ", "")).contains("empty"));
    }
}
