//! What is wrong with a DNS record, in words: as typed (`dns::rules`), or as listed when a
//! change cannot name it (`dns::ids`).

use super::{Language, Text};
use crate::api::dns::ids::ReadOnly;
use crate::api::dns::rules as dns_rules;
use crate::api::{DnsFields, models::DnsRecord};

/// A record in one line in the reader's language (`ưu tiên 10` in Vietnamese).
pub fn record_line(name: &str, kind: &str, content: &str, priority: &str, ttl: &str, language: Language) -> String {
    dns_rules::line_with(name, kind, content, priority, ttl, |v| Text::RecPriority.fill(language, &[("value", &v)]))
}

/// A listed record in one line, its content as a reader is shown it.
pub fn listed_line(r: &DnsRecord, language: Language) -> String {
    record_line(&r.name, &r.kind, &content(r, language), dns_rules::listed_priority(r), &r.ttl, language)
}

/// [`listed_line`] with the host as a zone file names it under `domain` (`www`, `@`),
/// however the portal lists it (DNS.services lists `www.example.vn`).
pub fn listed_line_at(r: &DnsRecord, domain: &str, language: Language) -> String {
    let relative = DnsRecord { name: crate::api::dns::zone_write::host_of(&r.name, domain).into(), ..r.clone() };
    listed_line(&relative, language)
}

/// A record to send in one line.
pub fn sent_line(r: &DnsFields, language: Language) -> String {
    let (priority, ttl) = dns_rules::sent_extras(r);
    record_line(&r.name, &r.kind, &r.content, &priority, &ttl, language)
}

/// A listed record's content as a reader is shown it: an SOA in words (primary server,
/// contact, serial and its timers), anything else as its data.
pub fn content(r: &DnsRecord, language: Language) -> String {
    match &r.parts[..] {
        [primary, contact, serial, refresh, retry, expire, minimum] if r.kind.trim().eq_ignore_ascii_case("SOA") => {
            let fill: [(&str, &dyn std::fmt::Display); 7] = [
                ("primary", primary),
                ("contact", contact),
                ("serial", serial),
                ("refresh", refresh),
                ("retry", retry),
                ("expire", expire),
                ("minimum", minimum),
            ];
            Text::DnsSoaWords.fill(language, &fill)
        }
        _ => r.content.clone(),
    }
}

/// A record type as a sentence names it before "record": in English with its article, as
/// the type's name is said (`an A`, `an MX`, `an NS`, `an SRV`, but `a CNAME`, `a TXT`, `a
/// CAA`, `a URL`); in Vietnamese, which has none, the type alone (`bản ghi {a_kind}`).
pub fn a_kind(kind: &str, language: Language) -> String {
    let kind = kind.trim();
    match language {
        Language::Vietnamese => kind.to_owned(),
        Language::English => format!("{} {kind}", english_article(kind)),
    }
}

/// `an` before a type whose name starts with a vowel sound: one spelt out letter by letter
/// whose first letter is said with a vowel (A, E, F, H, I, L, M, N, O, R, S, X), or a word
/// starting with a vowel; `a` before the others and before the types said as words.
fn english_article(kind: &str) -> &'static str {
    const SAID_AS_WORDS: [&str; 2] = ["FRAME", "NAPTR"];
    let upper = kind.to_ascii_uppercase();
    let first = upper.chars().next().unwrap_or('X');
    if SAID_AS_WORDS.contains(&upper.as_str()) || !"AEFHILMNORSX".contains(first) { "a" } else { "an" }
}

