//! The `domain` actions run as the built binary against the demo portal in this process
//! (every request it received is checked): the renewal's confirmation names the price and
//! the new expiry, a dry run sends nothing, a renewal the credit cannot pay is said in words
//! (exit 4), a lost answer is read again and never sent twice, nameservers are checked
//! before anything is sent, and the transfer code reaches stdout and nowhere else.

use crate::support;

use std::path::Path;

use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal, Fault, FaultRule};
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
async fn a_renewal_shows_its_price_and_expiry_and_a_dry_run_sends_nothing() {
    let (demo, state) = started().await;
    let renew = ["domain", "renew", "banhmihoian.com.vn", "--years", "2", "--dry-run"];
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 0, "{err}");
    for shown in [
        // The dialog's preview, row for row (`i18n::preview::renewal`).
        "domain banhmihoian.com.vn (registration 5131):\n  Change: renew for 2 years\n",
        "  Price: 1,300,000 VND (650,000 VND a year × 2)\n",
        "  Payment: charged to the credit now, or an invoice to pay, as this portal does",
        "  Credit: 660,000 VND (less than the price)",
        "  Expires: 2027-01-25 → 2029-01-25",
        r#"would send: POST /domain/5131/renew {"years":2}"#,
        "nothing was sent",
    ] {
        assert!(out.contains(shown), "{shown:?} in:\n{out}");
    }
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    // A registration billed every two years is priced from its TLD's price for the period;
    // in Vietnamese, amounts grouped the Vietnamese way.
    let renew = ["--lang", "vi", "domain", "renew", "5188", "--dry-run"];
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("gia hạn 1 năm") && out.contains("Giá: 480.000 ₫ (giá gia hạn .vn)"), "{out}");
    assert!(out.contains("Hết hạn: 06/11/2027 → 06/11/2028"), "{out}");
    assert!(changes_without_refresh(&demo).is_empty());
}

