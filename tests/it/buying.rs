//! Buying from the command line, against the demo portal over real HTTP: `catalogue`,
//! `domain order` (a registration with the .vn form's ID number, a transfer with its code),
//! `order` (a VPS with more RAM and a promotion code), each confirmation's total the portal's
//! own quote; an order whose answer is lost is never sent again; a domain's contacts shown
//! and changed; a hosted zone created and deleted.

use crate::support;

use portal_tui::api::buying::quote_body;
use portal_tui::api::{Language, Money};
use portal_tui::demo::{DemoPortal, Fault, FaultRule, example_domain_order, example_product_order};
use portal_tui::i18n::format::money_in;
use serde_json::Value;
use support::cli::{portal_tui, said, started};
use support::jwt_client;
use support::portal::changes;

/// How many times the demo received `request` (`METHOD /path`).
fn received(demo: &DemoPortal, request: &str) -> usize {
    demo.requests().iter().filter(|r| *r == request).count()
}

/// The total the demo's quote gives for `item`, as the confirmation writes it in English.
async fn quoted(demo: &DemoPortal, item: Value, promocode: Option<&str>) -> String {
    let client = jwt_client(demo);
    let (quote, _) = client.quote(&quote_body(item, None, promocode)).await.unwrap();
    money_in(quote.total.expect("the demo's quote has a total"), "VND", Language::English)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_free_vn_name_is_registered_with_its_id_number_sent_once() {
    let (demo, state) = started().await;
    let total = quoted(&demo, example_domain_order().quote_item(), None).await;
    assert_eq!(total, "750,000 VND");
    demo.reset_traffic();
    let args = ["domain", "order", "hoasen-tea.vn", "--set", "idnumber=079186001234", "--yes"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &args).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("\n  Total: {total}\n")), "the confirmation's total is the quote's: {out}");
    assert!(out.contains("Portal's quote: Domain registration - hoasen-tea.vn - 1 year(s): 750,000 VND"), "{out}");
    assert!(out.contains("hoasen-tea.vn ordered — invoice #90701, 750,000 VND, due "), "{out}");
    assert!(out.contains("`invoice pay 90701` pays it from the credit"), "{out}");
    assert_eq!(received(&demo, "POST /domain/order"), 1);
    let orders = demo.orders();
    assert_eq!(orders.len(), 1, "{orders:?}");
    let (host, path, body) = &orders[0];
    assert_eq!((host.as_str(), path.as_str()), ("my.example.vn", "/domain/order"));
    assert_eq!(
        body,
        &serde_json::json!({"name": "hoasen-tea.vn", "years": 1, "action": "register", "tld_id": "1",
            "data": {"idnumber": "079186001234"}})
    );
    // Ordered and unpaid: with --yes the same is refused before anything is sent, naming
    // the earlier order and how to order it once more.
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &args).await);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("hoasen-tea.vn ordered, invoice #90701 unpaid: nothing was sent; --again orders it"), "{err}");
    assert_eq!(received(&demo, "POST /domain/order"), 1);
    assert_eq!(received(&demo, "POST /quote"), 1, "not even quoted");
    // --again: the name taken by that very order, whether it is ordered once more is left
    // to the portal; the demo's refuses it (exit 4), as a registrar would.
    let again: Vec<&str> = args.into_iter().chain(["--again"]).collect();
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &again).await);
    assert_eq!((code, received(&demo, "POST /domain/order")), (4, 2), "{out}{err}");
    assert!(err.contains("This domain is not available"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_required_tld_field_left_empty_is_refused_before_anything_is_sent() {
    let (demo, state) = started().await;
    demo.reset_traffic();
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["domain", "order", "hoasen-tea.vn", "--yes"]).await);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("needs Số CMND/CCCD") && err.contains("--set idnumber=…"), "names the field: {err}");
    let posts: Vec<String> = changes(&demo);
    assert!(posts.is_empty(), "nothing but reads: {posts:?}");
    assert!(demo.orders().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_name_is_transferred_with_its_code() {
    let (demo, state) = started().await;
    // Taken: registering it is refused, and says how to transfer it.
    let (code, _, err) =
        said(&portal_tui(&demo, state.path(), &["domain", "order", "thegioididong.com", "--yes"]).await);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--transfer --epp CODE"), "{err}");
    let mut item = example_domain_order();
    (item.name, item.tld_id, item.transfer, item.data) =
        ("thegioididong.com".into(), "3".into(), true, Default::default());
    let total = quoted(&demo, item.quote_item(), None).await;
    let args = ["domain", "order", "thegioididong.com", "--transfer", "--epp", "Xk7#pQ2-mN9!", "--yes", "--json"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &args).await);
    assert_eq!(code, 0, "{out}{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["outcome"], "applied", "{json}");
    assert_eq!(json["request"]["body"]["action"], "transfer");
    // The code is a secret: sent, and shown nowhere (the output, the change log).
    assert_eq!(json["request"]["body"]["epp"], portal_tui::api::http::redact::MASK);
    assert!(!out.contains("Xk7#pQ2-mN9!") && !err.contains("Xk7#pQ2-mN9!"), "{out}{err}");
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert!(log.contains("POST /domain/order") && !log.contains("Xk7#pQ2-mN9!"), "{log}");
    assert_eq!(json["state"]["made"]["name"], "thegioididong.com");
    let billed = Money::parse(json["state"]["invoice"]["total"].as_str().unwrap()).unwrap();
    assert_eq!(money_in(billed, "VND", Language::English), total, "billed as quoted");
    assert_eq!(received(&demo, "POST /domain/order"), 1);
    assert_eq!(demo.orders()[0].2["epp"], "Xk7#pQ2-mN9!");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vps_with_two_more_gb_of_ram_is_ordered_with_a_promotion_code() {
    let (demo, state) = started().await;
    let purchase = example_product_order();
    let total = quoted(&demo, purchase.quote_item(341), Some("KHAITRUONG")).await;
    assert_eq!(total, "306,000 VND", "240,000 + 2 × 50,000, less 10%");
    let args = ["order", "Cloud VPS VN-2", "--cycle", "m", "--set", "RAM=2", "--promo", "KHAITRUONG", "--yes"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &args).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("\n  Total: {total}\n")), "{out}");
    assert!(out.contains("  Options: RAM: 2 GB\n"), "{out}");
    assert!(out.contains("Promotion KHAITRUONG: -10%: -34,000 VND"), "{out}");
    assert!(out.contains("Credit, paying from it: 660,000 VND → 354,000 VND"), "{out}");
    assert!(out.contains("Cloud VPS VN-2 #2301 ordered — invoice #90701, 306,000 VND"), "{out}");
    // The answer numbered the order: its service was read by that number.
    assert_eq!(received(&demo, "GET /service/order/72301"), 1, "{:?}", demo.requests());
    let orders = demo.orders();
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0].1, "/order/341");
    assert_eq!(orders[0].2, serde_json::json!({"cycle": "m", "custom": {"72": "2"}, "promocode": "KHAITRUONG"}));
    // The same again with --yes: refused before anything is sent, the earlier order in
    // the JSON; --again orders it once more, the earlier order named there too.
    let again = ["order", "341", "--set", "RAM=2", "--promo", "KHAITRUONG", "--yes", "--json"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &again).await);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("Cloud VPS VN-2 #2301 ordered, invoice #90701 unpaid: nothing was sent; --again"), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["error"]["kind"], "usage", "{json}");
    assert_eq!(
        json["already_ordered"],
        serde_json::json!([{"what": "Cloud VPS VN-2 #2301", "id": "2301", "invoice": "90701"}])
    );
    assert_eq!(received(&demo, "POST /order/341"), 1, "not sent");
    let again: Vec<&str> = again.into_iter().chain(["--again"]).collect();
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &again).await);
    assert_eq!(code, 0, "{out}{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let billed = json["state"]["invoice"]["total"].as_str().and_then(Money::parse);
    assert_eq!(billed, Money::parse("306000"), "{json}");
    assert_eq!(json["already_ordered"][0]["invoice"], "90701", "{json}");
    assert_eq!(received(&demo, "POST /order/341"), 2);
    // A value out of range is refused before anything is sent.
    demo.reset_traffic();
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &["order", "341", "--set", "RAM=99", "--yes"]).await);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("RAM takes 0–32"), "{err}");
    assert!(changes(&demo).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_already_made_and_unpaid_is_named_in_the_confirmation() {
    let (demo, state) = started().await;
    let args = ["order", "341", "--set", "RAM=2", "--yes"];
    assert_eq!(said(&portal_tui(&demo, state.path(), &args).await).0, 0);
    let again = ["order", "341", "--set", "RAM=2", "--yes", "--again"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &again).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Already ordered: Cloud VPS VN-2 #2301 ordered, invoice #90701 unpaid"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalogue_lists_every_product_and_period_the_demo_sells() {
    let (demo, state) = started().await;
    let client = jwt_client(&demo);
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["catalogue"]).await);
    assert_eq!(code, 0, "{err}");
    let mut periods = 0;
    for category in client.categories().await.unwrap() {
        assert!(out.contains(&format!("{} (category #{})", category.name, category.id)), "{out}");
        for product in client.products(category.id.parse().unwrap()).await.unwrap() {
            assert!(out.contains(&format!("#{} {}", product.id, product.name)), "{out}");
            for period in &product.periods {
                let price = money_in(period.price.unwrap(), "VND", Language::English);
                assert!(out.contains(&format!("({}): {price}\n", period.code)), "{}: {price}", product.name);
                periods += 1;
            }
        }
    }
    assert_eq!(periods, 16, "every period of every product");
    for tld in [".vn (#1)", ".com.vn (#2)", ".com (#3)", ".net (#4)"] {
        assert!(out.contains(tld), "{out}");
    }
    assert!(out.contains("1 year(s): register 750,000 VND · transfer 0 VND · renew 480,000 VND"), "{out}");
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &["catalogue", "cloud-vps", "--json"]).await);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["categories"][0]["products"][0]["periods"][0]["price"], 240000, "a number, as sent");
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &["catalogue", "bánh mì"]).await);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the categories: Hosting, Cloud VPS"), "{err}");
}

