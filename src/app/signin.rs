//! Signing in and out of the active profile: the login form's keys, the ways of signing
//! in without asking (a remembered session, a complete form, the password command), their
//! answers, logging out, and the language switch.

use crossterm::event::KeyEvent;

use super::screens::account::SignedIn;
use super::{
    App, Call, Command, Field, FormEvent, Local, LoginStep, Outcome, Profile, Screen, SessionInfo, Slot, WatchState,
    drive,
};
use crate::api::models::Account;
use crate::api::{ApiError, SessionState};
use crate::config::keys::Action;
use crate::i18n::Text;

/// Begins signing in to the active profile without asking when it can: a remembered
/// session first, then a complete form (flags, environment, `--demo`), then the
/// profile's password command. Otherwise the form waits for the user.
pub(super) fn start(app: &mut App) -> Vec<Command> {
    app.profile_mut().started = true;
    match app.profile().login.remembered_settings() {
        Some(settings) => app.send(Slot::Login(LoginStep::Resume), Call::Resume(Box::new(settings))),
        None => sign_in_unasked(app),
    }
}

/// Signs in with what the form holds, or runs the password command first.
fn sign_in_unasked(app: &mut App) -> Vec<Command> {
    if app.profile().login.is_complete() {
        return submit_login(app);
    }
    match app.profile().login.password_command() {
        Some(command) => app.send(Slot::Login(LoginStep::Password), Local::PasswordCommand(command)),
        None => Vec::new(),
    }
}

pub(super) fn on_login_key(app: &mut App, key: KeyEvent) -> Vec<Command> {
    if app.is_busy_on(Screen::Login) {
        // While signing in nothing is typed: Esc cancels it and the quit key quits.
        let quit =
            app.shell.keymap.action(crate::config::keys::Context::Global, crate::config::keys::Key::from_event(&key));
        return if app.shell.command_key(&key, Action::Back) {
            app.profile_mut().cancel_lookups(Screen::Login)
        } else if quit == Some(Action::Quit) {
            app.quit()
        } else {
            app.shell.unchanged()
        };
    }
    let event = if app.shell.command_key(&key, Action::Open) {
        FormEvent::Submit
    } else if app.shell.command_key(&key, Action::Back) {
        FormEvent::Quit
    } else {
        app.profile_mut().login.on_key(key)
    };
    if app.profile().session.is_none() {
        // Before signing in, the UI speaks the language chosen on the form.
        app.profile_mut().language = app.profile().login.language;
    }
    match event {
        FormEvent::Submit => submit_login(app),
        FormEvent::Quit if app.profile().session.is_some() => {
            app.profile_mut().screen = Screen::HOME;
            Vec::new()
        }
        // Back to the profile this one was opened from, when it is signed in.
        FormEvent::Quit if app.profiles.previous_is_signed_in() => {
            let back = app.profiles.previous.unwrap_or_default();
            app.switch_to(back)
        }
        FormEvent::Quit => app.quit(),
        FormEvent::SwitchProfile(step) => {
            let n = app.profile_count() as isize;
            app.switch_to((app.profiles.active as isize + step).rem_euclid(n) as usize)
        }
        FormEvent::SaveProfile => ask_profile_name(app),
        FormEvent::None => Vec::new(),
    }
}

fn submit_login(app: &mut App) -> Vec<Command> {
    let language = app.profile().language;
    match app.profile_mut().login.settings(language) {
        Ok(settings) => {
            app.profile_mut().login.error = None;
            app.send(Slot::Login(LoginStep::SignIn), Call::Login(Box::new(settings)))
        }
        Err(message) => {
            app.profile_mut().login.error = Some(message);
            Vec::new()
        }
    }
}

fn on_logged_in(app: &mut App, result: Result<Box<Account>, ApiError>, state: Option<SessionState>) -> Vec<Command> {
    // What was said before signing in ("logged out of …") is over either way; what the
    // run has to say once is said now.
    app.profile_mut().info = app.shell.notice.take();
    match result {
        Ok(account) => {
            app.profile_mut().session = Some(SessionInfo {
                host: app.profile().login.portal_shown(),
                role: app.profile().login.role,
                user: app.profile().login.email.value().trim().to_owned(),
                state: state.unwrap_or(SessionState::LoggedOut),
            });
            app.profile_mut().language = app.profile().login.language;
            app.profile_mut().login.error = None;
            app.profile_mut().error = None;
            app.profile_mut().screen = Screen::HOME;
            // Everything after the login in one concurrent round.
            let mut commands = drive::visit(app, super::screens::radar::Visit::SignedIn.into());
            commands.extend(drive::visit(app, SignedIn(account).into()));
            commands.extend(drive::start_screens(app));
            return commands;
        }
        Err(e) if e.is_auth() => {
            let said = crate::i18n::api_error(&e, app.profile().language);
            app.profile_mut().login.password_refused(said);
            app.profile_mut().screen = Screen::Login;
        }
        Err(e) => {
            app.profile_mut().login.error = Some(crate::i18n::api_error(&e, app.profile().language));
            app.profile_mut().screen = Screen::Login;
        }
    }
    Vec::new()
}

