//! The catalogue screen: what the portal sells, category by category (`GET /category`,
//! then `GET /category/@id/product` for each, read when the screen is first shown), every product with its periods, prices and
//! setup fees; `o` (or Enter) on a product opens its order form (`form.rs`), quoted by the
//! portal as it is filled (`POST /quote`), and put up for confirmation with the quote
//! (`order.rs`); after the order the services and invoices are read again and the new
//! service and its invoice named.

pub(super) mod draw;
mod draw_form;
mod form;
mod order;
mod texts;

use crossterm::event::KeyEvent;

pub use form::{Edited, Field, FieldKind, OrderForm, Quoted, Wrong};
pub use order::Ordered;

use super::{Cx, Pasted, Peek, Request, Settled, View};
use crate::api::models::groups::StatusGroup;
use crate::api::models::{Category, Invoice, PaymentMethod, Product, Quote};
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::browse::{ListView, Listed};
use crate::config::keys::Action;

/// A product as the catalogue lists it: under its category, priced in the account's
/// currency (the product list names none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub category: String,
    /// The category's place among the categories: the groups' order.
    pub place: usize,
    pub product: Product,
    pub currency: String,
}

impl Offer {
    /// The period the portal offers first: the one it marks selected, else the first.
    pub fn first_period(&self) -> Option<&crate::api::models::Period> {
        self.product.periods.iter().find(|p| p.selected).or(self.product.periods.first())
    }
}

impl Listed for Offer {
    fn id(&self) -> &str {
        &self.product.id
    }
    /// A group per category, in the portal's order.
    fn groups(items: &[Offer]) -> Vec<StatusGroup> {
        let mut groups: Vec<StatusGroup> = Vec::new();
        for (i, offer) in items.iter().enumerate() {
            match groups.last_mut() {
                Some(group) if group.status == offer.category => group.records.push(i),
                _ => groups.push(StatusGroup { status: offer.category.clone(), records: vec![i] }),
            }
        }
        groups
    }
    fn search_text(&self, add: &mut dyn FnMut(&str)) {
        [&self.category, &self.product.name, &self.product.description, &self.product.id].into_iter().for_each(|t| add(t));
    }
    fn figure(&self, language: crate::api::Language) -> Option<String> {
        let price = self.first_period()?.price?;
        Some(crate::i18n::format::money_in(price, &self.currency, language))
    }
    fn text_widths(&self, language: crate::api::Language) -> Vec<usize> {
        use unicode_width::UnicodeWidthStr;
        let cycle = self.first_period().map(|p| crate::i18n::cycle_code(&p.code, language)).unwrap_or_default();
        vec![self.product.name.width(), cycle.width()]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    Categories,
    /// A category's products, by the category's id.
    Products(u64),
    /// A product's order form.
    Form(u64),
    Payments,
    /// An unpaid invoice read with its items: whether it bills an order already made.
    Billing(u64),
    /// The portal's quote of a product's order, for this body.
    Quote(u64, serde_json::Value),
    /// The order of a product.
    Order(u64),
    /// The invoice an order made, read to name it.
    Made(u64),
}

impl Request for Req {
    /// Each category's products, each invoice, are read side by side.
    fn supersedes(&self, older: &Req) -> bool {
        match (self, older) {
            (Req::Products(a), Req::Products(b)) | (Req::Billing(a), Req::Billing(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(older),
        }
    }

    /// The catalogue itself is the screen's lookup; the rest is read beside it.
    fn lookup(&self) -> bool {
        matches!(self, Req::Categories | Req::Products(_))
    }
}

#[derive(Clone, Debug, Default)]
pub struct CatalogueView {
    pub browse: ListView<Offer>,
    /// The categories, once read.
    pub categories: Option<Vec<Category>>,
    /// Each category's products as read, by the category's place (`None`: not come yet).
    products: Vec<Option<Vec<Product>>>,
    /// Categories whose products could not be read, with why.
    pub failed: Vec<(String, String)>,
    /// Why the categories could not be read.
    pub error: Option<std::sync::Arc<ApiError>>,
    /// The order form open over the list.
    pub form: Option<Box<OrderForm>>,
    /// The last form closed with Esc, kept so that nothing typed is lost.
    kept: Option<Box<OrderForm>>,
    /// The payment methods, once read (empty where the portal lists none).
    pub payments: Option<Vec<PaymentMethod>>,
    /// Unpaid invoices read with their items (whether one bills an order already made).
    pub billing: Vec<Invoice>,
    /// The orders made this run.
    pub ordered: Vec<Ordered>,
    /// The services listed when the order in flight was confirmed: the one it made is the
    /// newest listed after it.
    services_before: Option<std::collections::HashSet<String>>,
}

/// The screen's state, as the screen table names it.
pub type State = CatalogueView;

impl View for CatalogueView {
    type Req = Req;
    type Visit = ();

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => self.refresh(cx),
            Action::Open | Action::OrderProduct => self.open_form(cx),
            _ => {
                if self.browse.browse(action, cx).is_err() {
                    cx.unchanged();
                }
            }
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::Categories => match answer.and_then(Data::into_categories) {
                Ok(categories) => {
                    self.error = None;
                    self.failed.clear();
                    self.products = vec![None; categories.len()];
                    for category in &categories {
                        if let Ok(id) = category.id.trim().parse::<u64>() {
                            cx.fetch(Req::Products(id), Query::Products(id));
                        }
                    }
                    self.categories = Some(categories);
                    self.assemble(cx);
                }
                Err(e) => {
                    cx.list_failed(Operation::Categories, &e);
                    if !e.not_offered() {
                        self.error = Some(std::sync::Arc::new(e));
                    }
                    self.browse.loaded = self.categories.is_some();
                }
            },
            Req::Products(id) => {
                let Some(place) = self.place_of(id) else { return };
                let name = self.categories.as_ref().map(|c| c[place].name.clone()).unwrap_or_default();
                self.failed.retain(|(n, _)| *n != name);
                match answer.and_then(Data::into_products) {
                    Ok((_, products)) => self.products[place] = Some(products),
                    Err(e) => {
                        self.failed.push((name, crate::i18n::api_error(&e, cx.language)));
                        self.products[place] = Some(Vec::new());
                    }
                }
                self.assemble(cx);
            }
            Req::Form(id) => {
                let Some(form) = self.form.as_mut().filter(|f| f.product_id == id) else { return };
                match answer.and_then(Data::into_product_config) {
                    Ok((_, config)) => {
                        form.set_config(*config);
                        self.ask_quote(cx);
                    }
                    Err(e) => form.failed = Some(crate::i18n::api_error(&e, cx.language)),
                }
            }
            Req::Payments => match answer.and_then(Data::into_payments) {
                Ok(list) => self.payments = Some(list),
                Err(e) => {
                    if e.not_offered() {
                        cx.not_offered.insert(Operation::Payments);
                    }
                    self.payments = Some(Vec::new());
                }
            },
            Req::Billing(_) => {
                if let Ok(invoice) = answer.and_then(Data::into_invoice) {
                    self.billing.retain(|i| i.id != invoice.id);
                    self.billing.push(*invoice);
                }
            }
            Req::Made(id) => self.made_invoice(id, answer.and_then(Data::into_invoice), cx),
            Req::Quote(..) | Req::Order(_) => {}
        }
    }

