//! Every screen at 80×24 and 120×40, from states built through `update` and the real
//! worker against the demo portal (dates pinned), plus colour checks where colour carries
//! meaning.

use crate::support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::demo::{Fault, FaultRule};
use ratatui::style::Color;
use support::harness::Harness;

fn snapshot(h: &mut Harness, name: &str) {
    support::screen::assert_screens!(h, name);
}

#[tokio::test]
async fn login_form_empty_and_refused() {
    let mut h = Harness::new().await;
    let url = h.app.profile().login.base_url.value().to_owned();
    let form = &mut h.app.profile_mut().login;
    for field in [&mut form.base_url, &mut form.host, &mut form.email, &mut form.password] {
        *field = tui_input::Input::default();
    }
    form.focus = portal_tui::app::Field::BaseUrl;
    snapshot(&mut h, "login_empty");
    h.keys(&url).await;
    h.key(KeyCode::Tab).await;
    h.keys("my.example.vn").await;
    h.key(KeyCode::Tab).await;
    h.keys("demo@example.vn").await;
    h.key(KeyCode::Tab).await;
    h.keys("wrong-password").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().login.email.value(), "demo@example.vn", "the typed e-mail is kept");
    assert!(h.app.profile().login.error.as_deref().unwrap().contains("wrong e-mail or password"));
    assert!(h.app.profile().login.password.value().is_empty(), "the password is typed again");
    // The demo's port changes every run; show a fixed one so the snapshot is stable.
    h.app.profile_mut().login.base_url = tui_input::Input::new("http://127.0.0.1:8787".into());
    snapshot(&mut h, "login_refused");
}

#[tokio::test]
async fn account_screen() {
    let mut h = Harness::whole_account().await;
    snapshot(&mut h, "account");
}

#[tokio::test]
async fn domains_grouped_and_detail() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    h.lookup("phosaigon.vn").await;
    snapshot(&mut h, "domains");
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Enter).await;
    snapshot(&mut h, "domain_detail");
}

/// `f` narrows the list while typing; Enter keeps the filter, Esc shows everything again,
/// and a new lookup is never hidden behind a filter.
#[tokio::test]
async fn domains_filtered_while_typing() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    for name in ["example.vn", "phosaigon.vn", "caphesuada.vn"] {
        h.lookup(name).await;
    }
    let all = h.app.profile().screens.domains.records.len();
    h.key(KeyCode::Char('f')).await;
    h.keys("ph").await;
    assert_eq!(h.app.profile().screens.domains.list.shown, 2, "narrowed at each key: phosaigon, caphesuada");
    h.keys("o").await;
    assert_eq!(h.app.profile().screens.domains.list.shown, 1);
    h.keys("x").await;
    assert!(h.app.profile().screens.domains.list.rows.is_empty(), "nothing matches 'phox'");
    h.key(KeyCode::Backspace).await;
    snapshot(&mut h, "domains_filter_typing");
    h.key(KeyCode::Enter).await;
    assert!(h.app.shell.prompt.is_none());
    assert_eq!(h.app.profile().screens.domains.list.filter, "pho", "Enter keeps the filter");
    h.key(KeyCode::Enter).await;
    assert_eq!(
        h.app.profile().screens.domains.selected_record().unwrap().name,
        "phosaigon.vn",
        "the filtered record opens"
    );
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Esc).await;
    assert_eq!(
        (h.app.profile().screens.domains.list.filter.as_str(), h.app.profile().screens.domains.list.shown),
        ("", all),
        "Esc in the list clears it"
    );
    h.key(KeyCode::Char('f')).await;
    h.keys("expired").await;
    assert!(h.app.profile().screens.domains.list.shown < all);
    h.key(KeyCode::Esc).await;
    assert_eq!(h.app.profile().screens.domains.list.shown, all, "Esc in the prompt clears it");
    h.key(KeyCode::Char('f')).await;
    h.keys("cap").await;
    h.key(KeyCode::Enter).await;
    h.lookup("nhasachhanoi.vn").await;
    assert!(h.app.profile().screens.domains.list.filter.is_empty(), "a lookup shows its name");
    assert_eq!(h.app.profile().screens.domains.selected_record().unwrap().name, "nhasachhanoi.vn");
}

