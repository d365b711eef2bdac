//! An answer from the worker, to the profile that asked for it, shown or not: its request
//! settled (an unknown id is a stale answer, dropped), its screen's data dated or marked
//! stale, and the result handed to what asked — a screen, the sign-in, a change, work on
//! this machine.

use super::requests::LoginStep;
use super::{Command, Outcome, Profile, RequestId, Response, Screen, Shell, Slot};

impl Profile {
    /// The answer to one of this profile's requests.
    pub(super) fn on_response(&mut self, shell: &mut Shell, response: Response) -> Vec<Command> {
        if let Outcome::Retrying(notice) = &response.outcome {
            if !self.pending.holds(response.id) {
                return shell.unchanged();
            }
            self.info = Some(crate::i18n::retrying(notice, self.language));
            self.retrying = true;
            return Vec::new();
        }
        let Some(slot) = self.settle(shell, response.id) else {
            tracing::debug!(id = response.id, "dropping a stale answer");
            return shell.unchanged();
        };
        if let (Some(state), Some(session)) = (response.session, self.session.as_mut()) {
            session.state = state;
        }
        if self.retrying {
            self.info = None;
            self.retrying = false;
        }
        // A login brings the account with it.
        let screen = match slot {
            Slot::Login(LoginStep::Password) => None,
            Slot::Login(_) => Some(Screen::HOME),
            _ => slot.screen(),
        };
        if let Some(screen) = screen {
            if response.outcome.is_ok() {
                self.fetched_at.insert(screen, response.at);
                self.stale.remove(&screen);
            } else if self.has_data(shell, screen)
                && self.refreshes_what_is_shown(&slot)
                && !response.outcome.is_not_offered()
            {
                self.stale.insert(screen);
            }
        }
        // A read again of what a change touched has come: changes to it are confirmed again.
        if let Slot::View(req) = &slot {
            let pending = &self.pending;
            self.rereading.retain(|(asked, _)| asked != req && pending.reading(asked));
        }
        // Each answer to the view that asked for it.
        match (slot, response.outcome) {
            (Slot::Login(_), outcome) => return self.sign_in_answer(shell, outcome, response.session),
            (Slot::View(req), Outcome::Fetched(r)) => {
                return self.on_screen(shell, req.screen(), |view, cx| view.answer(req, r, cx));
            }
            (Slot::View(req), Outcome::LookedUp(r)) => {
                return self.on_screen(shell, req.screen(), |view, cx| view.looked_up(req, r, cx));
            }
            (Slot::View(req), Outcome::Estimated(r)) => {
                return self.on_screen(shell, req.screen(), |view, cx| view.estimated(req, r, cx));
            }
            (Slot::View(req), Outcome::Quoted(r)) => {
                return self.on_screen(shell, req.screen(), |view, cx| view.quoted(req, r, cx));
            }
            (Slot::Change(sent), Outcome::Changed(changed)) => {
                return self.change_answer(shell, *sent, *changed, response.at);
            }
            (
                slot @ (Slot::Save | Slot::SaveWatchlist(_) | Slot::SaveProfile(_) | Slot::Copy | Slot::Logout),
                outcome,
            ) => self.local_answer(shell, slot, outcome),
            (slot, outcome) => tracing::debug!(?slot, ?outcome, "an answer that does not fit its request"),
        }
        Vec::new()
    }

    /// Takes the pending entry for `id`; `None` means the answer is stale.
    fn settle(&mut self, shell: &mut Shell, id: RequestId) -> Option<Slot> {
        shell.log.settled(id);
        self.pending.settle(id)
    }

    /// Whether a screen shows fetched data (which a failed refresh leaves in place).
    pub(super) fn has_data(&self, shell: &Shell, screen: Screen) -> bool {
        self.screens.view(screen).is_some_and(|view| view.has_data(&self.peek(shell)))
    }

    /// Whether a failed answer leaves the data on screen out of date: a refresh of what is
    /// shown does; a lookup of something new (an unknown name, say) is only its own error.
    fn refreshes_what_is_shown(&self, slot: &Slot) -> bool {
        match slot {
            Slot::View(req) => self.screens.view(req.screen()).is_some_and(|view| view.refreshes(req)),
            _ => true,
        }
    }
}
