//! `radar serve`: the radar as a Prometheus exporter. `GET /metrics` answers the metrics of
//! `radar --format prometheus`, plus `portal_tui_up{profile}`, the time of each profile's
//! last successful read and, while a read fails, its reason. The portals are read when a
//! scrape finds the figures older than `--interval`, one read at a time (the scrapes that
//! come meanwhile wait for it and answer its figures), so however often Prometheus scrapes,
//! a portal is read at most once per interval. A profile whose read fails keeps the last
//! figures it read, with `up` 0. Loopback unless another address is given.

use std::fmt::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;

use super::args::{RadarArgs, ServeArgs};
use super::profiles::{Asked, Outcome, ProfileRadar};
use super::prometheus::{exposition_kept, labels, preamble};
use crate::api::Language;
use crate::cli::{Cli, exit_code};
use crate::demo::{DemoOptions, DemoPortal};

/// The content type of the text exposition format.
const EXPOSITION: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Runs the exporter until Ctrl-C or SIGTERM; the exit code of a start that failed.
pub async fn run(cli: &Cli, args: &RadarArgs, serve: &ServeArgs) -> u8 {
    let early = cli.portal.lang.unwrap_or_default();
    let addr = match listen_address(&serve.listen) {
        Ok(addr) => addr,
        Err(message) => return fail(&message, early),
    };
    // Kept alive while the exporter runs.
    let demo = if cli.demo {
        match DemoPortal::start_local(DemoOptions::default()).await {
            Ok(demo) => Some(demo),
            Err(e) => return fail(&format!("the demo portal could not start: {e}"), early),
        }
    } else {
        None
    };
    let asked = match super::profiles::choose(cli, args.all_profiles || serve.all_profiles, demo.as_ref()) {
        Ok(asked) => asked,
        Err(message) => return fail(&message, early),
    };
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => listener,
        Err(e) => return fail(&format!("cannot listen on {addr}: {e}"), early),
    };
    let addr = listener.local_addr().unwrap_or(addr);
    if !addr.ip().is_loopback() {
        let warning = format!("the metrics are served to anyone who can reach {addr} (no sign-in, no TLS)");
        crate::cli::stderr::warning(&warning, early);
    }
    let every = humantime::format_duration(serve.interval);
    eprintln!("serving the radar's metrics at http://{addr}/metrics (the portal read at most once every {every})");
    let exporter = Arc::new(Exporter::new(asked, serve.interval, args.within));
    let app = axum::Router::new()
        .route("/metrics", axum::routing::get(metrics))
        .route("/", axum::routing::get(|| async { "portal-tui radar: the metrics are at /metrics\n" }))
        .with_state(exporter);
    match axum::serve(listener, app).with_graceful_shutdown(stopped()).await {
        Ok(()) => exit_code::SUCCESS,
        Err(e) => fail(&format!("the metrics server stopped: {e}"), early),
    }
}

fn fail(message: &str, language: Language) -> u8 {
    crate::cli::stderr::error(message, language);
    exit_code::USAGE
}

/// `ADDRESS:PORT`, `[IPv6]:PORT`, `localhost:PORT`, or a port alone (on 127.0.0.1).
pub fn listen_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    if let Some(port) = text.strip_prefix("localhost:").and_then(|p| p.parse::<u16>().ok()) {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    text.parse().map_err(|_| format!("--listen {text:?} is not ADDRESS:PORT (127.0.0.1:9879, [::1]:9879) or a port"))
}

/// Ctrl-C, or SIGTERM as systemd stops a service.
async fn stopped() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
}

async fn metrics(axum::extract::State(exporter): axum::extract::State<Arc<Exporter>>) -> impl IntoResponse {
    ([(CONTENT_TYPE, EXPOSITION)], exporter.scraped().await)
}

/// The profiles to read, how often they may be, and what the last reads found.
pub struct Exporter {
    asked: Vec<Asked>,
    interval: Duration,
    within: i64,
    /// Held while reading: a scrape meanwhile waits for that read rather than starting one.
    figures: tokio::sync::Mutex<Figures>,
}

#[derive(Default)]
struct Figures {
    /// When the portals were last read.
    read_at: Option<Instant>,
    /// Per profile asked for, in order.
    kept: Vec<Kept>,
}

