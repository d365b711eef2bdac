//! The built binary as a command: in a clean environment (`binary::clean_env`), nothing on
//! stdin, and what the test sets with `.env` and `.args` on top.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};

/// The binary in a clean environment.
pub fn command() -> Command {
    let mut cmd = Command::new(super::binary::path());
    for (key, value) in super::binary::clean_env() {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        };
    }
    cmd.stdin(Stdio::null());
    cmd
}

/// The binary signed in as `demo`'s client account (by environment), keeping its state
/// (the change log, sessions) in `state`.
pub fn as_demo_client(demo: &DemoPortal, state: &Path) -> Command {
    let login = demo.login_for(CLIENT_HOST).unwrap();
    let mut cmd = command();
    cmd.env("PORTAL_STATE_DIR", state)
        .env("PORTAL_BASE_URL", demo.url())
        .env("PORTAL_HOST", login.host)
        .env("PORTAL_USERNAME", login.username)
        .env("PORTAL_PASSWORD", login.password);
    cmd
}

/// Runs `cmd` to its end off the async runtime, whose threads answer for a demo portal in
/// this process.
pub async fn output(mut cmd: Command) -> Output {
    tokio::task::spawn_blocking(move || cmd.output().expect("binary runs")).await.unwrap()
}

/// Runs `cmd` to its end as `output` does, with `input` on its stdin.
pub async fn output_with_stdin(mut cmd: Command, input: &str) -> Output {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let input = input.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut child = cmd.spawn().expect("binary runs");
        // A program that stops before reading all of it closes the pipe: its output says why.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

/// `portal-tui ARGS` run as `demo`'s client (`as_demo_client`), keeping its state in `state`.
pub async fn portal_tui(demo: &DemoPortal, state: &Path, args: &[&str]) -> Output {
    let mut cmd = as_demo_client(demo, state);
    cmd.args(args);
    output(cmd).await
}

/// A demo portal in this process and a state folder for the binary.
pub async fn started() -> (DemoPortal, tempfile::TempDir) {
    (DemoPortal::start_local(DemoOptions::default()).await.unwrap(), tempfile::tempdir().unwrap())
}

/// What the binary wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run's exit code (-1 when a signal ended it), stdout and stderr.
pub fn said(out: &Output) -> (i32, String, String) {
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

/// Writes `content` to the file `name` in `dir`; its path, as an argument for the binary.
pub fn write(dir: &Path, name: &str, content: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.display().to_string()
}

/// The binary signing in to a portal written in the test, at `url` as `host`, by Basic
/// auth, keeping its state in `state`.
pub fn with_basic_auth(url: &str, host: &str, state: &Path) -> Command {
    let mut cmd = command();
    cmd.env("PORTAL_STATE_DIR", state)
        .env("PORTAL_BASE_URL", url)
        .env("PORTAL_HOST", host)
        .env("PORTAL_AUTH", "basic")
        .env("PORTAL_USERNAME", "me@shop.vn")
        .env("PORTAL_PASSWORD", "secret-password");
    cmd
}
