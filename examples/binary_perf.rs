//! Measurements of the binary as its users run it, from outside, for BENCHMARKS.md: the
//! installed build, `target/dist/portal-tui`, whatever profile this harness itself was
//! built with (`PORTAL_PERF_BINARY=PATH` measures another binary the same way, to compare):
//!
//!     cargo build --locked --profile dist && cargo run --release --example binary_perf
//!
//! - exec → first complete frame: the login form in an 80×24 pseudo-terminal;
//! - `--demo` start → dashboard fully loaded: the radar with every watched and listed item,
//!   and the last frame the start-up writes;
//! - CPU while idle for 10 s after loading (every thread's schedstat);
//! - RSS of the dashboard against a `demo-server --scale 10000` in another process: with
//!   the portal's three lists loaded (10,000 domains, 2,000 services, 5,000 invoices), and
//!   on a seed-only portal with 10,000 records from 200 lookups typed into the dashboard;
//! - `domain NAME --json` against the curl pair making the same two calls, in the same run.
//!
//! With `-- large`, only the large account instead: `demo-server --scale 100000
//! --scale-all`, its lists fetched by curl, `domains --json`, `services --json`, `radar`
//! (wall time and peak RSS), and the dashboard's RSS with the three lists loaded.
//!
//! The terminal output is kept with the time each chunk arrived and replayed through a
//! vt100 parser afterwards, so a frame's time is when its last byte arrived, not when a
//! poll noticed it. Prints figures; asserts nothing.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{PtySize, native_pty_system};

#[path = "../tests/it/support/binary.rs"]
mod binary;
#[path = "../tests/it/support/demo_server.rs"]
mod demo_server;
#[path = "../tests/it/support/pty.rs"]
mod pty;

use demo_server::DemoServer;

const RUNS: usize = 20;

/// What the radar holds once `--demo` has loaded: the 8 watched items and the rest of the
/// demo account's lists (its title says `15 of 23 need attention`).
const RADAR_ITEMS: usize = 23;

/// The binary measured: `PORTAL_PERF_BINARY`, or the `dist` build in the target directory
/// this example runs from (`target/PROFILE/examples/..` → `target/dist/portal-tui`).
fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("PORTAL_PERF_BINARY") {
        let bin = PathBuf::from(path);
        if !bin.exists() {
            eprintln!("{} (PORTAL_PERF_BINARY) does not exist", bin.display());
            std::process::exit(2);
        }
        return bin;
    }
    let exe = std::env::current_exe().expect("the running program's path");
    let target = exe.ancestors().nth(3).expect("a cargo target directory");
    let bin = target.join("dist").join("portal-tui");
    if !bin.exists() {
        eprintln!(
            "{} is missing: this measures the installed build; build it first with\n\n    cargo build --locked --profile dist\n",
            bin.display()
        );
        std::process::exit(2);
    }
    bin
}

/// Terminal output, each chunk with the time it arrived.
type Chunks = Arc<Mutex<Vec<(Instant, Vec<u8>)>>>;

/// The binary in a pseudo-terminal, its output kept with arrival times.
struct Pty {
    started: Instant,
    chunks: Chunks,
    writer: Box<dyn Write + Send>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    size: (u16, u16),
}

