//! The Plan screen: what falls due within a window across every profile (the demo's client
//! and reseller), each profile's total against its own credit and what it leaves short,
//! the totals by month; `w` steps the window through 30, 60 and 90 days.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::app::Screen;
use portal_tui::config::settings::Partial;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, RESELLER_HOST};
use portal_tui::plan::Kind;
use support::harness::Harness;

/// The demo's client and reseller as two profiles, in `language`, the plan shown (after
/// the Overview, by Tab) with every profile read.
async fn on_plan(language: Language) -> Harness {
    on_plan_with_credit(language, None).await
}

/// The same, both accounts' credit set to `credit` first.
async fn on_plan_with_credit(language: Language, credit: Option<&str>) -> Harness {
    let h = Harness::with_options(DemoOptions::default()).await;
    if let Some(credit) = credit {
        h.demo.set_credit(CLIENT_HOST, credit);
        h.demo.set_credit(RESELLER_HOST, credit);
    }
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

/// The ids of the registrations of profile `at` the plan can mark (not on an invoice yet).
fn plan_domains(h: &Harness, at: usize) -> Vec<String> {
    let plan = &h.app.profile().screens.plan;
    let of = |(p, due): &&(usize, portal_tui::plan::Due)| *p == at && due.kind == Kind::Domain && !due.invoiced;
    let mut ids: Vec<String> = plan.items.iter().filter(of).map(|(_, due)| due.id.clone()).collect();
    ids.sort();
    ids
}

/// The renewals among `requests`, as the ids renewed, sorted.
fn renewed(requests: &[String]) -> Vec<String> {
    let mut ids: Vec<String> = requests
        .iter()
        .filter_map(|r| r.strip_prefix("POST /domain/")?.strip_suffix("/renew").map(str::to_owned))
        .collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn marked_on_the_plan_across_two_profiles_each_confirmed_and_sent_by_its_own_profile() {
    // Both credits cover what is acted on.
    let mut h = on_plan_with_credit(Language::English, Some("100000000")).await;
    let (client, reseller) = (plan_domains(&h, 0), plan_domains(&h, 1));
    assert!(!client.is_empty() && !reseller.is_empty(), "{client:?} {reseller:?}");
    // `*` marks every item that can be acted on; the title counts them and adds them up.
    h.key(KeyCode::Char('*')).await;
    let marked = h.app.profile().screens.plan.marks.len();
    assert!(marked >= client.len() + reseller.len());
    let text = h.screen_text(80, 24);
    assert!(text.contains(&format!("{marked} marked · ")), "{text}");
    assert!(text.contains("✓ "), "a marked row is seen without colour: {text}");
    insta::assert_snapshot!("plan_marked_en_80x24", h.render(80, 24).backend());
    // And with colour, in one of the sixteen: the marked name is green.
    let terminal = h.render(80, 24);
    let buffer = terminal.backend().buffer();
    let at = (0..24).find_map(|y| (0..78).find(|x| buffer[(*x, y)].symbol() == "✓").map(|x| (x, y)));
    let (x, y) = at.expect("a mark drawn");
    assert_eq!(buffer[(x + 2, y)].fg, ratatui::style::Color::Green);
    // `R`: the shown profile's registrations first, on its own list: the years, then one
    // confirmation naming each with its price.
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Domains));
    assert_eq!(h.app.profile().info.as_deref(), Some("the Plan's marked: client's, profile 1 of 2"));
    h.key(KeyCode::Enter).await;
    let rows = h.app.profile().confirmation.as_ref().expect("the client's confirmation").rows.clone();
    // Each named: renewed, or not sent (phosaigon.vn, #5120: unpaid invoice 2026/11/0438
    // bills its renewal, read whole by the list before the years were asked).
    let not_sent: Vec<&String> = rows.iter().filter(|(_, v)| v.starts_with("Not sent — ")).map(|(l, _)| l).collect();
    assert_eq!(not_sent, ["phosaigon.vn"], "{rows:?}");
    assert_eq!(rows.iter().filter(|(_, v)| v.contains(" · to ")).count(), client.len() - 1, "{rows:?}");
    let client: Vec<String> = client.into_iter().filter(|id| id != "5120").collect();
    assert!(rows.iter().any(|(l, _)| l == "Credit"), "{rows:?}");
    assert!(h.changes_sent().is_empty(), "nothing sent before y");
    h.key(KeyCode::Char('y')).await;
    h.answer_until(|h| !h.app.is_waiting()).await;
    // Then the reseller, its own confirmation on its own list.
    assert_eq!(renewed(&h.changes_sent()), client, "one request per registration of the client");
    assert_eq!(h.app.profiles.active, 1);
    h.key(KeyCode::Enter).await;
    let rows = h.app.profile().confirmation.as_ref().expect("the reseller's confirmation").rows.clone();
    assert!(rows.iter().any(|(_, v)| v.contains("reseller")), "who makes it: {rows:?}");
    h.key(KeyCode::Char('y')).await;
    h.answer_until(|h| !h.app.is_waiting()).await;
    let sent = h.changes_sent();
    assert_eq!(sent.len(), client.len() + reseller.len(), "exactly one request per item: {sent:?}");
    assert_eq!(renewed(&sent[client.len()..]), reseller, "then one per registration of the reseller");
    // Back on the plan it began on, what came of each profile's said.
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Plan));
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.starts_with("client: ") && said.contains(" — reseller: "), "{said}");
    // Renewed for a year, the registrations left the window and their marks with them.
    let plan = &h.app.profile().screens.plan;
    let left: Vec<&str> =
        plan.items.iter().filter(|(_, d)| d.kind == Kind::Domain && !d.invoiced).map(|(_, d)| d.id.as_str()).collect();
    assert_eq!(left, ["5120"], "{:?}", plan.items);
}

