//! The change protocol of the dashboard: a change a screen puts up is named in a
//! confirmation before it is sent, sent once (one at a time), and what came of it is said
//! and handed back to the screen, which reads again what the change touched. A lost answer
//! is said as such (the change may or may not have been applied) and the change is never
//! sent again on its own.

use crossterm::event::KeyEvent;

use crate::api::{ApiError, ChangeAnswer, ChangeOutcome};
use crate::app::confirmation::{Batch, Confirmation, Promise, Promised, Sent};
use crate::app::screens::Settled;
use crate::app::{Call, ChangeLog, Command, Local, Profile, Shell, Slot};
use crate::config::keys::{Action, Context, Key};
use crate::i18n::Text;

impl Profile {
    /// Keys while a confirmation is open: `y` sends, `n`/Esc goes back to what was under it.
    pub(in crate::app) fn on_confirmation_key(&mut self, shell: &mut Shell, key: KeyEvent) -> Vec<Command> {
        let Some(confirmation) = self.confirmation.take() else { return shell.unchanged() };
        // Keys that were waiting, or meant for the screen under it, never answer it.
        if confirmation.settling {
            self.confirmation = Some(confirmation);
            return shell.unchanged();
        }
        match shell.keymap.action(Context::Dialog, Key::from_event(&key)) {
            Some(Action::Confirm) if !confirmation.batch.is_empty() => self.start_batch(shell, *confirmation),
            Some(Action::Confirm) => self.send_change(shell, *confirmation),
            Some(Action::Back) => {
                self.back_from_confirmation = true;
                Vec::new()
            }
            _ => {
                self.confirmation = Some(confirmation);
                shell.unchanged()
            }
        }
    }

    /// Whether `key`, the first after going back from a confirmation, is one of its answers
    /// (`y`, `n` as bound) pressed again over a field that would type it: then it is not
    /// typed, and the status line says so.
    pub(in crate::app) fn answers_a_confirmation(&mut self, shell: &Shell, key: &KeyEvent) -> bool {
        let typing = Key::from_event(key).types();
        let field = self.screen_modal() || shell.prompt.is_some();
        let answer =
            matches!(shell.keymap.action(Context::Dialog, Key::from_event(key)), Some(Action::Confirm | Action::Back));
        if !(typing && field && answer) {
            return false;
        }
        let label = Key::from_event(key).to_string();
        self.info = Some(Text::ConfirmAnswerNotTyped.fill(self.language, &[("key", &label)]));
        true
    }

    /// Sends a confirmed change once; one change at a time.
    fn send_change(&mut self, shell: &mut Shell, confirmation: Confirmation) -> Vec<Command> {
        let language = self.language;
        // Refused as busy, it closes: left open, a later `y` would send it after the
        // records it was checked against were read again. Its form, if any, comes back.
        if self.pending.change_in_flight() {
            let said = Text::ChangeBusyClosed.get(language).to_owned();
            self.error = Some(said.clone());
            self.confirmation = None;
            return self.screen_confirmed(&confirmation.req, Some(&said));
        }
        let mut words = crate::i18n::change_words(&confirmation.change, language);
        if let Some(said) = self.made_stale(&confirmation.change) {
            self.error = Some(said.clone());
            return self.screen_confirmed(&confirmation.req, Some(&said));
        }
        self.info = Some(Text::ChangeSending.fill(language, &[("what", &words)]));
        // A batch's change names what it is made to, and how far the batch has come.
        if let Some(batch) = &self.batch
            && let Some(name) = &batch.current
        {
            let at = batch.total - batch.queue.len();
            let fill: [(&str, &dyn std::fmt::Display); 4] =
                [("what", &words), ("at", &at), ("total", &batch.total), ("name", name)];
            self.info = Some(Text::BatchSending.fill(language, &fill));
            words = format!("{words} · {name}");
        }
        self.error = None;
        let mut commands = self.screen_confirmed(&confirmation.req, None);
        let profile = self.name.clone();
        let subject = confirmation.subject;
        // Its log lines are paired by an id of this run's and this request's.
        let entry = shell.log_seed ^ (shell.next_id as u32).wrapping_mul(0x9e37_79b9);
        let log = shell.change_log.clone().map(|log| ChangeLog { log, profile, subject, entry });
        let logged = log.clone().map(|log| (log, confirmation.change.describe()));
        let read_again = confirmation.change.read_again();
        let stale = confirmation.change.makes_stale();
        let promise = confirmation.promise;
        let call = Call::Change { change: confirmation.change, shown: confirmation.shown.map(Box::new), log };
        let sent = Sent { req: confirmation.req, words, read_again, stale, promise, logged };
        commands.extend(self.send(shell, Slot::Change(Box::new(sent)), call));
        commands
    }

