//! Every UI string in English and Vietnamese: the table of texts (`texts`), failures and
//! operations in words (`errors`), the billing changes in words (`billing`), changes in a few words (`changes`), words the portal sends (`words`), DNS records' problems
//! (`dns`), and how values read (`format`: money, dates, counts).

mod billing;
mod changes;
mod dns;
mod errors;
pub mod format;
mod texts;
mod words;

pub use crate::api::Language;
pub use billing::{action_not_offered, cancel_when, pay_refusal, payment_rows};
pub use changes::{
    already_as_asked, change_words, nameserver_change_words, nameserver_list, nameserver_problem, renewal_expiry,
    renewal_price, switch_words,
};
pub use dns::{dns_problem, read_only};
pub use errors::{api_error, api_error_for, not_offered, operation, retrying, said};
pub use texts::Text;
pub use words::{cycle, estimate, role, status};

/// A yes typed in either language (`y`, `yes`, `c`, `có`).
pub fn is_yes(text: &str) -> bool {
    matches!(text.trim().to_lowercase().as_str(), "y" | "yes" | "c" | "có")
}

/// A flag as the screens say it: `on` / `off`.
pub fn on_off(on: bool, language: Language) -> &'static str {
    if on { Text::On } else { Text::Off }.get(language)
}
