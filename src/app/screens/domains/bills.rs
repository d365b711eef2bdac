//! What the unpaid invoices bill, read before a renewal is asked: the invoice list has no
//! items, so each unpaid invoice that may bill a renewal (`api::bills::may_bill`) not yet
//! read whole this run is read (`GET /invoice/@id`) once `R` is pressed, and the renewal
//! is asked when every answer is in. A registration an unpaid invoice bills already is
//! renewed by paying that invoice, never a second time (`crate::plan::Billing`, the rule
//! the CLI and the Plan follow).

use std::collections::{HashMap, HashSet};

use super::{DomainsView, Req, texts};
use crate::api::bills::may_bill;
use crate::api::models::Invoice;
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::screens::Cx;
use crate::config::keys::{Action, Context};

/// The unpaid invoices read whole this run, and a renewal waiting for them.
#[derive(Clone, Debug, Default)]
pub struct Bills {
    /// By invoice id, as read whole (with its items).
    whole: HashMap<u64, Invoice>,
    /// Asked and not answered yet.
    waiting: HashSet<u64>,
    /// What `R` was pressed for, asked once every answer is in.
    then: Option<Then>,
}

/// The renewal waiting for the invoices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    /// The marked registrations'.
    Marked,
    /// The open registration's, by its id.
    One(u64),
}

impl DomainsView {
    /// `R` pressed: false when what the unpaid invoices bill is known (ask at once); else
    /// those not read whole are read, and the renewal is asked when they are in.
    pub(super) fn bills_unread(&mut self, then: Then, cx: &mut Cx) -> bool {
        // Not known before the list is: nothing is renewed on a guess.
        if !cx.others.invoices.browse.loaded && cx.offers(Operation::Invoices) {
            let key = cx.keymap.label(Context::Domains, Action::Renew);
            let reload = cx.keymap.label(Context::Invoices, Action::Refresh);
            cx.say(texts::RenewBillsUnknown.fill(cx.language, &[("key", &key), ("reload", &reload)]));
            return true;
        }
        let bills = &mut self.settings.bills;
        let unread: Vec<u64> = cx.others.invoices.browse.items.iter().filter_map(|i| may_bill(i, cx.today)).collect();
        let unread: Vec<u64> = unread.into_iter().filter(|id| !bills.whole.contains_key(id)).collect();
        if unread.is_empty() {
            return false;
        }
        bills.then = Some(then);
        for id in unread {
            if bills.waiting.insert(id) {
                cx.fetch(Req::Bill(id), Query::Invoice(id));
            }
        }
        true
    }

    /// An unpaid invoice read whole (one that fails is left as listed: its registration's
    /// `next_invoice` date still tells); the last one in asks the renewal waiting.
    pub(super) fn bill_answer(&mut self, id: u64, answer: Result<Data, ApiError>, cx: &mut Cx) {
        let bills = &mut self.settings.bills;
        bills.waiting.remove(&id);
        match answer.and_then(Data::into_invoice) {
            Ok(invoice) if invoice.unreadable.is_none() => {
                bills.whole.insert(id, *invoice);
            }
            // Not asked again this run: its items cannot be had.
            _ => {
                bills.whole.insert(id, Invoice::default());
            }
        }
        if !bills.waiting.is_empty() {
            return;
        }
        match bills.then.take() {
            Some(Then::Marked) if !self.marks.is_empty() => self.ask_renew_marked(cx),
            Some(Then::One(id)) if self.open_registration().is_some_and(|(open, _)| open == id) => {
                self.settings_action(Action::Renew, cx)
            }
            _ => {}
        }
    }

    /// The unpaid invoices of the list, each with its items where it was read whole.
    pub(super) fn bills(&self, cx: &Cx) -> Vec<Invoice> {
        let whole = &self.settings.bills.whole;
        let known = |listed: &Invoice| {
            let mut invoice = whole.get(&may_bill(listed, cx.today)?).filter(|w| !w.id.is_empty())?.clone();
            invoice.status = listed.status.clone();
            Some(invoice)
        };
        cx.others.invoices.browse.items.iter().filter_map(known).collect()
    }

}
