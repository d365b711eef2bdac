//! The invoices screen: unpaid first (overdue flagged), then paid, then others; an
//! invoice's items and sums; on an unpaid one, the portal's payment methods and paying it
//! from the account's credit, named in a confirmation before it is sent.

pub(super) mod draw;
mod marked;
mod texts;

use super::{Cx, Peek, Request, Settled, View};
use crate::api::models::{Invoice, PaymentMethod};
use crate::api::{ApiError, Data, Money, Operation, PayRefusal, Payment, Query, plan_payment};
use crate::api::models::groups::{StatusGroup, invoices_by_standing};
use crate::app::browse::{ListView, Listed};
use crate::app::{Confirmation, PromptKind, Screen};
use crate::radar::{Found, Kind};
use crate::config::keys::{Action, Context};
use crate::i18n::Text;

#[derive(Clone, Debug, Default)]
pub struct InvoicesView {
    pub browse: ListView<Invoice>,
    /// The ways to pay the portal lists, read once an unpaid invoice is first opened (empty
    /// when the portal has no such list).
    pub payments: Option<Vec<PaymentMethod>>,
}

impl Listed for Invoice {
    fn id(&self) -> &str {
        &self.id
    }
    fn groups(items: &[Invoice]) -> Vec<StatusGroup> {
        invoices_by_standing(items)
    }
    fn search_text(&self, add: &mut dyn FnMut(&str)) {
        [&self.number, &self.id, &self.date, &self.duedate].into_iter().for_each(|t| add(t));
    }
    fn figure(&self, language: crate::api::Language) -> Option<String> {
        Some(crate::i18n::format::money_in(self.total, &self.currency, language))
    }
    /// What it still asks, as paying the marked counts it.
    fn marked_amount(&self) -> crate::app::marks::Priced<'_> {
        self.still_due().filter(|_| self.unreadable.is_none()).map(|due| (due, self.currency.as_str()))
    }
    /// Only an invoice still to pay: paying from the credit is what is done to the marked.
    fn markable(&self) -> bool {
        payable(self)
    }

    /// The number.
    fn text_widths(&self, _: crate::api::Language) -> Vec<usize> {
        vec![unicode_width::UnicodeWidthStr::width(self.label())]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    One(u64),
    Payments,
    /// Paying this invoice from the credit.
    Pay(u64),
}

impl Request for Req {
    /// The payment methods are read beside the invoice, and a payment is a change.
    fn lookup(&self) -> bool {
        matches!(self, Req::List | Req::One(_))
    }
}

/// What is handed to the invoices (the radar opens one by its id: `ListScreen::open_item`).
#[derive(Debug)]
pub enum Visit {
    /// The invoice an order made, by id: selected and opened once listed (without the
    /// screen shown), so that going there `c` pays it at once.
    Made(String),
}

/// The screen's state, as the screen table names it.
pub type State = InvoicesView;

impl View for InvoicesView {
    type Req = Req;
    type Visit = Visit;

    super::list_screen_view!();

