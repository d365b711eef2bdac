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
    // `R` with nothing marked and nothing open says how to renew.
    h.key(KeyCode::Char('R')).await;
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(said, "To renew, open a registration (Enter) or mark some (Space), then R.");
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

fn confirmation_rows(h: &Harness) -> Vec<(String, String)> {
    h.app.profile().confirmation.as_ref().expect("a confirmation is open").rows.clone()
}

fn row<'a>(rows: &'a [(String, String)], label: &str) -> &'a str {
    rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.as_str()).unwrap_or_else(|| panic!("no {label}: {rows:?}"))
}

/// Marks the active registrations of these names on the Domains list.
async fn mark(h: &mut Harness, names: &[&str]) {
    for name in names {
        let id = id_of(h, name);
        assert!(h.app.profile_mut().screens.domains.select_id(&id));
        h.key(KeyCode::Char(' ')).await;
    }
}

#[tokio::test]
async fn three_marked_registrations_are_renewed_one_at_a_time_after_one_confirmation() {
    let mut h = on('2').await;
    // A credit that pays two of the three (soonest expiry first): the last is beyond it.
    h.demo.set_credit(portal_tui::demo::CLIENT_HOST, "1200000");
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Char('1')).await;
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Char('2')).await;
    // phosaigon.vn's renewal is billed on unpaid invoice 2026/11/0438 already.
    mark(&mut h, &["phosaigon.vn", "caphesuada.vn", "banhmihoian.com.vn", "thoitranghue.vn"]).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    // What the unpaid invoices bill is read before the years are asked (the list has no items).
    let read: Vec<String> = h.demo.requests().into_iter().filter(|r| r.starts_with("GET /invoice/")).collect();
    assert_eq!(read.len(), 3, "the three unpaid invoices, read whole: {read:?}");
    assert_eq!(h.app.shell.prompt.as_ref().expect("years asked").input.value(), "1");
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "renew 3 registrations for 1 year, one at a time");
    assert_eq!(row(&rows, "caphesuada.vn"), "480,000 VND · to 2027-12-18");
    assert_eq!(row(&rows, "banhmihoian.com.vn"), "650,000 VND · to 2028-01-25");
    assert_eq!(row(&rows, "thoitranghue.vn"), "480,000 VND · to 2028-07-09 — beyond the credit");
    assert_eq!(row(&rows, "beyond the credit"), "an invoice to pay, or refused, as the portal does");
    assert_eq!(
        row(&rows, "phosaigon.vn"),
        "Not sent — its renewal is on unpaid invoice 2026/11/0438: pay that invoice instead"
    );
    assert_eq!(row(&rows, "Total"), "1,610,000 VND");
    assert_eq!(
        row(&rows, "Credit"),
        "1,200,000 VND → 70,000 VND after those it covers: 410,000 VND short of the total"
    );
    insta::assert_snapshot!("renew_marked_confirm_en_80x24", h.render(80, 24).backend());
    assert!(h.changes_sent().is_empty(), "nothing sent before y");
    h.key(KeyCode::Char('y')).await;
    // Three requests, one each, in the confirmation's order (soonest expiry first); none
    // for phosaigon.vn.
    let ids: Vec<String> =
        ["caphesuada.vn", "banhmihoian.com.vn", "thoitranghue.vn"].iter().map(|n| id_of(&h, n)).collect();
    let expected: Vec<String> = ids.iter().map(|id| format!("POST /domain/{id}/renew")).collect();
    assert_eq!(h.changes_sent(), expected);
    // The one beyond the credit is refused in the portal's words, the others done.
    let error = h.app.profile().error.clone().expect("not all done");
    assert!(error.starts_with("2 of 3 done; not done: thoitranghue.vn ("), "{error}");
    assert!(error.contains("credit"), "the portal's reason: {error}");
    // The lists show the new expiry dates without `r`; what was not done stays marked.
    let expires = |h: &Harness, name: &str| {
        let view = &h.app.profile().screens.domains;
        view.registrations().iter().find(|r| r.name == name && r.status == "Active").unwrap().expires.to_string()
    };
    assert_eq!(expires(&h, "caphesuada.vn"), "2027-12-18");
    assert_eq!(expires(&h, "banhmihoian.com.vn"), "2028-01-25");
    assert_eq!(expires(&h, "thoitranghue.vn"), "2027-07-09");
    assert_eq!(expires(&h, "phosaigon.vn"), "2026-12-03", "renewed by paying its invoice, not twice");
    assert_eq!(marked_domains(&h), ["phosaigon.vn", "thoitranghue.vn"]);
    let text = h.screen_text(80, 24);
    assert!(text.contains("2027-12-18") && text.contains("2028-01-25"), "{text}");
    // The credit read again: 1,200,000 less the two renewals.
    let balance = h.app.profile().screens.account.balance.clone().expect("read again");
    assert_eq!(balance.credit.map(|c| c.to_string()), Some("70000.00".into()));
    // The radar is made from the lists read again: the new expiries are on it.
    h.key(KeyCode::Char('7')).await;
    let radar = h.screen_text(120, 40);
    let line = |name: &str| radar.lines().find(|l| l.contains("domain") && l.contains(name)).unwrap_or_default();
    assert!(
        line("banhmihoian.com.vn").contains("2028-01-25") && line("caphesuada.vn").contains("2027-12-18"),
        "{radar}"
    );
    // Each item was said on its own: the Log has them.
    let log = format!("{:?}", h.app.shell.log);
    assert!(log.contains("caphesuada.vn"), "{log}");
}

