//! Paying from the credit, cancelling and labelling services from the dashboard, against the
//! demo portal's in-memory state: each change named in a confirmation with its exact sums
//! or what ends when, refused here with the reason when it cannot be right, sent once on
//! `y`, and what it touched read again; a cancellation needs a reason and the service's
//! domain typed exactly; a service is offered only what its methods list.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Language;
use portal_tui::app::PromptKind;
use portal_tui::config::keys::Action;
use support::harness::Harness;

/// Logged in to the whole demo account, on invoice `id`'s detail, traffic forgotten.
async fn on_invoice(id: &str) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id(id), "the list holds {id}");
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.invoices.browse.open().map(|i| i.id.as_str()), Some(id));
    h.demo.reset_traffic();
    h
}

/// Logged in to the whole demo account, on service `id`'s detail, traffic forgotten.
async fn on_service(id: &str) -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    assert!(h.app.profile_mut().screens.services.browse.select_id(id), "the list holds {id}");
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.services.browse.open().map(|s| s.id.as_str()), Some(id));
    h.demo.reset_traffic();
    h
}

fn credit(h: &Harness) -> String {
    let balance = h.app.profile().screens.account.balance.as_ref().expect("the balance was read");
    portal_tui::i18n::format::money_in(balance.available_credit().expect("acc_credit"), "VND", Language::English)
}

async fn clear_prompt(h: &mut Harness) {
    for _ in 0..30 {
        h.key(KeyCode::Backspace).await;
    }
}

#[tokio::test]
async fn an_invoice_is_paid_from_the_credit_once_confirmed_and_read_again() {
    let mut h = on_invoice("90412").await;
    assert_eq!(credit(&h), "660,000 VND");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Payment methods: Chuyển khoản ngân hàng, VNPay, PayPal"), "{shown}");
    assert!(shown.contains("c: pay it from the account credit (660,000 VND)"), "{shown}");
    assert!(h.app.hinted_actions().contains(&Action::PayFromCredit), "offered in the hints");

    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_some(), "the payment is put up");
    let shown = h.screen_text(80, 24);
    for words in [
        "Pay this invoice from the credit?",
        "2026/11/0412 (#90412)",
        "Invoice total",
        "412,500 VND",
        "Credit available",
        "660,000 VND",
        "Paid now          the whole amount still due: 412,500 VND",
        "Due after",
        "Credit after",
        "247,500 VND",
        "POST /invoice/90412/credit",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("pay_confirm_en_80x24", h.render(80, 24).backend());
    // `n` sends nothing; in Vietnamese, the same payment.
    h.key(KeyCode::Char('n')).await;
    assert!(h.app.profile().confirmation.is_none());
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('c')).await;
    let shown = h.screen_text(80, 24);
    for words in ["Thanh toán hóa đơn này bằng số dư?", "Số dư khả dụng", "660.000", "Số dư còn lại", "247.500"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("pay_confirm_vi_80x24", h.render(80, 24).backend());
    assert!(h.changes_sent().is_empty(), "nothing is sent before the confirmation");

    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /invoice/90412/credit"], "sent once, whole: no amount");
    let requests = h.demo.requests();
    for read in ["GET /invoice/90412", "GET /balance", "GET /invoice", "GET /service"] {
        assert!(requests.iter().any(|r| r == read), "{read} read again: {requests:?}");
    }
    let invoice = h.app.profile().screens.invoices.browse.open().unwrap();
    assert_eq!(invoice.status.as_str(), "Paid", "shown as the portal has it now");
    // The service it billed, suspended for not paying, is read again: active, due a cycle on.
    let services = &h.app.profile().screens.services.browse.items;
    let mail = services.iter().find(|s| s.id == "2209").expect("the Email Pro service");
    assert_eq!(mail.status.as_str(), "Active", "{mail:?}");
    let due = portal_tui::api::models::parse_date(mail.due()).expect("a due date");
    assert!(due > portal_tui::api::models::today(), "due a quarter on: {due}");
    // The list and the radar follow: neither the invoice nor the service needs attention.
    let listed = h.app.profile().screens.invoices.browse.items.iter().find(|i| i.id == "90412").unwrap();
    assert_eq!(listed.status.as_str(), "Paid", "the list read again");
    let radar = &h.app.profile().screens.radar.items;
    let flagged: Vec<_> = radar.iter().filter(|i| i.is_flagged()).map(|i| format!("{} {}", i.id, i.name)).collect();
    assert!(flagged.iter().any(|f| f.starts_with("90441 ")), "the other unpaid ones stay: {flagged:?}");
    assert!(!flagged.iter().any(|f| f.starts_with("90412 ") || f.starts_with("2209 ")), "{flagged:?}");
    assert_eq!(credit(&h), "247,500 VND", "the balance read again is lower");
    assert!(!h.app.hinted_actions().contains(&Action::PayFromCredit), "a paid invoice offers no payment");

    // Again on the paid one: refused here, in words, nothing sent.
    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_none());
    assert_eq!(h.changes_sent().len(), 1, "nothing more sent");
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("đã được thanh toán") || said.contains("already paid"), "{said}");
}