#[tokio::test]
async fn marked_invoices_of_two_profiles_are_paid_each_from_its_own_credit() {
    // Both credits cover what is acted on.
    let mut h = on_plan_with_credit(Language::English, Some("100000000")).await;
    let invoices = |at: usize| {
        let plan = &h.app.profile().screens.plan;
        let mut ids: Vec<String> = plan
            .items
            .iter()
            .filter(|(p, due)| *p == at && due.kind == Kind::Invoice)
            .map(|(_, due)| format!("POST /invoice/{}/credit", due.id))
            .collect();
        ids.sort();
        ids
    };
    let (client, reseller) = (invoices(0), invoices(1));
    assert!(!client.is_empty() && !reseller.is_empty());
    // Only the invoices marked, one by one (Space marks and moves down).
    for at in 0..h.app.profile().screens.plan.items.len() {
        let kind = h.app.profile().screens.plan.items[at].1.kind;
        h.app.profile_mut().screens.plan.selected = at;
        if kind == Kind::Invoice {
            h.key(KeyCode::Char(' ')).await;
        }
    }
    assert_eq!(h.app.profile().screens.plan.marks.len(), client.len() + reseller.len());
    h.demo.reset_traffic();
    h.key(KeyCode::Char('c')).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Invoices));
    h.key(KeyCode::Char('y')).await;
    h.answer_until(|h| !h.app.is_waiting()).await;
    assert_eq!(h.app.profiles.active, 1, "then the reseller's own confirmation");
    assert!(h.app.profile().confirmation.is_some());
    h.key(KeyCode::Char('y')).await;
    h.answer_until(|h| !h.app.is_waiting()).await;
    let sent = h.changes_sent();
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(sent.len(), client.len() + reseller.len(), "{sent:?}");
    assert_eq!(sorted(sent[..client.len()].to_vec()), client);
    assert_eq!(sorted(sent[client.len()..].to_vec()), reseller);
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Plan));
    assert!(h.app.profile().screens.plan.marks.is_empty(), "paid, they left the plan");
}

#[tokio::test]
async fn nothing_marked_is_said_and_nothing_sent() {
    let mut h = on_plan(Language::Vietnamese).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    assert_eq!(h.app.profile().screen, Screen::Plan);
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(said, "Chưa đánh dấu tên miền nào: đánh dấu những tên cần gia hạn bằng Space.");
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn the_overview_and_the_plan_say_how_far_reading_every_profile_has_come() {
    for language in [Language::English, Language::Vietnamese] {
        let h = Harness::with_options(DemoOptions::default()).await;
        let profiles = vec![h.demo_profile("client", CLIENT_HOST), h.demo_profile("reseller", RESELLER_HOST)];
        let profiles = profiles.into_iter().map(|p| Partial { language, ..p }).collect();
        let mut h = h.with_profiles(profiles);
        let start = h.app.start();
        h.run(start).await;
        // The Overview opened: the reseller signs in, its answers not come yet.
        h.key_sent(KeyCode::Char('0'));
        let said = match language {
            Language::English => "reading profiles 1/2 · reseller",
            Language::Vietnamese => "đang đọc hồ sơ 1/2 · reseller",
        };
        let text = h.screen_text(80, 24);
        assert!(text.lines().nth(1).unwrap().contains(said), "{text}");
        // The Plan says the same while it is so.
        h.key_sent(KeyCode::Tab);
        assert_eq!(h.app.profile().screen, Screen::Plan);
        let text = h.screen_text(80, 24);
        assert!(text.contains(said), "{text}");
        // Every profile answered: said no more, on either.
        h.answer_until(|h| !h.app.is_waiting()).await;
        let text = h.screen_text(80, 24);
        assert!(!text.contains("1/2 · reseller"), "{text}");
        // `r` reads them again; once all have answered, the status line no longer says so.
        h.key(KeyCode::Char('r')).await;
        h.answer_until(|h| !h.app.is_waiting()).await;
        assert_eq!(h.app.profile().info, None);
        h.key(KeyCode::BackTab).await;
        assert_eq!(h.app.profile().screen, Screen::Overview);
        assert!(!h.screen_text(80, 24).contains("1/2 · reseller"));
    }
}

#[tokio::test]
async fn esc_while_a_profile_sends_stops_it_and_no_later_profile_acts() {
    let mut h = on_plan_with_credit(Language::English, Some("100000000")).await;
    for at in 0..h.app.profile().screens.plan.items.len() {
        let kind = h.app.profile().screens.plan.items[at].1.kind;
        h.app.profile_mut().screens.plan.selected = at;
        if kind == Kind::Invoice {
            h.key(KeyCode::Char(' ')).await;
        }
    }
    h.demo.reset_traffic();
    h.key(KeyCode::Char('c')).await;
    assert_eq!(h.app.profiles.active, 0);
    // The first of the client's invoices on its way, Esc: nothing more is sent.
    h.key_sent(KeyCode::Char('y'));
    h.key_sent(KeyCode::Esc);
    h.answer_until(|h| !h.app.is_waiting()).await;
    assert_eq!(h.changes_sent().len(), 1, "{:?}", h.changes_sent());
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Plan), "the reseller never asked");
    let said = h.app.profile().error.clone().unwrap_or_default();
    assert!(said.starts_with("client: 1 of 3 done; 2 not sent (Esc)"), "{said}");
    assert!(!said.contains("reseller"), "{said}");
}

