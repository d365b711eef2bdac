//! The one change protocol, seen from the scripting commands against the demo portal in
//! this process (every request it received is checked): a change goes out only where it was
//! shown, at most once (again only after an HTTP 401 to it, never by a fallback that runs
//! the command again), an answer that does not say what happened is said as such, and the
//! records read again are compared with those read just before.

use crate::support;

use std::path::Path;

use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal, Fault, FaultRule};
use support::cli;
use support::cli::started;
use support::portal::changes_without_refresh;

/// Runs the binary as the demo's client account.
async fn portal_tui(demo: &DemoPortal, state: &Path, args: &[&str]) -> (i32, String, String) {
    cli::said(&cli::portal_tui(demo, state, args).await)
}

const ADD: [&str; 6] = ["dns", "add", "example.vn", "vpn", "A", "198.51.100.4"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_is_sent_again_only_after_a_401_to_it() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/domain").method("POST").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &[&ADD[..], &["--yes"]].concat()).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("done: "), "{out}");
    assert_eq!(
        changes_without_refresh(&demo),
        ["POST /domain/5188/dns", "POST /domain/5188/dns"],
        "once more after the 401"
    );

    // "unauthorized" in a 200's words is the portal's answer: not sent again.
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized200, "/domain").method("POST").times(1)]);
    let add = ["dns", "add", "example.vn", "vpn2", "A", "198.51.100.5", "--yes"];
    let (code, _, err) = portal_tui(&demo, state.path(), &add).await;
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("Access denied: unauthorized"), "{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5188/dns"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lapsed_remembered_session_never_runs_a_change_again() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let login = demo.login_for(CLIENT_HOST).unwrap();
    let config = dir.path().join("config.toml");
    let text = format!(
        "[profiles.shop]\nbase_url = \"{}\"\nhost = \"{}\"\nusername = \"{}\"\npassword_command = \"echo {}\"\nremember = true\n",
        demo.url(),
        login.host,
        login.username,
        login.password
    );
    std::fs::write(&config, text).unwrap();
    let run = |args: Vec<&'static str>| {
        let mut cmd = cli::command();
        cmd.env("PORTAL_CONFIG", &config).env("PORTAL_STATE_DIR", dir.path().join("state"));
        cmd.args(args);
        async move { cli::said(&cli::output(cmd).await) }
    };
    // A first command keeps the session.
    let (code, _, err) = run(vec!["details"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(dir.path().join("state/sessions/shop.json").exists());
    // Every change is refused as unauthorized: once, and once more after the renewal (the
    // records read again prove it absent).
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/domain").method("POST")]);
    let (code, _, err) = run([&ADD[..], &["--yes"]].concat()).await;
    assert_eq!(code, 3, "{err}");
    assert_eq!(
        changes_without_refresh(&demo),
        ["POST /domain/5188/dns", "POST /domain/5188/dns"],
        "no fallback sends it again"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_that_do_not_say_what_happened() {
    let (demo, state) = started().await;
    // Applied, then redirected: an unclear answer; read again, it is there: applied, never
    // resent.
    demo.set_faults(vec![FaultRule::on(Fault::SeeOther, "/domain").method("POST").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &[&ADD[..], &["--yes"]].concat()).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("read again: the change is there now"), "{out}");
    assert!(out.contains("vpn   A      3600"), "the records as the portal has them:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5188/dns"]);

    // `"success": false` and nothing else: a refusal, not "done".
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::FailedBare, "/domain").method("POST").times(1)]);
    let add = ["dns", "add", "example.vn", "vpn2", "A", "198.51.100.5", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &add).await;
    assert_eq!(code, 4, "{out}{err}");
    assert!(err.contains("gave no reason") && !out.contains("done"), "{out}{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5188/dns"]);

    // 204 No Content: done.
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::NoContent, "/domain").method("POST").times(1)]);
    let add = ["dns", "add", "example.vn", "vpn3", "A", "198.51.100.6", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &add).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("done: "), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5188/dns"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_addressed_by_position_are_checked_before_and_after() {
    let (demo, state) = started().await;
    // Another admin deletes the first record between our first read and the one just
    // before sending: every later record moves up one place, so "2" is now another record.
    demo.set_faults(vec![
        FaultRule::always(Fault::PositionIds),
        FaultRule::on(Fault::OtherAdmin, "/domain/5188/dns").method("GET").after(1).times(1),
    ]);
    let delete = ["dns", "delete", "example.vn", "2", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &delete).await;
    assert_eq!(code, 4, "{out}{err}");
    assert!(err.contains("nothing was sent") && err.contains("mail A"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    // Another admin deletes the first record after the last read, just as ours goes out:
    // the portal rewrites another record than the one shown. Said, exit 6.
    demo.reset_traffic();
    demo.set_faults(vec![
        FaultRule::always(Fault::PositionIds),
        FaultRule::on(Fault::OtherAdmin, "/domain/5188/dns").method("PUT").times(1),
    ]);
    let set = ["dns", "set", "example.vn", "mail", "A", "203.0.113.25", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(code, 6, "{out}{err}");
    assert!(out.contains("records besides this change are not as they were"), "{out}");
    assert_eq!(changes_without_refresh(&demo).len(), 1, "{:?}", changes_without_refresh(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_is_one_object_and_nothing_else() {
    let (demo, state) = started().await;
    let (code, out, err) = portal_tui(&demo, state.path(), &[&ADD[..], &["--yes", "--json"]].concat()).await;
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).expect("stdout is one JSON value");
    assert_eq!(value["outcome"], "applied");
    assert_eq!(value["request"]["method"], "POST");
    assert_eq!(value["request"]["path"], "/domain/5188/dns");
    assert_eq!(value["request"]["body"]["content"], "198.51.100.4");
    assert_eq!(value["answer"]["info"][0], "DNS record added");
    assert_eq!(value["check"]["landed"], true);
    let listed = value["state"].as_array().expect("the records read again");
    assert!(listed.iter().any(|r| r["name"] == "vpn"), "{value:#}");

    let (code, out, _) =
        portal_tui(&demo, state.path(), &["dns", "delete", "example.vn", "1", "--dry-run", "--json"]).await;
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).expect("stdout is one JSON value");
    assert_eq!(value["outcome"], "dry_run");
    assert_eq!(value["request"]["path"], "/domain/5188/dns/1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dns_content_that_would_break_the_zone_is_refused_and_txt_keeps_other_tags() {
    let (demo, state) = started().await;
    let injected = ["dns", "add", "example.vn", "@", "TXT", "v=spf1 -all\n@ 300 IN NS evil.", "--yes"];
    let (code, _, err) = portal_tui(&demo, state.path(), &injected).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line break"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty());

    // A verification token beside the SPF record: added, the SPF record left alone.
    let verify = ["dns", "set", "example.vn", "@", "TXT", "google-site-verification=abc123", "--yes"];
    let (code, _, err) = portal_tui(&demo, state.path(), &verify).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5188/dns"]);
    // The SPF record is replaced by a new SPF record only.
    demo.reset_traffic();
    let spf = ["dns", "set", "example.vn", "@", "TXT", "v=spf1 mx -all", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &spf).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(changes_without_refresh(&demo), ["PUT /domain/5188/dns/5"], "{out}");
    // A second SPF record added beside it is refused: with two, receivers take neither.
    demo.reset_traffic();
    let second = ["dns", "add", "example.vn", "@", "TXT", "v=spf1 include:_spf.google.com ~all", "--yes"];
    let (code, _, err) = portal_tui(&demo, state.path(), &second).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("@ already has a v=spf1 record (#5): with two, receivers take neither"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty());

    // A DKIM key over 255 bytes goes out as its text, bare: the portal quotes it.
    demo.reset_traffic();
    let key = format!("v=DKIM1; k=rsa; p={}", "M".repeat(300));
    let dkim = ["dns", "add", "example.vn", "s1._domainkey", "TXT", key.as_str(), "--yes", "--json"];
    let (code, out, err) = portal_tui(&demo, state.path(), &dkim).await;
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let sent = value["request"]["body"]["content"].as_str().unwrap();
    assert_eq!(sent, key);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_says_what_it_costs_and_how_to_order() {
    let (demo, state) = started().await;
    let (code, out, err) = portal_tui(&demo, state.path(), &["upgrade", "2207"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("only lists the options"), "{out}");
    assert!(out.contains("--send"), "how to order:\n{out}");
    let twice = ["upgrade", "2207", "--choose", "CPU=4 vCPU", "--choose", "cpu=8 vCPU", "--send", "--yes"];
    let (code, _, err) = portal_tui(&demo, state.path(), &twice).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("twice"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty());
}

/// The expiry dates a renewal's report names, before and after (`Expires: A → B`).
fn expiry_change(out: &str) -> (String, String) {
    let line = out.lines().find_map(|l| l.trim().strip_prefix("Expires: ")).expect("the expiry named");
    let (was, now) = line.split_once(" → ").expect("before and after");
    (was.to_owned(), now.to_owned())
}

/// How many times a request was received.
fn received(demo: &DemoPortal, request: &str) -> usize {
    demo.requests().iter().filter(|r| *r == request).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_applied_then_answered_401_is_read_back_never_sent_twice() {
    let renew = ["domain", "renew", "caphesuada.vn", "--yes"];
    let year = |date: &str| date[..4].parse::<i32>().unwrap();
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::AppliedUnauthorized, "/domain/5142/renew").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("answer was unclear; read again: the change is there, so it was not sent again"), "{out}");
    let (was, promised) = expiry_change(&out);
    assert_eq!(year(&promised), year(&was) + 1);
    assert!(out.contains(&format!("caphesuada.vn  5142  {promised}")), "renewed once, one year:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"], "sent once");
    let sign_ins = received(&demo, "POST /login") + received(&demo, "POST /token");
    assert_eq!(sign_ins, 2, "the session renewed after the 401: {:?}", demo.requests());

    // A 401 that applied nothing: read again, unchanged, which proves nothing of a renewal
    // (a portal that invoices it moves the expiry when the invoice is paid): money is never
    // sent a second time, and what to look at is said.
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/domain/5142/renew").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 5, "{out}{err}");
    assert!(err.contains("(domain details, invoice list) cannot tell; it was not sent again"), "{err}");
    assert!(out.contains(&format!("caphesuada.vn  5142  {was}")), "not renewed, as read again:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_applied_then_answered_401_is_read_back_never_sent_twice() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::AppliedUnauthorized, "/invoice/90412/credit").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &["invoice", "pay", "90412", "--yes", "--json"]).await;
    assert_eq!(code, 0, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["outcome"], "applied");
    assert_eq!(doc["state"]["invoice"]["status"], "Paid");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90412/credit"], "sent once");

    // Part of an invoice, refused by a 401 that applied nothing: still due the same, which
    // an invoice read from a portal that lags would also say: never sent a second time.
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/invoice/90438/credit").times(1)]);
    let pay = ["invoice", "pay", "90438", "--amount", "100000", "--yes", "--json"];
    let (code, out, err) = portal_tui(&demo, state.path(), &pay).await;
    assert_eq!(code, 5, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((doc["outcome"].as_str(), doc["read_back"].as_str()), (Some("unknown"), Some("no_sign")), "{out}");
    assert_eq!(doc["state"]["invoice"]["credit"], 0, "not paid:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90438/credit"]);

    // The same part, applied then answered 401: what is due went down, not sent again.
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::AppliedUnauthorized, "/invoice/90438/credit").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &pay).await;
    assert_eq!(code, 0, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["state"]["invoice"]["credit"], "100000.00", "paid once, not twice:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90438/credit"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancellation_or_an_order_answered_401_is_not_sent_twice() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::AppliedUnauthorized, "/service/2208/cancel").times(1)]);
    let cancel = ["--lang", "vi", "service", "cancel", "2208", "--reason", "x", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &cancel).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("câu trả lời của cổng không rõ; đọc lại: thay đổi đã có, nên không gửi lại"), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /service/2208/cancel"]);

    // An order shows as the invoice that bills it: never sent again, read back as applied
    // with that invoice named. (The estimate the order is confirmed with goes first, on the
    // same route: let through.)
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::AppliedUnauthorized, "/service/2207/upgrade").after(1).times(1)]);
    let order = ["upgrade", "2207", "--choose", "CPU=4 vCPU", "--send", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &order).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("so it was not sent again") && out.contains("90501"), "{out}");
    assert_eq!(demo.upgrade_requests().len(), 1, "ordered once");
    // The estimate, then the order.
    assert_eq!(changes_without_refresh(&demo), ["POST /service/2207/upgrade", "POST /service/2207/upgrade"]);
}

/// Applied, then answered 500 with the portal's JSON error (a payment of part of an
/// invoice, a renewal): read back, said applied, never "refused", never sent again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_with_the_portals_words_after_applying_is_read_back() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::AppliedServerError, "/invoice/90438/credit").times(1)]);
    let pay = ["invoice", "pay", "90438", "--amount", "100000", "--yes", "--json"];
    let (code, out, err) = portal_tui(&demo, state.path(), &pay).await;
    assert_eq!(code, 0, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((doc["outcome"].as_str(), doc["read_back"].as_str()), (Some("applied"), Some("applied")), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90438/credit"]);

    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::AppliedServerError, "/domain/5142/renew").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "renew", "caphesuada.vn", "--yes"]).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("so it was not sent again") && !err.contains("refused"), "{out}{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"]);
}
