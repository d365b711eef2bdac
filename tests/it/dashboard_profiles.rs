//! Portals side by side: a reseller with a client and a reseller profile moves between them
//! in one keystroke; each keeps its session and its data. The UI in Vietnamese.

use crate::support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::api::{Language, Query, Role};
use portal_tui::app::{Call, Command, Msg, Popup, Screen};
use portal_tui::demo::{CLIENT_HOST, RESELLER_HOST};
use support::harness::Harness;

async fn two_portals() -> Harness {
    let h = Harness::new().await;
    let profiles = vec![h.demo_profile("client", CLIENT_HOST), h.demo_profile("reseller", RESELLER_HOST)];
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    h
}

fn logins(commands: &[Command]) -> usize {
    commands.iter().filter(|c| matches!(c, Command::Call { call: Call::Login(_), .. })).count()
}

#[tokio::test]
async fn switching_keeps_each_profiles_session_and_data() {
    let mut h = two_portals().await;
    assert_eq!(h.app.profile().session.as_ref().map(|s| s.host.as_str()), Some(CLIENT_HOST));
    h.keys("2").await;
    h.lookup("example.vn").await;
    let client_records = h.app.profile().screens.domains.records.len();
    assert!(client_records > 0);

    // First visit to the reseller profile: it signs in on its own (the form is complete).
    h.key(KeyCode::Char('p')).await;
    assert_eq!(h.app.shell.popup, Some(Popup::Profiles));
    insta::assert_snapshot!("switcher_80x24", h.screen_text(80, 24));
    let commands = h.press(KeyCode::Char('2'));
    assert_eq!(logins(&commands), 1, "the reseller profile signs in the first time");
    h.run(commands).await;
    let session = h.app.profile().session.clone().expect("signed in to the reseller portal");
    assert_eq!((session.host.as_str(), session.role), (RESELLER_HOST, Role::Reseller));
    assert_eq!(h.app.profile_name(), "reseller");
    assert!(h.app.profile().screens.domains.records.is_empty(), "the reseller sees none of the client's lookups");
    h.keys("2").await;
    h.lookup("khachsanhoian.com").await;
    let reseller_records = h.app.profile().screens.domains.records.len();
    assert!(reseller_records > 0);

    // Back and forth with P: no login, no refetch, everything where it was.
    for (host, records) in [(CLIENT_HOST, client_records), (RESELLER_HOST, reseller_records)] {
        let commands = h.press(KeyCode::Char('P'));
        assert!(commands.is_empty(), "switching back asks the portal nothing: {commands:?}");
        assert_eq!(h.app.profile().session.as_ref().unwrap().host, host);
        assert_eq!(h.app.profile().screen, Screen::Domains);
        assert_eq!(h.app.profile().screens.domains.records.len(), records);
    }
    let rows = h.app.profile_rows();
    assert!(rows.iter().all(|r| r.signed_in), "{rows:?}");

    // The header names the active profile, beside every tab in full, and its portal
    // where there is room for that too.
    let text = h.screen_text(130, 24);
    let header = text.lines().next().unwrap();
    assert!(header.contains("0 Overview") && header.ends_with(" reseller "), "{header}");
    let text = h.screen_text(160, 24);
    let header = text.lines().next().unwrap();
    assert!(header.contains("0 Overview") && header.contains("reseller · daily.example.vn · reseller"), "{header}");
}

#[tokio::test]
async fn an_answer_for_a_profile_in_the_background_lands_there() {
    let mut h = two_portals().await;
    h.keys("2").await;
    // Ask the client portal, then switch before the answer is applied.
    h.key(KeyCode::Char('/')).await;
    h.keys("example.vn").await;
    let lookup = h.app.update(Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    let switch = h.press(KeyCode::Char('P'));
    h.run(lookup.into_iter().chain(switch).collect()).await;
    assert_eq!(h.app.profile_name(), "reseller");
    assert!(
        h.app.profile().screens.domains.records.is_empty(),
        "the client's answer does not show up in the reseller profile"
    );
    h.key(KeyCode::Char('P')).await;
    assert_eq!(h.app.profile_name(), "client");
    assert!(!h.app.profile().screens.domains.records.is_empty(), "it landed in the client profile");
}

#[tokio::test]
async fn the_login_form_chooses_a_profile_too() {
    let h = Harness::new().await;
    let mut reseller = h.demo_profile("reseller", RESELLER_HOST);
    reseller.password = None;
    let mut client = h.demo_profile("client", CLIENT_HOST);
    client.password = None;
    let mut h = h.with_profiles(vec![client, reseller]);
    let start = h.app.start();
    assert!(start.is_empty(), "no password: the form waits");
    h.app.profile_mut().login.focus = portal_tui::app::Field::Profile;
    let text = h.screen_text(80, 24);
    assert!(text.contains("‹ client ›"), "{text}");
    h.key(KeyCode::Right).await;
    assert_eq!(h.app.profile_name(), "reseller");
    assert_eq!(h.app.profile().login.host.value(), RESELLER_HOST);
    assert_eq!(h.app.profile().login.focus, portal_tui::app::Field::Profile, "→ again moves on");
    let text = h.screen_text(80, 24);
    assert!(text.contains("‹ reseller ›") && text.contains("profile reseller"), "{text}");
}

#[tokio::test]
async fn vietnamese_ui_and_language_toggle() {
    let mut h = two_portals().await;
    h.keys("2").await;
    h.lookup("example.vn").await;
    let commands = h.press(KeyCode::Char('L'));
    assert_eq!(h.app.profile().language, Language::Vietnamese);
    assert!(
        commands.iter().any(|c| matches!(c, Command::Language { language: Language::Vietnamese, .. })),
        "later calls ask for Vietnamese: {commands:?}"
    );
    assert!(
        commands
            .iter()
            .any(|c| matches!(c, Command::Call { call: Call::Fetch(Query::Domain(n)), .. } if n == "example.vn")),
        "the view is fetched again: {commands:?}"
    );
    h.run(commands).await;
    let text = h.screen_text(80, 24);
    insta::assert_snapshot!("domains_vietnamese_80x24", text);
    for words in ["Tên miền", "Đang hoạt động", "Hết hạn", "tra cứu"] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    // Money and dates in the reader's convention.
    assert!(text.contains("480.000") && text.contains("06/11/2027"), "{text}");
    // The other profile keeps its own language.
    h.key(KeyCode::Char('P')).await;
    assert_eq!(h.app.profile().language, Language::English);
}

#[tokio::test]
async fn messages_come_before_the_session_line_when_the_row_is_short() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('L')).await;
    let screen = h.render(80, 24).backend().to_string();
    let status = screen.lines().last().unwrap_or_default().to_owned();
    assert!(status.contains("ngôn ngữ: Tiếng Việt"), "the whole message: {status:?}");
}

