//! What the dashboard says is true: a list that failed says so where it would be, a field
//! the portal did not send is not shown as "off", the hints offer what works, and what
//! came of a change names the record it is about.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::Screen;
use portal_tui::demo::{DemoOptions, Fault, FaultRule};
use support::harness::Harness;

/// Signed in to a portal whose lists answer with a proxy's 502 page, every time.
async fn lists_failing() -> Harness {
    let mut faults: Vec<_> =
        ["/domain", "/service", "/invoice", "/tickets"].map(|path| FaultRule::on(Fault::Html502, path)).into();
    // No hosted DNS zones either: the domain list is all the Domains screen would show.
    faults.push(FaultRule::on(Fault::NotFound, "/dns"));
    let mut h = Harness::with_options(DemoOptions { faults, ..DemoOptions::default() }).await;
    let commands = h.app.start();
    h.run(commands).await;
    h
}

#[tokio::test]
async fn a_list_that_failed_says_why_where_it_would_be_and_the_key_to_try_again() {
    let mut h = lists_failing().await;
    let screens = [
        ('2', Screen::Domains, "domain list failed"),
        ('3', Screen::Services, "service list failed"),
        ('4', Screen::Invoices, "invoice list failed"),
        ('9', Screen::Tickets, "support ticket list failed"),
    ];
    for (digit, screen, failed) in screens {
        h.key(KeyCode::Char(digit)).await;
        assert_eq!(h.app.profile().screen, screen);
        // The status line moves on (Esc clears it): the screen still says what happened.
        h.key(KeyCode::Esc).await;
        assert_eq!(h.app.profile().error, None);
        for (w, ht) in [(80, 24), (120, 40)] {
            let text = h.screen_text(w, ht);
            assert!(text.contains(failed) && text.contains("502 Bad Gateway"), "{text}");
            assert!(text.contains("r tries again."), "{text}");
            assert!(!text.contains("Not fetched yet") && !text.contains("No domain looked up yet"), "{text}");
        }
    }
    // The domains screen still says how to look one name up.
    h.key(KeyCode::Char('2')).await;
    assert!(h.screen_text(80, 24).contains("Press / and type a domain name"));

    // `r` tries again; once the portal answers, the list is shown and the failure is gone.
    h.demo.set_faults(Vec::new());
    for (digit, _, failed) in screens {
        h.key(KeyCode::Char(digit)).await;
        h.key(KeyCode::Char('r')).await;
        let text = h.screen_text(120, 40);
        assert!(!text.contains(failed) && !text.contains("tries again"), "{text}");
        assert!(text.contains("Enter opens"), "{text}");
    }
}

#[tokio::test]
async fn a_list_shown_whose_refresh_failed_says_so_under_it() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/service")]);
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Esc).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("Starter Hosting") || text.contains("Cloud VPS"), "the list stays: {text}");
    assert!(text.contains("⚠ r tries again · service list failed: portal answered 502 Bad Gateway"), "{text}");
    let text = h.screen_text(80, 24);
    assert!(text.contains("└ ⚠ r tries again · service list failed: portal answered 502 Bad"), "{text}");
    h.demo.set_faults(Vec::new());
    h.key(KeyCode::Char('r')).await;
    assert!(!h.screen_text(120, 40).contains("service list failed"));
}

#[tokio::test]
async fn a_failed_list_is_said_in_vietnamese_too() {
    let mut h = lists_failing().await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Esc).await;
    let text = h.screen_text(80, 24);
    assert!(text.contains("danh sách hóa đơn thất bại") && text.contains("Nhấn r để thử lại."), "{text}");
}

/// The IDP cell of `name`'s row on the domains screen.
fn idp_cell(text: &str, name: &str) -> String {
    let row = text.lines().find(|l| l.contains(&format!("  {name} "))).unwrap_or_else(|| panic!("{name}: {text}"));
    // NAME STATUS EXPIRES LEFT AUTO IDP RENEWAL: the sixth and fifth words from the end.
    let words: Vec<&str> = row.trim_matches('│').split_whitespace().collect();
    // The last two are the renewal amount and its currency.
    words[words.len() - 3].to_owned()
}

