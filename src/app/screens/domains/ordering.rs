//! Ordering a name checked at `/` from the dashboard: `o` opens its form (`order.rs`) and
//! reads what it is made from (the TLD's prices and fields, the contacts, the payment
//! methods); Enter checks it and asks the portal's quote (`POST /quote`, a read); the quote
//! puts up the confirmation the command line prints (`i18n::preview::order`), and the order
//! goes once through the change protocol (`OrderDomain`, never sent twice). After it the
//! domains, services and invoices are read again, the new registration selected, its
//! invoice named on the status line and selected (opened) on the Invoices screen, where
//! `c` pays it at once.

use std::collections::HashSet;

use crossterm::event::KeyEvent;

use super::order::OrderForm;
use super::texts;
use super::{DomainsView, FormKey, Req};
use crate::api::buying::{DomainPurchase, quote_body, tld_of};
use crate::api::models::{Balance, Invoice, Quote, Standing, TldPrices};
use crate::api::{ApiError, Change, Data, Operation, Query};
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::config::keys::Action;
use crate::i18n::{Text, preview};

/// What the screen keeps of orders: the form open, the order sent, and those made this
/// run (to name one still unpaid before the same is bought again).
#[derive(Clone, Debug, Default)]
pub struct Orders {
    pub form: Option<Box<OrderForm>>,
    /// The form of the order in flight: opened again if the portal refuses it.
    sent_form: Option<Box<OrderForm>>,
    /// The invoices listed when the order was confirmed, to find the one it made.
    invoices_before: Option<HashSet<String>>,
    /// An order that may have landed, until its registration and invoice are read.
    pub after: Option<After>,
    /// Orders made this run: the name and its invoice.
    pub made: Vec<(String, Option<String>)>,
}

/// An order that may have landed: what to select and name once read again.
#[derive(Clone, Debug, Default)]
pub struct After {
    pub name: String,
    /// The invoice the portal's answer named, if it did.
    pub invoice: Option<String>,
    pub selected: bool,
    /// Whether its invoice was looked for (the domains and invoices come in any order).
    pub named: bool,
}

impl DomainsView {
    /// `o` on the name checked: a free one is registered, a taken one transferred in.
    pub(super) fn ask_order(&mut self, cx: &mut Cx) {
        let Some(checked) = self.checked.as_deref() else { return cx.unchanged() };
        let Some(found) = checked.answer() else {
            return cx.say(texts::OrderNotKnownYet.fill(cx.language, &[("name", &checked.name)]));
        };
        let mut form = OrderForm::new(&checked.name, !found.available);
        match self.settings.order.as_deref() {
            Some(order) => tld_found(&mut form, order, cx),
            None if cx.offers(Operation::DomainOrder) => cx.fetch(Req::Prices, Query::DomainOrder),
            None => form.tld = Some(Err(texts::OrderNoPrices.get(cx.language).to_owned())),
        }
        cx.fetch(Req::Contacts, Query::Contacts);
        match cx.others.invoices.payments.clone() {
            Some(payments) => form.payments = Some(payments),
            None => cx.fetch(Req::Payments, Query::Payments),
        }
        self.orders.form = Some(Box::new(form));
    }

    /// An answer to what an order's form is made from.
    pub(super) fn order_read(&mut self, req: &Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        let language = cx.language;
        if let Req::Prices = req
            && let Ok(Data::DomainOrder(order)) = &answer
        {
            self.settings.order = Some(order.to_vec());
        }
        let Some(form) = self.orders.form.as_deref_mut() else { return cx.unchanged() };
        match (req, answer) {
            (Req::Prices, Ok(_)) => {
                let order = self.settings.order.clone().unwrap_or_default();
                tld_found(form, &order, cx);
            }
            (Req::Prices, Err(e)) => form.tld = Some(Err(crate::i18n::api_error(&e, language))),
            (Req::TldForm(_), answer) => match answer.and_then(Data::into_tld_form) {
                Ok((_, forms)) => form.set_forms(forms),
                Err(e) if e.not_offered() => form.set_forms(Vec::new()),
                Err(e) => {
                    let said = crate::i18n::api_error(&e, language);
                    form.tld = Some(Err(texts::OrderFormFailed.fill(language, &[("said", &said)])));
                }
            },
            (Req::Contacts, answer) => form.contacts = Some(answer.and_then(Data::into_contacts).unwrap_or_default()),
            (Req::Payments, answer) => form.payments = Some(answer.and_then(Data::into_payments).unwrap_or_default()),
            _ => {}
        }
    }

