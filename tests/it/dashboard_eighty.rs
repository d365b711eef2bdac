//! 80×24 that tells the truth, in English and Vietnamese: no DNS record acted on before it
//! is seen, a record just added selected and in view wherever the records are kept, a
//! message never losing its end, the radar's reasons never cut, a name never cut while
//! another column has room (a domain in its middle), a DNS form that lists its problems
//! after a refused paste, tab names all full or all short, headers in words where there is
//! room, help that says what a key does where it is pressed, and the DNS records' columns.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::app::{Msg, Screen};
use support::harness::Harness;
use support::screen::{Built, assert_screens, text};

/// The whole demo account in `language`.
async fn account(language: Language) -> Harness {
    let mut h = Harness::whole_account().await;
    if language == Language::Vietnamese {
        h.key(KeyCode::Char('L')).await;
    }
    h
}

/// The whole demo account on the Domains screen, `name` filtered to and opened.
async fn open(h: &mut Harness, name: &str) {
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('f')).await;
    h.keys(name).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    let open = h.app.profile().screens.domains.detail_record().map(|r| r.name.to_string());
    assert_eq!(open.as_deref(), Some(name));
}

/// The lines of a drawn screen marked as the selected DNS record.
fn marked(screen: &str) -> Vec<String> {
    screen.lines().filter(|l| l.starts_with("│▸ ")).map(str::to_owned).collect()
}

#[tokio::test]
async fn no_dns_record_is_selected_until_the_records_are_in_view() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = account(language).await;
        open(&mut h, "example.vn").await;
        let small = h.screen_text(80, 24);
        assert!(marked(&small).is_empty(), "the records are below the view: none marked\n{small}");
        let hints = small.lines().nth(22).unwrap();
        let (edit, delete) = if language == Language::English { ("c edit", "x delete") } else { ("c sửa", "x xóa") };
        assert!(!hints.contains(edit) && !hints.contains(delete), "nor offered: {hints}");
        // `x` sends nothing and says how to get there.
        h.key(KeyCode::Char('x')).await;
        assert!(h.app.profile().confirmation.is_none(), "nothing to confirm for a record never seen");
        let said = h.app.profile().info.clone().unwrap_or_default();
        assert!(said.contains('↓'), "{said}");
        assert_screens!(h, format!("detail_before_the_records_{language:?}"));
        // Drawn at 80×24 again, ↓ brings the record under the cursor into view, selected.
        h.render(80, 24);
        h.key(KeyCode::Down).await;
        let small = h.screen_text(80, 24);
        assert_eq!(marked(&small).len(), 1, "{small}");
        assert!(marked(&small)[0].contains("103.151.64.248"), "the first record, not the second: {small}");
        let hints = small.lines().nth(22).unwrap();
        assert!(hints.contains(edit) && hints.contains(delete), "{hints}");
        // On a roomy terminal the records are in view at once.
        open(&mut h, "example.vn").await;
        let roomy = h.screen_text(120, 40);
        assert_eq!(marked(&roomy).len(), 1, "{roomy}");
    }
}

#[tokio::test]
async fn a_record_added_is_selected_and_in_view_where_the_records_are_kept() {
    // A registration's own records, and a registration whose records a hosted zone keeps.
    for (name, host) in [("example.vn", "eighty"), ("dulichdalat.com", "tamtam")] {
        let mut h = Harness::whole_account().await;
        open(&mut h, name).await;
        h.render(80, 24);
        h.add_record(host, None, "203.0.113.80").await;
        h.render(80, 24);
        h.key(KeyCode::Char('y')).await;
        let shown = h.screen_text(80, 24);
        let marked = marked(&shown);
        assert_eq!(marked.len(), 1, "{shown}");
        assert!(marked[0].contains(host) && marked[0].contains("203.0.113.80"), "{name}: {shown}");
    }
}

