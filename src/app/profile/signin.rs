//! Signing in and out of a profile: the login form's keys, the ways of signing in without
//! asking (a remembered session, a complete form, the password command), their answers,
//! logging out, and the language switch. Each is a method of the `Profile` signing in,
//! handed the `Shell`.

use crossterm::event::KeyEvent;

use crate::api::{ApiError, SessionState};
use crate::app::{
    Call, Command, Field, FormEvent, Local, LoginStep, Outcome, Profile, Screen, SessionInfo, Shell, Slot, WatchState,
};
use crate::config::keys::Action;
use crate::i18n::Text;

/// What a key on the login form came to: done within the profile, or the form asks to
/// leave it (Esc back to the profile it was opened from, or quitting; another profile).
pub(in crate::app) enum LoginKey {
    /// Taken by the form or the sign-in: these are what it asks for.
    Done(Vec<Command>),
    /// Esc with no session here: back to the profile it was opened from, else quit.
    Leave,
    /// To the profile this many places on.
    Switch(isize),
}

impl Profile {
    /// Begins signing in without asking when it can: a remembered session first, then a
    /// complete form (flags, environment, `--demo`), then the profile's password command.
    /// Otherwise the form waits for the user.
    pub(in crate::app) fn start(&mut self, shell: &mut Shell) -> Vec<Command> {
        self.started = true;
        match self.login.remembered_settings() {
            Some(settings) => self.send(shell, Slot::Login(LoginStep::Resume), Call::Resume(Box::new(settings))),
            None => self.sign_in_unasked(shell),
        }
    }

    /// Signs in with what the form holds, or runs the password command first.
    fn sign_in_unasked(&mut self, shell: &mut Shell) -> Vec<Command> {
        if self.login.is_complete() {
            return self.submit_login(shell);
        }
        match self.login.password_command() {
            Some(command) => self.send(shell, Slot::Login(LoginStep::Password), Local::PasswordCommand(command)),
            None => Vec::new(),
        }
    }

    /// A key on this profile's login form: typed into it, submitting it, cancelling a
    /// sign-in under way; what leaves the profile is the app's (see `LoginKey`).
    pub(in crate::app) fn on_login_key(&mut self, shell: &mut Shell, key: KeyEvent) -> LoginKey {
        if self.pending.waits_on(Screen::Login) {
            // While signing in nothing is typed: Esc cancels it and the quit key quits.
            let quit =
                shell.keymap.action(crate::config::keys::Context::Global, crate::config::keys::Key::from_event(&key));
            return LoginKey::Done(if shell.command_key(&key, Action::Back) {
                self.cancel_lookups(Screen::Login)
            } else if quit == Some(Action::Quit) {
                vec![Command::Quit]
            } else {
                shell.unchanged()
            });
        }
        let event = if shell.command_key(&key, Action::Open) {
            FormEvent::Submit
        } else if shell.command_key(&key, Action::Back) {
            FormEvent::Quit
        } else {
            self.login.on_key(key)
        };
        if self.session.is_none() {
            // Before signing in, the UI speaks the language chosen on the form.
            self.language = self.login.language;
        }
        LoginKey::Done(match event {
            FormEvent::Submit => self.submit_login(shell),
            FormEvent::Quit if self.session.is_some() => {
                self.screen = Screen::HOME;
                Vec::new()
            }
            FormEvent::Quit => return LoginKey::Leave,
            FormEvent::SwitchProfile(step) => return LoginKey::Switch(step),
            FormEvent::SaveProfile => self.ask_profile_name(shell),
            FormEvent::None => Vec::new(),
        })
    }

    fn submit_login(&mut self, shell: &mut Shell) -> Vec<Command> {
        let language = self.language;
        match self.login.settings(language) {
            Ok(settings) => {
                self.login.error = None;
                self.send(shell, Slot::Login(LoginStep::SignIn), Call::Login(Box::new(settings)))
            }
            Err(message) => {
                self.login.error = Some(message);
                Vec::new()
            }
        }
    }

    fn on_logged_in(
        &mut self,
        shell: &mut Shell,
        result: Result<crate::command::Details, ApiError>,
        state: Option<SessionState>,
    ) -> Vec<Command> {
        // What was said before signing in ("logged out of …") is over either way; what the
        // run has to say once is said now.
        self.info = shell.notice.take();
        match result {
            Ok(account) => {
                self.session = Some(SessionInfo {
                    host: self.login.portal_shown(),
                    role: self.login.role,
                    user: self.login.email.value().trim().to_owned(),
                    state: state.unwrap_or(SessionState::LoggedOut),
                });
                self.language = self.login.language;
                self.login.error = None;
                self.error = None;
                self.screen = Screen::HOME;
                // Everything after the login in one concurrent round.
                let mut commands = self.visit(shell, crate::app::screens::radar::Visit::SignedIn.into());
                for &screen in Screen::TABS {
                    commands.extend(self.on_screen(shell, screen, |view, cx| view.signed_in(&account, cx)));
                }
                commands.extend(self.start_screens(shell));
                return commands;
            }
            Err(e) => self.sign_in_failed(&e),
        }
        Vec::new()
    }

    /// A sign-in that failed, said on the login form.
    fn sign_in_failed(&mut self, e: &ApiError) {
        self.screen = Screen::Login;
        // An answer that is no refusal of the e-mail and password names the address asked
        // (a base URL that does not lead to the portal), and the password stays.
        if let Some(base) = self.login.asked_at(e) {
            self.login.error = Some(crate::i18n::sign_in_error(e, &base, self.language));
        } else if e.is_auth() {
            self.login.password_refused(crate::i18n::api_error(e, self.language));
        } else {
            self.login.error = Some(crate::i18n::api_error(e, self.language));
        }
    }