/// Ends the active profile's session (and deletes its remembered session), back to its
/// login form with the password cleared; the watchlist stays.
pub(super) fn logout(app: &mut App) -> Vec<Command> {
    let host = app.profile().session.as_ref().map(|s| s.host.clone()).unwrap_or_default();
    let remembered = app.profile().login.remembered_settings().is_some();
    let mut commands: Vec<Command> = app.profile_mut().pending.cancel_all();
    let mut login = app.profile().login.clone();
    login.password = tui_input::Input::default();
    login.focus = Field::Password;
    login.error = None;
    let watch = WatchState {
        list: app.profile().screens.radar.list.clone(),
        save_to: app.profile().screens.radar.save_to.clone(),
        ..WatchState::default()
    };
    let language = app.profile().language;
    *app.profile_mut() = Profile { started: true, ..Profile::fresh(login, watch) };
    app.profile_mut().language = language;
    let text = if remembered { Text::LoggedOutForgotten } else { Text::LoggedOut };
    app.profile_mut().say_done(text.fill(language, &[("host", &host)]));
    commands.extend(app.send(Slot::Logout, Call::Logout));
    commands
}

/// `L`: the UI and the portal's answers in the other language; the current view is
/// fetched again so its portal text follows.
pub(super) fn toggle_language(app: &mut App) -> Vec<Command> {
    app.profile_mut().language = app.profile().language.toggled();
    app.profile_mut().login.language = app.profile().language;
    app.profile_mut().info = Some(Text::LanguageNow.get(app.profile().language).to_owned());
    let mut commands = vec![Command::Language { profile: app.profiles.current, language: app.profile().language }];
    if app.profile().session.is_some() {
        commands.extend(app.refresh());
    }
    commands
}

/// The answers of the ways of signing in.
pub(super) fn sign_in_answer(app: &mut App, outcome: Outcome, state: Option<SessionState>) -> Vec<Command> {
    let language = app.profile().language;
    match outcome {
        Outcome::LoggedIn(result, rate) => {
            let commands = on_logged_in(app, result, state);
            if let Some(rate) = rate {
                let words = crate::i18n::sign_ins_left(&rate, language);
                let profile = app.profile_mut();
                profile.info = Some(match profile.info.take() {
                    Some(first) => format!("{first} — {words}"),
                    None => words,
                });
            }
            return commands;
        }
        Outcome::Resumed(Ok(Some(account))) => return on_logged_in(app, Ok(account), state),
        Outcome::Resumed(Ok(None)) => return sign_in_unasked(app),
        Outcome::Resumed(Err(reason)) => {
            let commands = sign_in_unasked(app);
            if app.profile().login.error.is_none() {
                app.profile_mut().login.error = Some(Text::SessionEnded.fill(language, &[("reason", &reason)]));
            }
            app.profile_mut().screen = Screen::Login;
            return commands;
        }
        Outcome::Password(Ok(password)) => {
            app.profile_mut().login.password =
                tui_input::Input::new(secrecy::ExposeSecret::expose_secret(&password).to_owned());
            return submit_login(app);
        }
        Outcome::Password(Err(message)) => {
            app.profile_mut().login.error = Some(message);
            app.profile_mut().login.focus = Field::Password;
        }
        other => tracing::debug!(?other, "an answer that is not a sign-in's"),
    }
    Vec::new()
}

/// Ctrl-S on the login form: what it holds is saved as a profile, asked for its name and
/// a password command (the password itself is never written). Not in the demo, whose
/// profiles live in memory only.
fn ask_profile_name(app: &mut App) -> Vec<Command> {
    let language = app.profile().language;
    if app.shell.config_path.is_none() {
        app.profile_mut().login.error = Some(Text::ProfileNotSavedHere.get(language).to_owned());
        return Vec::new();
    }
    match app.profile_mut().login.to_save(language) {
        Ok(profile) => {
            let name = app.profile().login.name_to_save();
            app.shell.profile_to_save = Some((String::new(), profile));
            app.shell.prompt = Some(super::Prompt::new(super::PromptKind::ProfileName, &name));
        }
        Err(message) => app.profile_mut().login.error = Some(message),
    }
    Vec::new()
}

/// The name typed (then the password command) for the profile being saved; a name the
/// configuration cannot take is said under the prompt, which stays.
pub(super) fn profile_prompt(app: &mut App, text: &str) -> Vec<Command> {
    let language = app.profile().language;
    let (Some(prompt), Some(path), Some((name, profile))) =
        (app.shell.prompt.take(), app.shell.config_path.clone(), app.shell.profile_to_save.take())
    else {
        return Vec::new();
    };
    match prompt.kind {
        super::PromptKind::ProfileName if !crate::config::save_profile::valid_name(text) => {
            let error = Text::ProfileNameBad.fill(language, &[("name", &text.trim())]);
            app.shell.profile_to_save = Some((name, profile));
            app.shell.prompt = Some(super::Prompt { error: Some(error), ..prompt });
            Vec::new()
        }
        super::PromptKind::ProfileName => {
            let command = profile.password_command.clone().unwrap_or_default();
            app.shell.profile_to_save = Some((text.trim().to_owned(), profile));
            app.shell.prompt = Some(super::Prompt::new(super::PromptKind::PasswordCommand, &command));
            Vec::new()
        }
        _ => {
            let command = Some(text.trim().to_owned()).filter(|c| !c.is_empty());
            let profile = crate::config::save_profile::SavedProfile { password_command: command, ..profile };
            app.send(Slot::SaveProfile(name.clone()), Local::SaveProfile { path, name, profile })
        }
    }
}
