//! A registration's WHOIS contacts on the domains screen: read beside its details
//! (`GET /domain/@id/contact`), shown by role in the detail, and changed with `C`: a form of
//! each role's fields as held (←→ picks the role), checked against them as the command
//! line checks them (`api::buying::contacts_set`: each role that changes sent whole, a field
//! already as asked sends nothing), confirmed field by field before → after, and sent once
//! as `DomainContactsSet`; the contacts read again after it.

use std::collections::HashMap;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::texts;
use super::{DomainsView, FormKey, Req};
use crate::api::models::DomainContacts;
use crate::api::{ApiError, Change, Data, Operation, Query};
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::config::keys::Action;
use crate::i18n::{Text, preview};

/// The contacts read, by registration id, and the form open over the detail.
#[derive(Clone, Debug, Default)]
pub struct Whois {
    /// As last read, or why they could not be.
    pub read: HashMap<u64, Result<DomainContacts, String>>,
    pub form: Option<Box<ContactsForm>>,
    /// The form of the change in flight: opened again if the portal refuses it.
    sent_form: Option<Box<ContactsForm>>,
}

/// The contacts form: every role's fields as held, each an input.
#[derive(Clone, Debug)]
pub struct ContactsForm {
    pub domain_id: u64,
    pub name: String,
    pub held: DomainContacts,
    /// Index into `held.roles`.
    pub role: usize,
    /// By role, by field (in `held`'s order).
    pub inputs: Vec<Vec<Input>>,
    /// 0: the role; then the role's fields.
    pub focus: usize,
    pub error: Option<String>,
}

impl ContactsForm {
    pub fn new(domain_id: u64, name: &str, held: DomainContacts) -> ContactsForm {
        let inputs = held.roles.iter().map(|(_, fields)| fields.iter().map(|(_, v)| Input::new(v.clone())).collect());
        ContactsForm { domain_id, name: name.to_owned(), inputs: inputs.collect(), held, role: 0, focus: 0, error: None }
    }

    /// The fields of the role shown: (field, input).
    pub fn fields(&self) -> Vec<(&str, &Input)> {
        let Some((_, fields)) = self.held.roles.get(self.role) else { return Vec::new() };
        fields.iter().map(|(k, _)| k.as_str()).zip(&self.inputs[self.role]).collect()
    }

    pub fn role_name(&self) -> &str {
        self.held.roles.get(self.role).map_or("", |(r, _)| r.as_str())
    }

    fn focused_input(&mut self) -> Option<&mut Input> {
        let at = self.focus.checked_sub(1)?;
        self.inputs.get_mut(self.role)?.get_mut(at)
    }

    pub fn paste(&mut self, text: &str) -> bool {
        let Some(input) = self.focused_input() else { return false };
        crate::app::typing::insert(input, text);
        self.error = None;
        true
    }

    /// A key other than the keymap's Enter and Esc.
    pub fn on_key(&mut self, key: KeyEvent) -> FormKey {
        let count = self.fields().len() + 1;
        let roles = self.held.roles.len().max(1);
        match key.code {
            KeyCode::Tab | KeyCode::Down => self.focus = (self.focus + 1) % count,
            KeyCode::BackTab | KeyCode::Up => self.focus = (self.focus + count - 1) % count,
            KeyCode::Left if self.focus == 0 => self.role = (self.role + roles - 1) % roles,
            KeyCode::Right | KeyCode::Char(' ') if self.focus == 0 => self.role = (self.role + 1) % roles,
            _ if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                && key.code != KeyCode::Char('u') =>
            {
                return FormKey::Ignored;
            }
            _ => {
                let Some(input) = self.focused_input() else { return FormKey::Ignored };
                input.handle_event(&Event::Key(key));
            }
        }
        self.error = None;
        FormKey::Edited
    }

    /// What is typed, as `(role, field, value)` for every field.
    fn asked(&self) -> Vec<(String, String, String)> {
        let mut asked = Vec::new();
        for ((role, fields), inputs) in self.held.roles.iter().zip(&self.inputs) {
            for ((field, _), input) in fields.iter().zip(inputs) {
                asked.push((role.clone(), field.clone(), input.value().trim().to_owned()));
            }
        }
        asked
    }

