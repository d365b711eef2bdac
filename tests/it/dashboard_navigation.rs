//! Getting around: Esc after the radar opened an item goes back to its row, the log opens
//! on its newest entry and says how many came in above the selection, and time alone moves
//! only what shows it (the session's countdown, a message fading) and nothing otherwise.

use crate::support;

use std::time::{Duration, SystemTime};

use crossterm::event::KeyCode;
use portal_tui::api::SessionState;
use portal_tui::app::{INFO_FADES, Msg, Screen};
use support::harness::Harness;

#[tokio::test]
async fn esc_after_the_radar_opened_an_item_goes_back_to_its_row() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('7')).await;
    for (kind, screen) in [("domain", Screen::Domains), ("invoice", Screen::Invoices), ("service", Screen::Services)] {
        let items = &h.app.profile().screens.radar.items;
        let row = items.iter().position(|i| format!("{:?}", i.kind).eq_ignore_ascii_case(kind)).unwrap();
        h.app.profile_mut().screens.radar.selected = row;
        h.key(KeyCode::Enter).await;
        assert_eq!(h.app.profile().screen, screen, "{kind} opened on its screen");
        h.key(KeyCode::Esc).await;
        assert_eq!(h.app.profile().screen, Screen::Radar, "Esc on the {kind} goes back");
        assert_eq!(h.app.profile().screens.radar.selected, row, "to the same row");
    }
    // Once elsewhere, Esc there no longer goes back to the radar.
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Char('3')).await;
    h.key(KeyCode::Esc).await;
    assert_eq!(h.app.profile().screen, Screen::Services, "the way back was for that one visit");
}

#[tokio::test]
async fn the_log_opens_on_its_newest_entry_and_says_what_came_in_above() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('8')).await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Down).await;
    // Three requests come in while an older entry is selected.
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    h.app.profile_mut().screen = Screen::Log;
    let newer = h.app.shell.log.newer;
    assert!(newer > 0);
    let text = h.screen_text(100, 24);
    assert!(text.lines().nth(1).unwrap().contains(&format!("↑ {newer} newer (Home)")), "{text}");
    // Leaving and coming back: the newest entry again.
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('8')).await;
    assert_eq!((h.app.shell.log.selected, h.app.shell.log.newer), (0, 0));
    assert!(!h.screen_text(100, 24).contains("newer"));
}

#[tokio::test]
async fn time_moves_only_what_shows_it() {
    let mut h = Harness::whole_account().await;
    let now = SystemTime::now();
    // Basic auth, nothing said: nothing to wake for.
    h.app.profile_mut().info = None;
    let _ = h.app.update(Msg::Resize(80, 24));
    assert_eq!(h.app.clock(now), None, "no timer while idle");
    // A message fades once nothing is in flight.
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('a')).await;
    assert!(h.app.profile().info.is_some());
    let wait = h.app.clock(SystemTime::now()).expect("a message fades");
    assert!(wait <= INFO_FADES, "{wait:?}");
    let _ = h.app.update(Msg::Clock(SystemTime::now() + Duration::from_secs(1)));
    assert!(h.app.profile().info.is_some(), "not yet");
    let _ = h.app.update(Msg::Clock(SystemTime::now() + INFO_FADES + Duration::from_secs(1)));
    assert_eq!(h.app.profile().info, None, "gone after a while");
    assert_eq!(h.app.clock(SystemTime::now()), None, "and the timer with it");
    // A token's countdown ticks each second in its last ten minutes, each minute before.
    let session = h.app.profile_mut().session.as_mut().unwrap();
    session.state = SessionState::Token { expires_at: Some(now + Duration::from_millis(599_500)) };
    assert!(h.app.clock(now).unwrap() <= Duration::from_millis(1005));
    let session = h.app.profile_mut().session.as_mut().unwrap();
    session.state = SessionState::Token { expires_at: Some(now + Duration::from_millis(3_000_500)) };
    let wait = h.app.clock(now).unwrap();
    assert!(wait > Duration::from_millis(500) && wait <= Duration::from_millis(505), "{wait:?}");
    let session = h.app.profile_mut().session.as_mut().unwrap();
    session.state = SessionState::Token { expires_at: Some(now + Duration::from_millis(3_020_000)) };
    let wait = h.app.clock(now).unwrap();
    assert!(wait > Duration::from_secs(19) && wait <= Duration::from_secs(21), "{wait:?}");
    let session = h.app.profile_mut().session.as_mut().unwrap();
    session.state = SessionState::Token { expires_at: Some(now + Duration::from_secs(7200 + 30)) };
    let wait = h.app.clock(now).unwrap();
    assert!(wait > Duration::from_secs(29) && wait <= Duration::from_secs(31), "{wait:?}");
    let _ = h.app.update(Msg::Clock(now));
    assert!(h.app.take_redraw(), "the countdown is drawn again");
}
