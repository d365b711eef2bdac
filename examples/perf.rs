//! Measurement harness for BENCHMARKS.md: `cargo run --profile dist --example perf`; with
//! `-- large`, only the whole account at 100,000 domains, services and invoices (and marking
//! all of its domains; `-- large marking`: the marking only).
//! Prints figures; asserts nothing. Everything runs against the embedded demo portal on
//! loopback, in this process.

use std::io::Write;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::api::models::{DomainRecords, InvoiceList, ServiceList};
use portal_tui::api::{AuthMethod, BaseUrl, ClientSettings, Credentials, Language, Operation, PortalClient};
use portal_tui::app::{App, Command, LoginForm, Msg, Screen};
use portal_tui::config::settings::Partial;
use portal_tui::config::theme::Theme;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use portal_tui::radar::Watchlist;
use portal_tui::worker;
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};
use tokio::sync::mpsc;

const RECORDS: usize = 10_000;

/// Counts the bytes a terminal backend writes.
struct Counter(std::rc::Rc<std::cell::Cell<usize>>);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn settings(demo: &DemoPortal) -> ClientSettings {
    let login = demo.login_for(CLIENT_HOST).unwrap();
    ClientSettings {
        base_url: BaseUrl::parse(&demo.url()).unwrap(),
        host: login.host,
        language: Language::English,
        auth: AuthMethod::Basic,
        credentials: Credentials::new(login.username, login.password),
        connect_timeout: Duration::from_secs(5),
        timeout: Duration::from_secs(20),
        ca_cert: None,
        remember: None,
    }
}

fn partial(demo: &DemoPortal) -> Partial {
    let login = demo.login_for(CLIENT_HOST).unwrap();
    Partial {
        base_url: Some(demo.url()),
        host: Some(login.host),
        username: Some(login.username),
        password: Some(login.password.into()),
        auth: AuthMethod::Basic,
        connect_timeout: Duration::from_secs(5),
        timeout: Duration::from_secs(20),
        ..Partial::default()
    }
}

/// The demo portal's answers for `names`, as sent, with their records joined into one answer.
async fn portal_answers(demo: &DemoPortal, names: &[String]) -> Vec<u8> {
    #[derive(serde::Deserialize)]
    struct Answer {
        details: Vec<Box<serde_json::value::RawValue>>,
    }
    let login = demo.login_for(CLIENT_HOST).unwrap();
    let http = reqwest::Client::new();
    let mut records = Vec::new();
    for name in names {
        let answer = http
            .get(format!("{}/domain/name/{name}", demo.url()))
            .basic_auth(&login.username, Some(&login.password))
            .header("X-Forwarded-Host", &login.host)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let answer: Answer = serde_json::from_slice(&answer).unwrap();
        records.extend(answer.details.into_iter().map(|r| r.get().to_owned()));
    }
    format!("{{\"details\":[{}]}}", records.join(",")).into_bytes()
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Keys as typed: `\x08` is Backspace, `\n` Enter, `\x1b` Esc; spaces are left out.
fn typed(keys: &str) -> Vec<KeyCode> {
    keys.chars()
        .filter(|c| *c != ' ')
        .map(|c| match c {
            '\x08' => KeyCode::Backspace,
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            c => KeyCode::Char(c),
        })
        .collect()
}

/// The portal's answer to `GET path`, as sent.
async fn answer(demo: &DemoPortal, path: &str) -> Vec<u8> {
    let login = demo.login_for(CLIENT_HOST).unwrap();
    let answer = reqwest::Client::new()
        .get(format!("{}{path}", demo.url()))
        .basic_auth(&login.username, Some(&login.password))
        .header("X-Forwarded-Host", &login.host)
        .send()
        .await
        .unwrap();
    answer.bytes().await.unwrap().to_vec()
}

/// Decodes a list answer 31 times the way the client reads it; prints the median. (Freeing
/// the decoded list is not counted: the dashboard keeps it.)
fn time_decoding<T>(what: &str, body: &[u8], decode: impl Fn(&[u8]) -> Vec<T>) {
    let mut runs = Vec::new();
    let mut count = 0;
    for _ in 0..31 {
        let t = Instant::now();
        let items = decode(body);
        runs.push(t.elapsed());
        count = items.len();
    }
    println!(
        "decode {what}: {count} items ({} KiB), 31 runs: median {}, min {}",
        body.len() / 1024,
        ms(percentile(&mut runs, 0.5)),
        ms(runs[0])
    );
}

/// This thread's CPU time: what a key cost apart from the time the machine gave to others
/// (the build machine is shared; a key preempted for a slice of another process's shows
/// that slice in its wall time).
fn thread_cpu() -> Duration {
    // SAFETY: clock_gettime writes the timespec it is given.
    let mut t: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Times each key's `update` and (when it asks for one) draw: wall time, and this thread's
/// CPU time.
fn key_to_frame(
    app: &mut App,
    terminal: &mut Terminal<TestBackend>,
    theme: &Theme,
    keys: &[KeyCode],
) -> Vec<(Duration, Duration)> {
    keys.iter()
        .map(|code| {
            let (t, cpu) = (Instant::now(), thread_cpu());
            app.update(key(*code));
            if app.take_redraw() {
                terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), theme)).unwrap();
            }
            (t.elapsed(), thread_cpu().saturating_sub(cpu))
        })
        .collect()
}

