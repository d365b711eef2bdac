//! After every kind of change, each screen that shows what it changed shows the portal's
//! new figures without `r`, in both languages: the lists, the radar (and so the Overview),
//! the credit. What a change makes stale is declared beside the change and read again at
//! once, against the demo portal's in-memory state.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::radar::{Flag, Kind};
use support::harness::Harness;

/// The radar's flags on item `id` of `kind`, `None` when it is not on the radar.
fn radar_flags(h: &Harness, kind: Kind, id: &str) -> Option<Vec<Flag>> {
    let items = &h.app.profile().screens.radar.items;
    items.iter().find(|i| i.kind == kind && i.id == id).map(|i| i.flags.clone())
}

/// The line of the screen holding `words`.
fn line_with(screen: &str, words: &str) -> String {
    screen.lines().find(|l| l.contains(words)).unwrap_or_else(|| panic!("{words:?} in\n{screen}")).to_owned()
}

/// Nothing read again is still on its way.
fn settled(h: &Harness) {
    assert!(h.app.profile().pending_rereads().is_empty(), "{:?}", h.app.profile().pending_rereads());
}

/// The Overview's counts for the profile, as it shows them (then back where it was).
async fn overview_counts(h: &mut Harness) -> portal_tui::app::screens::overview::Counts {
    let back = h.app.profile().screen;
    h.key(KeyCode::Char('0')).await;
    let counts = h.app.profile().screens.overview.summaries[0].counts.expect("counted");
    h.app.profile_mut().screen = back;
    counts
}

/// The screen text in English and in Vietnamese, back in English after.
async fn both_languages(h: &mut Harness, width: u16, height: u16) -> (String, String) {
    let english = h.screen_text(width, height);
    h.key(KeyCode::Char('L')).await;
    assert_eq!(h.app.profile().language, Language::Vietnamese);
    let vietnamese = h.screen_text(width, height);
    h.key(KeyCode::Char('L')).await;
    (english, vietnamese)
}

/// The group header (`▾ Paid (3)`) the line holding `words` is listed under.
fn group_of(screen: &str, words: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.contains(words)).unwrap_or_else(|| panic!("{words:?} in\n{screen}"));
    let header = lines[..at].iter().rev().find(|l| l.contains('▾')).unwrap_or_else(|| panic!("{screen}"));
    header.trim_matches(['│', ' ']).to_owned()
}

#[tokio::test]
async fn a_payment_brings_the_invoice_list_the_radar_the_overview_and_the_credit_up_to_date() {
    let mut h = Harness::whole_account().await;
    assert!(radar_flags(&h, Kind::Invoice, "90412").is_some_and(|f| f.contains(&Flag::Unpaid)));
    let unpaid_before = overview_counts(&mut h).await.unpaid;
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("90412"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('c')).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /invoice/90412/credit"]);
    settled(&h);
    h.key(KeyCode::Esc).await;
    let listed = h.app.profile().screens.invoices.browse.items.iter().find(|i| i.id == "90412").cloned();
    assert_eq!(listed.map(|i| i.status.to_string()).as_deref(), Some("Paid"), "the list follows");
    assert_eq!(radar_flags(&h, Kind::Invoice, "90412"), None, "no longer unpaid on the radar");
    assert_eq!(overview_counts(&mut h).await.unpaid, unpaid_before - 1, "nor in the Overview");
    let (english, vietnamese) = both_languages(&mut h, 120, 40).await;
    assert!(group_of(&english, "2026/11/0412").starts_with("▾ Paid"), "{english}");
    assert!(group_of(&vietnamese, "2026/11/0412").starts_with("▾ Đã thanh toán"), "{vietnamese}");
    // The Account screen's credit is the one read after the payment.
    h.key(KeyCode::Char('1')).await;
    let (english, vietnamese) = both_languages(&mut h, 100, 30).await;
    assert!(line_with(&english, "Credit").contains("247,500"), "{english}");
    assert!(line_with(&vietnamese, "Số dư").contains("247.500"), "{vietnamese}");
}

#[tokio::test]
async fn a_payment_in_part_leaves_the_rest_due_in_the_list() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("90441"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('c')).await;
    for _ in 0..30 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("600000").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /invoice/90441/credit"]);
    settled(&h);
    h.key(KeyCode::Esc).await;
    let listed = h.app.profile().screens.invoices.browse.items.iter().find(|i| i.id == "90441").cloned().unwrap();
    assert_eq!(listed.still_due(), portal_tui::api::Money::parse("82000"), "the list follows: {listed:?}");
    assert!(radar_flags(&h, Kind::Invoice, "90441").is_some_and(|f| f.contains(&Flag::Unpaid)), "still unpaid");
}