#[test]
fn a_long_message_goes_on_over_a_second_row_and_e_shows_it_whole() {
    for language in [Language::English, Language::Vietnamese] {
        let mut built = Built::on(Screen::Account);
        built.app.profile_mut().language = language;
        let said = match language {
            Language::English => {
                "www.example.vn is a host under your domain example.vn — add a DNS record there instead of looking it up"
            }
            Language::Vietnamese => {
                "www.example.vn thuộc tên miền example.vn của bạn — hãy thêm bản ghi DNS ở đó thay vì tra cứu nó"
            }
        };
        built.app.profile_mut().info = Some(said.to_owned());
        let shown = text(&built.render(80, 24));
        let rows: Vec<&str> = shown.lines().collect();
        let status = format!("{} {}", rows[22].trim(), rows[23].trim());
        assert!(status.ends_with(said.rsplit(' ').next().unwrap()), "the end of the message is seen:\n{shown}");
        assert!(!status.contains('…'), "{shown}");
        insta::assert_snapshot!(format!("long_message_{language:?}_80x24"), shown);
        let _ = built.app.update(Msg::Key(crossterm::event::KeyEvent::from(KeyCode::Char('e'))));
        let popup = text(&built.render(80, 24));
        assert!(popup.contains(&said.chars().take(20).collect::<String>()), "{popup}");
        // A short message keeps one row and the session beside it.
        built.app.shell.popup = None;
        built.app.profile_mut().info = Some("ok".to_owned());
        let _ = built.render(80, 24);
        assert_eq!(built.app.status_rows(), 1);
    }
}

#[tokio::test]
async fn a_long_message_takes_its_second_row_while_the_spinner_runs() {
    let mut h = account(Language::English).await;
    let said = "www.example.vn is a host under your domain example.vn — add a record there";
    // A refresh asked and not yet answered: the spinner shows beside the message.
    let _in_flight = h.press(KeyCode::Char('r'));
    assert!(h.app.is_busy());
    h.app.shell.spinner = 3;
    h.app.profile_mut().info = Some(said.to_owned());
    let shown = h.screen_text(80, 24);
    let rows: Vec<&str> = shown.lines().collect();
    assert!(rows[22].contains("working…"), "the spinner is on the status line:\n{shown}");
    let status = format!("{} {}", rows[22].trim(), rows[23].trim());
    assert!(status.ends_with("there"), "the end of the message is seen:\n{shown}");
    assert!(!status.replace("working…", "").contains('…'), "nothing cut:\n{shown}");
    assert_eq!(h.app.status_rows(), 2);
}

#[tokio::test]
async fn the_radars_reasons_are_never_cut_at_80_columns() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = account(language).await;
        h.key(KeyCode::Char('7')).await;
        let shown = h.screen_text(80, 24);
        let attention = shown.lines().filter(|l| l.starts_with("│! ")).collect::<Vec<_>>();
        assert!(attention.len() > 10, "{shown}");
        let cut = |l: &&&str| l.trim_end_matches(['│', '█']).ends_with('…');
        assert!(!attention.iter().any(|l| cut(&l)), "no flagged row's reason cut:\n{shown}");
        let whole = if language == Language::English {
            "expires soon, no autorenew"
        } else {
            "sắp hết hạn, không tự gia hạn"
        };
        assert!(shown.contains(whole), "{shown}");
        assert_screens!(h, format!("radar_{language:?}"));
    }
}

#[tokio::test]
async fn a_certificates_domain_is_never_cut_while_another_column_has_room() {
    let mut h = account(Language::English).await;
    h.key(KeyCode::Char('5')).await;
    let browse = &mut h.app.profile_mut().screens.certificates.browse;
    let mut items = browse.items.clone();
    let at = items.iter().position(|c| c.service.domain == "phosaigon.vn").unwrap();
    items[at].service.domain = "datve.dulich-hue.com.vn".into();
    browse.set_items(items);
    let roomy = h.screen_text(100, 30);
    assert!(roomy.contains("datve.dulich-hue.com.vn "), "{roomy}");
    let small = h.screen_text(80, 24);
    assert!(small.contains("datve.dulich-hue.com.vn ") || small.contains("datve.du…hue.com.vn"), "{small}");
    assert!(!small.contains("datve.dulich-hue.c…"), "a domain is cut in its middle: {small}");
    let narrow = h.screen_text(64, 24);
    let row = narrow.lines().find(|l| l.contains("datve.")).expect("the certificate");
    let domain = row.split_whitespace().nth(1).unwrap();
    assert!(domain.contains('…') && domain.ends_with(".com.vn"), "cut in its middle, its end kept: {narrow}");
}

