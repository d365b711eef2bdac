//! `radar serve`: the radar as a Prometheus exporter, run as the binary. However often it
//! is scraped, the portal is read once per interval; its answer parses as the text
//! exposition format; a portal that fails keeps its last figures with `portal_tui_up` 0.

use crate::support;

use std::io::BufRead;
use std::process::{Child, Stdio};

use portal_tui::demo::DemoPortal;
use support::cli;

/// The exporter as a child process, and the address it said it serves at.
struct Exporter {
    child: Child,
    url: String,
}

impl Drop for Exporter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `radar serve` as the demo's client on a free loopback port.
async fn serve(demo: &DemoPortal, state: &std::path::Path, interval: &str) -> Exporter {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(["radar", "serve", "--listen", "127.0.0.1:0", "--interval", interval]);
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let stderr = child.stderr.take().unwrap();
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        std::io::BufReader::new(stderr).read_line(&mut line).unwrap();
        line
    })
    .await
    .unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}")).to_owned();
    Exporter { child, url }
}

/// Reads the metrics once: the status, the content type and the text.
async fn scrape(http: &reqwest::Client, url: &str) -> (u16, String, String) {
    let answer = http.get(url).send().await.unwrap();
    let status = answer.status().as_u16();
    let kind = answer.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    (status, kind, answer.text().await.unwrap())
}

/// The text parsed by a Prometheus text-format parser.
fn parsed(text: &str) -> prometheus_parse::Scrape {
    let lines = text.lines().map(|l| Ok(l.to_owned()));
    prometheus_parse::Scrape::parse(lines).unwrap_or_else(|e| panic!("not the exposition format ({e}):\n{text}"))
}

fn value(scrape: &prometheus_parse::Scrape, metric: &str) -> Vec<f64> {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric)
        .map(|s| match s.value {
            prometheus_parse::Value::Gauge(v) | prometheus_parse::Value::Untyped(v) => v,
            _ => panic!("{metric} is not a gauge"),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_scrapes_read_the_portal_once_and_parse() {
    let (demo, state) = cli::started().await;
    let exporter = serve(&demo, state.path(), "1h").await;
    demo.reset_traffic();
    let http = support::portal::http();
    let scrapes = futures::future::join_all((0..100).map(|_| scrape(&http, &exporter.url))).await;
    for (status, kind, _) in &scrapes {
        assert_eq!((*status, kind.as_str()), (200, "text/plain; version=0.0.4; charset=utf-8"));
    }
    let reads = |route: &str| demo.requests().iter().filter(|r| r.ends_with(route)).count();
    assert_eq!((reads(" /service"), reads(" /domain"), reads(" /invoice")), (1, 1, 1), "{:#?}", demo.requests());

    let text = &scrapes[0].2;
    assert!(scrapes.iter().all(|(_, _, t)| t == text), "every scrape answers the one read's figures");
    let metrics = parsed(text);
    assert_eq!(value(&metrics, "portal_tui_up"), [1.0], "{text}");
    assert_eq!(value(&metrics, "portal_radar_success"), [1.0]);
    assert_eq!(value(&metrics, "portal_tui_last_success_timestamp_seconds").len(), 1);
    let expiring = metrics.samples.iter().filter(|s| s.metric == "portal_expiry_days").count();
    assert!(expiring > 5, "{text}");
    let up = metrics.samples.iter().find(|s| s.metric == "portal_tui_up").unwrap();
    assert_eq!(up.labels.get("profile"), Some("my.example.vn"), "{text}");
    // The same item metrics as `radar --format prometheus` prints.
    let out = cli::portal_tui(&demo, state.path(), &["radar", "--format", "prometheus"]).await;
    let printed = parsed(&cli::text(&out.stdout));
    let names = |s: &prometheus_parse::Scrape| {
        let mut names: Vec<String> = s.samples.iter().map(|s| s.metric.clone()).collect();
        names.dedup();
        names
    };
    let served: Vec<String> = names(&metrics).into_iter().filter(|n| !n.starts_with("portal_tui_")).collect();
    assert_eq!(served, names(&printed));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_portal_that_fails_keeps_its_last_figures_with_up_zero() {
    let (demo, state) = cli::started().await;
    let exporter = serve(&demo, state.path(), "1s").await;
    let http = support::portal::http();
    let (_, _, first) = scrape(&http, &exporter.url).await;
    let before = parsed(&first);
    assert_eq!(value(&before, "portal_tui_up"), [1.0], "{first}");
    let expiring = value(&before, "portal_expiry_days");

    // The portal goes away.
    drop(demo);
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let (status, _, text) = scrape(&http, &exporter.url).await;
    assert_eq!(status, 200);
    let after = parsed(&text);
    assert_eq!(value(&after, "portal_tui_up"), [0.0], "{text}");
    assert_eq!(value(&after, "portal_radar_success"), [0.0], "{text}");
    assert_eq!(value(&after, "portal_expiry_days"), expiring, "the last figures are kept");
    assert_eq!(
        value(&after, "portal_tui_last_success_timestamp_seconds"),
        value(&before, "portal_tui_last_success_timestamp_seconds")
    );
    let error = after.samples.iter().find(|s| s.metric == "portal_tui_read_error").expect("the reason is said");
    assert!(error.labels.get("reason").is_some_and(|r| !r.is_empty()), "{text}");
}
