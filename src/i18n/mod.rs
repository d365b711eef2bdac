//! Every UI string in English and Vietnamese: the table of texts (`texts`), failures and
//! operations in words (`errors`), the billing changes in words (`billing`), a
//! registration's changes in words (`changes`), each change's preview, name and
//! status-line words (`preview`), words the portal sends (`words`), DNS records' problems
//! (`dns`), the portal's field names in words and phone numbers (`fields`), a record's fields
//! as a detail shows them (`details`), and how values read (`format`: money, dates, counts).

mod billing;
mod changes;
pub mod details;
pub mod dns;
mod errors;
mod fields;
pub mod format;
pub mod names;
pub mod preview;
pub mod quantity;
mod texts;
pub mod times;
mod words;

pub use crate::api::Language;
pub use billing::{
    action_not_offered, cancel_kind, cancel_pending, cancel_when, cancels, pay_refusal, payment_rows, unreadable_amount,
};
pub use changes::{
    already_as_asked, nameserver_change_words, nameserver_list, nameserver_problem, renewal_credit, renewal_expiry,
    renewal_paid, renewal_price, switch_words, switched,
};
pub use dns::{dns_problem, dns_problem_with, plan_problem, read_only, zone_problem};
pub use errors::{api_error, api_error_for, not_offered, operation, retrying, said, sign_in_error, sign_ins_left};
pub use fields::{contact_fields, extra_fields, field_label, field_value, phone};
pub use names::{domain_name, numeric_id};
pub use preview::change_words;
pub use texts::Text;
#[cfg(test)]
pub use texts::check_texts;
pub use texts::help;
pub use words::{cycle, cycle_code, estimate, role, status};

/// A yes typed in either language (`y`, `yes`, `c`, `có`).
pub fn is_yes(text: &str) -> bool {
    matches!(text.trim().to_lowercase().as_str(), "y" | "yes" | "c" | "có")
}

/// A flag as the screens say it: `on` / `off`.
pub fn on_off(on: bool, language: Language) -> &'static str {
    if on { Text::On } else { Text::Off }.get(language)
}

/// A flag the portal may not have sent: `on`, `off`, or `—` when it did not say.
pub fn on_off_said(on: Option<bool>, language: Language) -> &'static str {
    on.map_or("—", |on| on_off(on, language))
}
