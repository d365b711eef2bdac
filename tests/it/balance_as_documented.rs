//! The balance as the vendor documents it, on a portal written here that answers so and is
//! not the demo: it owes 1,500,000 VND (`acc_balance`, its unpaid invoices) and has a credit
//! of 400,000 VND (`acc_credit`), which paying from the credit spends; it answers a renewal
//! with an invoice to pay, as portals that do not charge renewals at once do. Every credit
//! shown or promised is `acc_credit`, what is owed is shown as owed, a payment the credit
//! covers goes through with the credit after it as promised (dashboard and commands), and a
//! renewal's confirmation promises no credit after until the portal has shown how it takes one.

use crate::support;

use std::sync::{Arc, Mutex};

use axum::http::{Method, Uri};
use crossterm::event::KeyCode;
use portal_tui::app::PromptKind;
use serde_json::{Value, json};
use support::cli;
use support::harness::Harness;

/// The portal's state: its credit and its invoices (id, total, paid), in whole đồng.
struct Books {
    credit: i64,
    invoices: Vec<(u64, i64, i64)>,
    expires_year: i32,
    changes: Vec<String>,
    /// Whether it answers `GET /balance` (else only the details say the credit).
    has_balance: bool,
    /// Whether the balance and the details name the account's currency (VND).
    names_currency: (bool, bool),
    /// The invoices' currency.
    invoice_currency: &'static str,
    /// What a payment takes from the credit besides its amount (a portal that charges a fee).
    fee: i64,
    /// The years a renewal adds, whatever was asked.
    renews_by: i32,
}

impl Books {
    fn owed(&self) -> i64 {
        self.invoices.iter().map(|(_, total, paid)| total - paid).sum()
    }

    fn invoice(&self, id: u64) -> Option<Value> {
        let (_, total, paid) = *self.invoices.iter().find(|(i, _, _)| *i == id)?;
        let status = if paid >= total { "Paid" } else { "Unpaid" };
        Some(json!({
            "id": id.to_string(), "number": format!("SHOP-{id}"), "status": status, "currency": self.invoice_currency,
            "date": "2026-11-01", "duedate": "2026-12-01", "subtotal": format!("{total}.00"), "tax": "0.00",
            "total": format!("{total}.00"), "credit": format!("{paid}.00"), "items": [],
        }))
    }

    fn domain(&self) -> Value {
        json!({
            "id": "61", "name": "shop.vn", "status": "Active", "period": "1", "recurring_amount": "300000.00",
            "expires": format!("{}-12-15", self.expires_year), "date_created": "2024-12-15", "autorenew": "0",
        })
    }

    /// `POST /invoice/@id/credit`: the credit spent, never more than it holds.
    fn pay(&mut self, id: u64, body: &Value) -> Value {
        let Some(at) = self.invoices.iter().position(|(i, _, _)| *i == id) else {
            return json!({"success": false, "error": ["Invoice not found"]});
        };
        let (_, total, paid) = self.invoices[at];
        let amount = match body.get("amount").and_then(Value::as_str) {
            Some(text) => text.parse::<i64>().unwrap_or(0),
            None => total - paid,
        };
        if amount > self.credit {
            return json!({"success": false, "error": ["Not enough credit"]});
        }
        self.credit -= amount + self.fee;
        self.invoices[at].2 += amount;
        json!({"success": true, "info": ["credit_applied"]})
    }

    /// `POST /domain/@id/renew`: renewed, and an invoice to pay added for its price.
    fn renew(&mut self) -> Value {
        self.expires_year += self.renews_by;
        let next = self.invoices.iter().map(|(i, _, _)| i + 1).max().unwrap_or(1);
        self.invoices.push((next, 300_000, 0));
        json!({"success": true, "info": ["Domain renewed"]})
    }