    /// What came of a change: said, and the state read again; a refused DNS change opens
    /// its form again with the portal's reason, nothing typed lost.
    pub(in crate::app) fn change_answer(
        &mut self,
        shell: &mut Shell,
        sent: Sent,
        changed: crate::app::Changed,
        at: std::time::SystemTime,
    ) -> Vec<Command> {
        let language = self.language;
        let outcome = changed.outcome();
        let crate::app::Changed { result, unlogged, check, no_sign, .. } = changed;
        self.say_settled(&sent.words, outcome, &result, check.as_deref());
        self.batch_item_settled(outcome);
        if let (Ok(_), Some(look)) = (&result, &no_sign) {
            let look: Vec<&str> = look.iter().map(|op| crate::i18n::operation(*op, language)).collect();
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("what", &sent.words), ("look", &look.join(", "))];
            self.error = Some(Text::ChangeNoSign.fill(language, &fill));
        }
        // What the change touched is read again whenever it may have been applied.
        let applied = outcome.may_have_landed();
        let read_again = sent.read_again.filter(|_| applied);
        let check = check.as_deref();
        // The screen's read of what the change touched is known as a read again: until it is
        // answered, no change to the same thing is confirmed from the figures it made stale.
        self.awaiting_reread = read_again.clone();
        let mut commands = self.view_changed(shell, sent.req, Settled { result: &result, read_again, check, at });
        self.awaiting_reread = None;
        if applied {
            commands.extend(self.read_stale(shell, sent.stale));
        }
        // Applied: what it promised is compared with the figures once they are read.
        if let (Ok(_), Some(promise)) = (&result, sent.promise) {
            self.promised = Some(Box::new(Promised { promise, words: sent.words, logged: sent.logged }));
        }
        // A change log that cannot be written is said, whatever came of the change.
        if let Some(why) = unlogged {
            let said = Text::ChangeLogFailed.fill(language, &[("reason", &why)]);
            let error = self.error.take();
            self.error = Some(match error {
                Some(first) => format!("{first} — {said}"),
                None => said,
            });
        }
        commands
    }

    /// A batch confirmed once: its changes queued, the first sent now, the others one at a
    /// time as each settles (`send_queued`).
    fn start_batch(&mut self, shell: &mut Shell, confirmation: Confirmation) -> Vec<Command> {
        if self.pending.change_in_flight() || self.batch.is_some() {
            let said = Text::ChangeBusyClosed.get(self.language).to_owned();
            self.error = Some(said.clone());
            return self.screen_confirmed(&confirmation.req, Some(&said));
        }
        let queue: std::collections::VecDeque<_> = confirmation.batch.into();
        self.batch = Some(Box::new(Batch { total: queue.len(), queue, ..Batch::default() }));
        self.send_queued(shell)
    }

    /// The next change of a confirmed batch, once the one before it has settled and what it
    /// made stale has been read again (so it goes from the portal's figures as they are
    /// now); when none is left, what came of them all is said.
    pub(in crate::app) fn send_queued(&mut self, shell: &mut Shell) -> Vec<Command> {
        let Some(batch) = self.batch.as_deref() else { return Vec::new() };
        if batch.current.is_some() || self.pending.change_in_flight() {
            return Vec::new();
        }
        let Some(next) = batch.queue.front() else {
            self.batch_said();
            return Vec::new();
        };
        if !self.pending_rereads().is_empty() || self.made_stale(&next.confirmation.change).is_some() {
            return Vec::new();
        }
        let Some(batch) = self.batch.as_deref_mut() else { return Vec::new() };
        let Some(next) = batch.queue.pop_front() else { return Vec::new() };
        batch.current = Some(next.name);
        self.send_change(shell, next.confirmation)
    }

    /// Esc while a batch is under way: nothing more is sent after the change in flight.
    pub(in crate::app) fn stop_batch(&mut self) -> bool {
        let Some(batch) = self.batch.as_deref_mut().filter(|b| !b.queue.is_empty()) else { return false };
        batch.stopped = batch.queue.len();
        batch.queue.clear();
        let fill = [("count", &batch.stopped as &dyn std::fmt::Display)];
        let text = if batch.stopped == 1 { Text::BatchStoppingOne } else { Text::BatchStopping };
        self.info = Some(text.fill(self.language, &fill));
        true
    }

    /// What came of a batch's change, kept for the batch's last words; a failure is said
    /// with what it was made to.
    fn batch_item_settled(&mut self, outcome: ChangeOutcome) {
        let Some(batch) = self.batch.as_deref_mut() else { return };
        let Some(name) = batch.current.take() else { return };
        if outcome == ChangeOutcome::Done {
            batch.done += 1;
            return;
        }
        let why = self.error.clone().or_else(|| self.info.clone()).unwrap_or_default();
        if let Some(error) = self.error.take() {
            self.error = Some(if error.contains(&name) { error } else { format!("{name}: {error}") });
        }
        batch.not_done.push(format!("{name} ({why})"));
    }

    /// A batch is over: how many were done, and those that were not, with why.
    fn batch_said(&mut self) {
        let Some(batch) = self.batch.take() else { return };
        let language = self.language;
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("done", &batch.done), ("total", &batch.total)];
        if batch.not_done.is_empty() && batch.stopped == 0 {
            let text = if batch.total == 1 { Text::BatchAllDoneOne } else { Text::BatchAllDone };
            self.say_done(text.fill(language, &fill));
            self.error = None;
            return;
        }
        let mut said = Text::BatchSomeDone.fill(language, &fill);
        if !batch.not_done.is_empty() {
            said += &format!("; {}", Text::BatchNotDone.fill(language, &[("items", &batch.not_done.join("; "))]));
        }
        if batch.stopped > 0 {
            said += &format!("; {}", Text::BatchStopped.fill(language, &[("count", &batch.stopped)]));
        }
        self.error = Some(said);
        self.info = None;
    }

    /// Reads again, for the screens that show them, what a change made stale besides what its
    /// own screen reads again; until they come, no change depending on them is confirmed.
    fn read_stale(&mut self, shell: &mut Shell, stale: Vec<crate::api::Query>) -> Vec<Command> {
        use crate::api::{Operation, Query};
        let mut effects = Vec::new();
        for query in stale {
            // A portal without `GET /balance`: the credit is the details'.
            let query = match query {
                Query::Balance if self.not_offered.contains(&Operation::Balance) => Query::Details,
                query => query,
            };
            if self.not_offered.contains(&query.operation()) {
                continue;
            }
            let Some(req) = crate::app::screens::reader_of(&query) else { continue };
            self.rereading.push((req.clone(), query.clone()));
            effects.push(crate::app::screens::Effect::Fetch(req, query));
        }
        self.apply(shell, effects)
    }

    /// Once every read an applied change made stale has come, the figures are compared with
    /// what its confirmation promised; a difference is said on the status line (and so in the
    /// log of messages) and written in the change log beside the change's own lines.
    pub(in crate::app) fn keep_promise(&mut self) -> Vec<Command> {
        if self.promised.is_none() || !self.pending_rereads().is_empty() || self.pending.change_in_flight() {
            return Vec::new();
        }
        let Some(promised) = self.promised.take() else { return Vec::new() };
        let Some(said) = self.not_as_promised(&promised.promise) else { return Vec::new() };
        let said = format!("{}: {said}", promised.words);
        self.error = Some(said.clone());
        let portal = self.session.as_ref().map(|s| s.host.clone()).unwrap_or_default();
        match promised.logged {
            Some((log, request)) => {
                vec![Command::Local { id: 0, work: Local::LogReadBack { log, portal, request, said } }]
            }
            None => Vec::new(),
        }
    }
}

