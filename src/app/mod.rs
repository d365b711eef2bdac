//! All UI state, and `update`: every key, worker answer and tick goes through
//! [`App::update`], which changes state and returns the [`Command`]s to carry out. No I/O,
//! no terminal: tests drive it directly.

mod browse;
mod confirmation;
mod every_profile;
mod every_profile_acting;
mod every_profile_plan;
mod listing;
mod log;
mod login;
mod marks;
mod paint;
mod popups;
mod profile;
mod prompt;
mod requests;
pub mod screens;
mod scroll;
mod search_text;
mod shell;
mod shown;
mod status_line;
pub mod top_row;
mod typing;

use std::path::PathBuf;
use std::time::SystemTime;

use crossterm::event::KeyEvent;

pub use crate::command::{Call, ChangeLog, Changed, Command, Copied, Local, Outcome, RequestId, Response};
pub use browse::{ListView, Listed, Made, MadeEntry};
pub use confirmation::{Confirmation, Promise};
pub use listing::GroupedList;
pub use log::{KEPT as LOG_KEPT, LogEntry, RequestLog, Said};
pub use login::{DemoLogins, Field, FormEvent, LoginForm};
pub use paint::FrameView;
pub use profile::{INFO_FADES, Profile, ProfileId, ProfileRow, Profiles, Standing};
pub use prompt::{Prompt, PromptKind};
use requests::{LoginStep, Slot, fetch};
pub use screens::Screens;
pub use screens::radar::{WatchItem, WatchState};
pub use scroll::Scroll;
pub use shell::Shell;
pub use status_line::split_at_width;

use crate::api::{Role, SessionState};
pub use crate::config::keys::Screen;
use crate::config::keys::{Action, Context, Key};
use crate::i18n::Text;

#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    Response(Box<Response>),
    /// Spinner frame; only sent while something is in flight.
    Tick,
    /// The terminal's size in columns and rows.
    Resize(u16, u16),
    /// Only with `--mouse`.
    Mouse(crossterm::event::MouseEvent),
    /// Text pasted (bracketed paste): for the focused text field only, never keys.
    Paste(String),
    /// A moment passed since a confirmation opened, the keys that were waiting then dropped:
    /// it takes keys from now on.
    Settled,
    /// The time now, when something on screen counts it ([`App::clock`] says when): the
    /// session's countdown moves on, an old message fades.
    Clock(SystemTime),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    Help,
    Error,
    /// The profile switcher.
    Profiles,
}

/// Who is logged in where, for the header and the status bar.
#[derive(Clone, Debug)]
pub struct SessionInfo {
    pub host: String,
    pub role: Role,
    pub user: String,
    pub state: SessionState,
}

/// The dashboard's state: the terminal's share (`Shell`) and every profile's.
pub struct App {
    /// What belongs to the terminal: keymap, size, log, prompt, popups, request ids.
    pub shell: Shell,
    /// Every profile's state, and which one is shown.
    pub profiles: Profiles,
}

/// Rows of chrome around a screen's body: tabs, key hints, status bar.
pub const CHROME_ROWS: u16 = 3;

impl App {
    /// One unnamed-or-named profile, signed out, with this login form.
    pub fn new(login: LoginForm, today: time::Date) -> App {
        App { shell: Shell::new(today), profiles: Profiles::one(Profile::fresh(0, login, WatchState::default())) }
    }

    /// Sets the profile's watchlist, and where changes to it are saved.
    pub fn with_watchlist(mut self, list: crate::radar::Watchlist, save_to: Option<(PathBuf, String)>) -> App {
        self.profile_mut().screens.radar = WatchState { list, save_to, ..WatchState::default() };
        self
    }

    /// Whether a screen shows fetched data (which a failed refresh leaves in place).
    pub fn has_data(&self, screen: Screen) -> bool {
        self.profile().has_data(&self.shell, screen)
    }

    /// How old the current screen's data is, when its last refresh failed.
    pub fn stale_age(&self, now: SystemTime) -> Option<std::time::Duration> {
        if !self.profile().stale.contains(&self.profile().screen) {
            return None;
        }
        self.profile().fetched_at.get(&self.profile().screen).map(|at| now.duration_since(*at).unwrap_or_default())
    }

