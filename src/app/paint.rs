//! What drawing reads of the app, borrowed for one frame: [`FrameView`], built by
//! `App::frame_view`, holds what the frame around the screen says (top row, hints, status
//! line, popups, prompt, login form, dialogs) and what the screen shown is drawn from (its
//! state, [`Around`], and the makings of its [`Paint`]). Lists are borrowed, not copied;
//! what is worked out (the status line's message, help's rows) only where it is shown.

use std::collections::HashSet;
use std::time::{Duration, SystemTime};

use crate::api::Operation;
use crate::app::screens::{AnyView, Around, EveryRadar};
use crate::app::top_row::TopRow;
use crate::app::{
    App, Confirmation, LoginForm, Popup, Profile, ProfileRow, Profiles, Prompt, Said, Screen, Scroll, SessionInfo,
    Shell,
};
use crate::config::keys::{Action, Keymap};
use crate::config::theme::Theme;
use crate::i18n::Language;
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

/// What the frame draws, for the profile shown.
pub struct FrameView<'a> {
    pub language: Language,
    pub today: time::Date,
    pub keymap: &'a Keymap,
    pub spinner: usize,
    /// The screen shown, and its state (none for the login form).
    pub screen: Screen,
    pub shown: Option<&'a dyn AnyView>,
    pub around: Around<'a>,
    /// Whether a lookup of the screen shown is in flight.
    pub busy_here: bool,
    /// Whether any request of the profile is in flight.
    pub busy: bool,
    pub not_offered: &'a HashSet<Operation>,
    pub status_rows: u16,
    /// Whether the screen's figures are being read again after a change.
    pub reading_again: bool,
    pub prompt: Option<&'a Prompt>,
    pub dialog_open: bool,
    pub popup: Option<Popup>,
    /// The last message, whole: only while the popup that shows it is up.
    pub last_message: Option<(String, Said)>,
    pub status_message: Option<(String, Said)>,
    pub session: Option<&'a SessionInfo>,
    pub status_user: Option<String>,
    pub stale_age: Option<Duration>,
    pub profile_count: usize,
    pub profile_name: &'a str,
    pub login: &'a LoginForm,
    pub resuming: bool,
    pub login_activity: Option<String>,
    pub login_escape_goes_back: bool,
    /// The key that opens the profile switcher from the login form, where there is one.
    pub login_switcher: Option<String>,
    /// Help's rows, while help is up.
    pub help_rows: Vec<(String, String)>,
    pub help_scroll: &'a Scroll,
    /// The switcher's rows, while it is up, and its cursor.
    pub switcher_rows: Vec<ProfileRow>,
    pub switcher: usize,
    pub confirmation: Option<&'a Confirmation>,
    profile: &'a Profile,
    shell: &'a Shell,
}

impl<'a> FrameView<'a> {
    /// The screen's drawing context with `theme`.
    pub fn paint(&self, theme: &'a Theme) -> Paint<'a> {
        Paint {
            language: self.language,
            today: self.today,
            theme,
            keymap: self.keymap,
            context: self.screen.context(),
            busy: self.busy_here,
            not_offered: self.not_offered,
            times: self.shell.times,
        }
    }

    /// The first key of `action` on the screen shown.
    pub fn key(&self, action: Action) -> String {
        self.keymap.label(self.screen.context(), action)
    }

    /// The actions the hint row offers: asked once the screen is drawn, as what its
    /// drawing found in view (a domain's DNS record, say) decides some.
    pub fn hinted(&self) -> Vec<Action> {
        self.profile.hints(self.shell, self.profile_count)
    }

    /// What the top row holds at `width` (see `TopRow::of`).
    pub fn top_row(&self, width: u16) -> TopRow {
        TopRow::of(self.profile, self.profile_count, width)
    }
}

impl App {
    /// What the frame draws now.
    pub fn frame_view(&self) -> FrameView<'_> {
        let profile = self.profile();
        let screen = profile.screen;
        let dialog_open = self.dialog_open();
        let popup = self.shell.popup;
        FrameView {
            language: profile.language,
            today: self.shell.today,
            keymap: &self.shell.keymap,
            spinner: self.shell.spinner,
            screen,
            shown: profile.screens.view(screen),
            around: Around { screens: &profile.screens, log: &self.shell.log, profiles: &self.profiles },
            busy_here: self.is_busy_on(screen),
            busy: self.is_busy(),
            not_offered: &profile.not_offered,
            status_rows: self.status_rows(),
            reading_again: profile.reading_again(screen),
            prompt: self.shell.prompt.as_ref(),
            dialog_open,
            popup,
            last_message: if popup == Some(Popup::Error) { self.last_message() } else { None },
            status_message: self.status_message(),
            session: profile.session.as_ref(),
            status_user: self.status_user(),
            stale_age: self.stale_age(SystemTime::now()),
            profile_count: self.profile_count(),
            profile_name: self.profile_name(),
            login: &profile.login,
            resuming: self.resuming(),
            login_activity: if screen == Screen::Login { self.login_activity() } else { None },
            login_escape_goes_back: self.login_escape_goes_back(),
            login_switcher: self.login_switcher_key(),
            help_rows: if popup == Some(Popup::Help) { self.help_rows() } else { Vec::new() },
            help_scroll: &self.shell.help_scroll,
            switcher_rows: if popup == Some(Popup::Profiles) { self.profile_rows() } else { Vec::new() },
            switcher: self.shell.switcher,
            confirmation: profile.confirmation.as_deref(),
            profile,
            shell: &self.shell,
        }
    }
}
