//! Screens drawn from states built in the test, without a portal: what the drawing makes of
//! exactly these records, and what the app computes about the screen agreeing with where
//! the drawing put things.

use crate::support;

use portal_tui::api::Money;
use portal_tui::api::models::{DnsRecord, DomainRecord, Invoice};
use portal_tui::app::Screen;
use portal_tui::app::screens::domains::DomainsView;
use support::screen::{self, Built};

fn invoice(id: &str, status: &str, due: &str, total: &str) -> Invoice {
    Invoice {
        id: id.into(),
        number: format!("INV-{id}").into(),
        status: status.into(),
        date: "2026-10-01".into(),
        duedate: due.into(),
        currency: "VND".into(),
        total: Money::parse(total).unwrap(),
        ..Invoice::default()
    }
}

#[test]
fn two_invoices_built_in_the_test() {
    let mut built = Built::on(Screen::Invoices);
    built
        .app
        .profile_mut()
        .screens
        .invoices
        .browse
        .set_items(vec![invoice("7", "Paid", "2026-10-15", "250000"), invoice("8", "Unpaid", "2026-11-18", "1200000")]);
    support::screen::assert_screens!(built, "invoices_built");
}

#[test]
fn a_long_list_says_where_the_selection_is_and_shows_a_scrollbar() {
    let mut built = Built::on(Screen::Invoices);
    let invoices = (1..=40).map(|i| invoice(&i.to_string(), "Unpaid", "2026-11-18", "1000")).collect();
    built.app.profile_mut().screens.invoices.browse.set_items(invoices);
    let right_border =
        |text: &str| -> String { text.lines().skip(3).take(18).map(|l| l.chars().last().unwrap()).collect() };
    let text = screen::text(&built.render(80, 24));
    let bottom = text.lines().nth(21).unwrap();
    assert!(bottom.ends_with(" 1/40 ─┘"), "{text}");
    assert!(right_border(&text).starts_with("████████"), "the thumb at the top:\n{text}");
    assert!(right_border(&text).ends_with("│││"), "the track below it:\n{text}");
    let _ =
        built.app.update(portal_tui::app::Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::End)));
    let text = screen::text(&built.render(80, 24));
    assert!(text.lines().nth(21).unwrap().ends_with(" 40/40 ─┘"), "{text}");
    assert!(right_border(&text).ends_with("████████"), "the thumb at the bottom:\n{text}");
    // A list that fits has no scrollbar, but still says where the selection is.
    built.app.profile_mut().screens.invoices.browse.set_items(vec![invoice("7", "Paid", "2026-10-15", "250000")]);
    let text = screen::text(&built.render(80, 24));
    assert!(!text.contains('█') && text.lines().nth(21).unwrap().ends_with(" 1/1 ─┘"), "{text}");
}

fn registration(id: &str, name: &str, status: &str, renewal: &str) -> DomainRecord {
    DomainRecord {
        id: id.into(),
        name: name.into(),
        status: status.into(),
        expires: "2027-01-29".into(),
        recurring_amount: Money::parse(renewal).unwrap(),
        ..Default::default()
    }
}

fn domains_listed() -> Built {
    let mut built = Built::on(Screen::Domains);
    built.app.profile_mut().screens.domains.set_listed(vec![
        registration("1", "a.vn", "Active", "480000"),
        registration("2", "banhmihoian.com.vn", "Active", "650000"),
        registration("3", "dulichdalat.com", "Expired", "349000.50"),
    ]);
    built
}

#[test]
fn domain_columns_are_as_wide_as_what_they_hold_and_a_filter_never_moves_them() {
    let mut built = domains_listed();
    let header = |text: &str| text.lines().nth(2).unwrap().to_owned();
    let text = screen::text(&built.render(120, 24));
    // The names' column is as wide as the longest name and its watch mark, not the room left.
    let line = header(&text);
    let status_at = line.chars().count() - line[line.find("STATUS").unwrap()..].chars().count();
    assert_eq!(status_at, 1 + "  banhmihoian.com.vn ".len(), "{text}");
    let unfiltered = header(&text);
    // The entry with the widest amount filtered out: nothing moves.
    built.app.profile_mut().screens.domains.set_filter("banh");
    let text = screen::text(&built.render(120, 24));
    assert!(!text.contains("dulichdalat"), "{text}");
    assert_eq!(header(&text), unfiltered, "the filtered list's columns:\n{text}");
}

