//! Time on screen: what follows from the screen shown changing (the log opens on its
//! newest entry; the way back to the radar holds only while its screen shows), and what
//! time alone changes — the session's countdown and a message fading — with when the loop
//! should wake for it. Nothing else wakes an idle dashboard.

use std::time::{Duration, SystemTime};

use crate::api::SessionState;
use crate::app::{Command, Profile, Screen, Shell};

/// How long a message (`✓ …`) stays on the status line once nothing is in flight; the
/// request log (8) keeps it. Errors stay until Esc or the next thing done.
pub const INFO_FADES: Duration = Duration::from_secs(8);

impl Profile {
    /// What follows from the screen shown changing: the log opens on its newest entry, and
    /// where Esc goes back to holds only while the screen it was set for is shown.
    pub(in crate::app) fn after_moving(&mut self, shell: &mut Shell, shown: Screen) {
        let screen = self.screen;
        if screen == Screen::Log && shown != Screen::Log && shell.log.open.is_none() {
            shell.log.to_newest();
        }
        if self.return_to.is_some_and(|(_, on)| on != screen) {
            self.return_to = None;
        }
    }

    /// How long until something on screen changes with time alone: the session's countdown
    /// (the next second in its last ten minutes, else the next minute, as
    /// `format::countdown_duration` says it) or an old message fading.
    /// `None` when nothing does: the loop then sleeps until a key or an answer.
    pub(in crate::app) fn next_wake(&self, now: SystemTime) -> Option<Duration> {
        let countdown = match self.session.as_ref().map(|s| s.state) {
            Some(SessionState::Token { expires_at: Some(at) }) => at.duration_since(now).ok().map(|left| {
                let unit = if left >= crate::i18n::format::SECONDS_SHOWN_UNDER { 60_000 } else { 1000 };
                let millis = u64::try_from(left.as_millis() % unit).unwrap_or(0);
                Duration::from_millis(millis + 5)
            }),
            _ => None,
        };
        let fade = match (&self.info, self.info_since) {
            (Some(_), _) if !self.pending.is_empty() => None,
            (Some(_), Some(since)) => Some((since + INFO_FADES).duration_since(now).unwrap_or_default()),
            (Some(_), None) => Some(INFO_FADES),
            (None, _) => None,
        };
        [countdown, fade].into_iter().flatten().min()
    }

    /// The time now: an old message fades; the countdown is drawn again.
    pub(in crate::app) fn tick(&mut self, shell: &mut Shell, now: SystemTime) -> Vec<Command> {
        let countdown =
            matches!(self.session.as_ref().map(|s| s.state), Some(SessionState::Token { expires_at: Some(_) }));
        let busy = !self.pending.is_empty();
        let p = &mut *self;
        let faded = match (p.info.is_some() && !busy, p.info_since) {
            (true, None) => {
                p.info_since = Some(now);
                false
            }
            (true, Some(since)) if now >= since + INFO_FADES => {
                p.info = None;
                true
            }
            _ => false,
        };
        if countdown || faded { Vec::new() } else { shell.unchanged() }
    }
}
