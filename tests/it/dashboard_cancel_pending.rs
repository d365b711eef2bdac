//! A service cancelled at the end of its billing period, as the demo portal's in-memory
//! state keeps it: `x` on the Services list asks for it (no need to open the service
//! first) and sends it once after the typed confirmation; then the list says when it
//! cancels instead of a due countdown, the radar (and so the Overview) no longer flag it
//! as due, its detail says the request in words, and `x` is refused with the reason.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::PromptKind;
use portal_tui::radar::{Flag, Kind};
use ratatui::style::Color;
use support::harness::Harness;

/// The radar's line of service `id`.
fn radar_item(h: &Harness, id: &str) -> portal_tui::radar::Item {
    let items = &h.app.profile().screens.radar.items;
    items.iter().find(|i| i.kind == Kind::Service && i.id == id).cloned().unwrap_or_else(|| panic!("{items:#?}"))
}

/// The keys offered, as the bottom line says them (wide enough for all).
fn hint_bar(h: &mut Harness) -> String {
    let screen = h.screen_text(200, 40);
    screen
        .lines()
        .find(|l| l.contains("? help") || l.contains("? trợ giúp"))
        .unwrap_or_else(|| panic!("{screen}"))
        .to_owned()
}

/// The line of the screen holding `words`.
fn line_with(screen: &str, words: &str) -> String {
    screen.lines().find(|l| l.contains(words)).unwrap_or_else(|| panic!("{words:?} in\n{screen}")).to_owned()
}

/// On the Services list with 2207 (due in 9 days) selected, `x`, a reason, the end of the
/// period, its domain typed, `y`: sent once.
async fn cancelled_from_the_list(snapshot: bool) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('7')).await;
    let before = radar_item(&h, "2207");
    assert_eq!((before.days_left, before.flags.as_slice()), (Some(9), [Flag::DueSoon].as_slice()), "due soon before");
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    let hints = hint_bar(&mut h);
    assert!(hints.contains("x cancel service") && hints.contains("t label"), "{hints}");
    let row = line_with(&h.screen_text(120, 40), "phosaigon.vn");
    assert!(row.contains(" 9d "), "{row}");
    h.demo.reset_traffic();
    h.key(KeyCode::Char('x')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::CancelReason), "asked from the list");
    assert!(h.app.profile().screens.services.browse.open().is_none(), "the list stays");
    h.keys("Chuyen sang VPS khac").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.dialog_open(), "the dialog choosing when, over the list");
    assert!(h.screen_text(80, 24).contains("Esc: keep the service"));
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::CancelTyped));
    h.keys("phosaigon.vn").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("y send") && shown.contains("n/Esc don't send"), "{shown}");
    assert!(h.changes_sent().is_empty(), "nothing before the confirmation");
    if snapshot {
        insta::assert_snapshot!("confirm_from_list_en_80x24", h.render(80, 24).backend());
    }
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/cancel"], "sent once");
    h
}

