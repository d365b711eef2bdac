//! The real binary in a pseudo-terminal: `--demo`, look up the demo name with both
//! records, open a certificate, change an upgrade choice, quit; the terminal is left clean.

use std::time::Duration;

#[path = "support/pty.rs"]
mod pty;

use pty::Session;

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
    let tail = s.tail(200);
    assert!(tail.contains("\x1b[?1049l"), "left the alternate screen: {tail:?}");
    assert!(tail.contains("\x1b[?25h"), "showed the cursor: {tail:?}");
}

#[path = "support/demo_server.rs"]
mod demo_server;

/// A portal whose text carries a title change (`ESC]0;…BEL`), a screen clear (`ESC[2J`)
/// and a bidi override: none of it may reach the terminal, the rest of the text does.
#[test]
fn hostile_portal_text_never_reaches_the_terminal() {
    let server = demo_server::DemoServer::start(&["--fault", "hostile-text"]);
    let env = [
        ("PORTAL_BASE_URL", server.url.as_str()),
        ("PORTAL_HOST", "my.example.vn"),
        ("PORTAL_USERNAME", "demo@example.vn"),
        ("PORTAL_PASSWORD", "demo-client-2026"),
    ];
    let mut s = Session::start_with(&[], &env, 100, 30);
    s.wait_for("Account #1042");
    s.send("2");
    s.send("/");
    s.send("example.vn\r");
    s.wait_for("Expired (1)");
    s.send("\r");
    s.wait_for("ns1.example.vn!");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    let out = String::from_utf8_lossy(&s.bytes()).into_owned();
    for bad in ["\x1b]0;", "PWNED", "\x1b[2J", "\u{202e}", "\x07"] {
        assert!(!out.contains(bad), "{bad:?} reached the terminal");
    }
}