#[tokio::test]
async fn a_label_set_in_a_service_is_the_one_its_list_shows() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('t')).await;
    for _ in 0..30 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("Web shop").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/label"]);
    settled(&h);
    // The service's detail says the new label, and says it again when opened anew.
    let (english, vietnamese) = both_languages(&mut h, 100, 30).await;
    assert!(line_with(&english, "Label").contains("Web shop"), "{english}");
    assert!(line_with(&vietnamese, "Nhãn").contains("Web shop"), "{vietnamese}");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Enter).await;
    assert!(line_with(&h.screen_text(100, 30), "Label").contains("Web shop"));
}

#[tokio::test]
async fn a_cancellation_from_a_service_is_followed_by_its_list_and_the_radar() {
    let mut h = Harness::whole_account().await;
    assert_eq!(radar_flags(&h, Kind::Service, "2207"), Some(vec![Flag::DueSoon]));
    let soon_before = overview_counts(&mut h).await.soon;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id("2207"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('x')).await;
    h.keys("Chuyen sang VPS khac").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    h.keys("phosaigon.vn").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/cancel"]);
    settled(&h);
    assert_eq!(radar_flags(&h, Kind::Service, "2207"), Some(vec![]), "no longer due soon");
    assert_eq!(overview_counts(&mut h).await.soon, soon_before - 1);
    h.key(KeyCode::Esc).await;
    let (english, vietnamese) = both_languages(&mut h, 120, 40).await;
    assert!(line_with(&english, "phosaigon.vn").contains("cancels"), "{english}");
    assert!(!line_with(&vietnamese, "phosaigon.vn").contains(" 9 "), "{vietnamese}");
}

/// The Tickets list's status of ticket `number`.
fn listed_status(h: &Harness, number: &str) -> String {
    let items = &h.app.profile().screens.tickets.browse.items;
    items.iter().find(|t| t.number() == number).map(|t| t.status.to_string()).unwrap_or_default()
}

#[tokio::test]
async fn a_reply_a_close_and_a_reopen_from_the_conversation_are_followed_by_the_list_and_the_radar() {
    let mut h = Harness::whole_account().await;
    assert!(radar_flags(&h, Kind::Ticket, "482913").is_some_and(|f| f.contains(&Flag::AwaitingReply)));
    let waiting_before = overview_counts(&mut h).await.waiting;
    h.key(KeyCode::Char('9')).await;
    assert_eq!(listed_status(&h, "482913"), "Answered");
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.tickets.open_number(), Some("482913"));
    h.key(KeyCode::Char('a')).await;
    h.keys("Cam on, da on.").await;
    h.ctrl('s').await;
    h.key(KeyCode::Char('y')).await;
    settled(&h);
    let replied = listed_status(&h, "482913");
    assert_ne!(replied, "Answered", "the list follows the reply");
    assert_eq!(radar_flags(&h, Kind::Ticket, "482913"), None, "no longer your turn");
    assert_eq!(overview_counts(&mut h).await.waiting, waiting_before - 1);
    // Closed from the conversation: the list says so, and `x` again is refused, not sent.
    h.key(KeyCode::Char('x')).await;
    h.key(KeyCode::Char('y')).await;
    settled(&h);
    assert_eq!(listed_status(&h, "482913"), "Closed");
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.profile().confirmation.is_none(), "a closed ticket is not closed again");
    // Reopened: the list follows again.
    h.key(KeyCode::Char('o')).await;
    assert!(h.app.profile().confirmation.is_some(), "a closed ticket can be reopened");
    h.key(KeyCode::Char('y')).await;
    settled(&h);
    assert_ne!(listed_status(&h, "482913"), "Closed");
    assert_eq!(
        h.changes_sent(),
        ["POST /tickets/482913", "PUT /tickets/482913/close", "PUT /tickets/482913/open"],
        "each sent once"
    );
    h.key(KeyCode::Esc).await;
    let (english, vietnamese) = both_languages(&mut h, 120, 40).await;
    assert!(!line_with(&english, "#482913").contains("Closed"), "{english}");
    assert!(!line_with(&vietnamese, "#482913").contains("Đã đóng"), "{vietnamese}");
}

