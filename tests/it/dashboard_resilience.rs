//! The dashboard under a failing portal: retries are shown as they happen, and a failed
//! refresh keeps the last good data on screen, marked stale with its age.

use crate::support;

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::app::{Msg, Screen};
use portal_tui::demo::{Fault, FaultRule};
use support::harness::Harness;

#[tokio::test]
async fn a_retry_is_shown_then_the_answer() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain").times(1)]);
    h.key(KeyCode::Char('/')).await;
    h.keys("example.vn").await;
    let commands = h.app.update(Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    h.send(commands);
    let mut shown = Vec::new();
    while h.app.is_busy() {
        let answer = tokio::time::timeout(Duration::from_secs(10), h.answers.recv()).await.unwrap().unwrap();
        let more = h.app.update(Msg::Response(Box::new(answer)));
        h.send(more);
        // Log entries (one per HTTP exchange) arrive too: count the notices shown.
        if let Some(info) = h.app.profile().info.clone().filter(|i| shown.last() != Some(i)) {
            shown.push(info);
            let text = h.screen_text(100, 24);
            assert!(text.contains("retrying (2/3)"), "{text}");
        }
    }
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].starts_with("retrying (2/3) in 0.4 s: 502 Bad Gateway"), "{shown:?}");
    assert_eq!(h.app.profile().info, None, "the notice goes once the answer is in");
    assert_eq!(h.app.profile().error, None);
    assert!(!h.app.profile().screens.domains.records.is_empty());
}

#[tokio::test]
async fn a_failed_refresh_keeps_the_data_marked_stale() {
    let mut h = Harness::logged_in().await;
    assert_eq!(h.app.profile().screen, Screen::Account);
    let before = h.app.profile().screens.account.account.clone();
    h.demo.set_faults(vec![FaultRule::on(Fault::Html500, "/details")]);
    h.key(KeyCode::Char('r')).await;
    assert_eq!(h.app.profile().screens.account.account, before, "the last good data stays");
    assert!(h.app.profile().stale.contains(&Screen::Account));
    let text = h.screen_text(120, 24);
    assert!(text.contains("⚠ stale: data from 0s ago"), "{text}");
    assert!(text.contains("portal answered 500 Internal"), "{text}");
    assert!(text.contains("Demo Client") || text.contains("demo@example.vn"), "{text}");

    h.demo.set_faults(Vec::new());
    h.key(KeyCode::Char('r')).await;
    assert!(h.app.profile().stale.is_empty());
    assert!(!h.screen_text(120, 24).contains("stale"));
}

#[tokio::test]
async fn amounts_at_the_decimal_maximum_never_crash_the_picker() {
    let mut h = Harness::logged_in().await;
    h.demo.set_faults(vec![FaultRule::on(Fault::HugeAmounts, "/service")]);
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    // Every choice, each one a sum past the maximum.
    for _ in 0..8 {
        h.key(KeyCode::Down).await;
        h.key(KeyCode::Char(' ')).await;
        let text = h.screen_text(100, 30);
        assert!(text.contains("too large"), "{text}");
    }
    let screens = &h.app.profile().screens;
    let total = screens.upgrades.service_total(&screens.services.browse.items);
    let summary = screens.upgrades.summary(portal_tui::api::Language::English, total, "VND");
    assert!(summary.contains("Options' recurring sum: too large"), "{summary}");
    // The rest of the dashboard works on.
    h.key(KeyCode::Char('1')).await;
    assert!(h.screen_text(100, 30).contains("demo@example.vn"));
}

#[tokio::test]
async fn one_unreadable_record_is_shown_as_such_beside_the_others() {
    let mut h = Harness::logged_in().await;
    h.demo.set_faults(vec![FaultRule::on(Fault::BadRecord, "/domain")]);
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    let text = h.screen_text(100, 24);
    assert!(text.contains("unreadable"), "{text}");
    assert_eq!(text.matches("│  example.vn ").count(), 2, "both records listed: {text}");
}
