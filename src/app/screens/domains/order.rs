//! The order form of a name checked at `/`: registered when it is free, transferred in
//! (with its transfer code) when it is taken. It asks the period (each the TLD is sold for,
//! with its price), the nameservers (2–4, or the portal's), a contact for each role
//! (registrant, admin, tech, billing: the account's own, or one of `GET /contact`; the
//! other roles the registrant's unless chosen), the TLD's own fields (`GET /domain/order/@tld_id/form`,
//! required ones marked) and the payment method (`GET /payment`). What it sends is checked
//! here by the rules the command line uses (`api::buying::{form_value, missing_required}`,
//! `domain_actions::nameservers`): a field left wrong is said under the form, the cursor on
//! it, nothing lost and nothing sent.

use std::collections::BTreeMap;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::FormKey;
use super::texts;
use crate::api::buying::{DomainPurchase, form_value, missing_required};
use crate::api::models::{CONTACT_ROLES, ContactSummary, Form, FormKind, PaymentMethod, TldPrices};
use crate::api::{Language, domain_actions};
use crate::i18n::Text;

/// A field of the order form, in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderField {
    Years,
    /// The transfer code (a transfer only).
    Epp,
    Nameservers,
    /// The contact of the role at this index of `CONTACT_ROLES` (registrant, admin, tech,
    /// billing).
    Contact(usize),
    /// The TLD form's field at this index.
    Extra(usize),
    Payment,
}

/// A TLD form's field as filled: text typed, or the item chosen (`None`: the portal's
/// default; a checkbox's `Some(1)` is on).
#[derive(Clone, Debug, Default)]
pub struct Extra {
    pub text: Input,
    pub choice: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct OrderForm {
    /// The name ordered, as checked.
    pub name: String,
    /// A transfer in (the name is taken), else a registration.
    pub transfer: bool,
    /// The TLD sold for the name, once the prices are read (`Err`: why it cannot be
    /// ordered here).
    pub tld: Option<Result<TldPrices, String>>,
    /// The TLD's own fields, once read.
    pub forms: Option<Vec<Form>>,
    pub contacts: Option<Vec<ContactSummary>>,
    pub payments: Option<Vec<PaymentMethod>>,
    /// Index into the TLD's readable periods.
    pub years: usize,
    pub epp: Input,
    pub nameservers: Input,
    /// The contact chosen for each role, in `CONTACT_ROLES`' order. The registrant's 0 is
    /// the account's own (none sent), else `contacts[i - 1]`; another role's 0 is the
    /// registrant's, 1 the account's own, else `contacts[i - 2]`.
    pub roles: [usize; 4],
    /// 0: the portal's default; else `payments[i - 1]`.
    pub payment: usize,
    pub extras: Vec<Extra>,
    pub focus: OrderField,
    /// Why the last try was refused (here, or by the portal), and the field it is about.
    pub error: Option<String>,
    /// Asking the portal's quote: the confirmation comes with it.
    pub quoting: bool,
}

impl OrderForm {
    pub fn new(name: &str, transfer: bool) -> OrderForm {
        OrderForm {
            name: name.to_owned(),
            transfer,
            tld: None,
            forms: None,
            contacts: None,
            payments: None,
            years: 0,
            epp: Input::default(),
            nameservers: Input::default(),
            roles: [0; 4],
            payment: 0,
            extras: Vec::new(),
            focus: OrderField::Years,
            error: None,
            quoting: false,
        }
    }

    /// The TLD's forms as read: a field each.
    pub fn set_forms(&mut self, forms: Vec<Form>) {
        self.extras = forms.iter().map(|_| Extra::default()).collect();
        self.forms = Some(forms);
    }

    /// The TLD's periods the portal lists readably, in its order.
    pub fn periods(&self) -> Vec<&crate::api::models::PeriodPrices> {
        match &self.tld {
            Some(Ok(tld)) => tld.periods.iter().filter(|p| p.unreadable.is_none() && p.years().is_some()).collect(),
            _ => Vec::new(),
        }
    }

    /// The years chosen (1 while the periods are unknown).
    pub fn chosen_years(&self) -> u32 {
        self.periods().get(self.years).and_then(|p| p.years()).unwrap_or(1)
    }

