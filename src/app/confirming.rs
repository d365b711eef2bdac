//! What keeps a confirmation honest: it takes no key for a moment after it opens (the
//! loop drops the keys already waiting then, and says when the moment has passed). The
//! screen that put it up checks it against what it reads again while it is open.

use super::Profile;
use super::changes::Confirmation;

impl Profile {
    /// Puts a confirmation up: it settles first (see `Confirmation::settling`).
    pub(super) fn put_up(&mut self, confirmation: Confirmation) {
        self.confirmation = Some(Box::new(Confirmation { settling: true, ..confirmation }));
    }

    /// A confirmation comes into view with its profile (it may have opened by itself in
    /// the background): it settles again, as one that just opened. True if there is one.
    pub(super) fn resettle(&mut self) -> bool {
        match &mut self.confirmation {
            Some(c) => {
                c.settling = true;
                true
            }
            None => false,
        }
    }

    /// Whether the open confirmation still ignores keys.
    pub(super) fn settling(&self) -> bool {
        matches!(&self.confirmation, Some(c) if c.settling)
    }

    /// The moment after a confirmation opened has passed: it takes keys now. False when
    /// there was none settling.
    pub(super) fn settled(&mut self) -> bool {
        match &mut self.confirmation {
            Some(c) if c.settling => {
                c.settling = false;
                true
            }
            _ => false,
        }
    }
}