    /// Whether Esc on the login form goes back (to this profile's screens or to the signed-in
    /// profile it was opened from) rather than quitting.
    pub fn login_escape_goes_back(&self) -> bool {
        self.profile().session.is_some() || self.profiles.previous_is_signed_in()
    }

    /// The key that opens the profile switcher from the login form, where there is another
    /// profile to switch to and a key for it that types nothing.
    pub fn login_switcher_key(&self) -> Option<String> {
        (self.profile_count() > 1).then(|| self.shell.keymap.label_not_typed(Context::Global, Action::Profiles))?
    }

    /// Whether a remembered session is being taken up: the form is not shown meanwhile (it
    /// is wanted only if the session no longer works).
    pub fn resuming(&self) -> bool {
        self.profile().pending.login_step() == Some(LoginStep::Resume)
    }

    /// What the login form is waiting for, if anything.
    pub fn login_activity(&self) -> Option<String> {
        let text = match self.profile().pending.login_step()? {
            LoginStep::Resume => Text::ResumingSession,
            LoginStep::Password => Text::RunningPasswordCommand,
            LoginStep::SignIn => Text::SigningIn,
        };
        Some(text.fill(self.profile().language, &[("key", &self.shell.keymap.label(Context::Global, Action::Back))]))
    }

    /// The actions the hint line offers now: what works on this screen in its present state
    /// (nothing to open on an empty list, no filter in a detail).
    pub fn hinted_actions(&self) -> Vec<Action> {
        self.profile().hints(&self.shell, self.profile_count())
    }

    /// What the top row holds at `width` for the profile shown (see `TopRow::of`).
    pub fn top_row(&self, width: u16) -> top_row::TopRow {
        top_row::TopRow::of(self.profile(), self.profile_count(), width)
    }

    /// Whether a request is in flight (the loop ticks only then).
    pub fn is_busy(&self) -> bool {
        !self.profile().pending.is_empty()
    }

    pub fn is_busy_on(&self, screen: Screen) -> bool {
        self.profile().pending.waits_on(screen)
    }

    /// True once after an `update` that changed something: the loop draws only then.
    pub fn take_redraw(&mut self) -> bool {
        std::mem::take(&mut self.shell.redraw)
    }

    /// Begins signing in to the profile shown without asking when it can (see
    /// `Profile::start`).
    pub fn start(&mut self) -> Vec<Command> {
        let (p, shell) = self.shown();
        p.start(shell)
    }

    /// The configuration file a sign-in form can be saved into as a profile (`Ctrl-S` on
    /// the form).
    pub fn with_config_path(mut self, path: Option<PathBuf>) -> App {
        self.shell.config_path = path;
        self
    }

    /// The change log the dashboard writes to (none in tests unless given).
    pub fn with_change_log(mut self, log: Option<crate::config::change_log::Log>) -> App {
        self.shell.change_log = log;
        self
    }

    /// Whether a confirmation was put up since the last call: the loop then drops the keys
    /// that were already waiting and says when a moment has passed (`Msg::Settled`).
    pub fn take_confirmation_opened(&mut self) -> bool {
        std::mem::take(&mut self.shell.confirmation_opened)
    }

    /// Whether the open confirmation still ignores keys.
    pub fn settling(&self) -> bool {
        self.profile().settling()
    }

    /// Whether a dialog is open: the confirmation of a change, or a screen's own.
    pub fn dialog_open(&self) -> bool {
        self.profile().confirmation.is_some() || self.profile().screen_modal()
    }

    pub fn update(&mut self, msg: Msg) -> Vec<Command> {
        let before = (self.profile().info.clone(), self.profile().error.clone());
        let (shown, was) = (self.profile().screen, every_profile::Was::before(&self.profiles, &msg));
        let mut commands = self.handle(msg);
        while !self.shell.overview_asks.is_empty() {
            for ask in std::mem::take(&mut self.shell.overview_asks) {
                commands.extend(self.profiles.carry_out(&mut self.shell, ask));
            }
        }
        commands.extend(self.profile_mut().keep_promise());
        // A batch goes on where its last change settled, shown or not.
        for at in 0..self.profiles.list.len() {
            commands.extend(self.profiles.list[at].send_queued(&mut self.shell));
        }
        // The Plan's marked, acted on profile by profile.
        commands.extend(self.profiles.go_on_acting(&mut self.shell));
        let now = [self.profile().info.clone(), self.profile().error.clone()];
        if now[0] != before.0 {
            self.profile_mut().info_since = now[0].as_ref().map(|_| SystemTime::now());
        }
        let profile = self.profile_name().to_owned();
        let done = self.profile().said().is_some_and(|(_, said)| said == Said::Done);
        self.shell.log.messages(&profile, now, [before.0, before.1], done);
        let (p, shell) = self.shown();
        p.after_moving(shell, shown);
        commands.extend(self.profiles.after_update(&mut self.shell, was));
        commands
    }