    /// An invoice as the list holds it (a payment's promise is checked against it).
    fn holds(&self, query: &Query, _: &std::collections::HashSet<Operation>) -> Option<Data> {
        let Query::Invoice(id) = query else { return None };
        let invoice = self.browse.items.iter().find(|i| i.id.trim() == id.to_string())?;
        Some(Data::Invoice(Box::new(invoice.clone())))
    }

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => return super::ListScreen::refresh(self, cx),
            Action::PayFromCredit => return self.pay(cx),
            _ => {}
        }
        match self.browse.browse(action, cx) {
            Ok(Some(id)) => {
                cx.fetch(Req::One(id), Query::Invoice(id));
                self.read_payments(cx);
            }
            Ok(None) => {}
            Err(()) => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => {
                self.browse.list_answer(Operation::Invoices, answer.and_then(Data::into_invoices), cx);
                super::ListScreen::listed(self, cx);
            }
            Req::One(_) => self.browse.entry_answer(answer.and_then(Data::into_invoice), cx),
            Req::Payments => match answer.and_then(Data::into_payments) {
                Ok(list) => self.payments = Some(list),
                // Said once: the list is not asked again this run.
                Err(e) if e.not_offered() => {
                    cx.not_offered.insert(Operation::Payments);
                    cx.say(texts::PaymentsNotOffered.get(cx.language).to_owned());
                    self.payments = Some(Vec::new());
                }
                Err(e) => cx.fail(&e),
            },
            Req::Pay(_) => {}
        }
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        let Visit::Made(id) = visit;
        let made = crate::app::Made { entry: crate::app::MadeEntry::Id(id), open: true };
        super::ListScreen::select_made(self, made, cx);
    }

    /// Whatever came of a payment, the invoice, the list and the credit are read again.
    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        // Paid: it is not marked any more (what was not done stays marked).
        if let (Req::Pay(id), Ok(_)) = (&req, settled.result) {
            self.browse.unmark(&id.to_string());
        }
        let (Req::Pay(id), Some(_)) = (req, settled.read_again) else { return };
        cx.fetch(Req::One(id), Query::Invoice(id));
        cx.fetch(Req::List, Query::Invoices);
        super::account::read_credit_again(cx);
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        match self.browse.open() {
            Some(invoice) if payable(invoice) => vec![PayFromCredit, Back, Refresh],
            Some(_) => vec![Back, Refresh],
            None if self.browse.items.is_empty() => vec![Refresh],
            None if self.browse.marks.is_empty() => vec![Open, Filter, Mark, Refresh],
            None => vec![Open, Filter, Mark, PayFromCredit, ClearMarks, Refresh],
        }
    }

    fn why_not(&self, action: Action, _: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        match (action, self.browse.open()) {
            (Action::PayFromCredit, Some(_)) => Text::WhyNotUnpaid,
            (_, Some(_)) => Text::WhyOnList,
            _ if self.browse.items.is_empty() => Text::WhyListEmpty,
            _ => Text::WhyInDetail,
        }
    }

    /// The amount typed when the credit cannot pay the invoice whole.
    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        if kind != PromptKind::PayAmount {
            return Ok(());
        }
        let language = cx.language;
        let (Some(id), Some(invoice)) = (self.open_id(), self.browse.open()) else { return Ok(()) };
        let Some(balance) = cx.others.account.credit_balance(cx.offers(Operation::Balance)) else { return Ok(()) };
        let currency = crate::api::payment_currency(invoice, &balance);
        let amount = crate::i18n::format::typed_money(text, currency, language)
            .map_err(|why| crate::i18n::unreadable_amount(text, &why, currency, language))?;
        let money = |m: &Money| crate::i18n::format::money_in(*m, &invoice.currency, language);
        match plan_payment(id, invoice, &balance, Some(amount)) {
            Ok(payment) => {
                put_up(invoice, &payment, cx);
                Ok(())
            }
            Err(PayRefusal::NotPositive) => Err(texts::PayAmountNotPositive.get(language).to_owned()),
            Err(PayRefusal::MoreThanCredit { amount, credit }) => Err(texts::PayAmountMoreThanCredit
                .fill(language, &[("amount", &money(&amount)), ("credit", &money(&credit))])),
            Err(other) => Err(crate::i18n::pay_refusal(&other, id, currency, language)),
        }
    }
}

/// Whether an invoice is one to pay: unpaid, something still due.
pub fn payable(invoice: &Invoice) -> bool {
    invoice.standing() == crate::api::models::Standing::Unpaid && !invoice.is_paid()
}

impl InvoicesView {
    /// The id of the invoice whose detail is open.
    fn open_id(&self) -> Option<u64> {
        self.browse.open().and_then(|i| i.id.trim().parse().ok())
    }

    /// The payment methods, read once, when an unpaid invoice is first opened.
    fn read_payments(&self, cx: &mut Cx) {
        let unpaid = self.browse.open().is_some_and(payable);
        if unpaid && self.payments.is_none() && cx.offers(Operation::Payments) {
            cx.fetch(Req::Payments, Query::Payments);
        }
    }

