//! A registration's settings on the domains screen's detail, against the demo portal's
//! in-memory state: shown beside the details (the registrar lock and the nameservers read
//! where the portal offers them), each change confirmed with the request it sends and the
//! state before → after, sent once and read again; a setting already as asked sends
//! nothing; a renewal priced and refused in words when the credit cannot pay it; the
//! nameservers checked in the prompt; the transfer code shown only on request and never
//! logged.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::demo::{Fault, FaultRule};
use secrecy::ExposeSecret;
use support::harness::Harness;

/// Logged in to the whole demo account, on the Domains screen with the detail of the
/// registration `id` open and read; the portal's traffic forgotten from there.
async fn on_domain(id: &str) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    open(&mut h, id).await;
    h.demo.reset_traffic();
    h
}

/// Opens the detail of the registration `id` from the list (closing the one open).
async fn open(h: &mut Harness, id: &str) {
    if h.app.profile().screens.domains.detail.is_some() {
        h.key(KeyCode::Esc).await;
    }
    assert!(h.app.profile_mut().screens.domains.select_id(id));
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().id, id);
}

fn confirmation_rows(h: &Harness) -> Vec<(String, String)> {
    h.app.profile().confirmation.as_ref().expect("a confirmation is open").rows.clone()
}

fn row<'a>(rows: &'a [(String, String)], label: &str) -> &'a str {
    rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.as_str()).unwrap_or_else(|| panic!("{label} in {rows:?}"))
}

#[tokio::test]
async fn the_detail_shows_the_settings_as_the_portal_has_them() {
    let mut h = on_domain("5188").await;
    let shown = h.screen_text(80, 24);
    for line in ["Registrar lock  on", "Transfer code   hidden: E shows it", "Autorenew       "] {
        assert!(shown.contains(line), "{line:?} in\n{shown}");
    }
    insta::assert_snapshot!("settings_detail_en_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("settings_detail_en_120x40", h.render(120, 40).backend());
    h.key(KeyCode::Char('L')).await;
    insta::assert_snapshot!("settings_detail_vi_80x24", h.render(80, 24).backend());
    open(&mut h, "5120").await;
    let shown = h.screen_text(120, 40);
    let value = |label: &str| {
        let line = shown.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("{label} in\n{shown}"));
        line.split_once(label).unwrap().1.trim_matches(|c: char| c == ' ' || c == '│').to_owned()
    };
    assert_eq!(value("Tự gia hạn"), "tắt", "phosaigon.vn renews by hand");
    assert_eq!(value("Khóa chuyển"), "tắt");
}

#[tokio::test]
async fn a_portal_without_the_routes_says_not_offered_once() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Registrar lock  not offered by this portal"), "{shown}");
    let hints = shown.lines().nth(22).unwrap();
    assert!(!hints.contains("K lock"), "no lock to turn when its state cannot be read: {hints}");
    // The transfer code's route is known to be missing once asked for.
    assert!(shown.contains("Transfer code   hidden: E shows it"), "{shown}");
    h.key(KeyCode::Char('E')).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Transfer code   not offered by this portal"), "{shown}");
    assert!(h.app.profile().error.is_none(), "no error for a route the portal lacks: {:?}", h.app.profile().error);
    let hints = shown.lines().nth(22).unwrap();
    assert!(!hints.contains("EPP"), "{hints}");
    // Asked again on the next detail, the routes it lacks are not asked for again.
    h.demo.reset_traffic();
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Enter).await;
    let asked = h.demo.requests();
    assert!(!asked.iter().any(|r| r.contains("/reglock") || r.contains("/ns")), "{asked:?}");
    h.key(KeyCode::Char('E')).await;
    assert!(!h.demo.requests().iter().any(|r| r.contains("/epp")), "{:?}", h.demo.requests());
}