#[tokio::test]
async fn enter_after_a_refused_paste_in_the_ttl_lists_the_problems() {
    // A hosted zone's record: it takes a TTL (a registrar's asks none).
    let mut h = Harness::whole_account().await;
    open(&mut h, "comtamsaigon.vn").await;
    let to_ttl = async |h: &mut Harness| {
        h.key(KeyCode::Char('n')).await;
        for _ in 0..3 {
            h.key(KeyCode::Tab).await;
        }
    };
    let error = |h: &Harness| h.app.profile().screens.domains.form.as_ref().and_then(|f| f.error.clone());
    // A fresh form, Enter: its problems.
    to_ttl(&mut h).await;
    h.key(KeyCode::Enter).await;
    let fresh = error(&h).expect("a fresh form lists its problems");
    h.key(KeyCode::Esc).await;
    // The same after a paste the TTL refuses.
    to_ttl(&mut h).await;
    let _ = h.app.update(Msg::Paste("1h".to_owned()));
    assert!(h.screen_text(80, 24).contains("1h"), "the paste is refused, said so");
    h.key(KeyCode::Enter).await;
    assert_eq!(error(&h).as_deref(), Some(fresh.as_str()));
    let shown = h.screen_text(80, 24);
    let first = fresh.lines().next().unwrap().chars().take(30).collect::<String>();
    assert!(shown.contains(&first) && !shown.contains("1h"), "the problems are shown:\n{shown}");
    insta::assert_snapshot!("refused_paste_then_enter_80x24", shown);
}

#[test]
fn the_tab_row_names_every_tab_in_full_or_every_tab_short() {
    for language in [Language::English, Language::Vietnamese] {
        for (width, height) in [(80, 24), (100, 30), (120, 40), (160, 40)] {
            let mut built = Built::on(Screen::Radar);
            built.app.profile_mut().language = language;
            let row = built.app.top_row(width);
            // Only the tabs whose short name differs tell.
            let differ = |s: &Screen| s.title(language) != s.short_title(language);
            let named = |s: &Screen, name: &str| row.tabs.iter().any(|(t, x)| t == s && x.trim().ends_with(name));
            let full = Screen::TABS.iter().filter(|s| differ(s) && named(s, s.title(language))).count();
            let short = Screen::TABS.iter().filter(|s| differ(s) && named(s, s.short_title(language))).count();
            assert!(full == 0 || short == 0, "{language:?} at {width}: {:?}", row.tabs);
            let top = text(&built.render(width, height)).lines().next().unwrap().to_owned();
            assert!(top.starts_with(" 1"), "{top}");
        }
    }
    let mut built = Built::on(Screen::Radar);
    let top = text(&built.render(130, 40)).lines().next().unwrap().to_owned();
    assert!(top.contains("1 Account 2 Domains 3 Services 4 Invoices 5 Certificates"), "in full at 130: {top}");
    assert!(top.contains("0 Overview $ Plan"), "the Plan with its key: {top}");
    let top = text(&built.render(80, 24)).lines().next().unwrap().to_owned();
    assert!(top.starts_with(" 1Acct 2Dom ") && top.contains("0All $Plan"), "short, the key beside: {top}");
}

#[tokio::test]
async fn headers_in_words_where_there_is_room_and_group_counts_always_seen() {
    let mut h = account(Language::Vietnamese).await;
    h.key(KeyCode::Char('0')).await;
    let overview = h.screen_text(80, 24);
    assert!(overview.contains("HẾT HẠN") && overview.contains("PHIẾU"), "in words where they fit: {overview}");
    assert!(
        !overview.contains("Theo dõi") && !overview.contains("theo dõi của nó"),
        "the radar is not watching: {overview}"
    );
    h.key(KeyCode::Char('2')).await;
    let domains = h.screen_text(80, 24);
    assert!(domains.contains("▾ Đang hoạt động (7)") && domains.contains("▾ Hết hạn (2)"), "{domains}");
    h.key(KeyCode::Char('3')).await;
    let services = h.screen_text(80, 24);
    assert!(services.contains("▾ Đang hoạt động (5)"), "{services}");
}