/// The invoice's own read again answered after the list's (the list keeps the open
/// entry it showed): the radar is made again from the fresh entry, never left saying the
/// paid invoice is unpaid.
#[tokio::test]
async fn the_radar_follows_a_paid_invoice_whose_list_came_back_first() {
    let mut h = on_invoice("90412").await;
    // The invoice is read before the payment and after it, by the protocol (what proves it
    // paid) and by the screen; the screen's read's first try fails, and is tried again once
    // the list has come.
    let slow = portal_tui::demo::FaultRule::on(portal_tui::demo::Fault::Html502, "/invoice/90412");
    h.demo.set_faults(vec![slow.method("GET").after(2).times(1)]);
    h.key(KeyCode::Char('c')).await;
    h.key(KeyCode::Char('y')).await;
    let requests = h.demo.requests();
    let list = requests.iter().rposition(|r| r == "GET /invoice").expect("the list read again");
    let detail = requests.iter().rposition(|r| r == "GET /invoice/90412").expect("the invoice read again");
    assert!(list < detail, "the list came first: {requests:?}");
    let radar = &h.app.profile().screens.radar.items;
    assert!(radar.iter().any(|i| i.id == "90441" && i.is_flagged()), "the radar holds the unpaid invoices");
    let flagged: Vec<_> = radar.iter().filter(|i| i.id == "90412" && i.is_flagged()).collect();
    assert!(flagged.is_empty(), "the paid invoice needs no attention: {flagged:?}");
}

#[tokio::test]
async fn an_invoice_the_credit_cannot_pay_whole_is_paid_in_part_as_typed() {
    let mut h = on_invoice("90441").await;
    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_none(), "no confirmation of more than the credit");
    assert_eq!(h.prompt_kind(), Some(PromptKind::PayAmount), "how much of it is asked");
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.contains("The credit (660,000 VND) cannot pay the 682,000 VND still due whole"), "{said}");
    assert!(h.changes_sent().is_empty());

    // More than the credit, or than what is due: refused under the prompt, which stays.
    let error = |h: &Harness| h.app.shell.prompt.as_ref().and_then(|p| p.error.clone()).unwrap_or_default();
    clear_prompt(&mut h).await;
    h.keys("670000").await;
    h.key(KeyCode::Enter).await;
    assert!(error(&h).contains("670,000 VND is more than the credit of 660,000 VND"), "{}", error(&h));
    clear_prompt(&mut h).await;
    h.keys("700000").await;
    h.key(KeyCode::Enter).await;
    assert!(error(&h).contains("700,000 VND is more than the 682,000 VND invoice #90441 still asks"), "{}", error(&h));
    clear_prompt(&mut h).await;
    h.keys("4O0000").await;
    h.key(KeyCode::Enter).await;
    assert!(error(&h).contains("not an amount"), "{}", error(&h));

    clear_prompt(&mut h).await;
    h.keys("600000").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), None);
    let shown = h.screen_text(80, 24);
    for words in ["682,000 VND", "600,000 VND", "82,000 VND", "60,000 VND", r#"{"amount":"600000"}"#] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    // `n` sends nothing.
    h.key(KeyCode::Char('n')).await;
    assert!(h.app.profile().confirmation.is_none());
    assert!(h.changes_sent().is_empty(), "nothing sent without confirmation");

    h.key(KeyCode::Char('c')).await;
    clear_prompt(&mut h).await;
    h.keys("600000").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /invoice/90441/credit"]);
    let invoice = h.app.profile().screens.invoices.browse.open().unwrap();
    assert_eq!(invoice.still_due(), portal_tui::api::Money::parse("82000"), "{invoice:?}");
    assert_eq!(credit(&h), "60,000 VND");
}

