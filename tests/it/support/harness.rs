//! Drives `App::update` with real keys and the real worker against a demo portal, without a
//! terminal, and draws its screens (`screen`).

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::api::{AuthMethod, Language, Role};
use portal_tui::app::{App, Command, Local, LoginForm, Msg, Outcome, Response};
use portal_tui::config::settings::Partial;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use portal_tui::worker;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tokio::sync::mpsc;

pub const TODAY: time::Date = time::macros::date!(2026 - 11 - 21);

pub struct Harness {
    pub app: App,
    pub demo: DemoPortal,
    jobs: mpsc::UnboundedSender<Command>,
    /// Where the loop's own answers (a copy) go, as the real loop feeds them back.
    loop_answers: mpsc::UnboundedSender<Response>,
    pub answers: mpsc::UnboundedReceiver<Response>,
}

/// The demo portal's login for `host`, with Basic auth (a stable status bar: no token
/// countdown) and short time-outs.
fn demo_login(demo: &DemoPortal, host: &str) -> Partial {
    let login = demo.login_for(host).unwrap();
    Partial {
        base_url: Some(demo.url()),
        host: Some(login.host),
        role: if host == portal_tui::demo::RESELLER_HOST { Role::Reseller } else { Role::Client },
        language: Language::English,
        auth: AuthMethod::Basic,
        username: Some(login.username),
        password: Some(login.password.into()),
        connect_timeout: Duration::from_secs(2),
        timeout: Duration::from_secs(3),
        ..Partial::default()
    }
}

impl Harness {
    /// A logged-out app whose login form is filled for the demo client with Basic auth
    /// (a stable status bar: no token countdown), on a demo portal that answers only the
    /// seed's six routes: the dashboard as lookups by name and id drive it.
    pub async fn new() -> Harness {
        Harness::with_options(DemoOptions { seed_only: true, ..DemoOptions::default() }).await
    }

    /// Logged in to a demo portal that answers every route: the lists fill the screens.
    pub async fn whole_account() -> Harness {
        let mut h = Harness::with_options(DemoOptions::default()).await;
        let commands = h.app.start();
        h.run(commands).await;
        h
    }

    pub async fn with_options(options: DemoOptions) -> Harness {
        let demo = DemoPortal::start_local(DemoOptions { today: Some(TODAY), ..options }).await.unwrap();
        let partial = demo_login(&demo, CLIENT_HOST);
        let app = App::new(LoginForm::new(partial, None), TODAY);
        let (tx, answers) = mpsc::unbounded_channel();
        let jobs = worker::spawn(tx.clone());
        Harness { app, demo, jobs, loop_answers: tx, answers }
    }

    /// Logged in by Basic auth to a portal written in the test, at `url` as `host` (the
    /// harness's demo portal is started but not used).
    pub async fn on_portal(url: &str, host: &str) -> Harness {
        let mut h = Harness::with_options(DemoOptions { seed_only: true, ..DemoOptions::default() }).await;
        let partial = Partial {
            base_url: Some(url.to_owned()),
            host: Some(host.to_owned()),
            username: Some("me@shop.vn".into()),
            password: Some("secret-password".to_owned().into()),
            ..demo_login(&h.demo, CLIENT_HOST)
        };
        h.app = App::new(LoginForm::new(partial, None), TODAY);
        let commands = h.app.start();
        h.run(commands).await;
        h
    }

    /// The same harness with a profile's watchlist (and where to save it).
    pub fn watching(
        mut self,
        list: portal_tui::radar::Watchlist,
        save_to: Option<(std::path::PathBuf, String)>,
    ) -> Harness {
        let blank = App::new(LoginForm::new(Partial::default(), None), TODAY);
        self.app = std::mem::replace(&mut self.app, blank).with_watchlist(list, save_to);
        self
    }

    /// The same harness writing the changes it makes to this change log.
    pub fn logging_changes(mut self, path: std::path::PathBuf) -> Harness {
        let blank = App::new(LoginForm::new(Partial::default(), None), TODAY);
        let log = portal_tui::config::change_log::Log { path, demo: false };
        self.app = std::mem::replace(&mut self.app, blank).with_change_log(Some(log));
        self
    }

    /// The demo login of `host` as a named profile's settings.
    pub fn demo_profile(&self, name: &str, host: &str) -> Partial {
        Partial { profile: Some(name.into()), ..demo_login(&self.demo, host) }
    }

    /// The same harness with these profiles (the first one active), nothing watched.
    pub fn with_profiles(mut self, profiles: Vec<Partial>) -> Harness {
        let forms =
            profiles.into_iter().map(|p| (LoginForm::new(p, None), portal_tui::app::WatchState::default())).collect();
        let blank = App::new(LoginForm::new(Partial::default(), None), TODAY);
        self.app = blank.with_profiles(forms, 0);
        self
    }

