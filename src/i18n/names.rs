//! A domain name or an id typed by a person, read by `api::names`' rules, and what is wrong
//! with it said in the reader's language: one reading for the dashboard's prompts and the
//! commands' arguments.

use crate::api::Language;
use crate::api::names::{self, IdProblem, NameProblem};

use super::Text;

/// A domain name as typed: trimmed, lower-cased, no scheme or trailing dot; or why not.
pub fn domain_name(text: &str, language: Language) -> Result<String, String> {
    names::domain_name(text).map_err(|problem| match problem {
        NameProblem::Empty => Text::TypeDomain.get(language).into(),
        NameProblem::TooLong => Text::DomainTooLong.get(language).into(),
        NameProblem::BadChar(bad) => Text::DomainBadChar.fill(language, &[("char", &format!("{bad:?}"))]),
        NameProblem::EmptyLabel => Text::DomainEmptyLabel.get(language).into(),
        NameProblem::LabelTooLong => Text::DomainLabelTooLong.get(language).into(),
    })
}

/// A numeric id as typed; `what` names it ("certificate id").
pub fn numeric_id(text: &str, what: &str, language: Language) -> Result<u64, String> {
    names::numeric_id(text).map_err(|(problem, text)| {
        let message = match problem {
            IdProblem::Empty => Text::TypeNumber,
            IdProblem::TooLarge => Text::NumberTooLarge,
            IdProblem::NotANumber => Text::NotANumber,
        };
        message.fill(language, &[("text", &text), ("what", &what)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::English;
    const VI: Language = Language::Vietnamese;

    #[test]
    fn a_refused_name_says_why() {
        assert_eq!(domain_name("  Example.VN. ", EN).unwrap(), "example.vn");
        assert_eq!(domain_name("", EN).unwrap_err(), "Type a domain name, e.g. example.vn");
        assert!(domain_name("a b.vn", EN).unwrap_err().contains("' '"));
        assert!(domain_name(&"a".repeat(300), EN).unwrap_err().contains("253"));
        assert!(domain_name("a/b.vn", VI).unwrap_err().starts_with("Tên miền không được chứa"));
        assert_eq!(domain_name("example..vn", EN).unwrap_err(), "A domain name has no empty part between its dots");
        assert!(domain_name(&format!("{}.vn", "a".repeat(64)), VI).unwrap_err().contains("63"));
    }

    #[test]
    fn a_refused_id_says_why() {
        assert_eq!(numeric_id("#2207", "service id", EN), Ok(2207));
        assert!(numeric_id("abc", "certificate id", EN).unwrap_err().contains("digits only"));
        assert_eq!(numeric_id("", "service id", EN).unwrap_err(), "Type a service id (a number)");
        // All digits, just too many: said so, the important part first.
        let e = numeric_id("99999999999999999999999", "certificate id", EN).unwrap_err();
        assert_eq!(e, "certificate id too large: 99999999999999999999999");
    }
}
