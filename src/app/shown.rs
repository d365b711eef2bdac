//! The profile shown: the app's way to it (`profile`, `profile_mut`, `shown`), the list as
//! the switcher shows it, and switching, which signs a profile in the first time it is
//! shown.

use super::{App, Command, Field, LoginForm, ProfileId, Screen, Shell, WatchState};
use super::{Profile, ProfileRow, Profiles};
use crate::i18n::Text;

/// The profiles as the app holds them: the one shown, the list, switching.
impl App {
    /// The profile shown.
    pub fn profile(&self) -> &Profile {
        &self.profiles.list[self.profiles.active]
    }

    pub fn profile_mut(&mut self) -> &mut Profile {
        &mut self.profiles.list[self.profiles.active]
    }

    /// The profile shown and the shell, to hand the one to the other's methods:
    /// `let (p, shell) = self.shown(); p.refresh(shell)`.
    pub(super) fn shown(&mut self) -> (&mut Profile, &mut Shell) {
        (&mut self.profiles.list[self.profiles.active], &mut self.shell)
    }

    pub fn profile_name(&self) -> &str {
        &self.profile().name
    }

    pub fn profile_count(&self) -> usize {
        self.profiles.list.len()
    }

    /// Every profile as the switcher lists it.
    pub fn profile_rows(&self) -> Vec<ProfileRow> {
        self.profiles.rows()
    }

    /// Whether any profile is waiting for an answer (the one shown or one in the
    /// background).
    pub fn is_waiting(&self) -> bool {
        self.profiles.waiting()
    }

    /// The profiles in configuration order, `active` shown.
    pub fn with_profiles(mut self, profiles: Vec<(LoginForm, WatchState)>, active: ProfileId) -> App {
        self.profiles.set(profiles, active);
        self
    }

    /// Switches to profile `to` (see `Profiles::switch_to`).
    pub(super) fn switch_to(&mut self, to: ProfileId) -> Vec<Command> {
        self.profiles.switch_to(&mut self.shell, to)
    }
}

impl Profiles {
    /// Shows profile `to`: its screen and data as they were left; a profile used for the
    /// first time signs in (remembered session, password command or the form).
    pub(super) fn switch_to(&mut self, shell: &mut Shell, to: ProfileId) -> Vec<Command> {
        shell.popup = None;
        shell.prompt = None;
        if to == self.active || to >= self.list.len() {
            return Vec::new();
        }
        self.previous = Some(self.active);
        let p = &self.list[self.active];
        let focus_profile = p.screen == Screen::Login && p.login.focus == Field::Profile;
        self.show(to);
        let p = &mut self.list[self.active];
        if p.resettle() {
            shell.confirmation_opened = true;
        }
        if focus_profile && p.screen == Screen::Login {
            p.login.focus = Field::Profile;
        }
        if let Some(s) = &p.session {
            let role = crate::i18n::role(s.role, p.language);
            let said = Text::SwitchedTo.fill(p.language, &[("name", &p.name), ("host", &s.host), ("role", &role)]);
            p.info = Some(said);
        }
        if p.started { Vec::new() } else { p.start(shell) }
    }
}