#[tokio::test]
async fn help_says_what_a_key_does_where_it_is_pressed() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    let enter = |h: &Harness| h.app.help_rows().into_iter().find(|(k, _)| k.starts_with("Enter")).unwrap().1;
    assert_eq!(enter(&h), "open the record", "on the list it opens one");
    open(&mut h, "example.vn").await;
    assert_eq!(enter(&h), "change the selected DNS record", "in a detail it changes the record");
    let copy = |h: &Harness| h.app.help_rows().into_iter().find(|(k, _)| k == "y").unwrap().1;
    // Offered once the transfer code is shown.
    let rows = h.app.help_rows();
    let at = rows.iter().position(|(k, _)| k == "y").unwrap();
    assert_eq!(rows[at + 1], (String::new(), "↳ not here: the transfer code is not shown yet".to_owned()));
    h.key(KeyCode::Char('E')).await;
    h.app.shell.inside_tmux = false;
    assert_eq!(copy(&h), "copy the transfer code shown (OSC 52)");
    h.app.shell.inside_tmux = true;
    assert_eq!(copy(&h), "copy the transfer code shown (to tmux's paste buffer)");
    h.key(KeyCode::Char('?')).await;
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("Enter      change the selected DNS record"), "{shown}");
}

#[tokio::test]
async fn help_puts_what_the_screen_says_before_what_every_screen_has() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('7')).await;
    let rows = h.app.help_rows();
    let at = |key: &str| rows.iter().position(|(k, _)| k == key).unwrap_or_else(|| panic!("{key}: {rows:?}"));
    assert_eq!(rows[at("Enter")].1, "show the item on its screen");
    assert!(at("Enter") < at("q/Ctrl-C"), "the radar's keys first: {rows:?}");
    assert_eq!(&rows[..2].iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), &["Enter", "r"]);
    // Nothing on this radar is watched: `d` is listed last, with why it does nothing.
    assert_eq!(rows[at("d")].1, "stop watching the selected item");
    assert_eq!(rows[at("d") + 1], (String::new(), "↳ not here: it is not watched".to_owned()));
    assert_eq!(at("d"), rows.len() - 2);
    h.key(KeyCode::Char('?')).await;
    let shown = h.screen_text(80, 24);
    let first = shown.lines().nth(1).unwrap_or_default();
    assert!(first.contains(" Enter ") && shown.contains("Enter      show the item on its screen"), "{shown}");
}

/// A key's words longer than the help at 80 columns end in an ellipsis, never cut bare.
#[tokio::test]
async fn help_too_long_for_the_screen_ends_in_an_ellipsis() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    h.key(KeyCode::Char('?')).await;
    let shown = h.screen_text(80, 24);
    let cancel = shown.lines().find(|l| l.contains(" x ")).unwrap_or_else(|| panic!("{shown}"));
    assert!(cancel.contains("billing period or now (a") && cancel.contains('…'), "{cancel}");
    let short = shown.lines().find(|l| l.contains("open the service")).unwrap_or_default();
    assert!(!short.contains('…'), "{short}");
}

#[tokio::test]
async fn the_dns_records_columns_stay_aligned_and_a_long_value_ends_in_an_ellipsis() {
    let mut h = Harness::whole_account().await;
    open(&mut h, "example.vn").await;
    let dkim = format!("v=DKIM1; k=rsa; p={}", "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA".repeat(3));
    h.add_record("selector1._domainkey.mail.marketing", Some('T'), &dkim).await;
    h.key(KeyCode::Char('y')).await;
    h.add_record("mx0", Some('M'), "mail.example.vn").await;
    let form = h.app.profile_mut().screens.domains.form.as_mut().expect("an MX asks a priority");
    form.priority = tui_input::Input::new("0".into());
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    for language in [Language::English, Language::Vietnamese] {
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        let shown = h.screen_text(80, 24);
        let records: Vec<&str> =
            shown.lines().filter(|l| l.starts_with("│") && (l.contains(" TXT ") || l.contains(" MX "))).collect();
        let column = |l: &str, at: usize| l[..at].chars().count();
        let type_at: Vec<usize> =
            records.iter().map(|l| column(l, l.find(" TXT ").or(l.find(" MX ")).unwrap())).collect();
        assert!(type_at.windows(2).all(|w| w[0] == w[1]), "the types line up:\n{shown}");
        let dkim_line =
            records.iter().find(|l| l.contains("DKIM1")).unwrap_or_else(|| panic!("the DKIM record:\n{shown}"));
        assert!(dkim_line.contains("…"), "cut with an ellipsis: {dkim_line}");
        assert!(dkim_line.contains("selector1._…il.marketing TXT"), "a long host cut in its middle: {dkim_line}");
        let mx0 = records.iter().find(|l| l.contains("mail.example.vn") && l.contains("mx0")).expect("the MX");
        assert!(mx0.contains(" MX    0 mail.example.vn"), "an MX's priority 0 is shown: {mx0}");
        assert!(!shown.lines().any(|l| l.contains(" A ") && l.contains(" 0 103.")), "none for an A");
    }
}

