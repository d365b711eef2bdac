//! The one-line prompt for lookups, the domain filter and file paths. While it is open,
//! keys go to it.

use tui_input::Input;

use crate::api::Language;
use crate::i18n::Text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromptKind {
    Domain,
    /// Narrows the domain list as it is typed.
    Filter,
    Certificate,
    Service,
    SaveCsr,
    /// Where to save an issued certificate (its PEM).
    SaveCertificate,
    SaveSummary,
    /// Where to save a ticket's attachment.
    SaveAttachment,
    /// Whether to replace the file `Shell::replacing` names.
    Replace,
    /// Whether to log out (`X`).
    Logout,
    /// For how many years to renew the registration shown.
    RenewYears,
    /// The nameservers to set on the registration shown, separated by spaces.
    Nameservers,
    /// How much to pay from the credit, when it cannot pay an invoice whole.
    PayAmount,
    /// Why a service is cancelled.
    CancelReason,
    /// The service's domain (or name), typed to confirm cancelling it at the end of its
    /// billing period.
    CancelTyped,
    /// The service's domain (or name), typed to confirm cancelling it now.
    CancelNowTyped,
    /// A service's new label.
    ServiceLabel,
    /// How many of a quantity resource's item an upgrade asks for.
    Quantity,
    /// The name to save the sign-in form as, a profile of the configuration.
    ProfileName,
    /// The saved profile's password command (never the password), or nothing.
    PasswordCommand,
}

impl PromptKind {
    /// Whether it asks a yes-or-no question, answered with one key (the dialog's `y` or
    /// `n`, as a change's confirmation is) rather than typed text.
    pub fn is_question(self) -> bool {
        matches!(self, PromptKind::Replace | PromptKind::Logout)
    }

    /// The label before the text; the keys it names are the keymap's (`open`, `back`),
    /// `word` what it asks to be typed (see `Prompt::word`).
    pub fn label(self, language: Language, open: &str, back: &str, word: &str) -> String {
        let text = match self {
            PromptKind::Domain => Text::PromptDomain,
            PromptKind::Filter => Text::PromptFilter,
            PromptKind::Certificate => Text::PromptCertificate,
            PromptKind::Service => Text::PromptService,
            PromptKind::SaveCsr => Text::PromptSaveCsr,
            PromptKind::SaveCertificate => Text::PromptSaveCertificate,
            PromptKind::SaveSummary => Text::PromptSaveSummary,
            PromptKind::SaveAttachment => Text::PromptSaveAttachment,
            PromptKind::Replace => Text::PromptReplace,
            PromptKind::Logout => Text::PromptLogout,
            PromptKind::RenewYears => Text::PromptRenewYears,
            PromptKind::Nameservers => Text::PromptNameservers,
            PromptKind::PayAmount => Text::PromptPayAmount,
            PromptKind::CancelReason => Text::PromptCancelReason,
            PromptKind::CancelTyped => Text::PromptCancelTyped,
            PromptKind::CancelNowTyped => Text::PromptCancelNowTyped,
            PromptKind::ServiceLabel => Text::PromptServiceLabel,
            PromptKind::Quantity => Text::PromptQuantity,
            PromptKind::ProfileName => Text::PromptProfileName,
            PromptKind::PasswordCommand => Text::PromptPasswordCommand,
        };
        text.fill(language, &[("open", &open), ("back", &back), ("word", &word)])
    }
}

#[derive(Clone, Debug)]
pub struct Prompt {
    pub kind: PromptKind,
    pub input: Input,
    pub error: Option<String>,
    /// Where ↑/↓ are in this kind's history (`None`: the text being typed).
    pub recalled: Option<usize>,
    /// What the prompt asks to be typed exactly, named in its label (a service's domain).
    pub word: String,
    /// A question that just opened takes no key for a moment: a key typed before it
    /// appeared never answers it.
    pub settling: bool,
}

impl Prompt {
    pub fn new(kind: PromptKind, initial: &str) -> Prompt {
        let input = Input::new(initial.to_owned());
        Prompt { kind, input, error: None, recalled: None, word: String::new(), settling: false }
    }

    /// A prompt that asks for `word` to be typed exactly, starting empty.
    pub fn asking(kind: PromptKind, word: &str) -> Prompt {
        Prompt { word: word.to_owned(), ..Prompt::new(kind, "") }
    }
}

/// A domain name as typed: trimmed, lower-cased, no scheme or trailing dot.
pub fn domain_name(text: &str, language: Language) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_lowercase();
    let name = name.strip_prefix("https://").or_else(|| name.strip_prefix("http://")).unwrap_or(&name).to_owned();
    if name.is_empty() || name == "." || name == ".." {
        return Err(Text::TypeDomain.get(language).into());
    }
    if name.chars().count() > 253 {
        return Err(Text::DomainTooLong.get(language).into());
    }
    if let Some(bad) = name.chars().find(|c| c.is_whitespace() || matches!(c, '/' | '?' | '#' | '@' | ':' | '\\')) {
        return Err(Text::DomainBadChar.fill(language, &[("char", &format!("{bad:?}"))]));
    }
    Ok(name)
}

/// A numeric id as typed; `what` names it ("certificate id").
pub(crate) fn numeric_id(text: &str, what: &str, language: Language) -> Result<u64, String> {
    let text = text.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err(Text::TypeNumber.fill(language, &[("what", &what)]));
    }
    text.parse().map_err(|_| {
        let digits = text.chars().all(|c| c.is_ascii_digit());
        let message = if digits { Text::NumberTooLarge } else { Text::NotANumber };
        message.fill(language, &[("text", &text), ("what", &what)])
    })
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
        // All digits, just too many: said so, the important part first.
        let e = numeric_id("99999999999999999999999", "certificate id", EN).unwrap_err();
        assert_eq!(e, "certificate id too large: 99999999999999999999999");
    }
}