    /// A key in the order form: Esc closes it, Enter checks it and asks the quote.
    pub(super) fn order_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(form) = self.orders.form.as_deref_mut() else { return cx.unchanged() };
        if cx.is_key(&key, Action::Back) {
            self.orders.form = None;
            return;
        }
        if !cx.is_key(&key, Action::Open) {
            if form.on_key(key) == FormKey::Ignored {
                cx.unchanged();
            }
            return;
        }
        if form.quoting {
            return cx.unchanged();
        }
        if !form.ready() {
            let said = match &form.tld {
                Some(Err(why)) => why.clone(),
                _ => texts::OrderReading.get(cx.language).to_owned(),
            };
            form.error = Some(said);
            return;
        }
        let Ok(order) = form.purchase(cx.language) else { return };
        form.quoting = true;
        let body = quote_body(order.quote_item(), order.pay_method.as_deref(), None);
        cx.quote(Req::Quote(order.name.clone()), body);
    }

    /// The portal's quote of the order in the form: its confirmation goes up.
    pub(super) fn order_quoted(&mut self, name: &str, answer: Result<Quote, ApiError>, cx: &mut Cx) {
        let language = cx.language;
        let already = self.already_ordered(name, cx);
        let Some(form) = self.orders.form.as_deref_mut().filter(|f| f.name == name && f.quoting) else {
            return cx.unchanged();
        };
        form.quoting = false;
        let quote = match answer {
            Ok(quote) => quote,
            Err(e) => {
                form.error = Some(texts::OrderQuoteFailed.fill(language, &[("said", &crate::i18n::api_error(&e, language))]));
                return;
            }
        };
        let (Ok(order), Some(Ok(tld))) = (form.purchase(language), form.tld.as_ref()) else { return };
        let balance = cx.others.account.credit_balance(cx.offers(Operation::Balance));
        let credit = balance.as_ref().and_then(Balance::available_credit);
        // Each role's contact named as the form shows it, after the nameservers.
        let bare = DomainPurchase { contacts: Default::default(), ..order.clone() };
        let mut options = preview::domain_options(&bare, language);
        options.extend(form.contact_lines(language));
        options.extend(form.option_lines(language));
        let shown = preview::OrderShown {
            bought: preview::domain_bought(&order, &tld.tld, language),
            period: Text::Years.fill(language, &[("n", &order.years)]),
            options,
            quote: &quote,
            currency: if quote.currency.is_some() { String::new() } else { cx.others.account.currency().to_owned() },
            pay_method: form.pay_method().map(|m| format!("{} (#{})", m.name, m.id)),
            credit,
            already,
        };
        let previewed = preview::order(&shown, language);
        let short = credit.zip(quote.total).is_some_and(|(credit, total)| credit < total);
        self.orders.invoices_before = Some(listed_invoices(cx));
        cx.confirm(order_confirmation(order, previewed, short, cx));
    }

    /// Orders of `name` already made and not paid: a pending registration of it, with the
    /// unpaid invoice of an order made this run (`hoasen-tea.vn ordered, invoice #90701
    /// unpaid`), as the command line names them.
    fn already_ordered(&self, name: &str, cx: &Cx) -> Vec<String> {
        let pending = self
            .registrations()
            .iter()
            .any(|d| d.status.trim().eq_ignore_ascii_case("pending") && d.name.trim().eq_ignore_ascii_case(name));
        let made = self.orders.made.iter().rev().find(|(n, _)| n.eq_ignore_ascii_case(name));
        if !pending && made.is_none() {
            return Vec::new();
        }
        let unpaid = |id: &str| {
            cx.others.invoices.browse.items.iter().any(|i| i.id.trim() == id && i.standing() == Standing::Unpaid)
        };
        let invoice = made.and_then(|(_, i)| i.as_deref()).filter(|i| unpaid(i));
        vec![preview::already_line(name, invoice, cx.language)]
    }

    /// The order was sent (its form kept, to open again if the portal refuses it), or
    /// refused as another change is in flight (the form says so).
    pub(super) fn order_confirmed(&mut self, refused: Option<&str>) {
        match refused {
            Some(said) => {
                if let Some(form) = self.orders.form.as_deref_mut() {
                    form.error = Some(said.to_owned());
                }
            }
            None => self.orders.sent_form = self.orders.form.take(),
        }
    }

    /// What came of an order: when it may have landed, the domains, services and invoices
    /// are read again (the registration selected, its invoice named once they come); a
    /// clear refusal opens the form again with the portal's words, nothing typed lost.
    pub(super) fn order_changed(&mut self, name: String, settled: Settled, cx: &mut Cx) {
        let Some(query) = settled.read_again else {
            if let Some(mut form) = self.orders.sent_form.take() {
                form.error = settled.result.as_ref().err().map(|e| crate::i18n::api_error(e, cx.language));
                self.orders.form = Some(form);
            }
            return;
        };
        self.orders.sent_form = None;
        self.checked = None;
        let invoice = settled.result.as_ref().ok().and_then(|a| match a.answer.get("invoice_id")? {
            serde_json::Value::String(id) => Some(id.trim().to_owned()).filter(|i| !i.is_empty()),
            serde_json::Value::Number(id) => Some(id.to_string()),
            _ => None,
        });
        self.orders.after = Some(After { name, invoice, selected: false, named: false });
        cx.fetch(Req::List, query);
        if cx.offers(Operation::Services)
            && let Some(req) = crate::app::screens::reader_of(&Query::Services)
        {
            cx.fetch(req, Query::Services);
        }
        cx.fetch(Req::OrderInvoices, Query::Invoices);
    }

    /// The domains read again after an order: its registration selected, once.
    pub(super) fn select_ordered(&mut self) {
        let Some(after) = self.orders.after.as_mut().filter(|a| !a.selected) else { return };
        let records = &self.records;
        let name = after.name.clone();
        if self.list.select_where(|i| records[i].name.trim().eq_ignore_ascii_case(&name)) {
            self.list.moved = true;
            after.selected = true;
        }
        if after.selected && after.named {
            self.orders.after = None;
        }
    }

    /// The invoices read again after an order: its invoice (the one the portal's answer
    /// named, else the newest not listed before) named on the status line.
    pub(super) fn order_invoices(&mut self, answer: Result<Data, ApiError>, cx: &mut Cx) {
        let Some(after) = self.orders.after.as_mut().filter(|a| !a.named) else { return cx.unchanged() };
        after.named = true;
        let after = after.clone();
        if after.selected {
            self.orders.after = None;
        }
        let language = cx.language;
        let before = self.orders.invoices_before.take();
        let invoices: Vec<Invoice> = answer.and_then(Data::into_invoices).map(|l| l.to_vec()).unwrap_or_default();
        let new = |i: &&Invoice| before.as_ref().is_none_or(|b| !b.contains(i.id.trim()));
        let found = match &after.invoice {
            Some(id) => invoices.iter().find(|i| i.id.trim() == id),
            None => invoices.iter().filter(new).max_by_key(|i| i.id.trim().parse::<u64>().unwrap_or(0)),
        };
        let name = &after.name;
        let said = match found {
            Some(invoice) => {
                let currency = match invoice.currency.trim() {
                    "" => cx.others.account.currency().to_owned(),
                    c => c.to_owned(),
                };
                let total = crate::i18n::format::money_in(invoice.total, &currency, language);
                let due = crate::i18n::format::date(&invoice.duedate, language);
                let key = cx.keymap.label(crate::config::keys::Context::Invoices, Action::PayFromCredit);
                let fill: [(&str, &dyn std::fmt::Display); 5] =
                    [("name", name), ("invoice", &invoice.id.trim()), ("total", &total), ("due", &due), ("key", &key)];
                texts::OrderedLine.fill(language, &fill)
            }
            None => texts::OrderedNoInvoice.fill(language, &[("name", name)]),
        };
        let invoice = found.map(|i| i.id.trim().to_owned()).or(after.invoice);
        if let Some(id) = &invoice {
            cx.visit(super::super::invoices::Visit::Made(id.clone()));
        }
        self.orders.made.push((name.clone(), invoice));
        cx.say_done(said);
    }
}

