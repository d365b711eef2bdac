//! All UI state, and `update`: every key, worker answer and tick goes through
//! [`App::update`], which changes state and returns the [`Command`]s to carry out. No I/O,
//! no terminal: tests drive it directly.

mod certificates;
mod command;
mod domains;
mod login;
mod mouse;
mod profiles;
mod prompt;
mod scroll;
mod upgrades;
mod watch;

use std::path::PathBuf;
use std::time::SystemTime;

use crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::backend::crossterm::EventHandler;

pub use certificates::{CONTACT_ROLES, CertificateView};
pub use command::{Call, Command, Local, Outcome, RequestId, Response};
pub use domains::{DomainsView, Row};
pub use login::{DemoLogins, Field, FormEvent, LoginForm};
pub use profiles::{Profile, ProfileId, ProfileRow};
pub use prompt::{Prompt, PromptKind};
pub use scroll::Scroll;
pub use upgrades::{Totals, UpgradeView};
pub use watch::{RADAR_DAYS, WatchItem, WatchState};

use crate::api::models::Account;
use crate::api::{ApiError, Data, Language, Operation, Query, Role, SessionState};
use crate::i18n::T;
use crate::keys::{Action, Context, Key, Keymap};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    Login,
    Account,
    Domains,
    Certificates,
    Upgrades,
    Radar,
}

impl Screen {
    pub const TABS: [Screen; 5] =
        [Screen::Account, Screen::Domains, Screen::Certificates, Screen::Upgrades, Screen::Radar];

    pub fn title(self, language: Language) -> &'static str {
        let text = match self {
            Screen::Login => T::ScreenLogin,
            Screen::Account => T::ScreenAccount,
            Screen::Domains => T::ScreenDomains,
            Screen::Certificates => T::ScreenCertificates,
            Screen::Upgrades => T::ScreenUpgrades,
            Screen::Radar => T::ScreenRadar,
        };
        text.get(language)
    }

    /// The tab label when the header is narrow.
    pub fn short_title(self, language: Language) -> &'static str {
        match self {
            Screen::Certificates => T::ScreenCertificatesShort.get(language),
            other => other.title(language),
        }
    }

    pub fn context(self) -> Context {
        match self {
            Screen::Login | Screen::Account => Context::Account,
            Screen::Domains => Context::Domains,
            Screen::Certificates => Context::Certificates,
            Screen::Upgrades => Context::Upgrades,
            Screen::Radar => Context::Radar,
        }
    }
}

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
}

/// What a pending request is for; a newer request for the same slot supersedes it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Slot {
    Login(LoginStep),
    Account,
    Domain(String),
    Certificate(u64),
    Upgrade(u64),
    WatchCertificate(u64),
    WatchService(u64),
    Save,
    Copy,
    Logout,
    /// Writing the watchlist back; says what changed.
    SaveWatchlist(String),
}

/// What a request asks for: a portal call or work on this machine.
enum Ask {
    Call(Call),
    Local(Local),
}

impl From<Call> for Ask {
    fn from(call: Call) -> Ask {
        Ask::Call(call)
    }
}

impl From<Local> for Ask {
    fn from(work: Local) -> Ask {
        Ask::Local(work)
    }
}

/// The error for an answer of another kind than the request asked for (the worker never
/// sends one; said rather than assumed).
fn mismatched(op: Operation, data: &Data) -> ApiError {
    let got = match data {
        Data::Account(_) => "account details",
        Data::Domain(_) => "domain records",
        Data::Certificate(_) => "a certificate",
        Data::Upgrade(_) => "upgrade options",
    };
    ApiError::UnexpectedShape { op, detail: format!("got {got}") }
}

/// A portal read.
fn fetch(query: Query) -> Ask {
    Ask::Call(Call::Fetch(query))
}

/// The ways of signing in, one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoginStep {
    Resume,
    Password,
    SignIn,
}

