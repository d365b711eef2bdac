//! The Plan screen: what falls due within a window across every profile (the demo's client
//! and reseller), each profile's total against its own credit and what it leaves short,
//! the totals by month; `w` steps the window through 30, 60 and 90 days.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::app::Screen;
use portal_tui::config::settings::Partial;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, RESELLER_HOST};
use support::harness::Harness;

/// The demo's client and reseller as two profiles, in `language`, the plan shown (after
/// the Overview, by Tab) with every profile read.
async fn on_plan(language: Language) -> Harness {
    let h = Harness::with_options(DemoOptions::default()).await;
    let profiles = vec![h.demo_profile("client", CLIENT_HOST), h.demo_profile("reseller", RESELLER_HOST)];
    let profiles = profiles.into_iter().map(|p| Partial { language, ..p }).collect();
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    h.open_overview().await;
    h.key(KeyCode::Tab).await;
    assert_eq!(h.app.profile().screen, Screen::Plan);
    h.answer_until(|h| !h.app.is_waiting()).await;
    h.key(KeyCode::Char('j')).await;
    h
}

#[tokio::test]
async fn every_profile_its_total_against_its_own_credit_and_the_window_steps() {
    let mut h = on_plan(Language::English).await;
    let plan = &h.app.profile().screens.plan;
    assert_eq!(plan.within, 60);
    assert_eq!(plan.read, (2, 2), "both profiles read");
    let names: Vec<&str> = plan.profiles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["client", "reseller"]);
    // Items of both profiles, soonest first.
    assert!(plan.items.iter().any(|(p, _)| *p == 0) && plan.items.iter().any(|(p, _)| *p == 1));
    assert!(plan.items.windows(2).all(|w| w[0].1.date <= w[1].1.date));
    // Each against its own credit: the client's leaves it short, the reseller's covers it.
    let client = &plan.profiles[0];
    let total = client.totals[0].amount.unwrap();
    assert_eq!(client.short, Some(total.checked_sub(client.credit.unwrap()).unwrap()));
    assert!(plan.profiles[1].short.unwrap().is_zero());
    // By month: the months add up to the profiles' totals.
    use portal_tui::api::Money;
    let months = Money::checked_sum(plan.months.iter().flat_map(|m| m.totals.iter().filter_map(|t| t.amount)));
    let profiles = Money::checked_sum(plan.profiles.iter().flat_map(|p| p.totals.iter().filter_map(|t| t.amount)));
    assert_eq!(months, profiles);
    insta::assert_snapshot!("plan_en_80x24", h.render(80, 24).backend());
    let sixty = h.app.profile().screens.plan.items.len();
    // `w`: 90 days, more falls in; then 30, less; then 60 again.
    h.key(KeyCode::Char('w')).await;
    let ninety = h.app.profile().screens.plan.items.len();
    assert_eq!(h.app.profile().screens.plan.within, 90);
    h.key(KeyCode::Char('w')).await;
    let plan = &h.app.profile().screens.plan;
    let thirty = plan.items.len();
    let until = support::harness::TODAY + time::Duration::days(30);
    assert!(plan.items.iter().all(|(_, due)| due.date <= until), "none after the window");
    assert!(thirty <= sixty && sixty < ninety, "{thirty} {sixty} {ninety}");
    h.key(KeyCode::Char('w')).await;
    assert_eq!(h.app.profile().screens.plan.within, 60);
    // Help lists its key from the keymap.
    h.key(KeyCode::Char('?')).await;
    assert!(h.screen_text(120, 40).contains("change the window: 30, 60 or 90 days"));
}

#[tokio::test]
async fn the_plan_in_vietnamese_at_80x24() {
    let mut h = on_plan(Language::Vietnamese).await;
    insta::assert_snapshot!("plan_vi_80x24", h.render(80, 24).backend());
}