#[tokio::test]
async fn a_setting_the_list_does_not_carry_reads_unknown_and_what_the_detail_said_stays() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    // `GET /domain` has no ID protection: not "off".
    let text = h.screen_text(120, 40);
    assert_eq!(idp_cell(&text, "caphesuada.vn"), "—", "{text}");
    assert!(h.app.profile_mut().screens.domains.select_id("5142"));
    h.key(KeyCode::Enter).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("ID protection   on "), "the details say it: {text}");
    h.key(KeyCode::Esc).await;
    assert_eq!(idp_cell(&h.screen_text(120, 40), "caphesuada.vn"), "on");
    // Reading the list again loses nothing its answer does not carry.
    h.key(KeyCode::Char('r')).await;
    let text = h.screen_text(120, 40);
    assert_eq!(idp_cell(&text, "caphesuada.vn"), "on", "{text}");
    assert_eq!(idp_cell(&text, "phosaigon.vn"), "—", "{text}");
    // `I` on a registration whose setting is not known changes nothing and says why.
    let record = h.app.profile_mut().screens.domains.records.iter_mut().find(|r| r.id == "5120").unwrap();
    assert_eq!(record.idprotection, None);
    assert!(h.app.profile_mut().screens.domains.select_id("5120"));
    h.app.profile_mut().not_offered.insert(portal_tui::api::Operation::DomainDetails);
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('I')).await;
    assert!(h.app.profile().confirmation.is_none(), "nothing is put up");
    let info = h.app.profile().info.clone().unwrap_or_default();
    assert!(info.contains("has not said whether ID protection of phosaigon.vn is on"), "{info}");
}

#[tokio::test]
async fn the_domains_command_leaves_out_what_the_list_does_not_carry() {
    let demo = support::demo().await;
    let state = tempfile::tempdir().unwrap();
    let mut cmd = support::cli::as_demo_client(&demo, state.path());
    cmd.arg("domains");
    let out = support::cli::output(cmd).await;
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    let row = text.lines().find(|l| l.trim_start().starts_with("caphesuada.vn ")).unwrap_or_else(|| panic!("{text}"));
    let words: Vec<&str> = row.split_whitespace().collect();
    // NAME ID EXPIRES LEFT AUTORENEW RENEWAL: the list says neither ID protection nor the
    // nameservers, and no column stands for them ("no" would be untrue, "—" says nothing).
    assert_eq!(words[4..], ["no", "480,000", "VND"], "autorenew is listed: {row}");
    assert!(!text.contains("ID PROTECT") && !text.contains("NAMESERVERS"), "{text}");
}

#[tokio::test]
async fn q_quits_while_signing_in() {
    use portal_tui::app::{Command, Msg};
    let mut h = Harness::new().await;
    // The sign-in is on its way (its answer not taken yet): the form says so.
    let commands = h.app.start();
    h.send(commands);
    assert!(h.app.login_activity().is_some_and(|said| said.starts_with("Signing in")));
    use crossterm::event::{KeyEvent, KeyModifiers};
    let q = h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)));
    assert!(matches!(q[..], [Command::Quit]), "{q:?}");
    let ctrl_c = h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert!(matches!(ctrl_c[..], [Command::Quit]), "{ctrl_c:?}");
    // Other keys are not typed into the form meanwhile.
    let before = h.app.profile().login.email.value().to_owned();
    h.app.update(Msg::Key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE)));
    assert_eq!(h.app.profile().login.email.value(), before);
}

/// The hint line's last row but two: what the screen offers.
fn hint_line(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len() - 2].to_owned()
}