    /// The change to confirm and its rows, or what to say (nothing changes).
    pub fn change(&mut self, language: crate::api::Language) -> Result<(Change, preview::Preview), String> {
        let (sent, changes) = crate::api::buying::contacts_set(&self.held, &self.asked());
        if changes.is_empty() {
            let said = texts::ContactsAlready.fill(language, &[("name", &self.name)]);
            self.error = Some(said.clone());
            return Err(said);
        }
        let previewed = preview::contacts(&changes, language);
        Ok((Change::DomainContactsSet { domain_id: self.domain_id, contacts: sent }, previewed))
    }
}

impl DomainsView {
    /// `C` in a registration's detail: its contacts as read, in the form.
    pub(super) fn ask_contacts(&mut self, cx: &mut Cx) {
        let Some((id, record)) = self.open_registration() else { return cx.unchanged() };
        let name = record.name.to_string();
        match self.whois.read.get(&id) {
            Some(Ok(held)) if !held.roles.is_empty() => {
                self.whois.form = Some(Box::new(ContactsForm::new(id, &name, held.clone())));
            }
            _ => cx.say(texts::ContactsNotRead.fill(cx.language, &[("name", &name)])),
        }
    }

    /// The contacts of registration `id` as read.
    pub(super) fn contacts_answer(&mut self, id: u64, answer: Result<Data, ApiError>, cx: &mut Cx) {
        let read = match answer.and_then(Data::into_domain_contacts) {
            Ok((_, contacts)) => Ok(contacts),
            Err(e) => {
                if e.not_offered() {
                    cx.not_offered.insert(Operation::DomainContacts);
                }
                Err(crate::i18n::api_error(&e, cx.language))
            }
        };
        self.whois.read.insert(id, read);
    }

    /// A key in the contacts form: Esc closes it, Enter puts the change up.
    pub(super) fn contacts_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(form) = self.whois.form.as_deref_mut() else { return cx.unchanged() };
        if cx.is_key(&key, Action::Back) {
            self.whois.form = None;
            return;
        }
        if !cx.is_key(&key, Action::Open) {
            if form.on_key(key) == FormKey::Ignored {
                cx.unchanged();
            }
            return;
        }
        let Ok((change, previewed)) = form.change(cx.language) else { return };
        let (id, name) = (form.domain_id, form.name.clone());
        let mut rows = cx.who();
        rows.push((Text::LabelDomain.get(cx.language).to_owned(), format!("{name} (#{id})")));
        rows.extend(previewed.rows());
        rows.push((Text::LabelRequest.get(cx.language).to_owned(), change.describe()));
        let req = Req::ContactsSet(id).into();
        cx.confirm(Confirmation::new(change, previewed.title, rows, req, format!("domain {name}")));
    }

    /// The change was sent (the form kept, to open again if refused), or refused as another
    /// is in flight.
    pub(super) fn contacts_confirmed(&mut self, refused: Option<&str>) {
        match refused {
            Some(said) => {
                if let Some(form) = self.whois.form.as_deref_mut() {
                    form.error = Some(said.to_owned());
                }
            }
            None => self.whois.sent_form = self.whois.form.take(),
        }
    }

    /// What came of it: the contacts read again; a clear refusal opens the form again.
    pub(super) fn contacts_changed(&mut self, id: u64, settled: Settled, cx: &mut Cx) {
        match settled.read_again {
            Some(query) => {
                self.whois.sent_form = None;
                cx.fetch(Req::DomainContacts(id), query);
            }
            None => {
                if let Some(mut form) = self.whois.sent_form.take() {
                    form.error = settled.result.as_ref().err().map(|e| crate::i18n::api_error(e, cx.language));
                    self.whois.form = Some(form);
                }
            }
        }
    }
}

/// Reads registration `id`'s contacts, where the portal offers them.
pub(super) fn fetch_contacts(id: u64, cx: &mut Cx) {
    if cx.offers(Operation::DomainContacts) {
        cx.fetch(Req::DomainContacts(id), Query::DomainContacts(id));
    }
}