    /// The fields shown, in order (the TLD's own once read).
    pub fn fields(&self) -> Vec<OrderField> {
        let mut fields = vec![OrderField::Years];
        if self.transfer {
            fields.push(OrderField::Epp);
        }
        fields.push(OrderField::Nameservers);
        fields.extend((0..CONTACT_ROLES.len()).map(OrderField::Contact));
        fields.extend((0..self.extras.len()).map(OrderField::Extra));
        fields.push(OrderField::Payment);
        fields
    }

    /// Whether everything the form is made from has been read.
    pub fn ready(&self) -> bool {
        matches!(self.tld, Some(Ok(_)))
            && self.forms.is_some()
            && self.contacts.is_some()
            && self.payments.is_some()
    }

    fn form_at(&self, at: usize) -> Option<&Form> {
        self.forms.as_ref().and_then(|f| f.get(at))
    }

    /// The input a field takes typed text in, if it does.
    pub fn input(&self, field: OrderField) -> Option<&Input> {
        match field {
            OrderField::Epp => Some(&self.epp),
            OrderField::Nameservers => Some(&self.nameservers),
            OrderField::Extra(at) if self.form_at(at).is_some_and(takes_text) => Some(&self.extras[at].text),
            _ => None,
        }
    }

    fn input_mut(&mut self, field: OrderField) -> Option<&mut Input> {
        match field {
            OrderField::Epp => Some(&mut self.epp),
            OrderField::Nameservers => Some(&mut self.nameservers),
            OrderField::Extra(at) if self.form_at(at).is_some_and(takes_text) => Some(&mut self.extras[at].text),
            _ => None,
        }
    }

    fn move_focus(&mut self, step: isize) {
        let fields = self.fields();
        let at = fields.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        self.focus = fields[(at + step).rem_euclid(fields.len() as isize) as usize];
    }

    /// ←/→ on a field that chooses: the next or the previous choice.
    fn step(&mut self, step: isize) -> bool {
        let turn = |at: usize, count: usize| (at as isize + step).rem_euclid(count.max(1) as isize) as usize;
        match self.focus {
            OrderField::Years => self.years = turn(self.years, self.periods().len()),
            OrderField::Contact(role) => {
                let choices = self.contacts.as_ref().map_or(0, Vec::len) + 1 + usize::from(role > 0);
                self.roles[role] = turn(self.roles[role], choices);
            }
            OrderField::Payment => {
                self.payment = turn(self.payment, self.payments.as_ref().map_or(0, Vec::len) + 1);
            }
            OrderField::Extra(at) => {
                let Some(form) = self.form_at(at) else { return false };
                let count = match form.kind {
                    FormKind::Select | FormKind::Radio => form.items.len(),
                    FormKind::Checkbox => 2,
                    _ => return false,
                };
                // `None` (the portal's default) is one of the choices, before the first.
                let now = self.extras[at].choice.map_or(0, |c| c + 1);
                let next = turn(now, count + 1);
                self.extras[at].choice = next.checked_sub(1);
            }
            OrderField::Epp | OrderField::Nameservers => return false,
        }
        true
    }

    /// Pasted text, one line, into the focused field; false where no text is typed.
    pub fn paste(&mut self, text: &str) -> bool {
        let focus = self.focus;
        let Some(input) = self.input_mut(focus) else { return false };
        crate::app::typing::insert(input, text);
        self.error = None;
        true
    }

    /// A key other than the keymap's Enter and Esc: moving, choosing, typing.
    pub fn on_key(&mut self, key: KeyEvent) -> FormKey {
        match key.code {
            KeyCode::Tab | KeyCode::Down => self.move_focus(1),
            KeyCode::BackTab | KeyCode::Up => self.move_focus(-1),
            KeyCode::Left if self.input(self.focus).is_none() => {
                if !self.step(-1) {
                    return FormKey::Ignored;
                }
            }
            KeyCode::Right | KeyCode::Char(' ') if self.input(self.focus).is_none() => {
                if !self.step(1) {
                    return FormKey::Ignored;
                }
            }
            _ if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                && key.code != KeyCode::Char('u') =>
            {
                return FormKey::Ignored;
            }
            _ => {
                let focus = self.focus;
                let Some(input) = self.input_mut(focus) else { return FormKey::Ignored };
                input.handle_event(&Event::Key(key));
            }
        }
        self.error = None;
        FormKey::Edited
    }

