//! The real binary in a pseudo-terminal: `--demo` from the radar, look up the demo name with both
//! records, open a certificate from the list, change an upgrade choice, quit; the terminal is left clean.

use crate::support;

use support::demo_server;
use support::pty::Session;

#[test]
fn demo_session_from_login_to_quit() {
    let mut s = Session::start(&["--demo"]);
    // The demo profile watches a few items: the radar comes first.
    s.wait_for("Radar — 15 of 23 need attention");
    s.send("1");
    s.wait_for("Account #1042");
    s.send("2");
    s.send("/");
    s.send("example.vn\r");
    // Joined to the portal's list, where it is already: example.vn has one of each.
    s.wait_for_all(&["Expired (2)", "Active (7)"]);
    // The portal lists its certificates: `/` filters the list to the one, Enter opens it.
    s.send("5");
    s.send("/");
    s.send("3301\r");
    s.send("\r");
    s.wait_for("Certificate #3301");
    s.send("6");
    s.send("/");
    s.send("2207\r");
    s.wait_for("#2207 — upgrade");
    s.send("j");
    s.send(" ");
    s.wait_for("(+150,000.50 VND)");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    let tail = s.tail(200);
    assert!(tail.contains("\x1b[?1049l"), "left the alternate screen: {tail:?}");
    assert!(tail.contains("\x1b[?25h"), "showed the cursor: {tail:?}");
}

/// A DNS record added from a domain's detail: the form, the confirmation dialog that names
/// it, `y`, and the records as the portal has them afterwards.
#[test]
fn a_dns_change_is_confirmed_in_a_dialog_before_it_is_sent() {
    let state = tempfile::tempdir().unwrap();
    let state_dir = state.path().to_str().unwrap();
    let mut s = Session::start_with(&["--demo"], &[("PORTAL_STATE_DIR", state_dir)], 80, 24);
    s.wait_for("Radar — 15 of 23 need attention");
    s.send("2");
    s.wait_for("Domains — ");
    s.send("\r");
    s.wait_for("DNS records (6)");
    s.send("n");
    s.wait_for("New DNS record");
    s.send("vpn\t\t198.51.100.4\r");
    s.wait_for("Send this change?");
    // It takes keys a moment after it opens, and offers them only then.
    s.wait_for_all(&["demo@example.vn at my.example.vn", "add a record", "New      vpn A 198.51.100.4", "y send"]);
    s.send("y");
    s.wait_for("Done: add a record vpn A 198.51.100.4");
    s.wait_for("DNS records (7)");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    // The demo portal's changes are kept apart from the user's own.
    assert!(!state.path().join("changes.log").exists());
    let log = std::fs::read_to_string(state.path().join("changes-demo.log")).unwrap();
    assert_eq!(log.lines().count(), 2, "{log}");
    assert!(
        log.contains("\tprofile=client\tportal=my.example.vn (demo)\tdomain phosaigon.vn\tPOST /domain/")
            && log.ends_with("\tapplied\n"),
        "{log}"
    );
}

/// A reply typed in the real terminal: the editor takes Enter as a line break, Ctrl-S puts
/// the reply up, `y` sends it once, and the conversation read again holds it.
#[test]
fn a_ticket_reply_is_typed_confirmed_and_sent_from_the_dashboard() {
    let state = tempfile::tempdir().unwrap();
    let state_dir = state.path().to_str().unwrap();
    let mut s = Session::start_with(&["--demo"], &[("PORTAL_STATE_DIR", state_dir)], 80, 24);
    s.wait_for("Radar — ");
    s.send("9");
    s.wait_for("Tickets — 5");
    s.send("\r");
    // The conversation has come when its first message's header shows.
    s.wait_for("Trần Quốc Bảo (staff)");
    s.send("a");
    s.wait_for("Reply to #482913");
    s.send("Da kiem tra lai.\rCam on anh Bao!");
    s.wait_for("Cam on anh Bao!");
    s.send("\x13");
    s.wait_for("Send this reply?");
    s.wait_for("y send");
    s.send("y");
    // The conversation read again holds it, shown at its end.
    s.wait_for_all(&["Done: reply to ticket #482913", "  Cam on anh Bao!"]);
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    let log = std::fs::read_to_string(state.path().join("changes-demo.log")).unwrap();
    assert_eq!(log.lines().count(), 2, "{log}");
    assert!(log.contains("ticket 482913") && log.contains("POST /tickets/482913"), "{log}");
}

