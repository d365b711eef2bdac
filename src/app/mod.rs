//! All UI state, and `update`: every key, worker answer and tick goes through
//! [`App::update`], which changes state and returns the [`Command`]s to carry out. No I/O,
//! no terminal: tests drive it directly.

mod browse;
mod changes;
mod clock;
mod confirmation;
mod drive;
mod listing;
mod local;
mod log;
mod login;
mod mouse;
mod overview;
mod paste;
mod popups;
mod profiles;
mod prompt;
mod prompt_keys;
mod requests;
pub mod screens;
mod scroll;
mod search_text;
mod shell;
mod shown;
mod signin;
mod status_line;
pub mod top_row;
mod typing;

use std::path::PathBuf;
use std::time::SystemTime;

use crossterm::event::KeyEvent;

pub use crate::command::{Call, ChangeLog, Command, Copied, Local, Outcome, RequestId, Response};
pub use browse::{ListView, Listed};
pub use clock::INFO_FADES;
pub use confirmation::{Confirmation, Estimate, Promise};
pub use listing::GroupedList;
pub use log::{KEPT as LOG_KEPT, LogEntry, RequestLog, Said};
pub use login::{DemoLogins, Field, FormEvent, LoginForm};
pub use profiles::{Profile, ProfileId, ProfileRow, Profiles, Standing};
pub use prompt::{Prompt, PromptKind, domain_name};
use requests::{LoginStep, Slot, fetch};
pub use screens::Screens;
pub use screens::certificates::{CONTACT_ROLES, CertificateView, ListedCertificate};
pub use screens::domains::{DnsForm, DomainsView, Row};
pub use screens::radar::{WatchItem, WatchState};
pub use screens::upgrades::{Totals, UpgradeView, quantities_in_words as upgrade_quantities};
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
        App { shell: Shell::new(today), profiles: Profiles::one(Profile::fresh(login, WatchState::default())) }
    }

    /// Sets the profile's watchlist, and where changes to it are saved.
    pub fn with_watchlist(mut self, list: crate::radar::Watchlist, save_to: Option<(PathBuf, String)>) -> App {
        self.profile_mut().screens.radar = WatchState { list, save_to, ..WatchState::default() };
        self
    }

    /// Whether a screen shows fetched data (which a failed refresh leaves in place).
    pub fn has_data(&self, screen: Screen) -> bool {
        self.profile().screens.view(screen).is_some_and(|view| view.has_data(&drive::peek(self)))
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
        drive::hints(self)
    }

    /// How the first key of `action` on the current screen is shown, for text that names it.
    pub fn key_label(&self, action: Action) -> String {
        self.shell.keymap.label(self.profile().screen.context(), action)
    }

    /// Whether a request is in flight (the loop ticks only then).
    pub fn is_busy(&self) -> bool {
        !self.profile().pending.is_empty()
    }

    pub fn is_busy_on(&self, screen: Screen) -> bool {
        self.profile().pending.waits_on(screen)
    }

    /// Rows available to a screen's list (one fewer while the status line takes two).
    pub fn body_rows(&self) -> usize {
        self.shell.size.1.saturating_sub(CHROME_ROWS + self.status_rows() - 1) as usize
    }

    /// True once after an `update` that changed something: the loop draws only then.
    pub fn take_redraw(&mut self) -> bool {
        std::mem::take(&mut self.shell.redraw)
    }

    /// Begins signing in to the active profile without asking when it can (see
    /// `signin::start`).
    pub fn start(&mut self) -> Vec<Command> {
        signin::start(self)
    }

    /// Sends a request for `slot`: a new one supersedes the running one of its kind.
    fn send(&mut self, slot: Slot, ask: impl Into<requests::Ask>) -> Vec<Command> {
        let id = self.shell.next_request();
        if self.profile().pending.is_empty() {
            self.shell.spinner = 0;
        }
        let mut commands = self.profile_mut().pending.add(id, slot);
        let ask = ask.into();
        if let requests::Ask::Call(Call::Fetch(query)) = &ask {
            self.profile_mut().pending.reading_query(id, query.clone());
        }
        commands.push(ask.command(id, self.profiles.current));
        commands
    }

    /// Takes the pending entry for `id`; `None` means the answer is stale.
    fn settle(&mut self, id: RequestId) -> Option<Slot> {
        self.shell.log.settled(id);
        self.profile_mut().pending.settle(id)
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
        self.profile().confirmation.is_some() || drive::screen_modal(self)
    }

    pub fn update(&mut self, msg: Msg) -> Vec<Command> {
        let before = (self.profile().info.clone(), self.profile().error.clone());
        let (shown, was) = (self.profile().screen, overview::Was::before(self, &msg));
        let mut commands = self.handle(msg);
        while !self.shell.overview_asks.is_empty() {
            for ask in std::mem::take(&mut self.shell.overview_asks) {
                commands.extend(overview::carry_out(self, ask));
            }
        }
        commands.extend(changes::keep_promise(self));
        let now = [self.profile().info.clone(), self.profile().error.clone()];
        if now[0] != before.0 {
            self.profile_mut().info_since = now[0].as_ref().map(|_| SystemTime::now());
        }
        let profile = self.profile_name().to_owned();
        let done = self.profile().said().is_some_and(|(_, said)| said == Said::Done);
        self.shell.log.messages(&profile, now, [before.0, before.1], done);
        clock::after_moving(self, shown);
        commands.extend(overview::after_update(self, was));
        commands
    }

    /// How long until something on screen changes with time alone (see `clock::next`);
    /// `None` when nothing does: the loop then sleeps until a key or an answer.
    pub fn clock(&self, now: SystemTime) -> Option<std::time::Duration> {
        clock::next(self, now)
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
                self.profiles.current = self.profiles.owner_of(response.id).unwrap_or(self.profiles.active);
                let commands = self.on_response(*response);
                self.profiles.current = self.profiles.active;
                commands
            }
            Msg::Tick => {
                self.shell.spinner += 1;
                Vec::new()
            }
            Msg::Resize(w, h) => {
                self.shell.size = (w, h);
                drive::keep_selection_visible(self);
                Vec::new()
            }
            // A dialog takes only keys: a click never changes what lies under it.
            Msg::Mouse(_) if self.dialog_open() => self.shell.unchanged(),
            Msg::Mouse(event) => mouse::on_mouse(self, event),
            Msg::Paste(text) => paste::on_paste(self, &text),
            Msg::Settled if self.profile_mut().settled() => Vec::new(),
            Msg::Settled if self.shell.prompt.as_ref().is_some_and(|p| p.settling) => {
                if let Some(prompt) = self.shell.prompt.as_mut() {
                    prompt.settling = false;
                }
                Vec::new()
            }
            Msg::Settled => self.shell.unchanged(),
            Msg::Clock(now) => clock::tick(self, now),
        }
    }

    fn on_response(&mut self, response: Response) -> Vec<Command> {
        if let Outcome::Retrying(notice) = &response.outcome {
            if !self.profile().pending.holds(response.id) {
                return self.shell.unchanged();
            }
            self.profile_mut().info = Some(crate::i18n::retrying(notice, self.profile().language));
            self.profile_mut().retrying = true;
            return Vec::new();
        }
        let Some(slot) = self.settle(response.id) else {
            tracing::debug!(id = response.id, "dropping a stale answer");
            return self.shell.unchanged();
        };
        if let (Some(state), Some(session)) = (response.session, self.profile_mut().session.as_mut()) {
            session.state = state;
        }
        if self.profile().retrying {
            self.profile_mut().info = None;
            self.profile_mut().retrying = false;
        }
        // A login brings the account with it.
        let screen = match slot {
            Slot::Login(LoginStep::Password) => None,
            Slot::Login(_) => Some(Screen::HOME),
            _ => slot.screen(),
        };
        if let Some(screen) = screen {
            if response.outcome.is_ok() {
                self.profile_mut().fetched_at.insert(screen, response.at);
                self.profile_mut().stale.remove(&screen);
            } else if self.has_data(screen) && self.refreshes_what_is_shown(&slot) && !response.outcome.is_not_offered()
            {
                self.profile_mut().stale.insert(screen);
            }
        }
        // A read again of what a change touched has come: changes to it are confirmed again.
        if let Slot::View(req) = &slot {
            let profile = self.profile_mut();
            let pending = &profile.pending;
            profile.rereading.retain(|(asked, _)| asked != req && pending.reading(asked));
        }
        // Each answer to the view that asked for it.
        match (slot, response.outcome) {
            (Slot::Login(_), outcome) => return signin::sign_in_answer(self, outcome, response.session),
            (Slot::View(req), Outcome::Fetched(r)) => {
                return drive::on_screen(self, req.screen(), |view, cx| view.answer(req, r, cx));
            }
            (Slot::View(req), Outcome::LookedUp(r)) => {
                return drive::on_screen(self, req.screen(), |view, cx| view.looked_up(req, r, cx));
            }
            (Slot::Change(sent), Outcome::Changed(r, unlogged, check)) => {
                return changes::change_answer(self, *sent, (r, check), unlogged, response.at);
            }
            (
                slot @ (Slot::Save | Slot::SaveWatchlist(_) | Slot::SaveProfile(_) | Slot::Copy | Slot::Logout),
                outcome,
            ) => local::answer(self, slot, outcome),
            (slot, outcome) => tracing::debug!(?slot, ?outcome, "an answer that does not fit its request"),
        }
        Vec::new()
    }

    /// Whether a failed answer leaves the data on screen out of date: a refresh of what is
    /// shown does; a lookup of something new (an unknown name, say) is only its own error.
    fn refreshes_what_is_shown(&self, slot: &Slot) -> bool {
        match slot {
            Slot::View(req) => self.profile().screens.view(req.screen()).is_some_and(|view| view.refreshes(req)),
            _ => true,
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let k = Key::from_event(&key);
        if k == Key::ctrl('c') {
            return self.quit();
        }
        if self.profile().confirmation.is_some() {
            return changes::on_confirmation_key(self, key);
        }
        if drive::screen_modal(self) {
            return drive::on_screen(self, self.profile().screen, |view, cx| view.modal_key(key, cx));
        }
        if let Some(popup) = self.shell.popup {
            return popups::on_popup_key(self, popup, k);
        }
        if self.shell.prompt.is_some() {
            return prompt_keys::on_prompt_key(self, key);
        }
        if self.profile().screen == Screen::Login {
            return signin::on_login_key(self, key);
        }
        match self.shell.keymap.action(self.profile().screen.context(), k) {
            Some(action) => self.on_action(action),
            None => self.shell.unchanged(),
        }
    }

    fn quit(&mut self) -> Vec<Command> {
        vec![Command::Quit]
    }

    /// Actions every screen shares here; the rest to the screen's own view.
    fn on_action(&mut self, action: Action) -> Vec<Command> {
        match action {
            // Leaving (or logging out) would drop a change's answer and its change-log line.
            Action::Quit | Action::Logout if self.profile().pending.change_in_flight() => {
                self.profile_mut().error = Some(Text::ChangeBusyQuit.get(self.profile().language).to_owned());
            }
            Action::Quit => return self.quit(),
            Action::Help => {
                self.shell.popup = Some(Popup::Help);
                self.shell.help_scroll.to_start();
            }
            // On the overview, the selected profile's trouble, whole.
            Action::ShowError if self.profile().screen == Screen::Overview && overview::show_error(self) => {}
            Action::ShowError if self.last_message().is_some() => self.shell.popup = Some(Popup::Error),
            // Said rather than doing nothing: where the messages that went are.
            Action::ShowError => {
                let log = self.shell.keymap.label(Context::Global, Action::Go(Screen::Log));
                self.profile_mut().info = Some(Text::NoErrorNow.fill(self.profile().language, &[("key", &log)]));
            }
            Action::Go(screen) => self.profile_mut().screen = screen,
            Action::Profiles => popups::open_switcher(self),
            Action::LastProfile => match self.profiles.previous {
                Some(p) => return self.switch_to(p),
                None if self.profile_count() > 1 => {
                    return self.switch_to((self.profiles.active + 1) % self.profile_count());
                }
                None => popups::open_switcher(self),
            },
            Action::ToggleLanguage => return signin::toggle_language(self),
            // Logging out ends the session and deletes the remembered one: asked first.
            Action::Logout if self.profile().session.is_some() => self.shell.ask(PromptKind::Logout),
            Action::Logout => return self.shell.unchanged(),
            Action::Watch => return drive::change_watchlist(self, true),
            Action::Unwatch => return drive::change_watchlist(self, false),
            Action::NextScreen => self.cycle_screen(1),
            Action::PrevScreen => self.cycle_screen(-1),
            Action::Refresh => return self.refresh(),
            screen_action => return self.screen_action(screen_action),
        }
        Vec::new()
    }

    fn screen_action(&mut self, action: Action) -> Vec<Command> {
        match self.profile().screen {
            // The login form takes its keys before any action (see `on_login_key`).
            Screen::Login => self.shell.unchanged(),
            screen => drive::on_screen(self, screen, |view, cx| view.action(action, cx)),
        }
    }

    /// The screen's lookups again (and the account's when signing in).
    fn refresh(&mut self) -> Vec<Command> {
        self.profile_mut().error = None;
        match self.profile().screen {
            Screen::Login => drive::on_screen(self, Screen::HOME, |view, cx| view.action(Action::Refresh, cx)),
            _ => self.screen_action(Action::Refresh),
        }
    }

    fn cycle_screen(&mut self, step: isize) {
        let i = Screen::TABS.iter().position(|s| *s == self.profile().screen).unwrap_or(0) as isize;
        self.profile_mut().screen = Screen::TABS[(i + step).rem_euclid(Screen::TABS.len() as isize) as usize];
    }

    /// Lines in a page: what PageUp/PageDown move.
    fn page(&self) -> isize {
        self.body_rows().saturating_sub(2).max(1) as isize
    }
}
