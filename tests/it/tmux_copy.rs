//! `y` inside tmux with its default settings (`set-clipboard external`, no passthrough):
//! the real binary in a private tmux server copies a CSR, the tmux buffer holds it, and
//! the status bar says where it went.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::support;

use support::binary;

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux").args(["-L", &self.socket, "-f", "/dev/null"]).args(args).output().expect("tmux runs")
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    fn wait_for(&self, text: &str) -> String {
        let started = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "waited for {text:?}:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `keys` in order (tmux hands them on in order).
    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "t", key]);
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn y_in_tmux_with_default_settings_fills_the_tmux_buffer() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: nothing to test here");
        return;
    }
    let tmux = Tmux { socket: format!("portal-tui-copy-{}", std::process::id()) };
    // The binary in a clean environment, as `env` says it to the shell tmux starts it with.
    let clean = binary::clean_env().into_iter().map(|(key, value)| match value {
        Some(value) => format!("{key}={value}"),
        None => format!("-u {key}"),
    });
    let program = format!("env {} {} --demo", clean.collect::<Vec<_>>().join(" "), binary::path().display());
    let started = tmux.run(&["new-session", "-d", "-s", "t", "-x", "100", "-y", "30", &program]);
    assert!(started.status.success(), "{}", String::from_utf8_lossy(&started.stderr));
    tmux.wait_for("Radar");
    // The demo lists its certificates: `/` filters the list to the one, Enter opens it.
    tmux.keys(&["5", "/", "3301", "Enter", "Enter"]);
    tmux.wait_for("Certificate #3301");
    tmux.keys(&["y"]);
    tmux.wait_for("copied to the tmux buffer");
    let buffer = String::from_utf8_lossy(&tmux.run(&["show-buffer"]).stdout).into_owned();
    assert!(buffer.starts_with("-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCC"), "{buffer}");
    assert!(buffer.ends_with("-----END CERTIFICATE REQUEST-----\n"), "{buffer}");
    tmux.keys(&["q"]);
}
