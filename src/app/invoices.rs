//! The invoices screen: unpaid first (overdue flagged), then paid, then others; an
//! invoice's items and sums.

use super::browse::ListView;
use super::{App, Command, Slot, fetch};
use crate::api::models::Invoice;
use crate::api::{Operation, Query};
use crate::config::keys::Action;

pub type InvoicesView = ListView<Invoice>;

impl App {
    pub(super) fn invoices_action(&mut self, action: Action) -> Vec<Command> {
        if action == Action::Refresh {
            return self.refresh_invoices();
        }
        let opened = self.browse_action(action, |p| &mut p.invoices, |id| (Slot::Invoice(id), Query::Invoice(id)));
        opened.unwrap_or_else(|| self.unchanged())
    }

    /// The list again, and the open invoice.
    pub(super) fn refresh_invoices(&mut self) -> Vec<Command> {
        if !self.offers(Operation::Invoices) {
            return Vec::new();
        }
        let mut commands = self.send(Slot::InvoiceList, fetch(Query::Invoices));
        if let Some(id) = self.profile.invoices.open().and_then(|i| i.id.trim().parse().ok()) {
            commands.extend(self.send(Slot::Invoice(id), fetch(Query::Invoice(id))));
        }
        commands
    }
}
