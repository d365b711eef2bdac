//! Requests in flight: what each is for (its slot), how a new one supersedes an old one,
//! and how they are sent, settled and cancelled.

use super::{App, Call, Command, Local, RequestId, Screen};
use crate::api::Query;
use crate::i18n::Text;

/// What a pending request is for; a newer request for the same slot supersedes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Login(LoginStep),
    /// A screen's own request (see `screens`).
    View(super::screens::Req),
    Save,
    Copy,
    Logout,
    /// Writing the watchlist back; says what changed.
    SaveWatchlist(String),
    /// A change sent for a screen. Never superseded nor cancelled: a change sent cannot be
    /// called back.
    Change(Box<super::changes::Sent>),
}

/// What a request asks for: a portal call or work on this machine.
pub(super) enum Ask {
    Call(Call),
    Local(Local),
}

impl From<Call> for Ask {
    fn from(call: Call) -> Ask {
        Ask::Call(call)
    }
}

impl From<Local> for Ask {
    fn from(work: Local) -> Ask {
        Ask::Local(work)
    }
}

/// A portal read.
pub(super) fn fetch(query: Query) -> Ask {
    Ask::Call(Call::Fetch(query))
}

/// The ways of signing in, one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LoginStep {
    Resume,
    Password,
    SignIn,
}

impl Slot {
    /// A screen's requests supersede as the screen says (see `screens::Request`); a change
    /// never does nor is; any other new request replaces the running one of its kind.
    pub(super) fn supersedes(&self, other: &Slot) -> bool {
        match (self, other) {
            (Slot::Change(..), _) | (_, Slot::Change(..)) => false,
            (Slot::View(a), Slot::View(b)) => a.supersedes(b),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The screen whose lookup this is; a file being saved belongs to none (Esc on a
    /// screen never cancels a save), nor does a change (a change sent stays sent).
    pub(super) fn screen(&self) -> Option<Screen> {
        match self {
            Slot::Login(_) => Some(Screen::Login),
            Slot::View(req) => req.lookup().then(|| req.screen()),
            Slot::Save | Slot::Copy | Slot::SaveWatchlist(_) | Slot::Logout | Slot::Change(..) => None,
        }
    }
}

impl App {
    pub(super) fn send(&mut self, slot: Slot, ask: impl Into<Ask>) -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        // A new request for the same slot supersedes the old one.
        self.profile_mut().pending.retain(|(id, s)| {
            let superseded = slot.supersedes(s);
            if superseded {
                commands.push(Command::Cancel(*id));
            }
            !superseded
        });
        let id = self.next_id;
        self.next_id += 1;
        if self.profile().pending.is_empty() {
            self.spinner = 0;
        }
        self.profile_mut().pending.push((id, slot));
        commands.push(match ask.into() {
            Ask::Call(call) => Command::Call { id, profile: self.profiles.current, call },
            Ask::Local(work) => Command::Local { id, work },
        });
        commands
    }

    /// Takes the pending entry for `id`; `None` means the answer is stale.
    pub(super) fn settle(&mut self, id: RequestId) -> Option<Slot> {
        self.log.settled(id);
        let pos = self.profile().pending.iter().position(|(p, _)| *p == id)?;
        Some(self.profile_mut().pending.remove(pos).1)
    }

    pub(super) fn cancel_screen(&mut self, screen: Screen) -> Vec<Command> {
        let mut commands = Vec::new();
        self.profile_mut().pending.retain(|(id, slot)| {
            let cancel = slot.screen() == Some(screen);
            if cancel {
                commands.push(Command::Cancel(*id));
            }
            !cancel
        });
        if !commands.is_empty() {
            self.profile_mut().info = Some(Text::Cancelled.get(self.profile().language).into());
        }
        commands
    }
}
