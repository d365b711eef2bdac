//! Large numbers are never cut at 80 columns: an invoice, a service, a domain's renewal
//! and an upgrade choice of 1,234,567,890 VND, and a request of a billion bytes, read
//! whole; the text beside them gives way, with an ellipsis.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::Money;
use support::harness::Harness;

fn billion() -> Money {
    Money::parse("1234567890").unwrap()
}

/// The screen's rows as text.
fn rows(h: &mut Harness) -> Vec<String> {
    h.screen_text(80, 24).lines().map(str::to_owned).collect()
}

/// The row of the screen that holds `text`.
fn row_with(h: &mut Harness, text: &str) -> String {
    let rows = rows(h);
    rows.iter().find(|r| r.contains(text)).cloned().unwrap_or_else(|| panic!("{text:?} in\n{}", rows.join("\n")))
}

#[tokio::test]
async fn an_invoice_and_a_service_of_a_billion_read_whole_at_80_columns() {
    let mut h = Harness::whole_account().await;
    // The list as the portal would send it, with one invoice of a billion.
    let invoices = &mut h.app.profile_mut().screens.invoices.browse;
    let mut items = invoices.items.clone();
    items.iter_mut().find(|i| i.id == "90310").unwrap().total = billion();
    invoices.set_items(items);
    h.key(KeyCode::Char('4')).await;
    assert!(row_with(&mut h, "2026/09/0310").contains(" 1,234,567,890 VND"), "the whole amount");
    insta::assert_snapshot!("invoices_a_billion_80x24", h.render(80, 24).backend());

    let services = &mut h.app.profile_mut().screens.services.browse;
    let mut items = services.items.clone();
    items.iter_mut().find(|s| s.id == "2207").unwrap().total = billion();
    services.set_items(items);
    h.key(KeyCode::Char('3')).await;
    assert!(row_with(&mut h, "Cloud VPS VN-2").contains(" 1,234,567,890"), "the whole amount");
    // No name gives way while the cycle column can (the detail says the cycle).
    assert!(row_with(&mut h, "Hosting Doanh nghiệp (banhmihoian.com.vn)").contains(" 1,890,000 VND"));
    assert!(!rows(&mut h).iter().any(|r| r.contains("Annually")), "the cycle gave way");
    insta::assert_snapshot!("services_a_billion_80x24", h.render(80, 24).backend());
}

#[tokio::test]
async fn a_domain_renewing_at_a_billion_reads_whole_beside_a_long_name_at_80_columns() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    // The list as the portal would send it, with this registration in it.
    let mut records = h.app.profile().screens.domains.records.clone();
    let record = records.iter_mut().find(|r| r.name == "phosaigon.vn").unwrap();
    record.recurring_amount = billion();
    record.name = "dich-vu-luu-tru-doanh-nghiep-phosaigon.vn".into();
    h.app.profile_mut().screens.domains.set_listed(records);
    let row = row_with(&mut h, "dich-vu-luu");
    assert!(row.contains(" 1,234,567,890"), "the whole amount: {row}");
    assert!(row.contains("…"), "the name gives way, visibly: {row}");
}

#[tokio::test]
async fn the_request_logs_sizes_and_times_read_whole() {
    use portal_tui::api::http::exchanges::Exchange;
    use portal_tui::app::LogEntry;
    let mut h = Harness::logged_in().await;
    let exchange = Exchange {
        method: "GET".into(),
        path: "/invoice/90310".into(),
        status: Some(200),
        elapsed: std::time::Duration::from_millis(1_234_567),
        bytes: 1_234_567_890,
        body: Vec::new(),
        failure: None,
        withheld: false,
    };
    let at = std::time::SystemTime::now();
    h.app.shell.log.push(LogEntry::Request { at, profile: "client".into(), exchange, attempt: 1 });
    h.key(KeyCode::Char('8')).await;
    let row = row_with(&mut h, "/invoice/90310");
    assert!(row.contains(" 1,234,567 ms 1,234,567,890 "), "{row}");
}

#[tokio::test]
async fn an_upgrade_choice_of_a_billion_reads_whole_beside_a_long_name() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    let options = h.app.profile_mut().screens.upgrades.options.as_mut().unwrap();
    let item = options.resources.iter_mut().flat_map(|r| r.items.iter_mut()).next().unwrap();
    item.name = "Cloud VPS doanh nghiệp 16 vCPU, 64 GB RAM, 1 TB NVMe, băng thông không giới hạn".into();
    item.price = billion();
    let row = row_with(&mut h, "Cloud VPS doanh");
    assert!(row.contains(" 1,234,567,890"), "the whole price: {row}");
    assert!(row.contains("…"), "the name gives way, visibly: {row}");
}
