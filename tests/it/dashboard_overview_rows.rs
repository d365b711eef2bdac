//! The overview's rows as a person reads them: a long table scrolls with its cursor and
//! says where it is; a count of lists that were not read is a dash, a count of some of
//! them at least that many; the line under the table says what `Enter` does for the row
//! selected; `e` shows a failed sign-in's reason whole; numbers kept after a read that
//! failed are marked stale; `r` says that it runs. Over real HTTP to demo portals.

use crate::support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use portal_tui::app::{Msg, Popup};
use portal_tui::config::keys::Action;
use portal_tui::config::settings::Partial;
use portal_tui::config::theme::Theme;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use support::harness::{Harness, TODAY};

async fn started(h: Harness, profiles: Vec<Partial>) -> Harness {
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    h
}

async fn portal(faults: &[&str], seed_only: bool) -> DemoPortal {
    let faults = faults.iter().map(|f| f.parse().unwrap()).collect();
    DemoPortal::start_local(DemoOptions { today: Some(TODAY), faults, seed_only, ..DemoOptions::default() })
        .await
        .unwrap()
}

/// The last four words of a row of the table: its counts.
fn counts(line: &str) -> Vec<&str> {
    let words: Vec<&str> = line.trim_end_matches('│').split_whitespace().collect();
    words[words.len().saturating_sub(4)..].to_vec()
}

/// The profiles table's row of `name` (its mark, then its name), not an item naming it.
fn row<'a>(text: &'a str, name: &str) -> &'a str {
    let is_row = |l: &&str| l.chars().skip(3).collect::<String>().starts_with(&format!("{name} ")) && !l.contains("│!");
    text.lines().find(is_row).unwrap_or_default()
}

#[tokio::test]
async fn twelve_profiles_at_80x24_scroll_with_the_cursor_and_say_where_it_is() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let mut profiles = vec![h.demo_profile("shop", CLIENT_HOST)];
    profiles.extend((1..12).map(|i| Partial { password: None, ..h.demo_profile(&format!("p{i:02}"), CLIENT_HOST) }));
    let mut h = started(h, profiles).await;
    h.open_overview().await;
    let text = h.screen_text(80, 24);
    assert!(row(&text, "shop").contains('•') && row(&text, "p11").is_empty(), "{text}");
    assert!(text.contains(" 1/12 "), "{text}");
    for _ in 0..11 {
        h.press(KeyCode::Down);
    }
    assert_eq!(h.app.profile().screens.overview.selected, 11);
    let terminal = h.render(80, 24);
    let text = support::screen::text(&terminal);
    assert!(row(&text, "shop").is_empty(), "scrolled: the first profile out of view\n{text}");
    assert!(text.contains(" 12/12 "), "{text}");
    assert!(text.contains(" p11: not signed in; Enter switches there"), "{text}");
    // The selected row is drawn selected; the thumb of the table's scrollbar at its end.
    let lines: Vec<&str> = text.lines().collect();
    let y = lines.iter().position(|l| l.contains(" p11 ")).unwrap();
    let buffer = terminal.backend().buffer();
    let theme = Theme::ansi();
    let selected = theme.selected.add_modifier;
    assert!(buffer[(3, y as u16)].modifier.contains(selected), "{text}");
    assert!(!buffer[(3, y as u16 - 1)].modifier.contains(selected), "{text}");
    assert!(lines[y].ends_with('█'), "{text}");
    // Down again leaves the table for the items, the table still on its last profiles.
    h.press(KeyCode::Down);
    let text = h.screen_text(80, 24);
    assert!(!row(&text, "p11").is_empty() && row(&text, "shop").is_empty(), "{text}");
    // A click on a row of the scrolled table selects that profile.
    let y = text.lines().position(|l| l.contains(" p10 ")).unwrap() as u16;
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 10,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    h.app.update(Msg::Mouse(click));
    assert_eq!(h.app.profile().screens.overview.selected, 10);
}

