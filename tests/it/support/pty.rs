#![allow(dead_code)]
//! The real binary in a pseudo-terminal, with its output kept for a vt100 screen and for
//! byte-level checks, and the pty's terminal modes readable after the program exits.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
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
    /// What the program wrote so far, told to whoever waits on it as it comes.
    written: Arc<(Mutex<Written>, Condvar)>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    rows: u16,
    cols: u16,
}

/// The program's output, and whether the pty closed: the program ended and nothing it
/// started holds the terminal.
#[derive(Default)]
struct Written {
    bytes: Vec<u8>,
    closed: bool,
}

/// How long a test waits for a state before it fails saying what it saw.
const PATIENCE: Duration = Duration::from_secs(20);

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
        let written = Arc::new((Mutex::new(Written::default()), Condvar::new()));
        let sink = written.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                let n = reader.read(&mut buf).unwrap_or(0);
                let (lock, told) = &*sink;
                let mut w = lock.lock().unwrap();
                w.bytes.extend_from_slice(&buf[..n]);
                w.closed = n == 0;
                told.notify_all();
                if n == 0 {
                    break;
                }
            }
        });
        Session { writer, written, child, master: pair.master, rows, cols }
    }

    pub fn bytes(&self) -> Vec<u8> {
        self.written.0.lock().unwrap().bytes.clone()
    }

    fn screen_of(&self, bytes: &[u8]) -> String {
        let mut parser = vt100::Parser::new(self.rows, self.cols, 0);
        parser.process(bytes);
        parser.screen().contents()
    }

    pub fn screen(&self) -> String {
        self.screen_of(&self.bytes())
    }

    /// Waits until what the program wrote shows `state` (checked each time it writes), or
    /// fails with `what` and the screen; gives the screen it showed then.
    fn wait_until(&self, what: &str, state: impl Fn(&Written, &str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        let (lock, told) = &*self.written;
        let mut w = lock.lock().unwrap();
        loop {
            let screen = self.screen_of(&w.bytes);
            if state(&w, &screen) {
                return screen;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero() && !w.closed, "{what}; screen:\n{screen}");
            w = told.wait_timeout(w, left).unwrap().0;
        }
    }

    /// Waits until the screen shows `text`; gives that screen. (A later `screen()` may be
    /// one the program is still drawing.)
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_all(&[text])
    }

    /// Waits until one screen shows every one of `texts`; gives that screen.
    pub fn wait_for_all(&self, texts: &[&str]) -> String {
        let what = format!("{texts:?} never appeared together");
        self.wait_until(&what, |_, screen| texts.iter().all(|t| screen.contains(t)))
    }

    /// Waits until the screen no longer shows `text` (a dialog closed, say).
    pub fn wait_gone(&self, text: &str) {
        self.wait_until(&format!("{text:?} never went"), |_, screen| !screen.contains(text));
    }

    /// Writes keys. Keys are taken in order, but the escape key must not be followed by
    /// another before the program took it (`ESC q` together is Alt-q): wait for what it
    /// does first.
    pub fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
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

    /// Waits until the program wrote more than `written` bytes, or the screen shows `text`.
    pub fn wait_until_wrote_more_or(&self, written: usize, text: &str) {
        let what = format!("nothing written after {written} bytes, and no {text:?}");
        self.wait_until(&what, |w, screen| w.bytes.len() > written || screen.contains(text));
    }

    pub fn signal(&self, signal: i32) {
        let pid = self.child.process_id().expect("a running child") as i32;
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Waits for the program to end and the terminal to close (all it wrote is read by
    /// then), and gives its exit code.
    pub fn wait_exit(&mut self) -> u32 {
        let deadline = Instant::now() + PATIENCE;
        let (lock, told) = &*self.written;
        let mut w = lock.lock().unwrap();
        while !w.closed {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "the program did not exit; screen:\n{}", self.screen_of(&w.bytes));
            w = told.wait_timeout(w, left).unwrap().0;
        }
        drop(w);
        self.child.wait().unwrap().exit_code()
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
