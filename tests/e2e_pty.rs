//! The real binary in a pseudo-terminal: `--demo`, look up the demo name with both
//! records, open a certificate, change an upgrade choice, quit; the terminal is left clean.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

struct Session {
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let pty = native_pty_system();
        // Size first: a resize arriving together with a key can lose the key.
        let pair = pty.openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_portal-tui"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("TMUX");
        for (key, _) in std::env::vars().filter(|(k, _)| k.starts_with("PORTAL_")) {
            cmd.env_remove(key);
        }
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        // Keep the master alive as long as the session.
        std::mem::forget(pair.master);
        Session { writer, output, child }
    }

    fn screen(&self) -> String {
        let mut parser = vt100::Parser::new(24, 80, 0);
        parser.process(&self.output.lock().unwrap());
        parser.screen().contents()
    }

    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if self.screen().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{text:?} never appeared; screen:\n{}", self.screen());
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(60));
    }

    fn wait_exit(&mut self) -> u32 {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.exit_code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the program did not exit");
    }
}

#[test]
fn demo_session_from_login_to_quit() {
    let mut s = Session::start(&["--demo"]);
    s.wait_for("Account #1042");
    s.send("2");
    s.send("/");
    s.send("example.vn\r");
    s.wait_for("Expired (1)");
    assert!(s.screen().contains("Active (1)"));
    s.send("3");
    s.send("/");
    s.send("3301\r");
    s.wait_for("Certificate #3301");
    s.send("4");
    s.send("/");
    s.send("2207\r");
    s.wait_for("Service #2207");
    s.send("j");
    s.send(" ");
    s.wait_for("(+150,000.50)");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    std::thread::sleep(Duration::from_millis(100));
    let out = s.output.lock().unwrap().clone();
    let tail = String::from_utf8_lossy(&out[out.len().saturating_sub(200)..]).into_owned();
    assert!(tail.contains("\x1b[?1049l"), "left the alternate screen: {tail:?}");
    assert!(tail.contains("\x1b[?25h"), "showed the cursor: {tail:?}");
}
