//! The change protocol of the dashboard: a change a screen puts up is named in a
//! confirmation before it is sent, sent once (one at a time), and what came of it is said
//! and handed back to the screen, which reads again what the change touched. A lost answer
//! is said as such (the change may or may not have been applied) and the change is never
//! sent again on its own.

use std::collections::BTreeMap;

use crossterm::event::KeyEvent;

use super::screens::{Req, Settled};
use super::{App, Call, ChangeLog, Command, Slot};
use crate::api::{ApiError, Change, ChangeAnswer, dns_rules};
use crate::config::keys::{Action, Context, Key};
use crate::i18n::Text;

/// A change in flight: the screen's request its answer goes to, the change in a few words
/// for the status line, whether it is only an estimate, and what to read again after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sent {
    pub req: Req,
    pub words: String,
    pub estimate: bool,
    pub read_again: Option<crate::api::Query>,
}

/// A change as the dialog names it, before it is sent.
#[derive(Clone, Debug)]
pub struct Confirmation {
    pub change: Change,
    pub title: Text,
    /// What is changed, as (label, value) rows; an empty label continues the row above.
    pub rows: Vec<(String, String)>,
    /// The screen's request the answer goes to.
    pub req: Req,
    /// Just put up: it takes no key until the loop says the keys that were waiting are gone
    /// and a moment passed (`Msg::Settled`), so that no key meant for the screen answers it.
    pub settling: bool,
    /// For a DNS change, the record as shown: checked again just before sending, and
    /// against the records when they are read again while this is open.
    pub shown: Option<crate::api::Shown>,
    /// The domain or the service in words, for the change log.
    pub subject: String,
}

impl Confirmation {
    /// A change put up by a screen, for `req`'s answer; `subject` names what it changes in
    /// the change log.
    pub fn new(change: Change, title: Text, rows: Vec<(String, String)>, req: Req, subject: String) -> Confirmation {
        Confirmation { change, title, rows, req, settling: true, shown: None, subject }
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

    /// Keys while a confirmation is open: `y` sends, `n`/Esc goes back to what was under it.
    pub(super) fn on_confirmation_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let Some(confirmation) = self.profile_mut().confirmation.take() else { return self.unchanged() };
        // Keys that were waiting, or meant for the screen under it, never answer it.
        if confirmation.settling {
            self.profile_mut().confirmation = Some(confirmation);
            return self.unchanged();
        }
        match self.keymap.action(Context::Dialog, Key::from_event(&key)) {
            Some(Action::Confirm) => self.send_change(*confirmation),
            Some(Action::Back) => Vec::new(),
            _ => {
                self.profile_mut().confirmation = Some(confirmation);
                self.unchanged()
            }
        }
    }

    /// Whether a change of this profile awaits its answer.
    pub(super) fn change_in_flight(&self) -> bool {
        self.profile().pending.iter().any(|(_, slot)| matches!(slot, Slot::Change(..)))
    }

    /// Sends a confirmed change once; one change at a time.
    fn send_change(&mut self, confirmation: Confirmation) -> Vec<Command> {
        let language = self.profile().language;
        // Refused as busy, it closes: left open, a later `y` would send it after the
        // records it was checked against were read again. Its form, if any, comes back.
        if self.change_in_flight() {
            let said = Text::ChangeBusyClosed.get(language).to_owned();
            self.profile_mut().error = Some(said.clone());
            self.profile_mut().confirmation = None;
            return self.screen_confirmed(&confirmation.req, Some(&said));
        }
        let words = self.change_words(&confirmation.change);
        self.profile_mut().info = Some(Text::ChangeSending.fill(language, &[("what", &words)]));
        self.profile_mut().error = None;
        let mut commands = self.screen_confirmed(&confirmation.req, None);
        let profile = self.profile_name().to_owned();
        let subject = confirmation.subject;
        let log = self.change_log.clone().map(|log| ChangeLog { log, profile, subject });
        let read_again = confirmation.change.read_again();
        let call = Call::Change { change: confirmation.change, shown: confirmation.shown.map(Box::new), log };
        let sent = Sent { req: confirmation.req, words, estimate: false, read_again };
        commands.extend(self.send(Slot::Change(Box::new(sent)), call));
        commands
    }