#[tokio::test]
async fn a_count_of_lists_not_read_is_a_dash_and_of_some_of_them_at_least_that_many() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let partial = portal(&["html-502@/invoice"], false).await;
    let seeds = portal(&[], true).await;
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        Partial { base_url: Some(partial.url()), ..h.demo_profile("branch", CLIENT_HOST) },
        Partial { base_url: Some(seeds.url()), ..h.demo_profile("seeds", CLIENT_HOST) },
    ];
    let mut h = started(h, profiles).await;
    h.open_overview().await;
    let text = h.screen_text(80, 24);
    // EXP ≤30D UNPD TKT: the invoices unread, the dated counts at least, unpaid not known.
    let branch = counts(row(&text, "branch"));
    assert!(branch[0].ends_with('+') && branch[1].ends_with('+'), "{text}");
    assert_eq!(branch[2..], ["—", "1"], "{text}");
    assert_eq!(counts(row(&text, "seeds")), ["—"; 4], "no list read: no count\n{text}");
    let shop = counts(row(&text, "shop"));
    assert!(shop.iter().all(|c| c.parse::<usize>().is_ok()), "{text}");
    assert!(text.contains("N+: at least N, a list not read; —: not read"), "{text}");
}

#[tokio::test]
async fn the_line_under_the_table_says_what_enter_does_for_the_row() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let profiles =
        vec![h.demo_profile("shop", CLIENT_HOST), Partial { password: None, ..h.demo_profile("hanoi", CLIENT_HOST) }];
    let mut h = started(h, profiles).await;
    h.open_overview().await;
    assert!(h.screen_text(80, 24).contains(" shop: the profile shown; Enter shows its radar"));
    for _ in 0..2 {
        h.press(KeyCode::Down);
    }
    let text = h.screen_text(80, 24);
    assert!(text.contains(" Enter opens nhasachhanoi.vn in shop "), "{text}");
    h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('L'), KeyModifiers::SHIFT)));
    let text = h.screen_text(80, 24);
    assert!(text.contains(" Enter để mở nhasachhanoi.vn trong shop "), "{text}");
}

#[tokio::test]
async fn e_on_a_failed_sign_in_shows_its_reason_whole() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let down = portal(&["html-502"], false).await;
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        Partial { base_url: Some(down.url()), ..h.demo_profile("branch", CLIENT_HOST) },
    ];
    let mut h = started(h, profiles).await;
    h.open_overview().await;
    assert!(!h.app.hinted_actions().contains(&Action::ShowError), "nothing wrong with the shown profile");
    h.press(KeyCode::Down);
    assert!(h.app.hinted_actions().contains(&Action::ShowError));
    let text = h.screen_text(80, 24);
    let about = text.lines().find(|l| l.starts_with(" branch: could not sign in: ")).unwrap_or_default();
    assert!(about.trim_end().ends_with("(e: whole)"), "{text}");
    assert!(text.contains(" e whole "), "the hint offers it\n{text}");
    h.press(KeyCode::Char('e'));
    assert_eq!(h.app.shell.popup, Some(Popup::Error));
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.starts_with("branch: could not sign in: ") && error.contains("portal answered 502"), "{error}");
}

#[tokio::test]
async fn numbers_kept_when_the_portal_goes_down_are_marked_stale_and_r_says_it_runs() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let branch = portal(&[], false).await;
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        Partial { base_url: Some(branch.url()), ..h.demo_profile("branch", CLIENT_HOST) },
    ];
    let mut h = started(h, profiles).await;
    h.open_overview().await;
    let before = h.screen_text(80, 24);
    assert!(row(&before, "branch").contains("signed in") && !row(&before, "branch").contains('⚠'), "{before}");

    branch.set_faults(vec!["html-502".parse().unwrap()]);
    let commands = h.press(KeyCode::Char('r'));
    let text = h.screen_text(80, 24);
    assert!(text.contains("Reading 2 profiles again…"), "{text}");
    assert!(row(&text, "branch").contains("reading…"), "{text}");
    h.run(commands).await;
    let text = h.screen_text(80, 24);
    assert!(row(&text, "branch").contains("⚠ stale "), "the row says its numbers are old\n{text}");
    assert!(!text.contains("Reading 2 profiles again…"), "every profile read: no longer said\n{text}");
    h.press(KeyCode::Down);
    let text = h.screen_text(120, 40);
    assert!(text.contains(" branch: its portal could not be read again: numbers from "), "{text}");
    let shop = h.screen_text(80, 24);
    assert!(!row(&shop, "shop").contains('⚠'), "{shop}");
}
