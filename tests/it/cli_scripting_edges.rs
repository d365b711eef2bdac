//! The edges a script meets: with `--json` every failure is one JSON object on stdout too
//! (a refused sign-in, a portal that cannot be reached, a configuration that cannot be
//! read), with the exit code; a configuration path that is a named pipe or a device is
//! refused at once instead of read for ever; a service's `password` is a secret, as a
//! domain's transfer code is: hidden until asked for (`w` in the dashboard), left out of
//! `--json` unless `--show-password`, never in a log.

use crate::support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::cli;

/// The JSON object a failed run printed on stdout.
fn failure(out: &std::process::Output) -> serde_json::Value {
    let stdout = cli::text(&out.stdout);
    let value: serde_json::Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {stdout:?}; stderr {}", cli::text(&out.stderr)));
    assert!(value.is_object(), "{value}");
    assert_eq!(value["exit_code"].as_i64(), out.status.code().map(i64::from), "{value}");
    assert!(value["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{value}");
    value
}

/// A loopback address nothing listens on.
fn closed_port() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_json_every_failure_is_a_json_object_on_stdout() {
    let (demo, state) = cli::started().await;

    // The sign-in refused: exit 3.
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_AUTH", "jwt").env("PORTAL_PASSWORD", "not-the-password").args(["details", "--json"]);
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(3), "{}", cli::text(&out.stderr));
    assert_eq!(failure(&out)["error"]["kind"], "auth");
    assert!(cli::text(&out.stderr).starts_with("error: "), "stderr still says it");

    // The portal unreachable: exit 5, for a read and for the radar.
    for args in [&["services", "--json"][..], &["radar", "--json"][..]] {
        let mut cmd = cli::as_demo_client(&demo, state.path());
        cmd.env("PORTAL_BASE_URL", closed_port()).env("PORTAL_CONNECT_TIMEOUT", "2").args(args);
        let out = cli::output(cmd).await;
        assert_eq!(out.status.code(), Some(5), "{args:?}: {}", cli::text(&out.stderr));
        assert_eq!(failure(&out)["error"]["kind"], "network", "{args:?}");
    }

    // A configuration that cannot be read: exit 2.
    let mut cmd = cli::command();
    cmd.args(["--config", "/nonexistent/portal-tui.toml", "domains", "--json"]);
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(failure(&out)["error"]["kind"], "usage");

    // Without --json, nothing on stdout.
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_PASSWORD", "not-the-password").env("PORTAL_AUTH", "jwt").arg("details");
    let out = cli::output(cmd).await;
    assert_eq!((out.status.code(), out.stdout.is_empty()), (Some(3), true));
}

/// Runs `cmd` for at most `limit`; `None` when it had to be killed.
fn run_for(mut cmd: Command, limit: Duration) -> Option<std::process::Output> {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let start = Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn a_config_path_that_is_a_pipe_or_a_device_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("config.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let cases = [
        (fifo.display().to_string(), "named pipe"),
        (link.display().to_string(), "named pipe"),
        ("/dev/zero".to_owned(), "device"),
    ];
    for (path, said) in cases {
        let mut cmd = cli::command();
        cmd.args(["--config", &path, "domains"]);
        let out = run_for(cmd, Duration::from_secs(10)).unwrap_or_else(|| panic!("{path}: still reading after 10 s"));
        let (code, _, stderr) = cli::said(&out);
        assert_eq!(code, 2, "{path}: {stderr}");
        assert!(stderr.contains(said) && stderr.contains(&path), "{path}: {stderr}");
    }
}

/// The demo's hosting service 2208 carries a password, as some portals' service details do.
const SERVICE_PASSWORD: &str = "Bm-h0ian#2208";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_password_is_shown_only_when_asked_for_and_never_logged() {
    let (demo, state) = cli::started().await;
    let log = state.path().join("run.log");
    let run = |args: &'static [&'static str]| {
        let mut cmd = cli::as_demo_client(&demo, state.path());
        cmd.env("PORTAL_LOG", "trace").arg("--log-file").arg(&log).args(args);
        cli::output(cmd)
    };
    let (code, text, err) = cli::said(&run(&["service", "2208"]).await);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("Password") && text.contains("hidden: --show-password shows it"), "{text}");
    assert!(!text.contains(SERVICE_PASSWORD), "{text}");

    let (code, json, _) = cli::said(&run(&["service", "2208", "--json"]).await);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["username"], "banhmi", "{json}");
    assert!(value.get("password").is_none() && !json.contains(SERVICE_PASSWORD), "{json}");

    let (_, json, _) = cli::said(&run(&["service", "2208", "--json", "--show-password"]).await);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["password"], SERVICE_PASSWORD);
    let (_, text, _) = cli::said(&run(&["service", "2208", "--show-password"]).await);
    assert!(text.contains(SERVICE_PASSWORD), "{text}");

    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("service"), "the log file was written: {logged}");
    assert!(!logged.contains(SERVICE_PASSWORD), "{logged}");
}

#[tokio::test]
async fn a_service_password_is_held_for_redaction_and_masked_in_the_request_log() {
    use portal_tui::api::http::exchanges;
    let demo = support::demo().await;
    let client = support::jwt_client(&demo);
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let into = heard.clone();
    let service = exchanges::observe(move |e| into.lock().unwrap().push(e), client.service(2208)).await.unwrap();
    assert!(service.password.get().is_some());
    assert!(!format!("{service:?}").contains(SERVICE_PASSWORD), "Debug never prints it");
    for exchange in heard.lock().unwrap().iter() {
        let shown = portal_tui::app::screens::log::shown_body(&exchange.body);
        assert!(!shown.contains(SERVICE_PASSWORD), "{shown}");
    }
    let said = client.redact(&format!("the portal echoed {SERVICE_PASSWORD} back"));
    assert!(!said.contains(SERVICE_PASSWORD), "{said}");
}

#[tokio::test]
async fn the_dashboard_shows_a_service_password_only_when_asked() {
    use crossterm::event::KeyCode;
    let mut h = support::harness::Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2208"));
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("Password") && shown.contains("hidden: w shows it"), "{shown}");
    assert!(!shown.contains(SERVICE_PASSWORD), "{shown}");
    h.key(KeyCode::Char('w')).await;
    let shown = h.screen_text(120, 40);
    assert!(shown.contains(SERVICE_PASSWORD), "{shown}");
    // Closed and opened again: hidden again.
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(120, 40);
    assert!(!shown.contains(SERVICE_PASSWORD) && shown.contains("hidden: w shows it"), "{shown}");
}