#[test]
fn at_60_columns_dates_stay_whole_and_names_are_cut_with_a_mark() {
    let mut built = domains_listed();
    built.app.profile_mut().screens.domains.set_listed(vec![
        registration("1", "a.vn", "Active", "480000"),
        registration("2", "cong-ty-trach-nhiem-huu-han-pho-sai-gon.com.vn", "Active", "650000"),
    ]);
    for language in [portal_tui::api::Language::English, portal_tui::api::Language::Vietnamese] {
        built.app.profile_mut().language = language;
        let text = screen::text(&built.render(60, 24));
        let row = text.lines().find(|l| l.contains("cong-t")).unwrap_or_else(|| panic!("{text}"));
        let name = row.split_whitespace().nth(1).unwrap_or_default();
        assert!(
            name.starts_with("cong-t") && name.contains('…') && name.ends_with(".com.vn"),
            "cut in the middle: {row}"
        );
        let date = if language == portal_tui::api::Language::English { "2027-01-29" } else { "29/01/2027" };
        assert!(row.contains(date), "the whole date: {row}");
        assert!(text.lines().any(|l| l.contains("▾ ") && l.contains("(2)")), "a whole group title:\n{text}");
    }
}

fn dns(id: &str, name: &str, content: &str) -> DnsRecord {
    DnsRecord { id: id.into(), name: name.into(), kind: "A".into(), content: content.into(), ..DnsRecord::default() }
}

/// A registration's detail open, with its DNS records read.
fn detail_of(record: DomainRecord) -> Built {
    let mut built = Built::on(Screen::Domains);
    let view = &mut built.app.profile_mut().screens.domains;
    let id = portal_tui::api::DnsSource::Registrar(record.id.parse().unwrap());
    view.set_records(&record.name.clone(), vec![record], true);
    view.dns.insert(id, Ok(vec![dns("1", "@", "203.0.113.7"), dns("2", "www", "203.0.113.8")]));
    view.open_detail();
    built
}

#[test]
fn the_app_knows_the_line_the_detail_draws_the_first_dns_record_on() {
    let bare = DomainRecord { id: "41".into(), name: "tron.vn".into(), status: "Active".into(), ..Default::default() };
    let full = DomainRecord {
        id: "42".into(),
        name: "day-du.vn".into(),
        status: "Active".into(),
        period: "2".into(),
        expires: "2027-03-01".into(),
        next_due: "2027-02-01".into(),
        nameservers: vec!["ns1.example.vn".into(), "ns2.example.vn".into(), "ns3.example.vn".into()],
        extra: vec![("registrar".to_owned(), "VNNIC".to_owned())],
        ..Default::default()
    };
    for record in [bare, full] {
        let name = record.name.to_string();
        let mut built = detail_of(record);
        let terminal = built.render(120, 40);
        let text = screen::text(&terminal);
        let drawn = text.lines().position(|l| l.contains("203.0.113.7")).unwrap_or_else(|| panic!("{text}"));
        // Above the detail's first line: the tab row and the box's top border.
        let line = built.app.profile().screens.domains.dns_line();
        assert_eq!(drawn, line + 2, "{name}: the app reveals line {line}, drawn on row {drawn}:\n{text}");
        assert!(line > DomainsView::DETAIL_FIELDS);
    }
}

#[test]
fn a_click_finds_each_tab_where_the_top_row_draws_it() {
    let mut built = Built::on(Screen::Services);
    for width in 60..=160 {
        let terminal = built.render(width, 24);
        let buffer = terminal.backend().buffer();
        let row = built.app.top_row(width);
        for (screen, text) in &row.tabs {
            let spots: Vec<u16> = (0..width).filter(|&x| row.tab_at(x) == Some(*screen)).collect();
            let drawn: String = spots.iter().map(|&x| buffer[(x, 0)].symbol()).collect();
            assert_eq!(&drawn, text, "{screen:?} at {width} columns");
            let active = spots.iter().all(|&x| buffer[(x, 0)].modifier.contains(ratatui::style::Modifier::REVERSED));
            assert_eq!(active, *screen == Screen::Services, "{screen:?} at {width} columns");
        }
    }
}

