//! Requests in flight: what each is for (its slot), how a new one supersedes an old one,
//! and how they are sent, settled and cancelled.

use super::{Call, Command, Local, RequestId, Screen};
use crate::api::Query;

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
    /// Writing the sign-in form as the profile of this name.
    SaveProfile(String),
    /// A change sent for a screen. Never superseded nor cancelled: a change sent cannot be
    /// called back.
    Change(Box<super::confirmation::Sent>),
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
            Slot::Save
            | Slot::Copy
            | Slot::SaveWatchlist(_)
            | Slot::SaveProfile(_)
            | Slot::Logout
            | Slot::Change(..) => None,
        }
    }
}

/// A profile's requests in flight, oldest first, each with what it is for; and of the
/// portal reads among them, what each reads (an entry whose request left is forgotten).
#[derive(Debug, Default)]
pub(super) struct Pending(Vec<(RequestId, Slot)>, Vec<(RequestId, Query)>);

impl Pending {
    /// Remembers that request `id` reads `query` (see `reads`).
    pub(super) fn reading_query(&mut self, id: RequestId, query: Query) {
        let held: Vec<RequestId> = self.0.iter().map(|(id, _)| *id).collect();
        self.1.retain(|(id, _)| held.contains(id));
        self.1.push((id, query));
    }

    /// Whether a read of `query` is in flight, whatever asked for it.
    pub(super) fn reads(&self, query: &Query) -> bool {
        self.1.iter().any(|(id, read)| read == query && self.holds(*id))
    }

    /// Adds `slot`'s request as `id`; those it supersedes leave, and are to be cancelled.
    pub(super) fn add(&mut self, id: RequestId, slot: Slot) -> Vec<Command> {
        let mut cancelled = Vec::new();
        self.0.retain(|(old, s)| {
            let superseded = slot.supersedes(s);
            if superseded {
                cancelled.push(Command::Cancel(*old));
            }
            !superseded
        });
        self.0.push((id, slot));
        cancelled
    }

    /// Takes the entry for `id`; `None` means the answer is stale.
    pub(super) fn settle(&mut self, id: RequestId) -> Option<Slot> {
        let pos = self.0.iter().position(|(p, _)| *p == id)?;
        Some(self.0.remove(pos).1)
    }

    /// Cancels the lookups of `screen` (see `Slot::screen`).
    pub(super) fn cancel_lookups(&mut self, screen: Screen) -> Vec<Command> {
        let mut cancelled = Vec::new();
        self.0.retain(|(id, slot)| {
            let cancel = slot.screen() == Some(screen);
            if cancel {
                cancelled.push(Command::Cancel(*id));
            }
            !cancel
        });
        cancelled
    }

    /// Forgets every request, to be cancelled.
    pub(super) fn cancel_all(&mut self) -> Vec<Command> {
        self.0.drain(..).map(|(id, _)| Command::Cancel(id)).collect()
    }

    pub(super) fn holds(&self, id: RequestId) -> bool {
        self.0.iter().any(|(p, _)| *p == id)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a lookup of `screen` is in flight.
    pub(super) fn waits_on(&self, screen: Screen) -> bool {
        self.0.iter().any(|(_, slot)| slot.screen() == Some(screen))
    }

    /// Whether a read of `screen`'s own is in flight.
    pub(super) fn screen_reads(&self, screen: Screen) -> bool {
        self.0.iter().any(|(_, slot)| matches!(slot, Slot::View(req) if req.screen() == screen))
    }

    /// Whether a change awaits its answer.
    pub(super) fn change_in_flight(&self) -> bool {
        self.0.iter().any(|(_, slot)| matches!(slot, Slot::Change(..)))
    }

    /// Whether a read by the screen request `req` is still in flight (one cancelled, or
    /// answered, is not).
    pub(super) fn reading(&self, req: &crate::app::screens::Req) -> bool {
        self.0.iter().any(|(_, slot)| matches!(slot, Slot::View(asked) if asked == req))
    }

    /// What the change in flight touches: the reads that show it and what it makes stale.
    pub(super) fn change_touches(&self) -> Vec<&crate::api::Query> {
        self.0
            .iter()
            .filter_map(|(_, slot)| match slot {
                Slot::Change(sent) => Some(sent.read_again.iter().chain(&sent.stale)),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// The way of signing in under way, if any.
    pub(super) fn login_step(&self) -> Option<LoginStep> {
        self.0.iter().find_map(|(_, slot)| match slot {
            Slot::Login(step) => Some(*step),
            _ => None,
        })
    }
}

impl Ask {
    /// The command that carries this request out as `id`, for `profile`.
    pub(super) fn command(self, id: RequestId, profile: super::ProfileId) -> Command {
        match self {
            Ask::Call(call) => Command::Call { id, profile, call },
            Ask::Local(work) => Command::Local { id, work },
        }
    }
}
