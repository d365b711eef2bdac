//! When a service cancelled from the dashboard ends: at the end of its billing period by
//! default, now only when chosen in the dialog; the prompt that asks for its domain typed
//! and the confirmation both name which; the request sent once with `immediate` to match,
//! as the demo portal's in-memory state shows (a cancellation request filed and the service
//! still Active, or the service Cancelled).

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::app::PromptKind;
use portal_tui::demo::DemoOptions;
use portal_tui::radar::Watchlist;
use support::harness::Harness;

/// Logged in to the whole demo account, on service `id`'s detail, traffic forgotten.
async fn on_service(id: &str) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id(id), "the list holds {id}");
    h.key(KeyCode::Enter).await;
    h.demo.reset_traffic();
    h
}

/// `x`, a reason, Enter: the dialog choosing when is open.
async fn ask_when(h: &mut Harness) {
    h.key(KeyCode::Char('x')).await;
    h.keys("Khong can nua").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.dialog_open(), "the dialog choosing when is open");
}

/// The open service as the portal gives it now: its status, and its cancellation request.
fn service_now(h: &Harness) -> (String, Option<String>) {
    let service = h.app.profile().screens.services.browse.open().expect("a service is open");
    let request = service.cancellation.as_ref().map(|p| format!("{:?} {} {}", p.kind, p.reason, p.date));
    (service.status.to_string(), request)
}

#[tokio::test]
async fn the_default_ends_it_at_the_end_of_the_period() {
    let mut h = on_service("2208").await;
    ask_when(&mut h).await;
    let shown = h.screen_text(80, 24);
    for words in [
        "When should #2208 Hosting Doanh nghiệp end?",
        "(•) At the end of its billing period, on 2027-04-10",
        "( ) Now: the service stops today",
        "↑/↓: choose · Enter: go on · Esc: keep the service",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("when_en_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("when_en_120x40", h.render(120, 40).backend());
    // Esc keeps the service: nothing asked, nothing sent; `x` again starts with the reason typed.
    h.key(KeyCode::Esc).await;
    assert!(!h.app.dialog_open() && h.prompt_kind().is_none());
    h.key(KeyCode::Char('x')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned()).as_deref(), Some("Khong can nua"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::CancelTyped));
    h.keys("banhmihoian.com.vn").await;
    h.key(KeyCode::Enter).await;
    let confirmation = h.app.profile().confirmation.as_ref().expect("put up");
    assert!(confirmation.rows.iter().any(|(_, v)| v.contains("at the end of its billing period, on 2027-04-10")));
    assert!(h.changes_sent().is_empty(), "nothing before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2208/cancel"], "sent once");
    let (status, request) = service_now(&h);
    assert_eq!(status, "Active", "it runs until the end of the period");
    assert_eq!(request.as_deref(), Some("EndOfPeriod Khong can nua 2027-04-10"), "the request read, typed");
}

#[tokio::test]
async fn now_is_chosen_named_in_what_is_typed_and_stops_the_service() {
    let mut h = on_service("2207").await;
    h.key(KeyCode::Char('L')).await;
    ask_when(&mut h).await;
    h.key(KeyCode::Down).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("(•) Ngay bây giờ: dịch vụ dừng hôm nay"), "{shown}");
    insta::assert_snapshot!("when_now_vi_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("when_now_vi_120x40", h.render(120, 40).backend());
    // ↑ goes back to the end of the period (twice: still there), ↓ to now (twice: still now).
    for _ in 0..2 {
        h.key(KeyCode::Up).await;
        assert!(h.screen_text(80, 24).contains("(•) Vào cuối chu kỳ thanh toán"));
    }
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::CancelNowTyped));
    let word = h.app.shell.prompt.as_ref().unwrap().word.clone();
    assert!(h.screen_text(80, 24).contains(&format!("Gõ {word} để hủy NGAY")), "{word}");
    h.keys(&word).await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    for words in
        ["Hủy dịch vụ này ngay bây giờ?", "dịch vụ kết thúc ngay khi cổng nhận yêu cầu", "POST /service/2207/cancel"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("confirm_now_vi_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/cancel"], "sent once");
    let (status, request) = service_now(&h);
    assert_eq!((status.as_str(), request), ("Cancelled", None), "stopped now, no request filed");
}

/// The radar's row of service 2207 (phosaigon.vn, due 2026-11-30), as the Radar screen shows it at 80×24.
fn radar_row(h: &mut Harness) -> String {
    let shown = h.screen_text(80, 24);
    let row =
        shown.lines().find(|l| l.contains("phosaigon.vn") && (l.contains("2026-11-30") || l.contains("30/11/2026")));
    row.unwrap_or_else(|| panic!("no row of 2207:\n{shown}")).to_owned()
}

#[tokio::test]
async fn a_watched_service_cancelled_at_its_periods_end_leaves_due_soon_at_once() {
    for language in [Language::English, Language::Vietnamese] {
        let (due, requested) = match language {
            Language::English => ("due soon", "cancellation requested"),
            Language::Vietnamese => ("sắp đến hạn", "đã yêu cầu hủy"),
        };
        // Watched as on the demo: the radar reads the service on its own too.
        let h = Harness::with_options(DemoOptions::default()).await;
        let watch = Watchlist { services: vec![2207], ..Watchlist::default() };
        let mut h = h.watching(watch, None);
        let start = h.app.start();
        h.run(start).await;
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        h.key(KeyCode::Char('7')).await;
        let before = radar_row(&mut h);
        assert!(before.contains(due), "{before}");
        // Cancelled at the end of its period from the Services screen's list.
        h.key(KeyCode::Char('3')).await;
        assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
        ask_when(&mut h).await;
        h.key(KeyCode::Enter).await;
        h.keys("phosaigon.vn").await;
        h.key(KeyCode::Enter).await;
        h.key(KeyCode::Char('y')).await;
        assert_eq!(h.changes_sent(), ["POST /service/2207/cancel"]);
        h.key(KeyCode::Char('7')).await;
        let after = radar_row(&mut h);
        assert!(!after.contains(due) && after.contains(requested), "{language:?}, no `r` pressed: {after}");
    }
}
