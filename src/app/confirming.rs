//! What keeps a confirmation honest: it takes no key for a moment after it opens (the
//! loop drops the keys already waiting then, and says when the moment has passed). The
//! screen that put it up checks it against what it reads again while it is open.

use super::changes::Confirmation;
use super::{App, Command};

impl App {
    /// Puts a confirmation up: it settles first (see `Confirmation::settling`).
    pub(super) fn put_up(&mut self, confirmation: Confirmation) {
        self.profile_mut().confirmation = Some(Box::new(Confirmation { settling: true, ..confirmation }));
        self.confirmation_opened = true;
    }

    /// A confirmation comes into view with its profile (it may have opened by itself in
    /// the background): it settles again, as one that just opened.
    pub(super) fn resettle(&mut self) {
        if let Some(c) = &mut self.profile_mut().confirmation {
            c.settling = true;
            self.confirmation_opened = true;
        }
    }

    /// Whether a confirmation was put up since the last call: the loop then drops the keys
    /// that were already waiting and says when a moment has passed (`Msg::Settled`).
    pub fn take_confirmation_opened(&mut self) -> bool {
        std::mem::take(&mut self.confirmation_opened)
    }

    /// Whether the open confirmation still ignores keys.
    pub fn settling(&self) -> bool {
        matches!(&self.profile().confirmation, Some(c) if c.settling)
    }

    /// The moment after a confirmation opened has passed: it takes keys now.
    pub(super) fn settled(&mut self) -> Vec<Command> {
        match &mut self.profile_mut().confirmation {
            Some(c) if c.settling => c.settling = false,
            _ => return self.unchanged(),
        }
        Vec::new()
    }
}