#[tokio::test]
async fn the_hints_offer_what_works_on_the_item_shown() {
    let watching = portal_tui::radar::Watchlist { domains: vec!["phosaigon.vn".into()], ..Default::default() };
    let mut h = Harness::with_options(DemoOptions::default()).await.watching(watching, None);
    let commands = h.app.start();
    h.run(commands).await;
    // A single profile: nothing to switch to.
    assert_eq!(h.app.profile().screen, Screen::Radar);
    let hints = hint_line(&h.screen_text(120, 40));
    assert!(!hints.contains("profile"), "{hints}");
    // The radar's first item is a domain not watched (nhasachhanoi.vn, expired): no
    // `unwatch`; the watched one offers it.
    assert_eq!(h.app.profile().screens.radar.items[0].name, "nhasachhanoi.vn");
    assert!(!hint_line(&h.screen_text(120, 40)).contains("unwatch"));
    let at = h.app.profile().screens.radar.items.iter().position(|i| i.id == "5120").unwrap();
    h.app.profile_mut().screens.radar.selected = at;
    assert!(hint_line(&h.screen_text(120, 40)).contains("d unwatch"));
    // On the domains screen: `d unwatch` on the watched name, `a watch` on the others.
    h.key(KeyCode::Char('2')).await;
    assert!(h.app.profile_mut().screens.domains.select_id("5120"));
    let hints = hint_line(&h.screen_text(120, 40));
    assert!(hints.contains("d unwatch") && !hints.contains("a watch"), "{hints}");
    assert!(h.app.profile_mut().screens.domains.select_id("5142"));
    let hints = hint_line(&h.screen_text(120, 40));
    assert!(hints.contains("a watch") && !hints.contains("unwatch"), "{hints}");
    h.key(KeyCode::Char('a')).await;
    assert!(hint_line(&h.screen_text(120, 40)).contains("d unwatch"), "watched now");
    // Services: `c certificate` only on an SSL service.
    h.key(KeyCode::Char('3')).await;
    let services = &h.app.profile().screens.services.browse.items;
    let vps = services.iter().find(|s| s.name.contains("VPS")).unwrap().id.to_string();
    let ssl = services.iter().find(|s| s.is_certificate()).unwrap().id.to_string();
    assert!(h.app.profile_mut().screens.services.browse.select_id(&vps));
    let hints = hint_line(&h.screen_text(120, 40));
    assert!(hints.contains("u upgrades") && !hints.contains("certificate"), "{hints}");
    assert!(h.app.profile_mut().screens.services.browse.select_id(&ssl));
    assert!(hint_line(&h.screen_text(120, 40)).contains("c certificate"));
}

#[tokio::test]
async fn the_status_line_and_the_log_mark_what_was_done_failed_or_is_only_said() {
    use portal_tui::app::{LogEntry, Said};
    let mut h = Harness::whole_account().await;
    // A retry, then the answer: information, never a success.
    h.key(KeyCode::Char('2')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain").times(1)]);
    h.key(KeyCode::Char('r')).await;
    let said = |h: &Harness, text: &str| {
        h.app.shell.log.entries.iter().find_map(|e| match e {
            LogEntry::Message { text: t, said, .. } if t.contains(text) => Some(*said),
            _ => None,
        })
    };
    assert_eq!(said(&h, "retrying (2/3)"), Some(Said::Info));
    // Something done: a copy.
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Char('j')).await;
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('y')).await;
    let text = h.screen_text(100, 30);
    assert!(text.contains("✓ sent to the terminal clipboard"), "{text}");
    assert_eq!(said(&h, "sent to the terminal clipboard"), Some(Said::Done));
    // What the tool refuses or explains: information.
    h.key(KeyCode::Char('3')).await;
    let vps = h.app.profile().screens.services.browse.items.iter().find(|s| s.name.contains("VPS")).unwrap();
    let vps = vps.id.to_string();
    assert!(h.app.profile_mut().screens.services.browse.select_id(&vps));
    h.key(KeyCode::Char('c')).await;
    let text = h.screen_text(100, 30);
    assert!(text.contains("ℹ Cloud VPS") && text.contains("is not an SSL service"), "{text}");
    // A failure.
    h.demo.set_faults(vec![FaultRule::on(Fault::Html500, "/service")]);
    h.key(KeyCode::Char('r')).await;
    let text = h.screen_text(100, 30);
    assert!(text.contains("✗ service list failed"), "{text}");
    assert_eq!(said(&h, "service list failed"), Some(Said::Failed));
    // The log shows the same marks.
    h.key(KeyCode::Char('8')).await;
    let text = h.screen_text(160, 40);
    for line in ["✗ service list failed", "ℹ Cloud VPS", "✓ sent to the terminal clipboard", "ℹ retrying (2/3)"]
    {
        assert!(text.contains(line), "{line} in {text}");
    }
}