fn typed(h: &Harness) -> Option<String> {
    h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned())
}

/// The amount the confirmation put up would send, as the request shows it.
fn amount_sent(h: &mut Harness) -> Option<String> {
    let shown = h.screen_text(80, 24);
    let (_, after) = shown.split_once(r#"{"amount":""#)?;
    after.split_once('"').map(|(amount, _)| amount.to_owned())
}

#[tokio::test]
async fn an_amount_typed_is_read_as_the_reader_writes_it() {
    let mut h = on_invoice("90441").await;
    let error = |h: &Harness| h.app.shell.prompt.as_ref().and_then(|p| p.error.clone()).unwrap_or_default();
    // The prompt is filled with the credit as the product writes it, and reads back whole.
    h.key(KeyCode::Char('c')).await;
    assert_eq!(typed(&h).as_deref(), Some("660,000"));
    h.key(KeyCode::Enter).await;
    assert_eq!(amount_sent(&mut h).as_deref(), Some("660000"), "{}", h.screen_text(80, 24));
    h.key(KeyCode::Char('n')).await;

    // English: `,` groups thousands; `412.500` could be either, and is refused with both.
    for (text, amount) in [("412,500", "412500"), ("412500", "412500"), ("1,000.00 USD", "")] {
        h.key(KeyCode::Char('c')).await;
        clear_prompt(&mut h).await;
        h.keys(text).await;
        h.key(KeyCode::Enter).await;
        if amount.is_empty() {
            assert_eq!(error(&h), "1,000.00 USD: the invoice is in VND, not USD: type the amount in VND");
            h.key(KeyCode::Esc).await;
            continue;
        }
        assert_eq!(amount_sent(&mut h).as_deref(), Some(amount), "{text}");
        h.key(KeyCode::Char('n')).await;
    }
    h.key(KeyCode::Char('c')).await;
    clear_prompt(&mut h).await;
    h.keys("412.500").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(error(&h), "412.500 could be 412,500 VND or 412.50 VND: write 412500 or 412,500");
    assert_eq!(typed(&h).as_deref(), Some("412.500"), "what was typed is kept");
    h.key(KeyCode::Esc).await;

    // Vietnamese: `.` groups thousands, `,` marks decimals, which đồng has none of.
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('c')).await;
    assert_eq!(typed(&h).as_deref(), Some("660.000"));
    let refusals = [
        ("1e2", "1e2: hãy viết đủ các chữ số, không dùng lũy thừa của 10"),
        ("5 USD", "5 USD: hóa đơn tính bằng VND, không phải USD: hãy nhập số tiền bằng VND"),
        ("1_000", "1_000 không phải số tiền: không được có “_” trong số tiền"),
        ("0.001", "0.001: số tiền VND không có phần lẻ thập phân"),
        ("0,5", "0,5: số tiền VND không có phần lẻ thập phân"),
        (
            "1.00.000",
            "1.00.000 không phải số tiền theo cách viết tiếng Việt: “.” giữa các nhóm ba chữ số, “,” trước phần thập phân",
        ),
    ];
    for (text, said) in refusals {
        clear_prompt(&mut h).await;
        h.keys(text).await;
        h.key(KeyCode::Enter).await;
        assert_eq!(error(&h), said, "{text}");
        assert_eq!(typed(&h).as_deref(), Some(text), "what was typed is kept");
    }
    assert!(h.app.profile().confirmation.is_none());
    clear_prompt(&mut h).await;
    h.keys("412.500").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(amount_sent(&mut h).as_deref(), Some("412500"), "four hundred and twelve thousand, not 412,50");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Thanh toán lần này  412.500 ₫"), "{shown}");
    assert!(h.changes_sent().is_empty(), "nothing sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /invoice/90441/credit"]);
    let invoice = h.app.profile().screens.invoices.browse.open().unwrap();
    assert_eq!(invoice.still_due(), portal_tui::api::Money::parse("269500"), "{invoice:?}");
}

