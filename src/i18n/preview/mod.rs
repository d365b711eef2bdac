//! What a change's confirmation shows, composed once for both faces: the dashboard's dialog
//! takes its rows (`Confirmation { title, rows }`), and the command line prints its text
//! before it asks (`--yes`, `--dry-run` as ever). One function per kind of change, in the
//! file of its family: `domain.rs` (a registration's settings and its renewal),
//! `services.rs` (a service's cancellation and label), `billing.rs` (a payment),
//! `tickets.rs` (a ticket closed or reopened, a reply, a new ticket: a message's first
//! lines), `dns.rs` (a record added, changed or deleted), `upgrade.rs` (a service's upgrade
//! order, its sums from `api::UpgradeTotals`, the same for both faces). What the change is
//! made to (the domain, the service) each face names its own way: a row of the dialog, the
//! command's heading.
//!
//! Beside its preview, each change has a unit struct named as its `Change` variant (a row
//! of `api::changes::rows`) with its name as an operation, `NAME` (errors, logs), and
//! `words`, what the status line says while it is sent, from the change's fields in the
//! row's order. The table dispatches to them ([`change_words`], `i18n::operation`): a new
//! change fails to build until they are written. A change whose confirmation promises
//! figures (a payment's credit after, a renewal's expiry) writes its [`Promise`] there too:
//! the reads that hold them and what those say against it (`promise.rs`).

mod billing;
mod buying;
mod dns;
mod domain;
mod promise;
mod services;
mod spending;
mod tickets;
mod upgrade;

pub use billing::*;
pub use buying::*;
pub use dns::*;
pub use domain::*;
pub use promise::{Promise, Promises};
pub use services::*;
pub use spending::{BeyondRenewalWhy, BeyondShort, amount_or_unknown, beyond, credit_after, totals, totals_line};
pub use tickets::*;
pub use upgrade::*;

use super::Text;
use crate::api::{Change, Language};

/// The dispatch of a change's words, from the table of changes.
macro_rules! change_words {
    ($($(#[doc = $doc:literal])* $name:ident { $($field:ident: $type:ty),+ } => $op:ident { $($rest:tt)* })*) => {
        /// A change in a few words, for the status line: `add a record www A 203.0.113.7`,
        /// `upgrade request for service #2207`… (the change's `words`, beside its preview).
        pub fn change_words(change: &Change, language: Language) -> String {
            match change {
                $(Change::$name { $($field),+ } => $name::words($($field,)+ language),)*
            }
        }

        #[cfg(test)]
        #[test]
        fn every_change_is_named_in_both_languages() {
            crate::i18n::check_texts(&[$((stringify!($name), $name::NAME)),*], &[]);
        }
    };
}

crate::api::change_rows!(change_words);

/// A change as its confirmation shows it: a title and (label, value) rows; an empty label
/// continues the row above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub title: Text,
    pub rows: Vec<(String, String)>,
}

impl Preview {
    /// The rows, as the dialog shows them.
    pub fn rows(&self) -> Vec<(String, String)> {
        self.rows.clone()
    }

    /// The rows as the command line prints them before it asks, one a line, indented:
    /// `  Price: 412,500 VND (…)`; a row that continues the one above is indented further;
    /// no line ends in spaces (an empty line of a message is empty).
    pub fn text(&self) -> String {
        self.rows
            .iter()
            .map(|(label, value)| match label.is_empty() {
                true => format!("\n{}", format!("    {value}").trim_end()),
                false => format!("\n{}", format!("  {label}: {value}").trim_end()),
            })
            .collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::Preview;

    /// Every row filled: no `{placeholder}` left, in the rows or the text.
    pub(crate) fn filled(preview: &Preview) {
        for (label, value) in &preview.rows {
            assert!(!label.contains('{') && !value.contains('{'), "{label}: {value}");
            assert!(!value.is_empty(), "{label} is empty");
        }
        assert!(!preview.text().contains('{'), "{}", preview.text());
    }
}
