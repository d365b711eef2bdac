//! Buying a name from the domains screen, against the demo portal over real HTTP: `/` and a
//! free .vn name, `o` its order form (the ID number the .vn form requires refused when left
//! empty, before anything is sent), the portal's quote in the confirmation (its total the
//! quote's), the order sent once with the documented fields, the new registration and its
//! invoice read without `r`; a taken name transferred in with its code; an order whose
//! answer is unclear settled by reading again, never sent twice.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::buying::quote_body;
use portal_tui::api::{Language, Money};
use portal_tui::app::screens::domains::OrderField;
use portal_tui::demo::{Fault, FaultRule, example_domain_order};
use portal_tui::i18n::format::money_in;
use support::harness::Harness;
use support::jwt_client;

/// Logged in to the whole demo account (its lists read), on the Domains screen, traffic
/// forgotten.
async fn on_domains() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    h.demo.reset_traffic();
    h
}

fn sent(h: &Harness, request: &str) -> usize {
    h.demo.requests().iter().filter(|r| r.as_str() == request).count()
}

fn rows(h: &Harness) -> Vec<(String, String)> {
    h.app.profile().confirmation.as_ref().expect("a confirmation is open").rows.clone()
}

fn row(rows: &[(String, String)], label: &str) -> String {
    rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no {label}: {rows:?}"))
}

fn info(h: &Harness) -> String {
    h.app.profile().info.clone().unwrap_or_default()
}

