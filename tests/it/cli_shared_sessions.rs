//! Runs share the remembered session by default: a configuration given only by flags and
//! the environment remembers it too (by portal, host and user); runs started together sign
//! in or refresh once between them (the lock beside the session file); a token the portal
//! refuses is dropped and the run signs in once; `remember = false` and Basic auth sign in
//! as before.

use crate::support;

use std::path::Path;

use portal_tui::demo::{DemoOptions, DemoPortal};
use support::cli;

/// How many requests so far were `METHOD /route` (with or without the `/api` prefix).
fn count(demo: &DemoPortal, method: &str, route: &str) -> usize {
    let wanted = [format!("{method} {route}"), format!("{method} /api{route}")];
    demo.requests().iter().filter(|r| wanted.contains(r)).count()
}

/// `services --json` as the demo's client, given by the environment only, in `state`.
fn services(demo: &DemoPortal, state: &Path) -> std::process::Command {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.env("PORTAL_AUTH", "jwt").args(["services", "--json"]);
    cmd
}

async fn all_at_once(demo: &DemoPortal, state: &Path, runs: usize) {
    let outputs = futures::future::join_all((0..runs).map(|_| cli::output(services(demo, state)))).await;
    for out in outputs {
        let (code, stdout, stderr) = cli::said(&out);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.trim_start().starts_with('['), "{stdout}");
    }
}

/// Every file under `dir`, however deep.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() { found.extend(files(&path)) } else { found.push(path) }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_at_once_and_twenty_six_in_a_row_sign_in_once() {
    let (demo, state) = cli::started().await;
    all_at_once(&demo, state.path(), 8).await;
    for _ in 0..26 {
        let out = cli::output(services(&demo, state.path())).await;
        assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    }
    assert_eq!(count(&demo, "POST", "/login"), 1, "{:#?}", demo.requests());
    assert_eq!(count(&demo, "POST", "/token"), 0);
    assert_eq!(count(&demo, "GET", "/service"), 34);

    // A read with the remembered session is one round trip.
    demo.reset_traffic();
    let out = cli::output(services(&demo, state.path())).await;
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(demo.requests(), ["GET /service"]);

    // Kept by portal, host and user, readable by its owner only.
    let sessions: Vec<_> =
        files(state.path()).into_iter().filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    assert_eq!(sessions.len(), 1, "{sessions:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&sessions[0]).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", sessions[0].display());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_is_refreshed_once_for_runs_started_together() {
    // Tokens live 3 s (their `exp` rounded up to the second): 4.5 s later it has expired.
    let options = DemoOptions { token_ttl: std::time::Duration::from_secs(3), ..DemoOptions::default() };
    let demo = DemoPortal::start_local(options).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let out = cli::output(services(&demo, state.path())).await;
    assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    tokio::time::sleep(std::time::Duration::from_millis(4500)).await;
    demo.reset_traffic();
    all_at_once(&demo, state.path(), 8).await;
    assert_eq!((count(&demo, "POST", "/token"), count(&demo, "POST", "/login")), (1, 0), "{:#?}", demo.requests());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_ended_elsewhere_is_dropped_and_the_run_signs_in_once() {
    let (demo, state) = cli::started().await;
    let out = cli::output(services(&demo, state.path())).await;
    assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    let session = files(state.path()).into_iter().find(|p| p.extension().is_some_and(|e| e == "json")).unwrap();
    let kept = std::fs::read(&session).unwrap();
    // Signed out elsewhere: the portal ends both tokens; the file is put back as it was.
    let mut logout = cli::as_demo_client(&demo, state.path());
    logout.env("PORTAL_AUTH", "jwt").arg("logout");
    let out = cli::output(logout).await;
    assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    assert!(!session.exists(), "logout forgets the session of settings given by the environment");
    std::fs::write(&session, &kept).unwrap();

    demo.reset_traffic();
    let out = cli::output(services(&demo, state.path())).await;
    assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    assert_eq!(count(&demo, "POST", "/login"), 1, "{:#?}", demo.requests());
    // The next run takes up the new session.
    demo.reset_traffic();
    let out = cli::output(services(&demo, state.path())).await;
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(demo.requests(), ["GET /service"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remember_false_and_basic_auth_sign_in_every_run() {
    let (demo, state) = cli::started().await;
    let login = demo.login_for(portal_tui::demo::CLIENT_HOST).unwrap();
    let config = format!(
        "[profiles.shop]\nbase_url = \"{}\"\nhost = \"{}\"\nusername = \"{}\"\nremember = false\n",
        demo.url(),
        login.host,
        login.username
    );
    let path = cli::write(state.path(), "config.toml", &config);
    for _ in 0..3 {
        let mut cmd = cli::command();
        cmd.env("PORTAL_STATE_DIR", state.path())
            .env("PORTAL_PASSWORD", &login.password)
            .args(["--config", &path, "services", "--json"]);
        let out = cli::output(cmd).await;
        assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    }
    assert_eq!(count(&demo, "POST", "/login"), 3);
    assert!(!state.path().join("sessions").exists(), "nothing remembered");

    demo.reset_traffic();
    for _ in 0..2 {
        let mut cmd = services(&demo, state.path());
        cmd.env("PORTAL_AUTH", "basic");
        let out = cli::output(cmd).await;
        assert_eq!(out.status.code(), Some(0), "{}", cli::text(&out.stderr));
    }
    assert_eq!(count(&demo, "POST", "/login"), 0);
    assert!(!state.path().join("sessions").exists(), "nothing remembered with Basic auth");
}
