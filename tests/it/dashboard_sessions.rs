//! Remembered sessions and password commands in the dashboard: a profile with
//! `remember = true` skips the login form next start, says why when the session no longer
//! works, and `X` logs out and deletes it. The sessions are kept in a folder of the test's own
//! (`Partial::state_dir`), not through `PORTAL_STATE_DIR`: the tests share one process.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crossterm::event::KeyCode;
use portal_tui::api::AuthMethod;
use portal_tui::app::{Call, Command, Local, Screen};
use portal_tui::config::settings::Partial;
use portal_tui::demo::CLIENT_HOST;
use support::harness::Harness;

fn remembering(h: &Harness, state: &Path, password: Option<&str>) -> Partial {
    Partial {
        auth: AuthMethod::Jwt,
        remember: true,
        password: password.map(|p| p.to_owned().into()),
        state_dir: Some(state.to_owned()),
        ..h.demo_profile("work", CLIENT_HOST)
    }
}

#[tokio::test]
async fn remembered_session_resume_logout_and_password_command() {
    let state = tempfile::tempdir().unwrap();
    let file = state.path().join("sessions/work.json");

    // First run: signing in with the password stores the session, 0600.
    let h = Harness::new().await;
    let first = remembering(&h, state.path(), Some("demo-client-2026"));
    let mut h = h.with_profiles(vec![first]);
    let start = h.app.start();
    assert!(matches!(&start[..], [Command::Call { call: Call::Resume(_), .. }]), "{start:?}");
    h.run(start).await;
    assert!(h.app.profile().session.is_some(), "{:?}", h.app.profile().login.error);
    let mode = std::fs::metadata(&file).expect("session remembered").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let stored = std::fs::read_to_string(&file).unwrap();
    assert!(!stored.contains("demo-client-2026"), "never the password");

    // Next run, no password anywhere: the remembered session is taken up.
    let no_password = remembering(&h, state.path(), None);
    let mut h = h.with_profiles(vec![no_password]);
    let start = h.app.start();
    // While it is taken up, no login form flashes by: only what is happening is said.
    h.send(start);
    let text = h.screen_text(80, 24);
    assert!(text.contains("Taking up the remembered session") && !text.contains("E-mail"), "{text}");
    h.run(Vec::new()).await;
    assert_eq!(h.app.profile().screen, Screen::Account, "{:?}", h.app.profile().login.error);
    assert!(h.app.profile().screens.account.account.is_some());
    assert!(h.app.profile().login.password.value().is_empty());

    // X logs out (y answers, no Enter): the file is gone and the form is back, e-mail kept.
    h.key(KeyCode::Char('X')).await;
    h.keys("y").await;
    assert!(!file.exists(), "the remembered session is deleted");
    assert_eq!(h.app.profile().screen, Screen::Login);
    assert!(h.app.profile().session.is_none());
    assert_eq!(h.app.profile().login.email.value(), "demo@example.vn");
    assert!(
        h.app.profile().info.as_deref().unwrap().contains("remembered session is deleted"),
        "{:?}",
        h.app.profile().info
    );

    // A session the portal no longer takes: the form says why.
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let refresh_gone = stored.replace("\"refresh_token\":\"", "\"refresh_token\":\"x");
    std::fs::write(&file, refresh_gone.replace("\"token\":\"", "\"token\":\"x")).unwrap();
    let again = remembering(&h, state.path(), None);
    let mut h = h.with_profiles(vec![again]);
    let start = h.app.start();
    h.run(start).await;
    assert_eq!(h.app.profile().screen, Screen::Login);
    let error = h.app.profile().login.error.clone().unwrap_or_default();
    assert!(error.starts_with("The remembered session ended"), "{error}");

    // A password command fills the password and signs in.
    let h2 = Harness::new().await;
    let mut with_command = Partial {
        password_command: Some("printf 'demo-client-2026\\n'".into()),
        ..remembering(&h2, state.path(), None)
    };
    with_command.remember = false;
    let mut h2 = h2.with_profiles(vec![with_command]);
    let start = h2.app.start();
    assert!(matches!(&start[..], [Command::Local { work: Local::PasswordCommand(_), .. }]), "{start:?}");
    h2.run(start).await;
    assert!(h2.app.profile().session.is_some(), "{:?}", h2.app.profile().login.error);

    // A failing one leaves the form with the reason.
    let h3 = Harness::new().await;
    let failing = Partial {
        password_command: Some("x=hunter; echo ${x}2-secret >&2; exit 2".into()),
        remember: false,
        ..remembering(&h3, state.path(), None)
    };
    let mut h3 = h3.with_profiles(vec![failing]);
    let start = h3.app.start();
    h3.run(start).await;
    assert_eq!(h3.app.profile().screen, Screen::Login);
    let error = h3.app.profile().login.error.clone().unwrap_or_default();
    // Its stderr is not repeated (a helper may print the secret there): the status and how
    // to run it by hand.
    assert!(error.contains("exited with status 2; run it by hand to see why"), "{error}");
    assert!(!error.contains("hunter2-secret"), "{error}");
}

#[tokio::test]
async fn signing_in_again_clears_what_logging_out_said() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('X')).await;
    h.keys("y").await;
    assert!(
        h.app.profile().info.as_deref().unwrap_or_default().starts_with("logged out of"),
        "{:?}",
        h.app.profile().info
    );
    let password = h.demo.login_for(CLIENT_HOST).unwrap().password;
    h.keys(&password).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screen, Screen::Account);
    assert_eq!(h.app.profile().info, None, "no old message after signing in again");
}

#[tokio::test]
async fn logging_out_asks_first() {
    let mut h = Harness::logged_in().await;
    // Keys typed before the question appeared never answer it: it takes none until the
    // loop says a moment has passed.
    let key = |c| portal_tui::app::Msg::Key(crossterm::event::KeyEvent::from(KeyCode::Char(c)));
    let _ = h.app.update(key('X'));
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(portal_tui::app::PromptKind::Logout));
    assert!(h.app.take_confirmation_opened(), "the loop is told to drop the keys waiting");
    let _ = h.app.update(key('y'));
    assert!(h.app.shell.prompt.is_some() && h.app.profile().session.is_some(), "a y typed ahead is not an answer");
    let row = |h: &mut Harness| h.screen_text(80, 24).lines().nth(22).unwrap_or_default().trim_end().to_owned();
    assert_eq!(row(&mut h), " Log out (a remembered session is deleted)?  keys ignored for a moment…");
    let _ = h.app.update(portal_tui::app::Msg::Settled);
    assert_eq!(row(&mut h), " Log out (a remembered session is deleted)?  y yes  n/Esc no");
    // A stray key is no answer either; n is, without Enter.
    h.keys("q").await;
    assert!(h.app.shell.prompt.is_some(), "still asking");
    h.keys("n").await;
    assert!(h.app.shell.prompt.is_none());
    assert!(h.app.profile().session.is_some(), "n keeps the session");
    assert_eq!(h.app.profile().screen, Screen::Account);
}
