//! The dashboard's radar says what it could not cover, on a line above it: on a portal
//! without the lists, in the warning colour; a click still lands on the row under it; a
//! portal that gives everything leaves the line out.

use crate::support;

use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use portal_tui::app::{Msg, Screen};
use portal_tui::radar::{Kind, Watchlist};
use ratatui::style::Color;
use support::harness::Harness;

fn watchlist() -> Watchlist {
    Watchlist {
        domains: vec!["example.vn".into(), "phosaigon.vn".into(), "caphesuada.vn".into(), "nhasachhanoi.vn".into()],
        certificates: vec![3301, 3302, 3303],
        services: vec![2207],
    }
}

fn click(row: u16) -> Msg {
    Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[tokio::test]
async fn a_portal_without_lists_is_said_above_the_radar_and_clicks_still_land() {
    // The seed's routes only: no lists, and no service details for the watched service.
    let h = Harness::new().await;
    let mut h = h.watching(watchlist(), None);
    let start = h.app.start();
    h.run(start).await;
    assert_eq!(h.app.profile().screen, Screen::Radar);
    let radar = &h.app.profile().screens.radar;
    assert_eq!(
        radar.coverage.lists_not_offered,
        [Kind::Domain, Kind::Service, Kind::Invoice, Kind::Certificate, Kind::Ticket]
    );
    assert_eq!(radar.coverage.services_not_offered, ["2207"]);
    let screen = h.screen_text(120, 30);
    let line = screen.lines().nth(1).unwrap();
    assert_eq!(
        line.trim_end(),
        " Not covered: no lists of domains, services, invoices, certificates, tickets; no details of service 2207",
        "{screen}"
    );
    let terminal = h.render(120, 30);
    assert_eq!(terminal.backend().buffer()[(3, 1)].fg, Color::Yellow, "said in the warning colour");

    // The third item's row (the tabs, the line, the border and the header above the first),
    // one lower than without the line: a click selects it.
    let third = h.app.profile().screens.radar.items[2].name.to_string();
    let row = 6;
    assert!(screen.lines().nth(row).unwrap().contains(&format!(" {third} ")), "{screen}");
    h.app.update(click(row as u16));
    assert_eq!(h.app.profile().screens.radar.selected, 2, "{screen}");
    // The coverage line itself selects nothing.
    h.app.update(click(1));
    assert_eq!(h.app.profile().screens.radar.selected, 2);
}

#[tokio::test]
async fn a_portal_that_gives_everything_leaves_the_line_out() {
    let h = Harness::with_options(portal_tui::demo::DemoOptions::default()).await;
    let mut h = h.watching(watchlist(), None);
    let start = h.app.start();
    h.run(start).await;
    assert!(h.app.profile().screens.radar.coverage.is_complete(), "{:?}", h.app.profile().screens.radar.coverage);
    let screen = h.screen_text(80, 24);
    assert!(screen.lines().nth(1).unwrap().starts_with("┌ Radar — "), "{screen}");
    // The watched service is read on its own for its due date, and on the radar once.
    assert!(h.demo.requests().iter().any(|r| r == "GET /service/2207"), "{:?}", h.demo.requests());
    let items = &h.app.profile().screens.radar.items;
    let services: Vec<_> = items.iter().filter(|i| i.kind == Kind::Service && i.id == "2207").collect();
    assert_eq!(services.len(), 1, "{items:#?}");
    assert!(services[0].days_left.is_some());
}

#[tokio::test]
async fn a_list_that_failed_is_said_above_the_radar_until_it_is_read() {
    use crossterm::event::KeyCode;
    use portal_tui::demo::{Fault, FaultRule};
    let mut h = Harness::with_options(portal_tui::demo::DemoOptions::default()).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/invoice").method("GET")]);
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('7')).await;
    let coverage = &h.app.profile().screens.radar.coverage;
    assert_eq!(coverage.lists_failed.iter().map(|m| m.kind).collect::<Vec<_>>(), [Kind::Invoice], "{coverage:?}");
    let screen = h.screen_text(120, 30);
    let line = screen.lines().nth(1).unwrap();
    assert_eq!(line.trim_end(), " Not covered: could not read the list of invoices", "{screen}");
    let vi = h.app.update(Msg::Key(crossterm::event::KeyEvent::new(KeyCode::Char('L'), KeyModifiers::NONE)));
    h.run(vi).await;
    let screen = h.screen_text(120, 30);
    let line = screen.lines().nth(1).unwrap();
    assert!(line.contains("không đọc được danh sách hóa đơn"), "{screen}");

    // Read again once the portal answers: the line goes.
    h.demo.set_faults(Vec::new());
    h.key(KeyCode::Char('r')).await;
    assert!(h.app.profile().screens.radar.coverage.is_complete(), "{:?}", h.app.profile().screens.radar.coverage);
    let screen = h.screen_text(120, 30);
    assert!(screen.lines().nth(1).unwrap().starts_with("┌ "), "{screen}");
}

#[tokio::test]
async fn an_empty_radar_says_its_sentences_whole_at_80_columns() {
    // A portal without lists and nothing watched: the radar's empty state, in both languages.
    let mut h = Harness::new().await;
    let start = h.app.start();
    h.run(start).await;
    h.key(crossterm::event::KeyCode::Char('7')).await;
    let joined =
        |text: String| text.lines().map(|l| l.trim_matches(|c| c == '│' || c == ' ')).collect::<Vec<_>>().join(" ");
    let screen = h.screen_text(80, 24);
    assert!(joined(screen.clone()).contains("are fetched at every login and listed here by date."), "{screen}");
    let vi = h
        .app
        .update(Msg::Key(crossterm::event::KeyEvent::new(crossterm::event::KeyCode::Char('L'), KeyModifiers::NONE)));
    h.run(vi).await;
    let screen = h.screen_text(80, 24);
    assert!(joined(screen.clone()).contains("được tải mỗi lần đăng nhập và xếp ở đây theo ngày."), "{screen}");
}