/// The TLD of the form's name among those sold (its fields read next), or why it cannot
/// be ordered here.
fn tld_found(form: &mut OrderForm, order: &[TldPrices], cx: &mut Cx) {
    match tld_of(&form.name, order) {
        Some(tld) => {
            match tld.id.trim().parse::<u64>() {
                Ok(id) => cx.fetch(Req::TldForm(id), Query::TldForm(id)),
                Err(_) => form.set_forms(Vec::new()),
            }
            form.tld = Some(Ok(tld.clone()));
        }
        None => {
            let tlds: Vec<&str> = order.iter().map(|t| t.tld.as_str()).collect();
            let fill = [("name", &form.name as &dyn std::fmt::Display), ("tlds", &tlds.join(", "))];
            form.tld = Some(Err(texts::OrderNotSold.fill(cx.language, &fill)));
        }
    }
}

/// The invoices the Invoices screen lists now, by id.
fn listed_invoices(cx: &Cx) -> HashSet<String> {
    cx.others.invoices.browse.items.iter().map(|i| i.id.trim().to_owned()).collect()
}

/// An order's confirmation: who, the preview the command line prints, what the portal will
/// do when the credit is short, and the request as sent.
fn order_confirmation(order: DomainPurchase, previewed: preview::Preview, short: bool, cx: &Cx) -> Confirmation {
    let language = cx.language;
    let name = order.name.clone();
    let change = Change::OrderDomain { order };
    let mut rows = cx.who();
    rows.extend(previewed.rows());
    if short {
        rows.push((texts::OrderShortLabel.get(language).to_owned(), texts::OrderShortSaid.get(language).to_owned()));
    }
    rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
    Confirmation::new(change, previewed.title, rows, Req::Ordered(name.clone()).into(), format!("domain {name}"))
}
