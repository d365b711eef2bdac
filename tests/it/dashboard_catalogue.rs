//! The Catalogue screen: what the demo portal sells read and shown by category with every
//! period and price; a product ordered from its form at the portal's own quote, confirmed
//! with the command line's preview, sent once with the documented fields, and what it made
//! (a pending service, an unpaid invoice) shown without `r`; a lost answer settled by
//! reading again, never sent twice; a required option left empty refused before anything
//! is sent.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::buying::{ProductPurchase, quote_body};
use portal_tui::api::{Language, Money};
use portal_tui::app::Screen;
use portal_tui::demo::{Fault, FaultRule};
use portal_tui::i18n::format::money_in;
use support::harness::Harness;

/// Logged in to the whole demo account, on the Catalogue (after Upgrades: `6`, `Tab`), its
/// lists read, the traffic forgotten.
async fn on_catalogue() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.key(KeyCode::Tab).await;
    assert_eq!(h.app.profile().screen, Screen::Catalogue);
    h.demo.reset_traffic();
    h
}

/// The product `name` selected in the list.
fn select(h: &mut Harness, name: &str) {
    let view = &mut h.app.profile_mut().screens.catalogue.browse;
    let id = view.items.iter().find(|o| o.product.name == name).expect("listed").product.id.clone();
    assert!(view.select_id(&id), "{name} shown");
}

fn orders_sent(h: &Harness) -> Vec<String> {
    h.demo.requests().into_iter().filter(|r| r.starts_with("POST /order/")).collect()
}

fn rows(h: &Harness) -> Vec<(String, String)> {
    h.app.profile().confirmation.as_ref().expect("a confirmation is open").rows.clone()
}

fn row<'a>(rows: &'a [(String, String)], label: &str) -> &'a str {
    rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.as_str()).unwrap_or_else(|| panic!("no {label}: {rows:?}"))
}

/// Presses `code` `times` times.
async fn press(h: &mut Harness, code: KeyCode, times: usize) {
    for _ in 0..times {
        h.key(code).await;
    }
}

/// The Cloud VPS VN-2's form filled: 2 more GB of RAM, a domain, the promotion code, the
/// first payment method (rows: period, CPU, RAM, system, backup, domain, code, payment).
async fn fill_the_vps(h: &mut Harness) {
    select(h, "Cloud VPS VN-2");
    h.key(KeyCode::Char('o')).await;
    let form = h.app.profile().screens.catalogue.form.as_deref().expect("the form is open");
    assert!(form.config.is_some(), "the order form read");
    press(h, KeyCode::Down, 2).await;
    press(h, KeyCode::Right, 2).await;
    press(h, KeyCode::Down, 3).await;
    h.keys("hoasen-tea.vn").await;
    h.key(KeyCode::Down).await;
    h.keys("KHAITRUONG").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Right).await;
}