#[tokio::test]
async fn expired_rows_are_red_and_soon_rows_yellow() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    h.lookup("phosaigon.vn").await;
    let terminal = h.render(80, 24);
    let buffer = terminal.backend().buffer();
    let row_of = |needle: &str| {
        (0..buffer.area.height)
            .find(|&y| (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect::<String>().contains(needle))
            .unwrap_or_else(|| panic!("{needle} on screen"))
    };
    let col_of = |y: u16, needle: &str| {
        let line: String = (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect();
        line.find(needle).unwrap() as u16
    };
    let expired = row_of("2025-10-22");
    assert_eq!(buffer[(col_of(expired, "2025-10-22"), expired)].fg, Color::Red);
    assert_eq!(buffer[(col_of(expired, "-395d"), expired)].fg, Color::Red);
    let soon = row_of("2026-12-03");
    assert_eq!(buffer[(col_of(soon, " 12d") + 1, soon)].fg, Color::Yellow);
    let later = row_of("2027-11-06");
    assert_eq!(buffer[(col_of(later, "350d"), later)].fg, Color::Reset);
}

#[tokio::test]
async fn certificate_detail() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('5')).await;
    h.lookup("3301").await;
    snapshot(&mut h, "certificate");
    h.key(KeyCode::Right).await;
    h.key(KeyCode::Right).await;
    let screen = h.render(120, 40).backend().to_string();
    assert!(screen.contains("(missing)"), "the partial tech contact shows missing fields");
}

#[tokio::test]
async fn upgrade_picker_with_a_changed_choice() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    snapshot(&mut h, "upgrade_changed");
    let screen = h.render(80, 24).backend().to_string();
    assert!(screen.contains("90,000 VND → 240,000.50 VND  (+150,000.50 VND)"), "{screen}");
}

#[tokio::test]
async fn help_and_error_popups() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('?')).await;
    snapshot(&mut h, "help_domains");
    h.key(KeyCode::Esc).await;
    // A name the portal does not hold is checked for registration, no error: a crash is one.
    h.demo.set_faults(vec![FaultRule::on(Fault::Html500, "/domain/name/khong-co.vn")]);
    h.lookup("khong-co.vn").await;
    h.key(KeyCode::Char('e')).await;
    snapshot(&mut h, "error_popup");
}

#[tokio::test]
async fn tiny_terminal_says_so() {
    let mut h = Harness::logged_in().await;
    let screen = h.render(40, 10).backend().to_string();
    assert!(screen.contains("Terminal too small"), "{screen}");
}

/// `End` then `Up` on every document moves up one line at once: offsets stay within the
/// content as the view last drew it, never near `isize::MAX`.
#[tokio::test]
async fn scroll_positions_stay_within_their_content() {
    let mut h = Harness::logged_in().await;
    let check = |h: &mut Harness, what: &str, offset: &dyn Fn(&portal_tui::app::App) -> usize| {
        h.render(60, 16);
        let _ = h.app.update(portal_tui::app::Msg::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)));
        h.render(60, 16);
        let end = offset(&h.app);
        assert!(end > 0 && end < 100, "{what}: End went to {end}");
        let _ = h.app.update(portal_tui::app::Msg::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::NONE)));
        assert_eq!(offset(&h.app), end - 1, "{what}: Up after End moves at once");
        for _ in 0..200 {
            let _ = h.app.update(portal_tui::app::Msg::Key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE)));
        }
        assert_eq!(offset(&h.app), end, "{what}: Down stops at the end");
    };
    h.key(KeyCode::Char('1')).await;
    check(&mut h, "account", &|app| app.profile().screens.account.scroll.offset());
    h.key(KeyCode::Char('5')).await;
    h.lookup("3301").await;
    check(&mut h, "certificate", &|app| app.profile().screens.certificates.scroll.offset());
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    h.key(KeyCode::Enter).await;
    check(&mut h, "domain detail", &|app| app.profile().screens.domains.detail_scroll.offset());
    h.key(KeyCode::Char('?')).await;
    check(&mut h, "help", &|app| app.shell.help_scroll.offset());
}