    fn quoted(&mut self, req: Req, answer: Result<Quote, ApiError>, cx: &mut Cx) {
        let Req::Quote(product_id, body) = req else { return };
        let Some(form) = self.form.as_mut().filter(|f| f.product_id == product_id) else { return };
        if form.quoted_body.as_ref() != Some(&body) {
            return;
        }
        form.quote = match answer {
            Ok(quote) => Quoted::Came(Box::new(quote)),
            Err(e) => Quoted::Refused(crate::i18n::api_error(&e, cx.language)),
        };
        if std::mem::take(&mut form.order_when_quoted) {
            self.put_up(cx);
        }
    }

    fn confirmed(&mut self, req: &Req, refused: Option<&str>) {
        // Sent: the form closes (kept, in case the portal refuses it).
        if let (Req::Order(_), None) = (req, refused) {
            self.kept = self.form.take();
        }
    }

    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        let Req::Order(product_id) = req else { return };
        self.order_settled(product_id, settled, cx);
    }

    fn modal(&self) -> bool {
        self.form.is_some()
    }

    fn modal_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(form) = self.form.as_mut() else { return };
        if cx.is_key(&key, Action::Back) {
            self.kept = self.form.take();
            return;
        }
        if cx.is_key(&key, Action::Open) {
            return self.order(cx);
        }
        let payments = self.payments.as_ref().map_or(0, Vec::len);
        match form.key(key, payments) {
            Edited::Chose | Edited::Left => self.ask_quote(cx),
            Edited::Typed => {}
            Edited::Nothing => cx.unchanged(),
        }
    }

    fn paste(&mut self, pasted: &Pasted) -> Option<bool> {
        let form = self.form.as_mut()?;
        Some(form.paste(pasted.line))
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        match self.browse.items.is_empty() {
            true => vec![Refresh],
            false => vec![OrderProduct, Filter, Refresh],
        }
    }

    fn has_data(&self, _: &Peek) -> bool {
        self.categories.is_some()
    }

    fn list(&self) -> Option<(Operation, Option<&ApiError>)> {
        None
    }

    /// Read the first time it is looked at, not at every sign-in; again when shown with
    /// nothing read (its last reading failed, or another sign-in).
    fn shown(&mut self, cx: &mut Cx) {
        if self.categories.is_none() && !cx.busy {
            self.refresh(cx);
        }
    }

    fn browsed(&self) -> Option<&dyn super::Browsing> {
        Some(&self.browse)
    }

    fn browsed_mut(&mut self) -> Option<&mut dyn super::Browsing> {
        Some(&mut self.browse)
    }

    fn refreshes(&self, req: &Req) -> bool {
        matches!(req, Req::Categories | Req::Products(_))
    }

    fn wheel_moves_rows(&self) -> bool {
        true
    }
}

