//! A product's order from the catalogue: Enter in the form checks it and asks the
//! portal's quote of it; the quote puts it up for confirmation with what the command line
//! shows (`i18n::preview::order`: what is bought, the period, the options, the quote's
//! lines and total, the payment, the credit before and after, an order of the same still
//! unpaid). Sent once by the change protocol; after it the services, invoices and credit
//! are read again, the new service's invoice is named on the status line, and the new
//! service and its invoice are selected on their screens (`Visit`s: the invoice opened,
//! so that `c` there pays it at once).

use std::time::SystemTime;

use super::{CatalogueView, Quoted, Req, texts};
use crate::api::buying::{ProductPurchase, pending_orders, unpaid_invoice_of};
use crate::api::models::{Invoice, Standing};
use crate::api::{ApiError, Change, Operation, Query};
use crate::app::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::config::keys::{Action, Context};
use crate::i18n::{Text, preview};

/// An order made this run: when, and the invoice that bills it once known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ordered {
    pub product_id: u64,
    pub product: String,
    pub at: SystemTime,
    pub invoice: Option<String>,
}

impl CatalogueView {
    /// Enter in the form: its values checked (a required option left empty is said there,
    /// nothing sent), then the confirmation once the portal has quoted these values.
    pub(super) fn order(&mut self, cx: &mut Cx) {
        let language = cx.language;
        let payments = self.payments.clone().unwrap_or_default();
        let Some(form) = self.form.as_mut() else { return };
        if form.config.is_none() {
            return cx.unchanged();
        }
        if cx.change_in_flight {
            form.error = Some(texts::ChangeBusy.get(language).to_owned());
            return;
        }
        let Ok(purchase) = form.purchase(&payments, language) else { return };
        let body = form.quote_body(&purchase);
        if form.quote_of(&body).is_some() {
            return self.put_up(cx);
        }
        form.order_when_quoted = true;
        if form.quoted_body.as_ref() == Some(&body) && form.quote == Quoted::Asking {
            return;
        }
        form.quoted_body = Some(body.clone());
        form.quote = Quoted::Asking;
        cx.quote(Req::Quote(form.product_id, body.clone()), body);
    }

    /// The order put up for confirmation, with the portal's quote of exactly what is sent.
    pub(super) fn put_up(&mut self, cx: &mut Cx) {
        let language = cx.language;
        let payments = self.payments.clone().unwrap_or_default();
        let Some(form) = self.form.as_mut() else { return };
        let Ok(purchase) = form.purchase(&payments, language) else { return };
        let body = form.quote_body(&purchase);
        let Some(quote) = form.quote_of(&body).cloned() else {
            if matches!(form.quote, Quoted::Refused(_)) {
                form.error = Some(texts::QuoteFirst.get(language).to_owned());
            }
            return;
        };
        if !cx.shown || cx.confirmation.is_some() {
            return;
        }
        let product_id = form.product_id;
        let Some(config) = form.config.as_deref() else { return };
        let option = |(id, sent): (&String, &String)| {
            config.forms.iter().find(|f| f.id == *id).map(|f| preview::option_line(f, sent, language))
        };
        let options = purchase.custom.iter().filter_map(option).collect();
        let pay_method = purchase
            .pay_method
            .as_ref()
            .and_then(|id| payments.iter().find(|m| m.id == *id))
            .map(|m| format!("{} (#{})", m.name, m.id));
        let credit = cx.others.account.credit_balance(cx.offers(Operation::Balance)).and_then(|b| b.available_credit());
        let currency = match quote.currency {
            Some(_) => String::new(),
            None => cx.others.account.currency().to_owned(),
        };
        let shown = preview::OrderShown {
            bought: preview::product_bought(&purchase, language),
            period: crate::i18n::cycle_code(&purchase.cycle, language),
            options,
            quote: &quote,
            currency,
            pay_method,
            credit,
            already: self.already(&purchase, cx),
        };
        let preview = preview::order(&shown, language);
        let mut rows = cx.who();
        rows.extend(preview.rows());
        // Short of credit: what the portal does then, and the title asks it so.
        let short = credit.zip(quote.total).is_some_and(|(c, t)| c.checked_sub(t).is_none_or(|after| after.is_negative()));
        if short {
            rows.push((texts::LabelShort.get(language).to_owned(), texts::ShortSays.get(language).to_owned()));
        }
        let change = Change::OrderProduct { product_id, order: purchase };
        rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
        let title = if short { texts::TitleShort } else { preview.title };
        let subject = format!("product #{product_id}");
        let services = &cx.others.services.browse.items;
        self.services_before = Some(services.iter().map(|s| s.id.trim().to_owned()).collect());
        cx.confirm(Confirmation::new(change, title, rows, Req::Order(product_id).into(), subject));
    }