/// Every key named on screen comes from the active keymap: rebinding `lookup`, `open` and
/// `back` changes the empty states, titles, hints, the prompt and the login form.
#[tokio::test]
async fn rebinding_keys_changes_every_place_that_names_them() {
    use portal_tui::config::keys::Keymap;
    let keymap = || {
        Keymap::merged([
            ("domains", vec![("lookup", vec!["n"])]),
            ("certificates", vec![("lookup", vec!["n"])]),
            ("global", vec![("open", vec!["F3"]), ("back", vec!["F2"])]),
        ])
        .unwrap()
    };
    let mut h = Harness::new().await;
    h.app.shell.keymap = keymap();
    let login = h.render(80, 24).backend().to_string();
    assert!(login.contains("F3 sign in") && login.contains("F2 quit"), "{login}");
    assert!(!login.contains("Enter sign in"), "{login}");
    // F3 signs in; Enter is no longer bound.
    h.key(KeyCode::F(3)).await;
    assert_eq!(h.app.profile().screen, portal_tui::app::Screen::Account);
    h.key(KeyCode::Char('2')).await;
    let domains = h.render(80, 24).backend().to_string();
    assert!(domains.contains("Press n and type a domain name"), "{domains}");
    assert!(!domains.contains("Press /"), "{domains}");
    assert!(domains.contains("n lookup"), "the hints: {domains}");
    h.key(KeyCode::Char('n')).await;
    let prompt = h.render(80, 24).backend().to_string();
    assert!(prompt.contains("Domain"), "{prompt}");
    h.keys("example.vn").await;
    h.key(KeyCode::F(3)).await;
    let listed = h.render(100, 24).backend().to_string();
    assert!(listed.contains("F3 opens"), "{listed}");
    h.key(KeyCode::F(3)).await;
    let detail = h.render(100, 24).backend().to_string();
    assert!(detail.contains("F2 back"), "{detail}");
    h.key(KeyCode::Char('5')).await;
    let certificates = h.render(80, 24).backend().to_string();
    assert!(certificates.contains("Press n and type a certificate id"), "{certificates}");
}

#[tokio::test]
async fn one_record_is_one_record() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("phosaigon.vn").await;
    let screen = h.render(100, 24).backend().to_string();
    assert!(screen.contains("1 looked up, 1 record —"), "{screen}");
}

/// The selected row is always on screen, and the end of the list shows the last resource
/// (the VPS's fourth, a quantity), at every size.
#[tokio::test]
async fn every_upgrade_row_can_be_reached() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    for (w, rows) in [(80, 24), (60, 16), (120, 40)] {
        h.key(KeyCode::Char('g')).await;
        let top = h.render(w, rows).backend().to_string();
        assert!(top.contains("CPU"), "{w}×{rows}: {top}");
        h.key(KeyCode::Char('G')).await;
        let end = h.render(w, rows).backend().to_string();
        assert!(end.contains("[ 0 ] IPv4"), "the selected row: {w}×{rows}: {end}");
        assert!(end.contains("Địa chỉ IPv4 bổ sung"), "its resource's name above it: {w}×{rows}: {end}");
        for _ in 0..12 {
            h.key(KeyCode::Up).await;
            let screen = h.render(w, rows);
            let buffer = screen.backend().buffer();
            let selected = (0..rows).any(|y| {
                buffer[(2, y)].style().add_modifier.contains(ratatui::style::Modifier::REVERSED)
                    || buffer[(2, y)].bg != Color::Reset
            });
            assert!(selected, "the cursor is visible at {w}×{rows}");
        }
    }
}

#[tokio::test]
async fn the_empty_radar_promises_only_what_it_shows() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('7')).await;
    let screen = h.render(100, 24).backend().to_string();
    assert!(screen.contains("Press a on a domain or a certificate to watch it;"), "{screen}");
    assert!(!screen.contains("service"), "the radar lists no services: {screen}");
}

