//! The one-line prompt for lookups and file paths. While it is open, keys go to it.

use tui_input::Input;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    Domain,
    Certificate,
    Service,
    SaveCsr,
    SaveSummary,
}

impl PromptKind {
    pub fn label(self) -> &'static str {
        match self {
            PromptKind::Domain => "Domain name",
            PromptKind::Certificate => "Certificate id",
            PromptKind::Service => "Service id",
            PromptKind::SaveCsr => "Save CSR to",
            PromptKind::SaveSummary => "Save summary to",
        }
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
pub fn domain_name(text: &str) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_lowercase();
    let name = name.strip_prefix("https://").or_else(|| name.strip_prefix("http://")).unwrap_or(&name).to_owned();
    if name.is_empty() {
        return Err("Type a domain name, e.g. example.vn".into());
    }
    if name.chars().count() > 253 {
        return Err("A domain name has at most 253 characters".into());
    }
    if let Some(bad) = name.chars().find(|c| c.is_whitespace() || matches!(c, '/' | '?' | '#' | '@' | ':' | '\\')) {
        return Err(format!("A domain name cannot contain {:?}", bad));
    }
    if name == "." || name == ".." {
        return Err("Type a domain name, e.g. example.vn".into());
    }
    Ok(name)
}

/// A numeric id as typed.
pub fn numeric_id(text: &str, what: &str) -> Result<u64, String> {
    let text = text.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err(format!("Type a {what}, e.g. 3301"));
    }
    text.parse().map_err(|_| format!("A {what} is a number, not {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_names_are_normalised_or_refused_with_a_reason() {
        assert_eq!(domain_name("  Example.VN. ").unwrap(), "example.vn");
        assert_eq!(domain_name("https://example.vn").unwrap(), "example.vn");
        assert!(domain_name("").is_err());
        assert!(domain_name("a b.vn").unwrap_err().contains("' '"));
        assert!(domain_name("a/b.vn").is_err());
        assert!(domain_name(&"a".repeat(300)).unwrap_err().contains("253"));
        assert_eq!(domain_name("tên-miền.vn").unwrap(), "tên-miền.vn");
    }

    #[test]
    fn ids_must_be_numbers() {
        assert_eq!(numeric_id(" 3301 ", "certificate id"), Ok(3301));
        assert_eq!(numeric_id("#2207", "service id"), Ok(2207));
        assert!(numeric_id("abc", "certificate id").unwrap_err().contains("is a number"));
        assert!(numeric_id("", "service id").is_err());
    }
}
