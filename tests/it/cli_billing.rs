//! The billing commands, run as the built binary against the demo portal in this process
//! (so the test sees every request it received): paying from the credit (confirmed, dry
//! run, refused before sending, a lost answer read again and never re-sent), cancelling
//! with a typed confirmation, labels, the SSL list and a certificate saved without
//! overwriting, and `logout` ending the session at the portal with no secret in the log.

use crate::support;

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use portal_tui::demo::{DemoPortal, Fault, FaultRule};
use support::cli;
use support::cli::started;
use support::portal::changes_without_refresh;

async fn run(demo: &DemoPortal, state: &Path, args: &[&str]) -> (i32, String, String) {
    run_with_stdin(demo, state, args, "").await
}

async fn run_with_stdin(demo: &DemoPortal, state: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(args);
    cli::said(&cli::output_with_stdin(cmd, input).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paying_from_the_credit() {
    let (demo, state) = started().await;
    let s = state.path();
    // An unpaid invoice shows how to pay it.
    let (code, out, err) = run(&demo, s, &["invoice", "90412"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Payment methods: Chuyển khoản ngân hàng, VNPay, PayPal"), "{out}");
    assert!(out.contains("`invoice pay 90412`"), "{out}");
    let (_, paid, _) = run(&demo, s, &["invoice", "90377"]).await;
    assert!(!paid.contains("Payment methods"), "not for a paid one:\n{paid}");

    // A dry run shows the sums and sends nothing.
    let (code, out, err) = run(&demo, s, &["invoice", "pay", "90412", "--dry-run"]).await;
    assert_eq!(code, 0, "{err}");
    for line in [
        "pay invoice 2026/11/0412 (#90412) from the account credit",
        "Invoice total     412,500 VND",
        "Still due         412,500 VND",
        "Credit available  660,000 VND",
        "Paid now          the whole amount still due: 412,500 VND",
        "Due after         0 VND",
        "Credit after      247,500 VND",
        "would send: POST /invoice/90412/credit",
    ] {
        assert!(out.contains(line), "{line:?} in:\n{out}");
    }
    // Refused before anything is sent, in either language.
    let refusals: [(&[&str], &str); 5] = [
        (&["invoice", "pay", "90441", "--yes"], "682,000 VND is more than the account's credit of 660,000 VND"),
        (
            &["invoice", "pay", "90412", "--amount", "500000", "--yes"],
            "more than the 412,500 VND invoice #90412 still asks",
        ),
        (&["invoice", "pay", "90412", "--amount", "0", "--yes"], "--amount must be more than zero"),
        (&["invoice", "pay", "90377", "--yes"], "invoice #90377 is already paid"),
        (&["invoice", "pay", "90441", "--yes", "--lang", "vi"], "682.000 ₫ nhiều hơn số dư 660.000 ₫ của tài khoản"),
    ];
    for (args, words) in refusals {
        let (code, _, err) = run(&demo, s, args).await;
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(words), "{words:?} in {err}");
    }
    let (code, _, err) = run(&demo, s, &["invoice", "pay", "90412"]).await;
    assert!(code == 2 && err.contains("without --yes"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    // Paid: the invoice and the balance read again.
    let (code, out, err) = run(&demo, s, &["invoice", "pay", "90412", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("done: demo@example.vn at my.example.vn, pay invoice 2026/11/0412"), "{out}");
    assert!(out.contains("Paid") && out.contains("Credit  247,500 VND\n  Unpaid  1,210,000 VND"), "read again:\n{out}");
    // The invoice's sums as a bill reads: the total, then the credit applied and what is left.
    let sums = "Total           412,500 VND\n  Credit applied  412,500 VND\n  Still due       0 VND\n";
    assert!(out.contains(sums), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90412/credit"]);
    let log = std::fs::read_to_string(s.join("changes.log")).unwrap();
    assert!(log.contains("\tinvoice #90412\tPOST /invoice/90412/credit") && log.contains("\tapplied"), "{log}");

    // Part of one, as JSON.
    let (code, out, err) = run(&demo, s, &["invoice", "pay", "90438", "--amount", "100000", "--yes", "--json"]).await;
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["outcome"], "applied");
    assert_eq!(doc["request"]["body"]["amount"], "100000");
    assert_eq!(doc["state"]["invoice"]["credit"], "100000.00");
    assert_eq!(doc["state"]["balance"]["acc_credit"], "147500.00");
    assert_eq!(doc["state"]["balance"]["acc_balance"], "1110000.00", "what is still owed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_amount_is_read_as_the_language_writes_it() {
    let (demo, state) = started().await;
    let s = state.path();
    // 412,500 đồng, written the Vietnamese way and the English way; its currency after it.
    let sends = r#": POST /invoice/90412/credit {"amount":"412500"}"#;
    for (amount, lang) in [("412.500", "vi"), ("412,500", "en"), ("412.500 ₫", "vi"), ("412500", "vi")] {
        let (code, out, err) =
            run(&demo, s, &["invoice", "pay", "90412", "--amount", amount, "--dry-run", "--lang", lang]).await;
        assert_eq!(code, 0, "{amount} in {lang}: {err}");
        assert!(out.contains(sends), "{amount} in {lang}:\n{out}");
    }
    let (_, out, _) =
        run(&demo, s, &["invoice", "pay", "90412", "--amount", "412.500", "--dry-run", "--lang", "vi"]).await;
    assert!(out.contains("Thanh toán lần này  412.500 ₫"), "what is paid, as typed:\n{out}");
    // Refused before anything is sent, saying what was typed and why.
    let refusals: [(&str, &str, &str); 9] = [
        ("1e2", "en", "--amount 1e2: write the amount in full digits, not as a power of ten: nothing was sent"),
        ("5 USD", "en", "--amount 5 USD: the invoice is in VND, not USD: type the amount in VND: nothing was sent"),
        ("1_000", "en", "--amount 1_000 is not an amount: “_” has no place in one: nothing was sent"),
        ("0.001", "en", "--amount 0.001: amounts in VND have no decimals: nothing was sent"),
        ("412,50", "vi", "--amount 412,50: số tiền VND không có phần lẻ thập phân: không gửi gì"),
        ("1e2", "vi", "--amount 1e2: hãy viết đủ các chữ số, không dùng lũy thừa của 10: không gửi gì"),
        ("5 USD", "vi", "--amount 5 USD: hóa đơn tính bằng VND, không phải USD"),
        ("412.500", "en", "--amount 412.500 could be 412,500 VND or 412.50 VND: write 412500 or 412,500"),
        (
            "500.000",
            "en",
            "--amount 500.000 could be 500,000 VND or 500 VND: write 500000 or 500,000 (500 for 500 VND)",
        ),
    ];
    for (amount, lang, words) in refusals {
        let (code, _, err) =
            run(&demo, s, &["invoice", "pay", "90412", "--amount", amount, "--yes", "--lang", lang]).await;
        assert_eq!(code, 2, "{amount} in {lang}: {err}");
        assert!(err.contains(words), "{words:?} in {err}");
    }
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    // Paid in part as a Vietnamese reader writes it: 100.000 đồng, not 100.
    let args = ["invoice", "pay", "90438", "--amount", "100.000", "--yes", "--json", "--lang", "vi"];
    let (code, out, err) = run(&demo, s, &args).await;
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["request"]["body"]["amount"], "100000");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90438/credit"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_to_a_payment_is_read_again_and_never_sent_again() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/invoice/90438/credit")]);
    let (code, out, err) = run(&demo, state.path(), &["invoice", "pay", "90438", "--yes"]).await;
    // The invoice read again is paid: applied, said so, not sent again.
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("answer was unclear; read again: the change is there, so it was not sent again"), "{out}");
    assert!(out.contains("Paid") && out.contains("132,000 VND"), "the state as the portal has it:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /invoice/90438/credit"], "sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_is_confirmed_by_typing_the_domain() {
    let (demo, state) = started().await;
    let s = state.path();
    let cancel = ["service", "cancel", "2208", "--reason", "Chuyển sang VPS"];
    // Typed wrong, or nothing typed: nothing sent.
    for typed in ["banhmihoian.vn\n", "", "BANHMIHOIAN.COM.VN\n"] {
        let (code, _, err) = run_with_stdin(&demo, s, &cancel, typed).await;
        assert_eq!(code, 2, "{typed:?}: {err}");
        assert!(err.contains("type banhmihoian.com.vn to confirm: "), "{err}");
        assert!(err.contains("it ends at the end of its billing period, on "), "{err}");
        assert!(err.contains("what was typed is not banhmihoian.com.vn: nothing was sent"), "{err}");
    }
    let (code, _, err) = run(&demo, s, &["service", "cancel", "2208", "--reason", "  "]).await;
    assert!(code == 2 && err.contains("--reason is empty"), "{err}");
    let (code, _, err) = run(&demo, s, &["service", "cancel", "2209", "--reason", "x", "--yes"]).await;
    assert!(code == 2 && err.contains("service #2209 does not offer cancelling (it offers: nothing)"), "{err}");
    let (code, out, _) = run(&demo, s, &["service", "cancel", "2208", "--reason", "x", "--now", "--dry-run"]).await;
    assert!(code == 0 && out.contains(r#"would send: POST /service/2208/cancel {"immediate":"true","reason":"x"}"#));
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    // Typed right: sent once, read again (still active until the date, the request shown).
    let (code, out, err) = run_with_stdin(&demo, s, &cancel, "banhmihoian.com.vn\n").await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Active") && out.contains("requested, at the end of the billing period"), "{out}");
    assert!(out.contains(" VND"), "the service read again says its amounts in the account's currency:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /service/2208/cancel"]);
    // A second request is refused before anything is sent, with the one pending.
    let (code, _, err) = run(&demo, s, &["service", "cancel", "2208", "--reason", "again", "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("#2208 ") && err.contains("a cancellation is already requested"), "{err}");
    assert!(err.contains("nothing was sent"), "{err}");
    assert_eq!(changes_without_refresh(&demo), ["POST /service/2208/cancel"], "sent once");

    // Now, with --yes (no typing), in Vietnamese and as JSON.
    let args = ["service", "cancel", "2207", "--reason", "Không dùng nữa", "--now", "--yes", "--json"];
    let (code, out, err) = run(&demo, s, &args).await;
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["state"]["status"], "Cancelled");
    let (code, _, err) = run(&demo, s, &["service", "cancel", "2207", "--reason", "x", "--yes", "--lang", "vi"]).await;
    assert!(code == 2 && err.contains("dịch vụ #2207 đã ở trạng thái"), "{err}");
}

/// A portal of the test's own (Basic auth, anything accepted) whose service 2210 has no
/// domain, no name and no id in its detail; it counts the cancellations it is sent.
async fn nameless_service_portal() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let sent = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = sent.clone();
    let app = axum::Router::new().fallback(move |method: axum::http::Method, uri: axum::http::Uri| {
        let counted = counted.clone();
        async move {
            axum::Json(match (method.as_str(), uri.path()) {
                ("GET", "/details") => serde_json::json!({"client": {"id": "1", "email": "me@shop.vn"}}),
                ("GET", "/service/2210") => {
                    serde_json::json!({"service": {"status": "Active", "next_due": "2031-01-01"}})
                }
                ("POST", "/service/2210/cancel") => {
                    counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    serde_json::json!({"success": true, "info": ["cancellation_requested"]})
                }
                _ => serde_json::json!({"error": ["invalid method"]}),
            })
        }
    });
    (support::portal::serve(app).await, sent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancellation_is_never_confirmed_by_an_empty_word() {
    let (url, sent) = nameless_service_portal().await;
    let state = tempfile::tempdir().unwrap();
    let cancel = |input: &'static str, lang: &'static str| {
        let mut cmd = cli::with_basic_auth(&url, "my.shop.vn", state.path());
        cmd.args(["service", "cancel", "2210", "--reason", "x", "--lang", lang]);
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        async move {
            let out = tokio::task::spawn_blocking(move || {
                let mut child = cmd.spawn().expect("binary runs");
                let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
                child.wait_with_output().unwrap()
            })
            .await
            .unwrap();
            (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
        }
    };
    // An empty line, the end of the input, spaces: the word to type is the id, and none of
    // them is it.
    for input in ["\n", "", "  \n"] {
        let (code, err) = cancel(input, "en").await;
        assert_eq!(code, 2, "{input:?}: {err}");
        assert!(err.contains("type 2210 to confirm: "), "{err}");
        assert!(err.contains("what was typed is not 2210: nothing was sent"), "{err}");
    }
    let (code, err) = cancel("", "vi").await;
    assert!(code == 2 && err.contains("gõ 2210 để xác nhận: "), "{err}");
    assert_eq!(sent.load(std::sync::atomic::Ordering::SeqCst), 0, "nothing was sent");
    let (code, err) = cancel("2210\n", "en").await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(sent.load(std::sync::atomic::Ordering::SeqCst), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn labels_are_read_and_set() {
    let (demo, state) = started().await;
    let s = state.path();
    let (code, out, _) = run(&demo, s, &["service", "label", "2207"]).await;
    assert_eq!((code, out.as_str()), (0, "service #2207: label “Máy chủ bán hàng”\n"));
    let (_, out, _) = run(&demo, s, &["service", "label", "2207", "--json"]).await;
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["label"], "Máy chủ bán hàng");
    let (code, _, err) = run(&demo, s, &["service", "label", "2208", "Web", "--yes"]).await;
    assert!(code == 2 && err.contains("does not offer a label (it offers: Cancel Service)"), "{err}");
    let (code, out, _) = run(&demo, s, &["service", "label", "2207", "Máy chủ bán hàng", "--yes"]).await;
    assert!(code == 0 && out.contains("already labelled"), "{out}");
    assert!(changes_without_refresh(&demo).is_empty());
    let (code, out, err) = run(&demo, s, &["service", "label", "2207", "Máy chủ cũ", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("“Máy chủ bán hàng” → “Máy chủ cũ”") && out.contains("label “Máy chủ cũ”"), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /service/2207/label"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn certificates_listed_and_one_saved_never_over_a_file() {
    let (demo, state) = started().await;
    let s = state.path();
    let (code, out, err) = run(&demo, s, &["certificates"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("3 SSL certificates\n"), "{out}");
    let ids: Vec<&str> = out.lines().skip(2).filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(ids, ["3303", "3302", "3301"], "soonest to expire first:\n{out}");
    // Every state written as the portal writes its own (`Issued`): capitalised.
    assert!(out.contains("Expired") && out.contains("Issued") && out.contains(" Pending "), "{out}");
    assert!(!out.contains("pending"), "{out}");
    let (_, vi, _) = run(&demo, s, &["certificates", "--lang", "vi"]).await;
    assert!(vi.starts_with("3 chứng chỉ SSL\n") && vi.contains(" Đang chờ cấp ") && vi.contains("Đã cấp"), "{vi}");
    let (_, json, _) = run(&demo, s, &["certificates", "--json"]).await;
    let listed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(listed.as_array().map(Vec::len), Some(3));

    let (code, pem, _) = run(&demo, s, &["certificate", "3302", "--crt"]).await;
    assert!(code == 0 && pem.starts_with("-----BEGIN CERTIFICATE-----\n"), "{pem}");
    let (code, _, err) = run(&demo, s, &["certificate", "3301", "--crt"]).await;
    assert!(code == 4 && err.contains("has not been issued yet"), "{err}");

    let folder = s.to_str().unwrap();
    let (code, out, err) = run(&demo, s, &["certificate", "3302", "--crt", "-o", folder]).await;
    assert_eq!(code, 0, "{err}");
    let saved = s.join("phosaigon.vn.crt");
    assert!(out.contains("saved the certificate of #3302 (phosaigon.vn) to "), "{out}");
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), pem);
    std::fs::write(&saved, "mine").unwrap();
    let (code, _, err) = run(&demo, s, &["certificate", "3302", "--crt", "-o", folder]).await;
    assert!(code == 2 && err.contains("exists: nothing was written"), "{err}");
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "mine");
    let (code, out, _) = run(&demo, s, &["certificate", "3302", "--crt", "-o", folder, "--force", "--json"]).await;
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["domain"], "phosaigon.vn");
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), pem);
}

#[test]
fn completions_name_the_billing_commands() {
    let offered = |words: &[&str]| support::completion::bash(words, &[]);
    assert!(offered(&["portal-tui", "cer"]).contains(&"certificates".to_owned()));
    assert_eq!(offered(&["portal-tui", "invoice", "p"]), ["pay"]);
    assert_eq!(offered(&["portal-tui", "invoice", "pay", "7001", "--am"]), ["--amount"]);
    assert_eq!(offered(&["portal-tui", "service", "c"]), ["cancel"]);
    assert_eq!(offered(&["portal-tui", "service", "l"]), ["label"]);
    assert_eq!(offered(&["portal-tui", "service", "cancel", "2207", "--rea"]), ["--reason"]);
    assert_eq!(offered(&["portal-tui", "certificate", "3301", "--cr"]), ["--crt"]);
}
