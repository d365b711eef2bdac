//! `App::update` driven directly: navigation, prompts, superseded and cancelled requests.

use crate::support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::api::models::DomainRecord;
use portal_tui::api::{Data, Query};
use portal_tui::app::{App, Call, Command, LoginForm, Msg, Outcome, Response, Screen};
use portal_tui::config::settings::Partial;
use support::harness::{Harness, TODAY};

fn app() -> App {
    let mut app = App::new(LoginForm::new(Partial::default(), None), TODAY);
    app.profile_mut().screen = Screen::Domains;
    app
}

fn press(app: &mut App, code: KeyCode) -> Vec<Command> {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn sent_id(commands: &[Command]) -> u64 {
    commands.iter().find_map(|c| if let Command::Call { id, .. } = c { Some(*id) } else { None }).expect("a request")
}

fn records(name: &str) -> Outcome {
    Outcome::Fetched(Ok(Data::Domain(vec![DomainRecord {
        id: "1".into(),
        name: name.into(),
        status: "Active".into(),
        ..Default::default()
    }])))
}

#[test]
fn keys_go_to_the_prompt_while_it_is_open() {
    let mut app = app();
    press(&mut app, KeyCode::Char('/'));
    for c in "quick.vn".chars() {
        let commands = press(&mut app, KeyCode::Char(c));
        assert!(!commands.iter().any(|c| matches!(c, Command::Quit)), "q typed into the prompt does not quit");
    }
    assert_eq!(app.shell.prompt.as_ref().map(|p| p.input.value()), Some("quick.vn"));
    let commands = press(&mut app, KeyCode::Enter);
    assert!(matches!(&commands[..], [Command::Call { call: Call::Fetch(Query::Domain(n)), .. }] if n == "quick.vn"));
    assert!(app.shell.prompt.is_none());
}

#[test]
fn bad_input_keeps_the_prompt_and_its_text() {
    let mut app = app();
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "a b/c");
    assert!(press(&mut app, KeyCode::Enter).is_empty());
    let prompt = app.shell.prompt.as_ref().expect("still open");
    assert_eq!(prompt.input.value(), "a b/c");
    assert!(prompt.error.is_some());
}

#[test]
fn a_new_lookup_supersedes_and_stale_answers_are_dropped() {
    let mut app = app();
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "x.vn");
    let first = sent_id(&press(&mut app, KeyCode::Enter));
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "x.vn");
    let commands = press(&mut app, KeyCode::Enter);
    assert!(commands.iter().any(|c| matches!(c, Command::Cancel(id) if *id == first)), "{commands:?}");
    let second = sent_id(&commands);
    app.update(Msg::Response(Box::new(Response::new(first, records("x.vn"), None))));
    assert!(app.profile().screens.domains.records.is_empty(), "the superseded answer is dropped");
    app.update(Msg::Response(Box::new(Response::new(second, records("x.vn"), None))));
    assert_eq!(app.profile().screens.domains.records.len(), 1);
    assert!(!app.is_busy());
}

#[test]
fn esc_cancels_the_running_lookup() {
    let mut app = app();
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "slow.vn");
    let id = sent_id(&press(&mut app, KeyCode::Enter));
    assert!(app.is_busy());
    let commands = press(&mut app, KeyCode::Esc);
    assert!(matches!(&commands[..], [Command::Cancel(c)] if *c == id));
    assert!(!app.is_busy());
    app.update(Msg::Response(Box::new(Response::new(id, records("slow.vn"), None))));
    assert!(app.profile().screens.domains.records.is_empty(), "a cancelled answer is dropped");
}

#[test]
fn screens_switch_by_number_and_tab() {
    let mut app = app();
    press(&mut app, KeyCode::Char('5'));
    assert_eq!(app.profile().screen, Screen::Certificates);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Upgrades);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Catalogue, "reached by Tab: it has no digit");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Radar);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Log, "the request log is a tab like the others");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Tickets);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Overview, "every profile at once (0)");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Plan, "what falls due everywhere, the last tab (`$`)");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.profile().screen, Screen::Account);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.profile().screen, Screen::Plan);
    press(&mut app, KeyCode::Char('?'));
    assert!(app.shell.popup.is_some());
    press(&mut app, KeyCode::Esc);
    assert!(app.shell.popup.is_none());
    let quit = app.update(Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert!(matches!(&quit[..], [Command::Quit]));
}

