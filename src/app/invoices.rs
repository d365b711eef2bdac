//! The invoices screen: unpaid first (overdue flagged), then paid, then others; an
//! invoice's items and sums.

use super::browse::{Browsed, ListView};
use super::{App, Command, Prompt, PromptKind, Slot, fetch};
use crate::api::models::Invoice;
use crate::api::{ApiError, Operation, Query};
use crate::config::keys::Action;

pub type InvoicesView = ListView<Invoice>;

impl App {
    pub(super) fn invoices_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        match action {
            Action::Refresh => return self.refresh_invoices(),
            Action::Back => return self.back(|app| app.profile.invoices.step_back()),
            Action::Filter if self.profile.invoices.detail.is_none() => {
                self.prompt = Some(Prompt::new(PromptKind::Filter, &self.profile.invoices.list.filter));
            }
            other => match self.profile.invoices.apply(other, page) {
                Browsed::Done => {}
                Browsed::Opened(id) => return self.send(Slot::Invoice(id), fetch(Query::Invoice(id))),
                Browsed::Unhandled => return self.unchanged(),
            },
        }
        self.keep_selection_visible();
        Vec::new()
    }

    /// The list again, and the open invoice.
    pub(super) fn refresh_invoices(&mut self) -> Vec<Command> {
        if !self.offers(Operation::Invoices) {
            return self.unchanged();
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