#[test]
fn a_list_of_hosted_zones_only_says_how_many_zones() {
    use portal_tui::api::models::Zone;
    use portal_tui::app::screens::domains::Zones;
    for language in [Language::English, Language::Vietnamese] {
        let mut built = Built::on(Screen::Domains);
        built.app.profile_mut().language = language;
        let zone =
            Zone { zone_id: "62".into(), name: "comtamsaigon.vn".into(), service_id: "2230".into(), ..Zone::default() };
        built.app.profile_mut().screens.domains.set_zones(Zones::Listed(vec![zone]));
        let shown = text(&built.render(80, 24));
        assert!(!shown.contains("0 looked up") && !shown.contains("đã tra 0"), "{shown}");
        let title = if language == Language::English { "hosted DNS zones: 1" } else { "vùng DNS: 1" };
        assert!(shown.contains(title), "{shown}");
    }
}

/// Help's rows as `key: words`, one a line.
fn help(h: &Harness) -> String {
    h.app.help_rows().into_iter().map(|(k, w)| format!("{k}: {w}\n")).collect()
}

/// Help's row of `key`, with the row under it saying why it does nothing here, if one.
fn help_row(h: &Harness, key: &str) -> String {
    let rows = h.app.help_rows();
    let at = rows.iter().position(|(k, _)| k == key).unwrap_or_else(|| panic!("{key}: {}", help(h)));
    match rows.get(at + 1) {
        Some((k, why)) if k.is_empty() => format!("{} {why}", rows[at].1),
        _ => rows[at].1.clone(),
    }
}