#[tokio::test]
async fn a_service_that_has_ended_has_nothing_due() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    let terminal = h.render(120, 40);
    let text = support::screen::text(&terminal);
    let (y, row) = text.lines().enumerate().find(|(_, l)| l.contains("Hosting Cá nhân")).unwrap();
    assert!(!row.contains("late") && !row.contains("2026-10-12"), "{row}");
    assert!(row.contains(" — "), "{row}");
    // Nothing on its row is in the overdue colour.
    let buffer = terminal.backend().buffer();
    let theme = portal_tui::config::theme::Theme::ansi();
    assert!((0..120).all(|x| buffer[(x, y as u16)].fg != theme.expired.fg.unwrap()), "{row}");
    // Its detail says no date either.
    let id = h.app.profile().screens.services.browse.items.iter().find(|s| s.has_ended()).unwrap().id.to_string();
    assert!(h.app.profile_mut().screens.services.browse.select_id(&id));
    h.key(KeyCode::Enter).await;
    let text = h.screen_text(120, 40);
    let due = text.lines().find(|l| l.contains("Next due")).unwrap();
    assert!(due.contains("Next due") && due.contains("—") && !due.contains("ago"), "{due}");
    // A running service still has its due date and countdown.
    h.key(KeyCode::Esc).await;
    let text = h.screen_text(120, 40);
    let suspended = text.lines().find(|l| l.contains("Email Pro")).unwrap();
    assert!(suspended.contains("2026-11-15"), "the suspended one is still due: {suspended}");
}

#[tokio::test]
async fn upgrade_options_that_failed_leave_no_other_service_on_screen_to_order() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    assert_eq!(h.app.profile().screens.upgrades.service_id, Some(2207));
    // `u` on another service, whose options the portal cannot give now.
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/service/2208/upgrade")]);
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2208"));
    h.key(KeyCode::Char('u')).await;
    assert_eq!(h.app.profile().screen, Screen::Upgrades);
    h.key(KeyCode::Esc).await;
    for (w, ht) in [(80, 24), (120, 40)] {
        let text = h.screen_text(w, ht);
        assert!(!text.contains("#2207") && !text.contains("o order"), "{text}");
        assert!(text.contains("#2208: upgrade options failed: portal answered 502"), "{text}");
        assert!(text.contains("r tries again."), "{text}");
    }
    h.key(KeyCode::Char('o')).await;
    assert!(h.app.profile().confirmation.is_none());
    // `r` asks again for the service that failed.
    h.demo.set_faults(Vec::new());
    h.key(KeyCode::Char('r')).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("(banhmihoian.com.vn) #2208") && text.contains("o order"), "{text}");
}

/// On phosaigon.vn's detail, its DNS records read, in English or (`'v'`) Vietnamese.
async fn on_phosaigon(language: char) -> Harness {
    let mut h = Harness::whole_account().await;
    if language == 'v' {
        h.key(KeyCode::Char('L')).await;
    }
    h.key(KeyCode::Char('2')).await;
    assert!(h.app.profile_mut().screens.domains.select_id("5120"));
    h.key(KeyCode::Enter).await;
    h
}

/// On phosaigon.vn's detail, its DNS records read, a record typed into the form and put up
/// for confirmation.
async fn adding_a_record(language: char) -> Harness {
    let mut h = on_phosaigon(language).await;
    h.key(KeyCode::Char('n')).await;
    h.keys("vpn").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    h.keys("198.51.100.4").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some());
    h
}

/// The DNS record under the cursor of the open detail, as `host type content`.
fn selected_dns(h: &Harness) -> String {
    let view = &h.app.profile().screens.domains;
    let r = &view.listed_dns().unwrap()[view.dns_cursor];
    format!("{} {} {}", r.name, r.kind, r.content)
}

#[tokio::test]
async fn after_a_lost_answer_the_record_read_again_is_selected_and_said_to_be_there() {
    for language in ['e', 'v'] {
        let mut h = adding_a_record(language).await;
        h.demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5120/dns").method("POST").times(1)]);
        h.key(KeyCode::Char('y')).await;
        assert_eq!(selected_dns(&h), "vpn A 198.51.100.4", "the record the change made is selected");
        let text = h.screen_text(120, 40);
        let said = match language {
            'e' => "Read again: it is there now.",
            _ => "Đã đọc lại: thay đổi đã có trên cổng.",
        };
        assert!(h.app.profile().info.as_deref().unwrap_or_default().ends_with(said), "{:?}", h.app.profile().info);
        assert!(text.contains("ℹ ") && text.contains("▸ vpn"), "{text}");
    }
}

