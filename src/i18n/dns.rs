//! What is wrong with a DNS record, in words: as typed (`dns_rules`), or as listed when a
//! change cannot name it (`dns_ids`).

use super::{Language, Text};
use crate::api::dns_ids::ReadOnly;

/// What is wrong with a DNS record as typed, in words.
pub fn dns_problem(problem: &crate::api::dns_rules::Problem, language: Language) -> String {
    use crate::api::dns_rules::{Part, Problem};
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
            Text::DnsNotHostName.fill(language, &[("kind", kind), ("text", &quoted(content))])
        }
        Problem::Number { part, max, text } => {
            let what = if *part == Part::Ttl { Text::DnsWordTtl } else { Text::DnsWordPriority };
            Text::DnsBadNumber.fill(language, &[("what", &what.get(language)), ("max", max), ("text", &quoted(text))])
        }
        Problem::NeedPriority => Text::DnsNoPriority.get(language).to_owned(),
        Problem::Control(_) => Text::DnsControl.get(language).to_owned(),
    }
}

/// Why a listed record is read-only, in words; `id` is the record's id as listed.
pub fn read_only(why: ReadOnly, id: &str, language: Language) -> String {
    let id = crate::api::sanitize::line(id.trim());
    match why {
        ReadOnly::NoId => Text::DnsNoId.get(language).to_owned(),
        ReadOnly::NotPlain => Text::DnsIdNotPlain.fill(language, &[("id", &id)]),
        ReadOnly::Shared => Text::DnsIdShared.fill(language, &[("id", &id)]),
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
    fn the_reason_is_said_in_both_languages() {
        assert!(read_only(ReadOnly::Shared, "7", Language::English).contains("same id 7"));
        assert!(read_only(ReadOnly::NotPlain, "a/b", Language::Vietnamese).contains("mã a/b"));
        assert!(ReadOnly::NoId.reason("", Language::English).contains("without an id"));
    }
}
