//! A cart ordered from the command line (`order --cart FILE`), against the demo portal over
//! real HTTP: a cloud VPS for a .vn name and the registration of that name, with a
//! promotion code, quoted together by the portal, confirmed at that total, sent once as one
//! `POST /order`, and both new items read back with the one invoice billing them; an item
//! that cannot be ordered refuses the whole cart before anything is sent; a lost answer is
//! never sent again.

use crate::support;

use portal_tui::api::{Language, Money};
use portal_tui::demo::{DemoPortal, Fault, FaultRule, example_cart_order};
use portal_tui::i18n::format::money_in;
use serde_json::{Value, json};
use support::cli::{portal_tui, said, started};
use support::jwt_client;
use support::portal::changes;

const CART: &str = r#"
promo = "KHAITRUONG"

[[product]]
product = "Cloud VPS VN-2"
cycle = "m"
set = ["RAM=2"]
domain = "hoasen-tea.vn"

[[domain]]
name = "hoasen-tea.vn"
set = ["idnumber=079186001234"]
"#;

/// How many times the demo received `request` (`METHOD /path`).
fn received(demo: &DemoPortal, request: &str) -> usize {
    demo.requests().iter().filter(|r| *r == request).count()
}

fn cart_in(dir: &std::path::Path, text: &str) -> String {
    let path = dir.join("cart.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_is_quoted_together_sent_once_and_both_items_are_read_back() {
    let (demo, state) = started().await;
    let client = jwt_client(&demo);
    let (quote, _) = client.quote(&example_cart_order().quote_body()).await.unwrap();
    let total = money_in(quote.total.unwrap(), "VND", Language::English);
    assert_eq!(total, "1,056,000 VND", "306,000 for the VPS (10% off) and 750,000 for the name");
    demo.reset_traffic();
    let cart = cart_in(state.path(), CART);
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["order", "--cart", &cart, "--yes"]).await);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("done: demo@example.vn at my.example.vn, order of a cart of 2 items\n"), "{out}");
    assert!(out.contains(&format!("\n  Total: {total}\n")), "the portal's own quote of the whole cart:\n{out}");
    assert!(
        out.contains("Cloud VPS VN-2 for hoasen-tea.vn; register hoasen-tea.vn (.vn); promotion code KHAITRUONG"),
        "{out}"
    );
    assert!(out.contains("Cloud VPS VN-2 #2301, hoasen-tea.vn ordered — invoice #90701, 1,056,000 VND"), "{out}");
    assert_eq!(received(&demo, "POST /order"), 1);
    let orders = demo.orders();
    assert_eq!(orders.len(), 1, "one order: {orders:?}");
    assert_eq!(orders[0].1, "/order");
    assert_eq!(
        orders[0].2,
        json!({"items": [
            {"type": "product", "product_id": "341", "cycle": "m", "custom": {"72": "2"}, "domain": "hoasen-tea.vn"},
            {"type": "domain", "name": "hoasen-tea.vn", "years": 1, "action": "register", "tld_id": "1",
                "data": {"idnumber": "079186001234"}},
        ], "promocode": "KHAITRUONG"})
    );
    // The same cart again: both named as ordered and unpaid, refused with --yes.
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &["order", "--cart", &cart, "--yes"]).await);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--again"), "{err}");
    assert_eq!(received(&demo, "POST /order"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_says_what_it_made_in_json() {
    let (demo, state) = started().await;
    let cart = cart_in(state.path(), CART);
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &["order", "--cart", &cart, "--yes", "--json"]).await);
    assert_eq!(code, 0, "{out}{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["outcome"], "applied", "{json}");
    let made = json["state"]["made"].as_array().unwrap_or_else(|| panic!("a list: {json}"));
    assert_eq!(made.len(), 2, "{json}");
    assert_eq!(made[0]["name"], "Cloud VPS VN-2");
    assert_eq!((made[1]["name"].as_str(), made[1]["status"].as_str()), (Some("hoasen-tea.vn"), Some("Pending")));
    let billed = json["state"]["invoice"]["total"].as_str().and_then(Money::parse);
    assert_eq!(billed, Money::parse("1056000"), "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_with_an_item_that_cannot_be_ordered_sends_nothing() {
    let (demo, state) = started().await;
    let no_id_number = CART.replace("set = [\"idnumber=079186001234\"]\n", "");
    let taken = CART
        .replace("name = \"hoasen-tea.vn\"", "name = \"thegioididong.com\"")
        .replace("set = [\"idnumber=079186001234\"]\n", "");
    let unknown = format!("{CART}\n[[product]]\nproduct = \"Bánh mì\"\n");
    let misspelt = CART.replace("cycle = \"m\"", "cylce = \"m\"");
    let twice = format!("{CART}\n[[domain]]\nname = \"HOASEN-TEA.vn\"\n");
    let cases = [
        (no_id_number.as_str(), "needs Số CMND/CCCD"),
        (taken.as_str(), "thegioididong.com is not available to register"),
        (unknown.as_str(), "Bánh mì"),
        (misspelt.as_str(), "cylce"),
        ("promo = \"X\"\n", "holds no [[product]] nor [[domain]]"),
        (&twice, "orders hoasen-tea.vn twice"),
    ];
    for (text, said_why) in cases {
        demo.reset_traffic();
        let cart = cart_in(state.path(), text);
        let (code, _, err) = said(&portal_tui(&demo, state.path(), &["order", "--cart", &cart, "--yes"]).await);
        assert_eq!(code, 2, "{text}\n{err}");
        assert!(err.contains(said_why), "{said_why:?} in: {err}");
        assert!(
            changes(&demo).iter().all(|c| c == "POST /quote" || c == "POST /domain/lookup"),
            "{:?}",
            changes(&demo)
        );
    }
    assert!(demo.orders().is_empty());
    // A cart given with a product of its own is refused by the command line itself.
    let cart = cart_in(state.path(), CART);
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &["order", "341", "--cart", &cart]).await);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
}

/// A cart whose answer is lost after the portal took it is never sent again, and is said
/// applied (the new items found) or cannot tell (exit 5).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_cart_whose_answer_is_lost_is_sent_once() {
    let mut wrong = Vec::new();
    for fault in [Fault::LostAnswer, Fault::AppliedServerError, Fault::AppliedUnauthorized, Fault::AppliedDrop] {
        let (demo, state) = started().await;
        let cart = cart_in(state.path(), CART);
        demo.set_faults(vec![FaultRule::on(fault, "/order").method("POST").times(1)]);
        let mut cmd = support::cli::as_demo_client(&demo, state.path());
        cmd.env("PORTAL_TIMEOUT", "2").args(["order", "--cart", &cart, "--yes"]);
        let (code, out, err) = said(&support::cli::output(cmd).await);
        if received(&demo, "POST /order") != 1 {
            wrong.push(format!("{}: received {} times", fault.name(), received(&demo, "POST /order")));
        }
        let applied = code == 0 && out.contains("hoasen-tea.vn ordered — invoice #90701");
        if !applied && code != 5 {
            wrong.push(format!("{}: exit {code}\n{out}{err}", fault.name()));
        }
    }
    assert!(wrong.is_empty(), "{} cells wrong:\n{}", wrong.len(), wrong.join("\n"));
}