#[tokio::test]
async fn cancelled_at_the_end_of_the_period_it_is_no_longer_due() {
    let mut h = cancelled_from_the_list(true).await;
    // The list, read again: when it cancels, no countdown, not in the due colour.
    let service = h.app.profile().screens.services.browse.selected().cloned().expect("selected");
    assert_eq!((service.id.as_str(), service.status.as_str()), ("2207", "Active"));
    assert!(service.cancelling(), "{service:?}");
    let screen = h.screen_text(120, 40);
    let row = line_with(&screen, "phosaigon.vn");
    assert!(row.contains("cancels 2026-11-30") && !row.contains(" 9d "), "{row}");
    let terminal = h.render(120, 40);
    let y = screen.lines().position(|l| l.contains("cancels 2026-11-30")).unwrap() as u16;
    let x = screen.lines().nth(y.into()).unwrap().chars().take_while(|_| true).collect::<String>();
    let column = x.find("cancels").map(|b| x[..b].chars().count()).unwrap() as u16;
    assert_ne!(terminal.backend().buffer()[(column, y)].fg, Color::Yellow, "not in the due colour");
    insta::assert_snapshot!("list_en_120x40", terminal.backend());
    insta::assert_snapshot!("list_en_80x24", h.render(80, 24).backend());
    // `x` on it is refused with the reason, and not offered.
    let hints = hint_bar(&mut h);
    assert!(!hints.contains("cancel service") && hints.contains("t label"), "{hints}");
    h.demo.reset_traffic();
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.shell.prompt.is_none());
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("a cancellation is already requested (cancels 2026-11-30): nothing was sent"), "{said}");
    // The detail: the request in words, not JSON; `x` not offered, and why.
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    for words in [
        "Cancellation",
        "requested, at the end of the billing period",
        "2026-11-30",
        "Chuyen sang VPS khac",
        "A cancellation is already requested: x is not offered again.",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    assert!(!shown.contains("{\"type\"") && !shown.contains("End of billing period"), "{shown}");
    assert!(!hint_bar(&mut h).contains("cancel service"));
    insta::assert_snapshot!("detail_en_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("detail_en_120x40", h.render(120, 40).backend());
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.shell.prompt.is_none() && h.changes_sent().is_empty(), "{:?}", h.changes_sent());
    // The radar read again: listed, not flagged, with a note; so not on the Overview.
    h.key(KeyCode::Char('7')).await;
    h.key(KeyCode::Char('r')).await;
    let item = radar_item(&h, "2207");
    assert!(item.flags.is_empty() && item.cancelling, "{item:?}");
    assert_eq!(item.attention(portal_tui::api::Language::English), "cancellation requested");
    let radar = h.screen_text(120, 40);
    assert!(line_with(&radar, "phosaigon.vn").contains("cancellation requested"), "{radar}");
    h.key(KeyCode::Char('0')).await;
    let overview = h.screen_text(120, 40);
    assert!(overview.contains("service     phosaigon.vn"), "the other phosaigon.vn service still is: {overview}");
    assert!(!overview.lines().any(|l| l.contains("phosaigon.vn") && l.contains("2026-11-30")), "{overview}");
}

#[tokio::test]
async fn in_vietnamese_the_list_and_the_detail_say_it_in_vietnamese() {
    let mut h = cancelled_from_the_list(false).await;
    h.key(KeyCode::Char('L')).await;
    let screen = h.screen_text(120, 40);
    assert!(line_with(&screen, "phosaigon.vn").contains("hủy ngày 30/11/2026"), "{screen}");
    insta::assert_snapshot!("list_vi_120x40", h.render(120, 40).backend());
    insta::assert_snapshot!("list_vi_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('x')).await;
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("đã có yêu cầu hủy"), "{said}");
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(120, 40);
    for words in ["Yêu cầu hủy", "đã yêu cầu, vào cuối chu kỳ thanh toán", "Đã có yêu cầu hủy"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("detail_vi_120x40", h.render(120, 40).backend());
    insta::assert_snapshot!("detail_vi_80x24", h.render(80, 24).backend());
}

#[tokio::test]
async fn t_and_x_on_the_list_act_on_the_selected_service_or_say_why_not() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    // 2209 offers nothing: `x` and `t` say so once its offers are read, and ask nothing.
    assert!(h.app.profile_mut().screens.services.browse.select_id("2209"));
    h.demo.reset_traffic();
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.shell.prompt.is_none());
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("#2209 does not offer cancelling"), "{said}");
    assert!(h.demo.requests().contains(&"GET /service/2209/methods".to_owned()), "{:?}", h.demo.requests());
    let hints = hint_bar(&mut h);
    assert!(!hints.contains("cancel service") && !hints.contains("t label"), "known now: not offered: {hints}");
    // 2207 offers a label: `t` asks for it over the current one, from the list.
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    h.key(KeyCode::Char('t')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::ServiceLabel));
    assert!(h.app.profile().screens.services.browse.open().is_none(), "the list stays");
    assert!(h.demo.requests().iter().all(|r| r.starts_with("GET")), "nothing sent: {:?}", h.demo.requests());
}

/// `x` on a service whose actions are not read yet: the status line says they are being
/// read and that it goes on (not "try again"), and the reason is asked once they are.
#[tokio::test]
async fn x_before_the_actions_are_read_goes_on_once_they_are() {
    use crossterm::event::{KeyEvent, KeyModifiers};
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    let pending = h.app.update(portal_tui::app::Msg::Key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE)));
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), None, "not asked before the actions are read");
    let status = line_with(&h.screen_text(120, 40), "Reading what this service offers");
    assert!(status.contains("it goes on once read") && !status.contains("try again"), "{status}");
    h.run(pending).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::CancelReason), "asked once read");
    assert!(h.changes_sent().is_empty());
}
