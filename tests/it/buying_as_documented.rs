//! Buying from a portal written here that answers exactly as the vendor's swagger documents
//! (`../shared/docs/api-notes.md`, "Buying"), not as the demo does: prices as numbers in the
//! product list, the documented order form (`config.product`, `config.forms` with
//! `custom[ID]` names), a quote in a shape of its own, and orders answered with nothing but
//! success (no order number, no invoice id). What an order made is found in the lists read
//! again; each order is received once with the documented fields; an order whose answer is
//! lost after the portal took it is never sent again.

use crate::support;

use std::sync::{Arc, Mutex};

use axum::http::{Method, StatusCode, Uri};
use axum::response::IntoResponse;
use serde_json::{Value, json};
use support::cli;

/// The shop's state: what it has sold, what it bills, what it was sent.
#[derive(Default)]
struct Shop {
    services: Vec<Value>,
    domains: Vec<Value>,
    invoices: Vec<Value>,
    /// Every request that is not a read, with its body.
    sent: Vec<(String, Value)>,
    /// The next order is taken, then answered 500 (its answer lost).
    lose_next_answer: bool,
}

impl Shop {
    /// An order taken: `item` made, billed on a new unpaid invoice of `total`.
    fn take(&mut self, kind: &str, item: Value, total: &str, description: &str) -> Value {
        match kind {
            "domain" => self.domains.push(item),
            _ => self.services.push(item),
        }
        let id = 601 + self.invoices.len();
        self.invoices.push(json!({
            "id": id.to_string(), "status": "Unpaid", "currency": "USD", "date": "2026-12-03",
            "duedate": "2026-12-10", "subtotal": total, "tax": "0.00", "total": total, "credit": "0.00",
            "items": [{"id": "1", "type": kind, "description": description, "amount": total, "linetotal": total}],
        }));
        json!({"success": true})
    }

