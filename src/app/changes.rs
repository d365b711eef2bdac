//! Changes from the dashboard: the DNS record form, the dialog that names a change before
//! it is sent, sending it once, and what came of it. After every change the state is read
//! again; a lost answer is said as such (the change may or may not have been applied) and
//! the change is never sent again on its own.

use std::collections::BTreeMap;

use crossterm::event::KeyEvent;

use super::dns_form::{DnsForm, FormKey};
use super::{App, Call, ChangeLog, Command, Slot, fetch};
use crate::api::dns_ids::{self, ReadOnly};
use crate::api::dns_rules::{self, DEFAULT_TYPES};
use crate::api::models::DnsRecord;
use crate::api::{ApiError, Change, ChangeAnswer, DnsFields, Operation, Query};
use crate::config::keys::{Action, Context, Key};
use crate::i18n::Text;

/// A modal dialog over the screen: keys go to it until it closes.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Adding or changing a DNS record.
    Dns(Box<DnsForm>),
    /// A change waiting for its confirmation.
    Confirm(Box<Confirmation>),
}

/// A change as the dialog names it, before it is sent.
#[derive(Clone, Debug)]
pub struct Confirmation {
    pub change: Change,
    pub title: Text,
    /// What is changed, as (label, value) rows; an empty label continues the row above.
    pub rows: Vec<(String, String)>,
    /// The form to go back to when it is not confirmed.
    pub form: Option<DnsForm>,
    /// What to do with the answer.
    pub changing: Changing,
    /// Just put up: it takes no key until the loop says the keys that were waiting are gone
    /// and a moment passed (`Msg::Settled`), so that no key meant for the screen answers it.
    pub settling: bool,
    /// The record as listed when this was put up (a change or a deletion), to check it
    /// against the records when they are read again.
    pub(super) listed: Option<DnsRecord>,
    /// For a DNS change, the record as shown: checked again just before sending.
    pub shown: Option<crate::api::Shown>,
    /// The domain or the service in words, for the change log.
    pub(super) subject: String,
}

/// What a change in flight is for: what its answer is read into and what is read again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changing {
    /// A DNS change; `record_id` is the record changed (an update's).
    Dns { domain_id: u64, record_id: Option<String> },
    /// A change a screen put up: its answer goes back to that screen.
    View(super::screens::Req),
}

impl Confirmation {
    /// A change put up by a screen, for `req`'s answer; `subject` names what it changes in
    /// the change log.
    pub fn new(
        change: Change,
        title: Text,
        rows: Vec<(String, String)>,
        req: super::screens::Req,
        subject: String,
    ) -> Confirmation {
        Confirmation {
            change,
            title,
            rows,
            form: None,
            changing: Changing::View(req),
            settling: true,
            listed: None,
            shown: None,
            subject,
        }
    }
}

/// The portal's estimate of an upgrade, for the choices it was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub resources: BTreeMap<String, String>,
    /// The estimate's fields as the portal sent them (`difference`, `setup`…).
    pub fields: Vec<(String, String)>,
    /// What it said with it.
    pub info: Vec<crate::api::Said>,
}

impl Estimate {
    /// `difference 0.20 · setup 5.05`, or what the portal said when it sent no figures.
    pub fn text(&self, language: crate::api::Language) -> String {
        if self.fields.is_empty() {
            return crate::i18n::said(&self.info, language);
        }
        crate::i18n::estimate(&self.fields, language)
    }
}

impl App {
    /// The change log the dashboard writes to (none in tests unless given).
    pub fn with_change_log(mut self, log: Option<crate::config::change_log::Log>) -> App {
        self.change_log = log;
        self
    }

    /// The open registration's id, name and DNS records, when they are shown.
    fn open_dns(&self) -> Option<(u64, String, Option<&Vec<DnsRecord>>)> {
        let view = &self.profile.domains;
        let record = view.detail_record().filter(|r| r.unreadable.is_none())?;
        let id = record.id.trim().parse::<u64>().ok()?;
        let listed = view.dns.get(record.id.as_str()).and_then(|r| r.as_ref().ok());
        Some((id, record.name.to_string(), listed))
    }

    /// The DNS record under the cursor in the open detail, its id as a change names it
    /// (trimmed), or why no change can name it.
    fn selected_dns(&self) -> Option<(u64, String, Result<DnsRecord, ReadOnly>)> {
        let (id, name, listed) = self.open_dns()?;
        let listed = listed?;
        let cursor = self.profile.domains.dns_cursor;
        let record = listed.get(cursor)?;
        if record.unreadable.is_some() {
            return None;
        }
        let addressed = dns_ids::address(listed, cursor).map(|at| DnsRecord { id: at.into(), ..record.clone() });
        Some((id, name, addressed))
    }

