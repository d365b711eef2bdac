//! What paying an invoice whole does in the demo portal beyond the credit, as HostBill
//! does: a renewal billed on an invoice of its own moves the expiry only then, and what an
//! order made becomes active (a registration with its expiry, a service with its next due
//! date). Read over real HTTP.

use crate::support;

use portal_tui::api::buying::{DomainPurchase, ProductPurchase};
use portal_tui::api::models::{DomainRecord, Invoice, Service, parse_date, years_after};
use portal_tui::api::{Change, PortalClient};
use portal_tui::demo::{Fault, FaultRule, example_domain_order, example_product_order};
use support::*;

async fn new_invoice(client: &PortalClient, before: &[Invoice]) -> u64 {
    let after = client.invoices().await.unwrap();
    let fresh = after.iter().find(|i| !before.iter().any(|b| b.id == i.id)).expect("a new invoice");
    fresh.id.parse().unwrap()
}

async fn domain(client: &PortalClient, name: &str) -> DomainRecord {
    client.domains().await.unwrap().into_iter().find(|d| d.name == name).expect("listed")
}

#[tokio::test]
async fn a_renewal_billed_on_an_invoice_moves_the_expiry_when_it_is_paid() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![FaultRule::always(Fault::RenewalsInvoiced)]);
    let was = client.domains().await.unwrap().into_iter().find(|d| d.id == "5120").unwrap();
    let invoices = client.invoices().await.unwrap();
    client.apply(&Change::DomainRenew { domain_id: 5120, years: 1 }, None, |_, _| {}).await.result.unwrap();
    let invoice = new_invoice(&client, &invoices).await;
    let billed = domain(&client, &was.name).await;
    assert_eq!(billed.expires, was.expires, "billed, not renewed yet");
    client.apply(&Change::InvoicePay { invoice_id: invoice, amount: None }, None, |_, _| {}).await.result.unwrap();
    let paid = domain(&client, &was.name).await;
    let expected = years_after(parse_date(&was.expires).unwrap(), 1).unwrap();
    assert_eq!(parse_date(&paid.expires), Some(expected), "{paid:?}");
    // Paid once: paying nothing more moves nothing more.
    let again = client.apply(&Change::InvoicePay { invoice_id: invoice, amount: None }, None, |_, _| {}).await;
    assert!(again.result.is_err());
    assert_eq!(domain(&client, &was.name).await.expires, paid.expires);
}

#[tokio::test]
async fn what_an_order_made_is_active_once_its_invoice_is_paid() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    // Within the demo's credit: a .com for a year.
    let order = DomainPurchase { name: "hoasen-tea.com".into(), tld_id: "3".into(), ..example_domain_order() };
    let invoices = client.invoices().await.unwrap();
    client.apply(&Change::OrderDomain { order: order.clone() }, None, |_, _| {}).await.result.unwrap();
    let invoice = new_invoice(&client, &invoices).await;
    let pending = domain(&client, &order.name).await;
    assert_eq!(pending.status, "Pending");
    client.apply(&Change::InvoicePay { invoice_id: invoice, amount: None }, None, |_, _| {}).await.result.unwrap();
    let active = domain(&client, &order.name).await;
    assert_eq!(active.status, "Active", "{active:?}");
    let today = parse_date(&pending.date_created).unwrap();
    assert_eq!(parse_date(&active.expires), years_after(today, order.years), "{active:?}");

    let product =
        ProductPurchase { product: "Hosting Cá nhân".into(), custom: Default::default(), ..example_product_order() };
    let invoices = client.invoices().await.unwrap();
    let services = client.services().await.unwrap();
    client.apply(&Change::OrderProduct { product_id: 333, order: product }, None, |_, _| {}).await.result.unwrap();
    let invoice = new_invoice(&client, &invoices).await;
    let made = |list: Vec<Service>| list.into_iter().find(|s| !services.iter().any(|b| b.id == s.id)).unwrap();
    assert_eq!(made(client.services().await.unwrap()).status, "Pending");
    client.apply(&Change::InvoicePay { invoice_id: invoice, amount: None }, None, |_, _| {}).await.result.unwrap();
    let service = made(client.services().await.unwrap());
    assert_eq!(service.status, "Active", "{service:?}");
    assert!(parse_date(&service.next_due).unwrap() > today, "{service:?}");
}