/// Renewing an old registration by its id, when an active one of its name replaces it, is
/// refused before anything is sent, and the one to renew is named; by name, the active one
/// is renewed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_registration_is_not_renewed_by_its_id() {
    let (demo, state) = started().await;
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "renew", "5101", "--yes"]).await;
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("registration #5101 of example.vn is Expired: #5188 replaces it"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));
    let (code, out, err) = portal_tui(&demo, state.path(), &["--lang", "vi", "domain", "renew", "5101", "--yes"]).await;
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("#5188 đã thay thế nó và là đăng ký cần gia hạn"), "{err}");
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "renew", "example.vn", "--dry-run"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("would send: POST /domain/5188/renew"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_the_credit_cannot_pay_is_refused_in_words() {
    let (demo, state) = started().await;
    let renew = ["domain", "renew", "banhmihoian.com.vn", "--years", "3", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &renew).await;
    assert_eq!(code, 4, "{out}{err}");
    assert!(err.contains("not enough account credit to pay for the renewal"), "{err}");
    assert!(!err.contains("JSON") && !out.contains("done"), "{out}{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5131/renew"]);

    demo.reset_traffic();
    let (code, _, err) = portal_tui(&demo, state.path(), &[&["--lang", "vi"][..], &renew[..]].concat()).await;
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("số dư tài khoản không đủ để thanh toán việc gia hạn"), "{err}");

    // With --json: one object saying it was refused, and why.
    let (code, out, err) = portal_tui(&demo, state.path(), &[&renew[..], &["--json"]].concat()).await;
    assert_eq!(code, 4, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(value["outcome"], "refused");
    assert!(value["error"].as_str().unwrap().contains("not enough account credit"), "{value}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_to_a_renewal_is_read_again_and_never_sent_twice() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5142/renew").times(1)]);
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "renew", "caphesuada.vn", "--yes"]).await;
    // The expiry read again moved: applied, said so, not sent again.
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("answer was unclear; read again: the change is there, so it was not sent again"), "{out}");
    assert!(out.contains("caphesuada.vn  5142  2027-12-18"), "read again, renewed once:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /domain/5142/renew"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_change_and_are_read_again() {
    let (demo, state) = started().await;
    let (code, out, err) =
        portal_tui(&demo, state.path(), &["domain", "autorenew", "phosaigon.vn", "on", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("autorenew: off → on") && out.contains("phosaigon.vn  5120"), "{out}");
    // Already as asked: nothing is sent.
    let (code, out, _) = portal_tui(&demo, state.path(), &["domain", "autorenew", "phosaigon.vn", "on", "--yes"]).await;
    assert_eq!(code, 0);
    assert!(out.contains("already on: nothing was sent"), "{out}");

    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "lock", "example.vn"]).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "registrar lock of example.vn (registration 5188): on\n");
    let (code, out, err) =
        portal_tui(&demo, state.path(), &["domain", "lock", "example.vn", "off", "--yes", "--json"]).await;
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!((value["outcome"].as_str(), value["sent"].as_bool()), (Some("applied"), Some(true)));
    assert_eq!(value["request"]["path"], "/domain/5188/reglock");
    assert_eq!(value["request"]["body"]["switch"], false);
    assert_eq!(value["state"]["id"], "5188", "the registration read again: {value}");

    let privacy = ["--lang", "vi", "domain", "privacy", "5120", "bật", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &privacy).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bảo vệ thông tin: tắt → bật"), "{out}");

    let set = ["domain", "ns", "phosaigon.vn", "--set", "NS1.Hosting.vn", "ns2.hosting.vn.", "--yes"];
    let (code, out, err) = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nameservers: ns1.tinohost.com, ns2.tinohost.com → ns1.hosting.vn, ns2.hosting.vn"), "{out}");
    let (_, out, _) = portal_tui(&demo, state.path(), &["domain", "ns", "phosaigon.vn"]).await;
    assert_eq!(out, "nameservers of phosaigon.vn (registration 5120):\n  ns1.hosting.vn\n  ns2.hosting.vn\n");
    let (code, out, err) =
        portal_tui(&demo, state.path(), &["domain", "ns", "phosaigon.vn", "--default", "--dry-run"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("→ the portal's default nameservers") && out.contains(r#"{"nameservers":[]}"#), "{out}");

    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    for sent in [
        "PUT /domain/5120/autorenew",
        "PUT /domain/5188/reglock",
        "PUT /domain/5120/idprotection",
        "PUT /domain/5120/ns",
    ] {
        assert!(log.contains(sent), "{sent} in the change log:\n{log}");
    }
    assert_eq!(changes_without_refresh(&demo).len(), 4, "{:?}", changes_without_refresh(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nameservers_are_checked_before_anything_is_sent() {
    let (demo, state) = started().await;
    for (given, said) in [
        (vec!["ns1.hosting.vn"], "give 2 to 4 nameservers (not 1)"),
        (vec!["ns1.hosting.vn", "bad_host"], "\"bad_host\" is not a nameserver's host name"),
        (vec!["ns1.hosting.vn", "203.0.113.5"], "\"203.0.113.5\" is not a nameserver's host name"),
        (vec!["ns1.hosting.vn", "NS1.hosting.vn."], "\"NS1.hosting.vn.\" is given twice"),
        (vec!["a.vn", "b.vn", "c.vn", "d.vn", "e.vn"], "(not 5)"),
    ] {
        let args = [&["domain", "ns", "phosaigon.vn", "--yes", "--set"][..], &given[..]].concat();
        let (code, _, err) = portal_tui(&demo, state.path(), &args).await;
        assert_eq!(code, 2, "{given:?}: {err}");
        assert!(err.contains(said), "{given:?}: {err}");
    }
    assert!(demo.requests().is_empty(), "the portal was asked nothing: {:?}", demo.requests());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_transfer_code_is_printed_and_never_logged() {
    let (demo, state) = started().await;
    let code = demo.transfer_code(CLIENT_HOST, "5188");
    let log = state.path().join("portal.log");
    let log_arg = log.to_str().unwrap();
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_LOG", "trace").args(["--log-file", log_arg, "domain", "epp", "example.vn"]);
    let out = cli::output(cmd).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout, format!("transfer code (EPP) of example.vn (registration 5188): {code}\n"));
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_LOG", "trace").args(["--log-file", log_arg, "--json", "domain", "epp", "5188"]);
    let out = cli::output(cmd).await;
    assert!(String::from_utf8_lossy(&out.stdout).contains(&code));
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.contains("/domain/5188/epp"), "the exchange is logged:\n{written}");
    assert!(!written.contains(&code), "the code is not:\n{written}");

    // A failed read of it says what went wrong without the code.
    demo.set_faults(vec![FaultRule::on(Fault::WrongTypes, "/domain/5188/epp").times(1)]);
    let (status, out, err) = portal_tui(&demo, state.path(), &["domain", "epp", "example.vn"]).await;
    assert_eq!(status, 5, "{out}{err}");
    assert!(err.contains("no transfer code in the answer") && !err.contains(&code), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_says_whether_a_name_is_free_and_changes_nothing() {
    let (demo, state) = started().await;
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "check", "banhcuon.com.vn"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("banhcuon.com.vn is available\n"), "{out}");
    // The currency as the dashboard writes it; the transfer price the portal does not give
    // is not a column of zeros ("free"), and the TLD is the one the portal sells.
    assert!(out.contains("prices of .com.vn:\n"), "{out}");
    assert!(out.contains("  3      1,950,000 VND  1,950,000 VND  1,500,000 VND\n"), "{out}");
    assert!(!out.contains("TRANSFER") && !out.contains("  0  "), "{out}");
    let (code, out, _) = portal_tui(&demo, state.path(), &["domain", "check", "example.vn"]).await;
    assert_eq!(code, 1, "not free: exit 1");
    assert!(out.starts_with("example.vn is not available"), "{out}");
    let (code, out, _) = portal_tui(&demo, state.path(), &["--json", "domain", "check", "banhcuon.vn"]).await;
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((value["available"].as_bool(), value["name"].as_str()), (Some(true), Some("banhcuon.vn")));
    assert!(
        changes_without_refresh(&demo).iter().all(|r| r == "POST /domain/lookup"),
        "{:?}",
        changes_without_refresh(&demo)
    );
    // The plain read of a name still works beside the actions.
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "caphesuada.vn"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("caphesuada.vn  5142"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_refuses_what_the_dashboard_refuses_before_sending_anything() {
    let (demo, state) = started().await;
    for (args, said) in [
        (
            &["domain", "check", "--", "-x.vn"][..],
            "error: availability check failed: -x.vn: not a name that can be registered",
        ),
        (&["domain", "check", "localhost"][..], "localhost: not a name that can be registered"),
        (&["--json", "domain", "check", "pho_bo.vn"][..], "A domain name cannot contain '_'"),
        (
            &["domain", "check", "www.example.vn"][..],
            "www.example.vn is a host under your domain example.vn — add a DNS record there",
        ),
        (
            &["--lang", "vi", "domain", "check", "mail.example.vn"][..],
            "mail.example.vn thuộc tên miền example.vn của bạn — hãy thêm bản ghi DNS ở đó",
        ),
        (&["--lang", "vi", "domain", "check", "localhost"][..], "localhost: không phải tên miền đăng ký được"),
    ] {
        let (code, out, err) = portal_tui(&demo, state.path(), args).await;
        assert_eq!(code, 2, "the usage code: {args:?} {out}{err}");
        assert!(err.contains(said) || out.contains(said), "{args:?}: {out}{err}");
        assert!(!out.contains("available") && !out.contains("còn trống"), "{out}");
    }
    assert!(
        !demo.requests().iter().any(|r| r == "POST /domain/lookup"),
        "nothing was looked up: {:?}",
        demo.requests()
    );
    // A name below one the account does not hold is looked up as any other.
    let (code, out, err) = portal_tui(&demo, state.path(), &["domain", "check", "www.banhcuon.vn"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("www.banhcuon.vn is available\n") && out.contains("prices of .vn:\n"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_prices_are_in_the_accounts_currency_in_vietnamese() {
    let (demo, state) = started().await;
    let (code, out, err) = portal_tui(&demo, state.path(), &["--lang", "vi", "domain", "check", "banhcuon.vn"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bảng giá của .vn:\n"), "{out}");
    assert!(out.contains("  1       750.000 ₫"), "{out}");
    assert!(!out.contains("CHUYỂN"), "no transfer price, no column: {out}");
}