impl Profile {
    /// What the figures the screens hold now say against `promise` (the change's own
    /// check, `i18n::preview::Promises`), in words; `None` when they agree or a figure is
    /// not on hand.
    fn not_as_promised(&self, promise: &Promise) -> Option<String> {
        let views = self.screens.views();
        let held = |query: &crate::api::Query| views.iter().find_map(|view| view.holds(query, &self.not_offered));
        let read: Vec<_> = promise.reads().iter().map(held).collect();
        promise.not_as_promised(&read, self.language)
    }

    /// Why `change` cannot be confirmed now, if it cannot: what it is made to was touched
    /// by a change still in flight, or by one whose read again has not come, so the figures
    /// it would be confirmed from are not the portal's any more (a second renewal from the
    /// old expiry, a second payment of an invoice paid a moment ago).
    /// A DNS change is left to its own check: the records are read again just before it
    /// is sent and a confirmation whose record changed closes (`api::changes::protocol`).
    pub(in crate::app) fn made_stale(&self, change: &crate::api::Change) -> Option<String> {
        if change.dns_source().is_some() {
            return None;
        }
        let inputs = change.depends_on();
        let in_flight = self.pending.change_touches().into_iter().any(|s| inputs.contains(s));
        // A read again that was cancelled (Esc, signing out) holds nothing back.
        let rereading = self.rereads_in_flight().any(|(_, read)| inputs.contains(read));
        let what = || crate::i18n::change_words(change, self.language);
        if in_flight || rereading {
            return Some(Text::ChangeAwaitsReread.fill(self.language, &[("what", &what())]));
        }
        // Figures being read (`r`, a detail just opened) would replace the ones it is
        // confirmed from while it is open.
        inputs
            .iter()
            .any(|read| self.pending.reads(read))
            .then(|| Text::ChangeAwaitsRead.fill(self.language, &[("what", &what())]))
    }