/// `/`, the name, Enter, then `o`: its order form, read whole.
async fn order_form(h: &mut Harness, name: &str) {
    h.lookup(name).await;
    h.key(KeyCode::Char('o')).await;
    let form = h.app.profile().screens.domains.orders.form.as_deref().expect("the order form is open");
    assert!(form.ready(), "{form:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_free_vn_name_is_registered_with_its_id_number_sent_once() {
    let mut h = on_domains().await;
    order_form(&mut h, "hoasen-tea.vn").await;
    let shown = h.screen_text(80, 24);
    for words in ["Register hoasen-tea.vn", "1 year(s) · 750,000 VND", "the account's own", "* required"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("order_form_en_80x24", h.render(80, 24).backend());
    // The ID number the .vn form requires, left empty: refused here, nothing asked.
    h.key(KeyCode::Enter).await;
    let form = h.app.profile().screens.domains.orders.form.as_deref().unwrap();
    assert_eq!(form.focus, OrderField::Extra(0), "the cursor on what to fix");
    assert!(form.error.as_deref().unwrap_or_default().contains("is required: nothing was sent"), "{form:?}");
    assert!(h.app.profile().confirmation.is_none());
    assert_eq!((sent(&h, "POST /quote"), sent(&h, "POST /domain/order")), (0, 0));
    assert!(h.screen_text(80, 24).contains("nothing was sent"));
    h.keys("079186001234").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(sent(&h, "POST /quote"), 1, "the portal's quote, asked once");
    let client = jwt_client(&h.demo);
    let (quote, _) = client.quote(&quote_body(example_domain_order().quote_item(), None, None)).await.unwrap();
    let total = money_in(quote.total.unwrap(), "VND", Language::English);
    let rows = rows(&h);
    assert_eq!(row(&rows, "Total"), total, "the confirmation's total is the quote's");
    assert_eq!(row(&rows, "Buying"), "register hoasen-tea.vn (.vn)");
    assert_eq!(row(&rows, "Period"), "1 year(s)");
    assert!(row(&rows, "Options").contains("079186001234"), "{rows:?}");
    assert_eq!(row(&rows, "Payment"), "the portal's default");
    // The demo account's credit is short of it: said, and what the portal will do.
    assert_eq!(row(&rows, "Credit, paying from it"), format!("660,000 VND: not enough to pay {total}"));
    assert_eq!(row(&rows, "Not enough credit"), "the portal bills an invoice to pay");
    insta::assert_snapshot!("order_confirm_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    assert_eq!(sent(&h, "POST /domain/order"), 1);
    let orders = h.demo.orders();
    assert_eq!(orders.len(), 1, "{orders:?}");
    assert_eq!(
        orders[0].2,
        serde_json::json!({"name": "hoasen-tea.vn", "years": 1, "action": "register", "tld_id": "1",
            "data": {"idnumber": "079186001234"}})
    );
    // Read again without `r`: the registration selected, its invoice named and listed.
    let domains = &h.app.profile().screens.domains;
    let selected = domains.selected_record().expect("a registration selected");
    assert_eq!((selected.name.as_str(), selected.status.as_str()), ("hoasen-tea.vn", "Pending"));
    assert!(domains.orders.form.is_none() && domains.checked.is_none());
    let said = info(&h);
    assert!(said.starts_with("hoasen-tea.vn ordered — invoice #"), "{said}");
    assert!(
        said.contains(&format!(", {total}, due ")) && said.ends_with("c on Invoices pays it from the credit"),
        "{said}"
    );
    let invoice = said.split('#').nth(1).and_then(|s| s.split(',').next()).unwrap().to_owned();
    let invoices = &h.app.profile().screens.invoices.browse.items;
    assert!(invoices.iter().any(|i| i.id == invoice.as_str()), "invoice #{invoice} listed: {invoices:?}");
    assert!(h.demo.requests().iter().any(|r| r == "GET /service"), "the services read again too");
    assert_eq!(sent(&h, "POST /domain/order"), 1, "sent once");
    // On Invoices, the new invoice is the one selected, open: `c` pays exactly it (the
    // credit short of it, what of it to pay is asked, the whole credit offered).
    h.key(KeyCode::Char('4')).await;
    let browse = &h.app.profile().screens.invoices.browse;
    assert_eq!(browse.selected().map(|i| i.id.as_str()), Some(invoice.as_str()), "the new invoice selected");
    assert_eq!(browse.open().map(|i| i.id.as_str()), Some(invoice.as_str()), "and open");
    h.key(KeyCode::Char('c')).await;
    h.key(KeyCode::Enter).await;
    let change = h.app.profile().confirmation.as_ref().expect("the payment is put up").change.describe();
    assert!(change.starts_with(&format!("POST /invoice/{invoice}/credit")), "{change}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_confirmation_in_vietnamese_and_an_order_refused_before_the_quote() {
    let mut h = on_domains().await;
    h.key(KeyCode::Char('L')).await;
    order_form(&mut h, "hoasen-tea.vn").await;
    // One nameserver: refused here, the cursor on it.
    h.key(KeyCode::Tab).await;
    h.keys("ns1.hoasen.vn").await;
    h.key(KeyCode::Enter).await;
    let form = h.app.profile().screens.domains.orders.form.as_deref().unwrap();
    assert_eq!(form.focus, OrderField::Nameservers, "{form:?}");
    assert_eq!(sent(&h, "POST /quote"), 0);
    h.keys(" ns2.hoasen.vn").await;
    // Past the four roles' contacts to the ID number.
    for _ in 0..5 {
        h.key(KeyCode::Tab).await;
    }
    h.keys("079186001234").await;
    h.key(KeyCode::Enter).await;
    let rows = rows(&h);
    assert_eq!(row(&rows, "Mua"), "đăng ký hoasen-tea.vn (.vn)");
    assert!(row(&rows, "Tùy chọn").contains("ns1.hoasen.vn, ns2.hoasen.vn"), "{rows:?}");
    insta::assert_snapshot!("order_confirm_vi_80x24", h.render(80, 24).backend());
    // Not sent: `n` goes back to the form, as it was.
    h.key(KeyCode::Char('n')).await;
    assert!(h.app.profile().screens.domains.orders.form.is_some());
    h.key(KeyCode::Esc).await;
    assert!(h.app.profile().screens.domains.orders.form.is_none());
    assert_eq!(sent(&h, "POST /domain/order"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_role_takes_its_own_contact_named_in_the_confirmation_and_sent_by_role() {
    let mut h = on_domains().await;
    order_form(&mut h, "hoasen-tea.vn").await;
    // Registrant: the first contact; admin left as the registrant's; tech the second
    // contact; billing the account's own.
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    assert_eq!(h.app.profile().screens.domains.orders.form.as_deref().unwrap().focus, OrderField::Contact(0));
    h.key(KeyCode::Right).await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    for _ in 0..3 {
        h.key(KeyCode::Right).await;
    }
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Right).await;
    h.key(KeyCode::Tab).await;
    h.keys("079186001234").await;
    let shown = h.screen_text(80, 24);
    for words in [
        "Registrant             ‹ #49 Lan Nguyễn Thị <lan.nguyen@example.vn> ›",
        "Admin contact          ‹ as the registrant ›",
        "Tech contact           ‹ #50 Minh Trần Văn <ketoan@phosaigon.vn> ›",
        "Billing contact        ‹ the account's own ›",
        "Payment",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("order_form_roles_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    // At 80×24 the contacts take a line each (not one a role), the total still shown.
    assert!(shown.contains("Total                   750,000 VND"), "{shown}");
    let options: Vec<String> = rows(&h)
        .into_iter()
        .skip_while(|(label, _)| label != "Options")
        .take_while(|(label, _)| label == "Options" || label.is_empty())
        .map(|(_, value)| value)
        .collect();
    assert_eq!(
        options[..3],
        [
            "contact of registrant, admin: #49 Lan Nguyễn Thị",
            "contact of tech: #50 Minh Trần Văn",
            "contact of billing: the account's own",
        ],
        "{options:?}"
    );
    h.key(KeyCode::Char('y')).await;
    let orders = h.demo.orders();
    assert_eq!(orders.len(), 1, "{orders:?}");
    assert_eq!(
        orders[0].2,
        serde_json::json!({"name": "hoasen-tea.vn", "years": 1, "action": "register", "tld_id": "1",
            "registrant": "49", "admin": "49", "tech": "50", "data": {"idnumber": "079186001234"}}),
        "the account's own (billing) is not sent"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_name_is_transferred_in_with_its_code() {
    let mut h = on_domains().await;
    order_form(&mut h, "tino.vn").await;
    let form = h.app.profile().screens.domains.orders.form.as_deref().unwrap();
    assert!(form.transfer, "a taken name is transferred in");
    assert!(h.screen_text(80, 24).contains("Transfer tino.vn in"));
    // The code left out: refused, the cursor on it.
    h.key(KeyCode::Enter).await;
    let form = h.app.profile().screens.domains.orders.form.as_deref().unwrap();
    assert_eq!(form.focus, OrderField::Epp, "{form:?}");
    h.keys("Xf9-2kQ").await;
    assert!(!h.screen_text(80, 24).contains("Xf9-2kQ"), "the code is masked in the form");
    // The .vn form's ID number, past the nameservers and the four roles' contacts.
    for _ in 0..6 {
        h.key(KeyCode::Tab).await;
    }
    h.keys("079186001234").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(row(&rows(&h), "Buying"), "transfer tino.vn in (.vn), with its transfer code");
    assert!(row(&rows(&h), "Request").contains(r#""epp":"••••••""#), "{:?}", rows(&h));
    assert!(!format!("{:?}", rows(&h)).contains("Xf9-2kQ"), "the confirmation never shows the code");
    h.key(KeyCode::Char('y')).await;
    let orders = h.demo.orders();
    assert_eq!(orders.len(), 1, "{orders:?}");
    assert_eq!(orders[0].2["action"], "transfer");
    assert_eq!(orders[0].2["epp"], "Xf9-2kQ");
    assert!(info(&h).starts_with("tino.vn ordered — invoice #"), "{}", info(&h));
}

/// A confirmation taller than 80×24 (a transfer in Vietnamese: the portal's long field
/// title, the request) gives way in its middle, never on its total and what follows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confirmation_too_tall_for_the_screen_keeps_its_total_in_view() {
    let mut h = on_domains().await;
    h.key(KeyCode::Char('L')).await;
    order_form(&mut h, "tino.vn").await;
    h.key(KeyCode::Enter).await;
    h.keys("Xf9-2kQ").await;
    // Nameservers, and a contact of the account for the registrant (the others follow it).
    h.key(KeyCode::Tab).await;
    h.keys("ns1.hoasen.vn ns2.hoasen.vn").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Right).await;
    for _ in 0..4 {
        h.key(KeyCode::Tab).await;
    }
    h.keys("079186001234").await;
    h.key(KeyCode::Enter).await;
    let screen = h.screen_text(80, 24);
    assert!(screen.contains("còn"), "taller than the screen, as it is in Vietnamese:\n{screen}");
    for kept in ["Tổng cộng", "Thanh toán", "Yêu cầu"] {
        assert!(screen.contains(kept), "{kept:?} in view:\n{screen}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_whose_answer_is_unclear_is_settled_by_reading_again_never_sent_twice() {
    let mut h = on_domains().await;
    order_form(&mut h, "hoasen-tea.vn").await;
    for _ in 0..6 {
        h.key(KeyCode::Tab).await;
    }
    h.keys("079186001234").await;
    h.key(KeyCode::Enter).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::AppliedServerError, "/domain/order").method("POST").times(1)]);
    h.key(KeyCode::Char('y')).await;
    assert_eq!(sent(&h, "POST /domain/order"), 1, "never sent twice");
    let said = info(&h);
    let domains = &h.app.profile().screens.domains;
    let selected = domains.selected_record().map(|r| r.name.as_str());
    assert_eq!(selected, Some("hoasen-tea.vn"), "applied: read again; {said}; {:?}", h.demo.requests());
    assert!(said.starts_with("hoasen-tea.vn ordered — invoice #"), "the invoice found as the new one: {said}");
    // Ordered and unpaid: the name is the account's now, and not offered again.
    h.lookup("hoasen-tea.vn").await;
    assert!(h.app.profile().screens.domains.checked.is_none());
    let total = Money::parse("750000").unwrap();
    assert!(said.contains(&money_in(total, "VND", Language::English)), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_zone_is_created_then_deleted_with_its_name_typed() {
    let mut h = on_domains().await;
    h.key(KeyCode::Char('Z')).await;
    assert_eq!(h.prompt_kind(), Some(portal_tui::app::PromptKind::ZoneName));
    h.keys("hoasen-tea.com").await;
    h.key(KeyCode::Enter).await;
    if h.prompt_kind() == Some(portal_tui::app::PromptKind::ZoneService) {
        h.keys("2230").await;
        h.key(KeyCode::Enter).await;
    }
    let asked = rows(&h);
    assert_eq!(row(&asked, "Zone"), "hoasen-tea.com");
    assert!(row(&asked, "Service").starts_with("#2230"), "{asked:?}");
    assert!(h.changes_sent().is_empty(), "nothing sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2230/dns"]);
    let view = &h.app.profile().screens.domains;
    assert!(view.zone_named("hoasen-tea.com").is_some(), "the zones read again");
    assert!(view.records.iter().any(|r| r.name == "hoasen-tea.com"), "listed as a name only a zone holds");
    // A name already hosted is refused at its prompt, nothing sent.
    h.key(KeyCode::Char('Z')).await;
    h.keys("hoasen-tea.com").await;
    h.key(KeyCode::Enter).await;
    let refused = h.app.shell.prompt.as_ref().and_then(|p| p.error.clone()).unwrap_or_default();
    assert!(refused.contains("already hosted"), "{refused}");
    h.key(KeyCode::Esc).await;

    // Its detail, then `D`: its name typed exactly, then the confirmation.
    h.lookup("hoasen-tea.com").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.domains.detail_record().map(|r| r.name.as_str()), Some("hoasen-tea.com"));
    assert!(h.app.hinted_actions().contains(&portal_tui::config::keys::Action::DeleteZone));
    h.demo.reset_traffic();
    h.key(KeyCode::Char('D')).await;
    assert_eq!(h.prompt_kind(), Some(portal_tui::app::PromptKind::ZoneDeleteTyped));
    h.keys("hoasen-tea.vn").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_none(), "a wrong name puts up nothing");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('D')).await;
    h.keys("hoasen-tea.com").await;
    h.key(KeyCode::Enter).await;
    let view = &h.app.profile().screens.domains;
    let zone = view.zone_named("hoasen-tea.com").and_then(|z| z.at()).unwrap();
    let records = view.dns.get(&portal_tui::api::DnsSource::Zone(zone)).unwrap().as_ref().unwrap();
    let going = records.iter().filter(|r| !r.is_fixed()).count();
    assert_eq!(row(&rows(&h), "Goes with it"), format!("{going} record(s)"));
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), [format!("DELETE /service/2230/dns/{}", zone.zone_id)]);
    let view = &h.app.profile().screens.domains;
    assert!(view.zone_named("hoasen-tea.com").is_none() && !view.records.iter().any(|r| r.name == "hoasen-tea.com"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registrations_contacts_are_shown_and_changed() {
    let mut h = Harness::on_first_domain().await;
    let view = &h.app.profile().screens.domains;
    let (id, name) = view.detail_record().map(|r| (r.id.to_string(), r.name.to_string())).unwrap();
    assert_eq!(sent(&h, &format!("GET /domain/{id}/contact")), 0, "read when the detail opened, before");
    let shown = h.screen_text(120, 60);
    assert!(shown.contains("Contacts (WHOIS) — C changes them"), "{shown}");
    assert!(shown.contains("registrant") && shown.contains("demo@example.vn"), "{shown}");
    h.key(KeyCode::Char('C')).await;
    assert!(h.app.profile().screens.domains.whois.form.is_some());
    // Nothing changed: said, nothing sent.
    h.key(KeyCode::Enter).await;
    let form = h.app.profile().screens.domains.whois.form.as_deref().unwrap();
    assert!(form.error.as_deref().unwrap_or_default().contains("already as typed"), "{form:?}");
    assert!(h.app.profile().confirmation.is_none());
    // The registrant's e-mail, typed over.
    let at = form.fields().iter().position(|(f, _)| *f == "email").unwrap();
    for _ in 0..=at {
        h.key(KeyCode::Tab).await;
    }
    h.ctrl('u').await;
    h.keys("tea@hoasen.vn").await;
    insta::assert_snapshot!("contacts_form_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Enter).await;
    let asked = rows(&h);
    assert_eq!(row(&asked, "registrant"), "email: “demo@example.vn” → “tea@hoasen.vn”");
    assert!(row(&asked, "Request").starts_with(&format!("PUT /domain/{id}/contact {{\"registrant\":{{")), "{asked:?}");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), [format!("PUT /domain/{id}/contact")]);
    let view = &h.app.profile().screens.domains;
    let read = view.whois.read.get(&id.parse().unwrap()).unwrap().as_ref().unwrap();
    let email = read.role("registrant").unwrap().iter().find(|(k, _)| k == "email").map(|(_, v)| v.as_str());
    assert_eq!(email, Some("tea@hoasen.vn"), "read again");
    assert_eq!(read.role("admin").unwrap().iter().find(|(k, _)| k == "email").unwrap().1, "demo@example.vn");
    assert!(view.whois.form.is_none());
    assert!(h.screen_text(120, 60).contains("tea@hoasen.vn"), "{name}'s detail shows it");
}