    fn answer(&mut self, method: &Method, path: &str, body: &Value) -> Value {
        if *method != Method::GET {
            self.changes.push(format!("{method} {path}"));
        }
        let invoice_id = |p: &str| p.split('/').nth(2).and_then(|id| id.parse::<u64>().ok());
        match (method.as_str(), path) {
            ("GET", "/details") => {
                let mut client = json!({
                    "id": "7", "firstname": "An", "lastname": "Nguyễn", "email": "me@shop.vn", "status": "Active",
                    "credit": format!("{}.00", self.credit), "currency_code": "VND",
                });
                if !self.names_currency.1 {
                    client.as_object_mut().unwrap().remove("currency_code");
                }
                json!({ "client": client })
            }
            ("GET", "/balance") if self.has_balance => {
                let mut details = json!({
                    "currency": "VND", "acc_balance": format!("{}.00", self.owed()), "acc_credit": format!("{}.00", self.credit),
                });
                if !self.names_currency.0 {
                    details.as_object_mut().unwrap().remove("currency");
                }
                json!({"success": true, "details": details})
            }
            ("GET", "/invoice") => {
                let ids: Vec<u64> = self.invoices.iter().map(|(id, _, _)| *id).collect();
                json!({"invoices": ids.into_iter().filter_map(|id| self.invoice(id)).collect::<Vec<_>>()})
            }
            ("GET", p) if p.starts_with("/invoice/") => match invoice_id(p).and_then(|id| self.invoice(id)) {
                Some(invoice) => json!({"invoice": invoice}),
                None => json!({"success": false, "error": ["Invoice not found"]}),
            },
            ("POST", p) if p.starts_with("/invoice/") && p.ends_with("/credit") => {
                self.pay(invoice_id(p).unwrap_or(0), body)
            }
            ("GET", "/domain") => json!({"domains": [self.domain()]}),
            ("GET", "/domain/61") => json!({"details": self.domain()}),
            ("POST", "/domain/61/renew") => self.renew(),
            _ => json!({"error": ["invalid method"]}),
        }
    }
}

/// The portal: owes 1,500,000 (invoices 501 of 500,000 and 502 of 1,000,000), credit 400,000.
async fn documented_portal() -> (String, Arc<Mutex<Books>>) {
    portal_with(true).await
}

async fn portal_with(has_balance: bool) -> (String, Arc<Mutex<Books>>) {
    let books = Arc::new(Mutex::new(Books {
        credit: 400_000,
        invoices: vec![(501, 500_000, 0), (502, 1_000_000, 0)],
        expires_year: 2026,
        changes: Vec::new(),
        has_balance,
        names_currency: (true, true),
        invoice_currency: "VND",
        fee: 0,
        renews_by: 1,
    }));
    let kept = books.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, body: axum::body::Bytes| {
        let kept = kept.clone();
        async move {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            axum::Json(kept.lock().unwrap().answer(&method, uri.path(), &body))
        }
    });
    (support::portal::serve(app).await, books)
}

fn changes(books: &Mutex<Books>) -> Vec<String> {
    books.lock().unwrap().changes.clone()
}