#[tokio::test]
async fn the_open_registration_billed_on_an_unpaid_invoice_is_not_renewed_again() {
    let mut h = on('2').await;
    let id = id_of(&h, "phosaigon.vn");
    assert!(h.app.profile_mut().screens.domains.select_id(&id));
    h.key(KeyCode::Enter).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    assert!(h.app.shell.prompt.is_none(), "no years asked");
    let error = h.app.profile().error.clone().expect("said");
    assert_eq!(error, "phosaigon.vn: its renewal is on unpaid invoice 2026/11/0438: pay that invoice instead");
    assert!(h.changes_sent().is_empty());
    // Another registration is asked for as before, the invoices not read again.
    h.key(KeyCode::Esc).await;
    let id = id_of(&h, "caphesuada.vn");
    assert!(h.app.profile_mut().screens.domains.select_id(&id));
    h.key(KeyCode::Enter).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    assert_eq!(h.app.shell.prompt.as_ref().expect("years asked").input.value(), "1");
    assert!(!h.demo.requests().iter().any(|r| r.starts_with("GET /invoice/")), "{:?}", h.demo.requests());
}

#[tokio::test]
async fn a_batch_says_how_far_it_has_come_and_esc_stops_it_before_the_next() {
    let mut h = on('2').await;
    mark(&mut h, &["caphesuada.vn", "thoitranghue.vn", "quanlykho.net"]).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.key_sent(KeyCode::Char('y'));
    let info = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(info, "renew for 1 year 1/3 · caphesuada.vn…");
    // Esc while the first is on its way: it ends, the others are not sent.
    h.key_sent(KeyCode::Esc);
    assert!(h.app.profile().info.as_deref().unwrap_or_default().contains("2 more are not sent"));
    h.answer_until(|h| !h.app.is_waiting()).await;
    assert_eq!(h.changes_sent().len(), 1, "{:?}", h.changes_sent());
    let error = h.app.profile().error.clone().expect("not all done");
    assert_eq!(error, "1 of 3 done; 2 not sent (Esc)");
    assert_eq!(marked_domains(&h), ["quanlykho.net", "thoitranghue.vn"], "what was not done stays marked");
}