    fn answer(&mut self, method: &Method, path: &str, body: Value) -> (StatusCode, Value) {
        if *method != Method::GET {
            self.sent.push((format!("{method} {path}"), body.clone()));
        }
        let answer = match (method.as_str(), path) {
            ("GET", "/details") => json!({"client": {
                "id": "7", "firstname": "An", "lastname": "Nguyen", "email": "me@shop.vn", "credit": "200.00",
                "currency_code": "USD",
            }}),
            ("GET", "/balance") => {
                json!({"success": true, "details": {"currency": "USD", "acc_balance": "0.00", "acc_credit": "200.00"}})
            }
            ("GET", "/category") => json!({"categories": [
                {"id": "10", "name": "Hosting", "description": "", "slug": "hosting"},
                {"id": "6", "name": "Domains", "description": "", "slug": "domains"},
            ]}),
            ("GET", "/category/10/product") => json!({"products": [{
                "id": "333", "type": "1", "name": "Starter Hosting", "stock": false, "paytype": "Regular",
                "description": "Disk:10GB Memory:2GB", "qty": "0", "tags": [],
                "periods": [
                    {"title": "m", "value": "m", "price": 9.99, "setup": 0, "selected": true},
                    {"title": "a", "value": "a", "price": 109.89, "setup": 0, "selected": false},
                ],
            }]}),
            ("GET", "/category/6/product") => json!({"products": []}),
            ("GET", "/order/333") => json!({"product": {
                "id": "333", "category_name": "Hosting", "category_id": "10", "name": "Starter Hosting",
                "price": "9.99", "recurring": "m", "setup": "0.00",
                "config": {
                    "product": [
                        {"type": "select", "id": "cycle", "name": "cycle", "items": [
                            {"title": "m", "value": "m", "price": 9.99, "setup": 0, "selected": true},
                            {"title": "a", "value": "a", "price": 109.89, "setup": 0, "selected": false},
                        ], "value": "m", "price": 9.99, "setup": 0},
                        {"type": "input", "id": "domain", "name": "domain", "value": null},
                    ],
                    "forms": [{
                        "type": "select", "title": "Disk Size", "id": "1618", "firstItemId": 10330,
                        "name": "custom[1618]", "required": false, "multiple": false,
                        "config": {"conditionals": []}, "value": [], "price": 0, "recurring_price": 0, "setup": 0,
                        "items": [
                            {"title": "512MB", "value": 1, "id": 10330, "price": 0, "setup": 0, "selected": true},
                            {"title": "1GB", "value": 2, "id": 10331, "price": 5, "setup": 0, "selected": false},
                        ],
                    }],
                    "addons": [],
                    "subproducts": [],
                },
                "recurring_price": 9.99, "prorata_date": null,
            }}),
            ("GET", "/domain/order") => json!({"tlds": [{"id": "6", "tld": ".com", "periods": [
                {"period": "1", "register": "10.00", "transfer": "0.00", "renew": "15.00", "redemption": "40.00"},
            ]}]}),
            ("GET", "/domain/order/6/form") => json!({"forms": []}),
            ("GET", "/payment") => json!({"payments": {"10": "BankTransfer", "9": "PayPal"}}),
            ("POST", "/domain/lookup") => {
                let name = body["name"].as_str().unwrap_or_default().to_owned();
                let taken = self.domains.iter().any(|d| d["name"] == name.as_str());
                json!({"available": !taken, "name": name, "premium": false, "periods": []})
            }
            // A quote in a shape of its own: the cart, its currency an object.
            ("POST", "/quote") => {
                let item = &body["items"][0];
                let (name, total) = match item["type"].as_str() {
                    Some("domain") => ("Domain Registration", "10.00"),
                    _ if item["cycle"] == "a" && item["custom"]["1618"] == "10331" => ("Starter Hosting", "114.89"),
                    _ if item["cycle"] == "a" => ("Starter Hosting", "109.89"),
                    _ => ("Starter Hosting", "9.99"),
                };
                json!({"success": true, "cart": {
                    "products": [{"product": name, "price": total}],
                    "subtotal": total, "total": total, "currency": {"id": "1", "code": "USD", "sign": "$"},
                }})
            }
            ("POST", "/order/333") => {
                let total = match (body["cycle"].as_str(), body["custom"]["1618"].as_str()) {
                    (Some("a"), Some("10331")) => "114.89",
                    (Some("a"), _) => "109.89",
                    _ => "9.99",
                };
                let id = 1302 + self.services.len();
                let service = json!({
                    "id": id.to_string(), "domain": body["domain"].as_str().unwrap_or_default(), "total": total,
                    "status": "Pending", "billingcycle": "Annually", "next_due": "2026-12-10",
                    "category": "Hosting", "name": "Starter Hosting",
                });
                self.take("service", service, total, "Starter Hosting")
            }
            ("POST", "/domain/order") => {
                let name = body["name"].as_str().unwrap_or_default().to_owned();
                let id = 801 + self.domains.len();
                let domain = json!({
                    "id": id.to_string(), "name": name, "status": "Pending", "period": "1",
                    "recurring_amount": "15.00", "expires": "", "date_created": "2026-12-03", "autorenew": "0",
                });
                self.take("domain", domain, "10.00", &format!("Domain Registration - {name}"))
            }
            ("GET", "/service") => json!({"services": self.services}),
            ("GET", "/domain") => json!({"domains": self.domains}),
            ("GET", "/invoice") => json!({"invoices": self.invoices}),
            ("GET", p) if p.starts_with("/invoice/") => {
                let id = p.trim_start_matches("/invoice/");
                match self.invoices.iter().find(|i| i["id"] == id) {
                    Some(invoice) => json!({"invoice": invoice}),
                    None => json!({"success": false, "error": ["Invoice not found"]}),
                }
            }
            _ => json!({"error": ["invalid method"]}),
        };
        if *method == Method::POST && path.contains("order") && std::mem::take(&mut self.lose_next_answer) {
            return (StatusCode::INTERNAL_SERVER_ERROR, json!({"error": ["Internal Server Error"]}));
        }
        (StatusCode::OK, answer)
    }
}

