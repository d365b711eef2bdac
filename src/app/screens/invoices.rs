//! The invoices screen: unpaid first (overdue flagged), then paid, then others; an
//! invoice's items and sums.

use super::{Cx, Peek, Request, View};
use crate::api::models::Invoice;
use crate::api::{ApiError, Data, Operation, Query};
use crate::api::models::groups::{StatusGroup, invoices_by_standing};
use crate::app::browse::{ListView, Listed};
use crate::app::listing::contains;
use crate::config::keys::Action;

pub type InvoicesView = ListView<Invoice>;

impl Listed for Invoice {
    fn id(&self) -> &str {
        &self.id
    }
    fn groups(items: &[Invoice]) -> Vec<StatusGroup> {
        invoices_by_standing(items)
    }
    fn matches(&self, needle: &str) -> bool {
        [&self.number, &self.id, &self.date, &self.duedate].iter().any(|t| contains(t, needle))
    }
    fn figure(&self, language: crate::api::Language) -> Option<String> {
        Some(crate::i18n::format::money_in(self.total, &self.currency, language))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    One(u64),
}

impl Request for Req {}

/// Opens the invoice with this id, when the list holds it.
#[derive(Debug)]
pub struct Open(pub String);

/// The screen's state, as the screen table names it.
pub type State = InvoicesView;

impl View for InvoicesView {
    type Req = Req;
    type Visit = Open;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if action == Action::Refresh {
            return refresh(self, cx);
        }
        match self.browse(action, cx) {
            Ok(Some(id)) => cx.fetch(Req::One(id), Query::Invoice(id)),
            Ok(None) => {}
            Err(()) => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => self.list_answer(Operation::Invoices, answer.and_then(Data::into_invoices), cx),
            Req::One(_) => self.entry_answer(answer.and_then(Data::into_invoice), cx),
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        match () {
            () if self.detail.is_some() => vec![Back, Refresh],
            () if self.items.is_empty() => vec![Refresh],
            () => vec![Open, Filter, Refresh],
        }
    }

    fn start(&mut self, cx: &mut Cx) {
        refresh(self, cx);
    }

    fn has_data(&self, _: &Peek) -> bool {
        self.loaded
    }

    fn refreshes(&self, req: &Req) -> bool {
        *req == Req::List
    }

    fn visit(&mut self, Open(id): Open, cx: &mut Cx) {
        if self.select_id(&id) {
            cx.go(crate::app::Screen::Invoices);
            self.detail = None;
            self.action(Action::Open, cx);
        }
    }

    fn fit(&mut self, rows: usize) {
        ListView::fit(self, rows);
    }

    fn click(&mut self, line: usize, _: usize) -> super::Click {
        ListView::click(self, line)
    }

    fn set_filter(&mut self, text: &str) {
        ListView::set_filter(self, text);
    }
}

/// The list again, and the open invoice.
fn refresh(view: &InvoicesView, cx: &mut Cx) {
    if !cx.offers(Operation::Invoices) {
        return;
    }
    cx.fetch(Req::List, Query::Invoices);
    if let Some(id) = view.open().and_then(|i| i.id.trim().parse().ok()) {
        cx.fetch(Req::One(id), Query::Invoice(id));
    }
}
