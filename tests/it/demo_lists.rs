//! The demo portal's whole-account lists are kept as sent until anything changes: a change
//! (however its answer went) is in the next list, and a fault injected into one answer is
//! not kept for the next.

use crate::support;

use portal_tui::api::{AuthMethod, Language};
use portal_tui::demo::{CLIENT_HOST, DemoPortal, FaultRule};
use serde_json::Value;
use support::*;

struct Raw {
    http: reqwest::Client,
    base: String,
    username: String,
    password: String,
}

impl Raw {
    fn new(demo: &DemoPortal) -> Raw {
        // The portal client sets up TLS for every HTTP client of the process.
        let _ = client(demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
        let login = demo.login_for(CLIENT_HOST).unwrap();
        Raw { http: support::portal::http(), base: demo.url(), username: login.username, password: login.password }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: &str) -> (reqwest::StatusCode, Vec<u8>) {
        let answer = self
            .http
            .request(method, format!("{}{path}", self.base))
            .basic_auth(&self.username, Some(&self.password))
            .header("X-Forwarded-Host", CLIENT_HOST)
            .header("Content-Type", "application/json")
            .body(body.to_owned())
            .send()
            .await
            .unwrap();
        (answer.status(), answer.bytes().await.unwrap().to_vec())
    }

    async fn get(&self, path: &str) -> Vec<u8> {
        self.send(reqwest::Method::GET, path, "").await.1
    }

    /// The entry with `id` in the list `GET path` answers under `name`.
    async fn entry(&self, path: &str, name: &str, id: &str) -> Value {
        let list: Value = serde_json::from_slice(&self.get(path).await).unwrap();
        list[name].as_array().unwrap().iter().find(|e| e["id"] == id).cloned().unwrap()
    }
}

#[tokio::test]
async fn a_change_is_in_the_next_list() {
    let demo = demo().await;
    let raw = Raw::new(&demo);
    let before = raw.get("/domain").await;
    assert_eq!(raw.get("/api/domain").await, before, "the same list, asked again");
    assert_eq!(raw.entry("/domain", "domains", "5120").await["autorenew"], "0");
    let (status, _) = raw.send(reqwest::Method::PUT, "/domain/5120/autorenew", r#"{"autorenew": "1"}"#).await;
    assert!(status.is_success());
    assert_eq!(raw.entry("/domain", "domains", "5120").await["autorenew"], "1");

    assert_eq!(raw.entry("/service", "services", "2208").await["status"], "Active");
    let cancel = r#"{"immediate": "1", "reason": "moving"}"#;
    raw.send(reqwest::Method::POST, "/service/2208/cancel", cancel).await;
    assert_eq!(raw.entry("/service", "services", "2208").await["status"], "Cancelled");

    assert_eq!(raw.entry("/invoice", "invoices", "90412").await["status"], "Unpaid");
    raw.send(reqwest::Method::POST, "/invoice/90412/credit", "{}").await;
    let paid = raw.entry("/invoice", "invoices", "90412").await;
    assert_eq!(paid["status"], "Paid", "{paid}");
}

#[tokio::test]
async fn a_change_whose_answer_was_lost_is_in_the_next_list() {
    let demo = demo().await;
    let raw = Raw::new(&demo);
    assert_eq!(raw.entry("/service", "services", "2208").await["status"], "Active");
    demo.set_faults(vec!["lost-answer@POST/service".parse::<FaultRule>().unwrap()]);
    let cancel = r#"{"immediate": "1", "reason": "moving"}"#;
    let (status, _) = raw.send(reqwest::Method::POST, "/service/2208/cancel", cancel).await;
    assert_eq!(status, reqwest::StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(raw.entry("/service", "services", "2208").await["status"], "Cancelled");
}

#[tokio::test]
async fn a_faulty_answer_is_not_kept() {
    let demo = demo().await;
    let raw = Raw::new(&demo);
    let whole = raw.get("/invoice").await;
    demo.set_faults(vec!["truncated-json@/invoice*1".parse::<FaultRule>().unwrap()]);
    let cut = raw.get("/invoice").await;
    assert_eq!(cut.len(), whole.len() / 2);
    assert_eq!(raw.get("/invoice").await, whole);
    // A list the fault let through first is the whole one too.
    demo.set_faults(vec!["hostile-text@/service*1".parse::<FaultRule>().unwrap()]);
    let hostile = raw.get("/service").await;
    let clean = raw.get("/service").await;
    assert_ne!(hostile, clean);
    assert!(!String::from_utf8_lossy(&clean).contains('\u{1b}'));
}