#[tokio::test]
async fn autorenew_is_confirmed_sent_once_and_shown_as_read_again() {
    let mut h = on_domain("5120").await;
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().autorenew, Some(false));
    h.key(KeyCode::Char('A')).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "autorenew: off → on");
    assert_eq!(row(&rows, "Request"), r#"PUT /domain/5120/autorenew {"autorenew":true}"#);
    assert_eq!(row(&rows, "Domain"), "phosaigon.vn (#5120)");
    assert!(h.changes_sent().is_empty(), "nothing before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["PUT /domain/5120/autorenew"]);
    assert!(h.demo.requests().contains(&"GET /domain/5120".to_owned()), "read again: {:?}", h.demo.requests());
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().autorenew, Some(true));
    assert!(h.screen_text(80, 24).contains("Autorenew       on"));
    assert!(h.app.profile().info.as_deref().unwrap().starts_with("Done: autorenew → on"), "{:?}", h.app.profile().info);
}

#[tokio::test]
async fn the_lock_and_id_protection_turn_and_are_read_again() {
    let mut h = on_domain("5188").await;
    h.key(KeyCode::Char('K')).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "registrar lock: on → off");
    assert_eq!(row(&rows, "Request"), r#"PUT /domain/5188/reglock {"switch":false}"#);
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["PUT /domain/5188/reglock"]);
    let asked = h.demo.requests();
    assert!(asked.contains(&"GET /domain/5188/reglock".to_owned()), "the lock is read again: {asked:?}");
    assert!(h.screen_text(80, 24).contains("Registrar lock  off"));
    h.demo.reset_traffic();
    h.key(KeyCode::Char('I')).await;
    let rows = confirmation_rows(&h);
    let was = h.app.profile().screens.domains.detail_record().unwrap().idprotection.expect("the details say it");
    let (before, after) = if was { ("on", "off") } else { ("off", "on") };
    assert_eq!(row(&rows, "Change"), format!("ID protection: {before} → {after}"));
    assert_eq!(row(&rows, "Request"), format!(r#"PUT /domain/5188/idprotection {{"switch":{}}}"#, !was));
    // Not confirmed: nothing is sent.
    h.key(KeyCode::Char('n')).await;
    assert!(h.changes_sent().is_empty());
    h.key(KeyCode::Char('I')).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["PUT /domain/5188/idprotection"]);
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().idprotection, Some(!was));
}

#[tokio::test]
async fn nameservers_are_checked_in_the_prompt_confirmed_and_read_again() {
    let mut h = on_domain("5120").await;
    h.key(KeyCode::Char('S')).await;
    let prompt = h.app.shell.prompt.as_ref().expect("the prompt opens");
    assert_eq!(prompt.input.value(), "ns1.tinohost.com ns2.tinohost.com", "prefilled with the nameservers now");
    // The same ones, another case and order: already as asked, nothing sent.
    h.key(KeyCode::End).await;
    for _ in 0.."ns1.tinohost.com ns2.tinohost.com".len() {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("NS2.tinohost.com. ns1.tinohost.com").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.shell.prompt.is_none());
    let said = h.app.profile().info.clone().unwrap();
    assert!(said.contains("already") && said.contains("nothing was sent"), "{said}");
    assert!(h.app.profile().confirmation.is_none());
    // A bad name: refused under the prompt, which stays with what was typed.
    h.key(KeyCode::Char('S')).await;
    h.keys(" ns_3.bad").await;
    h.key(KeyCode::Enter).await;
    let prompt = h.app.shell.prompt.as_ref().expect("the prompt stays");
    assert!(prompt.error.as_deref().unwrap().contains("\"ns_3.bad\" is not a nameserver"), "{:?}", prompt.error);
    assert_eq!(prompt.input.value(), "ns1.tinohost.com ns2.tinohost.com ns_3.bad");
    let shown = h.screen_text(80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    let below = &lines[lines.len() - 2..];
    assert!(below[0].contains("✗ \"ns_3.bad\" is not a nameserver"), "said under the prompt at 80 columns:\n{shown}");
    let whole = format!("{} {}", below[0].trim(), below[1].trim());
    assert!(whole.ends_with("(such as ns1.example.vn): nothing was sent"), "and whole, on a second row:\n{shown}");
    assert!(h.app.profile().confirmation.is_none());
    for _ in 0.." ns_3.bad".len() {
        h.key(KeyCode::Backspace).await;
    }
    h.keys(" ns1.phosaigon.vn").await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Now"), "ns1.tinohost.com, ns2.tinohost.com");
    assert_eq!(row(&rows, "New"), "ns1.tinohost.com, ns2.tinohost.com, ns1.phosaigon.vn");
    assert_eq!(
        row(&rows, "Request"),
        r#"PUT /domain/5120/ns {"nameservers":["ns1.tinohost.com","ns2.tinohost.com","ns1.phosaigon.vn"]}"#
    );
    assert!(h.changes_sent().is_empty(), "nothing sent before y");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["PUT /domain/5120/ns"]);
    assert!(h.demo.requests().contains(&"GET /domain/5120/ns".to_owned()));
    assert!(h.screen_text(80, 40).contains("  ns1.phosaigon.vn"));
    // Empty: the portal's defaults, said so.
    h.key(KeyCode::Char('S')).await;
    h.key(KeyCode::End).await;
    for _ in 0..80 {
        h.key(KeyCode::Backspace).await;
    }
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "New"), "the portal's default nameservers");
    assert_eq!(row(&rows, "Request"), r#"PUT /domain/5120/ns {"nameservers":[]}"#);
}