/// An order whose answer is lost (a time-out, a 5xx, a 401 after it was applied) is never
/// sent again, and is said applied (the new item found) or cannot tell (exit 5).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_order_whose_answer_is_lost_is_sent_once_and_read_back() {
    let faults = [
        Fault::SlowAnswer,
        Fault::LostAnswer,
        Fault::AppliedServerError,
        Fault::AppliedBadGateway,
        Fault::AppliedUnauthorized,
        Fault::AppliedDrop,
    ];
    let orders: [(&str, &[&str]); 2] = [
        ("POST /domain/order", &["domain", "order", "hoasen-tea.vn", "--set", "idnumber=079186001234", "--yes"]),
        ("POST /order/341", &["order", "341", "--set", "RAM=2", "--promo", "KHAITRUONG", "--yes"]),
    ];
    let mut wrong = Vec::new();
    for fault in faults {
        for (request, args) in orders {
            let (demo, state) = started().await;
            let path = request.split_once(' ').unwrap().1;
            demo.set_faults(vec![FaultRule::on(fault, path).method("POST").times(1)]);
            let mut cmd = support::cli::as_demo_client(&demo, state.path());
            cmd.env("PORTAL_TIMEOUT", "2").args(args);
            let (code, out, err) = said(&support::cli::output(cmd).await);
            let cell = format!("{request} × {}", fault.name());
            if received(&demo, request) != 1 {
                wrong.push(format!("{cell}: received {} times", received(&demo, request)));
            }
            let applied = code == 0 && out.contains("ordered — invoice #90701");
            let cannot_tell = code == 5;
            if !applied && !cannot_tell {
                wrong.push(format!("{cell}: exit {code}\n{out}{err}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} cells wrong:\n{}", wrong.len(), wrong.join("\n"));
}

/// Reads that lag show nothing new after a lost answer: the order cannot be told (exit 5),
/// and is not sent again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_the_reads_cannot_tell_exits_5_sent_once() {
    let (demo, state) = started().await;
    let lost = FaultRule::on(Fault::LostAnswer, "/domain/order").method("POST").times(1);
    demo.set_faults(vec![FaultRule::always(Fault::LaggingReads), lost]);
    let args = ["domain", "order", "hoasen-tea.vn", "--set", "idnumber=079186001234", "--yes"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &args).await);
    assert_eq!(code, 5, "{out}{err}");
    assert!(err.contains("cannot tell") && err.contains("it was not sent again"), "{err}");
    assert_eq!(received(&demo, "POST /domain/order"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_domains_contacts_are_shown_and_changed() {
    let (demo, state) = started().await;
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["domain", "contacts", "example.vn"]).await);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("contacts of example.vn (#5188)\n  registrant\n"), "{out}");
    assert!(out.contains("    email: demo@example.vn\n"), "{out}");
    let set = ["domain", "contacts", "example.vn", "--set", "admin.email=quantri@example.vn", "--yes"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &set).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("admin: email: “demo@example.vn” → “quantri@example.vn”"), "{out}");
    let contacts = jwt_client(&demo).domain_contacts(5188).await.unwrap();
    let admin = contacts.role("admin").unwrap();
    assert!(admin.iter().any(|(k, v)| k == "email" && v == "quantri@example.vn"), "{admin:?}");
    let registrant = contacts.role("registrant").unwrap();
    assert!(registrant.iter().any(|(k, v)| k == "email" && v == "demo@example.vn"), "other roles kept");
    // Already as asked: nothing sent.
    demo.reset_traffic();
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &set).await);
    assert_eq!(code, 0);
    assert!(out.contains("already as asked"), "{out}");
    assert!(changes(&demo).is_empty());
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &["domain", "contacts", "example.vn", "--json"]).await);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["admin"]["email"], "quantri@example.vn", "{json}");
    let (code, _, err) = said(
        &portal_tui(&demo, state.path(), &["domain", "contacts", "example.vn", "--set", "owner.email=x@y.vn"]).await,
    );
    assert_eq!(code, 2, "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_zone_is_created_and_deleted_by_typing_its_name() {
    let (demo, state) = started().await;
    let create = ["zone", "create", "hoasen-tea.vn", "--service", "2230", "--yes"];
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &create).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("hoasen-tea.vn is hosted now: zone #91, service #2230"), "{out}");
    let zones = jwt_client(&demo).zones().await.unwrap();
    assert!(zones.iter().any(|z| z.name == "hoasen-tea.vn"), "{zones:?}");
    // Hosted already: refused before anything is sent.
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &create).await);
    assert_eq!(code, 2, "{err}");
    // A deletion names the records that go with it, and asks for the name typed.
    let (code, out, _) =
        said(&portal_tui(&demo, state.path(), &["zone", "delete", "dulichdalat.com", "--dry-run"]).await);
    assert_eq!(code, 0);
    assert!(out.contains("Goes with it: 6 record(s)"), "{out}");
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &["zone", "delete", "hoasen-tea.vn"]).await);
    assert_eq!(code, 2, "no terminal to type the name on: {err}");
    assert_eq!(received(&demo, "DELETE /service/2230/dns/91"), 0);
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["zone", "delete", "hoasen-tea.vn", "--yes"]).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("hoasen-tea.vn is no longer hosted"), "{out}");
    assert_eq!(received(&demo, "DELETE /service/2230/dns/91"), 1);
    let zones = jwt_client(&demo).zones().await.unwrap();
    assert!(!zones.iter().any(|z| z.name == "hoasen-tea.vn"), "{zones:?}");
}
