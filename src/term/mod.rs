//! The dashboard's terminal side: state is built first, then one guard owns the terminal
//! (raw mode, alternate screen) and one `select!` loop feeds keys, worker answers, spinner
//! ticks and signals into `App::update`, drawing only when the update changed something.

pub mod clipboard;
pub mod crash;

use std::io::IsTerminal;
use std::time::Duration;

use crossterm::event::{Event, EventStream, KeyEventKind};
use futures::StreamExt;
use ratatui::DefaultTerminal;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::mpsc;

use crate::app::{App, Command, DemoLogins, Local, LoginForm, Msg, Outcome, Response, WatchState};
use crate::cli::Cli;
use crate::config::settings::{SettingsError, Startup};
use crate::config::theme::Theme;
use crate::demo::{CLIENT_HOST, DemoOptions, DemoPortal, RESELLER_HOST};
use crate::worker;

/// The spinner appears only for calls slower than this, so fast ones don't flicker.
const SPINNER_DELAY: Duration = Duration::from_millis(150);
const SPINNER_FRAME: Duration = Duration::from_millis(100);
/// How long a confirmation that just opened takes no key: about a reaction time, so a key
/// meant for the screen under it (`y` copies there) cannot answer it.
const SETTLE: Duration = Duration::from_millis(300);

/// Restores the terminal when dropped: on return, on error and while unwinding.
struct TerminalGuard {
    mouse: bool,
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = crossterm::execute!(std::io::stdout(), crossterm::event::DisableBracketedPaste);
        if self.mouse {
            let _ = crossterm::execute!(std::io::stdout(), crossterm::event::DisableMouseCapture);
        }
        ratatui::restore();
    }
}

/// ratatui's hook leaves raw mode and the alternate screen, then hands over to the crash
/// report; this one shows the cursor before all that, so the report lands on a terminal
/// that is whole.
fn show_cursor_on_panic(mouse: bool) {
    let restore_and_report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ =
            crossterm::execute!(std::io::stdout(), crossterm::cursor::Show, crossterm::event::DisableBracketedPaste);
        if mouse {
            let _ = crossterm::execute!(std::io::stdout(), crossterm::event::DisableMouseCapture);
        }
        restore_and_report(info);
    }));
}

/// Why the dashboard stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Quit,
    /// SIGTERM (15), SIGHUP (1) or SIGINT (2).
    Signal(u8),
}

