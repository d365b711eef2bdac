//! The order form of one product, as `GET /order/@product_id` describes it: its billing
//! period, each option (a choice, a quantity within its bounds, a checkbox, text; a kind
//! the tool does not know is shown, never filled), the domain where the product takes one,
//! a promotion code and the payment method. What it would send is a `ProductPurchase`,
//! checked with the command line's own checks (`api::buying`) before anything is asked;
//! the portal's quote of it is kept beside it, for the values it was asked for.

use std::collections::BTreeMap;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use serde_json::Value;
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::texts;
use crate::api::Language;
use crate::api::buying::{ProductPurchase, default_cycle, default_value, form_value, missing_required, quote_body};
use crate::api::models::{FormKind, PaymentMethod, ProductConfig, Quote};

/// What a row of the form edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Period,
    /// The product's form at this place of `config.forms`.
    Option(usize),
    Domain,
    Promo,
    Pay,
}

/// One row of the form: a choice (`choice`, an index; `None` nothing chosen, a checkbox
/// off) or text (`input`).
#[derive(Clone, Debug)]
pub struct Field {
    pub kind: FieldKind,
    pub choice: Option<usize>,
    pub input: Input,
}

/// The portal's quote of the form's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Quoted {
    NotAsked,
    /// Asked for this body; its answer has not come.
    Asking,
    Came(Box<Quote>),
    /// The portal's refusal, in words.
    Refused(String),
}

/// A product's order form, open over the catalogue.
#[derive(Clone, Debug)]
pub struct OrderForm {
    pub product_id: u64,
    /// The product's name, as the catalogue lists it (the form's own once read).
    pub name: String,
    /// The order form, once read.
    pub config: Option<Box<ProductConfig>>,
    /// Why it could not be read.
    pub failed: Option<String>,
    pub fields: Vec<Field>,
    pub focus: usize,
    /// What is wrong, said under the fields (the focus is on it).
    pub error: Option<String>,
    /// The body of `POST /quote` the quote below is of (asked, or answered).
    pub quoted_body: Option<Value>,
    pub quote: Quoted,
    /// Enter was pressed: the confirmation goes up when the quote of these values comes.
    pub order_when_quoted: bool,
}

impl OrderForm {
    pub fn new(product_id: u64, name: &str) -> OrderForm {
        OrderForm {
            product_id,
            name: name.to_owned(),
            config: None,
            failed: None,
            fields: Vec::new(),
            focus: 0,
            error: None,
            quoted_body: None,
            quote: Quoted::NotAsked,
            order_when_quoted: false,
        }
    }

    /// The form read: its rows, each at the portal's default.
    pub fn set_config(&mut self, config: ProductConfig) {
        let field = |kind, choice| Field { kind, choice, input: Input::default() };
        let cycle = default_cycle(&config);
        let mut fields = vec![field(FieldKind::Period, config.cycles.iter().position(|c| c.value == cycle))];
        for (i, form) in config.forms.iter().enumerate() {
            let choice = match form.kind {
                FormKind::Select | FormKind::Radio => form.items.iter().position(|i| i.selected),
                _ => None,
            };
            let mut row = field(FieldKind::Option(i), choice);
            if form.kind == FormKind::Quantity {
                row.input = Input::new(form.min.unwrap_or(0).to_string());
            }
            fields.push(row);
        }
        if config.takes_domain {
            fields.push(field(FieldKind::Domain, None));
        }
        fields.push(field(FieldKind::Promo, None));
        fields.push(field(FieldKind::Pay, None));
        self.name = config.name.clone();
        self.fields = fields;
        self.focus = 0;
        self.config = Some(Box::new(config));
        self.failed = None;
    }

    pub fn focused(&self) -> Option<&Field> {
        self.fields.get(self.focus)
    }

    /// Whether the focused row takes typed text.
    fn types(&self) -> bool {
        let Some(field) = self.focused() else { return false };
        match field.kind {
            FieldKind::Domain | FieldKind::Promo => true,
            FieldKind::Option(i) => self.form_kind(i).is_some_and(|k| matches!(k, FormKind::Input | FormKind::Quantity)),
            FieldKind::Period | FieldKind::Pay => false,
        }
    }

    fn form_kind(&self, i: usize) -> Option<&FormKind> {
        Some(&self.config.as_ref()?.forms.get(i)?.kind)
    }