#[tokio::test]
async fn an_upgrade_order_brings_its_invoice_into_the_list() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('o')).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.demo.upgrade_requests().len(), 1);
    settled(&h);
    let invoices = &h.app.profile().screens.invoices.browse.items;
    assert!(invoices.iter().any(|i| i.id == "90501"), "the order's invoice is listed without r");
    assert!(radar_flags(&h, Kind::Invoice, "90501").is_some_and(|f| f.contains(&Flag::Unpaid)));
    h.key(KeyCode::Char('4')).await;
    let (english, vietnamese) = both_languages(&mut h, 120, 40).await;
    assert!(english.contains("/0501 "), "{english}");
    assert!(vietnamese.contains("/0501 "), "{vietnamese}");
}

/// The top border of the screen's body (the row under the tabs).
fn top_border(h: &mut Harness, width: u16, height: u16) -> String {
    h.screen_text(width, height).lines().nth(1).unwrap_or_default().to_owned()
}

#[tokio::test]
async fn what_a_change_made_stale_says_it_is_read_again_until_it_is() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    assert!(h.app.profile_mut().screens.domains.select_id("5142"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    assert!(!top_border(&mut h, 80, 24).contains("reading again"), "nothing stale before the change");
    h.key_sent(KeyCode::Char('y'));
    // The renewal answered, not yet what it made stale.
    h.answer_until(|h| h.changes_sent().len() == 1 && !h.app.profile().pending_rereads().is_empty()).await;
    let border = top_border(&mut h, 80, 24);
    assert!(border.contains("↻ reading again after the change…"), "{border}");
    // The radar, made of the lists, says so too; the Log, which no change makes stale, not.
    h.key_sent(KeyCode::Char('7'));
    assert!(top_border(&mut h, 120, 40).contains("↻ reading again after the change…"));
    h.key_sent(KeyCode::Char('L'));
    assert!(top_border(&mut h, 120, 40).contains("↻ đang đọc lại sau thay đổi…"));
    h.key_sent(KeyCode::Char('8'));
    assert!(!top_border(&mut h, 120, 40).contains("↻"));
    // Once read, nothing says it.
    h.run(Vec::new()).await;
    settled(&h);
    h.key(KeyCode::Char('7')).await;
    assert!(!top_border(&mut h, 120, 40).contains("↻"), "{}", top_border(&mut h, 120, 40));
}

#[tokio::test]
async fn a_payment_is_not_confirmed_from_a_credit_being_read() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("90412"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('1')).await;
    // `r` on the Account: the credit is being read when `c` is pressed on the invoice.
    h.key_sent(KeyCode::Char('r'));
    h.key_sent(KeyCode::Char('4'));
    h.key_sent(KeyCode::Char('c'));
    assert!(h.app.profile().confirmation.is_none(), "not put up from the figures being replaced");
    let said = h.app.profile().error.clone().unwrap_or_default();
    assert!(said.contains("being read right now"), "{said}");
    // Read: put up from the credit as read.
    h.run(Vec::new()).await;
    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_some());
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn a_dns_record_added_is_listed_as_the_portal_has_it_in_both_languages() {
    let mut h = Harness::on_first_domain().await;
    h.add_record("vpn", None, "198.51.100.4").await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /domain/5120/dns"]);
    settled(&h);
    let (english, vietnamese) = both_languages(&mut h, 120, 40).await;
    assert!(line_with(&english, "198.51.100.4").contains("vpn"), "{english}");
    assert!(line_with(&vietnamese, "198.51.100.4").contains("vpn"), "{vietnamese}");
}

#[tokio::test]
async fn an_upgrade_order_brings_the_accounts_unpaid_up_to_date() {
    for language in [Language::English, Language::Vietnamese] {
        let unpaid = if language == Language::English { "Unpaid" } else { "Còn nợ" };
        let mut h = Harness::whole_account().await;
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        h.key(KeyCode::Char('1')).await;
        let before = line_with(&h.screen_text(80, 24), unpaid);
        h.key(KeyCode::Char('6')).await;
        h.lookup("2207").await;
        h.key(KeyCode::Down).await;
        h.key(KeyCode::Char(' ')).await;
        h.key(KeyCode::Char('o')).await;
        h.key(KeyCode::Char('y')).await;
        assert_eq!(h.demo.upgrade_requests().len(), 1);
        settled(&h);
        h.key(KeyCode::Char('1')).await;
        let after = line_with(&h.screen_text(80, 24), unpaid);
        h.key(KeyCode::Char('r')).await;
        let read = line_with(&h.screen_text(80, 24), unpaid);
        assert_ne!(before, read, "the order's invoice is owed");
        assert_eq!(after, read, "{language:?}: shown without r as r shows it");
    }
}
