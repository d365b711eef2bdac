//! Every way the dashboard can end leaves a working terminal: quit, a panic, SIGTERM,
//! SIGHUP and SIGINT. Checked on the bytes written (alternate screen left, cursor shown)
//! and on the pty's own modes (raw mode left), with a sensible exit code each time.

use crate::support;

use support::pty::Session;

fn started(env: &[(&str, &str)]) -> Session {
    let s = Session::start_with(&["--demo"], env, 80, 24);
    s.wait_for("my.example.vn");
    assert!(s.is_raw(), "the dashboard runs in raw mode");
    s
}

fn assert_restored(s: &Session) {
    let tail = s.tail(400);
    let left = tail.rfind("\x1b[?1049l").unwrap_or_else(|| panic!("alternate screen not left: {tail:?}"));
    assert!(tail[left..].contains("\x1b[?25h") || tail[..left].contains("\x1b[?25h"), "cursor hidden: {tail:?}");
    assert!(tail.contains("\x1b[?2004l"), "bracketed paste left on: {tail:?}");
    assert!(s.is_cooked(), "the pty is still in raw mode");
}

#[test]
fn quitting() {
    let mut s = started(&[]);
    // The dashboard itself, signed in: the state `q` is meant for.
    s.wait_for("need attention");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    assert_restored(&s);
}

#[test]
fn signals() {
    for (signal, code) in [(libc::SIGTERM, 143), (libc::SIGHUP, 129), (libc::SIGINT, 130)] {
        let mut s = started(&[]);
        s.signal(signal);
        assert_eq!(s.wait_exit(), code, "signal {signal}");
        assert_restored(&s);
    }
}

#[test]
fn a_panic_restores_first_then_reports() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("portal.log");
    let log_arg = log.to_str().unwrap();
    let mut s = Session::start_with(&["--demo", "--log-file", log_arg], &[("PORTAL_TUI_TEST_PANIC", "1")], 80, 24);
    assert_eq!(s.wait_exit(), 101);
    assert!(s.is_cooked(), "the pty is still in raw mode");
    let tail = s.tail(4000);
    let report = tail.find("portal-tui crashed").expect("a short report");
    let before = &tail[..report];
    let shown = before.rfind("\x1b[?25h").expect("cursor shown before the report");
    let left = before.rfind("\x1b[?1049l").expect("alternate screen left before the report");
    assert!(shown < left && before.rfind("\x1b[?25l").is_none_or(|hidden| hidden < shown), "{tail:?}");
    assert!(before.contains("\x1b[?2004l"), "bracketed paste off before the report: {tail:?}");
    assert!(tail[report..].contains(&format!("the full report is in {log_arg}")), "{tail:?}");
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("test panic requested"), "{logged}");
}

#[test]
fn a_panic_without_a_log_writes_a_crash_file() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().to_str().unwrap();
    let env = [("PORTAL_TUI_TEST_PANIC", "1"), ("PORTAL_STATE_DIR", state)];
    let mut s = Session::start_with(&["--demo"], &env, 80, 24);
    assert_eq!(s.wait_exit(), 101);
    let tail = s.tail(4000);
    assert!(tail.contains("the full report is in "), "{tail:?}");
    let crash = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("crash-"));
    let report = std::fs::read_to_string(crash.expect("a crash file").path()).unwrap();
    assert!(report.contains("panicked at"), "{report}");
}