/// Runs the dashboard's start (log in, then the first round) through the real worker until
/// nothing is in flight.
async fn sign_in(app: &mut App) {
    let (tx, mut answers) = mpsc::unbounded_channel();
    let jobs = worker::spawn(tx);
    let send = |commands: Vec<Command>| {
        for c in commands.into_iter().filter(Command::is_for_worker) {
            jobs.send(c).unwrap();
        }
    };
    send(app.start());
    while app.is_busy() {
        let answer = answers.recv().await.unwrap();
        let more = app.update(Msg::Response(Box::new(answer)));
        send(more);
    }
}

/// The whole account at `--scale 10000`: 10,000 domains, 2,000 services and 5,000 invoices
/// listed by the portal, decoded, then browsed on their screens.
async fn whole_account(demo: &DemoPortal) {
    let domains = answer(demo, "/domain").await;
    time_decoding("GET /domain", &domains, |b| {
        portal_tui::api::read_answer::<DomainRecords>(Operation::Domains, b).unwrap().details
    });
    let services = answer(demo, "/service").await;
    time_decoding("GET /service", &services, |b| {
        portal_tui::api::read_answer::<ServiceList>(Operation::Services, b).unwrap().services
    });
    let invoices = answer(demo, "/invoice").await;
    time_decoding("GET /invoice", &invoices, |b| {
        portal_tui::api::read_answer::<InvoiceList>(Operation::Invoices, b).unwrap().invoices
    });

    let mut app = App::new(LoginForm::new(partial(demo), None), portal_tui::api::models::today());
    app.update(Msg::Resize(120, 40));
    let t = Instant::now();
    sign_in(&mut app).await;
    println!(
        "log in → all three lists shown ({} domains, {} services, {} invoices): {}",
        app.profile().screens.domains.list.shown,
        app.profile().screens.services.browse.items.len(),
        app.profile().screens.invoices.browse.items.len(),
        ms(t.elapsed())
    );
    let theme = Theme::ansi();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let moving = typed("jjJkGgjjjjkkJ");
    // `large marking`: only the marking below.
    let screens = if std::env::args().any(|a| a == "marking") { 0 } else { 3 };
    for (tab, screen, filter) in [
        ('2', "Domains", "f scale-012\x08\x085 act\x08\x08\x08\n j j \x1b"),
        ('3', "Services", "f vps\x08\x08\x08 scale-00\x08\x08 7\n j \x1b"),
        ('4', "Invoices", "f 2026\x08\x08\x08\x08 unpa\x08\x08\x08\x08\n j \x1b"),
    ]
    .into_iter()
    .take(screens)
    {
        app.update(key(KeyCode::Char(tab)));
        terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
        let mut moves = Vec::new();
        while moves.len() < 3000 {
            moves.extend(key_to_frame(&mut app, &mut terminal, &theme, &moving));
        }
        let filter = typed(filter);
        let mut filtering = Vec::new();
        while filtering.len() < 3000 {
            filtering.extend(key_to_frame(&mut app, &mut terminal, &theme, &filter));
        }
        let spread = |samples: &[(Duration, Duration)]| {
            let mut wall: Vec<Duration> = samples.iter().map(|s| s.0).collect();
            let mut cpu: Vec<Duration> = samples.iter().map(|s| s.1).collect();
            format!(
                "{} keys: p50 {} p99 {} (CPU p50 {} p99 {})",
                samples.len(),
                ms(percentile(&mut wall, 0.5)),
                ms(percentile(&mut wall, 0.99)),
                ms(percentile(&mut cpu, 0.5)),
                ms(percentile(&mut cpu, 0.99))
            )
        };
        println!("{screen}: key → frame moving, {}; filtering, {}", spread(&moves), spread(&filtering));
    }
    marking_all(&mut app, &mut terminal, &theme);
}

