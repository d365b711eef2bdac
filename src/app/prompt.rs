//! The one-line prompt for lookups and file paths. While it is open, keys go to it.

use tui_input::Input;

use crate::api::Language;
use crate::i18n::T;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    Domain,
    /// Narrows the domain list as it is typed.
    Filter,
    Certificate,
    Service,
    SaveCsr,
    SaveSummary,
}

impl PromptKind {
    pub fn label(self, language: Language) -> &'static str {
        let text = match self {
            PromptKind::Domain => T::PromptDomain,
            PromptKind::Filter => T::PromptFilter,
            PromptKind::Certificate => T::PromptCertificate,
            PromptKind::Service => T::PromptService,
            PromptKind::SaveCsr => T::PromptSaveCsr,
            PromptKind::SaveSummary => T::PromptSaveSummary,
        };
        text.get(language)
    }
}

#[derive(Clone, Debug)]
pub struct Prompt {
    pub kind: PromptKind,
    pub input: Input,
    pub error: Option<String>,
}

impl Prompt {
    pub fn new(kind: PromptKind, initial: &str) -> Prompt {
        Prompt { kind, input: Input::new(initial.to_owned()), error: None }
    }
}

/// A domain name as typed: trimmed, lower-cased, no scheme or trailing dot.
pub fn domain_name(text: &str, language: Language) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_lowercase();
    let name = name.strip_prefix("https://").or_else(|| name.strip_prefix("http://")).unwrap_or(&name).to_owned();
    if name.is_empty() || name == "." || name == ".." {
        return Err(T::TypeDomain.get(language).into());
    }
    if name.chars().count() > 253 {
        return Err(T::DomainTooLong.get(language).into());
    }
    if let Some(bad) = name.chars().find(|c| c.is_whitespace() || matches!(c, '/' | '?' | '#' | '@' | ':' | '\\')) {
        return Err(T::DomainBadChar.fill(language, &[("char", &format!("{bad:?}"))]));
    }
    Ok(name)
}

/// A numeric id as typed; `what` names it ("certificate id").
pub fn numeric_id(text: &str, what: &str, language: Language) -> Result<u64, String> {
    let text = text.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err(T::TypeNumber.fill(language, &[("what", &what)]));
    }
    text.parse().map_err(|_| T::NotANumber.fill(language, &[("text", &format!("{text:?}")), ("what", &what)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::English;

    #[test]
    fn domain_names_are_normalised_or_refused_with_a_reason() {
        assert_eq!(domain_name("  Example.VN. ", EN).unwrap(), "example.vn");
        assert_eq!(domain_name("https://example.vn", EN).unwrap(), "example.vn");
        assert!(domain_name("", EN).is_err());
        assert!(domain_name("a b.vn", EN).unwrap_err().contains("' '"));
        assert!(domain_name("a/b.vn", EN).is_err());
        assert!(domain_name(&"a".repeat(300), EN).unwrap_err().contains("253"));
        assert_eq!(domain_name("tên-miền.vn", EN).unwrap(), "tên-miền.vn");
    }

    #[test]
    fn ids_must_be_numbers() {
        assert_eq!(numeric_id(" 3301 ", "certificate id", EN), Ok(3301));
        assert_eq!(numeric_id("#2207", "service id", EN), Ok(2207));
        assert!(numeric_id("abc", "certificate id", EN).unwrap_err().contains("digits only"));
        assert!(numeric_id("", "service id", EN).is_err());
    }
}
