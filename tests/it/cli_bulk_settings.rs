//! A setting changed on several registrations in one command: `domain autorenew A B on`,
//! `domain lock --expiring-within 30d on`, `domain ns A B --set …`. Without `--yes` the plan
//! (before → after, those already so) and nothing sent; with it one request per item, each
//! once, a line (or a JSON object) per item, exit 0 only when every item was done.

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
async fn autorenew_on_several_names_is_planned_then_sent_once_each() {
    let (demo, state) = started().await;
    let asked = ["domain", "autorenew", "phosaigon.vn", "caphesuada.vn", "example.vn", "on"];
    let (code, out, err) = portal_tui(&demo, state.path(), &asked).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("autorenew → on, 3 registrations"), "{out}");
    assert!(out.contains("phosaigon.vn (#5120): autorenew: off → on"), "{out}");
    assert!(out.contains("autorenew of example.vn is already on"), "{out}");
    assert!(out.contains("2 to send, 1 already so") && out.contains("nothing was sent: add --yes"), "{out}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    let (code, out, err) = portal_tui(&demo, state.path(), &[&asked[..], &["--yes"]].concat()).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("applied  phosaigon.vn (#5120): autorenew: off → on"), "{out}");
    assert!(out.contains("applied  caphesuada.vn (#5142)"), "{out}");
    let sent = changes_without_refresh(&demo);
    assert_eq!(sent, ["PUT /domain/5120/autorenew", "PUT /domain/5142/autorenew"], "once each");
    // Done: asked again, all are already on and nothing more is sent.
    let (code, out, _) = portal_tui(&demo, state.path(), &[&asked[..], &["--yes"]].concat()).await;
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert_eq!(changes_without_refresh(&demo).len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lock_of_what_expires_is_turned_on_with_one_json_object_per_item() {
    let (demo, state) = started().await;
    let asked = ["domain", "lock", "--expiring-within", "30d", "on", "--json"];
    let (code, out, err) = portal_tui(&demo, state.path(), &asked).await;
    assert_eq!(code, 0, "{err}");
    let planned: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(planned.len(), 2, "{out}");
    assert!(planned.iter().all(|p| p["outcome"] == "planned" && p["sent"] == false), "{out}");
    assert_eq!(planned[0]["request"]["path"], "/domain/5120/reglock");
    assert!(changes_without_refresh(&demo).is_empty());

    // With --yes, the second refused in words: it is said for itself, the exit is not 0.
    demo.set_faults(vec![FaultRule::on(Fault::Error200, "/domain/5142/reglock").method("PUT").times(1)]);
    let (code, out, _) = portal_tui(&demo, state.path(), &[&asked[..], &["--yes"]].concat()).await;
    assert_ne!(code, 0, "{out}");
    let done: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(done.len(), 2, "{out}");
    assert_eq!(done[0]["outcome"], "applied", "{out}");
    assert_eq!(done[1]["outcome"], "refused", "{out}");
    assert_eq!(changes_without_refresh(&demo), ["PUT /domain/5120/reglock", "PUT /domain/5142/reglock"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_name_keeps_the_shape_it_had_and_mistakes_are_said_before_asking() {
    let (demo, state) = started().await;
    // One name: the lock shown, a setting changed as before.
    let (code, out, _) = portal_tui(&demo, state.path(), &["domain", "lock", "example.vn"]).await;
    assert_eq!(code, 0);
    assert!(out.contains("registrar lock of example.vn (registration 5188): on"), "{out}");
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "privacy", "5120", "on", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("registrations"), "one change, not a batch: {out}");
    assert_eq!(changes_without_refresh(&demo), ["PUT /domain/5120/idprotection"]);
    // Mistakes, in both languages, before anything is sent.
    for (args, said) in [
        (&["domain", "autorenew", "example.vn", "maybe"][..], "`maybe` is neither"),
        (&["domain", "lock", "example.vn", "phosaigon.vn"][..], "the lock is shown for one name only"),
        (&["domain", "ns", "example.vn", "phosaigon.vn"][..], "the nameservers are shown for one name only"),
        (&["domain", "autorenew", "--expiring-within", "30", "example.vn", "on"][..], "give no names with it"),
    ] {
        let (code, _, err) = portal_tui(&demo, state.path(), args).await;
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    let (code, _, err) = portal_tui(&demo, state.path(), &["--lang", "vi", "domain", "autorenew", "a.vn", "có"]).await;
    assert_eq!(code, 2);
    assert!(err.contains("hãy ghi `on` hoặc `off` sau các tên"), "{err}");
    assert_eq!(changes_without_refresh(&demo).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nameservers_for_several_names_and_id_protection_says_it_may_cost() {
    let (demo, state) = started().await;
    let ns = ["domain", "ns", "phosaigon.vn", "caphesuada.vn", "--set", "ns1.hoasen.vn,ns2.hoasen.vn", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &ns).await;
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("applied")).count(), 2, "{out}");
    assert_eq!(changes_without_refresh(&demo), ["PUT /domain/5120/ns", "PUT /domain/5142/ns"]);
    let (_, out, _) =
        portal_tui(&demo, state.path(), &["domain", "privacy", "phosaigon.vn", "caphesuada.vn", "on"]).await;
    assert!(out.contains("ID protection may be charged for"), "{out}");
    let vi = ["--lang", "vi", "domain", "privacy", "phosaigon.vn", "caphesuada.vn", "bật"];
    let (_, out, _) = portal_tui(&demo, state.path(), &vi).await;
    assert!(out.contains("bảo vệ thông tin có thể tính phí"), "{out}");
}

/// `--demo` with its two profiles (the client's and the reseller's), a fresh portal a run.
fn on_every_profile(args: &[&str]) -> (i32, String, String) {
    let state = tempfile::tempdir().unwrap();
    let mut cmd = cli::command();
    cmd.env("PORTAL_STATE_DIR", state.path()).env_remove("PORTAL_PASSWORD").arg("--demo").args(args);
    cli::said(&cmd.output().unwrap())
}

#[test]
fn every_profile_gets_its_own_plan_and_batch_against_its_own_credit() {
    let (code, out, err) = on_every_profile(&["domain", "renew", "--expiring-within", "60d", "--all-profiles"]);
    assert_eq!(code, 0, "{err}");
    // Into a pipe, no progress: it is for a person watching a terminal.
    assert!(!err.contains("profiles"), "{err}");
    let client = out.find("── client ──").expect("the client's heading");
    let reseller = out.find("── reseller ──").expect("the reseller's heading");
    assert!(client < reseller, "{out}");
    // Each against its own credit: the client's short, the reseller's covering it.
    assert!(out[client..reseller].contains("credit 660,000 VND · after"), "{out}");
    assert!(out[reseller..].contains("credit 12,750,000.50 VND · after"), "{out}");
    assert_eq!(out.matches("nothing was sent: add --yes").count(), 2, "{out}");

    let (code, out, err) =
        on_every_profile(&["domain", "lock", "--expiring-within", "60d", "on", "--all-profiles", "--yes", "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let done: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let of = |profile: &str| done.iter().filter(|d| d["profile"] == profile).count();
    assert!(of("client") >= 2 && of("reseller") >= 1, "{out}");
    assert!(done.iter().all(|d| d["outcome"] == "applied" && d["sent"] == true), "{out}");
    let paths: Vec<&str> = done.iter().map(|d| d["request"]["path"].as_str().unwrap()).collect();
    let mut once = paths.clone();
    once.dedup();
    assert_eq!(once, paths, "each once");

    let (code, out, _) = on_every_profile(&["--lang", "vi", "invoice", "pay", "--all-due", "--all-profiles"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("── client ──") && out.contains("── reseller ──"), "{out}");
    assert!(out.contains("chưa gửi gì"), "{out}");
    // Only with a batch that picks its own items.
    let (code, _, err) = on_every_profile(&["domain", "renew", "phosaigon.vn", "--all-profiles"]);
    assert_eq!(code, 2, "{err}");
}
