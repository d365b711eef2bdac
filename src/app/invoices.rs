//! The invoices screen: unpaid first (overdue flagged), then paid, then others; an
//! invoice's items and sums.

use super::browse::ListView;
use super::{App, Command, Slot, fetch};
use crate::api::models::Invoice;
use crate::api::{ApiError, Operation, Query};
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

    pub(super) fn invoice_list_answer(&mut self, result: Result<Vec<Invoice>, ApiError>) {
        match result {
            Ok(invoices) => {
                self.profile.invoices.set_items(invoices);
                self.keep_selection_visible();
                self.rebuild_radar();
            }
            Err(e) => self.list_failed(Operation::Invoices, &e),
        }
    }

    pub(super) fn invoice_answer(&mut self, result: Result<Box<Invoice>, ApiError>) {
        match result {
            Ok(invoice) => self.profile.invoices.set_detail(*invoice),
            Err(e) => self.profile.invoices.detail_error = Some(crate::i18n::api_error(&e, self.profile.language)),
        }
    }
}