    /// Logs in and waits for the account.
    pub async fn logged_in() -> Harness {
        let mut h = Harness::new().await;
        let commands = h.app.start();
        h.run(commands).await;
        h
    }

    pub fn send(&mut self, commands: Vec<Command>) {
        for c in commands {
            match c {
                // No terminal here: the copy is taken as sent.
                Command::Local { id, work: Local::Copy(_) } => {
                    let copied = Ok(portal_tui::term::clipboard::Copied::Osc52);
                    self.loop_answers.send(Response::new(id, Outcome::Copied(copied), None)).unwrap();
                }
                c if c.is_for_worker() => self.jobs.send(c).unwrap(),
                _ => {}
            }
        }
    }

    /// Carries out commands and feeds answers back until nothing is in flight.
    pub async fn run(&mut self, commands: Vec<Command>) {
        self.send(commands);
        self.settle();
        while self.app.is_waiting() {
            let answer =
                tokio::time::timeout(Duration::from_secs(10), self.answers.recv()).await.expect("answer in time");
            let more = self.app.update(Msg::Response(Box::new(answer.unwrap())));
            self.send(more);
            self.settle();
        }
    }

    /// A confirmation that opened takes keys a moment later, as the loop says it does.
    fn settle(&mut self) {
        if self.app.take_confirmation_opened() {
            self.app.update(Msg::Settled);
        }
    }

    /// A key's commands, not carried out.
    pub fn press(&mut self, code: KeyCode) -> Vec<Command> {
        self.app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
    }

    /// A key taken in and what it asks sent, its answers left waiting (see `answer_until`).
    pub fn key_sent(&mut self, code: KeyCode) {
        let commands = self.press(code);
        self.send(commands);
    }

    /// Ctrl and a letter, carried out.
    pub async fn ctrl(&mut self, c: char) {
        let commands = self.app.update(Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)));
        self.run(commands).await;
    }

    /// Takes the answers waiting one at a time, each with what it asks sent, until `done`
    /// holds: a state between two answers (a change answered, its read-back not yet).
    pub async fn answer_until(&mut self, done: impl Fn(&Harness) -> bool) {
        while !done(self) {
            let answer =
                tokio::time::timeout(Duration::from_secs(10), self.answers.recv()).await.expect("answer in time");
            let more = self.app.update(Msg::Response(Box::new(answer.expect("an answer"))));
            self.send(more);
        }
    }

    pub async fn key(&mut self, code: KeyCode) {
        let commands = self.app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        self.run(commands).await;
    }

    pub async fn keys(&mut self, keys: &str) {
        for c in keys.chars() {
            self.key(KeyCode::Char(c)).await;
        }
    }

    /// Logged in to the whole account, the first domain's detail open on the Domains screen,
    /// the traffic so far forgotten.
    pub async fn on_first_domain() -> Harness {
        let mut h = Harness::whole_account().await;
        h.key(KeyCode::Char('2')).await;
        h.key(KeyCode::Enter).await;
        h.demo.reset_traffic();
        h
    }

    /// A new DNS record typed into the form: host, the type by its first letter (none: A,
    /// the first), content; Enter.
    pub async fn add_record(&mut self, host: &str, kind: Option<char>, content: &str) {
        self.key(KeyCode::Char('n')).await;
        self.keys(host).await;
        self.key(KeyCode::Tab).await;
        if let Some(kind) = kind {
            self.key(KeyCode::Char(kind)).await;
        }
        self.key(KeyCode::Tab).await;
        self.keys(content).await;
        self.key(KeyCode::Enter).await;
    }

    /// `/`, the text, Enter: a lookup on the current screen.
    pub async fn lookup(&mut self, text: &str) {
        self.key(KeyCode::Char('/')).await;
        self.keys(text).await;
        self.key(KeyCode::Enter).await;
    }

    /// `0`: the Overview, opened and its reads answered.
    pub async fn open_overview(&mut self) {
        let commands = self.press(KeyCode::Char('0'));
        self.run(commands).await;
        assert_eq!(self.app.profile().screen, portal_tui::app::Screen::Overview);
    }

    /// The requests the demo portal took that were not reads: the changes sent (and logins).
    pub fn changes_sent(&self) -> Vec<String> {
        self.demo.requests().into_iter().filter(|r| !r.starts_with("GET")).collect()
    }

    /// The kind of question the status line asks, if one.
    pub fn prompt_kind(&self) -> Option<portal_tui::app::PromptKind> {
        self.app.shell.prompt.as_ref().map(|p| p.kind)
    }

    /// The screen at this size as plain text, a line per row.
    pub fn screen_text(&mut self, width: u16, height: u16) -> String {
        super::screen::text(&self.render(width, height))
    }

    /// The screen drawn at this size, after the app heard of the size as the loop tells it.
    pub fn render(&mut self, width: u16, height: u16) -> Terminal<TestBackend> {
        self.app.update(Msg::Resize(width, height));
        super::screen::draw(&self.app, width, height)
    }
}
