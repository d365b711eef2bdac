//! Measurement harness for BENCHMARKS.md: how long `dns apply` takes to plan a large zone
//! applied to itself (nothing to send). `cargo run --release --example dns_apply_perf`
//! (or `--profile dist`); `-- 1000 5000` measures those sizes only. Prints figures;
//! asserts nothing.
//!
//! Two measurements per size: in this process, each stage of the plan (the export written,
//! read back, checked, planned); and, when the binary of the same profile is built (or
//! `PORTAL_PERF_BINARY=PATH` names one), the whole command, `portal-tui dns apply NAME FILE
//! --dry-run`, against a portal of this harness's own on loopback that lists the zone.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use axum::http::Uri;
use portal_tui::api::dns::plan::{self as dns_plan, Options};
use portal_tui::api::dns::{zone_file, zone_write};
use portal_tui::api::models::DnsRecord;

const DOMAIN: &str = "big.vn";
const TYPES: [&str; 8] = ["A", "AAAA", "CNAME", "MX", "NS", "SRV", "TXT", "CAA"];

/// A zone of `n` records as a portal lists it: hosts of one to three records each (A and
/// AAAA, TXT, a CNAME alone, MX, SRV), one apex with its NS, MX and SPF.
fn zone(n: usize) -> Vec<DnsRecord> {
    let record = |id: usize, name: String, kind: &str, content: String, priority: &str| DnsRecord {
        id: id.to_string().into(),
        name: name.into(),
        kind: kind.into(),
        content,
        ttl: "3600".into(),
        priority: priority.into(),
        ..DnsRecord::default()
    };
    let mut records = vec![
        record(1, "@".into(), "NS", "ns1.dnshost.vn.".into(), "0"),
        record(2, "@".into(), "MX", "mail.big.vn.".into(), "10"),
        record(3, "@".into(), "TXT", "\"v=spf1 mx -all\"".into(), "0"),
    ];
    let mut i = 0;
    while records.len() < n {
        let id = records.len() + 1;
        let host = format!("h{}", i / 3);
        let (kind, content, priority) = match i % 12 {
            0 | 3 | 6 => ("A", format!("10.{}.{}.{}", (i >> 16) & 255, (i >> 8) & 255, i & 255), "0"),
            1 | 7 => ("AAAA", format!("2001:db8::{:x}", i), "0"),
            2 => ("TXT", format!("\"site-verification={i:08x}\""), "0"),
            4 => ("MX", format!("mx{i}.big.vn."), "10"),
            5 => ("SRV", format!("5 443 h{i}.big.vn."), "10"),
            8 => ("CAA", "0 issue \"letsencrypt.org\"".to_owned(), "0"),
            _ => ("TXT", format!("\"note {i}; with a semicolon\""), "0"),
        };
        // Every ninth host a CNAME alone instead.
        match (i / 3) % 9 == 8 {
            true if i % 3 == 0 => records.push(record(id, host, "CNAME", "h0.big.vn.".into(), "0")),
            true => {}
            false => records.push(record(id, host, kind, content, priority)),
        }
        i += 1;
    }
    records
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// Each stage of the plan in this process; the plan's whole time.
fn in_process(n: usize) -> Duration {
    let listed = zone(n);
    let types: Vec<String> = TYPES.iter().map(|t| t.to_string()).collect();
    let (text, write) = timed(|| zone_write::bind(DOMAIN, &listed, &[]));
    let (read, parse) = timed(|| zone_file::parse(&text, DOMAIN).expect("the export reads back"));
    let (wanted, check) = timed(|| dns_plan::wanted(&read, &types));
    let (plan, planned) = timed(|| dns_plan::plan(DOMAIN, &listed, &wanted, &Options::default()).expect("a plan"));
    let options = Options { delete_unlisted: true, ..Options::default() };
    let (_, with_delete) = timed(|| dns_plan::plan(DOMAIN, &listed, &wanted, &options).expect("a plan"));
    let sends = plan.to_send().count();
    println!(
        "{n:>6} records  write {}  read {}  check {}  plan {}  (with --delete-unlisted {})  to send: {sends}",
        ms(write),
        ms(parse),
        ms(check),
        ms(planned),
        ms(with_delete)
    );
    parse + check + planned
}

/// A registrar portal of this harness's own that lists `records` for big.vn.
async fn portal(records: Vec<DnsRecord>) -> String {
    let listed: Vec<serde_json::Value> = records
        .iter()
        .map(|r| {
            serde_json::json!({"id": r.id, "name": r.name, "type": r.kind, "content": r.content,
                "ttl": r.ttl, "priority": r.priority})
        })
        .collect();
    let dns = std::sync::Arc::new(serde_json::to_vec(&serde_json::json!({ "records": listed })).unwrap());
    let app = axum::Router::new().fallback(move |uri: Uri| {
        let dns = dns.clone();
        async move {
            let json = |v: serde_json::Value| serde_json::to_vec(&v).unwrap();
            let body = match uri.path() {
                "/domain/name/big.vn" => json(serde_json::json!({"details": [{"id": "77", "name": DOMAIN}]})),
                "/domain/77/dns" => dns.as_ref().clone(),
                "/domain/77/dns/types" => json(serde_json::json!({ "types": TYPES })),
                _ => json(serde_json::json!({"error": ["invalid method"]})),
            };
            ([(axum::http::header::CONTENT_TYPE, "application/json")], body)
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// The binary of this harness's profile (`target/PROFILE/examples/..` → `target/PROFILE`),
/// or `PORTAL_PERF_BINARY`; none when it is not built.
fn binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PORTAL_PERF_BINARY") {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let bin = exe.parent()?.parent()?.join("portal-tui");
    bin.exists().then_some(bin)
}

/// `portal-tui dns apply big.vn FILE --dry-run` on a zone of `n` records, its own export.
async fn whole_command(bin: &PathBuf, n: usize, runs: usize) {
    let url = portal(zone(n)).await;
    let state = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = tokio::process::Command::new(bin);
        for (key, _) in std::env::vars().filter(|(k, _)| k.starts_with("PORTAL_")) {
            cmd.env_remove(key);
        }
        cmd.env("XDG_CONFIG_HOME", state.path())
            .env("PORTAL_STATE_DIR", state.path())
            .env("PORTAL_BASE_URL", &url)
            .env("PORTAL_HOST", "my.big.vn")
            .env("PORTAL_AUTH", "basic")
            .env("PORTAL_USERNAME", "me@big.vn")
            .env("PORTAL_PASSWORD", "secret-password")
            .args(args);
        cmd.output()
    };
    let export = run(&["dns", "export", DOMAIN]).await.unwrap();
    if !export.status.success() {
        println!("  export failed: {}", String::from_utf8_lossy(&export.stderr));
        return;
    }
    let file = state.path().join("big.vn.zone");
    std::fs::write(&file, &export.stdout).unwrap();
    let file = file.display().to_string();
    let mut times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let out = run(&["dns", "apply", DOMAIN, &file, "--dry-run"]).await.unwrap();
        times.push(start.elapsed());
        let said = String::from_utf8_lossy(&out.stdout);
        let last = said.lines().rev().find(|l| l.contains("unchanged")).unwrap_or("").trim().to_owned();
        if !out.status.success() || times.len() == 1 {
            println!("  exit {:?}: {last} {}", out.status.code(), String::from_utf8_lossy(&out.stderr).trim());
        }
    }
    times.sort();
    println!(
        "{n:>6} records  the whole `dns apply --dry-run` (sign-in, read, plan, report): median {} of {runs}, min {}",
        ms(times[runs / 2]),
        ms(times[0])
    );
}

#[tokio::main]
async fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![1_000, 5_000, 10_000, 20_000] } else { sizes };
    println!("in this process, a zone applied to itself:");
    for &n in &sizes {
        in_process(n);
    }
    match binary() {
        Some(bin) => {
            println!("the binary {}:", bin.display());
            for &n in &sizes {
                whole_command(&bin, n, 3).await;
            }
        }
        None => {
            println!("(the binary of this profile is not built: `cargo build --release` measures the whole command)")
        }
    }
}
