//! What drawing reads of the app, borrowed for one frame and never copied: the drawing
//! context of the profile shown (`App::paint`, a [`Paint`]) and what a screen may read
//! beyond its own state (`App::around`, an [`Around`]: the other screens, the request
//! log, the other profiles' radar items for the Overview).

use crate::app::log::RequestLog;
use crate::app::screens::Screens;
use crate::app::{App, Profiles};
use crate::config::theme::Theme;
use crate::paint::Paint;
use crate::radar::Item;

/// What a screen's drawing may read besides its own state and the [`Paint`].
pub struct Around<'a> {
    /// The profile's screens, the one drawn among them (read only).
    pub screens: &'a Screens,
    /// The request log of the run.
    pub log: &'a RequestLog,
    profiles: &'a Profiles,
}

impl Around<'_> {
    /// Item `n` of profile `profile`'s radar, as the Overview's rows name it.
    pub fn radar_item(&self, profile: usize, n: usize) -> Option<&Item> {
        self.profiles.list.get(profile)?.screens.radar.items.get(n)
    }

    pub fn profile_count(&self) -> usize {
        self.profiles.list.len()
    }
}

impl App {
    /// The drawing context of the profile shown, with `theme`.
    pub fn paint<'a>(&'a self, theme: &'a Theme) -> Paint<'a> {
        let profile = self.profile();
        Paint {
            language: profile.language,
            today: self.shell.today,
            theme,
            keymap: &self.shell.keymap,
            context: profile.screen.context(),
            busy: self.is_busy_on(profile.screen),
            not_offered: &profile.not_offered,
            spinner: self.shell.spinner,
        }
    }

    /// What the screen shown may read besides its own state.
    pub fn around(&self) -> Around<'_> {
        Around { screens: &self.profile().screens, log: &self.shell.log, profiles: &self.profiles }
    }
}