#[test]
fn every_tab_is_named_at_80_columns_in_both_languages_and_the_shown_one_is_highlighted() {
    use portal_tui::api::Language;
    for language in [Language::English, Language::Vietnamese] {
        for &shown in Screen::TABS {
            let mut built = Built::on(shown);
            built.app.profile_mut().language = language;
            let terminal = built.render(80, 24);
            let row = built.app.top_row(80);
            // Every tab is named, the Plan's with its key as the digits' are (`$`), in
            // every language: its key shown, beside its name, with or without a space.
            assert!(Screen::TABS.iter().all(|s| s.always_in_row()));
            assert_eq!(row.tabs.len(), Screen::TABS.len());
            for (screen, text) in &row.tabs {
                let key = screen.tab_key().map(String::from).unwrap_or_default();
                let name = text.trim().strip_prefix(&key).unwrap_or_default().trim_start();
                assert!(!name.is_empty(), "{language:?} on {shown:?}: tab {text:?} has no name");
                assert!(
                    name == screen.title(language) || name == screen.short_title(language),
                    "{language:?}: {text:?} names {screen:?}"
                );
            }
            let top = screen::text(&terminal).lines().next().unwrap_or_default().to_owned();
            let (_, shown_text) = row.tabs.iter().find(|(s, _)| *s == shown).unwrap();
            assert!(top.contains(shown_text.as_str()), "{language:?}: {shown_text:?} drawn in {top:?}");
            let badge = row.badge.as_deref().unwrap_or_default();
            assert!(!badge.trim().is_empty() && top.contains(badge.trim()), "{language:?}: the badge in {top:?}");
        }
    }
}

#[test]
fn hints_that_do_not_fit_are_marked_as_left_out() {
    let record =
        DomainRecord { id: "41".into(), name: "tron.vn".into(), status: "Active".into(), ..Default::default() };
    let mut built = detail_of(record);
    let text = screen::text(&built.render(60, 24));
    let hints = text.lines().nth(22).unwrap();
    assert!(hints.contains("… ? help  q quit"), "{hints}");
    let text = screen::text(&built.render(160, 24));
    assert!(!text.lines().nth(22).unwrap().contains('…'), "all of them fit: {text}");
}

fn click(built: &mut Built, row: u16) {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let event =
        MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column: 10, row, modifiers: KeyModifiers::NONE };
    let _ = built.app.update(portal_tui::app::Msg::Mouse(event));
}

#[test]
fn a_click_selects_the_list_row_under_it_and_a_second_click_opens_it() {
    let mut built = Built::on(Screen::Invoices);
    built
        .app
        .profile_mut()
        .screens
        .invoices
        .browse
        .set_items(vec![invoice("7", "Paid", "2026-10-15", "250000"), invoice("8", "Unpaid", "2026-11-18", "1200000")]);
    let text = screen::text(&built.render(80, 24));
    let row = text.lines().position(|l| l.contains("INV-7")).unwrap() as u16;
    click(&mut built, row - 1);
    assert_eq!(
        built.app.profile().screens.invoices.browse.selected().map(|i| i.id.as_str()),
        Some("8"),
        "a header: no move"
    );
    click(&mut built, row);
    let view = &built.app.profile().screens.invoices.browse;
    assert_eq!((view.selected().map(|i| i.id.as_str()), view.detail), (Some("7"), None), "selected, not opened");
    click(&mut built, row);
    assert_eq!(built.app.profile().screens.invoices.browse.open().map(|i| i.id.as_str()), Some("7"), "opened");
    click(&mut built, row);
    assert_eq!(
        built.app.profile().screens.invoices.browse.open().map(|i| i.id.as_str()),
        Some("7"),
        "a detail takes no click"
    );
}