/// One profile: its latest read, and the last one that read something (and when).
struct Kept {
    latest: ProfileRadar,
    good: Option<(ProfileRadar, SystemTime)>,
}

impl Exporter {
    pub fn new(asked: Vec<Asked>, interval: Duration, within: i64) -> Exporter {
        Exporter { asked, interval, within, figures: tokio::sync::Mutex::default() }
    }

    /// The metrics, the portals read first when the figures are older than the interval.
    pub async fn scraped(&self) -> String {
        let mut figures = self.figures.lock().await;
        if figures.read_at.is_none_or(|at| at.elapsed() >= self.interval) {
            let today = crate::api::models::today();
            // A server never asks for a password: a profile that needs one typed is not signed in.
            let read = super::profiles::read_each(self.asked.clone(), false, today, self.within).await;
            figures.update(read, SystemTime::now());
            figures.read_at = Some(Instant::now());
        }
        figures.exposition()
    }
}

impl Figures {
    fn update(&mut self, read: Vec<ProfileRadar>, now: SystemTime) {
        let mut old = std::mem::take(&mut self.kept).into_iter();
        for latest in read {
            let good = match (&latest.outcome, old.next().and_then(|k| k.good)) {
                (Outcome::Read { .. }, _) => Some((latest.clone(), now)),
                (_, kept) => kept,
            };
            self.kept.push(Kept { latest, good });
        }
    }

    fn exposition(&self) -> String {
        let pairs: Vec<(&ProfileRadar, &ProfileRadar)> =
            self.kept.iter().map(|k| (k.good.as_ref().map_or(&k.latest, |(g, _)| g), &k.latest)).collect();
        let mut out = exposition_kept(&pairs);
        preamble(
            &mut out,
            "portal_tui_up",
            "1 when the last read of the profile's portal read something, 0 when it failed (the figures are then the last read's).",
        );
        for k in &self.kept {
            let up = u8::from(matches!(k.latest.outcome, Outcome::Read { .. }));
            let _ = writeln!(out, "portal_tui_up{{{}}} {up}", labels(&[("profile", k.latest.name())]));
        }
        preamble(
            &mut out,
            "portal_tui_last_success_timestamp_seconds",
            "When the profile's portal was last read successfully, in seconds since the Unix epoch.",
        );
        for k in &self.kept {
            if let Some((_, at)) = &k.good {
                let seconds = at.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64();
                let _ = writeln!(
                    out,
                    "portal_tui_last_success_timestamp_seconds{{{}}} {seconds:.3}",
                    labels(&[("profile", k.latest.name())])
                );
            }
        }
        preamble(
            &mut out,
            "portal_tui_read_error",
            "1 while the last read of the profile's portal failed, labelled with why.",
        );
        for k in &self.kept {
            if let Some(reason) = failure(&k.latest) {
                let labels = labels(&[("profile", k.latest.name()), ("reason", &reason)]);
                let _ = writeln!(out, "portal_tui_read_error{{{labels}}} 1");
            }
        }
        out
    }
}

/// Why a read failed, in one line; `None` when it read something.
fn failure(p: &ProfileRadar) -> Option<String> {
    match &p.outcome {
        Outcome::Read { .. } => None,
        Outcome::NotSignedIn => Some(crate::i18n::Text::CliRadarNotSignedIn.get(p.language).to_owned()),
        Outcome::Failed { error, .. } => Some(error.lines().next().unwrap_or_default().to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_unless_another_address_is_given() {
        assert_eq!(listen_address("9879").unwrap(), "127.0.0.1:9879".parse().unwrap());
        assert_eq!(listen_address("localhost:9879").unwrap(), "127.0.0.1:9879".parse().unwrap());
        assert_eq!(listen_address("[::1]:9879").unwrap(), "[::1]:9879".parse().unwrap());
        assert_eq!(listen_address("0.0.0.0:9879").unwrap(), "0.0.0.0:9879".parse().unwrap());
        assert!(listen_address(super::super::args::DEFAULT_LISTEN).unwrap().ip().is_loopback());
        assert!(listen_address("example.vn:80").is_err());
        assert!(listen_address("").is_err());
    }
}