/// A portal whose text carries a title change (`ESC]0;…BEL`), a screen clear (`ESC[2J`)
/// and a bidi override: none of it may reach the terminal, the rest of the text does.
#[test]
fn hostile_portal_text_never_reaches_the_terminal() {
    let server = demo_server::DemoServer::start(&["--fault", "hostile-text", "--seed-only"]);
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

/// A password command that fails leaves the login form up, saying why, with the rest filled.
#[test]
fn failing_password_command_is_shown_on_the_login_form() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    let text = "[profiles.shop]\nbase_url = \"http://127.0.0.1:9\"\nhost = \"my.example.vn\"\n\
                username = \"me@example.vn\"\npassword_command = \"echo vault locked >&2; exit 3\"\n";
    std::fs::write(&config, text).unwrap();
    let env = [("PORTAL_CONFIG", config.to_str().unwrap())];
    let mut s = Session::start_with(&[], &env, 100, 30);
    s.wait_for_all(&["vault locked", "password_command", "me@example.vn"]);
    s.send("\x1b");
    assert_eq!(s.wait_exit(), 0);
}

#[test]
fn unknown_profile_stops_before_the_terminal_is_touched() {
    let mut s = Session::start_with(&["--demo", "--profile", "nope"], &[], 100, 30);
    assert_eq!(s.wait_exit(), 2);
    let out = String::from_utf8_lossy(&s.bytes()).into_owned();
    assert!(out.contains("error: no profile named \"nope\""), "{out}");
    assert!(!out.contains("\x1b[?1049h"), "the alternate screen was never entered");
}

/// `--mouse`: the wheel moves the radar's selection, a click selects a row and a second
/// click opens it; on the way out mouse reporting is switched off again.
#[test]
fn mouse_wheel_and_clicks_with_mouse_flag() {
    let mut s = Session::start(&["--demo", "--mouse"]);
    s.wait_for("Radar — 15 of 23 need attention");
    assert!(String::from_utf8_lossy(&s.bytes()).contains("\x1b[?1000h"), "mouse reporting on");
    // SGR mouse reports: wheel down at (10,5), then a left click on the first radar row (y=4).
    s.send("\x1b[<65;10;5M");
    s.send("\x1b[<0;10;4M\x1b[<0;10;4m");
    s.send("\x1b[<0;10;4M\x1b[<0;10;4m");
    // The first item is nhasachhanoi.vn's expired domain: opened on the domain screen.
    s.wait_for("nhasachhanoi.vn — Esc back");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    let tail = s.tail(300);
    assert!(tail.contains("\x1b[?1000l"), "mouse reporting off: {tail:?}");
    assert!(tail.contains("\x1b[?1049l"), "left the alternate screen: {tail:?}");
}

/// A bare `portal-tui` with no configuration says how to start.
#[test]
fn a_first_run_says_how_to_start() {
    let mut s = Session::start_with(&[], &[], 80, 24);
    s.wait_for_all(&["No portal is set up yet", "portal-tui --demo"]);
    s.send("\x1b");
    assert_eq!(s.wait_exit(), 0);
}