    /// Ends this profile's session (and deletes its remembered session), back to its
    /// login form with the password cleared; the watchlist stays.
    pub(in crate::app) fn logout(&mut self, shell: &mut Shell) -> Vec<Command> {
        let host = self.session.as_ref().map(|s| s.host.clone()).unwrap_or_default();
        let remembered = self.login.remembered_settings().is_some();
        let mut commands: Vec<Command> = self.pending.cancel_all();
        let mut login = self.login.clone();
        login.password = tui_input::Input::default();
        login.focus = Field::Password;
        login.error = None;
        let watch = WatchState {
            list: self.screens.radar.list.clone(),
            save_to: self.screens.radar.save_to.clone(),
            ..WatchState::default()
        };
        let language = self.language;
        *self = Profile { started: true, ..Profile::fresh(self.id, login, watch) };
        self.language = language;
        let text = if remembered { Text::LoggedOutForgotten } else { Text::LoggedOut };
        self.say_done(text.fill(language, &[("host", &host)]));
        commands.extend(self.send(shell, Slot::Logout, Call::Logout));
        commands
    }

    /// `L`: the UI and the portal's answers in the other language; the current view is
    /// fetched again so its portal text follows.
    pub(in crate::app) fn toggle_language(&mut self, shell: &mut Shell) -> Vec<Command> {
        self.language = self.language.toggled();
        self.login.language = self.language;
        self.info = Some(Text::LanguageNow.get(self.language).to_owned());
        let mut commands = vec![Command::Language { profile: self.id, language: self.language }];
        if self.session.is_some() {
            commands.extend(self.refresh(shell));
        }
        commands
    }

    /// The answers of the ways of signing in.
    pub(in crate::app) fn sign_in_answer(
        &mut self,
        shell: &mut Shell,
        outcome: Outcome,
        state: Option<SessionState>,
    ) -> Vec<Command> {
        let language = self.language;
        match outcome {
            Outcome::LoggedIn(result, rate) => {
                let commands = self.on_logged_in(shell, result, state);
                if let Some(rate) = rate {
                    let words = crate::i18n::sign_ins_left(&rate, language);
                    let profile = self;
                    profile.info = Some(match profile.info.take() {
                        Some(first) => format!("{first} — {words}"),
                        None => words,
                    });
                }
                return commands;
            }
            Outcome::Resumed(Ok(Some(account))) => return self.on_logged_in(shell, Ok(account), state),
            Outcome::Resumed(Ok(None)) => return self.sign_in_unasked(shell),
            Outcome::Resumed(Err(reason)) => {
                let commands = self.sign_in_unasked(shell);
                if self.login.error.is_none() {
                    self.login.error = Some(Text::SessionEnded.fill(language, &[("reason", &reason)]));
                }
                self.screen = Screen::Login;
                return commands;
            }
            Outcome::Password(Ok(password)) => {
                self.login.password = tui_input::Input::new(secrecy::ExposeSecret::expose_secret(&password).to_owned());
                return self.submit_login(shell);
            }
            Outcome::Password(Err(message)) => {
                self.login.error = Some(message);
                self.login.focus = Field::Password;
            }
            other => tracing::debug!(?other, "an answer that is not a sign-in's"),
        }
        Vec::new()
    }

    /// Ctrl-S on the login form: what it holds is saved as a profile, asked for its name and
    /// a password command (the password itself is never written). Not in the demo, whose
    /// profiles live in memory only.
    fn ask_profile_name(&mut self, shell: &mut Shell) -> Vec<Command> {
        let language = self.language;
        if shell.config_path.is_none() {
            self.login.error = Some(Text::ProfileNotSavedHere.get(language).to_owned());
            return Vec::new();
        }
        match self.login.to_save(language) {
            Ok(profile) => {
                let name = self.login.name_to_save();
                shell.profile_to_save = Some((String::new(), profile));
                shell.prompt = Some(crate::app::Prompt::new(crate::app::PromptKind::ProfileName, &name));
            }
            Err(message) => self.login.error = Some(message),
        }
        Vec::new()
    }

    /// The name typed (then the password command) for the profile being saved; a name the
    /// configuration cannot take is said under the prompt, which stays.
    pub(in crate::app) fn profile_prompt(&mut self, shell: &mut Shell, text: &str) -> Vec<Command> {
        let language = self.language;
        let (Some(prompt), Some(path), Some((name, profile))) =
            (shell.prompt.take(), shell.config_path.clone(), shell.profile_to_save.take())
        else {
            return Vec::new();
        };
        match prompt.kind {
            crate::app::PromptKind::ProfileName if !crate::config::save_profile::valid_name(text) => {
                let error = Text::ProfileNameBad.fill(language, &[("name", &text.trim())]);
                shell.profile_to_save = Some((name, profile));
                shell.prompt = Some(crate::app::Prompt { error: Some(error), ..prompt });
                Vec::new()
            }
            crate::app::PromptKind::ProfileName => {
                let command = profile.password_command.clone().unwrap_or_default();
                shell.profile_to_save = Some((text.trim().to_owned(), profile));
                shell.prompt = Some(crate::app::Prompt::new(crate::app::PromptKind::PasswordCommand, &command));
                Vec::new()
            }
            _ => {
                let command = Some(text.trim().to_owned()).filter(|c| !c.is_empty());
                let profile = crate::config::save_profile::SavedProfile { password_command: command, ..profile };
                self.send(shell, Slot::SaveProfile(name.clone()), Local::SaveProfile { path, name, profile })
            }
        }
    }
}