#[tokio::test]
async fn marked_invoices_are_paid_one_at_a_time_and_those_beyond_the_credit_are_not_sent() {
    let mut h = on('4').await;
    h.demo.set_credit(portal_tui::demo::CLIENT_HOST, "1000000");
    h.key(KeyCode::Char('1')).await;
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Char('4')).await;
    // The three unpaid ones: 412,500, 682,000 and 528,000 VND.
    h.keys("   ").await;
    let marked: Vec<String> = h.app.profile().screens.invoices.browse.marked().map(|i| i.label().to_owned()).collect();
    assert_eq!(marked.len(), 3, "{marked:?}");
    assert_eq!(title(&mut h), "Invoices — 6 — 3 marked · 1,622,500 VND");
    h.demo.reset_traffic();
    h.key(KeyCode::Char('c')).await;
    let rows = confirmation_rows(&h);
    // Two paid: those the credit covers; the third is named, not sent.
    assert_eq!(row(&rows, "Change"), "pay 2 invoices from the credit, one at a time");
    assert_eq!(row(&rows, "2026/11/0412"), "412,500 VND · 2026-11-15");
    assert_eq!(row(&rows, "2026/11/0441"), "682,000 VND · 2026-11-30 — beyond the credit: not sent");
    assert_eq!(row(&rows, "2026/11/0438"), "528,000 VND · 2026-12-03");
    assert_eq!(row(&rows, "Total"), "1,622,500 VND");
    assert_eq!(
        row(&rows, "Credit"),
        "1,000,000 VND → 59,500 VND after those it covers: 622,500 VND short of the total"
    );
    insta::assert_snapshot!("pay_marked_confirm_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    let ids: Vec<String> = ["2026/11/0412", "2026/11/0438"]
        .iter()
        .map(|n| h.app.profile().screens.invoices.browse.items.iter().find(|i| i.label() == *n).unwrap().id.to_string())
        .collect();
    let expected: Vec<String> = ids.iter().map(|id| format!("POST /invoice/{id}/credit")).collect();
    assert_eq!(h.changes_sent(), expected);
    assert_eq!(h.app.profile().info.as_deref(), Some("all 2 done"), "{:?}", h.app.profile().error);
    // Read again without `r`: both paid, the credit down by both, the third still marked.
    let invoices = &h.app.profile().screens.invoices.browse;
    let paid = |n: &str| invoices.items.iter().find(|i| i.label() == n).unwrap().is_paid();
    assert!(paid("2026/11/0412") && paid("2026/11/0438") && !paid("2026/11/0441"));
    let marked: Vec<String> = invoices.marked().map(|i| i.label().to_owned()).collect();
    assert_eq!(marked, ["2026/11/0441"]);
    let balance = h.app.profile().screens.account.balance.clone().expect("read again");
    assert_eq!(balance.credit.map(|c| c.to_string()), Some("59500.00".into()));
    // Nothing promised was contradicted by the figures read again.
    assert_eq!(h.app.profile().error, None);
}

#[tokio::test]
async fn each_change_of_a_batch_is_in_the_change_log_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = Harness::whole_account().await.logging_changes(log.clone());
    h.key(KeyCode::Char('2')).await;
    mark(&mut h, &["caphesuada.vn", "quanlykho.net"]).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    let lines: Vec<String> = std::fs::read_to_string(&log).unwrap().lines().map(str::to_owned).collect();
    for name in ["caphesuada.vn", "quanlykho.net"] {
        let id = id_of(&h, name);
        let of_it: Vec<&String> = lines.iter().filter(|l| l.contains(&format!("/domain/{id}/renew"))).collect();
        assert_eq!(of_it.len(), 2, "before and after, for {name}: {lines:#?}");
    }
    // The credit (660,000) pays the first; the second, refused, is logged as such too.
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.starts_with("1 of 2 done; not done: quanlykho.net ("), "{error}");
}

