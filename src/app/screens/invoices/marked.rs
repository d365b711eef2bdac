//! The marked invoices paid from the credit together (`c` on the list while some are
//! marked): one confirmation naming every unpaid one with what it still asks, the total per
//! currency, the credit now and after (or what it leaves short) and those the credit does
//! not cover, which are not sent (as `invoice pay --all-due` does); then each payment sent
//! on its own, one at a time, by the change protocol (the profile's batch), each planned
//! from the credit the ones before it leave, so that what it promises is checked as one
//! payment's is. What was paid loses its mark (`View::changed`).

use super::{InvoicesView, payable, texts};
use crate::api::models::Invoice;
use crate::api::spending::Spending;
use crate::api::{Operation, Query, plan_payment};
use crate::app::confirmation::{Confirmation, Queued};
use crate::app::screens::Cx;
use crate::config::keys::{Action, Context};
use crate::i18n::{Text, format, preview};

impl InvoicesView {
    /// `c` on the list with invoices marked.
    pub(super) fn pay_marked(&self, cx: &mut Cx) {
        let language = cx.language;
        let Some(balance) = cx.others.account.credit_balance(cx.offers(Operation::Balance)) else {
            if !cx.offers(Operation::Balance) {
                return cx.say(texts::PayNoBalance.get(language).to_owned());
            }
            cx.fetch(crate::app::screens::account::Req::Balance, Query::Balance);
            let key = cx.keymap.label(Context::Invoices, Action::PayFromCredit);
            return cx.say(texts::PayCreditUnknown.fill(language, &[("key", &key)]));
        };
        let unpaid: Vec<(u64, &Invoice)> =
            self.browse.marked().filter(|i| payable(i)).filter_map(|i| Some((i.id.trim().parse().ok()?, i))).collect();
        if unpaid.is_empty() {
            return cx.say(texts::PayMarkedNoneUnpaid.get(language).to_owned());
        }
        let currency = balance.currency.trim().to_owned();
        let due = unpaid.iter().map(|(id, invoice)| ((*id, *invoice), invoice.still_due(), invoice.currency.to_string()));
        let plan = Spending::plan(due, balance.available_credit(), &currency);
        let mut rows = cx.who();
        // The change says how many are paid (those the credit covers), once they are known.
        let change_at = rows.len();
        rows.push((Text::LabelChange.get(language).to_owned(), String::new()));
        let mut queued: Vec<Queued> = Vec::new();
        let mut left = balance.clone();
        for spent in &plan.items {
            let (id, invoice) = spent.item;
            let shown_in = if spent.currency.is_empty() { currency.as_str() } else { spent.currency.as_str() };
            let mut line = format!("{} · {}", preview::amount_or_unknown(spent.price, shown_in, language), format::date(invoice.due(), language));
            // Each payment planned from the credit the ones before it leave.
            match plan_payment(id, invoice, &left, None).ok().filter(|_| spent.covered) {
                Some(payment) => {
                    left.credit = left.credit.and_then(|c| c.checked_sub(payment.amount));
                    let confirmation = super::confirmation(invoice, &payment, cx);
                    queued.push(Queued { confirmation, name: invoice.label().to_owned() });
                }
                None => line += &format!(" — {}", preview::beyond(false, language)),
            }
            rows.push((invoice.label().to_owned(), line));
        }
        let invoices = format::counted(queued.len(), format::INVOICES, language);
        rows[change_at].1 = texts::PayMarkedChange.fill(language, &[("invoices", &invoices)]);
        rows.push((Text::LabelTotal.get(language).to_owned(), preview::totals(&plan, &currency, language)));
        rows.push((Text::LabelCredit.get(language).to_owned(), preview::credit_after(&plan, &currency, language)));
        let Some(first) = queued.first() else {
            let due = preview::totals(&plan, &currency, language);
            let credit = balance.available_credit().unwrap_or_default();
            let credit = format::money_in(credit, &currency, language);
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("credit", &credit), ("due", &due)];
            return cx.say(texts::PayMarkedNoneCovered.fill(language, &fill));
        };
        let request = first.confirmation.change.describe();
        let more = match queued.len() {
            1 => texts::PayMarkedRequestOne.get(language).to_owned(),
            n => texts::PayMarkedRequests.fill(language, &[("count", &n)]),
        };
        rows.push((Text::LabelRequest.get(language).to_owned(), format!("{request} · {more}")));
        let confirmation = Confirmation {
            title: texts::ConfirmPayMarkedTitle,
            rows,
            promise: None,
            batch: queued.clone(),
            ..first.confirmation.clone()
        };
        cx.confirm(confirmation);
    }
}