async fn run(url: &str, state: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = cli::with_basic_auth(url, "my.shop.vn", state);
    cmd.args(args);
    cli::said(&cli::output(cmd).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_spend_the_credit_and_show_what_is_owed_as_owed() {
    let (url, books) = documented_portal().await;
    let state = tempfile::tempdir().unwrap();
    let s = state.path();
    let (code, out, err) = run(&url, s, &["balance"]).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "  Credit  400,000 VND\n  Unpaid  1,500,000 VND\n");
    let (_, out, _) = run(&url, s, &["--lang", "vi", "balance"]).await;
    assert_eq!(out, "  Số dư   400.000 ₫\n  Còn nợ  1.500.000 ₫\n");

    // More than the credit is never promised: refused before anything is sent.
    let (code, _, err) = run(&url, s, &["invoice", "pay", "501", "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("500,000 VND is more than the account's credit of 400,000 VND"), "{err}");
    assert!(changes(&books).is_empty(), "{:?}", changes(&books));

    // What the credit covers goes through, and the credit after it is as promised.
    let (code, out, err) = run(&url, s, &["invoice", "pay", "501", "--amount", "250000", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    for line in ["Credit available  400,000 VND", "Paid now          250,000 VND", "Credit after      150,000 VND"] {
        assert!(out.contains(line), "{line:?} promised in:\n{out}");
    }
    assert!(out.contains("Credit  150,000 VND\n  Unpaid  1,250,000 VND"), "the balance read again agrees:\n{out}");
    assert_eq!(changes(&books), ["POST /invoice/501/credit"]);
    let (_, out, _) = run(&url, s, &["balance"]).await;
    assert_eq!(out, "  Credit  150,000 VND\n  Unpaid  1,250,000 VND\n", "and so does the portal");

    // A renewal: a command cannot tell beforehand how the portal takes it, so it says both
    // and promises no credit after; what the portal did is said from its figures after.
    let (code, out, err) = run(&url, s, &["domain", "renew", "61", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Payment: charged to the credit now, or an invoice to pay, as this portal does"), "{out}");
    assert!(out.contains("Credit: 150,000 VND (less than the price)"), "{out}");
    assert!(!out.contains("→ -") && !out.contains("Credit after"), "{out}");
    assert!(out.contains("an invoice to pay was added: unpaid 1,250,000 VND → 1,550,000 VND"), "{out}");
    assert!(out.contains("Credit  150,000 VND\n  Unpaid  1,550,000 VND"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_promises_only_what_the_credit_covers_and_the_portal_then_shows() {
    let (url, books) = documented_portal().await;
    let mut h = Harness::on_portal(&url, "my.shop.vn").await;
    let account = h.screen_text(80, 24);
    assert!(account.contains("Credit      400,000 VND"), "{account}");
    assert!(account.contains("Unpaid      1,500,000 VND"), "{account}");

    // The invoice asks more than the credit: not put up whole, the credit offered instead.
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("501"));
    h.key(KeyCode::Enter).await;
    assert!(h.screen_text(80, 24).contains("pay it from the account credit (400,000 VND)"));
    h.key(KeyCode::Char('c')).await;
    assert!(h.app.profile().confirmation.is_none(), "500,000 is not promised from 400,000");
    let prompt = h.app.shell.prompt.as_ref().expect("how much is asked");
    assert_eq!(prompt.kind, PromptKind::PayAmount);
    assert_eq!(portal_tui::api::Money::parse(prompt.input.value()), portal_tui::api::Money::parse("400000"));
    for _ in 0..10 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("250000").await;
    h.key(KeyCode::Enter).await;
    let rows = h.app.profile().confirmation.as_ref().expect("put up").rows.clone();
    let row = |label: &str| rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.clone()).unwrap_or_default();
    assert_eq!((row("Credit available"), row("Credit after")), ("400,000 VND".into(), "150,000 VND".into()));
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books), ["POST /invoice/501/credit"]);
    let balance = h.app.profile().screens.account.balance.clone().expect("read again");
    assert_eq!(balance.credit.map(|c| c.to_string()), Some("150000.00".into()), "as promised");
    assert_eq!(balance.unpaid.map(|c| c.to_string()), Some("1250000.00".into()));

    // A renewal: both ways said, no credit after, until what came of one shows the way.
    h.key(KeyCode::Char('2')).await;
    assert!(h.app.profile_mut().screens.domains.select_id("61"));
    h.key(KeyCode::Enter).await;
    let renew = |h: &Harness| h.app.profile().confirmation.as_ref().expect("put up").rows.clone();
    let row = |rows: &[(String, String)], label: &str| {
        rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.clone()).unwrap_or_default()
    };
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    let rows = renew(&h);
    assert_eq!(row(&rows, "Payment"), "charged to the credit now, or an invoice to pay, as this portal does");
    assert_eq!(row(&rows, "Credit"), "150,000 VND (less than the price)");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books), ["POST /invoice/501/credit", "POST /domain/61/renew"]);
    let balance = h.app.profile().screens.account.balance.clone().expect("read again");
    assert_eq!(balance.unpaid.map(|c| c.to_string()), Some("1550000.00".into()), "an invoice was added");
    // Now the portal has shown it: a renewal adds an invoice; the credit is not touched.
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    let rows = renew(&h);
    assert_eq!(row(&rows, "Payment"), "an invoice to pay (nothing is taken from the credit now)");
    assert_eq!(row(&rows, "Credit"), "150,000 VND");
    let account = {
        h.key(KeyCode::Char('n')).await;
        h.key(KeyCode::Char('1')).await;
        h.screen_text(80, 24)
    };
    assert!(account.contains("Credit      150,000 VND") && account.contains("Unpaid      1,550,000 VND"), "{account}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_get_balance_the_credit_is_the_details_credit() {
    let (url, books) = portal_with(false).await;
    let state = tempfile::tempdir().unwrap();
    let pay = ["invoice", "pay", "501", "--amount", "100000", "--dry-run"];
    let (code, out, err) = run(&url, state.path(), &pay).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Credit available  400,000 VND") && out.contains("Credit after      300,000 VND"), "{out}");
    assert!(changes(&books).is_empty(), "a dry run");

    let mut h = Harness::on_portal(&url, "my.shop.vn").await;
    let account = h.screen_text(80, 24);
    assert!(account.contains("Credit      400,000 VND"), "{account}");
    assert!(account.contains("Unpaid      this portal does not offer the balance"), "{account}");
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("501"));
    h.key(KeyCode::Enter).await;
    assert!(h.screen_text(80, 24).contains("pay it from the account credit (400,000 VND)"));
    h.key(KeyCode::Char('c')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::PayAmount), "the credit is known");
    for _ in 0..10 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("100000").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books), ["POST /invoice/501/credit"]);
    // The details, which say the credit here, are read again: the next payment is worked
    // out from 300,000, as the portal has it.
    let account = h.app.profile().screens.account.account.clone().expect("read");
    assert_eq!(portal_tui::api::Money::parse(&account.credit), portal_tui::api::Money::parse("300000"));
    assert!(h.screen_text(80, 24).contains("pay it from the account credit (300,000 VND)"));

    let (code, out, err) = run(&url, state.path(), &["invoice", "pay", "501", "--amount", "100000", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Credit after      200,000 VND"), "{out}");
    assert!(out.contains("Credit  200,000 VND\n  Unpaid  —"), "read again from the details:\n{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_whose_currency_cannot_be_matched_to_the_credits_is_refused() {
    let (url, books) = documented_portal().await;
    let state = tempfile::tempdir().unwrap();
    // The account is in VND (its details say so), `/balance` names no currency, the invoice
    // is in USD: the credit is not taken to be in USD.
    books.lock().unwrap().invoice_currency = "USD";
    books.lock().unwrap().names_currency = (false, true);
    let (code, _, err) = run(&url, state.path(), &["invoice", "pay", "501", "--amount", "10", "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the invoice is in USD and the credit in VND"), "{err}");
    // Nothing names the credit's currency at all: refused too, never guessed.
    books.lock().unwrap().names_currency = (false, false);
    let (code, _, err) = run(&url, state.path(), &["invoice", "pay", "501", "--amount", "10", "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not say the credit's currency"), "{err}");
    let (code, _, err) =
        run(&url, state.path(), &["--lang", "vi", "invoice", "pay", "501", "--amount", "10", "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("không cho biết số dư tính bằng tiền gì"), "{err}");
    assert!(changes(&books).is_empty(), "nothing sent: {:?}", changes(&books));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_back_that_contradicts_the_promise_is_said_and_exits_6() {
    let (url, books) = documented_portal().await;
    let state = tempfile::tempdir().unwrap();
    books.lock().unwrap().fee = 10_000;
    let (code, out, err) = run(&url, state.path(), &["invoice", "pay", "501", "--amount", "250000", "--yes"]).await;
    assert_eq!(code, 6, "{out}{err}");
    assert!(out.contains("Credit after      150,000 VND"), "the promise: {out}");
    let said = "not as promised: the portal's figures read back say credit 140,000 VND, where 150,000 VND was promised";
    assert!(out.contains(said), "{out}");
    assert_eq!(changes(&books), ["POST /invoice/501/credit"], "sent once");
    // As promised: nothing said, exit 0.
    books.lock().unwrap().fee = 0;
    let (code, out, _) = run(&url, state.path(), &["invoice", "pay", "502", "--amount", "100000", "--yes"]).await;
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("not as promised"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_read_back_to_another_expiry_is_said_and_exits_6() {
    let (url, books) = documented_portal().await;
    let state = tempfile::tempdir().unwrap();
    books.lock().unwrap().renews_by = 2;
    let (code, out, err) = run(&url, state.path(), &["domain", "renew", "61", "--yes"]).await;
    assert_eq!(code, 6, "{out}{err}");
    assert!(out.contains("it expires 2028-12-15, where 2027-12-15 was promised"), "{out}");
    assert_eq!(changes(&books), ["POST /domain/61/renew"], "sent once");
    // Billed on an invoice to pay, the registration extended once it is paid: the expiry
    // has not moved yet, which contradicts nothing.
    books.lock().unwrap().renews_by = 0;
    let (code, out, err) = run(&url, state.path(), &["domain", "renew", "61", "--yes"]).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("not as promised"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_says_and_logs_a_read_back_that_contradicts_the_promise() {
    let (url, books) = documented_portal().await;
    books.lock().unwrap().fee = 10_000;
    books.lock().unwrap().renews_by = 2;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = Harness::on_portal(&url, "my.shop.vn").await.logging_changes(log.clone());
    h.key(KeyCode::Char('4')).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("501"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('c')).await;
    for _ in 0..10 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("250000").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books), ["POST /invoice/501/credit"]);
    let said = h.app.profile().error.clone().unwrap_or_default();
    let differs = "the portal's figures read back say credit 140,000 VND, where 150,000 VND was promised";
    assert!(said.contains(differs), "on the status line: {said:?}");
    // The change log's third line for the change, paired with its two.
    // Written by the worker, no answer awaited: waited for.
    let read = || std::fs::read_to_string(&log).unwrap().lines().map(str::to_owned).collect::<Vec<String>>();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while read().len() < 3 && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let lines = read();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    let id = |line: &str| line.split('\t').nth(1).unwrap_or_default().to_owned();
    assert!(lines.iter().all(|l| id(l) == id(&lines[0])), "one change: {lines:#?}");
    assert!(
        lines[2]
            .ends_with(&format!("read back: pay 250,000 of invoice #501 from the credit: not as promised: {differs}")),
        "{}",
        lines[2]
    );

    // A renewal ending a year later than promised: said too.
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books), ["POST /invoice/501/credit", "POST /domain/61/renew"]);
    let said = h.app.profile().error.clone().unwrap_or_default();
    assert!(said.contains("it expires 2028-12-15, where 2027-12-15 was promised"), "{said:?}");
    // Billed on an invoice to pay (the expiry not moved yet): nothing said.
    books.lock().unwrap().renews_by = 0;
    h.key(KeyCode::Char('R')).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books).len(), 3);
    assert!(h.app.profile().error.is_none(), "{:?}", h.app.profile().error);

    // As promised: nothing said.
    books.lock().unwrap().fee = 0;
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Esc).await;
    assert!(h.app.profile_mut().screens.invoices.browse.select_id("502"));
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('c')).await;
    for _ in 0..10 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys("100000").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(changes(&books).len(), 4);
    assert!(h.app.profile().error.is_none(), "{:?}", h.app.profile().error);
    // The renewal's three lines, the second renewal's two, then the payment's two.
    let lines = read();
    assert!(lines[5].contains("read back: renew for 1 year: not as promised"), "{lines:#?}");
    assert_eq!(lines.len(), 10, "{lines:#?}");
    assert!(lines[7].ends_with("\tapplied") && lines[9].ends_with("\tapplied"), "{lines:#?}");
}