    /// Orders of the same product already made and unpaid: the account's pending services of
    /// it (shared with the command line), each with the unpaid invoice that bills it; one
    /// made this run says when.
    fn already(&self, purchase: &ProductPurchase, cx: &Cx) -> Vec<String> {
        let language = cx.language;
        let services = &cx.others.services.browse.items;
        let pending = pending_orders(services, &purchase.product, purchase.domain.as_deref());
        let times = crate::i18n::times::Times::default();
        pending
            .iter()
            .map(|s| {
                let id = s.id.trim();
                let what = format!("{} #{id}", s.name.trim());
                let invoice = unpaid_invoice_of(id, &self.billing).map(|i| i.id.trim().to_owned());
                let here = self.ordered.iter().find(|o| o.invoice.is_some() && o.invoice == invoice);
                match (here, &invoice) {
                    (Some(o), Some(invoice)) => {
                        let fill: [(&str, &dyn std::fmt::Display); 3] =
                            [("what", &what), ("at", &times.clock(o.at)), ("invoice", invoice)];
                        texts::OrderedAt.fill(language, &fill)
                    }
                    _ => preview::already_line(&what, invoice.as_deref(), language),
                }
            })
            .collect()
    }

    /// When the account has a pending service of the product: the unpaid invoices read with
    /// their items, to name the one that bills it.
    pub(super) fn read_billing(&mut self, product: &str, cx: &mut Cx) {
        if pending_orders(&cx.others.services.browse.items, product, None).is_empty() {
            return;
        }
        let unpaid: Vec<u64> = cx
            .others
            .invoices
            .browse
            .items
            .iter()
            .filter(|i| i.standing() == Standing::Unpaid)
            .filter_map(|i| i.id.trim().parse().ok())
            .take(20)
            .collect();
        for id in unpaid {
            if !self.billing.iter().any(|i| i.id.trim() == id.to_string()) {
                cx.fetch(Req::Billing(id), Query::Invoice(id));
            }
        }
    }

    /// What came of an order: taken, its invoice read to be named; refused, the form back
    /// with the portal's reason; lost, nothing more (the protocol has read again and said
    /// whether it is there; it is never sent again). The services are read again.
    pub(super) fn order_settled(&mut self, product_id: u64, settled: Settled, cx: &mut Cx) {
        let language = cx.language;
        match settled.result {
            Ok(answer) => {
                let product = self.kept.as_ref().filter(|f| f.product_id == product_id).map(|f| f.name.clone());
                let invoice = answer.invoice();
                self.ordered.push(Ordered {
                    product_id,
                    product: product.clone().unwrap_or_default(),
                    at: settled.at,
                    invoice: invoice.clone(),
                });
                match invoice.as_deref().map(str::parse::<u64>) {
                    Some(Ok(id)) => cx.fetch(Req::Made(id), Query::Invoice(id)),
                    _ => {
                        let what = product.unwrap_or_else(|| format!("#{product_id}"));
                        cx.say_done(texts::OrderedNoInvoice.fill(language, &[("what", &what)]));
                    }
                }
            }
            Err(e) if !e.may_have_applied() => {
                if let Some(mut form) = self.kept.take().filter(|f| f.product_id == product_id) {
                    form.error = Some(crate::i18n::api_error(e, language));
                    self.form = Some(form);
                }
            }
            Err(_) => {}
        }
        let before = self.services_before.take();
        if settled.read_again.is_some() && cx.offers(Operation::Services) {
            if let Some(before) = before {
                cx.visit(super::super::services::Visit::Ordered(before));
            }
            cx.fetch(super::super::services::Req::List, Query::Services);
        }
    }

    /// The invoice an order made, read: named on the status line with its total and due
    /// date, and the key that pays it.
    pub(super) fn made_invoice(&mut self, id: u64, answer: Result<Box<Invoice>, ApiError>, cx: &mut Cx) {
        let language = cx.language;
        let Some(ordered) = self.ordered.iter().rev().find(|o| o.invoice.as_deref() == Some(&id.to_string())) else {
            return;
        };
        let what = match ordered.product.is_empty() {
            true => format!("#{}", ordered.product_id),
            false => ordered.product.clone(),
        };
        cx.visit(super::super::invoices::Visit::Made(id.to_string()));
        let Ok(invoice) = answer else {
            let billed = Text::ChangeInvoice.fill(language, &[("invoice", &id)]);
            return cx.say_done(format!("{what} — {billed}"));
        };
        let currency = match invoice.currency.trim() {
            "" => cx.others.account.currency().to_owned(),
            c => c.to_owned(),
        };
        let total = crate::i18n::format::money_in(invoice.total, &currency, language);
        let due = crate::i18n::format::date(&invoice.duedate, language);
        let key = cx.keymap.label(Context::Invoices, Action::PayFromCredit);
        let fill: [(&str, &dyn std::fmt::Display); 5] =
            [("what", &what), ("invoice", &id), ("total", &total), ("due", &due), ("key", &key)];
        cx.say_done(texts::Ordered.fill(language, &fill));
        self.billing.retain(|i| i.id != invoice.id);
        self.billing.push(*invoice);
    }
}