/// What is wrong with a DNS record as typed, in words.
pub fn dns_problem(problem: &crate::api::dns::rules::Problem, language: Language) -> String {
    use crate::api::dns::rules::{Part, Problem};
    let quoted = |t: &str| format!("{t:?}");
    match problem {
        Problem::Type { kind, types } => {
            Text::DnsBadType.fill(language, &[("kind", &quoted(kind)), ("types", &types.join(", "))])
        }
        Problem::Host(host) => Text::DnsBadHost.fill(language, &[("host", &quoted(host))]),
        Problem::EmptyContent => Text::DnsEmptyContent.get(language).to_owned(),
        Problem::Ipv4(text) => Text::DnsNotIpv4.fill(language, &[("text", &quoted(text))]),
        Problem::Ipv6(text) => Text::DnsNotIpv6.fill(language, &[("text", &quoted(text))]),
        Problem::HostName { kind, content } => {
            Text::DnsNotHostName.fill(language, &[("a_kind", &a_kind(kind, language)), ("text", &quoted(content))])
        }
        Problem::Number { part, min, max, text } => {
            let what = if *part == Part::Ttl { Text::DnsWordTtl } else { Text::DnsWordPriority };
            let fill: [(&str, &dyn std::fmt::Display); 4] =
                [("what", &what.get(language)), ("min", min), ("max", max), ("text", &quoted(text))];
            Text::DnsBadNumber.fill(language, &fill)
        }
        Problem::NeedPriority => Text::DnsNoPriority.get(language).to_owned(),
        Problem::Control(_) => Text::DnsControl.get(language).to_owned(),
        // An MX names a mail server, which has the address: not "did you mean an A record?".
        Problem::IpTarget { kind, content, suggest } if kind == "MX" => {
            Text::DnsMxAtIp.fill(language, &[("text", content), ("a_suggest", &a_kind(suggest, language))])
        }
        Problem::IpTarget { kind, content, suggest } => Text::DnsIpTarget.fill(
            language,
            &[("a_kind", &a_kind(kind, language)), ("text", content), ("a_suggest", &a_kind(suggest, language))],
        ),
        Problem::CnameAtApex => Text::DnsCnameAtApex.get(language).to_owned(),
        Problem::CnameBeside { host, kinds } => {
            Text::DnsCnameBeside.fill(language, &[("host", host), ("kinds", &kinds.join(", "))])
        }
        Problem::BesideCname { host, kind } => Text::DnsBesideCname.fill(language, &[("host", host), ("kind", kind)]),
        Problem::SecondOfTag { host, tag, id } => {
            let host = if host.is_empty() { "@" } else { host.as_str() };
            match id.is_empty() {
                // Two the same file creates.
                true => Text::DnsTwoOfTag.fill(language, &[("host", &host), ("tag", tag)]),
                false => Text::DnsSecondOfTag.fill(language, &[("host", &host), ("tag", tag), ("id", id)]),
            }
        }
    }
}

/// [`dns_problem`], for a record checked against the tool's usual types because the portal
/// lists none of its own (`builtin`): a type it does not offer is the tool's list's, not
/// the portal's.
pub fn dns_problem_with(problem: &crate::api::dns::rules::Problem, builtin: bool, language: Language) -> String {
    match problem {
        crate::api::dns::rules::Problem::Type { kind, types } if builtin => {
            Text::DnsBadTypeBuiltin.fill(language, &[("kind", &format!("{kind:?}")), ("types", &types.join(", "))])
        }
        other => dns_problem(other, language),
    }
}

/// What is wrong in a zone file (or its JSON form), in words, without where.
pub fn zone_problem(problem: &crate::api::dns::zone_file::ZoneProblem, domain: &str, language: Language) -> String {
    use crate::api::dns::zone_file::ZoneProblem;
    match problem {
        ZoneProblem::OpenQuote => Text::ZoneOpenQuote.get(language).to_owned(),
        ZoneProblem::Parentheses => Text::ZoneParentheses.get(language).to_owned(),
        ZoneProblem::NoOwner => Text::ZoneNoOwner.get(language).to_owned(),
        ZoneProblem::NoType => Text::ZoneNoType.get(language).to_owned(),
        ZoneProblem::Ttl(text) => Text::ZoneTtl.fill(language, &[("text", text)]),
        ZoneProblem::Class(class) => Text::ZoneClass.fill(language, &[("class", class)]),
        ZoneProblem::Directive(directive) => Text::ZoneDirective.fill(language, &[("directive", directive)]),
        ZoneProblem::OutsideZone(name) => Text::ZoneOutside.fill(language, &[("name", name), ("domain", &domain)]),
        ZoneProblem::Data { kind, need } => {
            Text::ZoneData.fill(language, &[("a_kind", &a_kind(kind, language)), ("kind", kind), ("need", need)])
        }
        ZoneProblem::Number(text) => Text::ZoneNumber.fill(language, &[("text", text)]),
        ZoneProblem::Json(detail) => Text::ZoneJson.fill(language, &[("detail", detail)]),
        ZoneProblem::NoFinalDot { name, whole } => {
            Text::ZoneNoFinalDot.fill(language, &[("name", name), ("whole", whole)])
        }
        ZoneProblem::DottedLabel(name) => Text::ZoneDottedLabel.fill(language, &[("name", name)]),
    }
}