    /// How long until something on screen changes with time alone (see
    /// `Profile::next_wake`); `None` when nothing does: the loop then sleeps until a key or
    /// an answer.
    pub fn clock(&self, now: SystemTime) -> Option<std::time::Duration> {
        self.profile().next_wake(now)
    }

    fn handle(&mut self, msg: Msg) -> Vec<Command> {
        self.shell.redraw = true;
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Response(response) if matches!(response.outcome, Outcome::Exchanged(_)) => {
                let owner = self.profiles.owner_of(response.id).unwrap_or(self.profiles.active);
                let name = self.profiles.list.get(owner).map(|p| p.name.clone()).unwrap_or_default();
                if let Outcome::Exchanged(exchange) = response.outcome {
                    self.shell.log.exchange(response.id, name, exchange);
                }
                let shown = self.profile().screens.view(self.profile().screen);
                self.shell.redraw = shown.is_some_and(|view| view.shows_exchanges());
                Vec::new()
            }
            // An answer goes to the profile that asked, shown or not.
            Msg::Response(response) => {
                let owner = self.profiles.owner_of(response.id).unwrap_or(self.profiles.active);
                self.profiles.list[owner].on_response(&mut self.shell, *response)
            }
            Msg::Tick => {
                self.shell.spinner += 1;
                Vec::new()
            }
            Msg::Resize(w, h) => {
                self.shell.size = (w, h);
                let (p, shell) = self.shown();
                p.keep_selection_visible(shell);
                Vec::new()
            }
            // A dialog takes only keys: a click never changes what lies under it.
            Msg::Mouse(_) if self.dialog_open() => self.shell.unchanged(),
            Msg::Mouse(event) => {
                let profiles = self.profile_count();
                let (p, shell) = self.shown();
                p.on_mouse(shell, profiles, event)
            }
            Msg::Paste(text) => {
                let (p, shell) = self.shown();
                p.on_paste(shell, &text)
            }
            Msg::Settled if self.profile_mut().settled() => Vec::new(),
            Msg::Settled if self.shell.prompt.as_ref().is_some_and(|p| p.settling) => {
                if let Some(prompt) = self.shell.prompt.as_mut() {
                    prompt.settling = false;
                }
                Vec::new()
            }
            Msg::Settled => self.shell.unchanged(),
            Msg::Clock(now) => {
                let (p, shell) = self.shown();
                p.tick(shell, now)
            }
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let k = Key::from_event(&key);
        if k == Key::ctrl('c') {
            return self.quit();
        }
        let screen = self.profile().screen;
        let popup = self.shell.popup;
        let (p, shell) = self.shown();
        if p.confirmation.is_some() {
            return p.on_confirmation_key(shell, key);
        }
        if std::mem::take(&mut p.back_from_confirmation) && p.answers_a_confirmation(shell, &key) {
            return Vec::new();
        }
        if p.screen_modal() {
            return p.on_screen(shell, screen, |view, cx| view.modal_key(key, cx));
        }
        if let Some(popup) = popup {
            return self.on_popup_key(popup, k);
        }
        if shell.prompt.is_some() {
            return p.on_prompt_key(shell, key);
        }
        if screen == Screen::Login {
            return self.on_login_key(key);
        }
        match self.shell.keymap.action(screen.context(), k) {
            Some(action) => self.on_action(action),
            None => self.shell.unchanged(),
        }
    }

    /// A key on a popup: the switcher's own, else help's or the error's.
    fn on_popup_key(&mut self, popup: Popup, key: Key) -> Vec<Command> {
        let action = self.shell.keymap.action(self.profile().screen.context(), key);
        if popup == Popup::Profiles {
            return self.profiles.on_switcher_key(&mut self.shell, key, action);
        }
        let page = self.shell.page(self.profile());
        match self.shell.on_popup_key(popup, key, action, page) {
            popups::PopupKey::Took(commands) => commands,
            popups::PopupKey::Passes(action) => self.on_action(action),
        }
    }