    /// A change in a few words, for the status line.
    fn change_words(&self, change: &Change) -> String {
        let language = self.profile().language;
        match change {
            Change::DnsAdd { record, .. } => format!("{} {}", Text::DoAdd.get(language), dns_rules::sent_line(record)),
            Change::DnsUpdate { record_id, record, .. } => {
                format!("{} → {}", Text::DoUpdate.fill(language, &[("id", record_id)]), dns_rules::sent_line(record))
            }
            Change::DnsDelete { record_id, .. } => Text::DoDelete.fill(language, &[("id", record_id)]),
            Change::Upgrade { service_id, send: false, .. } => Text::DoEstimate.fill(language, &[("id", service_id)]),
            Change::Upgrade { service_id, send: true, .. } => Text::DoUpgrade.fill(language, &[("id", service_id)]),
            Change::TicketReply { number, .. } => Text::DoTicketReply.fill(language, &[("number", number)]),
            Change::TicketNew { subject, .. } => Text::DoTicketNew.fill(language, &[("subject", subject)]),
            Change::TicketClose { number } => Text::DoTicketClose.fill(language, &[("number", number)]),
            Change::TicketReopen { number } => Text::DoTicketReopen.fill(language, &[("number", number)]),
        }
    }

    /// What came of a change: said, and the state read again; a refused DNS change opens
    /// its form again with the portal's reason, nothing typed lost.
    pub(super) fn change_answer(
        &mut self,
        sent: Sent,
        result: Result<ChangeAnswer, ApiError>,
        unlogged: Option<String>,
        at: std::time::SystemTime,
    ) -> Vec<Command> {
        let language = self.profile().language;
        self.say_settled(&sent.words, sent.estimate, &result);
        // What the change touched is read again whenever it may have been applied.
        let applied = match &result {
            Ok(_) => true,
            Err(e) => e.may_have_applied(),
        };
        let read_again = sent.read_again.filter(|_| applied);
        let commands = self.view_changed(sent.req, Settled { result: &result, read_again, at });
        // A change log that cannot be written is said, whatever came of the change.
        if let Some(why) = unlogged {
            let said = Text::ChangeLogFailed.fill(language, &[("reason", &why)]);
            let error = self.profile_mut().error.take();
            self.profile_mut().error = Some(match error {
                Some(first) => format!("{first} — {said}"),
                None => said,
            });
        }
        commands
    }

    /// What came of a change, in words on the status line; an estimate says nothing of its
    /// own (the screen shows it).
    fn say_settled(&mut self, words: &str, estimate: bool, result: &Result<ChangeAnswer, ApiError>) {
        let language = self.profile().language;
        match result {
            Ok(_) if estimate => {}
            Ok(answer) => {
                let mut text = Text::ChangeDone.fill(language, &[("what", &words)]);
                if !answer.info.is_empty() {
                    let said = crate::i18n::said(&answer.info, language);
                    text += &format!(" — {}", Text::ErrPortal.fill(language, &[("said", &said)]));
                }
                self.profile_mut().info = Some(text);
                self.profile_mut().error = None;
            }
            Err(e) if e.may_have_applied() && !estimate => {
                let reason = crate::i18n::api_error(e, language);
                self.profile_mut().error =
                    Some(Text::ChangeLost.fill(language, &[("what", &words), ("reason", &reason)]));
                self.profile_mut().info = None;
            }
            Err(e) if e.not_offered() => {
                self.profile_mut().not_offered.insert(e.operation());
                self.profile_mut().info = Some(crate::i18n::not_offered(e.operation(), language));
            }
            Err(e) => self.fail(e),
        }
    }

    /// An estimate a screen asked for: sent at once (it changes nothing, so it is neither
    /// confirmed nor written to the change log), its answer back to the screen.
    pub(super) fn ask_estimate(&mut self, req: Req, change: Change) -> Vec<Command> {
        let words = self.change_words(&change);
        let sent = Sent { req, words, estimate: true, read_again: change.read_again() };
        self.send(Slot::Change(Box::new(sent)), Call::Change { change, shown: None, log: None })
    }

    /// Closes the confirmation open over the screen, saying why: what it was checked
    /// against changed.
    pub(super) fn close_confirmation(&mut self, said: String) {
        self.profile_mut().confirmation = None;
        self.profile_mut().info = None;
        self.profile_mut().error = Some(said);
    }
}