/// An expired registration that an active one of its name replaces is not renewed: the
/// active one is named, and nothing is asked or sent.
#[tokio::test]
async fn an_old_registration_is_not_renewed_the_one_replacing_it_is_named() {
    let mut h = on_domain("5101").await;
    h.key(KeyCode::Char('R')).await;
    assert!(h.app.shell.prompt.is_none(), "no years asked");
    assert!(!h.app.dialog_open());
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert_eq!(
        error,
        "registration #5101 of example.vn is Expired: #5188 replaces it, and is the one to renew; nothing was sent"
    );
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn a_renewal_is_priced_with_its_new_expiry_and_sent_once() {
    let mut h = on_domain("5142").await;
    h.key(KeyCode::Char('R')).await;
    assert_eq!(h.app.shell.prompt.as_ref().expect("years asked").input.value(), "1");
    h.key(KeyCode::Backspace).await;
    h.keys("11").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.shell.prompt.as_ref().unwrap().error.as_deref().unwrap().contains("1 to 10"));
    h.key(KeyCode::Backspace).await;
    h.key(KeyCode::Backspace).await;
    h.keys("1").await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Change"), "renew for 1 year");
    assert_eq!(row(&rows, "Price"), "480,000 VND (the .vn renewal price)");
    // Nothing has said yet how this portal takes a renewal: both ways, no credit after.
    assert_eq!(row(&rows, "Payment"), "charged to the credit now, or an invoice to pay, as this portal does");
    assert_eq!(row(&rows, "Credit"), "660,000 VND");
    assert_eq!(row(&rows, "Expires"), "2026-12-18 → 2027-12-18");
    assert_eq!(row(&rows, "Request"), r#"POST /domain/5142/renew {"years":1}"#);
    insta::assert_snapshot!("renew_confirm_en_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("renew_confirm_en_120x40", h.render(120, 40).backend());
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /domain/5142/renew"]);
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().expires, "2027-12-18", "read again");
    assert!(h.demo.requests().iter().any(|r| r == "GET /balance"), "the balance read again");
    // The credit read again went down by the price: this portal charges renewals at once,
    // and the next one says so, and that the 180,000 left will not pay it.
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Payment"), "charged to the account credit now");
    assert_eq!(row(&rows, "Credit"), "180,000 VND, less than the price: the portal will refuse the renewal");
}

#[tokio::test]
async fn a_renewal_the_credit_cannot_pay_is_refused_in_words() {
    let mut h = on_domain("5131").await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Backspace).await;
    h.keys("3").await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Thay đổi"), "gia hạn 3 năm");
    assert!(row(&rows, "Giá").starts_with("1.950.000"), "{rows:?}");
    assert!(row(&rows, "Số dư").contains("ít hơn giá"), "{rows:?}");
    insta::assert_snapshot!("renew_confirm_vi_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /domain/5131/renew"], "sent once");
    let error = h.app.profile().error.clone().expect("the refusal is said");
    assert!(error.contains("số dư tài khoản không đủ"), "{error}");
    assert!(!error.contains("insufficient_credit"), "{error}");
    // The refusal said this portal charges renewals at once: one year, within the credit,
    // is promised with the credit after it, and the portal's figures then show just that.
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(row(&rows, "Thanh toán"), "trừ ngay vào số dư tài khoản");
    assert_eq!(row(&rows, "Số dư"), "660.000 ₫ → 10.000 ₫");
    h.key(KeyCode::Char('y')).await;
    let balance = h.app.profile().screens.account.balance.clone().expect("read again");
    assert_eq!(balance.credit.map(|c| c.to_string()), Some("10000.00".into()), "as promised");
}