    /// A key in the form (other than ordering and closing): moving between rows, changing a
    /// choice, typing. What it says: whether the values changed, and whether the focus left
    /// a row (the moments a quote is asked again).
    pub fn key(&mut self, key: KeyEvent, payments: usize) -> Edited {
        let rows = self.fields.len();
        if rows == 0 {
            return Edited::Nothing;
        }
        let step = |at: usize, by: isize| (at as isize + by).rem_euclid(rows as isize) as usize;
        match key.code {
            KeyCode::Tab | KeyCode::Down => {
                self.focus = step(self.focus, 1);
                Edited::Left
            }
            KeyCode::BackTab | KeyCode::Up => {
                self.focus = step(self.focus, -1);
                Edited::Left
            }
            KeyCode::Left if !self.types() || self.is_quantity() => self.change(-1, payments),
            KeyCode::Right if !self.types() || self.is_quantity() => self.change(1, payments),
            KeyCode::Char(' ') if !self.types() => self.change(1, payments),
            _ if self.types() && !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) => {
                let quantity = self.is_quantity();
                let Some(field) = self.fields.get_mut(self.focus) else { return Edited::Nothing };
                // A quantity takes digits only.
                if quantity && matches!(key.code, KeyCode::Char(c) if !c.is_ascii_digit()) {
                    return Edited::Nothing;
                }
                let before = field.input.value().to_owned();
                field.input.handle_event(&Event::Key(key));
                match field.input.value() == before {
                    true => Edited::Nothing,
                    false => {
                        self.error = None;
                        Edited::Typed
                    }
                }
            }
            _ => Edited::Nothing,
        }
    }

    /// Pasted text into the focused text row.
    pub fn paste(&mut self, line: &str) -> bool {
        if !self.types() {
            return false;
        }
        let quantity = self.is_quantity();
        let Some(field) = self.fields.get_mut(self.focus) else { return false };
        let text: String = line.chars().filter(|c| !quantity || c.is_ascii_digit()).collect();
        let value = format!("{}{text}", field.input.value());
        field.input = Input::new(value);
        true
    }

    fn is_quantity(&self) -> bool {
        matches!(self.focused().map(|f| f.kind), Some(FieldKind::Option(i)) if self.form_kind(i) == Some(&FormKind::Quantity))
    }

    /// ←→ (or Space) on the focused row: the next or previous choice, a quantity one more
    /// or less within its bounds, a checkbox ticked or not.
    fn change(&mut self, by: isize, payments: usize) -> Edited {
        let Some(config) = self.config.as_deref() else { return Edited::Nothing };
        let Some(field) = self.fields.get(self.focus) else { return Edited::Nothing };
        let cycle = |count: usize, now: Option<usize>, none_too: bool| -> Option<usize> {
            // With `none_too` the choices are "none" and each item.
            let places = count + usize::from(none_too);
            if places == 0 {
                return now;
            }
            let at = match (now, none_too) {
                (Some(i), true) => i + 1,
                (Some(i), false) => i,
                (None, _) => 0,
            };
            let next = (at as isize + by).rem_euclid(places as isize) as usize;
            match none_too {
                true => next.checked_sub(1),
                false => Some(next),
            }
        };
        let (choice, input) = match field.kind {
            FieldKind::Period => (cycle(config.cycles.len(), field.choice, false), None),
            FieldKind::Pay => (cycle(payments, field.choice, true), None),
            FieldKind::Domain | FieldKind::Promo => return Edited::Nothing,
            FieldKind::Option(i) => {
                let Some(form) = config.forms.get(i) else { return Edited::Nothing };
                match form.kind {
                    // A choice that has no default may be left unchosen.
                    FormKind::Select | FormKind::Radio => {
                        (cycle(form.items.len(), field.choice, form.default_item().is_none()), None)
                    }
                    FormKind::Checkbox => (if field.choice.is_some() { None } else { Some(0) }, None),
                    FormKind::Quantity => {
                        let now: i128 = field.input.value().parse().unwrap_or(0);
                        let (min, max) = (form.min.unwrap_or(0), form.max.unwrap_or(u64::MAX));
                        let next = (now + by as i128).clamp(i128::from(min), i128::from(max));
                        (None, Some(next.to_string()))
                    }
                    FormKind::Input | FormKind::Other(_) => return Edited::Nothing,
                }
            }
        };
        let field = &mut self.fields[self.focus];
        let before = (field.choice, field.input.value().to_owned());
        field.choice = choice;
        if let Some(text) = input {
            field.input = Input::new(text);
        }
        if (field.choice, field.input.value().to_owned()) == before {
            return Edited::Nothing;
        }
        self.error = None;
        Edited::Chose
    }

    /// The text typed in the row of `kind`, trimmed.
    fn text(&self, kind: FieldKind) -> Option<String> {
        let field = self.fields.iter().find(|f| f.kind == kind)?;
        Some(field.input.value().trim().to_owned()).filter(|t| !t.is_empty())
    }

    /// What the form would send, checked as the command line checks an order (`checked`);
    /// what is wrong is said in the form, and the focus goes to its row.
    pub fn purchase(&mut self, payments: &[PaymentMethod], language: Language) -> Result<ProductPurchase, String> {
        self.checked(payments, language).map_err(|wrong| {
            self.focus = wrong.at;
            self.error = Some(wrong.why.clone());
            wrong.why
        })
    }

    /// What the form would send, checked as the command line checks an order: each value
    /// one its option takes, no required option left without one, the domain a name.
    pub fn checked(&self, payments: &[PaymentMethod], language: Language) -> Result<ProductPurchase, Wrong> {
        let Some(config) = self.config.as_deref() else {
            let why = texts::FormReading.get(language).to_owned();
            return Err(Wrong { at: 0, why, missing: true });
        };
        let mut custom = BTreeMap::new();
        let mut wrong = None;
        for (at, field) in self.fields.iter().enumerate() {
            let FieldKind::Option(i) = field.kind else { continue };
            let Some(form) = config.forms.get(i) else { continue };
            // Only what differs from the portal's default is sent, as `--set` sends it.
            let given = match form.kind {
                FormKind::Select | FormKind::Radio => {
                    let item = field.choice.and_then(|c| form.items.get(c));
                    let value = item.map(|i| if i.id.is_empty() { i.value.clone() } else { i.id.clone() });
                    value.filter(|v| Some(v) != default_value(form).as_ref())
                }
                FormKind::Checkbox => field.choice.map(|_| "1".to_owned()),
                FormKind::Quantity => {
                    let typed = field.input.value().trim().to_owned();
                    Some(typed).filter(|t| !t.is_empty() && t.parse::<u64>().ok() != Some(form.min.unwrap_or(0)))
                }
                FormKind::Input => Some(field.input.value().trim().to_owned()).filter(|t| !t.is_empty()),
                FormKind::Other(_) => None,
            };
            let Some(given) = given else { continue };
            match form_value(form, &given) {
                Ok(sent) => {
                    custom.insert(form.id.clone(), sent);
                }
                Err(takes) if wrong.is_none() => {
                    let fill: [(&str, &dyn std::fmt::Display); 3] =
                        [("option", &form.title), ("takes", &takes), ("given", &given)];
                    wrong = Some((at, texts::OptionValue.fill(language, &fill), false));
                }
                Err(_) => {}
            }
        }
        if wrong.is_none()
            && let Some(form) = missing_required(&config.forms, &custom).first()
        {
            let at = config.forms.iter().position(|f| f.id == form.id).and_then(|i| {
                self.fields.iter().position(|f| f.kind == FieldKind::Option(i))
            });
            let how = match form.kind {
                FormKind::Select | FormKind::Radio => texts::ChooseOne,
                _ => texts::TypeIt,
            };
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("field", &form.title), ("how", &how.get(language))];
            wrong = Some((at.unwrap_or(0), texts::RequiredLeft.fill(language, &fill), true));
        }
        let domain = match self.text(FieldKind::Domain) {
            Some(name) => match crate::i18n::domain_name(&name, language) {
                Ok(name) => Some(name),
                Err(why) => {
                    let at = self.fields.iter().position(|f| f.kind == FieldKind::Domain).unwrap_or(0);
                    wrong = wrong.or(Some((at, why, false)));
                    None
                }
            },
            None => None,
        };
        if let Some((at, why, missing)) = wrong {
            return Err(Wrong { at, why, missing });
        }
        let cycle = self.fields.iter().find(|f| f.kind == FieldKind::Period).and_then(|f| f.choice);
        let cycle = cycle.and_then(|c| config.cycles.get(c)).map_or_else(|| default_cycle(config), |c| c.value.clone());
        let pay = self.fields.iter().find(|f| f.kind == FieldKind::Pay).and_then(|f| f.choice);
        Ok(ProductPurchase {
            product: config.name.clone(),
            cycle,
            domain,
            pay_method: pay.and_then(|p| payments.get(p)).map(|m| m.id.clone()),
            custom,
            promocode: self.text(FieldKind::Promo),
        })
    }

    /// The body of `POST /quote` for `purchase`.
    pub fn quote_body(&self, purchase: &ProductPurchase) -> Value {
        let item = purchase.quote_item(self.product_id);
        quote_body(item, purchase.pay_method.as_deref(), purchase.promocode.as_deref())
    }

    /// The quote on hand when it is of `body`.
    pub fn quote_of(&self, body: &Value) -> Option<&Quote> {
        match (&self.quote, &self.quoted_body) {
            (Quoted::Came(quote), Some(quoted)) if quoted == body => Some(quote),
            _ => None,
        }
    }
}

/// What is wrong with the form's values: the row, why, and whether it is a required option
/// left empty (said only when the order is asked for, not while the form is filled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    pub at: usize,
    pub why: String,
    pub missing: bool,
}

/// What a key did to the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edited {
    Nothing,
    /// A choice changed (quoted again at once).
    Chose,
    /// Text typed (quoted again when the row is left).
    Typed,
    /// The focus moved to another row.
    Left,
}