#[test]
fn spinner_waits_for_the_first_tick() {
    let mut app = app();
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "x.vn");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.shell.spinner, 0);
    app.update(Msg::Tick);
    assert_eq!(app.shell.spinner, 1);
}

#[tokio::test]
async fn a_slow_portal_does_not_block_other_screens() {
    let mut h = Harness::with_options(portal_tui::demo::DemoOptions {
        latency: std::time::Duration::from_millis(300),
        ..Default::default()
    })
    .await;
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('2')).await;
    let commands = {
        h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('/'), KeyModifiers::NONE)));
        for c in "example.vn".chars() {
            h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
        }
        h.app.update(Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)))
    };
    h.send(commands);
    // While the lookup is in flight the UI still answers keys.
    h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('1'), KeyModifiers::NONE)));
    assert_eq!(h.app.profile().screen, Screen::Account);
    assert!(h.app.is_busy());
    h.run(Vec::new()).await;
    assert_eq!(h.app.profile().screens.domains.records.iter().filter(|r| r.name == "example.vn").count(), 2);
}

#[test]
fn only_changes_ask_for_a_redraw() {
    let mut app = app();
    app.take_redraw();
    press(&mut app, KeyCode::Char('W'));
    assert!(!app.take_redraw(), "an unbound key changes nothing");
    press(&mut app, KeyCode::Char('5'));
    assert!(app.take_redraw(), "switching screens does");
    app.update(Msg::Response(Box::new(Response::new(999, records("x.vn"), None))));
    assert!(!app.take_redraw(), "a stale answer changes nothing");
}

#[test]
fn plain_http_to_another_machine_is_warned_about() {
    let partial = Partial {
        base_url: Some("http://api.example.vn".into()),
        host: Some("my.example.vn".into()),
        username: Some("me@example.vn".into()),
        ..Partial::default()
    };
    let mut form = LoginForm::new(partial, None);
    assert!(form.insecure_warning(portal_tui::api::Language::English).unwrap().contains("travel unencrypted"));
    form.auth = portal_tui::api::AuthMethod::Basic;
    assert!(form.insecure_warning(portal_tui::api::Language::English).unwrap().contains("refused"));
    form.base_url = tui_input::Input::new("http://127.0.0.1:8787".into());
    assert_eq!(form.insecure_warning(portal_tui::api::Language::English), None);
}

#[test]
fn the_lookup_prompt_remembers_what_was_typed_on_its_screen() {
    let mut app = app();
    for name in ["a.vn", "b.vn"] {
        press(&mut app, KeyCode::Char('/'));
        type_text(&mut app, name);
        press(&mut app, KeyCode::Enter);
    }
    press(&mut app, KeyCode::Char('/'));
    let value = |app: &App| app.shell.prompt.as_ref().map(|p| p.input.value().to_owned());
    press(&mut app, KeyCode::Up);
    assert_eq!(value(&app).as_deref(), Some("b.vn"), "newest first");
    press(&mut app, KeyCode::Up);
    assert_eq!(value(&app).as_deref(), Some("a.vn"));
    press(&mut app, KeyCode::Up);
    assert_eq!(value(&app).as_deref(), Some("a.vn"), "stays at the oldest");
    press(&mut app, KeyCode::Down);
    assert_eq!(value(&app).as_deref(), Some("b.vn"));
    press(&mut app, KeyCode::Down);
    assert_eq!(value(&app).as_deref(), Some(""), "back to a blank line");
    press(&mut app, KeyCode::Esc);
    // Another screen's prompt has its own history.
    press(&mut app, KeyCode::Char('5'));
    press(&mut app, KeyCode::Char('/'));
    press(&mut app, KeyCode::Up);
    assert_eq!(value(&app).as_deref(), Some(""));
}

#[test]
fn help_closes_on_any_screen_key_and_the_key_still_works() {
    let mut app = app();
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.shell.popup, Some(portal_tui::app::Popup::Help));
    press(&mut app, KeyCode::Char('5'));
    assert_eq!((app.shell.popup, app.profile().screen), (None, Screen::Certificates), "5 went to its screen");
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Char('/'));
    assert!(app.shell.prompt.is_some(), "/ opened the lookup");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.shell.popup, None, "Esc closes");
}