#[tokio::test]
async fn the_transfer_code_shows_only_on_request_and_is_never_logged() {
    let mut h = on_domain("5188").await;
    let code = h.demo.transfer_code(portal_tui::demo::CLIENT_HOST, "5188");
    assert!(!h.screen_text(120, 40).contains(&code));
    h.key(KeyCode::Char('E')).await;
    assert_eq!(h.demo.requests(), ["GET /domain/5188/epp"]);
    let shown = h.screen_text(120, 40);
    assert!(shown.contains(&code), "shown after its key:\n{shown}");
    let view = &h.app.profile().screens.domains;
    assert_eq!(view.transfer_code_shown().map(|c| c.expose_secret().to_owned()), Some(code.clone()));
    let status = format!("{:?} {:?}", h.app.profile().info, h.app.profile().error);
    assert!(!status.contains(&code), "{status}");
    let logged = format!("{:?}", h.app.shell.log);
    assert!(!logged.contains(&code), "the request log withholds it");
    // y copies it; the status line says where it went, not what.
    h.key(KeyCode::Char('y')).await;
    let status = format!("{:?} {:?}", h.app.profile().info, h.app.profile().error);
    assert!(status.contains("clipboard") && !status.contains(&code), "{status}");
    // Closed, it is gone; opened again, hidden until asked for.
    h.key(KeyCode::Esc).await;
    assert!(h.app.profile().screens.domains.settings.transfer_code.is_none());
    h.key(KeyCode::Enter).await;
    assert!(!h.screen_text(120, 40).contains(&code));
    // Another registration opened: the code of the first is not shown on it.
    h.key(KeyCode::Char('E')).await;
    assert!(h.screen_text(120, 40).contains(&code));
    open(&mut h, "5120").await;
    assert!(!h.screen_text(120, 40).contains(&code));
    let logged = format!("{:?}", h.app.shell.log);
    assert!(!logged.contains(&code), "the request log withholds it");
}

#[tokio::test]
async fn a_renewal_of_a_registration_for_two_years_is_priced_by_its_tld() {
    let mut h = on_domain("5188").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    // The unpaid invoices are read whole first (what they bill), then the prices.
    let reads = |h: &Harness| -> Vec<String> {
        h.demo.requests().into_iter().filter(|r| !r.starts_with("GET /invoice/")).collect()
    };
    assert_eq!(reads(&h), ["GET /domain/order"], "the prices, read once when needed");
    assert!(row(&rows, "Price").contains("the .vn renewal price"), "{rows:?}");
    assert_eq!(row(&rows, "Expires"), "2027-11-06 → 2028-11-06");
    h.key(KeyCode::Esc).await;
    assert!(h.changes_sent().is_empty());
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Backspace).await;
    h.keys("7").await;
    h.key(KeyCode::Enter).await;
    let rows = confirmation_rows(&h);
    assert_eq!(reads(&h), ["GET /domain/order"], "read once");
    assert!(row(&rows, "Price").starts_with("not known"), "no price for 7 years is said: {rows:?}");
}