/// Why a plan is refused before anything is sent, in words.
pub fn plan_problem(problem: &crate::api::dns::plan::PlanProblem, language: Language) -> String {
    use crate::api::dns::plan::PlanProblem;
    match problem {
        PlanProblem::Unreadable { id, host } => Text::PlanUnreadable.fill(language, &[("id", id), ("host", host)]),
        PlanProblem::ReadOnly { id, why } => read_only(*why, id, language),
        PlanProblem::Zone(problem) => Text::PlanRefused.fill(language, &[("problem", &dns_problem(problem, language))]),
        PlanProblem::Record { line, problem } => {
            format!("{}: {}", Text::PlanLine.fill(language, &[("line", line)]), dns_problem(problem, language))
        }
    }
}

/// Why a listed record is read-only, in words; `id` is the record's id as listed.
pub fn read_only(why: ReadOnly, id: &str, language: Language) -> String {
    let id = crate::api::sanitize::line(id.trim());
    match why {
        ReadOnly::NoId => Text::DnsNoId.get(language).to_owned(),
        ReadOnly::NotPlain => Text::DnsIdNotPlain.fill(language, &[("id", &id)]),
        ReadOnly::Shared => Text::DnsIdShared.fill(language, &[("id", &id)]),
        ReadOnly::Fixed => Text::DnsFixed.get(language).to_owned(),
    }
}

impl ReadOnly {
    /// The reason in words (see [`read_only`]).
    pub fn reason(self, id: &str, language: Language) -> String {
        read_only(self, id, language)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_type_takes_the_article_of_its_sound() {
        let said = |kind| a_kind(kind, Language::English);
        for (kind, with) in [
            ("A", "an A"),
            ("AAAA", "an AAAA"),
            ("MX", "an MX"),
            ("NS", "an NS"),
            ("SRV", "an SRV"),
            ("SPF", "an SPF"),
            ("CNAME", "a CNAME"),
            ("TXT", "a TXT"),
            ("CAA", "a CAA"),
            ("URL", "a URL"),
            ("FRAME", "a FRAME"),
        ] {
            assert_eq!(said(kind), with);
        }
        assert_eq!(a_kind("MX", Language::Vietnamese), "MX");
    }

    #[test]
    fn an_mx_at_an_address_is_told_to_name_its_mail_server() {
        use crate::api::dns::rules::Problem;
        let mx = Problem::IpTarget { kind: "MX".into(), content: "1.2.3.4".into(), suggest: "A" };
        let en = dns_problem(&mx, Language::English);
        assert_eq!(
            en,
            "an MX record points at a mail server's host name, not at an IP address (1.2.3.4): \
             name a host such as mail.example.vn that has an A record for 1.2.3.4"
        );
        assert!(!en.contains("did you mean"), "{en}");
        let vi = dns_problem(&mx, Language::Vietnamese);
        assert!(vi.contains("máy chủ thư") && vi.contains("mail.example.vn có bản ghi A trỏ tới 1.2.3.4"), "{vi}");
        let cname = Problem::IpTarget { kind: "CNAME".into(), content: "2001:db8::1".into(), suggest: "AAAA" };
        assert!(dns_problem(&cname, Language::English).ends_with("did you mean an AAAA record?"));
        let ns = Problem::HostName { kind: "NS".into(), content: "not a host".into() };
        assert_eq!(dns_problem(&ns, Language::English), "an NS record needs a host name, not \"not a host\"");
        assert_eq!(dns_problem(&ns, Language::Vietnamese), "bản ghi NS cần một tên máy, không phải \"not a host\"");
    }

    #[test]
    fn the_reason_is_said_in_both_languages() {
        assert!(read_only(ReadOnly::Shared, "7", Language::English).contains("same id 7"));
        assert!(read_only(ReadOnly::NotPlain, "a/b", Language::Vietnamese).contains("mã a/b"));
        assert!(ReadOnly::NoId.reason("", Language::English).contains("without an id"));
    }
}