#[tokio::test]
async fn help_offers_what_the_hint_line_offers_and_says_why_the_rest_does_nothing_here() {
    for language in [Language::English, Language::Vietnamese] {
        let not_here = if language == Language::English { " ↳ not here: " } else { " ↳ không dùng ở đây: " };
        let mut h = account(language).await;
        // A cancelled invoice's detail: `c` pays nothing, Enter opens nothing.
        h.key(KeyCode::Char('4')).await;
        assert!(h.app.profile_mut().screens.invoices.browse.select_id("90288"));
        h.key(KeyCode::Enter).await;
        let hints = h.screen_text(80, 24).lines().nth(22).unwrap().to_owned();
        assert!(!hints.contains(" c "), "{hints}");
        let pay = help_row(&h, "c");
        let (why_pay, why_open) = match language {
            Language::English => ("only an unpaid invoice is paid", "on the list (Esc goes back to it)"),
            Language::Vietnamese => ("hóa đơn này không cần thanh toán", "chỉ trên danh sách (Esc để quay lại)"),
        };
        assert!(pay.contains(not_here) && pay.contains(why_pay), "{pay}");
        let enter = help_row(&h, "Enter");
        assert!(enter.contains(not_here) && enter.contains(why_open), "{enter}");
        // What the hint line offers is offered, first, not marked.
        let rows = h.app.help_rows();
        assert!(rows[0].0 == "Esc" && !rows[0].1.contains(not_here), "{}", help(&h));
        assert!(!help_row(&h, "r").contains(not_here));
        h.key(KeyCode::Char('?')).await;
        h.render(80, 24);
        h.key(KeyCode::End).await;
        let end = h.screen_text(80, 24);
        assert!(end.contains(not_here.trim()), "the last rows, marked:\n{end}");
        insta::assert_snapshot!(format!("help_cancelled_invoice_{language:?}_80x24"), end);
        h.key(KeyCode::Esc).await;
        // An unpaid one's detail offers `c`.
        h.key(KeyCode::Esc).await;
        assert!(h.app.profile_mut().screens.invoices.browse.select_id("90412"));
        h.key(KeyCode::Enter).await;
        assert!(!help_row(&h, "c").contains(not_here), "{}", help(&h));
        // A domain's detail: no lookup nor filter there; `a` watches it, until it is watched.
        open(&mut h, "example.vn").await;
        for key in ["/", "f"] {
            let row = help_row(&h, key);
            assert!(row.contains(not_here) && row.contains(why_open), "{key}: {row}");
        }
        assert!(!help_row(&h, "a").contains(not_here) && help_row(&h, "d").contains(not_here));
        h.key(KeyCode::Char('a')).await;
        let watched =
            if language == Language::English { "it is watched already" } else { "mục này đã được theo dõi" };
        assert!(help_row(&h, "a").ends_with(watched), "{}", help(&h));
        assert!(!help_row(&h, "d").contains(not_here), "{}", help(&h));
        // The records are below the view at 80×24: `c` and `x` say how to reach one.
        h.render(80, 24);
        let why = if language == Language::English {
            "no DNS record selected (↓"
        } else {
            "chưa chọn bản ghi DNS (↓"
        };
        for key in ["c", "x/Delete"] {
            let row = help_row(&h, key);
            assert!(row.contains(not_here) && row.contains(why), "{key}: {row}");
        }
        assert!(!help_row(&h, "n").contains(not_here));
        // On the list, `/` looks up and the detail's keys say where they work.
        h.key(KeyCode::Esc).await;
        assert!(!help_row(&h, "/").contains(not_here));
        let renew = help_row(&h, "R");
        let why = if language == Language::English {
            "in an entry's detail (Enter opens"
        } else {
            "trong chi tiết một mục (Enter để mở)"
        };
        assert!(renew.contains(why), "{renew}");
    }
}

/// The list's rows (between the border and the header) that hold an ellipsis.
fn cut_rows(screen: &str) -> Vec<String> {
    screen.lines().skip(3).take(19).filter(|l| l.contains('…')).map(str::to_owned).collect()
}

/// The widest gap of blanks between two cells of a row (a column with room to give).
fn widest_gap(row: &str) -> usize {
    let inner = row.trim_matches(['│', '█']).trim_end();
    inner.split(|c: char| c != ' ').map(str::len).max().unwrap_or(0)
}

#[tokio::test]
async fn a_services_name_is_never_cut_while_another_column_has_room() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = account(language).await;
        h.key(KeyCode::Char('3')).await;
        let shown = h.screen_text(80, 24);
        for row in cut_rows(&shown) {
            assert!(widest_gap(&row) <= 2, "{language:?}: cut while a column has room:\n{shown}");
        }
        assert!(
            shown.contains("Hosting Doanh nghiệp (banhmihoian.com.vn)"),
            "{language:?}: whole at 80 columns:\n{shown}"
        );
        insta::assert_snapshot!(format!("services_list_{language:?}_80x24"), shown);
        // The cancel confirmation names it whole too.
        assert!(h.app.profile_mut().screens.services.browse.select_id("2208"));
        h.key(KeyCode::Char('x')).await;
        h.keys("Khong can nua").await;
        h.key(KeyCode::Enter).await;
        h.key(KeyCode::Enter).await;
        h.keys("banhmihoian.com.vn").await;
        h.key(KeyCode::Enter).await;
        assert!(h.app.profile().confirmation.is_some());
        let shown = h.screen_text(80, 24);
        assert!(
            shown.contains("Hosting Doanh nghiệp (banhmihoian.com.vn)"),
            "{language:?}: in the confirmation:\n{shown}"
        );
        insta::assert_snapshot!(format!("services_cancel_confirm_{language:?}_80x24"), shown);
    }
}