/// Runs the dashboard until the user quits or a signal arrives.
pub async fn run(cli: &Cli) -> color_eyre::Result<Exit> {
    let demo = if cli.demo { Some(DemoPortal::start_local(DemoOptions::default()).await?) } else { None };
    // The run's language before a profile is read (`--lang`, `PORTAL_LANG`).
    let early = cli.portal.lang.unwrap_or_default();
    let startup = match &demo {
        Some(d) => Startup::demo(d, cli.profile.as_deref(), early)?,
        None => Startup::load(cli.config.as_deref(), cli.profile.as_deref(), early)?,
    };
    let (profiles, active) = startup.all_profiles(&cli.portal)?;
    let demo_logins = demo.as_ref().map(|d| {
        let login = |host| d.login_for(host).map(|l| (l.host, l.username, l.password));
        DemoLogins { client: login(CLIENT_HOST), reseller: login(RESELLER_HOST) }
    });
    let forms = profiles
        .into_iter()
        .map(|(mut partial, list)| {
            if let Some(d) = &demo {
                partial.use_demo(d);
            }
            // The demo's profiles live in memory only.
            let save_to = match (&demo, &partial.profile) {
                (None, Some(name)) => Some((startup.loaded.path.clone(), name.clone())),
                _ => None,
            };
            (LoginForm::new(partial, demo_logins.clone()), WatchState { list, save_to, ..WatchState::default() })
        })
        .collect();
    // The first form is replaced by the chosen profile's straight away.
    let placeholder = LoginForm::new(Default::default(), None);
    // Every change attempted is logged, the demo portal's to a log of its own.
    let change_log = crate::config::change_log::Log::for_run(demo.is_some());
    // The sign-in form can be saved as a profile of the configuration (not the demo's).
    let config_path = demo.is_none().then(|| startup.loaded.path.clone());
    let mut app = App::new(placeholder, crate::api::models::today())
        .with_profiles(forms, active)
        .with_change_log(change_log)
        .with_config_path(config_path);
    // A first run: no config, no flags, no demo. Say how to start.
    if demo.is_none() && startup.profile.is_none() && app.profile().login.base_url.value().trim().is_empty() {
        let path = crate::config::default_path().map_or_else(String::new, |p| p.display().to_string());
        app.profile_mut().login.hint =
            Some(crate::i18n::Text::FirstRun.fill(app.profile().language, &[("path", &path)]));
    }
    let config = &startup.loaded.config;
    let theme = Theme::load(config.theme.as_deref()).map_err(SettingsError)?;
    app.shell.keymap = config.keymap().map_err(SettingsError)?;
    app.shell.times = config.times().map_err(SettingsError)?;
    app.shell.inside_tmux = clipboard::inside_tmux();
    app.shell.notice = app.shell.keymap.keyless_warning(app.profile().language);
    let mouse = cli.mouse || config.mouse;
    let (answers_tx, answers) = mpsc::unbounded_channel();
    let jobs = worker::spawn(answers_tx);

    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(SettingsError(crate::i18n::Text::ConfigNeedsTerminal.get(app.profile().language).into()).into());
    }
    let mut terminal = ratatui::try_init()?;
    show_cursor_on_panic(mouse);
    let _guard = TerminalGuard { mouse };
    // Pasted text then arrives as one paste, never as keys: a line break in it cannot
    // submit a form nor a `y` in it confirm a change.
    crossterm::execute!(std::io::stdout(), crossterm::event::EnableBracketedPaste)?;
    if mouse {
        crossterm::execute!(std::io::stdout(), crossterm::event::EnableMouseCapture)?;
    }
    let result = Loop { terminal: &mut terminal, app, theme: &theme, jobs: &jobs }.run(answers).await;
    drop(demo);
    result
}

/// The loop: it owns the app's state, hands it every message, draws when it changed and
/// carries out what it asks for.
struct Loop<'a> {
    terminal: &'a mut DefaultTerminal,
    app: App,
    theme: &'a Theme,
    jobs: &'a mpsc::UnboundedSender<Command>,
}

