//! Marking entries of the Domains, Services and Invoices lists (`Space`, `*`, `u`), kept by
//! id through a filter and a fresh list, counted in the list's title per currency; and
//! acting on what is marked: the marked registrations renewed, the marked invoices paid,
//! in one confirmation, then one at a time through the change protocol.

use crate::support;

use crossterm::event::KeyCode;
use support::harness::Harness;

/// Logged in to the whole demo account, on screen `digit`.
async fn on(digit: char) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char(digit)).await;
    h
}

/// The names marked, in order.
fn marked_domains(h: &Harness) -> Vec<String> {
    let mut names: Vec<String> = h.app.profile().screens.domains.marked().map(|r| r.name.to_string()).collect();
    names.sort();
    names
}

/// The id of the registration of `name` the list holds (its active one).
fn id_of(h: &Harness, name: &str) -> String {
    let view = &h.app.profile().screens.domains;
    view.registrations().iter().find(|r| r.name == name && r.status == "Active").unwrap().id.to_string()
}

/// The list's title: the top border's text.
fn title(h: &mut Harness) -> String {
    h.screen_text(80, 24).lines().nth(1).unwrap().trim_matches(['┌', '┐', '─', ' ']).to_owned()
}

async fn filter(h: &mut Harness, text: &str) {
    h.key(KeyCode::Char('f')).await;
    h.keys(text).await;
    h.key(KeyCode::Enter).await;
}

#[tokio::test]
async fn marks_are_kept_by_id_through_a_filter_and_a_refresh_and_added_up_in_the_title() {
    let mut h = on('2').await;
    // Space marks the entry and moves down: phosaigon.vn, caphesuada.vn.
    h.keys("  ").await;
    assert_eq!(marked_domains(&h), ["caphesuada.vn", "phosaigon.vn"]);
    assert_eq!(title(&mut h), "Domains — 10 records — 2 marked · 960,000 VND");
    // Filtered: the marks stay, and one more is marked among those shown.
    filter(&mut h, "hue").await;
    assert_eq!(h.app.profile().screens.domains.list.shown, 1);
    h.key(KeyCode::Char(' ')).await;
    assert_eq!(title(&mut h), "Domains — “hue”: 1/10 records — 3 marked · 1,440,000 VND");
    h.key(KeyCode::Esc).await;
    assert_eq!(marked_domains(&h), ["caphesuada.vn", "phosaigon.vn", "thoitranghue.vn"]);
    // Read again: still listed, still marked.
    h.key(KeyCode::Char('r')).await;
    assert_eq!(marked_domains(&h).len(), 3);
    // Space on a marked entry unmarks it.
    let id = id_of(&h, "caphesuada.vn");
    assert!(h.app.profile_mut().screens.domains.select_id(&id));
    h.key(KeyCode::Char(' ')).await;
    assert_eq!(marked_domains(&h), ["phosaigon.vn", "thoitranghue.vn"]);
    // `*` marks every entry shown (after the filter), and no name only a zone holds.
    filter(&mut h, ".com").await;
    h.key(KeyCode::Char('*')).await;
    h.key(KeyCode::Esc).await;
    let marked = marked_domains(&h);
    assert_eq!(marked, ["banhmihoian.com.vn", "dulichdalat.com", "phosaigon.vn", "thoitranghue.vn"]);
    // The sum is the list's renewal column's, exactly (349,000.50 among them).
    assert_eq!(title(&mut h), "Domains — 10 records — 4 marked · 1,959,000.50 VND");
    // `u` clears them; the title is as before.
    h.key(KeyCode::Char('u')).await;
    assert!(marked_domains(&h).is_empty());
    assert!(title(&mut h).ends_with("Enter opens"), "{}", title(&mut h));
}

#[tokio::test]
async fn an_entry_gone_from_the_list_loses_its_mark() {
    let mut h = on('2').await;
    h.keys("  ").await;
    let view = &mut h.app.profile_mut().screens.domains;
    let records: Vec<_> = view.registrations().iter().filter(|r| r.name != "phosaigon.vn").cloned().collect();
    view.set_listed(records);
    assert_eq!(marked_domains(&h), ["caphesuada.vn"]);
    assert_eq!(title(&mut h), "Domains — 9 records — 1 marked · 480,000 VND");
}

#[tokio::test]
async fn marked_rows_carry_a_mark_and_the_colour_of_good_news() {
    let mut h = on('3').await;
    h.keys(" ").await;
    let terminal = h.render(80, 24);
    let text = support::screen::text(&terminal);
    let (y, row) = text.lines().enumerate().find(|(_, l)| l.contains('✓')).expect("a marked row");
    // The mark is a character: it reads without colour (NO_COLOR) too.
    assert!(row.starts_with("│✓ "), "{row}");
    let theme = portal_tui::config::theme::Theme::ansi();
    assert_eq!(terminal.backend().buffer()[(1, y as u16)].fg, theme.good.fg.unwrap());
    // The rows not marked keep their names in line with it.
    let next = text.lines().nth(y + 1).unwrap();
    assert!(next.starts_with("│  "), "{next}");
    let services = &h.app.profile().screens.services.browse;
    let marked: Vec<_> = services.marked().map(|s| s.total).collect();
    let count = services.items.len();
    assert_eq!(marked.len(), 1);
    let total = portal_tui::i18n::format::money_in(marked[0], "VND", portal_tui::api::Language::English);
    assert_eq!(title(&mut h), format!("Services — {} — 1 marked · {total}", count));
}

#[tokio::test]
async fn a_list_with_marks_at_80x24_in_english_and_vietnamese() {
    let mut h = on('4').await;
    h.keys("  ").await;
    insta::assert_snapshot!("invoices_marked_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('2')).await;
    h.keys("  j ").await;
    insta::assert_snapshot!("domains_marked_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('L')).await;
    insta::assert_snapshot!("domains_marked_vi_80x24", h.render(80, 24).backend());
}

#[tokio::test]
async fn help_lists_the_marking_keys() {
    let mut h = on('2').await;
    h.key(KeyCode::Char('?')).await;
    let text = h.screen_text(120, 40);
    for line in ["Space", "mark or unmark the entry, then move down", "mark every entry shown", "clear the marks"] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('3')).await;
    h.key(KeyCode::Char('?')).await;
    let text = h.screen_text(120, 40);
    let clear = text.lines().find(|l| l.contains("clear the marks")).expect("listed");
    assert!(clear.contains('U'), "u shows upgrades on Services: {clear}");
}