async fn shop() -> (String, Arc<Mutex<Shop>>) {
    let shop = Arc::new(Mutex::new(Shop::default()));
    let kept = shop.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, body: axum::body::Bytes| {
        let kept = kept.clone();
        async move {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let (status, answer) = kept.lock().unwrap().answer(&method, uri.path(), body);
            (status, axum::Json(answer)).into_response()
        }
    });
    (support::portal::serve(app).await, shop)
}

async fn run(url: &str, state: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = cli::with_basic_auth(url, "my.shop.vn", state);
    cmd.args(args);
    cli::said(&cli::output(cmd).await)
}

fn sent(shop: &Mutex<Shop>) -> Vec<(String, Value)> {
    shop.lock()
        .unwrap()
        .sent
        .iter()
        .filter(|(r, _)| r != "POST /quote" && r != "POST /domain/lookup")
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalogue_lists_every_product_and_period_as_documented() {
    let (url, _) = shop().await;
    let state = tempfile::tempdir().unwrap();
    let (code, out, err) = run(&url, state.path(), &["catalogue"]).await;
    assert_eq!(code, 0, "{err}");
    for shown in [
        "Starter Hosting",
        "Monthly (m): 9.99 USD",
        "Annually (a): 109.89 USD",
        ".com",
        "register 10.00 USD",
        "renew 15.00 USD",
    ] {
        assert!(out.contains(shown), "{shown:?} in:\n{out}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_product_is_ordered_once_and_what_it_made_is_found_without_an_order_number() {
    let (url, shop) = shop().await;
    let state = tempfile::tempdir().unwrap();
    let args = ["order", "Starter Hosting", "--cycle", "a", "--set", "Disk Size=1GB", "--yes", "--json"];
    let (code, out, err) = run(&url, state.path(), &args).await;
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(sent(&shop), [("POST /order/333".to_owned(), json!({"cycle": "a", "custom": {"1618": "10331"}}))]);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["outcome"], "applied", "{json}");
    assert_eq!(json["state"]["made"]["id"], "1302", "the new service, from the list read again: {json}");
    assert_eq!(json["state"]["invoice"]["id"], "601", "{json}");
    assert_eq!(json["state"]["invoice"]["total"], "114.89", "billed as quoted: {json}");
    // In words: the quote's total in the confirmation, the service and its invoice named.
    shop.lock().unwrap().sent.clear();
    let args = ["order", "333", "--cycle", "m", "--yes", "--again"];
    let (code, out, err) = run(&url, state.path(), &args).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Total: 9.99 USD") || out.contains("Total: $9.99"), "the portal's quote:\n{out}");
    assert!(out.contains("Starter Hosting #1303 ordered — invoice #602"), "{out}");
    assert_eq!(sent(&shop).len(), 1, "{:?}", sent(&shop));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_domain_is_registered_once_with_the_documented_fields() {
    let (url, shop) = shop().await;
    let state = tempfile::tempdir().unwrap();
    let (code, out, err) = run(&url, state.path(), &["domain", "order", "hoasen-tea.com", "--yes", "--json"]).await;
    assert_eq!(code, 0, "{out}{err}");
    let body = json!({"name": "hoasen-tea.com", "years": 1, "action": "register", "tld_id": "6"});
    assert_eq!(sent(&shop), [("POST /domain/order".to_owned(), body)]);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["state"]["made"]["name"], "hoasen-tea.com", "{json}");
    assert_eq!(json["state"]["made"]["status"], "Pending", "{json}");
    assert_eq!(json["state"]["invoice"]["id"], "601", "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_taken_whose_answer_is_lost_is_found_and_never_sent_again() {
    let (url, shop) = shop().await;
    let state = tempfile::tempdir().unwrap();
    shop.lock().unwrap().lose_next_answer = true;
    let (code, out, err) = run(&url, state.path(), &["order", "Starter Hosting", "--yes", "--json"]).await;
    assert_eq!(sent(&shop).len(), 1, "sent once: {:?}", sent(&shop));
    let json: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert_eq!(json["outcome"], "applied", "the new service read back settles it: {json}");
    assert_eq!(json["state"]["made"]["id"], "1302", "{json}");
    assert_eq!(code, 0, "{out}{err}");
}
