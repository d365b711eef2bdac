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
    /// The name of a hosted zone to create.
    ZoneName,
    /// The DNS hosting service a new zone goes under, when there are several.
    ZoneService,
    /// The hosted zone's name, typed to confirm deleting it with its records.
    ZoneDeleteTyped,
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
            PromptKind::ZoneName => Text::PromptZoneName,
            PromptKind::ZoneService => Text::PromptZoneService,
            PromptKind::ZoneDeleteTyped => Text::PromptZoneDeleteTyped,
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