#[tokio::test]
async fn a_click_on_a_tab_opens_it() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    use portal_tui::app::Screen;
    let mut h = Harness::logged_in().await;
    for (width, tab, screen) in [(140, "5 Certificates", Screen::Certificates), (80, "6Upg", Screen::Upgrades)] {
        let top: String = {
            let terminal = h.render(width, 24);
            let buffer = terminal.backend().buffer();
            (0..width).map(|x| buffer[(x, 0)].symbol().to_owned()).collect()
        };
        let column = top.find(tab).unwrap_or_else(|| panic!("{tab} in {top:?}")) as u16 + 1;
        let click =
            MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row: 0, modifiers: KeyModifiers::NONE };
        let _ = h.app.update(portal_tui::app::Msg::Mouse(click));
        assert_eq!(h.app.profile().screen, screen, "{width} columns");
    }
}

#[tokio::test]
async fn the_request_log_lists_requests_and_messages_and_shows_answers() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Error200, "/domain/name/khongtontai.vn")]);
    h.lookup("example.vn").await;
    h.lookup("khongtontai.vn").await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html500, "/domain/name/example.vn")]);
    h.lookup("example.vn").await;
    h.key(KeyCode::Char('8')).await;
    let screen = h.render(100, 24).backend().to_string();
    assert!(screen.contains("GET /domain/name/example.vn"), "{screen}");
    assert!(screen.contains("GET /details"), "{screen}");
    assert!(screen.contains("✗ example.vn: portal answered 500"), "messages in full: {screen}");
    // Newest first: the message, then the lookup; Enter on the lookup shows its answer.
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Enter).await;
    let body = h.render(100, 24).backend().to_string();
    assert!(body.contains("GET /domain/name/example.vn — 500 — Esc back"), "{body}");
    assert!(body.contains("500 Internal Server Error"), "{body}");
    h.key(KeyCode::Esc).await;
    assert!(h.render(100, 24).backend().to_string().contains("Log — "));
}

#[test]
fn the_request_log_keeps_the_last_500() {
    use portal_tui::app::{LOG_KEPT, LogEntry, RequestLog};
    let mut log = RequestLog::default();
    for i in 0..600 {
        log.push(LogEntry::Message {
            at: std::time::SystemTime::now(),
            profile: String::new(),
            text: i.to_string(),
            said: portal_tui::app::Said::Info,
        });
    }
    assert_eq!(log.entries.len(), LOG_KEPT);
    assert!(matches!(&log.entries[0], LogEntry::Message { text, .. } if text == "599"), "newest first");
}

#[tokio::test]
async fn a_refused_id_keeps_what_was_typed_and_says_the_reason_whole_below() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('5')).await;
    h.lookup("99999999999999999999999").await;
    let reason = h.app.shell.prompt.as_ref().and_then(|p| p.error.clone()).expect("refused");
    let screen = support::screen::text(&h.render(60, 16));
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.contains("Certificate id: ")).expect("the prompt");
    assert!(lines[at].contains("99999999999999999999999"), "what was typed: {screen}");
    // Too long for the room beside it: under it, whole.
    let below = lines[at + 1..].iter().map(|l| l.trim().trim_start_matches("✗ ")).collect::<Vec<_>>().join(" ");
    assert_eq!(below.trim(), reason, "{screen}");
    assert!(!screen.contains('…'), "{screen}");
}

/// A portal that answers only the seed's routes: the account says the balance is not
/// offered, once, with no error, and a refresh does not ask again.
#[tokio::test]
async fn a_seed_only_portal_has_no_balance_and_no_error() {
    let mut h = Harness::with_options(portal_tui::demo::DemoOptions { seed_only: true, ..Default::default() }).await;
    let start = h.app.start();
    h.run(start).await;
    assert_eq!(h.app.profile().error, None);
    let screen = h.render(100, 30).backend().to_string();
    assert!(screen.contains("this portal does not offer the balance"), "{screen}");
    let commands = h.app.update(portal_tui::app::Msg::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE)));
    let asked: Vec<_> = commands.iter().filter(|c| matches!(c, portal_tui::app::Command::Call { .. })).collect();
    assert_eq!(asked.len(), 1, "only the account is asked again: {commands:?}");
    h.run(commands).await;
}