impl Slot {
    /// Domain lookups of different names run side by side; any other new request replaces
    /// the running one of its kind.
    fn supersedes(&self, other: &Slot) -> bool {
        match (self, other) {
            (Slot::Domain(a), Slot::Domain(b)) => a == b,
            (Slot::WatchCertificate(a), Slot::WatchCertificate(b)) | (Slot::WatchService(a), Slot::WatchService(b)) => {
                a == b
            }
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The screen whose lookup this is; a file being saved belongs to none (Esc on a
    /// screen never cancels a save).
    fn screen(&self) -> Option<Screen> {
        match self {
            Slot::Login(_) => Some(Screen::Login),
            Slot::Account => Some(Screen::Account),
            Slot::Domain(_) => Some(Screen::Domains),
            Slot::Certificate(_) => Some(Screen::Certificates),
            Slot::Upgrade(_) => Some(Screen::Upgrades),
            Slot::WatchCertificate(_) | Slot::WatchService(_) => Some(Screen::Radar),
            Slot::Save | Slot::Copy | Slot::SaveWatchlist(_) | Slot::Logout => None,
        }
    }
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

pub struct App {
    /// The active profile's state; the others are parked in `profiles`.
    pub profile: Profile,
    pub prompt: Option<Prompt>,
    pub popup: Option<Popup>,
    pub help_scroll: Scroll,
    /// Ticks since requests started; the spinner shows from the first tick on.
    pub spinner: usize,
    pub keymap: Keymap,
    pub today: time::Date,
    pub size: (u16, u16),
    /// Whether the last `update` changed anything worth drawing.
    redraw: bool,
    next_id: RequestId,
    profiles: Vec<profiles::ProfileEntry>,
    active: ProfileId,
    /// The profile switched away from last (`P` goes back to it).
    previous: Option<ProfileId>,
    /// The switcher's cursor.
    pub switcher: usize,
}

/// Rows of chrome around a screen's body: tabs, key hints, status bar.
pub const CHROME_ROWS: u16 = 3;

impl App {
    /// One unnamed-or-named profile, signed out, with this login form.
    pub fn new(login: LoginForm, today: time::Date) -> App {
        let name = login.profile_name().unwrap_or_default().to_owned();
        App {
            profile: Profile::fresh(login, WatchState::default()),
            profiles: vec![profiles::ProfileEntry { name, parked: None }],
            active: 0,
            previous: None,
            switcher: 0,
            prompt: None,
            popup: None,
            help_scroll: Scroll::default(),
            spinner: 0,
            keymap: Keymap::default(),
            today,
            size: (80, 24),
            redraw: true,
            next_id: 1,
        }
    }

    /// Sets the profile's watchlist, and where changes to it are saved.
    pub fn with_watchlist(mut self, list: crate::radar::Watchlist, save_to: Option<(PathBuf, String)>) -> App {
        self.profile.watch = WatchState { list, save_to, ..WatchState::default() };
        self
    }

    /// Whether a screen shows fetched data (which a failed refresh leaves in place).
    pub fn has_data(&self, screen: Screen) -> bool {
        match screen {
            Screen::Login => false,
            Screen::Account => self.profile.account.is_some(),
            Screen::Domains => !self.profile.domains.records.is_empty(),
            Screen::Certificates => self.profile.certificates.certificate.is_some(),
            Screen::Upgrades => self.profile.upgrades.options.is_some(),
            Screen::Radar => !self.profile.watch.items.is_empty(),
        }
    }

    /// How old the current screen's data is, when its last refresh failed.
    pub fn stale_age(&self, now: SystemTime) -> Option<std::time::Duration> {
        if !self.profile.stale.contains(&self.profile.screen) {
            return None;
        }
        self.profile.fetched_at.get(&self.profile.screen).map(|at| now.duration_since(*at).unwrap_or_default())
    }

    /// Whether Esc on the login form goes back (to this profile's screens or to the signed-in
    /// profile it was opened from) rather than quitting.
    pub fn login_escape_goes_back(&self) -> bool {
        self.profile.session.is_some() || self.previous_is_signed_in()
    }

    /// What the login form is waiting for, if anything.
    pub fn login_activity(&self) -> Option<T> {
        self.profile.pending.iter().find_map(|(_, slot)| match slot {
            Slot::Login(LoginStep::Resume) => Some(T::ResumingSession),
            Slot::Login(LoginStep::Password) => Some(T::RunningPasswordCommand),
            Slot::Login(LoginStep::SignIn) => Some(T::SigningIn),
            _ => None,
        })
    }

    /// Whether a request is in flight (the loop ticks only then).
    pub fn is_busy(&self) -> bool {
        !self.profile.pending.is_empty()
    }

    pub fn is_busy_on(&self, screen: Screen) -> bool {
        self.profile.pending.iter().any(|(_, slot)| slot.screen() == Some(screen))
    }

    /// Rows available to a screen's list.
    pub fn body_rows(&self) -> usize {
        self.size.1.saturating_sub(CHROME_ROWS) as usize
    }

    /// Begins signing in to the active profile without asking when it can: a remembered
    /// session first, then a complete form (flags, environment, `--demo`), then the
    /// profile's password command. Otherwise the form waits for the user.
    pub fn start(&mut self) -> Vec<Command> {
        self.profile.started = true;
        match self.profile.login.remembered_settings() {
            Some(settings) => self.send(Slot::Login(LoginStep::Resume), Call::Resume(Box::new(settings))),
            None => self.sign_in_unasked(),
        }
    }

    /// Signs in with what the form holds, or runs the password command first.
    fn sign_in_unasked(&mut self) -> Vec<Command> {
        if self.profile.login.is_complete() {
            return self.submit_login();
        }
        match self.profile.login.password_command() {
            Some(command) => self.send(Slot::Login(LoginStep::Password), Local::PasswordCommand(command)),
            None => Vec::new(),
        }
    }

    /// True once after an `update` that changed something: the loop draws only then.
    pub fn take_redraw(&mut self) -> bool {
        std::mem::take(&mut self.redraw)
    }

    /// Marks an update that changed nothing (an unbound key, a stale answer).
    fn unchanged(&mut self) -> Vec<Command> {
        self.redraw = false;
        Vec::new()
    }

    pub fn update(&mut self, msg: Msg) -> Vec<Command> {
        self.redraw = true;
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Response(response) => match self.owner_of(response.id) {
                Some(owner) if owner != self.active => self.as_profile(owner, |app| app.on_response(*response)),
                _ => self.on_response(*response),
            },
            Msg::Tick => {
                self.spinner += 1;
                Vec::new()
            }
            Msg::Resize(w, h) => {
                self.size = (w, h);
                self.keep_selection_visible();
                Vec::new()
            }
            Msg::Mouse(event) => self.on_mouse(event),
        }
    }

    fn send(&mut self, slot: Slot, ask: impl Into<Ask>) -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        // A new request for the same slot supersedes the old one.
        self.profile.pending.retain(|(id, s)| {
            let superseded = slot.supersedes(s);
            if superseded {
                commands.push(Command::Cancel(*id));
            }
            !superseded
        });
        let id = self.next_id;
        self.next_id += 1;
        if self.profile.pending.is_empty() {
            self.spinner = 0;
        }
        self.profile.pending.push((id, slot));
        commands.push(match ask.into() {
            Ask::Call(call) => Command::Call { id, profile: self.active, call },
            Ask::Local(work) => Command::Local { id, work },
        });
        commands
    }

    /// Takes the pending entry for `id`; `None` means the answer is stale.
    fn settle(&mut self, id: RequestId) -> Option<Slot> {
        let pos = self.profile.pending.iter().position(|(p, _)| *p == id)?;
        Some(self.profile.pending.remove(pos).1)
    }

    fn cancel_screen(&mut self, screen: Screen) -> Vec<Command> {
        let mut commands = Vec::new();
        self.profile.pending.retain(|(id, slot)| {
            let cancel = slot.screen() == Some(screen);
            if cancel {
                commands.push(Command::Cancel(*id));
            }
            !cancel
        });
        if !commands.is_empty() {
            self.profile.info = Some(T::Cancelled.get(self.profile.language).into());
        }
        commands
    }

    fn fail(&mut self, err: &ApiError) {
        self.profile.error = Some(crate::i18n::api_error(err, self.profile.language));
        self.profile.info = None;
    }

    fn on_response(&mut self, response: Response) -> Vec<Command> {
        if let Outcome::Retrying(notice) = &response.outcome {
            if !self.profile.pending.iter().any(|(id, _)| *id == response.id) {
                return self.unchanged();
            }
            let wait = format!("{:.1} s", notice.wait.as_secs_f32());
            self.profile.info = Some(T::Retrying.fill(
                self.profile.language,
                &[("attempt", &notice.attempt), ("of", &notice.of), ("wait", &wait), ("reason", &notice.reason)],
            ));
            self.profile.retrying = true;
            return Vec::new();
        }
        let Some(slot) = self.settle(response.id) else {
            tracing::debug!(id = response.id, "dropping a stale answer");
            return self.unchanged();
        };
        if let (Some(state), Some(session)) = (response.session, self.profile.session.as_mut()) {
            session.state = state;
        }
        if self.profile.retrying {
            self.profile.info = None;
            self.profile.retrying = false;
        }
        // A login brings the account with it.
        let screen = match slot {
            Slot::Login(LoginStep::Password) => None,
            Slot::Login(_) => Some(Screen::Account),
            _ => slot.screen(),
        };
        if let Some(screen) = screen {
            if response.outcome.is_ok() {
                self.profile.fetched_at.insert(screen, response.at);
                self.profile.stale.remove(&screen);
            } else if self.has_data(screen) {
                self.profile.stale.insert(screen);
            }
        }
        let language = self.profile.language;
        match (slot, response.outcome) {
            (_, Outcome::Retrying(_)) => {}
            (_, Outcome::LoggedIn(result)) => return self.on_logged_in(result, response.session),
            (_, Outcome::Resumed(Ok(Some(account)))) => return self.on_logged_in(Ok(account), response.session),
            (_, Outcome::Resumed(Ok(None))) => return self.sign_in_unasked(),
            (_, Outcome::Resumed(Err(reason))) => {
                let commands = self.sign_in_unasked();
                if self.profile.login.error.is_none() {
                    self.profile.login.error = Some(T::SessionEnded.fill(language, &[("reason", &reason)]));
                }
                self.profile.screen = Screen::Login;
                return commands;
            }
            (_, Outcome::Password(Ok(password))) => {
                self.profile.login.password =
                    tui_input::Input::new(secrecy::ExposeSecret::expose_secret(&password).to_owned());
                return self.submit_login();
            }
            (_, Outcome::Password(Err(message))) => {
                self.profile.login.error = Some(message);
                self.profile.login.focus = Field::Password;
            }
            (_, Outcome::LoggedOut(Ok(_))) => {}
            (_, Outcome::LoggedOut(Err(message)) | Outcome::Saved(Err(message))) => self.profile.error = Some(message),
            (Slot::SaveWatchlist(change), Outcome::Saved(Ok(path))) => {
                self.profile.info =
                    Some(T::WatchSaved.fill(language, &[("change", &change), ("path", &path.display())]));
            }
            (_, Outcome::Saved(Ok(path))) => {
                self.profile.info = Some(T::SavedTo.fill(language, &[("path", &path.display())]));
            }
            (_, Outcome::Copied(Ok(crate::clipboard::Copied::TmuxBuffer))) => {
                self.profile.info = Some(T::CopiedTmux.get(language).into());
            }
            (_, Outcome::Copied(Ok(crate::clipboard::Copied::Osc52))) => {
                self.profile.info = Some(T::CopiedOsc52.get(language).into());
            }
            (_, Outcome::Copied(Err(reason))) => {
                self.profile.error = Some(T::CopyFailed.fill(language, &[("reason", &reason)]));
            }
            (Slot::Domain(name), Outcome::Fetched(Ok(Data::Domain(records)))) => {
                self.profile.domains.set_records(&name, records);
                self.keep_selection_visible();
                self.profile.error = None;
                self.profile.watch.domain_errors.remove(&name);
                self.profile.watch.rebuild(&self.profile.domains.records, self.today);
            }
            (Slot::Domain(name), Outcome::Fetched(Err(e))) => {
                if self.profile.watch.watches_domain(&name) {
                    self.profile.watch.domain_errors.insert(name, crate::i18n::api_error(&e, language));
                    self.profile.watch.rebuild(&self.profile.domains.records, self.today);
                }
                self.fail(&e);
            }
            (Slot::WatchCertificate(id), Outcome::Fetched(result)) => {
                let result = result.and_then(|data| match data {
                    Data::Certificate(cert) => Ok(cert),
                    other => Err(mismatched(Operation::Certificate, &other)),
                });
                if let Ok(cert) = &result
                    && self.profile.certificates.certificate.is_none()
                {
                    self.profile.certificates.id = Some(id);
                    self.profile.certificates.certificate = Some(cert.clone());
                }
                self.profile.watch.certificates.insert(id, result.map_err(|e| crate::i18n::api_error(&e, language)));
                self.profile.watch.rebuild(&self.profile.domains.records, self.today);
            }
            (Slot::WatchService(id), Outcome::Fetched(result)) => {
                let result = result.and_then(|data| match data {
                    Data::Upgrade(options) => Ok(options),
                    other => Err(mismatched(Operation::Upgrade, &other)),
                });
                if let Ok(options) = &result
                    && self.profile.upgrades.options.is_none()
                {
                    self.profile.upgrades.set_options(id, options.clone());
                }
                self.profile.watch.services.insert(id, result.map_err(|e| crate::i18n::api_error(&e, language)));
            }
            (_, Outcome::Fetched(Ok(Data::Account(account)))) => {
                self.profile.account = Some(account);
                self.profile.error = None;
            }
            (slot, Outcome::Fetched(Ok(Data::Certificate(cert)))) => {
                if let Slot::Certificate(id) = slot {
                    self.profile.certificates.id = Some(id);
                }
                let same = self.profile.certificates.certificate.as_ref().is_some_and(|c| c.id == cert.id);
                if !same {
                    self.profile.certificates.scroll.to_start();
                    self.profile.certificates.contact = 0;
                }
                self.profile.certificates.certificate = Some(cert);
                self.profile.error = None;
            }
            (slot, Outcome::Fetched(Ok(Data::Upgrade(options)))) => {
                if let Slot::Upgrade(id) = slot {
                    self.profile.upgrades.set_options(id, options);
                }
                self.profile.error = None;
            }
            (slot, Outcome::Fetched(Ok(Data::Domain(_)))) => {
                tracing::debug!(?slot, "domain records for a request that asked for something else");
            }
            (_, Outcome::Fetched(Err(e))) => self.fail(&e),
        }
        Vec::new()
    }

    fn on_logged_in(&mut self, result: Result<Box<Account>, ApiError>, state: Option<SessionState>) -> Vec<Command> {
        match result {
            Ok(account) => {
                self.profile.session = Some(SessionInfo {
                    host: self.profile.login.host.value().trim().to_owned(),
                    role: self.profile.login.role,
                    user: self.profile.login.email.value().trim().to_owned(),
                    state: state.unwrap_or(SessionState::LoggedOut),
                });
                self.profile.language = self.profile.login.language;
                self.profile.account = Some(account);
                self.profile.login.error = None;
                self.profile.error = None;
                self.profile.screen = Screen::Account;
                return self.fetch_watched(true);
            }
            Err(e) if e.is_auth() => {
                self.profile.login.password_refused(crate::i18n::api_error(&e, self.profile.language));
                self.profile.screen = Screen::Login;
            }
            Err(e) => {
                self.profile.login.error = Some(crate::i18n::api_error(&e, self.profile.language));
                self.profile.screen = Screen::Login;
            }
        }
        Vec::new()
    }

    /// Asks for every watched item at once (the worker runs a few at a time); the radar
    /// comes first when there is something on it.
    fn fetch_watched(&mut self, show_radar: bool) -> Vec<Command> {
        let list = self.profile.watch.list.clone();
        if show_radar && (!list.domains.is_empty() || !list.certificates.is_empty()) {
            self.profile.screen = Screen::Radar;
        }
        let domains =
            list.domains.into_iter().flat_map(|n| self.send(Slot::Domain(n.clone()), fetch(Query::Domain(n))));
        let mut commands: Vec<Command> = domains.collect();
        for id in list.certificates {
            commands.extend(self.send(Slot::WatchCertificate(id), fetch(Query::Certificate(id))));
        }
        for id in list.services {
            commands.extend(self.send(Slot::WatchService(id), fetch(Query::Upgrade(id))));
        }
        commands
    }

    /// What `a` and `d` act on: the item the current screen shows.
    fn current_item(&self) -> Option<WatchItem> {
        match self.profile.screen {
            Screen::Domains => self.profile.domains.selected_record().map(|r| WatchItem::Domain(r.name.to_lowercase())),
            Screen::Certificates => self.profile.certificates.id.map(WatchItem::Certificate),
            Screen::Upgrades => self.profile.upgrades.service_id.map(WatchItem::Service),
            Screen::Radar => {
                self.profile.watch.items.get(self.profile.watch.selected).and_then(|item| match item.kind {
                    crate::radar::Kind::Domain => Some(WatchItem::Domain(item.name.to_lowercase())),
                    crate::radar::Kind::Certificate => item.id.parse().ok().map(WatchItem::Certificate),
                })
            }
            _ => None,
        }
    }

    fn change_watchlist(&mut self, add: bool) -> Vec<Command> {
        let Some(item) = self.current_item() else {
            return self.unchanged();
        };
        let what = item.describe(self.profile.language);
        let changed = if add { self.profile.watch.add(item.clone()) } else { self.profile.watch.remove(&item) };
        if !changed {
            let text = if add { T::AlreadyWatching } else { T::NotWatched };
            self.profile.info = Some(text.fill(self.profile.language, &[("what", &what)]));
            return Vec::new();
        }
        // A certificate on screen joins the radar at once.
        if let (true, WatchItem::Certificate(id), Some(cert)) = (add, &item, &self.profile.certificates.certificate)
            && self.profile.certificates.id == Some(*id)
        {
            self.profile.watch.certificates.insert(*id, Ok(cert.clone()));
        }
        self.profile.watch.rebuild(&self.profile.domains.records, self.today);
        self.profile.error = None;
        let change = if add { T::Watching } else { T::StoppedWatching }.fill(self.profile.language, &[("what", &what)]);
        match self.profile.watch.save_to.clone() {
            Some((path, profile)) => {
                self.profile.info = Some(change.clone());
                let watch = self.profile.watch.list.clone();
                self.send(Slot::SaveWatchlist(change), Local::SaveWatchlist { path, profile, watch })
            }
            None => {
                self.profile.info = Some(T::WatchThisRun.fill(self.profile.language, &[("change", &change)]));
                Vec::new()
            }
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let k = Key::from_event(&key);
        if k == Key::ctrl('c') {
            return self.quit();
        }
        if let Some(popup) = self.popup {
            return self.on_popup_key(popup, k);
        }
        if self.prompt.is_some() {
            return self.on_prompt_key(key);
        }
        if self.profile.screen == Screen::Login {
            return self.on_login_key(key);
        }
        match self.keymap.action(self.profile.screen.context(), k) {
            Some(action) => self.on_action(action),
            None => self.unchanged(),
        }
    }

    fn quit(&mut self) -> Vec<Command> {
        vec![Command::Quit]
    }

    fn on_popup_key(&mut self, popup: Popup, key: Key) -> Vec<Command> {
        let action = self.keymap.action(self.profile.screen.context(), key);
        if popup == Popup::Profiles {
            return self.on_switcher_key(key, action);
        }
        match (popup, action) {
            (Popup::Help, Some(Action::Down)) => self.help_scroll.by(1),
            (Popup::Help, Some(Action::Up)) => self.help_scroll.by(-1),
            (Popup::Help, Some(Action::PageDown)) => self.help_scroll.by(self.page()),
            (Popup::Help, Some(Action::PageUp)) => self.help_scroll.by(-self.page()),
            (Popup::Help, Some(Action::Home)) => self.help_scroll.to_start(),
            (Popup::Help, Some(Action::End)) => self.help_scroll.to_end(),
            (_, Some(Action::Quit)) if key != Key::ch('q') => return self.quit(),
            (_, Some(Action::Help | Action::Back | Action::ShowError | Action::Quit | Action::Open)) => {
                self.popup = None;
            }
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    fn on_switcher_key(&mut self, key: Key, action: Option<Action>) -> Vec<Command> {
        let last = self.profiles.len().saturating_sub(1);
        if let crossterm::event::KeyCode::Char(c @ '1'..='9') = key.code {
            let chosen = c as usize - '1' as usize;
            return if chosen <= last { self.switch_to(chosen) } else { self.unchanged() };
        }
        match action {
            Some(Action::Up) => self.switcher = self.switcher.saturating_sub(1),
            Some(Action::Down) => self.switcher = (self.switcher + 1).min(last),
            Some(Action::Home) => self.switcher = 0,
            Some(Action::End) => self.switcher = last,
            Some(Action::Open) => return self.switch_to(self.switcher),
            Some(Action::Quit) if key != Key::ch('q') => return self.quit(),
            Some(Action::Back | Action::Quit | Action::Profiles | Action::Help) => self.popup = None,
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    fn on_login_key(&mut self, key: KeyEvent) -> Vec<Command> {
        if self.is_busy_on(Screen::Login) {
            // While logging in only Esc (cancel) does something.
            return if key.code == KeyCode::Esc { self.cancel_screen(Screen::Login) } else { self.unchanged() };
        }
        let event = self.profile.login.on_key(key);
        if self.profile.session.is_none() {
            // Before signing in, the UI speaks the language chosen on the form.
            self.profile.language = self.profile.login.language;
        }
        match event {
            FormEvent::Submit => self.submit_login(),
            FormEvent::Quit if self.profile.session.is_some() => {
                self.profile.screen = Screen::Account;
                Vec::new()
            }
            // Back to the profile this one was opened from, when it is signed in.
            FormEvent::Quit if self.previous_is_signed_in() => {
                let back = self.previous.unwrap_or_default();
                self.switch_to(back)
            }
            FormEvent::Quit => self.quit(),
            FormEvent::SwitchProfile(step) => {
                let n = self.profiles.len() as isize;
                self.switch_to((self.active as isize + step).rem_euclid(n) as usize)
            }
            FormEvent::None => Vec::new(),
        }
    }

    fn submit_login(&mut self) -> Vec<Command> {
        match self.profile.login.settings(self.profile.language) {
            Ok(settings) => {
                self.profile.login.error = None;
                self.send(Slot::Login(LoginStep::SignIn), Call::Login(Box::new(settings)))
            }
            Err(message) => {
                self.profile.login.error = Some(message);
                Vec::new()
            }
        }
    }

    fn on_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        match action {
            Action::Quit => return self.quit(),
            Action::Help => {
                self.popup = Some(Popup::Help);
                self.help_scroll.to_start();
            }
            Action::ShowError => {
                if self.profile.error.is_some() {
                    self.popup = Some(Popup::Error);
                }
            }
            Action::GoAccount => self.profile.screen = Screen::Account,
            Action::GoDomains => self.profile.screen = Screen::Domains,
            Action::GoCertificates => self.profile.screen = Screen::Certificates,
            Action::GoUpgrades => self.profile.screen = Screen::Upgrades,
            Action::GoRadar => self.profile.screen = Screen::Radar,
            Action::Profiles => self.open_switcher(),
            Action::LastProfile => match self.previous {
                Some(p) => return self.switch_to(p),
                None if self.profiles.len() > 1 => return self.switch_to((self.active + 1) % self.profiles.len()),
                None => self.open_switcher(),
            },
            Action::ToggleLanguage => return self.toggle_language(),
            Action::Logout => return self.logout(),
            Action::Watch => return self.change_watchlist(true),
            Action::Unwatch => return self.change_watchlist(false),
            Action::NextScreen => self.cycle_screen(1),
            Action::PrevScreen => self.cycle_screen(-1),
            Action::Up => self.scroll(-1),
            Action::Down => self.scroll(1),
            Action::PageUp => self.scroll(-page),
            Action::PageDown => self.scroll(page),
            Action::Home => self.scroll_to(false),
            Action::End => self.scroll_to(true),
            Action::Open => self.open(),
            Action::Back => return self.back(),
            Action::Refresh => return self.refresh(),
            Action::Lookup => self.open_lookup(),
            Action::Filter if self.profile.screen == Screen::Domains && self.profile.domains.detail.is_none() => {
                self.prompt = Some(Prompt::new(PromptKind::Filter, &self.profile.domains.filter));
            }
            Action::Filter => return self.unchanged(),
            Action::PrevContact => self.profile.certificates.cycle_contact(-1),
            Action::NextContact => self.profile.certificates.cycle_contact(1),
            Action::Choose => self.profile.upgrades.choose(),
            Action::ChoosePrev => self.profile.upgrades.step_choice(-1),
            Action::ChooseNext => self.profile.upgrades.step_choice(1),
            Action::Copy => return self.copy(),
            Action::Save => self.open_save(),
        }
        self.keep_selection_visible();
        Vec::new()
    }

    /// `L`: the UI and the portal's answers in the other language; the current view is
    /// fetched again so its portal text follows.
    fn toggle_language(&mut self) -> Vec<Command> {
        self.profile.language = self.profile.language.toggled();
        self.profile.login.language = self.profile.language;
        self.profile.info = Some(T::LanguageNow.get(self.profile.language).to_owned());
        let mut commands = vec![Command::Language { profile: self.active, language: self.profile.language }];
        if self.profile.session.is_some() {
            commands.extend(self.refresh());
        }
        commands
    }

    /// Ends the active profile's session (and deletes its remembered session), back to its
    /// login form with the password cleared; the watchlist stays.
    fn logout(&mut self) -> Vec<Command> {
        let host = self.profile.session.as_ref().map(|s| s.host.clone()).unwrap_or_default();
        let remembered = self.profile.login.remembered_settings().is_some();
        let mut commands: Vec<Command> = self.profile.pending.drain(..).map(|(id, _)| Command::Cancel(id)).collect();
        let mut login = self.profile.login.clone();
        login.password = tui_input::Input::default();
        login.focus = Field::Password;
        login.error = None;
        let watch = WatchState {
            list: self.profile.watch.list.clone(),
            save_to: self.profile.watch.save_to.clone(),
            ..WatchState::default()
        };
        let language = self.profile.language;
        self.reset_active(login, watch);
        self.profile.language = language;
        let text = if remembered { T::LoggedOutForgotten } else { T::LoggedOut };
        self.profile.info = Some(text.fill(language, &[("host", &host)]));
        commands.extend(self.send(Slot::Logout, Call::Logout));
        commands
    }

    fn cycle_screen(&mut self, step: isize) {
        let i = Screen::TABS.iter().position(|s| *s == self.profile.screen).unwrap_or(0) as isize;
        self.profile.screen = Screen::TABS[(i + step).rem_euclid(Screen::TABS.len() as isize) as usize];
    }

    /// Lines in a page: what PageUp/PageDown move.
    fn page(&self) -> isize {
        self.body_rows().saturating_sub(2).max(1) as isize
    }

    /// The document shown, when the screen shows one rather than a list.
    fn document(&mut self) -> Option<&mut Scroll> {
        match self.profile.screen {
            Screen::Account => Some(&mut self.profile.account_scroll),
            Screen::Domains if self.profile.domains.detail.is_some() => Some(&mut self.profile.domains.detail_scroll),
            Screen::Certificates => Some(&mut self.profile.certificates.scroll),
            _ => None,
        }
    }

    fn scroll(&mut self, delta: isize) {
        if let Some(document) = self.document() {
            return document.by(delta);
        }
        match self.profile.screen {
            Screen::Domains => self.profile.domains.move_by(delta),
            Screen::Upgrades => self.profile.upgrades.move_cursor(delta),
            Screen::Radar => self.profile.watch.move_by(delta),
            Screen::Login | Screen::Account | Screen::Certificates => {}
        }
    }

    fn scroll_to(&mut self, end: bool) {
        if let Some(document) = self.document() {
            return if end { document.to_end() } else { document.to_start() };
        }
        match self.profile.screen {
            Screen::Domains if self.profile.domains.detail.is_none() => self.profile.domains.move_to(end),
            Screen::Upgrades => self.profile.upgrades.move_to(end),
            Screen::Radar => self.profile.watch.move_by(if end { isize::MAX / 2 } else { isize::MIN / 2 }),
            _ => {}
        }
    }

    fn keep_selection_visible(&mut self) {
        let rows = self.body_rows().saturating_sub(3);
        self.profile.domains.scroll_into_view(rows);
    }

    fn open(&mut self) {
        if self.profile.screen == Screen::Radar {
            return self.open_radar_item();
        }
        if self.profile.screen == Screen::Domains && self.profile.domains.detail.is_none() {
            self.profile.domains.detail = self.profile.domains.selected_index();
            self.profile.domains.detail_scroll.to_start();
        }
    }

    /// Shows the selected radar item on its own screen.
    fn open_radar_item(&mut self) {
        let Some(item) = self.profile.watch.items.get(self.profile.watch.selected) else { return };
        match item.kind {
            crate::radar::Kind::Domain => {
                if self.profile.domains.select_id(&item.id) {
                    self.profile.screen = Screen::Domains;
                    self.profile.domains.detail = self.profile.domains.selected_index();
                    self.profile.domains.detail_scroll.to_start();
                }
            }
            crate::radar::Kind::Certificate => {
                let id: Option<u64> = item.id.parse().ok();
                if let Some((id, Ok(cert))) =
                    id.and_then(|id| self.profile.watch.certificates.get(&id).map(|c| (id, c)))
                {
                    if self.profile.certificates.id != Some(id) {
                        self.profile.certificates.scroll.to_start();
                        self.profile.certificates.contact = 0;
                    }
                    self.profile.certificates.id = Some(id);
                    self.profile.certificates.certificate = Some(cert.clone());
                    self.profile.screen = Screen::Certificates;
                }
            }
        }
    }

    fn back(&mut self) -> Vec<Command> {
        if self.is_busy_on(self.profile.screen) {
            return self.cancel_screen(self.profile.screen);
        }
        if self.profile.screen == Screen::Domains && self.profile.domains.detail.take().is_some() {
            return Vec::new();
        }
        if self.profile.screen == Screen::Domains && !self.profile.domains.filter.is_empty() {
            self.profile.domains.set_filter("");
            return Vec::new();
        }
        self.profile.error = None;
        self.profile.info = None;
        Vec::new()
    }

    fn refresh(&mut self) -> Vec<Command> {
        self.profile.error = None;
        match self.profile.screen {
            Screen::Account | Screen::Login => self.send(Slot::Account, fetch(Query::Details)),
            Screen::Domains => {
                let names = self.profile.domains.names.clone();
                names.into_iter().flat_map(|n| self.send(Slot::Domain(n.clone()), fetch(Query::Domain(n)))).collect()
            }
            Screen::Certificates => match self.profile.certificates.id {
                Some(id) => self.send(Slot::Certificate(id), fetch(Query::Certificate(id))),
                None => Vec::new(),
            },
            Screen::Upgrades => match self.profile.upgrades.service_id {
                Some(id) => self.send(Slot::Upgrade(id), fetch(Query::Upgrade(id))),
                None => Vec::new(),
            },
            Screen::Radar => self.fetch_watched(false),
        }
    }

    fn open_lookup(&mut self) {
        let kind = match self.profile.screen {
            Screen::Domains => PromptKind::Domain,
            Screen::Certificates => PromptKind::Certificate,
            Screen::Upgrades => PromptKind::Service,
            _ => return,
        };
        self.prompt = Some(Prompt::new(kind, ""));
    }

    fn open_save(&mut self) {
        match self.profile.screen {
            Screen::Certificates => {
                if let Some(cert) = &self.profile.certificates.certificate {
                    let name =
                        if cert.domain.is_empty() { format!("certificate-{}", cert.id) } else { cert.domain.clone() };
                    self.prompt = Some(Prompt::new(PromptKind::SaveCsr, &format!("{}.csr", safe_file_name(&name))));
                }
            }
            Screen::Upgrades if self.profile.upgrades.options.is_some() => {
                let id = self.profile.upgrades.service_id.unwrap_or_default();
                self.prompt = Some(Prompt::new(PromptKind::SaveSummary, &format!("upgrade-{id}.txt")));
            }
            _ => {}
        }
    }

    fn copy(&mut self) -> Vec<Command> {
        let text = match self.profile.screen {
            Screen::Certificates => {
                self.profile.certificates.certificate.as_ref().map(|c| c.csr.clone()).filter(|c| !c.is_empty())
            }
            Screen::Upgrades => Some(self.profile.upgrades.summary(self.profile.language)).filter(|s| !s.is_empty()),
            _ => None,
        };
        match text {
            Some(text) => self.send(Slot::Copy, Local::Copy(text)),
            None => Vec::new(),
        }
    }

    fn on_prompt_key(&mut self, key: KeyEvent) -> Vec<Command> {
        let Some(prompt) = self.prompt.as_mut() else {
            return Vec::new();
        };
        let filter = prompt.kind == PromptKind::Filter;
        match key.code {
            KeyCode::Esc => {
                self.prompt = None;
                if filter {
                    self.profile.domains.set_filter("");
                }
            }
            KeyCode::Enter if filter => self.prompt = None,
            KeyCode::Enter => return self.submit_prompt(),
            _ => {
                prompt.input.handle_event(&Event::Key(key));
                prompt.error = None;
                if filter {
                    let text = prompt.input.value().to_owned();
                    self.profile.domains.set_filter(&text);
                }
            }
        }
        self.keep_selection_visible();
        Vec::new()
    }

    fn submit_prompt(&mut self) -> Vec<Command> {
        let Some(prompt) = self.prompt.as_mut() else {
            return Vec::new();
        };
        let text = prompt.input.value().to_owned();
        let result = match prompt.kind {
            PromptKind::Domain => prompt::domain_name(&text, self.profile.language)
                .map(|name| (Slot::Domain(name.clone()), fetch(Query::Domain(name)))),
            // Applied while typing; Enter only closes the prompt (see `on_prompt_key`).
            PromptKind::Filter => return Vec::new(),
            PromptKind::Certificate => {
                let what = T::PromptCertificate.get(self.profile.language).to_lowercase();
                prompt::numeric_id(&text, &what, self.profile.language)
                    .map(|id| (Slot::Certificate(id), fetch(Query::Certificate(id))))
            }
            PromptKind::Service => {
                let what = T::PromptService.get(self.profile.language).to_lowercase();
                prompt::numeric_id(&text, &what, self.profile.language)
                    .map(|id| (Slot::Upgrade(id), fetch(Query::Upgrade(id))))
            }
            PromptKind::SaveCsr | PromptKind::SaveSummary if text.trim().is_empty() => {
                Err(T::TypeFileName.get(self.profile.language).to_owned())
            }
            PromptKind::SaveCsr => {
                let contents =
                    self.profile.certificates.certificate.as_ref().map(|c| c.csr.clone()).unwrap_or_default();
                Ok((Slot::Save, Ask::from(Local::SaveFile { path: PathBuf::from(text.trim()), contents })))
            }
            PromptKind::SaveSummary => {
                let contents = self.profile.upgrades.summary(self.profile.language);
                Ok((Slot::Save, Ask::from(Local::SaveFile { path: PathBuf::from(text.trim()), contents })))
            }
        };
        match result {
            Ok((slot, request)) => {
                self.prompt = None;
                if matches!(slot, Slot::Domain(_)) {
                    // A new name shows up in the list, not behind a filter.
                    self.profile.domains.set_filter("");
                }
                self.profile.error = None;
                self.profile.info = None;
                self.send(slot, request)
            }
            Err(message) => {
                if let Some(p) = self.prompt.as_mut() {
                    p.error = Some(message);
                }
                Vec::new()
            }
        }
    }
}

/// A file name from portal text: only characters safe in any file system.
fn safe_file_name(text: &str) -> String {
    text.chars().map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' }).collect()
}