#[tokio::test]
async fn a_confirmation_taller_than_the_screen_keeps_its_sums_and_its_keys_in_view() {
    let mut h = on('2').await;
    h.keys("       ").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    // Seven marked: six renewed, phosaigon.vn named as not sent (an unpaid invoice bills it).
    assert_eq!(confirmation_rows(&h).iter().filter(|(_, v)| v.contains(" · to ")).count(), 6);
    assert!(row(&confirmation_rows(&h), "phosaigon.vn").starts_with("Not sent — "));
    // All seven fit at 80×24.
    let text = h.screen_text(80, 24);
    assert!(!text.contains("more lines") && text.contains("quanlykho.net") && text.contains("y send"), "{text}");
    // Lower, the middle gives way: the first rows, the sums, the request and the keys stay.
    let text = h.screen_text(80, 18);
    for seen in ["Change", "more lines: a taller terminal shows them all", "Request", "y send"] {
        assert!(text.contains(seen), "{seen}:\n{text}");
    }
    // Whole rows give way: the line after the notice begins a row (its label), no half of one.
    let after = text.lines().skip_while(|l| !l.contains("more lines")).nth(1).unwrap_or_default();
    let inner = after.trim_start_matches(['│', ' ']);
    assert!(after.find(inner).is_some_and(|at| at <= "│ │ ".len() + 2), "{text}");
    // Every entry marked, the expired and pending among them named as not sent: the same.
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('u')).await;
    h.keys("*").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    // The expired example.vn, beside the active one renewed, is told apart by its id.
    let rows = confirmation_rows(&h);
    assert!(rows.iter().any(|(l, v)| l.starts_with("example.vn (#") && v.starts_with("Not sent")), "{rows:?}");
    let text = h.screen_text(80, 24);
    let after = text.lines().skip_while(|l| !l.contains("more lines")).nth(1).expect("some give way");
    let inner = after.trim_start_matches(['│', ' ']);
    assert!(after.find(inner).is_some_and(|at| at <= "│ │ ".len() + 2), "{text}");
}

#[tokio::test]
async fn one_marked_is_counted_in_the_singular() {
    let mut h = on('2').await;
    mark(&mut h, &["caphesuada.vn"]).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Backspace).await;
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "renew 1 registration for 2 years, one at a time");
    h.key(KeyCode::Char('n')).await;
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('c')).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "pay 1 invoice from the credit, one at a time");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.app.profile().info.as_deref(), Some("done (1 of 1)"), "{:?}", h.app.profile().error);
}

#[tokio::test]
async fn only_invoices_still_to_pay_are_marked_and_a_credit_covering_none_is_said() {
    let mut h = on('4').await;
    // `*` marks what can be paid: the three unpaid, not the paid nor the cancelled.
    h.keys("*").await;
    let invoices = &h.app.profile().screens.invoices.browse;
    assert!(invoices.items.iter().any(|i| i.is_paid()), "the demo has paid invoices");
    let marked: Vec<String> = invoices.marked().map(|i| i.label().to_owned()).collect();
    assert_eq!(marked, ["2026/11/0412", "2026/11/0438", "2026/11/0441"]);
    assert_eq!(title(&mut h), "Invoices — 6 — 3 marked · 1,622,500 VND");
    // Space on a paid one marks nothing and moves on.
    h.key(KeyCode::Char('u')).await;
    let paid = h.app.profile().screens.invoices.browse.items.iter().find(|i| i.is_paid()).unwrap().id.to_string();
    assert!(h.app.profile_mut().screens.invoices.browse.select_id(&paid));
    h.key(KeyCode::Char(' ')).await;
    assert_eq!(h.app.profile().screens.invoices.browse.marked().count(), 0);
    // No credit: the three are not sent, and the credit is named with what they ask.
    h.keys("*").await;
    h.demo.set_credit(portal_tui::demo::CLIENT_HOST, "0");
    h.key(KeyCode::Char('1')).await;
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Char('4')).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_none());
    let said = h.app.profile().info.clone().or(h.app.profile().error.clone()).unwrap_or_default();
    assert_eq!(said, "The credit (0 VND) covers none of the marked invoices (1,622,500 VND): nothing was sent.");
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn no_renewal_is_asked_while_the_invoices_are_not_read() {
    use portal_tui::demo::{DemoOptions, Fault, FaultRule};
    let mut h = Harness::with_options(DemoOptions::default()).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::TruncatedJson, "/invoice").method("GET").times(1)]);
    let commands = h.app.start();
    h.run(commands).await;
    h.key(KeyCode::Char('2')).await;
    mark(&mut h, &["caphesuada.vn"]).await;
    h.key(KeyCode::Char('R')).await;
    assert!(h.app.shell.prompt.is_none(), "no years asked on a guess");
    let said = h.app.profile().info.clone().or(h.app.profile().error.clone()).unwrap_or_default();
    assert!(said.starts_with("The invoices are not read yet"), "{said}");
    // Read (Invoices, r), the renewal is asked.
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('R')).await;
    assert_eq!(h.app.shell.prompt.as_ref().expect("years asked").input.value(), "1");
}