#[tokio::test]
async fn a_lost_answer_is_said_and_read_again_never_sent_twice() {
    let mut h = on_domain("5120").await;
    h.key(KeyCode::Char('A')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5120/autorenew").times(1)]);
    h.key(KeyCode::Char('y')).await;
    // Read again, autorenew is on: applied, said so, not sent again.
    let said = h.app.profile().info.clone().unwrap();
    assert!(said.contains("answer was unclear; read again: the change is there, so it was not sent again"), "{said}");
    assert_eq!(h.changes_sent(), ["PUT /domain/5120/autorenew"], "sent once");
    assert!(h.demo.requests().contains(&"GET /domain/5120".to_owned()), "read again: {:?}", h.demo.requests());
    assert_eq!(
        h.app.profile().screens.domains.detail_record().unwrap().autorenew,
        Some(true),
        "shown as the portal has it"
    );
}

#[tokio::test]
async fn a_second_renewal_waits_for_the_first_to_be_read_back() {
    let mut h = on_domain("5142").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(row(&confirmation_rows(&h), "Expires"), "2026-12-18 → 2027-12-18");
    // Sent; its answer taken in, but not yet the registration read again after it.
    h.key_sent(KeyCode::Char('y'));
    h.answer_until(|h| h.changes_sent().len() == 1 && !h.app.profile().pending_rereads().is_empty()).await;
    assert_eq!(h.app.profile().screens.domains.detail_record().unwrap().expires, "2026-12-18", "not read back yet");
    // A second renewal from the old expiry is not put up.
    h.key_sent(KeyCode::Char('R'));
    h.key_sent(KeyCode::Enter);
    assert!(h.app.profile().confirmation.is_none(), "no confirmation from the old figures");
    let said = h.app.profile().error.clone().unwrap_or_default();
    assert!(said.contains("still being read back"), "{said}");
    // A read back cancelled (Esc on the screen) holds nothing back for ever.
    let mut cancelled = on_domain("5142").await;
    cancelled.key(KeyCode::Char('R')).await;
    cancelled.key(KeyCode::Enter).await;
    cancelled.key_sent(KeyCode::Char('y'));
    cancelled.answer_until(|h| !h.app.profile().pending_rereads().is_empty()).await;
    cancelled.key_sent(KeyCode::Esc);
    // Esc cancelled the Domains screen's reads: those hold nothing back any more; the
    // credit and the invoices, other screens' reads, are still on their way.
    let left = cancelled.app.profile().pending_rereads().into_iter().cloned().collect::<Vec<_>>();
    use portal_tui::api::Query;
    assert!(!left.iter().any(|q| matches!(q, Query::DomainDetails(_) | Query::Domains)), "{left:?}");
    assert!(left.contains(&Query::Balance), "{left:?}");
    // Read back, it is confirmed from the new expiry; one renewal was sent.
    h.run(Vec::new()).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(row(&confirmation_rows(&h), "Expires"), "2027-12-18 → 2028-12-18");
    assert_eq!(h.changes_sent(), ["POST /domain/5142/renew"]);
}

#[tokio::test]
async fn a_renewal_brings_the_list_the_radar_and_the_credit_up_to_date_without_r() {
    let mut h = on_domain("5142").await;
    let radar_expiry = |h: &Harness| {
        let radar = &h.app.profile().screens.radar;
        let soon = |i: &portal_tui::radar::Item| i.flags.contains(&portal_tui::radar::Flag::ExpiresSoon);
        radar.items.iter().find(|i| i.id == "5142").map(|i| (i.expires.to_string(), soon(i)))
    };
    assert_eq!(radar_expiry(&h), Some(("2026-12-18".to_owned(), true)), "flagged: 27 days left");
    h.demo.reset_traffic();
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /domain/5142/renew"]);
    // What the renewal made stale was read again at once, declared beside the change.
    let reads = h.demo.requests();
    for read in ["GET /domain", "GET /balance", "GET /invoice"] {
        assert!(reads.iter().any(|r| r == read), "{read} read again: {reads:?}");
    }
    let listed = h.app.profile().screens.domains.records.iter().find(|r| r.id == "5142").map(|r| r.expires.clone());
    assert_eq!(listed.as_deref(), Some("2027-12-18"), "the list follows");
    assert_eq!(radar_expiry(&h), Some(("2027-12-18".to_owned(), false)), "no longer expiring soon");
    assert!(h.app.profile().pending_rereads().is_empty());
}

/// A portal that bills a renewal on an invoice, answering 401 after it did: read back as
/// applied with the invoice named, sent once, one invoice.
#[tokio::test]
async fn an_invoiced_renewal_answered_401_is_said_applied_with_its_invoice() {
    let mut h = on_domain("5142").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.dialog_open(), "the confirmation is up");
    h.demo.set_faults(vec![
        FaultRule::always(Fault::RenewalsInvoiced),
        FaultRule::on(Fault::AppliedUnauthorized, "/domain/5142/renew").times(1),
    ]);
    h.key(KeyCode::Char('y')).await;
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("read again: the change is there, so it was not sent again"), "{said}");
    assert!(said.contains("invoice #90701"), "{said}");
    assert_eq!(h.changes_sent(), ["POST /domain/5142/renew"], "sent once");
    assert!(h.app.profile().error.is_none(), "{:?}", h.app.profile().error);
}