    /// A key on the login form: the profile's own, unless it leaves the profile (Esc back
    /// to the signed-in profile it was opened from, else quitting; another profile).
    fn on_login_key(&mut self, key: KeyEvent) -> Vec<Command> {
        // The switcher, by a key that types nothing (`Ctrl-P`): another profile may be
        // signed in while this one's form is shown (after `X`, say).
        if self.login_switcher_key().is_some() {
            let k = Key::from_event(&key);
            if !k.types() && self.shell.keymap.action(Context::Global, k) == Some(Action::Profiles) {
                return self.on_action(Action::Profiles);
            }
        }
        let (p, shell) = self.shown();
        match p.on_login_key(shell, key) {
            profile::LoginKey::Done(commands) => commands,
            profile::LoginKey::Leave if self.profiles.previous_is_signed_in() => {
                let back = self.profiles.previous.unwrap_or_default();
                self.switch_to(back)
            }
            profile::LoginKey::Leave => self.quit(),
            profile::LoginKey::Switch(step) => {
                let n = self.profile_count() as isize;
                self.switch_to((self.profiles.active as isize + step).rem_euclid(n) as usize)
            }
        }
    }

    fn quit(&mut self) -> Vec<Command> {
        vec![Command::Quit]
    }

    /// Actions every screen shares here; the rest to the screen's own view.
    fn on_action(&mut self, action: Action) -> Vec<Command> {
        let overview = self.profile().screen == Screen::Overview;
        match action {
            // Leaving (or logging out) would drop a change's answer and its change-log line.
            Action::Quit | Action::Logout if self.profile().pending.change_in_flight() => {
                let p = self.profile_mut();
                p.error = Some(Text::ChangeBusyQuit.get(p.language).to_owned());
            }
            Action::Quit => return self.quit(),
            // Esc while a batch is under way stops it before its next change.
            Action::Back if self.profile_mut().stop_batch() => self.profiles.stop_acting(),
            // On the overview, the selected profile's trouble, whole.
            Action::ShowError if overview && self.profiles.show_error(&mut self.shell) => {}
            Action::ShowError if self.last_message().is_some() => self.shell.popup = Some(Popup::Error),
            Action::Profiles => self.profiles.open_switcher(&mut self.shell),
            Action::LastProfile => match self.profiles.previous {
                Some(to) => return self.switch_to(to),
                None if self.profile_count() > 1 => {
                    return self.switch_to((self.profiles.active + 1) % self.profile_count());
                }
                None => self.profiles.open_switcher(&mut self.shell),
            },
            Action::NextScreen => self.cycle_screen(1),
            Action::PrevScreen => self.cycle_screen(-1),
            own => return self.on_profile_action(own),
        }
        Vec::new()
    }

    /// Actions on the profile shown: help over it, its screens, language, session,
    /// watchlist; the rest to the screen's own view.
    fn on_profile_action(&mut self, action: Action) -> Vec<Command> {
        let (p, shell) = self.shown();
        match action {
            Action::Help => {
                shell.popup = Some(Popup::Help);
                shell.help_scroll.to_start();
            }
            // Said rather than doing nothing: where the messages that went are.
            Action::ShowError => {
                let log = shell.keymap.label(Context::Global, Action::Go(Screen::Log));
                p.info = Some(Text::NoErrorNow.fill(p.language, &[("key", &log)]));
            }
            Action::Go(screen) => p.screen = screen,
            Action::ToggleLanguage => return p.toggle_language(shell),
            // Logging out ends the session and deletes the remembered one: asked first.
            Action::Logout if p.session.is_some() => shell.ask(PromptKind::Logout),
            Action::Logout => return shell.unchanged(),
            Action::Watch => return p.change_watchlist(shell, true),
            Action::Unwatch => return p.change_watchlist(shell, false),
            Action::Refresh => return p.refresh(shell),
            screen_action => return p.screen_action(shell, screen_action),
        }
        Vec::new()
    }

    fn cycle_screen(&mut self, step: isize) {
        let i = Screen::TABS.iter().position(|s| *s == self.profile().screen).unwrap_or(0) as isize;
        self.profile_mut().screen = Screen::TABS[(i + step).rem_euclid(Screen::TABS.len() as isize) as usize];
    }
}
