//! Several changes in one command: `domain renew A B`, `--expiring-within`, `invoice pay
//! --all-due`. Without `--yes` the plan is printed and nothing sent; with it one request
//! per item, each once (a lost answer too), a line (or a JSON object) per item, exit 0 only
//! when every item was done.

use crate::support;

use std::path::Path;

use portal_tui::demo::{DemoOptions, DemoPortal, Fault, FaultRule};
use support::cli;
use support::portal::changes_without_refresh;
use time::macros::date;

async fn started() -> (DemoPortal, tempfile::TempDir) {
    let options = DemoOptions { today: Some(date!(2026 - 11 - 21)), ..DemoOptions::default() };
    (DemoPortal::start_local(options).await.unwrap(), tempfile::tempdir().unwrap())
}

async fn portal_tui(demo: &DemoPortal, state: &Path, args: &[&str]) -> (i32, String, String) {
    cli::said(&cli::portal_tui(demo, state, args).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewing_what_expires_is_planned_then_sent_once_each() {
    let (demo, state) = started().await;
    let renew = ["domain", "renew", "--expiring-within", "30d"];
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("renew 1 registration for 1 year"), "{out}");
    assert!(!out.contains("year(s)"), "{out}");
    assert!(out.contains("caphesuada.vn  #5142"), "{out}");
    // phosaigon.vn's renewal is on unpaid invoice 0438: listed as not sent, never paid twice.
    assert!(out.contains("Not sent:\n  phosaigon.vn (#5120) is not renewed: its renewal is on unpaid invoice 2026/11/0438: pay that invoice instead"), "{out}");
    assert!(out.contains("Total 480,000 VND · credit 660,000 VND · after 180,000 VND"), "{out}");
    assert!(out.contains("nothing was sent: add --yes"), "{out}");
    assert!(changes_without_refresh(&demo).is_empty(), "nothing sent: {:?}", changes_without_refresh(&demo));

    // With --yes, one at a time; the answer is lost after the portal renewed it: read back,
    // never sent again; the invoiced one is not sent at all.
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5142/renew").times(1)]);
    let (_, out, err) = portal_tui(&demo, state.path(), &[&renew[..], &["--yes"]].concat()).await;
    assert!(out.contains("phosaigon.vn (#5120) is not renewed"), "{out}{err}");
    assert!(out.contains("applied  renew caphesuada.vn (#5142)"), "{out}{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"], "once, and nothing for phosaigon.vn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_given_are_checked_before_anything_is_asked() {
    let (demo, state) = started().await;
    let (code, _, err) = portal_tui(&demo, state.path(), &["domain", "renew", "phosaigon.vn", "bad name.vn"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(demo.requests().is_empty(), "{:?}", demo.requests());
    let (code, out, _) = portal_tui(&demo, state.path(), &["domain", "renew", "phosaigon.vn", "5142"]).await;
    assert_eq!(code, 0);
    assert!(out.contains("renew 1 registration") && out.contains("phosaigon.vn (#5120) is not renewed"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewing_with_json_says_an_object_a_line_the_plan_and_those_not_sent_included() {
    let (demo, state) = started().await;
    let objects = |out: &str| -> Vec<serde_json::Value> {
        out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}\n{out}"))).collect()
    };
    let renew = ["--json", "domain", "renew", "phosaigon.vn", "caphesuada.vn"];
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 0, "{err}");
    let plan = objects(&out);
    assert_eq!(plan.len(), 3, "{out}");
    assert_eq!(plan[0]["outcome"], "planned");
    assert_eq!((plan[0]["name"].as_str(), plan[0]["price"].as_str()), (Some("caphesuada.vn"), Some("480000.00")));
    assert_eq!(plan[0]["covered"], true);
    assert_eq!(plan[1]["outcome"], "not_sent");
    assert!(plan[1]["error"].as_str().unwrap().contains("unpaid invoice 2026/11/0438"), "{out}");
    assert_eq!(plan[2]["credit"], "660000.00");
    assert_eq!(plan[2]["credit_after"], "180000.00");
    assert_eq!(plan[2]["sent"], false);
    assert!(changes_without_refresh(&demo).is_empty());
    // Sent: still an object a line, the one left out first.
    let (code, out, err) = portal_tui(&demo, state.path(), &[&renew[..], &["--yes"]].concat()).await;
    assert_eq!(code, 0, "{out}{err}");
    let said = objects(&out);
    let outcomes: Vec<&str> = said.iter().map(|o| o["outcome"].as_str().unwrap_or_default()).collect();
    assert_eq!(outcomes, ["not_sent", "applied"], "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paying_every_unpaid_invoice_pays_what_the_credit_covers() {
    let (demo, state) = started().await;
    let (code, out, _) = portal_tui(&demo, state.path(), &["invoice", "pay", "--all-due"]).await;
    assert_eq!(code, 0);
    assert!(out.contains("pay 3 invoices from the credit") && out.contains("short"), "{out}");
    assert!(changes_without_refresh(&demo).is_empty());
    let (code, out, err) = portal_tui(&demo, state.path(), &["--json", "invoice", "pay", "--all-due", "--yes"]).await;
    assert_eq!(code, 2, "what the credit could not pay was not sent:\n{out}{err}");
    let items: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).expect("a JSON object a line")).collect();
    assert_eq!(items.len(), 3, "{out}");
    assert_eq!(items[0]["outcome"], "applied");
    assert!(items[1..].iter().all(|i| i["outcome"] == "not_sent" && i["sent"] == false), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90412/credit"]);
    // --amount is for one invoice.
    let (code, _, err) =
        portal_tui(&demo, state.path(), &["invoice", "pay", "90441", "90438", "--amount", "1000"]).await;
    assert_eq!(code, 2, "{err}");
}