    /// What a TLD field sends: the text typed, the item chosen (by id), a checkbox on or
    /// off; none when nothing was given.
    fn given(&self, at: usize) -> Option<String> {
        let form = self.form_at(at)?;
        let extra = &self.extras[at];
        match form.kind {
            FormKind::Select | FormKind::Radio => {
                let item = form.items.get(extra.choice?)?;
                Some(if item.id.is_empty() { item.value.clone() } else { item.id.clone() })
            }
            FormKind::Checkbox => Some(if extra.choice? == 1 { "1" } else { "0" }.to_owned()),
            _ => Some(extra.text.value().trim().to_owned()).filter(|t| !t.is_empty()),
        }
    }

    /// A TLD field's value in words, as the confirmation shows it.
    pub fn shown_value(&self, at: usize, language: Language) -> Option<String> {
        let form = self.form_at(at)?;
        let extra = &self.extras[at];
        match form.kind {
            FormKind::Select | FormKind::Radio => form.items.get(extra.choice?).map(|i| i.title.clone()),
            FormKind::Checkbox => Some(crate::i18n::on_off(extra.choice? == 1, language).to_owned()),
            _ => self.given(at),
        }
    }

    /// The order to quote and confirm, or what to fix: said under the form, the cursor on
    /// the field it is about.
    pub fn purchase(&mut self, language: Language) -> Result<DomainPurchase, String> {
        let refuse = |form: &mut OrderForm, field: OrderField, said: String| {
            form.focus = field;
            form.error = Some(said.clone());
            Err(said)
        };
        let Some(Ok(tld)) = &self.tld else { return Err(texts::OrderReading.get(language).to_owned()) };
        let tld_id = tld.id.trim().to_owned();
        if self.transfer && self.epp.value().trim().is_empty() {
            return refuse(self, OrderField::Epp, texts::OrderEppMissing.get(language).to_owned());
        }
        let typed: Vec<String> =
            self.nameservers.value().split([' ', ',']).filter(|n| !n.trim().is_empty()).map(str::to_owned).collect();
        let nameservers = match domain_actions::nameservers(&typed) {
            Ok(names) => names,
            Err(p) => {
                let said = crate::i18n::nameserver_problem(&p, texts::NsCountPrompt, language);
                return refuse(self, OrderField::Nameservers, said);
            }
        };
        let forms = self.forms.clone().unwrap_or_default();
        let mut data = BTreeMap::new();
        for (at, form) in forms.iter().enumerate().filter(|(_, f)| f.is_known()) {
            let Some(given) = self.given(at) else { continue };
            match form_value(form, &given) {
                Ok(value) => {
                    data.insert(form.id.clone(), value);
                }
                Err(takes) => {
                    let fill: [(&str, &dyn std::fmt::Display); 2] = [("field", &form.title), ("takes", &takes)];
                    return refuse(self, OrderField::Extra(at), texts::OrderFieldTakes.fill(language, &fill));
                }
            }
        }
        if let Some(form) = missing_required(&forms, &data).first() {
            let at = forms.iter().position(|f| f.id == form.id).unwrap_or(0);
            let said = texts::OrderRequiredLeft.fill(language, &[("field", &form.title)]);
            return refuse(self, OrderField::Extra(at), said);
        }
        let contacts = (0..CONTACT_ROLES.len())
            .filter_map(|role| Some((CONTACT_ROLES[role].to_owned(), self.role_contact(role)?.id.trim().to_owned())))
            .collect();
        self.error = None;
        Ok(DomainPurchase {
            name: self.name.clone(),
            years: self.chosen_years(),
            transfer: self.transfer,
            tld_id,
            pay_method: self.pay_method().map(|m| m.id.clone()),
            epp: Some(self.epp.value().trim().to_owned()).filter(|_| self.transfer),
            nameservers,
            contacts,
            data,
        })
    }

    /// The contact a role goes to: `None` for the account's own (nothing sent for it).
    pub fn role_contact(&self, role: usize) -> Option<&ContactSummary> {
        let list = self.contacts.as_deref()?;
        let at = *self.roles.get(role)?;
        match role {
            0 => at.checked_sub(1).and_then(|i| list.get(i)),
            _ if at == 0 => self.role_contact(0),
            _ => at.checked_sub(2).and_then(|i| list.get(i)),
        }
    }