#[tokio::test]
async fn the_categories_and_their_products_are_read_and_shown_with_every_period() {
    let mut h = Harness::whole_account().await;
    let catalogue_reads = |h: &Harness| -> Vec<String> {
        h.demo.requests().into_iter().filter(|r| r.starts_with("GET /category")).collect()
    };
    assert_eq!(catalogue_reads(&h), Vec::<String>::new(), "not read at sign-in");
    h.key(KeyCode::Char('6')).await;
    assert_eq!(catalogue_reads(&h), Vec::<String>::new(), "nor on another screen");
    // Shown: the categories, then each one's products, once.
    h.key(KeyCode::Tab).await;
    let mut asked = catalogue_reads(&h);
    asked.sort();
    let products = [10, 11, 12, 6].map(|id| format!("GET /category/{id}/product"));
    let mut expected: Vec<String> = products.into_iter().chain(["GET /category".to_owned()]).collect();
    expected.sort();
    assert_eq!(asked, expected);
    // Shown again: nothing read again (`r` does that).
    h.key(KeyCode::Char('6')).await;
    h.key(KeyCode::Tab).await;
    assert_eq!(catalogue_reads(&h).len(), 5, "read once");
    let view = &h.app.profile().screens.catalogue;
    let names: Vec<&str> = view.browse.items.iter().map(|o| o.product.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Hosting Cá nhân",
            "Hosting Doanh nghiệp",
            "Cloud VPS VN-2",
            "Cloud VPS VN-4",
            "PositiveSSL",
            "Sectigo OV SSL"
        ]
    );
    let shown = h.screen_text(80, 24);
    for words in [
        "Shop — 6 — Enter opens",
        "▾ Hosting (2)",
        "▾ Cloud VPS (2)",
        "Hosting Cá nhân      Annually   590,000 VND",
        "Monthly (m)     59,000 VND",
        "Quarterly (q)  170,000 VND",
        "Nothing listed in: Tên miền",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("catalogue_en_80x24", h.render(80, 24).backend());
    // Every period of the VPS, in words, with its price.
    select(&mut h, "Cloud VPS VN-2");
    let shown = h.screen_text(80, 24);
    for words in ["Monthly (m)", "Quarterly (q)", "Semi-Annually (s)", "Annually (a)", "2,640,000 VND"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    h.key(KeyCode::Char('L')).await;
    let shown = h.screen_text(80, 24);
    for words in ["Sản phẩm", "Hàng tháng (m)", "Hàng quý (q)", "2.640.000 ₫", "Không có sản phẩm trong: Tên miền"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("catalogue_vi_80x24", h.render(80, 24).backend());
    // The filter narrows by category or name.
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('/')).await;
    h.keys("ssl").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.catalogue.browse.list.shown, 2);
}