    /// Says why the selected record cannot be changed.
    fn say_read_only(&mut self, why: ReadOnly) -> Vec<Command> {
        let listed = self.profile.domains.listed_dns().unwrap_or_default();
        let id = listed.get(self.profile.domains.dns_cursor).map(|r| r.id.to_string()).unwrap_or_default();
        self.profile.info = None;
        self.profile.error = Some(why.reason(&id, self.profile.language));
        Vec::new()
    }

    /// `n`, `c`/Enter and `x` on a domain's detail.
    pub(super) fn dns_action(&mut self, action: Action) -> Vec<Command> {
        if !self.offers(Operation::Dns) {
            return self.unchanged();
        }
        match action {
            Action::AddRecord => {
                let Some((id, name, _)) = self.open_dns() else { return self.unchanged() };
                let form = DnsForm::add(id, &name, self.dns_types_of(id));
                self.profile.dialog = Some(Dialog::Dns(Box::new(form)));
                self.ask_dns_types(id)
            }
            Action::EditRecord | Action::Open => {
                let Some((id, name, record)) = self.selected_dns() else { return self.unchanged() };
                let record = match record {
                    Ok(record) => record,
                    Err(why) => return self.say_read_only(why),
                };
                let form = DnsForm::edit(id, &name, self.dns_types_of(id), &record);
                self.profile.dialog = Some(Dialog::Dns(Box::new(form)));
                self.ask_dns_types(id)
            }
            Action::DeleteRecord => {
                let Some((id, name, record)) = self.selected_dns() else { return self.unchanged() };
                let record = match record {
                    Ok(record) => record,
                    Err(why) => return self.say_read_only(why),
                };
                let change = Change::DnsDelete { domain_id: id, record_id: record.id.to_string() };
                let confirmation = self.confirm_dns(change, &name, Some(&record), None);
                self.put_up(confirmation);
                Vec::new()
            }
            _ => self.unchanged(),
        }
    }

    /// The types a registration takes: the portal's list once it answered, else the usual.
    fn dns_types_of(&self, id: u64) -> Vec<String> {
        match self.profile.domains.dns_types.get(&id) {
            Some(types) if !types.is_empty() => types.clone(),
            _ => DEFAULT_TYPES.iter().map(|t| t.to_string()).collect(),
        }
    }

    fn ask_dns_types(&mut self, id: u64) -> Vec<Command> {
        if self.profile.domains.dns_types.contains_key(&id) || !self.offers(Operation::DnsTypes) {
            return Vec::new();
        }
        self.send(Slot::DnsTypes(id), fetch(Query::DnsTypes(id)))
    }

    /// The portal's record types: an open form takes them; a portal without the route keeps
    /// the usual ones, and any other failure too (the form says what the portal refuses).
    pub(super) fn dns_types_answer(&mut self, id: u64, result: Result<(u64, Vec<String>), ApiError>) {
        match result {
            Ok((_, types)) => {
                match &mut self.profile.dialog {
                    Some(Dialog::Dns(form)) if form.domain_id == id => form.set_types(types.clone()),
                    // Kept for the next form: nothing on screen changes.
                    _ => self.redraw = false,
                }
                self.profile.domains.dns_types.insert(id, types);
            }
            Err(e) if e.not_offered() => {
                self.profile.not_offered.insert(Operation::DnsTypes);
            }
            Err(e) => tracing::debug!(error = %e, "the DNS types could not be read; the usual ones are offered"),
        }
    }