    /// Who each role's contact is, for the confirmation: a line per contact with the roles
    /// it takes (`contact of registrant, admin: #49 Lan Nguyễn Thị`, or `… of every role`);
    /// none when every role is the account's own.
    pub fn contact_lines(&self, language: Language) -> Vec<String> {
        let mut groups: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
        for role in 0..CONTACT_ROLES.len() {
            let id = self.role_contact(role).map(|c| c.id.trim());
            match groups.iter_mut().find(|(of, _)| *of == id) {
                Some((_, roles)) => roles.push(role),
                None => groups.push((id, vec![role])),
            }
        }
        if groups.iter().all(|(id, _)| id.is_none()) {
            return Vec::new();
        }
        let word = |role: usize| [texts::RoleRegistrant, texts::RoleAdmin, texts::RoleTech, texts::RoleBilling][role];
        let line = |(id, roles): &(Option<&str>, Vec<usize>)| {
            let named = match roles.len() {
                4 => texts::OrderEveryRole.get(language).to_owned(),
                _ => roles.iter().map(|r| word(*r).get(language)).collect::<Vec<_>>().join(", "),
            };
            let who = match self.role_contact(roles[0]).filter(|_| id.is_some()) {
                Some(c) => format!("#{} {}", c.id.trim(), format!("{} {}", c.firstname, c.lastname).trim()),
                None => texts::OrderOwnContacts.get(language).to_owned(),
            };
            texts::OrderContactLine.fill(language, &[("roles", &named), ("who", &who)])
        };
        groups.iter().map(line).collect()
    }

    /// A role's contact in words: who, or the account's own.
    fn contact_text(&self, role: usize, language: Language) -> String {
        match self.role_contact(role) {
            Some(c) => {
                let name = format!("{} {}", c.firstname, c.lastname);
                format!("#{} {} <{}>", c.id, name.trim(), c.email)
            }
            None => texts::OrderOwnContacts.get(language).to_owned(),
        }
    }

    /// The payment method chosen, none for the portal's default.
    pub fn pay_method(&self) -> Option<&PaymentMethod> {
        self.payment.checked_sub(1).and_then(|i| self.payments.as_ref()?.get(i))
    }

    /// The TLD form's values chosen, a line each (`title: value`), for the confirmation.
    pub fn option_lines(&self, language: Language) -> Vec<String> {
        let forms = self.forms.as_deref().unwrap_or_default();
        (0..forms.len())
            .filter_map(|at| Some(format!("{}: {}", forms[at].title, self.shown_value(at, language)?)))
            .collect()
    }

    /// A field's label.
    pub fn label(&self, field: OrderField, language: Language) -> String {
        let text = match field {
            OrderField::Years => texts::OrderYears,
            OrderField::Epp => texts::OrderEpp,
            OrderField::Nameservers => texts::OrderNameservers,
            OrderField::Contact(0) => texts::OrderRegistrant,
            OrderField::Contact(1) => texts::OrderAdmin,
            OrderField::Contact(2) => texts::OrderTech,
            OrderField::Contact(_) => texts::OrderBilling,
            OrderField::Payment => texts::OrderPayment,
            OrderField::Extra(at) => {
                let Some(form) = self.form_at(at) else { return String::new() };
                return format!("{}{}", form.title, if form.required { REQUIRED } else { "" });
            }
        };
        text.get(language).to_owned()
    }