#[tokio::test]
async fn a_long_address_wraps_instead_of_being_cut() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('1')).await;
    let screen = h.render(80, 24).backend().to_string();
    assert!(screen.contains("700000"), "the whole postcode: {screen}");
}

/// Ctrl-S on the sign-in form, as the terminal sends it.
async fn ctrl_s(h: &mut Harness) {
    let commands = h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL)));
    h.run(commands).await;
}

#[tokio::test]
async fn the_sign_in_form_is_saved_as_a_profile_without_its_password() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "# my portals\nmouse = false  # the terminal copies\n").unwrap();
    let mut h = Harness::new().await;
    let blank =
        portal_tui::app::App::new(portal_tui::app::LoginForm::new(Default::default(), None), support::harness::TODAY);
    h.app = std::mem::replace(&mut h.app, blank).with_config_path(Some(path.clone()));
    let password = h.app.profile().login.password.value().to_owned();
    assert!(!password.is_empty(), "the form holds a password");
    ctrl_s(&mut h).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(portal_tui::app::PromptKind::ProfileName));
    // A name the configuration cannot take is said, and the prompt stays.
    for _ in 0..20 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("my shop").await;
    h.key(KeyCode::Enter).await;
    let error = h.app.shell.prompt.as_ref().and_then(|p| p.error.clone()).unwrap_or_default();
    assert!(error.starts_with("“my shop” cannot be a profile's name"), "{error}");
    for _ in 0..5 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("-shop").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(portal_tui::app::PromptKind::PasswordCommand));
    let shown = h.screen_text(100, 24);
    assert!(shown.contains("Password command (the password itself is never saved; empty: none)"), "{shown}");
    h.keys("pass show portal/shop").await;
    h.key(KeyCode::Enter).await;
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# my portals\nmouse = false  # the terminal copies\n"), "comments kept: {text}");
    assert!(
        text.contains("[profiles.my-shop]") && text.contains("password_command = \"pass show portal/shop\""),
        "{text}"
    );
    assert!(!text.contains(&password) && !text.contains("password ="), "never the password: {text}");
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(
        said.starts_with("profile “my-shop” saved to ") && said.ends_with("start with --profile my-shop"),
        "{said}"
    );
    // Without a configuration to save to (the demo), it says so.
    let mut h = Harness::new().await;
    ctrl_s(&mut h).await;
    assert!(h.app.shell.prompt.is_none());
    assert_eq!(h.app.profile().login.error.as_deref(), Some("the demo's profiles are not saved"));
}

#[tokio::test]
async fn after_signing_out_the_login_form_offers_the_switcher_to_a_profile_still_signed_in() {
    for (language, offered) in [(Language::English, "Ctrl-P profile"), (Language::Vietnamese, "Ctrl-P hồ sơ")] {
        let mut h = two_portals().await;
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        // The Overview signs in every profile; back on the client's screens, `X`.
        h.open_overview().await;
        h.key(KeyCode::Char('1')).await;
        h.key(KeyCode::Char('X')).await;
        h.key(KeyCode::Char('y')).await;
        assert_eq!(h.app.profile().screen, Screen::Login);
        assert!(h.app.profile_rows().iter().any(|r| r.signed_in), "the reseller is still signed in");
        let shown = h.screen_text(80, 24);
        assert!(shown.contains(offered), "{shown}");
        let url = h.demo.url();
        let still = shown.replace(url.as_str(), &format!("{:1$}", "http://demo", url.len()));
        insta::assert_snapshot!(format!("signed_out_switcher_offered_{language:?}_80x24"), still);
        // The key opens the switcher over the form; the reseller is shown, signed in.
        h.ctrl('p').await;
        assert_eq!(h.app.shell.popup, Some(Popup::Profiles));
        let commands = h.press(KeyCode::Char('2'));
        assert!(commands.iter().all(|c| !matches!(c, Command::Call { call: Call::Login(_), .. })), "no new sign-in");
        h.run(commands).await;
        assert_eq!(h.app.profile_name(), "reseller");
        assert_ne!(h.app.profile().screen, Screen::Login);
        // A `p` typed on the form is still text.
        h.key(KeyCode::Char('P')).await;
        assert_eq!(h.app.profile().screen, Screen::Login);
        h.app.profile_mut().login.focus = portal_tui::app::Field::Password;
        h.key(KeyCode::Char('p')).await;
        assert_eq!(h.app.shell.popup, None);
        assert_eq!(h.app.profile().login.password.value(), "p");
    }
}