#[tokio::test]
async fn the_plan_has_its_key_named_in_the_tab_row_and_in_help_at_80x24() {
    for (language, tab, says) in [
        (Language::English, "$Plan", "show the plan: what falls due, across every profile"),
        (Language::Vietnamese, "$K.hoạch", "xem kế hoạch: những gì đến hạn, ở mọi hồ sơ"),
    ] {
        let h = Harness::with_options(DemoOptions::default()).await;
        let profiles = vec![h.demo_profile("client", CLIENT_HOST), h.demo_profile("reseller", RESELLER_HOST)];
        let profiles = profiles.into_iter().map(|p| Partial { language, ..p }).collect();
        let mut h = h.with_profiles(profiles);
        let start = h.app.start();
        h.run(start).await;
        // On any other screen the top row names the Plan with its key, beside the digits.
        h.key(KeyCode::Char('2')).await;
        let top = h.screen_text(80, 24).lines().next().unwrap_or_default().to_owned();
        assert!(top.contains(tab) && top.contains("0"), "{language:?}: {top}");
        // Help lists it, after the digits.
        h.key(KeyCode::Char('?')).await;
        let help = h.screen_text(80, 60);
        let line = help.lines().find(|l| l.contains(says)).unwrap_or_else(|| panic!("{help}"));
        assert!(line.trim_start_matches('│').trim_start().starts_with('$'), "{line}");
        h.key(KeyCode::Esc).await;
        // `$` shows it, from any screen; the digits still go where they went.
        h.key(KeyCode::Char('$')).await;
        assert_eq!(h.app.profile().screen, Screen::Plan);
        h.key(KeyCode::Char('0')).await;
        assert_eq!(h.app.profile().screen, Screen::Overview);
        h.key(KeyCode::Char('$')).await;
        assert_eq!(h.app.profile().screen, Screen::Plan);
    }
}

#[tokio::test]
async fn at_80x24_the_items_scroll_with_a_marker_and_every_month_reads_whole() {
    for (language, month) in [(Language::English, "2026-12 "), (Language::Vietnamese, "12/2026 ")] {
        let mut h = on_plan(language).await;
        h.key(KeyCode::Char('w')).await;
        let text = h.screen_text(80, 24);
        let total = h.app.profile().screens.plan.items.len();
        assert!(text.contains(&format!(" 1/{total} ")), "the item's place of how many: {text}");
        assert!(text.contains('█'), "a scrollbar: {text}");
        // Every month's total is on the screen, whole.
        let plan = &h.app.profile().screens.plan;
        let currency = plan.profiles[0].currency.clone();
        for m in &plan.months {
            let total = portal_tui::i18n::format::money_in(m.totals[0].amount.unwrap(), &currency, language);
            let said = portal_tui::i18n::format::month(&m.month, language);
            assert!(text.contains(&format!("{said} {total}")), "{said} {total} in {text}");
        }
        assert!(text.contains(month), "{text}");
        // The last item is reached and shown.
        h.key(KeyCode::End).await;
        let text = h.screen_text(80, 24);
        let last = h.app.profile().screens.plan.items[total - 1].1.name.clone();
        assert!(text.contains(&last) && text.contains(&format!(" {total}/{total} ")), "{text}");
    }
}