    /// What a choosing field shows now.
    pub fn choice_text(&self, field: OrderField, currency: &str, language: Language) -> String {
        let money = |m: crate::api::Money| crate::i18n::format::money_in(m, currency, language);
        match field {
            OrderField::Years => match self.periods().get(self.years) {
                Some(p) => {
                    let price = if self.transfer { p.transfer } else { p.register };
                    let years = Text::Years.fill(language, &[("n", &p.years().unwrap_or(1))]);
                    if price.is_zero() { years } else { format!("{years} · {}", money(price)) }
                }
                None => texts::OrderNoPeriods.get(language).to_owned(),
            },
            OrderField::Contact(role) if role > 0 && self.roles[role] == 0 => {
                texts::OrderAsRegistrant.get(language).to_owned()
            }
            OrderField::Contact(role) => self.contact_text(role, language),
            OrderField::Payment => match self.pay_method() {
                Some(m) => format!("{} (#{})", m.name, m.id),
                None => crate::i18n::preview::PayDefault.get(language).to_owned(),
            },
            OrderField::Extra(at) => match (self.shown_value(at, language), self.form_at(at)) {
                (Some(value), _) => value,
                (None, Some(form)) => match form.default_item() {
                    Some(item) => texts::OrderFieldDefault.fill(language, &[("item", &item.title)]),
                    None => "—".to_owned(),
                },
                (None, None) => String::new(),
            },
            OrderField::Epp | OrderField::Nameservers => String::new(),
        }
    }
}

/// What marks a required field's label.
pub const REQUIRED: &str = " *";

/// Whether a TLD field is filled by typing.
fn takes_text(form: &Form) -> bool {
    matches!(form.kind, FormKind::Input | FormKind::Quantity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::FormItem;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn vn() -> OrderForm {
        let mut form = OrderForm::new("hoasen-tea.vn", false);
        form.tld = Some(Ok(TldPrices { id: "1".into(), tld: ".vn".into(), ..TldPrices::default() }));
        let id = Form {
            kind: FormKind::Input,
            id: "idnumber".into(),
            title: "ID".into(),
            name: String::new(),
            required: true,
            items: Vec::new(),
            min: None,
            max: None,
            description: String::new(),
        };
        let holder = Form {
            kind: FormKind::Select,
            id: "holder".into(),
            title: "Holder".into(),
            required: false,
            items: vec![
                FormItem { id: "personal".into(), title: "Personal".into(), selected: true, ..FormItem::default() },
                FormItem { id: "company".into(), title: "Company".into(), ..FormItem::default() },
            ],
            ..id.clone()
        };
        form.set_forms(vec![id, holder]);
        form.contacts = Some(Vec::new());
        form.payments = Some(Vec::new());
        form
    }

    #[test]
    fn one_contact_for_every_role_is_named_once_and_sent_for_each() {
        let mut form = vn();
        let lan = ContactSummary { id: "49".into(), firstname: "Lan".into(), lastname: "Nguyễn Thị".into(), ..Default::default() };
        form.contacts = Some(vec![lan]);
        assert!(form.contact_lines(Language::English).is_empty(), "the account's own: nothing said, nothing sent");
        form.focus = OrderField::Contact(0);
        form.on_key(key(KeyCode::Right));
        assert_eq!(form.contact_lines(Language::English), ["contact of every role: #49 Lan Nguyễn Thị"]);
        assert_eq!(form.contact_lines(Language::Vietnamese), ["liên hệ mọi vai trò: #49 Lan Nguyễn Thị"]);
        form.extras[0].text = Input::new("1".into());
        let sent = form.purchase(Language::English).unwrap().contacts;
        assert_eq!(sent.len(), 4);
        assert!(sent.values().all(|id| id == "49"), "{sent:?}");
        // Billing taken back to the account's own.
        form.focus = OrderField::Contact(3);
        form.on_key(key(KeyCode::Right));
        let lines = form.contact_lines(Language::English);
        assert_eq!(lines, ["contact of registrant, admin, tech: #49 Lan Nguyễn Thị", "contact of billing: the account's own"]);
        assert!(!form.purchase(Language::English).unwrap().contacts.contains_key("billing"));
    }

    #[test]
    fn a_required_field_left_empty_is_refused_with_the_cursor_on_it() {
        let mut form = vn();
        let said = form.purchase(Language::English).unwrap_err();
        assert!(said.contains("ID"), "{said}");
        assert_eq!(form.focus, OrderField::Extra(0));
        for c in "079186001234".chars() {
            form.on_key(key(KeyCode::Char(c)));
        }
        assert_eq!(form.error, None, "typing clears what was said");
        let order = form.purchase(Language::English).unwrap();
        assert_eq!(order.data, [("idnumber".to_owned(), "079186001234".to_owned())].into());
        assert!(order.nameservers.is_empty() && order.contacts.is_empty() && order.pay_method.is_none());
        // The select: the portal's default is not sent; one chosen is, by its id.
        form.focus = OrderField::Extra(1);
        form.on_key(key(KeyCode::Right));
        form.on_key(key(KeyCode::Right));
        assert_eq!(form.purchase(Language::English).unwrap().data.get("holder").map(String::as_str), Some("company"));
        // One nameserver is refused.
        form.focus = OrderField::Nameservers;
        for c in "ns1.example.vn".chars() {
            form.on_key(key(KeyCode::Char(c)));
        }
        assert!(form.purchase(Language::Vietnamese).is_err());
        assert_eq!(form.focus, OrderField::Nameservers);
    }
}