    /// Keys while a dialog is open: the form edits, the confirmation sends or goes back.
    pub(super) fn on_dialog_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let (open, back) = (self.command_key(&key, Action::Open), self.command_key(&key, Action::Back));
        let language = self.profile.language;
        match self.profile.dialog.take() {
            Some(Dialog::Dns(mut form)) => {
                if back {
                    return Vec::new();
                }
                if open {
                    match form.change(language) {
                        Ok(change) => {
                            let old = form.editing.clone();
                            let new = match &change {
                                Change::DnsAdd { record, .. } | Change::DnsUpdate { record, .. } => {
                                    Some(record.clone())
                                }
                                _ => None,
                            };
                            let domain = form.domain.clone();
                            let confirmation = self.confirm_dns(change, &domain, old.as_ref(), new.as_ref());
                            self.put_up(Confirmation { form: Some(*form), ..confirmation });
                        }
                        Err(_) => self.profile.dialog = Some(Dialog::Dns(form)),
                    }
                    return Vec::new();
                }
                let edited = form.on_key(key);
                self.profile.dialog = Some(Dialog::Dns(form));
                if edited == FormKey::Ignored {
                    return self.unchanged();
                }
                Vec::new()
            }
            // Keys that were waiting, or meant for the screen under it, never answer it.
            Some(Dialog::Confirm(confirmation)) if confirmation.settling => {
                self.profile.dialog = Some(Dialog::Confirm(confirmation));
                self.unchanged()
            }
            Some(Dialog::Confirm(confirmation)) => match self.keymap.action(Context::Dialog, Key::from_event(&key)) {
                Some(Action::Confirm) => self.send_change(*confirmation),
                Some(Action::Back) => {
                    self.profile.dialog = confirmation.form.map(|f| Dialog::Dns(Box::new(f)));
                    Vec::new()
                }
                _ => {
                    self.profile.dialog = Some(Dialog::Confirm(confirmation));
                    self.unchanged()
                }
            },
            None => self.unchanged(),
        }
    }

    /// Who makes the change: the profile's name, and the account at its portal.
    fn who(&self) -> Vec<(String, String)> {
        let language = self.profile.language;
        let name = self.profile_name();
        // Without a profile, the account at its portal says who it is.
        let mut rows = Vec::new();
        if !name.is_empty() {
            rows.push((Text::FieldProfile.get(language).to_owned(), name.to_owned()));
        }
        if let Some(session) = &self.profile.session {
            let at = Text::AsUserAt.fill(language, &[("user", &session.user), ("host", &session.host)]);
            rows.push((Text::LabelPortal.get(language).to_owned(), at));
        }
        rows
    }

    fn confirm_dns(
        &self,
        change: Change,
        domain: &str,
        old: Option<&DnsRecord>,
        new: Option<&DnsFields>,
    ) -> Confirmation {
        let language = self.profile.language;
        let label = |t: Text| t.get(language).to_owned();
        let (domain_id, what) = match &change {
            Change::DnsAdd { domain_id, .. } => (*domain_id, Text::DoAdd.get(language).to_owned()),
            Change::DnsUpdate { domain_id, record_id, .. } => {
                (*domain_id, Text::DoUpdate.fill(language, &[("id", record_id)]))
            }
            Change::DnsDelete { domain_id, record_id } => {
                (*domain_id, Text::DoDelete.fill(language, &[("id", record_id)]))
            }
            Change::Upgrade { service_id, .. } => (*service_id, String::new()),
        };
        let mut rows = self.who();
        rows.push((label(Text::LabelDomain), format!("{domain} (#{domain_id})")));
        rows.push((label(Text::LabelChange), what));
        if let Some(old) = old {
            rows.push((label(Text::LabelBefore), dns_rules::listed_line(old)));
        }
        if let Some(new) = new {
            rows.push((label(Text::LabelAfter), dns_rules::sent_line(new)));
        }
        rows.push((label(Text::LabelRequest), change.describe()));
        let record_id = match &change {
            Change::DnsUpdate { record_id, .. } => Some(record_id.clone()),
            _ => None,
        };
        let changing = Changing::Dns { domain_id, record_id };
        let listed = old.cloned();
        let shown = Some(crate::api::Shown { domain: domain.to_owned(), record: old.cloned() });
        let subject = format!("domain {domain}");
        Confirmation {
            change,
            title: Text::ConfirmTitle,
            rows,
            form: None,
            changing,
            settling: true,
            listed,
            shown,
            subject,
        }
    }

    /// Whether a change of this profile awaits its answer.
    pub(super) fn change_in_flight(&self) -> bool {
        self.profile.pending.iter().any(|(_, slot)| matches!(slot, Slot::Change(..)))
    }

    /// Sends a confirmed change once; one change at a time.
    fn send_change(&mut self, confirmation: Confirmation) -> Vec<Command> {
        let language = self.profile.language;
        // Refused as busy, it closes: left open, a later `y` would send it after the
        // records it was checked against were read again. Its form, if any, comes back.
        if self.change_in_flight() {
            let said = Text::ChangeBusyClosed.get(language).to_owned();
            self.profile.error = Some(said.clone());
            self.profile.dialog = confirmation.form.map(|mut form| {
                form.error = Some(said);
                Dialog::Dns(Box::new(form))
            });
            return Vec::new();
        }
        let words = self.change_words(&confirmation.change);
        self.profile.info = Some(Text::ChangeSending.fill(language, &[("what", &words)]));
        self.profile.error = None;
        self.profile.sent_form = confirmation.form;
        let profile = self.profile_name().to_owned();
        let subject = confirmation.subject;
        let log = self.change_log.clone().map(|log| ChangeLog { log, profile, subject });
        let call = Call::Change { change: confirmation.change, shown: confirmation.shown.map(Box::new), log };
        self.send(Slot::Change(confirmation.changing, words, false), call)
    }

    /// A change in a few words, for the status line.
    fn change_words(&self, change: &Change) -> String {
        let language = self.profile.language;
        match change {
            Change::DnsAdd { record, .. } => format!("{} {}", Text::DoAdd.get(language), dns_rules::sent_line(record)),
            Change::DnsUpdate { record_id, record, .. } => {
                format!("{} → {}", Text::DoUpdate.fill(language, &[("id", record_id)]), dns_rules::sent_line(record))
            }
            Change::DnsDelete { record_id, .. } => Text::DoDelete.fill(language, &[("id", record_id)]),
            Change::Upgrade { service_id, send: false, .. } => Text::DoEstimate.fill(language, &[("id", service_id)]),
            Change::Upgrade { service_id, send: true, .. } => Text::DoUpgrade.fill(language, &[("id", service_id)]),
        }
    }

    /// What came of a change: said, and the state read again; a refused DNS change opens
    /// its form again with the portal's reason, nothing typed lost.
    pub(super) fn change_answer(
        &mut self,
        changing: Changing,
        words: String,
        estimate: bool,
        result: Result<ChangeAnswer, ApiError>,
        unlogged: Option<String>,
        at: std::time::SystemTime,
    ) -> Vec<Command> {
        let language = self.profile.language;
        self.say_settled(&words, estimate, &result);
        let commands = match changing {
            Changing::Dns { domain_id, record_id } => self.dns_settled(domain_id, record_id, result),
            Changing::View(req) => self.view_changed(req, result, at),
        };
        // A change log that cannot be written is said, whatever came of the change.
        if let Some(why) = unlogged {
            let said = Text::ChangeLogFailed.fill(language, &[("reason", &why)]);
            let error = self.profile.error.take();
            self.profile.error = Some(match error {
                Some(first) => format!("{first} — {said}"),
                None => said,
            });
        }
        commands
    }

    /// What came of a change, in words on the status line; an estimate says nothing of its
    /// own (the screen shows it).
    fn say_settled(&mut self, words: &str, estimate: bool, result: &Result<ChangeAnswer, ApiError>) {
        let language = self.profile.language;
        match result {
            Ok(_) if estimate => {}
            Ok(answer) => {
                let mut text = Text::ChangeDone.fill(language, &[("what", &words)]);
                if !answer.info.is_empty() {
                    let said = crate::i18n::said(&answer.info, language);
                    text += &format!(" — {}", Text::ErrPortal.fill(language, &[("said", &said)]));
                }
                self.profile.info = Some(text);
                self.profile.error = None;
            }
            Err(e) if e.may_have_applied() && !estimate => {
                let reason = crate::i18n::api_error(e, language);
                self.profile.error = Some(Text::ChangeLost.fill(language, &[("what", &words), ("reason", &reason)]));
                self.profile.info = None;
            }
            Err(e) if e.not_offered() => {
                self.profile.not_offered.insert(e.operation());
                self.profile.info = Some(crate::i18n::not_offered(e.operation(), language));
            }
            Err(e) => self.fail(e),
        }
    }

    /// A DNS change's answer: the records read again (the one added or changed selected
    /// then); a refused change opens its form again with the portal's reason.
    fn dns_settled(
        &mut self,
        domain_id: u64,
        record_id: Option<String>,
        result: Result<ChangeAnswer, ApiError>,
    ) -> Vec<Command> {
        let form = self.profile.sent_form.take();
        let reread = |app: &mut App| app.send(Slot::Dns(domain_id), fetch(Query::Dns(domain_id)));
        match result {
            Ok(answer) => {
                // The record added (its id as the portal answers it) or changed is selected
                // once the records are read again.
                self.profile.domains.select_dns = match record_id {
                    Some(id) => Some(id),
                    None => answer.answer.get("record_id").map(|v| match v {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    }),
                };
                reread(self)
            }
            Err(e) if e.may_have_applied() => reread(self),
            Err(e) if e.not_offered() => Vec::new(),
            Err(_) => {
                if let Some(mut form) = form {
                    form.error = self.profile.error.clone();
                    self.profile.dialog = Some(Dialog::Dns(Box::new(form)));
                }
                Vec::new()
            }
        }
    }

    /// An estimate a screen asked for: sent at once (it changes nothing, so it is neither
    /// confirmed nor written to the change log), its answer back to the screen.
    pub(super) fn ask_estimate(&mut self, req: super::screens::Req, change: Change) -> Vec<Command> {
        let words = self.change_words(&change);
        self.send(Slot::Change(Changing::View(req), words, true), Call::Change { change, shown: None, log: None })
    }

    /// Closes the confirmation open over the screen, saying why: what it was checked
    /// against changed.
    pub(super) fn close_confirmation(&mut self, said: String) {
        self.profile.dialog = None;
        self.profile.info = None;
        self.profile.error = Some(said);
    }
}
