//! Signing in and out of the active profile: the login form's keys, the ways of signing
//! in without asking (a remembered session, a complete form, the password command), their
//! answers, logging out, and the language switch.

use crossterm::event::KeyEvent;

use super::screens::account::SignedIn;
use super::{
    App, Call, Command, Field, FormEvent, Local, LoginStep, Outcome, Profile, Screen, SessionInfo, Slot, WatchState,
};
use crate::api::models::Account;
use crate::api::{ApiError, SessionState};
use crate::config::keys::Action;
use crate::i18n::Text;

impl App {
    /// Begins signing in to the active profile without asking when it can: a remembered
    /// session first, then a complete form (flags, environment, `--demo`), then the
    /// profile's password command. Otherwise the form waits for the user.
    pub fn start(&mut self) -> Vec<Command> {
        self.profile_mut().started = true;
        match self.profile().login.remembered_settings() {
            Some(settings) => self.send(Slot::Login(LoginStep::Resume), Call::Resume(Box::new(settings))),
            None => self.sign_in_unasked(),
        }
    }

    /// Signs in with what the form holds, or runs the password command first.
    fn sign_in_unasked(&mut self) -> Vec<Command> {
        if self.profile().login.is_complete() {
            return self.submit_login();
        }
        match self.profile().login.password_command() {
            Some(command) => self.send(Slot::Login(LoginStep::Password), Local::PasswordCommand(command)),
            None => Vec::new(),
        }
    }

    pub(super) fn on_login_key(&mut self, key: KeyEvent) -> Vec<Command> {
        if self.is_busy_on(Screen::Login) {
            // While logging in only Esc (cancel) does something.
            return if self.command_key(&key, Action::Back) {
                self.cancel_screen(Screen::Login)
            } else {
                self.unchanged()
            };
        }
        let event = if self.command_key(&key, Action::Open) {
            FormEvent::Submit
        } else if self.command_key(&key, Action::Back) {
            FormEvent::Quit
        } else {
            self.profile_mut().login.on_key(key)
        };
        if self.profile().session.is_none() {
            // Before signing in, the UI speaks the language chosen on the form.
            self.profile_mut().language = self.profile().login.language;
        }
        match event {
            FormEvent::Submit => self.submit_login(),
            FormEvent::Quit if self.profile().session.is_some() => {
                self.profile_mut().screen = Screen::Account;
                Vec::new()
            }
            // Back to the profile this one was opened from, when it is signed in.
            FormEvent::Quit if self.profiles.previous_is_signed_in() => {
                let back = self.profiles.previous.unwrap_or_default();
                self.switch_to(back)
            }
            FormEvent::Quit => self.quit(),
            FormEvent::SwitchProfile(step) => {
                let n = self.profile_count() as isize;
                self.switch_to((self.profiles.active as isize + step).rem_euclid(n) as usize)
            }
            FormEvent::None => Vec::new(),
        }
    }

    fn submit_login(&mut self) -> Vec<Command> {
        let language = self.profile().language;
        match self.profile_mut().login.settings(language) {
            Ok(settings) => {
                self.profile_mut().login.error = None;
                self.send(Slot::Login(LoginStep::SignIn), Call::Login(Box::new(settings)))
            }
            Err(message) => {
                self.profile_mut().login.error = Some(message);
                Vec::new()
            }
        }
    }