/// A DKIM key pasted into the DNS form's content field, with a line break, a `y` and an
/// `L` in it: with bracketed paste on, it is text in the field (its line breaks taken out),
/// no dialog opens, the language stays, nothing is sent; on the way out bracketed paste
/// is switched off again.
#[test]
fn a_pasted_key_is_text_in_the_field_never_keys() {
    let state = tempfile::tempdir().unwrap();
    let state_dir = state.path().to_str().unwrap();
    let mut s = Session::start_with(&["--demo"], &[("PORTAL_STATE_DIR", state_dir)], 100, 30);
    s.wait_for("Radar — 15 of 23 need attention");
    s.send("2");
    s.wait_for("Domains — ");
    s.send("\r");
    s.wait_for("DNS records (6)");
    s.send("n");
    s.wait_for("New DNS record");
    // Host, then TXT (a letter picks the type), then the content field.
    s.send("_dkim\tt\t");
    s.wait_for("any text; quotes are added");
    s.paste("v=DKIM1; k=rsa; p=MIGfMA0GCSq\r\nGSIb3yLp8QIDAQAB\r");
    let screen = s.wait_for_all(&["its line breaks were taken out", "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3yLp8QIDAQAB"]);
    assert!(!screen.contains("Send this change?"), "no dialog opened: {screen}");
    assert!(screen.contains("2 Dom") && !screen.contains("miền"), "the language stayed: {screen}");
    s.send("\x1b");
    s.wait_gone("New DNS record");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    assert!(!state.path().join("changes.log").exists(), "nothing was sent");
    assert!(String::from_utf8_lossy(&s.bytes()).contains("\x1b[?2004h"), "bracketed paste on");
    assert!(s.tail(300).contains("\x1b[?2004l"), "bracketed paste off: {:?}", s.tail(300));
}

/// `o` asks the estimate from a slow portal, and `y`s typed for the screen (where `y`
/// copies) go on while it arrives and after: the confirmation that opens by itself takes
/// none of them and says so. (The test build lets it ignore keys for as long as the test
/// types, so the machine's speed decides nothing.) Nothing is ordered.
#[test]
fn keys_typed_while_the_estimate_arrives_never_confirm_the_order() {
    let server = demo_server::DemoServer::start(&["--latency", "400"]);
    let state = tempfile::tempdir().unwrap();
    let env = [
        ("PORTAL_BASE_URL", server.url.as_str()),
        ("PORTAL_HOST", "my.example.vn"),
        ("PORTAL_USERNAME", "demo@example.vn"),
        ("PORTAL_PASSWORD", "demo-client-2026"),
        ("PORTAL_STATE_DIR", state.path().to_str().unwrap()),
        ("PORTAL_TUI_TEST_SETTLE_MS", "600000"),
    ];
    let mut s = Session::start_with(&[], &env, 100, 30);
    s.wait_for("Account #1042");
    s.send("6");
    s.send("/");
    s.send("2207\r");
    s.wait_for("#2207 — upgrade");
    s.send("j");
    s.send(" ");
    s.wait_for("(+150,000.50 VND)");
    s.send("o");
    // `y` after `y` (each one copies: the program writes it out) until the confirmation
    // shows, then more.
    while !s.screen().contains("Send this upgrade request?") {
        let written = s.bytes().len();
        s.send("y");
        s.wait_until_wrote_more_or(written, "Send this upgrade request?");
    }
    s.send("yyy");
    s.wait_for("keys ignored for a moment");
    // Ctrl-C leaves whatever is open, once the keys before it were taken.
    s.send("\x03");
    assert_eq!(s.wait_exit(), 0);
    let out = String::from_utf8_lossy(&s.bytes()).into_owned();
    assert!(!out.contains("Sending:") && !out.contains("Done: upgrade"), "a `y` ordered it");
    assert!(!state.path().join("changes.log").exists(), "nothing was ordered");
}

/// A terminal without bracketed paste sends a paste as the keys it is made of: the line
/// break submits the form and the `y`s after it were already waiting when the
/// confirmation opened. None of them answers it; nothing is sent.
#[test]
fn keys_already_waiting_when_a_confirmation_opens_never_answer_it() {
    let state = tempfile::tempdir().unwrap();
    let state_dir = state.path().to_str().unwrap();
    let mut s = Session::start_with(&["--demo"], &[("PORTAL_STATE_DIR", state_dir)], 80, 24);
    s.wait_for("Radar — 15 of 23 need attention");
    s.send("2");
    s.wait_for("Domains — ");
    s.send("\r");
    s.wait_for("DNS records (6)");
    s.send("n");
    s.wait_for("New DNS record");
    s.send("vpn\t\t198.51.100.4\ryyyyyyyy");
    s.wait_for_all(&["Send this change?", "y send"]);
    s.send("n");
    s.wait_gone("Send this change?");
    s.send("\x1b");
    s.wait_gone("New DNS record");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
    assert!(!state.path().join("changes.log").exists(), "nothing was sent");
}