#[tokio::test]
async fn after_a_lost_answer_a_change_not_applied_is_said_not_to_be_there() {
    for language in ['e', 'v'] {
        let mut h = adding_a_record(language).await;
        let before = h.app.profile().screens.domains.listed_dns().unwrap().len();
        // A proxy's 502 to the change: the portal never had it.
        h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5120/dns").method("POST").times(1)]);
        h.key(KeyCode::Char('y')).await;
        assert_eq!(h.app.profile().screens.domains.listed_dns().unwrap().len(), before, "read again: not there");
        let said = match language {
            'e' => "Read again: it is not there, so it was not applied.",
            _ => "Đã đọc lại: thay đổi không có trên cổng, tức là chưa được áp dụng.",
        };
        let error = h.app.profile().error.clone().unwrap_or_default();
        assert!(error.ends_with(said), "{error}");
    }
}

/// On phosaigon.vn's detail, its DNS records read, the first one put up for deletion.
async fn deleting_a_record(language: char) -> (Harness, String) {
    let mut h = on_phosaigon(language).await;
    let first = selected_dns(&h);
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.profile().confirmation.is_some());
    (h, first)
}

fn listed_dns(h: &Harness) -> Vec<String> {
    let records = h.app.profile().screens.domains.listed_dns().unwrap();
    records.iter().map(|r| format!("{} {} {}", r.name, r.kind, r.content)).collect()
}

#[tokio::test]
async fn after_a_lost_answer_to_a_deletion_that_happened_the_record_is_said_to_be_gone() {
    for language in ['e', 'v'] {
        let (mut h, first) = deleting_a_record(language).await;
        // The portal deletes the record, then a proxy's 504 page stands in for its answer.
        h.demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5120/dns").method("DELETE").times(1)]);
        h.key(KeyCode::Char('y')).await;
        assert!(!listed_dns(&h).contains(&first), "read again: gone");
        let said = match language {
            'e' => "Read again: the record is gone now, so it was deleted.",
            _ => "Đã đọc lại: bản ghi không còn trên cổng, tức là đã được xóa.",
        };
        let info = h.app.profile().info.clone().unwrap_or_default();
        assert!(info.contains("the answer was unclear") || info.contains("câu trả lời không rõ"), "{info}");
        assert!(info.ends_with(said), "{info}");
        assert!(!info.contains("there now") && !info.contains("thay đổi đã có"), "{info}");
        assert_eq!(h.app.profile().error, None);
    }
}

#[tokio::test]
async fn after_a_lost_answer_to_a_deletion_that_did_not_happen_the_record_is_said_to_be_still_there() {
    for language in ['e', 'v'] {
        let (mut h, first) = deleting_a_record(language).await;
        let before = listed_dns(&h).len();
        // A proxy's 502 to the deletion: the portal never had it.
        h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5120/dns").method("DELETE").times(1)]);
        h.key(KeyCode::Char('y')).await;
        assert_eq!(listed_dns(&h).len(), before, "read again: still there");
        assert!(listed_dns(&h).contains(&first));
        let said = match language {
            'e' => "Read again: the record is still there, so it was not deleted.",
            _ => "Đã đọc lại: bản ghi vẫn còn trên cổng, tức là chưa được xóa.",
        };
        let error = h.app.profile().error.clone().unwrap_or_default();
        assert!(error.ends_with(said), "{error}");
        assert_eq!(h.app.profile().info, None);
    }
}

#[tokio::test]
async fn vietnamese_names_the_credit_as_english_does_and_translates_what_the_portal_words() {
    let mut h = Harness::whole_account().await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("Credit") && text.contains("Unpaid") && !text.contains("Credit line"), "{text}");
    h.key(KeyCode::Char('L')).await;
    let text = h.screen_text(120, 40);
    // The money to spend is "Số dư", what is owed "Còn nợ"; no credit line any more.
    assert!(text.contains("Số dư") && text.contains("Còn nợ") && !text.contains("Hạn mức"), "{text}");
    // A service's detail: its billing cycle in words of the language.
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    h.key(KeyCode::Enter).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("Hàng tháng") && !text.contains("Monthly"), "{text}");
    // The radar at 120 columns: kinds in words, statuses whole; at 80, the short forms.
    h.key(KeyCode::Char('7')).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("Chưa thanh toán 15/11/2026") && text.contains("hóa đơn "), "{text}");
    assert!(!text.contains(" hđ ") && !text.contains(" dv "), "{text}");
    // Days left in words where there is room, short where not.
    assert!(text.contains("15/11/2026 -6 ngày "), "{text}");
    let text = h.screen_text(80, 24);
    assert!(text.contains(" hđ ") && !text.contains("Chưa thanh toá…"), "{text}");
    assert!(text.contains("15/11/2026 -6 ng ") && !text.contains(" ngày "), "{text}");
    // The domain list's settings headed in words where there is room.
    h.key(KeyCode::Char('2')).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("TỰ GIA HẠN") && text.contains("ẨN THÔNG TIN"), "{text}");
    let text = h.screen_text(80, 24);
    assert!(text.contains("TỰ GH") && text.contains(" 12 ngày "), "days in words where they fit: {text}");
}