    fn on_logged_in(&mut self, result: Result<Box<Account>, ApiError>, state: Option<SessionState>) -> Vec<Command> {
        // What was said before signing in ("logged out of …") is over either way.
        self.profile_mut().info = None;
        match result {
            Ok(account) => {
                self.profile_mut().session = Some(SessionInfo {
                    host: self.profile().login.host.value().trim().to_owned(),
                    role: self.profile().login.role,
                    user: self.profile().login.email.value().trim().to_owned(),
                    state: state.unwrap_or(SessionState::LoggedOut),
                });
                self.profile_mut().language = self.profile().login.language;
                self.profile_mut().login.error = None;
                self.profile_mut().error = None;
                self.profile_mut().screen = Screen::Account;
                // Everything after the login in one concurrent round.
                let mut commands = self.visit(super::screens::radar::Visit::SignedIn.into());
                commands.extend(self.visit(SignedIn(account).into()));
                commands.extend(self.start_screens());
                return commands;
            }
            Err(e) if e.is_auth() => {
                let said = crate::i18n::api_error(&e, self.profile().language);
                self.profile_mut().login.password_refused(said);
                self.profile_mut().screen = Screen::Login;
            }
            Err(e) => {
                self.profile_mut().login.error = Some(crate::i18n::api_error(&e, self.profile().language));
                self.profile_mut().screen = Screen::Login;
            }
        }
        Vec::new()
    }

    /// Ends the active profile's session (and deletes its remembered session), back to its
    /// login form with the password cleared; the watchlist stays.
    pub(super) fn logout(&mut self) -> Vec<Command> {
        let host = self.profile().session.as_ref().map(|s| s.host.clone()).unwrap_or_default();
        let remembered = self.profile().login.remembered_settings().is_some();
        let mut commands: Vec<Command> =
            self.profile_mut().pending.drain(..).map(|(id, _)| Command::Cancel(id)).collect();
        let mut login = self.profile().login.clone();
        login.password = tui_input::Input::default();
        login.focus = Field::Password;
        login.error = None;
        let watch = WatchState {
            list: self.profile().screens.radar.list.clone(),
            save_to: self.profile().screens.radar.save_to.clone(),
            ..WatchState::default()
        };
        let language = self.profile().language;
        *self.profile_mut() = Profile { started: true, ..Profile::fresh(login, watch) };
        self.profile_mut().language = language;
        let text = if remembered { Text::LoggedOutForgotten } else { Text::LoggedOut };
        self.profile_mut().info = Some(text.fill(language, &[("host", &host)]));
        commands.extend(self.send(Slot::Logout, Call::Logout));
        commands
    }

    /// `L`: the UI and the portal's answers in the other language; the current view is
    /// fetched again so its portal text follows.
    pub(super) fn toggle_language(&mut self) -> Vec<Command> {
        self.profile_mut().language = self.profile().language.toggled();
        self.profile_mut().login.language = self.profile().language;
        self.profile_mut().info = Some(Text::LanguageNow.get(self.profile().language).to_owned());
        let mut commands =
            vec![Command::Language { profile: self.profiles.current, language: self.profile().language }];
        if self.profile().session.is_some() {
            commands.extend(self.refresh());
        }
        commands
    }

    /// The answers of the ways of signing in.
    pub(super) fn sign_in_answer(&mut self, outcome: Outcome, state: Option<SessionState>) -> Vec<Command> {
        let language = self.profile().language;
        match outcome {
            Outcome::LoggedIn(result) => return self.on_logged_in(result, state),
            Outcome::Resumed(Ok(Some(account))) => return self.on_logged_in(Ok(account), state),
            Outcome::Resumed(Ok(None)) => return self.sign_in_unasked(),
            Outcome::Resumed(Err(reason)) => {
                let commands = self.sign_in_unasked();
                if self.profile().login.error.is_none() {
                    self.profile_mut().login.error = Some(Text::SessionEnded.fill(language, &[("reason", &reason)]));
                }
                self.profile_mut().screen = Screen::Login;
                return commands;
            }
            Outcome::Password(Ok(password)) => {
                self.profile_mut().login.password =
                    tui_input::Input::new(secrecy::ExposeSecret::expose_secret(&password).to_owned());
                return self.submit_login();
            }
            Outcome::Password(Err(message)) => {
                self.profile_mut().login.error = Some(message);
                self.profile_mut().login.focus = Field::Password;
            }
            other => tracing::debug!(?other, "an answer that is not a sign-in's"),
        }
        Vec::new()
    }
}