/// Marking on the Domains list of 100,000: `*` marks every entry shown and the title says
/// what they add up to; `Space` on a list all marked (one unmarked, the sum counted again);
/// `u` clears. Each key to its frame, 300 rounds.
fn marking_all(app: &mut App, terminal: &mut Terminal<TestBackend>, theme: &Theme) {
    app.update(key(KeyCode::Char('2')));
    terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), theme)).unwrap();
    let (mut all, mut space, mut clear) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..300 {
        all.extend(key_to_frame(app, terminal, theme, &[KeyCode::Char('*')]));
        space.extend(key_to_frame(app, terminal, theme, &[KeyCode::Char(' ')]));
        clear.extend(key_to_frame(app, terminal, theme, &[KeyCode::Char('u')]));
    }
    app.update(key(KeyCode::Char('*')));
    let marked = app.profile().screens.domains.marks.len();
    let title = app.profile().screens.domains.marks.said("VND", portal_tui::api::Language::English);
    let spread = |samples: &[(Duration, Duration)]| {
        let mut wall: Vec<Duration> = samples.iter().map(|s| s.0).collect();
        let mut cpu: Vec<Duration> = samples.iter().map(|s| s.1).collect();
        let (p50, p99) = (percentile(&mut wall, 0.5), percentile(&mut wall, 0.99));
        format!("p50 {} p99 {} (CPU p99 {})", ms(p50), ms(p99), ms(percentile(&mut cpu, 0.99)))
    };
    println!(
        "Domains marking ({marked} marked: {title}): key → frame `*` {}; `Space` {}; `u` {}",
        spread(&all),
        spread(&space),
        spread(&clear)
    );
    app.update(key(KeyCode::Char('u')));
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    if std::env::args().any(|a| a == "large") {
        // A reseller's account: 100,000 domains, services and invoices, browsed.
        let options = DemoOptions { scale: 100_000, scale_all: true, ..DemoOptions::default() };
        let demo = DemoPortal::start_local(options).await.unwrap();
        // The portal client sets up TLS for every HTTP client of the process, the harness's own too.
        PortalClient::new(settings(&demo)).unwrap();
        whole_account(&demo).await;
        return;
    }
    let demo = DemoPortal::start_local(DemoOptions { scale: RECORDS, ..DemoOptions::default() }).await.unwrap();
    let client = PortalClient::new(settings(&demo)).unwrap();
    let names: Vec<String> = (0..RECORDS / 50).map(|g| format!("scale-{g:04}.vn")).collect();

    // Fetch 10,000 records (200 names of 50) over HTTP.
    let began = Instant::now();
    let mut all = Vec::with_capacity(RECORDS);
    for name in &names {
        all.extend(client.domain_records(name).await.unwrap());
    }
    let fetch = began.elapsed();
    println!("fetch 200 lookups (10,000 records) sequentially: {}", ms(fetch));

    // Decode them as one answer, the way the client reads every answer (error fields and
    // records in one pass): the portal's own bytes for the 200 answers, joined into one
    // `{"details": [...]}` of 10,000 records.
    let body = portal_answers(&demo, &names).await;
    let mut decode = Vec::new();
    for _ in 0..31 {
        let t = Instant::now();
        let decoded: DomainRecords = portal_tui::api::read_answer(Operation::Domain, &body).unwrap();
        decode.push(t.elapsed());
        assert_eq!(decoded.details.len(), RECORDS);
    }
    println!(
        "decode 10,000 records ({} KiB), 31 runs: median {}, min {}",
        body.len() / 1024,
        ms(percentile(&mut decode, 0.5)),
        ms(decode[0])
    );

    // The dashboard with 10,000 records loaded: key → frame (update + draw) at 120×40.
    let mut app = App::new(LoginForm::new(partial(&demo), None), portal_tui::api::models::today());
    app.update(Msg::Resize(120, 40));
    for name in &names {
        let records: Vec<_> = all.iter().filter(|r| r.name == name).cloned().collect();
        app.profile_mut().screens.domains.set_records(name, records, true);
    }
    app.profile_mut().screen = Screen::Domains;
    let theme = Theme::ansi();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
    let keys =
        [KeyCode::Char('j'), KeyCode::Char('j'), KeyCode::PageDown, KeyCode::Char('k'), KeyCode::End, KeyCode::Home];
    let mut frames = Vec::new();
    for i in 0..3000 {
        let t = Instant::now();
        app.update(key(keys[i % keys.len()]));
        if app.take_redraw() {
            terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
        }
        frames.push(t.elapsed());
    }
    let p50 = percentile(&mut frames, 0.5);
    let p99 = percentile(&mut frames, 0.99);
    println!("key → frame with 10,000 records (move, page, home/end), 3000 keys: p50 {} p99 {}", ms(p50), ms(p99));

    // Filtering: each key typed into the filter narrows the 10,000 records again.
    let typing = typed("f scale-012\x08\x085 active\x08\x08\x08\x08\x08\x08\x08\n j j \x1b");
    let mut filtering = Vec::new();
    for _ in 0..100 {
        for code in &typing {
            let t = Instant::now();
            app.update(key(*code));
            if app.take_redraw() {
                terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
            }
            filtering.push(t.elapsed());
        }
        assert!(
            app.profile().screens.domains.list.filter.is_empty() && app.profile().screens.domains.list.shown == RECORDS
        );
    }
    println!(
        "key → frame while filtering 10,000 records (open, type, delete, keep, move, clear), {} keys: p50 {} p99 {}",
        filtering.len(),
        ms(percentile(&mut filtering, 0.5)),
        ms(percentile(&mut filtering, 0.99))
    );

    // A new lookup joining a list of 10,000: regrouping and resorting on change.
    let mut regroup = Vec::new();
    for name in names.iter().take(20) {
        let records: Vec<_> = all.iter().filter(|r| r.name == name).cloned().collect();
        let t = Instant::now();
        app.profile_mut().screens.domains.set_records(name, records, true);
        regroup.push(t.elapsed());
    }
    println!("answer → regrouped list of 10,000: median {}", ms(percentile(&mut regroup, 0.5)));

    // Bytes written to a real terminal backend for a one-row move at 120×40.
    let written = std::rc::Rc::new(std::cell::Cell::new(0usize));
    let mut real = Terminal::new(CrosstermBackend::new(Counter(written.clone()))).unwrap();
    real.resize(ratatui::layout::Rect::new(0, 0, 120, 40)).unwrap();
    app.update(key(KeyCode::Home));
    real.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
    let mut sizes = Vec::new();
    for _ in 0..20 {
        written.set(0);
        app.update(key(KeyCode::Char('j')));
        real.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
        sizes.push(written.get());
    }
    sizes.sort();
    println!(
        "bytes written for a one-row move at 120×40: median {} B, max {} B",
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1]
    );
    drop(app);
    drop(all);

    whole_account(&demo).await;

    // Login → every watched item shown: 8 items, 100 ms added latency per request. On a
    // portal answering only the seed's routes, then on one that also lists the account (its
    // lists join the same first round, and the radar holds every listed item).
    let watch = Watchlist {
        domains: vec!["example.vn".into(), "phosaigon.vn".into(), "caphesuada.vn".into(), "nhasachhanoi.vn".into()],
        certificates: vec![3301, 3302, 3303],
        services: vec![2207],
    };
    for seed_only in [true, false] {
        let latency = Duration::from_millis(100);
        let slow = DemoPortal::start_local(DemoOptions { latency, seed_only, ..DemoOptions::default() }).await.unwrap();
        let mut runs = Vec::new();
        let mut items = 0;
        for _ in 0..5 {
            let mut app = App::new(LoginForm::new(partial(&slow), None), portal_tui::api::models::today())
                .with_watchlist(watch.clone(), None);
            let t = Instant::now();
            sign_in(&mut app).await;
            runs.push(t.elapsed());
            items = app.profile().screens.radar.items.len();
        }
        let portal = if seed_only { "seed-only portal" } else { "whole account" };
        println!(
            "login → radar complete ({portal}: {items} items), 100 ms per request (login is one 100 ms call with Basic auth): median {}",
            ms(percentile(&mut runs, 0.5))
        );
    }
    let _ = std::io::stdout().flush();
}