    /// `c` on an invoice's detail: what paying it from the credit would do, in a
    /// confirmation; refused here, nothing sent, when it cannot be right. When the credit
    /// cannot pay it whole, what of it to pay is asked, the whole credit offered.
    fn pay(&self, cx: &mut Cx) {
        if self.browse.detail.is_none() && !self.browse.marks.is_empty() {
            return self.pay_marked(cx);
        }
        let (Some(id), Some(invoice)) = (self.open_id(), self.browse.open()) else { return cx.unchanged() };
        let language = cx.language;
        let Some(balance) = cx.others.account.credit_balance(cx.offers(Operation::Balance)) else {
            if !cx.offers(Operation::Balance) {
                return cx.say(texts::PayNoBalance.get(language).to_owned());
            }
            cx.fetch(super::account::Req::Balance, Query::Balance);
            let key = cx.keymap.label(Context::Invoices, Action::PayFromCredit);
            return cx.say(texts::PayCreditUnknown.fill(language, &[("key", &key)]));
        };
        let money = |m: &Money| crate::i18n::format::money_in(*m, &invoice.currency, language);
        match plan_payment(id, invoice, &balance, None) {
            Ok(payment) => put_up(invoice, &payment, cx),
            Err(PayRefusal::MoreThanCredit { amount: due, credit }) if credit.is_zero() => {
                cx.say(texts::PayNoCredit.fill(language, &[("due", &money(&due))]));
            }
            Err(PayRefusal::MoreThanCredit { amount: due, credit }) => {
                let back = cx.keymap.label(Context::Global, Action::Back);
                let fill: &[(&str, &dyn std::fmt::Display)] =
                    &[("credit", &money(&credit)), ("due", &money(&due)), ("back", &back)];
                cx.say(texts::PayPartOnly.fill(language, fill));
                let currency = crate::api::payment_currency(invoice, &balance);
                cx.prompt(PromptKind::PayAmount, &crate::i18n::format::money_to_type(credit, currency, language));
            }
            Err(refusal) => {
                let currency = crate::api::payment_currency(invoice, &balance);
                cx.say(crate::i18n::pay_refusal(&refusal, id, currency, language))
            }
        }
    }
}

/// The payment named in a confirmation: who pays, the invoice, the sums, the request.
fn put_up(invoice: &Invoice, payment: &Payment, cx: &mut Cx) {
    let confirmation = confirmation(invoice, payment, cx);
    cx.confirm(confirmation);
}

/// A payment's confirmation, with what it promises of the credit and the invoice after it.
fn confirmation(invoice: &Invoice, payment: &Payment, cx: &Cx) -> Confirmation {
    let language = cx.language;
    let change = payment.change();
    let mut rows = cx.who();
    let id = payment.invoice_id;
    rows.push((texts::LabelInvoice.get(language).to_owned(), format!("{} (#{id})", invoice.label())));
    let preview = crate::i18n::preview::invoice_pay(payment, language);
    rows.extend(preview.rows());
    rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
    let subject = format!("invoice #{id}");
    let promise = Some(crate::app::Promise::new(crate::i18n::preview::PaymentPromise(payment.clone())));
    let confirmation = Confirmation::new(change, preview.title, rows, Req::Pay(id).into(), subject);
    Confirmation { promise, ..confirmation }
}

/// The unpaid invoices are on the radar; the open one is read again after the list.
impl super::ListScreen for InvoicesView {
    type Entry = Invoice;
    const SCREEN: Screen = Screen::Invoices;
    const KIND: Kind = Kind::Invoice;

    fn browse(&self) -> &ListView<Invoice> {
        &self.browse
    }

    fn browse_mut(&mut self) -> &mut ListView<Invoice> {
        &mut self.browse
    }

    fn list_query() -> (Req, Query) {
        (Req::List, Query::Invoices)
    }

    fn found(&self) -> Found<'_> {
        Found::Invoices(&self.browse.items)
    }

    fn read_open(&self, cx: &mut Cx) {
        if let Some(id) = self.open_id() {
            cx.fetch(Req::One(id), Query::Invoice(id));
        }
    }
}