#[tokio::test]
async fn a_vps_with_two_more_gb_of_ram_is_ordered_at_the_portals_quote_and_sent_once() {
    let mut h = on_catalogue().await;
    fill_the_vps(&mut h).await;
    // The portal's quote of what the form sends, asked of it directly.
    let purchase = ProductPurchase {
        product: "Cloud VPS VN-2".into(),
        cycle: "m".into(),
        domain: Some("hoasen-tea.vn".into()),
        pay_method: Some("10".into()),
        custom: [("72".to_owned(), "2".to_owned())].into(),
        promocode: Some("KHAITRUONG".into()),
    };
    let client = support::portal::jwt_client(&h.demo);
    let body = quote_body(purchase.quote_item(341), Some("10"), Some("KHAITRUONG"));
    let (quote, _) = client.quote(&body).await.unwrap();
    assert_eq!(quote.total, Money::parse("306000"), "240,000 + 2 × 50,000, less 10%");
    let form = h.app.profile().screens.catalogue.form.as_deref().unwrap();
    assert_eq!(portal_tui::app::screens::catalogue::quote_total(form), quote.total, "the form shows its quote");
    let shown = h.screen_text(80, 24);
    for words in ["Order Cloud VPS VN-2", "RAM", "Promotion KHAITRUONG: -10%", "306,000 VND", "Chuyển khoản"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("order_form_en_80x24", h.render(80, 24).backend());
    assert!(orders_sent(&h).is_empty(), "nothing ordered while the form is filled");
    h.key(KeyCode::Enter).await;
    let rows = rows(&h);
    let total = money_in(quote.total.unwrap(), "VND", Language::English);
    assert_eq!(row(&rows, "Total"), total, "the confirmation's total is the portal's quote");
    assert_eq!(row(&rows, "Buying"), "Cloud VPS VN-2 for hoasen-tea.vn, promotion code KHAITRUONG");
    assert_eq!(row(&rows, "Period"), "Monthly");
    assert_eq!(row(&rows, "Options"), "RAM: 2 GB");
    assert_eq!(row(&rows, "Payment"), "Chuyển khoản ngân hàng (#10)");
    assert_eq!(row(&rows, "Credit, paying from it"), "660,000 VND → 354,000 VND");
    assert_eq!(row(&rows, "Portal"), "demo@example.vn at my.example.vn");
    insta::assert_snapshot!("order_confirm_en_80x24", h.render(80, 24).backend());
    assert!(orders_sent(&h).is_empty(), "nothing sent before y");
    h.key(KeyCode::Char('y')).await;
    // Sent once, with the documented fields.
    assert_eq!(orders_sent(&h), ["POST /order/341"]);
    let orders = h.demo.orders();
    assert_eq!(orders.len(), 1);
    assert_eq!(
        orders[0].2,
        serde_json::json!({"cycle": "m", "custom": {"72": "2"}, "domain": "hoasen-tea.vn", "pay_method": "10",
            "promocode": "KHAITRUONG"})
    );
    // What it made, without `r`: the service pending on Services, its invoice on Invoices.
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(
        said.starts_with("Cloud VPS VN-2 ordered — invoice #90701, 306,000 VND, due 2026-11-28; c on Invoices pays it"),
        "{said}"
    );
    let services = &h.app.profile().screens.services.browse.items;
    assert!(
        services.iter().any(|s| s.name == "Cloud VPS VN-2" && s.status == "Pending" && s.domain == "hoasen-tea.vn")
    );
    let invoices = &h.app.profile().screens.invoices.browse.items;
    assert!(invoices.iter().any(|i| i.id == "90701"), "the new invoice listed");
    // The new service selected on Services; on Invoices its invoice selected and open:
    // `c` there pays exactly it.
    let selected =
        h.app.profile().screens.services.browse.selected().map(|s| (s.name.to_string(), s.status.to_string()));
    assert_eq!(selected, Some(("Cloud VPS VN-2".to_owned(), "Pending".to_owned())));
    h.key(KeyCode::Char('4')).await;
    let browse = &h.app.profile().screens.invoices.browse;
    assert_eq!(browse.selected().map(|i| i.id.as_str()), Some("90701"), "the new invoice selected");
    assert_eq!(browse.open().map(|i| i.id.as_str()), Some("90701"), "and open");
    h.key(KeyCode::Char('c')).await;
    let change = h.app.profile().confirmation.as_ref().expect("the payment is put up").change.describe();
    assert!(change.starts_with("POST /invoice/90701/credit"), "{change}");
    h.key(KeyCode::Char('n')).await;
    h.key(KeyCode::Esc).await;
    // The same again is named as ordered and unpaid in its confirmation.
    h.key(KeyCode::Char('6')).await;
    h.key(KeyCode::Tab).await;
    select(&mut h, "Cloud VPS VN-2");
    h.key(KeyCode::Char('o')).await;
    h.key(KeyCode::Enter).await;
    let rows = self::rows(&h);
    let already = row(&rows, "Already ordered");
    assert!(
        already.starts_with("Cloud VPS VN-2 #2301 ordered at ") && already.ends_with(", invoice #90701 unpaid"),
        "{already}"
    );
    assert_eq!(orders_sent(&h).len(), 1);
}

#[tokio::test]
async fn an_order_whose_answer_is_lost_is_read_back_and_not_sent_again() {
    for fault in [Fault::AppliedServerError, Fault::AppliedDrop, Fault::AppliedUnauthorized] {
        let mut h = on_catalogue().await;
        h.demo.set_faults(vec![FaultRule::on(fault, "/order/341").method("POST").times(1)]);
        select(&mut h, "Cloud VPS VN-2");
        h.key(KeyCode::Char('o')).await;
        h.key(KeyCode::Enter).await;
        assert!(h.app.profile().confirmation.is_some(), "{}: put up", fault.name());
        h.key(KeyCode::Char('y')).await;
        assert_eq!(orders_sent(&h), ["POST /order/341"], "{}: sent once", fault.name());
        // Read again: the new service and invoice say it was applied.
        let said = format!("{:?} {:?}", h.app.profile().info, h.app.profile().error);
        assert!(said.contains("invoice #90701"), "{}: {said}", fault.name());
        assert!(h.app.profile().screens.services.browse.items.iter().any(|s| s.status == "Pending"));
    }
    // Reads that lag show nothing new: it cannot be told, and is not sent again.
    let mut h = on_catalogue().await;
    let lost = FaultRule::on(Fault::AppliedServerError, "/order/341").method("POST").times(1);
    h.demo.set_faults(vec![FaultRule::always(Fault::LaggingReads), lost]);
    select(&mut h, "Cloud VPS VN-2");
    h.key(KeyCode::Char('o')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(orders_sent(&h), ["POST /order/341"]);
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.contains("may or may not"), "{error}");
    h.key(KeyCode::Char('o')).await;
    assert_eq!(orders_sent(&h).len(), 1, "never sent again on its own");
}

#[tokio::test]
async fn a_required_option_left_empty_is_refused_before_anything_is_sent() {
    let mut h = on_catalogue().await;
    select(&mut h, "Sectigo OV SSL");
    h.key(KeyCode::Char('o')).await;
    assert!(h.changes_sent().is_empty(), "no quote of a form missing a required option: {:?}", h.changes_sent());
    h.key(KeyCode::Enter).await;
    let form = h.app.profile().screens.catalogue.form.as_deref().expect("the form stays open");
    let error = form.error.clone().unwrap_or_default();
    assert_eq!(error, "Tên tổ chức (theo giấy phép kinh doanh) is required: type it");
    assert_eq!(form.focus, 1, "on the option left empty");
    assert!(h.app.profile().confirmation.is_none());
    assert!(h.changes_sent().is_empty(), "nothing sent: {:?}", h.changes_sent());
    insta::assert_snapshot!("order_required_en_80x24", h.render(80, 24).backend());
    // Typed, it is quoted and put up; what was chosen before is kept.
    h.keys("Công ty TNHH Phở Sài Gòn").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.changes_sent(), ["POST /quote"]);
    let rows = rows(&h);
    assert_eq!(row(&rows, "Options"), "Tên tổ chức (theo giấy phép kinh doanh): Công ty TNHH Phở Sài Gòn");
    assert_eq!(row(&rows, "Total"), "2,100,000 VND");
    // Short of the credit: said, and what the portal does.
    assert_eq!(row(&rows, "Credit, paying from it"), "660,000 VND: not enough to pay 2,100,000 VND");
    assert!(row(&rows, "Not enough credit").contains("an invoice to pay"));
    assert_eq!(
        h.app.profile().confirmation.as_ref().unwrap().title.get(Language::English),
        "Order without the credit to pay it?"
    );
    // A quantity beyond its bounds is said as the field is left, and not quoted.
    h.key(KeyCode::Char('n')).await;
    h.key(KeyCode::Esc).await;
    select(&mut h, "Cloud VPS VN-2");
    h.key(KeyCode::Char('o')).await;
    press(&mut h, KeyCode::Down, 2).await;
    h.key(KeyCode::Backspace).await;
    h.keys("99").await;
    h.key(KeyCode::Down).await;
    let form = h.app.profile().screens.catalogue.form.as_deref().unwrap();
    assert_eq!(form.error.as_deref(), Some("RAM takes 0–32, not “99”"));
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_none());
    assert!(orders_sent(&h).is_empty());
}

#[tokio::test]
async fn the_form_and_its_confirmation_in_vietnamese() {
    let mut h = on_catalogue().await;
    h.key(KeyCode::Char('L')).await;
    fill_the_vps(&mut h).await;
    let shown = h.screen_text(80, 24);
    for words in
        ["Đặt mua Cloud VPS VN-2", "Kỳ hạn", "‹ Hàng tháng · 240.000 ₫ ›", "Khuyến mãi KHAITRUONG", "306.000 ₫"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("order_form_vi_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Enter).await;
    let rows = rows(&h);
    assert_eq!(row(&rows, "Tổng cộng"), "306.000 ₫");
    assert_eq!(row(&rows, "Kỳ hạn"), "Hàng tháng");
    insta::assert_snapshot!("order_confirm_vi_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert!(said.starts_with("đã đặt Cloud VPS VN-2 — hóa đơn #90701, 306.000 ₫, hạn 28/11/2026"), "{said}");
}