#[tokio::test]
async fn a_service_is_cancelled_with_a_reason_and_its_domain_typed() {
    let mut h = on_service("2208").await;
    let hints = h.app.hinted_actions();
    assert!(hints.contains(&Action::CancelService), "2208 offers cancel: {hints:?}");
    assert!(!hints.contains(&Action::LabelService), "2208 offers no label: {hints:?}");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("x: cancel it (at the end of its billing period, or now)"), "{shown}");
    assert!(!shown.contains("set its label"), "{shown}");
    h.key(KeyCode::Char('t')).await;
    assert_eq!(h.prompt_kind(), None, "no label asked of a service without one");

    // A reason is required.
    h.key(KeyCode::Char('x')).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::CancelReason));
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::CancelReason), "an empty reason is refused");
    h.keys("Chuyen nha cung cap").await;
    h.key(KeyCode::Enter).await;
    // When it ends: at the end of the billing period unless chosen otherwise.
    assert!(h.app.dialog_open() && h.prompt_kind().is_none(), "the dialog choosing when");
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::CancelTyped));
    assert!(h.screen_text(80, 24).contains("Type banhmihoian.com.vn to cancel it at the period's end"));
    // A mistyped domain sends nothing, and says so.
    h.keys("banhmihoian.com").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.prompt_kind(), None);
    assert!(h.app.profile().confirmation.is_none());
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(said, "what was typed is not banhmihoian.com.vn: nothing was sent");
    assert!(h.changes_sent().is_empty());

    // Again, typed right: the reason typed before is offered again.
    h.key(KeyCode::Char('x')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned()).as_deref(), Some("Chuyen nha cung cap"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    h.keys("banhmihoian.com.vn").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some());
    let shown = h.screen_text(80, 24);
    for words in [
        "Cancel this service?",
        "#2208 Hosting Doanh nghiệp (banhmihoian.com.vn)",
        "it ends at the end of its billing period, on 2027-04-10",
        "Chuyen nha cung cap",
        "POST /service/2208/cancel",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("cancel_confirm_en_80x24", h.render(80, 24).backend());
    // `n` sends nothing; in Vietnamese, the same cancellation asked again from the start.
    h.key(KeyCode::Char('n')).await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('x')).await;
    h.keys("Chuyen nha cung cap").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    assert!(h.screen_text(80, 24).contains("Gõ banhmihoian.com.vn để hủy vào cuối kỳ"));
    h.keys("banhmihoian.com.vn").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    for words in ["Hủy dịch vụ này?", "dịch vụ kết thúc vào cuối chu kỳ thanh toán", "Lý do"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("cancel_confirm_vi_80x24", h.render(80, 24).backend());
    assert!(h.changes_sent().is_empty(), "nothing is sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2208/cancel"], "sent once");
    assert!(h.demo.requests().iter().any(|r| r == "GET /service/2208"), "read again");
}

#[tokio::test]
async fn a_label_is_typed_over_the_current_one_confirmed_sent_and_read_again() {
    let mut h = on_service("2207").await;
    let hints = h.app.hinted_actions();
    assert!(hints.contains(&Action::CancelService) && hints.contains(&Action::LabelService), "{hints:?}");
    h.key(KeyCode::Char('t')).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::ServiceLabel));
    let typed = h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned());
    assert_eq!(typed.as_deref(), Some("Máy chủ bán hàng"), "the current label to type over");
    // The same label sends nothing.
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_none());
    assert!(h.app.profile().info.clone().unwrap_or_default().contains("already labelled"));

    h.key(KeyCode::Char('t')).await;
    clear_prompt(&mut h).await;
    h.keys("Web shop").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    for words in
        ["Set this label?", "“Máy chủ bán hàng” → “Web shop”", r#"POST /service/2207/label {"label":"Web shop"}"#]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    assert!(h.changes_sent().is_empty());
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/label"]);
    assert!(h.demo.requests().iter().any(|r| r == "GET /service/2207/label"), "read again");
    assert_eq!(h.app.profile().screens.services.labels.get(&2207).map(String::as_str), Some("Web shop"));
    h.key(KeyCode::Char('t')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned()).as_deref(), Some("Web shop"));
}

#[tokio::test]
async fn a_service_whose_methods_list_nothing_offers_neither() {
    let mut h = on_service("2209").await;
    let hints = h.app.hinted_actions();
    assert!(!hints.contains(&Action::CancelService) && !hints.contains(&Action::LabelService), "{hints:?}");
    let shown = h.screen_text(80, 24);
    assert!(!shown.contains("cancel it at") && !shown.contains("set its label"), "{shown}");
    h.key(KeyCode::Char('x')).await;
    h.key(KeyCode::Char('t')).await;
    assert_eq!(h.prompt_kind(), None, "nothing asked");
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(said, "service #2209 does not offer a label (it offers: nothing): nothing was sent");
    assert!(h.changes_sent().is_empty());
}