    /// What came of a change, in words on the status line. After a lost answer, what was
    /// read again says whether the change is there now; only a change whose request left
    /// may have been applied (`ChangeOutcome::Unknown`).
    fn say_settled(
        &mut self,
        words: &str,
        outcome: ChangeOutcome,
        result: &Result<ChangeAnswer, ApiError>,
        check: Option<&crate::api::Check>,
    ) {
        let language = self.language;
        match result {
            // Read back after an unclear answer: a DNS change in the records' own words.
            Ok(answer) if answer.read_back && check.is_some() => {
                let deletion = check.is_some_and(|c| c.deletion);
                let text = if deletion { Text::ChangeLostGone } else { Text::ChangeLostThere };
                self.info = Some(text.fill(language, &[("what", &words)]));
                self.error = None;
            }
            Ok(answer) => {
                let mut text = Text::ChangeDone.fill(language, &[("what", &words)]);
                if answer.read_back {
                    text += &format!(" — {}", Text::ChangeReadBack.get(language));
                }
                if !answer.info.is_empty() {
                    let said = crate::i18n::said(&answer.info, language);
                    text += &format!(" — {}", Text::ErrPortal.fill(language, &[("said", &said)]));
                }
                // The invoice that bills it: named in its answer, or found by reading again.
                if let Some(invoice) = answer.invoice() {
                    let billed = Text::ChangeInvoice.fill(language, &[("invoice", &invoice)]);
                    if !text.contains(&billed) {
                        text += &format!(" — {billed}");
                    }
                }
                self.say_done(text);
                self.error = None;
            }
            // Proved absent after an unclear answer: a DNS change in the records' own words.
            Err(ApiError::NotApplied { answer, .. }) if check.is_some() => {
                let reason = crate::i18n::api_error(answer, language);
                let fill: [(&str, &dyn std::fmt::Display); 2] = [("what", &words), ("reason", &reason)];
                let deletion = check.is_some_and(|c| c.deletion);
                let text = if deletion { Text::ChangeLostStillThere } else { Text::ChangeLostNotThere };
                self.error = Some(text.fill(language, &fill));
                self.info = None;
            }
            Err(e) if outcome == ChangeOutcome::Unknown => {
                let reason = crate::i18n::api_error(e, language);
                let fill: [(&str, &dyn std::fmt::Display); 2] = [("what", &words), ("reason", &reason)];
                self.error = Some(Text::ChangeLost.fill(language, &fill));
                self.info = None;
            }
            Err(e) if e.not_offered() => {
                self.not_offered.insert(e.operation());
                self.info = Some(crate::i18n::not_offered(e.operation(), language));
            }
            Err(e) => self.fail(e),
        }
    }

    /// Closes the confirmation open over the screen, saying why: what it was checked
    /// against changed.
    pub(in crate::app) fn close_confirmation(&mut self, said: String) {
        self.confirmation = None;
        self.info = None;
        self.error = Some(said);
    }
}