impl Pty {
    fn spawn(args: &[&str], env: &[(&str, &str)], cols: u16, rows: u16) -> Pty {
        let pair = native_pty_system().openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let cmd = pty::command(&binary(), args, env);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let chunks = Arc::new(Mutex::new(Vec::new()));
        let sink = chunks.clone();
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 65536];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push((Instant::now(), buf[..n].to_vec()));
            }
        });
        let started = Instant::now();
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        Pty { started, chunks, writer, _master: pair.master, child, size: (cols, rows) }
    }

    /// The first time, since spawning, that the screen satisfied `done`, and the screen then.
    fn first(&self, done: impl Fn(&str) -> bool) -> Option<(Duration, String)> {
        let mut parser = vt100::Parser::new(self.size.1, self.size.0, 0);
        for (at, bytes) in self.chunks.lock().unwrap().iter() {
            parser.process(bytes);
            let screen = parser.screen().contents();
            if done(&screen) {
                return Some((*at - self.started, screen));
            }
        }
        None
    }

    /// Waits up to `limit` for the screen to satisfy `done`.
    fn wait_for(&self, what: &str, limit: Duration, done: impl Fn(&str) -> bool) -> Duration {
        let deadline = Instant::now() + limit;
        let done = &done;
        loop {
            if let Some((at, _)) = self.first(done) {
                return at;
            }
            if Instant::now() > deadline {
                panic!("{what} never appeared; screen:\n{}", self.screen());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn screen(&self) -> String {
        let mut parser = vt100::Parser::new(self.size.1, self.size.0, 0);
        for (_, bytes) in self.chunks.lock().unwrap().iter() {
            parser.process(bytes);
        }
        parser.screen().contents()
    }

    /// When the last output chunk arrived, once there has been `quiet` without output.
    fn last_output(&self, quiet: Duration) -> Duration {
        loop {
            let last = self.chunks.lock().unwrap().last().map(|(at, _)| *at).unwrap_or(self.started);
            if last.elapsed() >= quiet {
                return last - self.started;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, text: &str) {
        self.writer.write_all(text.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    fn pid(&self) -> u32 {
        self.child.process_id().expect("a running child")
    }

    /// Quits with `key` (`q` on the dashboard, Esc on the login form) and waits for the exit.
    fn quit(mut self, key: &str) {
        self.send(key);
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = self.child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

const HOST: &str = "my.example.vn";
const USER: &str = "demo@example.vn";
const PASSWORD: &str = "demo-client-2026";

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Median and 90th percentile, in ms.
fn summary(mut xs: Vec<Duration>) -> String {
    xs.sort();
    let p90 = xs[((xs.len() as f64 * 0.9).ceil() as usize).saturating_sub(1)];
    format!("median {:.1} ms, p90 {:.1} ms ({} runs)", ms(xs[xs.len() / 2]), ms(p90), xs.len())
}

/// Time on CPU of every thread of `pid` (`/proc/PID/task/*/schedstat`, nanoseconds).
fn cpu_time(pid: u32) -> Duration {
    let mut total = 0u64;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap().flatten() {
        let stat = std::fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
        total += stat.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
    }
    Duration::from_nanos(total)
}

/// A `/proc/PID/status` figure in KiB (`VmRSS`, `VmHWM`).
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn first_frame() {
    // No demo and no password: the login form is the first complete frame, done when its
    // title, its hint line and the box's bottom border are all on the screen.
    let env = [("PORTAL_BASE_URL", "http://127.0.0.1:9"), ("PORTAL_HOST", HOST), ("PORTAL_USERNAME", USER)];
    let mut runs = Vec::new();
    for _ in 0..RUNS {
        let pty = Pty::spawn(&[], &env, 80, 24);
        let at = pty.wait_for("the login form", Duration::from_secs(10), |s| {
            let bottom = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
            s.contains("Sign in to your portal") && s.contains("Enter sign in") && bottom.trim_start().starts_with('└')
        });
        runs.push(at);
        pty.quit("\x1b");
    }
    println!("exec → first complete frame (login form, 80×24): {}", summary(runs));
}

fn demo_loaded() {
    let mut radar = Vec::new();
    let mut last = Vec::new();
    let mut idle = Duration::ZERO;
    for run in 0..RUNS {
        let pty = Pty::spawn(&["--demo"], &[], 80, 24);
        // Every watched item and every listed one: the radar's title counts them all.
        let all = format!("of {RADAR_ITEMS} need attention");
        radar.push(pty.wait_for("the radar", Duration::from_secs(10), |s| s.contains(&all)));
        // The start-up's last frame: after it, nothing is written until a key or a timer
        // that is minutes away (the token's renewal).
        last.push(pty.last_output(Duration::from_millis(500)));
        if run == 0 {
            std::thread::sleep(Duration::from_secs(2));
            let before = cpu_time(pty.pid());
            std::thread::sleep(Duration::from_secs(10));
            idle = cpu_time(pty.pid()) - before;
        }
        pty.quit("q");
    }
    println!("--demo → radar with all {RADAR_ITEMS} items (8 watched, the rest from the lists): {}", summary(radar));
    println!("--demo → last frame of the start-up (login, then 8 lookups, the balance and 3 lists): {}", summary(last));
    println!("CPU while idle 10 s after loading (all threads): {:.3} ms", ms(idle));
}

/// The dashboard signed in to a `demo-server` started with `extra`, in a 120×40 pty.
fn signed_in(extra: &[&str]) -> (DemoServer, Pty) {
    let mut args = vec!["--scale", "10000"];
    args.extend(extra);
    let server = DemoServer::start_binary(&binary(), &args);
    let env = [
        ("PORTAL_BASE_URL", server.url.as_str()),
        ("PORTAL_HOST", HOST),
        ("PORTAL_USERNAME", USER),
        ("PORTAL_PASSWORD", PASSWORD),
    ];
    let pty = Pty::spawn(&[], &env, 120, 40);
    pty.wait_for("the account", Duration::from_secs(10), |s| s.contains("Account #1042"));
    (server, pty)
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// RSS with the portal's three lists loaded, then browsed: each list's screen, moved
/// through and filtered.
fn memory_whole_account() {
    let (_server, mut pty) = signed_in(&[]);
    // A list's title counts it once loaded: thousands of entries (the demo's own few, and
    // the scale's).
    for (tab, title) in [("2", "Domains — 10,"), ("3", "Services — 2,"), ("4", "Invoices — 5,")] {
        pty.send(tab);
        pty.wait_for(title, Duration::from_secs(30), |s| s.contains(title));
    }
    std::thread::sleep(Duration::from_millis(500));
    let loaded = status_kib(pty.pid(), "VmRSS");
    for tab in ["2", "3", "4"] {
        pty.send(&format!("{tab}G{}ggfscale-01\r{}\x1b", "j".repeat(30), "j".repeat(10)));
        std::thread::sleep(Duration::from_millis(300));
    }
    std::thread::sleep(Duration::from_millis(300));
    let used = status_kib(pty.pid(), "VmRSS");
    let peak = status_kib(pty.pid(), "VmHWM");
    println!("dashboard with the three lists (10,000 domains, 2,000 services and 5,000 invoices, and the demo's own):");
    println!("  RSS loaded {}; after moving and filtering {}; peak {}", mib(loaded), mib(used), mib(peak));
    pty.quit("q");
}

/// RSS on a seed-only portal with 10,000 records looked up by name (200 lookups of 50).
fn memory_lookups() {
    let (_server, mut pty) = signed_in(&["--seed-only"]);
    std::thread::sleep(Duration::from_millis(300));
    let signed_in = status_kib(pty.pid(), "VmRSS");
    pty.send("2");
    for batch in 0..20 {
        let lookups: String = (batch * 10..batch * 10 + 10).map(|g| format!("/scale-{g:04}.vn\r")).collect();
        pty.send(&lookups);
        let looked_up = format!("{} looked up", batch * 10 + 10);
        pty.wait_for(&looked_up, Duration::from_secs(30), |s| s.contains(&looked_up));
    }
    std::thread::sleep(Duration::from_millis(500));
    let screen = pty.screen();
    let title = screen.lines().find(|l| l.contains("looked up")).unwrap_or("");
    let title = title.trim_matches(|c: char| matches!(c, '┌' | '┐' | '─' | ' '));
    let loaded = status_kib(pty.pid(), "VmRSS");
    let peak = status_kib(pty.pid(), "VmHWM");
    // Move through the list too: the figure is for a list in use, not one just filled.
    pty.send(&format!("G{}gg", "j".repeat(50)));
    std::thread::sleep(Duration::from_millis(300));
    let used = status_kib(pty.pid(), "VmRSS");
    println!("dashboard with 10,000 records looked up on a seed-only portal ({title}):");
    println!(
        "  RSS signed in {}; loaded {}; after moving {}; peak {}",
        mib(signed_in),
        mib(loaded),
        mib(used),
        mib(peak)
    );
    pty.quit("q");
}

/// `domain example.vn --json` (log in, look up) against curl making the same two calls.
fn versus_curl() {
    let server = DemoServer::start_binary(&binary(), &[]);
    let url = server.url.clone();
    let cli = || {
        let t = Instant::now();
        let out = Command::new(binary())
            .args(["domain", "example.vn", "--json"])
            .env("XDG_CONFIG_HOME", "/nonexistent-portal-tui-bench")
            .env("PORTAL_BASE_URL", &url)
            .env("PORTAL_HOST", HOST)
            .env("PORTAL_USERNAME", USER)
            .env("PORTAL_PASSWORD", PASSWORD)
            .stderr(Stdio::null())
            .output()
            .unwrap();
        assert!(out.status.success() && out.stdout.starts_with(b"["));
        t.elapsed()
    };
    let curl = || {
        let t = Instant::now();
        let body = format!(r#"{{"username":"{USER}","password":"{PASSWORD}"}}"#);
        let login = Command::new("curl")
            .args(["-sS", "-X", "POST", &format!("{url}/login"), "-H", &format!("X-Forwarded-Host: {HOST}")])
            .args(["-H", "Content-Type: application/json", "-H", "Accept-Language: english", "--data", &body])
            .output()
            .unwrap();
        let answer: serde_json::Value = serde_json::from_slice(&login.stdout).unwrap();
        let token = answer["token"].as_str().unwrap();
        let lookup = Command::new("curl")
            .args(["-sS", &format!("{url}/domain/name/example.vn"), "-H", &format!("X-Forwarded-Host: {HOST}")])
            .args(["-H", "Accept-Language: english", "-H", &format!("Authorization: Bearer {token}")])
            .output()
            .unwrap();
        assert!(lookup.status.success() && lookup.stdout.starts_with(b"{"));
        t.elapsed()
    };
    if Command::new("curl").arg("--version").output().is_err() {
        println!("domain --json vs curl: curl is not installed, not measured");
        return;
    }
    cli();
    curl();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..30 {
        ours.push(cli());
        theirs.push(curl());
    }
    ours.sort();
    theirs.sort();
    let (a, b) = (ours[ours.len() / 2], theirs[theirs.len() / 2]);
    println!("`domain example.vn --json` (login + lookup, one process): {}", summary(ours));
    println!("curl, the same two calls (two processes):                  {}", summary(theirs));
    println!("ratio of medians: {:.2}× curl", a.as_secs_f64() / b.as_secs_f64());
}

/// A command of the binary against `url`, its output into a file; wall time, the CPU time
/// it used (user and system: its own cost, apart from the portal's) and its peak RSS
/// (from `wait4`), after checking it succeeded and printed something.
fn timed_command(url: &str, args: &[&str]) -> (Duration, Duration, u64, u64) {
    let out_path = std::env::temp_dir().join(format!("portal-tui-large-{}.out", std::process::id()));
    let out = std::fs::File::create(&out_path).unwrap();
    let t = Instant::now();
    // Reaped by `wait4` below, which also gives its resource usage.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(binary())
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent-portal-tui-bench")
        .env("PORTAL_BASE_URL", url)
        .env("PORTAL_HOST", HOST)
        .env("PORTAL_USERNAME", USER)
        .env("PORTAL_PASSWORD", PASSWORD)
        .stdout(out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: a plain wait4 on our own child, with out-pointers to locals.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let elapsed = t.elapsed();
    assert_eq!(waited, pid);
    let code = libc::WEXITSTATUS(status);
    let bytes = std::fs::metadata(&out_path).map(|m| m.len()).unwrap_or(0);
    let _ = std::fs::remove_file(&out_path);
    assert!(bytes > 0 && code <= 2, "{args:?} exited {code} with {bytes} bytes of output");
    let cpu = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    (elapsed, cpu(usage.ru_utime) + cpu(usage.ru_stime), usage.ru_maxrss as u64, bytes)
}

/// 100,000 domains, 100,000 services and 100,000 invoices (`demo-server --scale 100000
/// --scale-all`): `domains --json`, `radar`, and the dashboard with the three lists.
fn large_account() {
    let server = DemoServer::start_binary(&binary(), &["--scale", "100000", "--scale-all"]);
    let url = server.url.clone();
    if Command::new("curl").arg("--version").output().is_ok() {
        // The first time, the portal writes each list; asked again, it sends it as kept.
        for (list, time) in ["domain", "service", "invoice"].iter().flat_map(|l| [(l, "first"), (l, "again")]) {
            let t = Instant::now();
            let out = Command::new("curl")
                .args(["-sS", "-o", "/dev/null", "-w", "%{size_download}", &format!("{url}/{list}")])
                .args(["-u", &format!("{USER}:{PASSWORD}"), "-H", &format!("X-Forwarded-Host: {HOST}")])
                .output()
                .unwrap();
            let size = String::from_utf8_lossy(&out.stdout).into_owned();
            println!("the demo portal alone, curl GET /{list} ({time}): {} bytes in {:.0} ms", size, ms(t.elapsed()));
        }
    }
    for (what, args) in [
        ("domains --json", &["domains", "--json"][..]),
        ("services --json", &["services", "--json"][..]),
        ("radar", &["radar"][..]),
        ("radar --json", &["radar", "--json"][..]),
    ] {
        let (mut times, mut cpus) = (Vec::new(), Vec::new());
        let mut peak = 0;
        let mut bytes = 0;
        for _ in 0..3 {
            let (t, cpu, rss, out) = timed_command(&url, args);
            times.push(t);
            cpus.push(cpu);
            peak = peak.max(rss);
            bytes = out;
        }
        println!(
            "`{what}` ({bytes} bytes out): wall {}; CPU {}; peak RSS {}",
            summary(times),
            summary(cpus),
            mib(peak)
        );
    }
    let env = [
        ("PORTAL_BASE_URL", url.as_str()),
        ("PORTAL_HOST", HOST),
        ("PORTAL_USERNAME", USER),
        ("PORTAL_PASSWORD", PASSWORD),
    ];
    let mut pty = Pty::spawn(&[], &env, 120, 40);
    pty.wait_for("the account", Duration::from_secs(60), |s| s.contains("Account #1042"));
    // The seed's own entries come on top of the 100,000 (a few more as the seed grows).
    for (tab, title) in [("2", "Domains — 100,0"), ("3", "Services — 100,0"), ("4", "Invoices — 100,0")] {
        pty.send(tab);
        pty.wait_for(title, Duration::from_secs(120), |s| s.contains(title));
    }
    std::thread::sleep(Duration::from_millis(500));
    let loaded = status_kib(pty.pid(), "VmRSS");
    for tab in ["2", "3", "4"] {
        pty.send(&format!("{tab}G{}ggfscale-01\r{}\x1b", "j".repeat(30), "j".repeat(10)));
        std::thread::sleep(Duration::from_millis(1000));
    }
    let used = status_kib(pty.pid(), "VmRSS");
    let peak = status_kib(pty.pid(), "VmHWM");
    println!("dashboard with the three lists (100,000 domains, services and invoices, and the seed's):");
    println!("  RSS loaded {}; after moving and filtering {}; peak {}", mib(loaded), mib(used), mib(peak));
    pty.quit("q");
}

/// Bytes of the symbol table and its strings in a 64-bit little-endian ELF file, read from
/// its section headers: zero when stripped, `None` when the file is not such an ELF file.
/// An override of our own package in `[profile.dist.package]` once kept 1.2 MB of symbols
/// while the profile said `strip = true` (BENCHMARKS.md: the binary's size).
fn symbol_bytes(file: &[u8]) -> Option<u64> {
    let u16_at = |at: usize| Some(u16::from_le_bytes(file.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(file.get(at..at + 4)?.try_into().ok()?));
    let u64_at = |at: usize| Some(u64::from_le_bytes(file.get(at..at + 8)?.try_into().ok()?));
    if file.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let table = usize::try_from(u64_at(0x28)?).ok()?;
    let (entry, count) = (usize::from(u16_at(0x3a)?), usize::from(u16_at(0x3c)?));
    let header = |i: usize| table + i * entry;
    const SYMTAB: u32 = 2;
    let mut bytes = 0;
    for i in 0..count {
        if u32_at(header(i) + 4)? == SYMTAB {
            let strings = usize::try_from(u32_at(header(i) + 0x28)?).ok()?;
            bytes += u64_at(header(i) + 0x20)? + u64_at(header(strings) + 0x20)?;
        }
    }
    Some(bytes)
}

fn main() {
    let bin = binary();
    let file = std::fs::read(&bin).unwrap_or_default();
    let symbols = match symbol_bytes(&file) {
        Some(0) => "symbols stripped".to_owned(),
        Some(n) => format!("of which {n} bytes are symbols: not stripped"),
        None => "not a 64-bit ELF file".to_owned(),
    };
    println!("measuring {} ({} bytes, {symbols})", bin.display(), file.len());
    if std::env::args().any(|a| a == "large") {
        large_account();
        return;
    }
    first_frame();
    demo_loaded();
    memory_whole_account();
    memory_lookups();
    versus_curl();
}
