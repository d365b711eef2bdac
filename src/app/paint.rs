//! What drawing reads of the app, borrowed for one frame and never copied: the drawing
//! context of the profile shown (`App::paint`, a [`Paint`]) and what its screen may read
//! beyond its own state (`App::around`, an [`Around`]).

use crate::app::screens::{Around, EveryRadar};
use crate::app::{App, Profiles};
use crate::config::theme::Theme;
use crate::paint::Paint;
use crate::radar::Item;

impl EveryRadar for Profiles {
    fn radar_item(&self, profile: usize, n: usize) -> Option<&Item> {
        self.list.get(profile)?.screens.radar.items.get(n)
    }

    fn profile_count(&self) -> usize {
        self.list.len()
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