impl Loop<'_> {
    async fn run(mut self, mut answers: mpsc::UnboundedReceiver<Response>) -> color_eyre::Result<Exit> {
        let mut events = EventStream::new();
        let mut terminate = signal(SignalKind::terminate())?;
        let mut hangup = signal(SignalKind::hangup())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut ticks = tokio::time::interval(SPINNER_FRAME);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Runs while a confirmation that just opened settles.
        let settle = tokio::time::sleep(Duration::ZERO);
        tokio::pin!(settle);
        let mut settling = false;
        // Runs only while something on screen changes with time alone (`App::clock`): the
        // session's countdown, a message about to fade. Otherwise nothing wakes the loop.
        let clock = tokio::time::sleep(Duration::ZERO);
        tokio::pin!(clock);

        let size = self.terminal.size()?;
        self.app.update(Msg::Resize(size.width, size.height));
        let start = self.app.start();
        if self.app.is_busy() {
            ticks.reset_after(SPINNER_DELAY);
        }
        if self.carry_out(start)? {
            return Ok(Exit::Quit);
        }
        self.draw()?;
        let mut clock_on = self.set_clock(clock.as_mut());
        // A deliberate crash for the tests of the panic path (debug builds only).
        if cfg!(debug_assertions) && std::env::var_os("PORTAL_TUI_TEST_PANIC").is_some() {
            panic!("test panic requested with PORTAL_TUI_TEST_PANIC");
        }

        loop {
            let msg = tokio::select! {
                event = events.next() => match event {
                    Some(Ok(Event::Key(key))) if key.kind == KeyEventKind::Press => Msg::Key(key),
                    Some(Ok(Event::Resize(w, h))) => Msg::Resize(w, h),
                    Some(Ok(Event::Mouse(m))) => Msg::Mouse(m),
                    Some(Ok(Event::Paste(text))) => Msg::Paste(text),
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return Err(e.into()),
                    None => return Ok(Exit::Quit),
                },
                Some(answer) = answers.recv() => Msg::Response(Box::new(answer)),
                _ = ticks.tick(), if self.app.is_busy() => Msg::Tick,
                () = &mut settle, if settling => {
                    settling = false;
                    Msg::Settled
                }
                () = &mut clock, if clock_on => Msg::Clock(std::time::SystemTime::now()),
                _ = terminate.recv() => return Ok(Exit::Signal(15)),
                _ = hangup.recv() => return Ok(Exit::Signal(1)),
                _ = interrupt.recv() => return Ok(Exit::Signal(2)),
            };
            let was_busy = self.app.is_busy();
            let commands = self.app.update(msg);
            if !was_busy && self.app.is_busy() {
                ticks.reset_after(SPINNER_DELAY);
            }
            if self.carry_out(commands)? {
                return Ok(Exit::Quit);
            }
            if self.app.take_confirmation_opened() {
                self.drop_waiting_keys(&mut events).await?;
                settle.as_mut().reset(tokio::time::Instant::now() + settle_time());
                settling = true;
            }
            if self.app.take_redraw() {
                self.draw()?;
            }
            clock_on = self.set_clock(clock.as_mut());
        }
    }

    fn draw(&mut self) -> color_eyre::Result<()> {
        let (app, theme) = (&self.app, self.theme);
        self.terminal.draw(|f| crate::ui::draw(f, &app.frame_view(), theme))?;
        Ok(())
    }

    /// Sets the clock for the next change time alone makes on screen; false when there is
    /// none (the loop then waits for a key or an answer only).
    fn set_clock(&self, clock: std::pin::Pin<&mut tokio::time::Sleep>) -> bool {
        match self.app.clock(std::time::SystemTime::now()) {
            Some(wait) => {
                clock.reset(tokio::time::Instant::now() + wait);
                true
            }
            None => false,
        }
    }

    /// A confirmation just opened: what the terminal had already sent (keys typed ahead, a
    /// paste from a terminal without bracketed paste) is read and dropped, so none of it
    /// answers it. A resize still counts.
    async fn drop_waiting_keys(&mut self, events: &mut EventStream) -> color_eyre::Result<()> {
        use std::task::Poll;
        let mut dropped = 0usize;
        let app = &mut self.app;
        // The stream reads the terminal without waiting first: only what is there now is
        // ready. Polled with this task's own waker, so the stream still wakes the loop later.
        let ended = std::future::poll_fn(|cx| {
            loop {
                match events.poll_next_unpin(cx) {
                    Poll::Ready(Some(Ok(Event::Resize(w, h)))) => {
                        app.update(Msg::Resize(w, h));
                    }
                    Poll::Ready(Some(Ok(_))) => dropped += 1,
                    Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                    Poll::Ready(None) | Poll::Pending => return Poll::Ready(Ok(())),
                }
            }
        })
        .await;
        if dropped > 0 {
            tracing::debug!(dropped, "events waiting when a confirmation opened were dropped");
        }
        Ok(ended?)
    }

    /// Carries out `update`'s commands; true when the app should stop. What the loop itself
    /// did (a copy) goes back through `update` as an answer.
    fn carry_out(&mut self, commands: Vec<Command>) -> color_eyre::Result<bool> {
        let mut queue = std::collections::VecDeque::from(commands);
        while let Some(command) = queue.pop_front() {
            match command {
                Command::Quit => return Ok(true),
                Command::Local { id, work: Local::Copy(text) } => {
                    let copied =
                        crate::term::clipboard::copy(&text, self.terminal.backend_mut()).map_err(|e| e.to_string());
                    let answer = Response::new(id, Outcome::Copied(copied), None);
                    queue.extend(self.app.update(Msg::Response(Box::new(answer))));
                }
                other => {
                    let _ = self.jobs.send(other);
                }
            }
        }
        Ok(false)
    }
}

/// How long a confirmation that just opened takes no key. A test of the debug build may
/// make it longer (`PORTAL_TUI_TEST_SETTLE_MS`), so that keys it types while one opens are
/// ignored whatever the machine's speed.
fn settle_time() -> Duration {
    let asked = || std::env::var("PORTAL_TUI_TEST_SETTLE_MS").ok()?.parse().ok();
    cfg!(debug_assertions).then(asked).flatten().map_or(SETTLE, Duration::from_millis)
}
