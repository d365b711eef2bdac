//! The built binary as a command: in a clean environment (`binary::clean_env`), nothing on
//! stdin, and what the test sets with `.env` and `.args` on top.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use portal_tui::demo::{CLIENT_HOST, DemoPortal};

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
