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

mod billing;
mod dns;
mod domain;
mod services;
mod tickets;
mod upgrade;

pub use billing::invoice_pay;
pub use dns::dns_change;
pub use domain::{Renewal, nameservers, renewal, switch};
pub use services::{service_cancel, service_label};
pub use tickets::{ticket_close, ticket_new, ticket_reply};
pub use upgrade::{Upgrade, upgrade};

use super::Text;

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