/// A renewal answered "done" that neither moved the expiry nor made an invoice is not
/// taken at its word: the status line says there is no sign of it and where to look.
#[tokio::test]
async fn a_renewal_done_without_any_sign_of_it_is_said() {
    let mut h = on_domain("5142").await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::EmptyBody, "/domain/5142/renew").method("POST").times(1)]);
    h.key(KeyCode::Char('y')).await;
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.contains("the portal answered done, but read again there is no sign of it"), "{error}");
    assert!(error.contains("domain details, invoice list"), "{error}");
    assert_eq!(h.changes_sent(), ["POST /domain/5142/renew"]);
}

/// `S`, the prompt emptied, `names` typed, Enter, `y`.
async fn move_nameservers(h: &mut Harness, names: &str) {
    h.key(KeyCode::Char('S')).await;
    h.key(KeyCode::End).await;
    let typed = h.app.shell.prompt.as_ref().unwrap().input.value().chars().count();
    for _ in 0..typed {
        h.key(KeyCode::Backspace).await;
    }
    h.keys(names).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
}

#[tokio::test]
async fn records_kept_at_the_registrar_say_they_are_not_served_once_the_nameservers_moved_away() {
    for language in [portal_tui::api::Language::English, portal_tui::api::Language::Vietnamese] {
        let (heading, note) = match language {
            portal_tui::api::Language::English => {
                ("kept at the registrar, not served now", "these records are kept at the registrar but not served")
            }
            portal_tui::api::Language::Vietnamese => (
                "lưu ở nhà đăng ký, hiện không được phục vụ",
                "các bản ghi này vẫn lưu ở nhà đăng ký nhưng không được phục vụ",
            ),
        };
        let mut h = on_domain("5188").await;
        if language == portal_tui::api::Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        let joined = |h: &mut Harness| {
            let shown = h.screen_text(100, 60);
            let rows: Vec<String> = shown.lines().map(|l| l.trim_matches(['│', ' ', '█']).to_owned()).collect();
            (shown, rows.join(" "))
        };
        let (shown, _) = joined(&mut h);
        assert!(!shown.contains(heading), "served before: {shown}");
        move_nameservers(&mut h, "ns1.cloudflare.com ns2.cloudflare.com").await;
        assert!(h.changes_sent().contains(&"PUT /domain/5188/ns".to_owned()));
        let (shown, whole) = joined(&mut h);
        assert!(shown.contains(heading), "{shown}");
        assert!(whole.contains(note) && whole.contains("ns1.example.vn, ns2.example.vn, ns3.example.vn"), "{shown}");
        h.render(80, 24);
        h.key(KeyCode::End).await;
        insta::assert_snapshot!(format!("records_not_served_{language:?}_80x24"), h.screen_text(80, 24));
        h.key(KeyCode::Home).await;
        // Back to the portal's own (its defaults): served again, nothing said.
        move_nameservers(&mut h, "").await;
        let (shown, _) = joined(&mut h);
        assert!(!shown.contains(heading), "{shown}");
    }
}