impl CatalogueView {
    /// The catalogue read (again): the categories, then each one's products.
    fn refresh(&mut self, cx: &mut Cx) {
        if cx.offers(Operation::Categories) {
            cx.fetch(Req::Categories, Query::Categories);
        }
    }

    fn place_of(&self, category: u64) -> Option<usize> {
        let categories = self.categories.as_ref()?;
        categories.iter().position(|c| c.id.trim().parse::<u64>().ok() == Some(category))
    }

    /// The list, once every category's products have come (read again, the list on screen
    /// stays until then, its selection kept), in the categories' order.
    fn assemble(&mut self, cx: &mut Cx) {
        let Some(categories) = &self.categories else { return };
        if self.products.iter().any(Option::is_none) {
            return;
        }
        let currency = cx.others.account.currency().to_owned();
        let mut items = Vec::new();
        for (place, (category, products)) in categories.iter().zip(&self.products).enumerate() {
            for product in products.iter().flatten() {
                let category = category.name.clone();
                items.push(Offer { category, place, product: product.clone(), currency: currency.clone() });
            }
        }
        self.browse.set_items(items);
        self.browse.loaded = true;
    }

    /// The categories read that list no product (the domains, sold from the Domains
    /// screen, say).
    pub fn empty_categories(&self) -> Vec<&str> {
        let Some(categories) = &self.categories else { return Vec::new() };
        let failed = |name: &str| self.failed.iter().any(|(n, _)| n == name);
        categories
            .iter()
            .zip(&self.products)
            .filter(|(c, p)| p.as_ref().is_some_and(Vec::is_empty) && !failed(&c.name))
            .map(|(c, _)| c.name.as_str())
            .collect()
    }

    /// `o` or Enter on a product: its order form (as it was left, if it was), read from the
    /// portal with the payment methods.
    fn open_form(&mut self, cx: &mut Cx) {
        let Some(offer) = self.browse.selected() else { return cx.unchanged() };
        let Ok(id) = offer.product.id.trim().parse::<u64>() else { return cx.unchanged() };
        let name = offer.product.name.clone();
        let form = match self.kept.take() {
            Some(kept) if kept.product_id == id && kept.config.is_some() => {
                let mut kept = kept;
                kept.error = None;
                kept
            }
            _ => {
                cx.fetch(Req::Form(id), Query::ProductConfig(id));
                Box::new(OrderForm::new(id, &name))
            }
        };
        self.form = Some(form);
        if self.payments.is_none() && cx.offers(Operation::Payments) {
            cx.fetch(Req::Payments, Query::Payments);
        }
        self.read_billing(&name, cx);
        if self.form.as_ref().is_some_and(|f| f.config.is_some()) {
            self.ask_quote(cx);
        }
    }

    /// The portal's quote of the form's values, when they are not the ones quoted.
    fn ask_quote(&mut self, cx: &mut Cx) {
        let payments = self.payments.clone().unwrap_or_default();
        let Some(form) = self.form.as_mut() else { return };
        let purchase = match form.checked(&payments, cx.language) {
            Ok(purchase) => purchase,
            // A value an option does not take is said as soon as it is left; a required
            // option still empty only when the order is asked for.
            Err(wrong) => {
                form.quote = Quoted::NotAsked;
                form.quoted_body = None;
                if !wrong.missing {
                    form.error = Some(wrong.why);
                }
                return;
            }
        };
        let body = form.quote_body(&purchase);
        if form.quoted_body.as_ref() == Some(&body) && !matches!(form.quote, Quoted::Refused(_)) {
            return;
        }
        form.quoted_body = Some(body.clone());
        form.quote = Quoted::Asking;
        cx.quote(Req::Quote(form.product_id, body.clone()), body);
    }
}

/// The product's price of a period in the account's currency, for the drawing.
pub(crate) fn price(amount: Option<crate::api::Money>, currency: &str, language: crate::api::Language) -> String {
    amount.map_or_else(|| "—".to_owned(), |m| crate::i18n::format::money_in(m, currency, language))
}

/// Quotes of a form, for tests that check what the dialog shows.
pub fn quote_total(form: &OrderForm) -> Option<crate::api::Money> {
    match &form.quote {
        Quoted::Came(quote) => quote.total,
        _ => None,
    }
}
