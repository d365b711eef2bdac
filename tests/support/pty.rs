#![allow(dead_code)]
//! The real binary in a pseudo-terminal, with its output kept for a vt100 screen and for
//! byte-level checks, and the pty's terminal modes readable after the program exits.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The binary with `args` and `env` in a clean environment (`binary::clean_env`), in an
/// xterm not inside tmux.
pub fn command(binary: &Path, args: &[&str], env: &[(&str, &str)]) -> CommandBuilder {
    let mut cmd = CommandBuilder::new(binary);
    cmd.args(args);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("TMUX");
    for (key, value) in super::binary::clean_env() {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        }
    }
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd
}

pub struct Session {
    writer: Box<dyn Write + Send>,
    pub output: Arc<Mutex<Vec<u8>>>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    rows: u16,
    cols: u16,
}

impl Session {
    pub fn start(args: &[&str]) -> Session {
        Session::start_with(args, &[], 80, 24)
    }

    pub fn start_with(args: &[&str], env: &[(&str, &str)], cols: u16, rows: u16) -> Session {
        let pty = native_pty_system();
        // Size first: a resize arriving together with a key can lose the key.
        let pair = pty.openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let cmd = command(&super::binary::path(), args, env);
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
        Session { writer, output, child, master: pair.master, rows, cols }
    }

    pub fn bytes(&self) -> Vec<u8> {
        self.output.lock().unwrap().clone()
    }

    pub fn screen(&self) -> String {
        let mut parser = vt100::Parser::new(self.rows, self.cols, 0);
        parser.process(&self.bytes());
        parser.screen().contents()
    }

    pub fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if self.screen().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{text:?} never appeared; screen:\n{}", self.screen());
    }

    pub fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(60));
    }

    /// Pastes `text` as a terminal does: wrapped in the bracketed-paste markers while the
    /// program has bracketed paste on (`ESC[?2004h`), else as the keys it is made of.
    pub fn paste(&mut self, text: &str) {
        let out = String::from_utf8_lossy(&self.bytes()).into_owned();
        let on = out.rfind("\x1b[?2004h").is_some_and(|on| out.rfind("\x1b[?2004l").is_none_or(|off| off < on));
        if on {
            self.send(&format!("\x1b[200~{text}\x1b[201~"));
        } else {
            self.send(text);
        }
    }

    /// Writes `bytes` at once, with no pause after.
    pub fn type_now(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    pub fn signal(&self, signal: i32) {
        let pid = self.child.process_id().expect("a running child") as i32;
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    pub fn wait_exit(&mut self) -> u32 {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader drain what was written last.
                std::thread::sleep(Duration::from_millis(150));
                return status.exit_code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the program did not exit; screen:\n{}", self.screen());
    }

    /// Whether the pty is back in cooked mode: canonical input and echo on.
    pub fn is_cooked(&self) -> bool {
        let fd = self.master.as_raw_fd().expect("a unix pty");
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::tcgetattr(fd, &mut modes) }, 0);
        modes.c_lflag & libc::ICANON != 0 && modes.c_lflag & libc::ECHO != 0
    }

    /// Whether the pty is in raw mode now (the dashboard is running).
    pub fn is_raw(&self) -> bool {
        let fd = self.master.as_raw_fd().expect("a unix pty");
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::tcgetattr(fd, &mut modes) }, 0);
        modes.c_lflag & libc::ICANON == 0 && modes.c_lflag & libc::ECHO == 0
    }

    /// The output after the dashboard's last frame: what restoring the terminal wrote.
    pub fn tail(&self, bytes: usize) -> String {
        let out = self.bytes();
        String::from_utf8_lossy(&out[out.len().saturating_sub(bytes)..]).into_owned()
    }
}
