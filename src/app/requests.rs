//! Requests in flight: what each is for (its slot), how a new one supersedes an old one,
//! and how they are sent, settled and cancelled.

use super::{App, Call, Command, Local, RequestId, Screen};
use crate::api::Query;
use crate::i18n::Text;

/// What a pending request is for; a newer request for the same slot supersedes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Login(LoginStep),
    Domain(String),
    /// A domain fetched in the background (watchlist, refresh): it never moves the selection.
    WatchDomain(String),
    WatchCertificate(u64),
    WatchService(u64),
    /// The portal's lists (beyond the seed) and one entry of each.
    DomainList,
    DomainDetails(u64),
    Dns(u64),
    /// A screen's own request (see `screens`).
    View(super::screens::Req),
    Save,
    Copy,
    Logout,
    /// Writing the watchlist back; says what changed.
    SaveWatchlist(String),
    /// The record types a registration takes (for the DNS form).
    DnsTypes(u64),
    /// A change, and what it is in words. Never superseded nor cancelled: a change sent
    /// cannot be called back.
    Change(super::changes::Changing, String, bool),
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
    /// Domain lookups of different names run side by side; any other new request replaces
    /// the running one of its kind.
    pub(super) fn supersedes(&self, other: &Slot) -> bool {
        match (self, other) {
            (Slot::Change(..), _) | (_, Slot::Change(..)) => false,
            (Slot::Domain(a), Slot::Domain(b)) | (Slot::WatchDomain(a), Slot::WatchDomain(b)) => a == b,
            (Slot::WatchCertificate(a), Slot::WatchCertificate(b))
            | (Slot::WatchService(a), Slot::WatchService(b))
            | (Slot::DomainDetails(a), Slot::DomainDetails(b))
            | (Slot::Dns(a), Slot::Dns(b))
            | (Slot::DnsTypes(a), Slot::DnsTypes(b)) => a == b,
            (Slot::View(a), Slot::View(b)) => a.supersedes(b),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The screen whose lookup this is; a file being saved belongs to none (Esc on a
    /// screen never cancels a save).
    pub(super) fn screen(&self) -> Option<Screen> {
        match self {
            Slot::Login(_) => Some(Screen::Login),
            Slot::Domain(_) | Slot::WatchDomain(_) | Slot::DomainList => Some(Screen::Domains),
            Slot::DomainDetails(_) | Slot::Dns(_) => Some(Screen::Domains),
            Slot::View(req) => req.lookup().then(|| req.screen()),
            Slot::WatchCertificate(_) | Slot::WatchService(_) => Some(Screen::Radar),
            // Beside the account: its answer never decides whether the account is stale.
            Slot::Save | Slot::Copy | Slot::SaveWatchlist(_) | Slot::Logout => None,
            // Esc never cancels these: the form needs no waiting, and a change sent stays sent.
            Slot::DnsTypes(_) | Slot::Change(..) => None,
        }
    }
}

impl App {
    pub(super) fn send(&mut self, slot: Slot, ask: impl Into<Ask>) -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        // A new request for the same slot supersedes the old one.
        self.profile.pending.retain(|(id, s)| {
            let superseded = slot.supersedes(s);
            if superseded {
                commands.push(Command::Cancel(*id));
            }
            !superseded
        });
        let id = self.next_id;
        self.next_id += 1;
        if self.profile.pending.is_empty() {
            self.spinner = 0;
        }
        self.profile.pending.push((id, slot));
        commands.push(match ask.into() {
            Ask::Call(call) => Command::Call { id, profile: self.active, call },
            Ask::Local(work) => Command::Local { id, work },
        });
        commands
    }

    /// Takes the pending entry for `id`; `None` means the answer is stale.
    pub(super) fn settle(&mut self, id: RequestId) -> Option<Slot> {
        self.log.settled(id);
        let pos = self.profile.pending.iter().position(|(p, _)| *p == id)?;
        Some(self.profile.pending.remove(pos).1)
    }

    pub(super) fn cancel_screen(&mut self, screen: Screen) -> Vec<Command> {
        let mut commands = Vec::new();
        self.profile.pending.retain(|(id, slot)| {
            let cancel = slot.screen() == Some(screen);
            if cancel {
                commands.push(Command::Cancel(*id));
            }
            !cancel
        });
        if !commands.is_empty() {
            self.profile.info = Some(Text::Cancelled.get(self.profile.language).into());
        }
        commands
    }
}