#[tokio::test]
async fn the_commands_speak_vietnamese_under_lang_vi() {
    let demo = support::demo().await;
    let state = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = support::cli::as_demo_client(&demo, state.path());
        cmd.args(["--lang", "vi"]).args(args);
        support::cli::output(cmd)
    };
    let out = run(&["services"]).await;
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Hàng tháng") && !text.contains("Monthly") && !text.contains("Annually"), "{text}");
    assert!(text.contains("HẠN THANH TOÁN") && !text.contains("HẠN TT"), "{text}");
    let out = run(&["certificate", "3301"]).await;
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("Annually") && !text.contains("Active") && !text.contains("Issued"), "{text}");
    let out = run(&["domain", "khong-co-that.vn"]).await;
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(error.starts_with("lỗi: tra cứu tên miền thất bại: cổng báo: "), "{error}");
    let out = run(&["dns"]).await;
    let error = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(error.contains("dns cần một tên miền"), "{error}");
}

#[tokio::test]
async fn e_without_an_error_shows_the_last_message_and_without_any_says_so() {
    let mut h = Harness::whole_account().await;
    assert_eq!(h.app.last_message(), None);
    h.key(KeyCode::Char('e')).await;
    assert_eq!(h.app.shell.popup, None);
    let text = h.screen_text(120, 40);
    assert!(text.contains("ℹ No message to show yet: the Log (8) has every message of this run."), "{text}");
    // A message gone from the status line is still the last one.
    h.keys("2").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char('a')).await;
    let (watching, said) = h.app.last_message().expect("watching is said");
    assert!(watching.starts_with("watching "), "{watching}");
    h.app.profile_mut().info = None;
    assert_eq!(h.app.last_message(), Some((watching.clone(), said)), "the log keeps it");
    h.key(KeyCode::Char('e')).await;
    assert_eq!(h.app.shell.popup, Some(portal_tui::app::Popup::Error));
    let text = h.screen_text(120, 40);
    assert!(text.contains(" Message ") && text.contains(&format!("✓ {}", &watching[..30])), "{text}");
}

#[test]
fn the_first_run_hint_never_splits_a_flag_across_lines() {
    use portal_tui::api::Language;
    use portal_tui::i18n::Text;
    for language in [Language::English, Language::Vietnamese] {
        for long in 0..40 {
            let path = format!("/home/{}/.config/portal-tui/config.toml", "a".repeat(long));
            let mut built = support::screen::Built::on(Screen::Login);
            built.app.profile_mut().language = language;
            built.app.profile_mut().login.hint = Some(Text::FirstRun.fill(language, &[("path", &path)]));
            for (w, ht) in [(80, 24), (120, 40)] {
                let text = support::screen::text(&built.render(w, ht));
                for flag in ["--print-default-config", "--demo"] {
                    assert!(text.contains(flag), "{flag} whole at {w}×{ht}, path {long}:\n{text}");
                }
            }
        }
    }
}

#[tokio::test]
async fn few_sign_ins_left_are_said_on_the_status_line() {
    // Six logins a window: signing in with JWT leaves five, said with the time to wait.
    let h = Harness::with_options(DemoOptions { login_limit: 6, ..DemoOptions::default() }).await;
    let jwt = portal_tui::config::settings::Partial {
        auth: portal_tui::api::AuthMethod::Jwt,
        ..h.demo_profile("work", portal_tui::demo::CLIENT_HOST)
    };
    let mut h = h.with_profiles(vec![jwt]);
    let commands = h.app.start();
    h.run(commands).await;
    assert!(h.app.profile().session.is_some(), "signed in");
    let info = h.app.profile().info.clone().unwrap_or_default();
    assert!(
        info.contains("the portal takes 5 more sign-ins, then refuses them until its count starts again in 4m "),
        "{info:?}"
    );
}
