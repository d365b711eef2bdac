//! The built binary against a `demo-server` process: stdout JSON, stderr lines, exit codes.

use std::process::Output;

use crate::support;

use support::cli::command;
use support::demo_server::DemoServer;

fn portal_tui(base_url: &str, password: &str, args: &[&str]) -> Output {
    command()
        .env("PORTAL_BASE_URL", base_url)
        .env("PORTAL_HOST", "my.example.vn")
        .env("PORTAL_USERNAME", "demo@example.vn")
        .env("PORTAL_PASSWORD", password)
        .args(args)
        .output()
        .expect("binary runs")
}

fn ok(base_url: &str, args: &[&str]) -> String {
    let out = portal_tui(base_url, "demo-client-2026", args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json(base_url: &str, args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(base_url, args)).expect("stdout is one JSON document")
}

fn failure(base_url: &str, password: &str, args: &[&str]) -> (i32, String) {
    let out = portal_tui(base_url, password, args);
    if args.contains(&"--json") {
        // With --json, one JSON object on stdout too, with the exit code.
        let said: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON object on stdout");
        assert_eq!(said["exit_code"].as_i64(), out.status.code().map(i64::from), "{said}");
    } else {
        assert!(out.stdout.is_empty(), "nothing on stdout on failure");
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    (out.status.code().unwrap(), stderr.trim_end().to_owned())
}

#[test]
fn json_documents_for_every_command() {
    let demo = DemoServer::start(&[]);
    let records = json(&demo.url, &["domain", "example.vn", "--json"]);
    let statuses: Vec<_> = records.as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses.len(), 2);
    assert!(statuses.contains(&"Active") && statuses.contains(&"Expired"));
    assert_eq!(records[0]["recurring_amount"], "480000.00");

    let account = json(&demo.url, &["--json", "details"]);
    assert_eq!(account["email"], "demo@example.vn");
    assert_eq!(account["group_name"], "Khách hàng thân thiết", "unknown fields are kept");

    let cert = json(&demo.url, &["certificate", "3301", "--json"]);
    assert_eq!(cert["contacts"]["admin"]["FName"], "Minh Anh");
    assert_eq!(cert["status"], "Pending");

    let upgrade = json(&demo.url, &["upgrade", "2207", "--json"]);
    assert_eq!(upgrade["resources"][0]["id"], 11);
    assert_eq!(upgrade["resources"][0]["items"][1]["price"], 150000.5);
    assert_eq!(upgrade["package"], serde_json::json!([]));
}

#[test]
fn tables_group_active_before_expired() {
    let demo = DemoServer::start(&[]);
    let text = ok(&format!("{}/api/", demo.url), &["domain", "example.vn"]);
    let active = text.find("Active (1)").expect(&text);
    let expired = text.find("Expired (1)").expect(&text);
    assert!(active < expired, "{text}");
    let upgrade = ok(&demo.url, &["upgrade", "2207"]);
    assert!(upgrade.contains("(•)  2 vCPU"), "{upgrade}");
    assert!(upgrade.contains("Địa chỉ IPv4 bổ sung [quantity 0–8, now 0]"), "a quantity is set by how many: {upgrade}");
}

#[test]
fn exit_codes_name_the_failure() {
    let demo = DemoServer::start(&["--fault", "html-502@/service"]);
    let (code, msg) = failure(&demo.url, "wrong", &["details"]);
    assert_eq!((code, msg.as_str()), (3, "error: login failed: wrong e-mail or password"));
    let (code, msg) = failure(&demo.url, "demo-client-2026", &["domain", "khong-co.vn"]);
    assert_eq!((code, msg.as_str()), (4, "error: domain lookup failed: the portal says: Domain not found"));
    let (code, msg) = failure(&demo.url, "demo-client-2026", &["upgrade", "2207"]);
    assert_eq!((code, msg.as_str()), (5, "error: upgrade options failed: portal answered 502 Bad Gateway (HTML page)"));
    let (code, msg) = failure("not a url", "x", &["details"]);
    assert_eq!(code, 2, "{msg}");
    let out = portal_tui(&demo.url, "x", &["certificate", "abc"]);
    assert_eq!(out.status.code(), Some(2), "clap rejects a non-numeric id");
}

#[test]
fn unreachable_portal_exits_5() {
    // A port below 1024 that nothing here serves: only root could listen on it, so no other
    // test can take it between the check and the run (a port freed for the purpose could).
    let (code, msg) = failure("http://127.0.0.1:1", "x", &["details"]);
    assert_eq!(code, 5, "{msg}");
    assert!(msg.contains("connection refused"), "{msg}");
}

#[test]
fn demo_flag_runs_in_process() {
    let out = command().args(["--demo", "domain", "example.vn"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Active (1)") && text.contains("Expired (1)"), "{text}");
}

/// The dashboard without a terminal (a cron job that forgot its command) says what to do
/// instead of crashing.
#[test]
fn dashboard_without_a_terminal_is_a_clear_error() {
    let (code, stderr) = failure("http://127.0.0.1:9", "x", &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("the dashboard needs a terminal") && !stderr.contains("crashed"), "{stderr}");
}

#[test]
fn amounts_at_the_decimal_maximum_are_reported_not_crashed_on() {
    let demo = DemoServer::start(&["--fault", "huge-amounts@/service"]);
    let text = ok(&demo.url, &["upgrade", "2207"]);
    assert!(text.contains("79,228,162,514,264,337,593,543,950,335"), "{text}");
    assert!(text.contains("The options chosen now cost too large"), "{text}");
}

#[test]
fn one_unreadable_record_is_listed_and_the_others_shown() {
    let demo = DemoServer::start(&["--fault", "bad-record@/domain"]);
    let text = ok(&demo.url, &["domain", "example.vn"]);
    assert!(text.contains("Expired (1)") || text.contains("Active (1)"), "the readable record: {text}");
    assert!(text.contains("Unreadable record #"), "{text}");
    assert!(text.contains("example.vn: period: expected text, found an array"), "{text}");
}

#[test]
fn json_is_the_portals_answer_as_sent_with_only_control_characters_cleaned() {
    let demo = DemoServer::start(&["--fault", "bad-record@/domain", "--fault", "hostile-text@/details"]);
    let records = json(&demo.url, &["domain", "example.vn", "--json"]);
    // The record the tool cannot read is there as the portal sent it.
    assert_eq!(records[0]["autorenew"], "2");
    assert_eq!(records[0]["period"], serde_json::json!([]));
    assert!(records[0]["nameservers"].is_array(), "nested values stay nested");
    let account = json(&demo.url, &["details", "--json"]);
    let text = account.to_string();
    assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}') && !text.contains('\u{7}'), "{text}");
    assert_eq!(account["firstname"], "Nguyễn!", "the text is kept, the escape sequences go");
}

#[test]
fn domain_names_are_checked_before_any_portal_is_asked() {
    // No portal at all: the name is refused first.
    let long = format!("{}.vn", "a".repeat(300));
    for name in ["a b", "https://example.vn/", long.as_str()] {
        let (code, stderr) = failure("http://127.0.0.1:9", "x", &["domain", name]);
        assert_eq!(code, 2, "{name}: {stderr}");
    }
    let (_, stderr) = failure("http://127.0.0.1:9", "x", &["domain", "a b"]);
    assert!(stderr.contains("' '"), "names the character: {stderr}");
    // A scheme and a different case are tidied, as in the dashboard.
    let demo = DemoServer::start(&[]);
    assert!(ok(&demo.url, &["domain", "https://Example.VN"]).contains("example.vn"));
}

#[test]
fn details_lists_every_field_the_dashboard_shows() {
    let demo = DemoServer::start(&[]);
    let text = ok(&demo.url, &["details"]);
    assert!(text.contains("113.161.72.18 (static.vnpt.vn)"), "the host: {text}");
    assert!(text.lines().any(|l| l.trim() == "Notes"), "an empty field is listed too: {text}");
}

/// The line of `text` that holds `needle`, or nothing.
fn line_with(text: &str, needle: &str) -> String {
    text.lines().find(|l| l.contains(needle)).unwrap_or_default().to_owned()
}

#[test]
fn reports_name_fields_in_words_in_both_languages_and_json_keeps_the_portals_names() {
    let demo = DemoServer::start(&[]);
    let portal_names = ["FName", "LName", "EmailAddress", "PreFix", "Address1", "PostalCode", "OrgName"];
    let account_keys =
        ["currency_id", "currency_code", "datecreated", "email_notifications", "twofactor", "group_name"];
    for (lang, words) in [
        ("en", ["First name", "E-mail", "Postal code", "Address, line 2", "Two-step sign-in", "E-mail notifications"]),
        ("vi", ["Tên", "Thư điện tử", "Mã bưu chính", "Địa chỉ, dòng 2", "Xác thực hai bước", "Thông báo qua thư"]),
    ] {
        let cert = ok(&demo.url, &["--lang", lang, "certificate", "3301"]);
        let details = ok(&demo.url, &["--lang", lang, "details"]);
        for key in portal_names {
            assert!(!cert.contains(key), "{key} in\n{cert}");
        }
        for key in account_keys {
            assert!(!details.contains(key), "{key} in\n{details}");
        }
        for word in &words[..4] {
            assert!(cert.contains(word), "{word} not in\n{cert}");
        }
        for word in &words[4..] {
            assert!(details.contains(word), "{word} not in\n{details}");
        }
        // The country code goes with the phone number, as the dashboard writes it.
        assert!(cert.contains("+84 903 123 456"), "{cert}");
        // The currency by its code, not its id; the date as the reader writes dates.
        let (currency, created) = match lang {
            "en" => (line_with(&details, "Currency"), line_with(&details, "Created")),
            _ => (line_with(&details, "Tiền tệ"), line_with(&details, "Ngày tạo")),
        };
        assert!(currency.ends_with(" VND") && !currency.contains(" 1"), "{details}");
        assert!(created.ends_with(if lang == "en" { "2019-03-14" } else { "14/03/2019" }), "{details}");
    }
    // Scripts keep the portal's own names.
    let cert = json(&demo.url, &["--lang", "vi", "certificate", "3301", "--json"]);
    assert_eq!(cert["contacts"]["admin"]["EmailAddress"], "minhanh@example.vn");
    let account = json(&demo.url, &["--lang", "vi", "details", "--json"]);
    assert_eq!((&account["currency_id"], &account["twofactor"]), (&"1".into(), &"0".into()), "{account}");
}

#[test]
fn every_amount_carries_the_accounts_currency() {
    let demo = DemoServer::start(&[]);
    let services = ok(&demo.url, &["services"]);
    assert!(line_with(&services, "2207").ends_with("540,000 VND"), "{services}");
    assert!(line_with(&services, "3302").ends_with("2,590,000 VND"), "{services}");
    let service = ok(&demo.url, &["--lang", "vi", "service", "2207"]);
    assert!(line_with(&service, "Tổng cộng").ends_with("540.000 ₫"), "{service}");
    assert!(line_with(&service, "Thanh toán lần đầu").ends_with("540.000 ₫"), "{service}");
    let cert = ok(&demo.url, &["certificate", "3301"]);
    assert!(line_with(&cert, "Total").ends_with("990,000 VND"), "{cert}");
    assert!(line_with(&cert, "First payment").ends_with("990,000 VND"), "{cert}");
    let upgrade = ok(&demo.url, &["--lang", "vi", "upgrade", "2207"]);
    assert!(line_with(&upgrade, "4 vCPU").contains("150.000,50 ₫"), "{upgrade}");
    assert!(upgrade.contains("90.000 ₫ mỗi kỳ"), "{upgrade}");
    let domains = ok(&demo.url, &["domains"]);
    assert!(line_with(&domains, "phosaigon.vn").ends_with(" 480,000 VND"), "{domains}");
    // The list says neither ID protection nor nameservers: no column of dashes for them.
    assert!(!domains.contains("ID PROTECT") && !domains.contains("NAMESERVERS"), "{domains}");
    let one = ok(&demo.url, &["domain", "example.vn"]);
    assert!(one.contains("ID PROTECT") && one.contains("ns1.example.vn"), "{one}");
    // Columns stay aligned around the longer amounts: every amount starts under its header.
    let active: Vec<&str> = domains.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    let at = active[0].find("RENEWAL").expect("the header");
    let starts: Vec<bool> = active[1..].iter().map(|l| l[at..].starts_with(|c: char| c.is_ascii_digit())).collect();
    assert!(active.len() > 2 && starts.iter().all(|s| *s), "{domains}\n{starts:?}");
    let vi = ok(&demo.url, &["--lang", "vi", "domain", "example.vn"]);
    assert!(vi.contains("480.000 ₫"), "{vi}");
    // Scripts read the amounts as the portal sent them.
    let listed = json(&demo.url, &["services", "--json"]);
    assert!(listed.to_string().contains("\"total\":\"540000.00\""), "{listed}");
}

#[test]
fn without_a_portal_the_errors_say_how_to_start() {
    let out = command().args(["details"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--print-default-config") && stderr.contains("portal-tui --demo"), "{stderr}");
    let out = command().args(["--lang", "vi", "details"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("thiếu địa chỉ (URL) của cổng: đặt --base-url hoặc PORTAL_BASE_URL"), "{stderr}");
    assert!(stderr.contains("hãy chạy `portal-tui --demo`") && !stderr.contains("set --base-url"), "{stderr}");
    let (code, stderr) = failure("example.vn", "x", &["details"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("\"example.vn\" is not a full URL: write it with https://"), "{stderr}");
}

#[test]
fn reports_follow_the_language() {
    let demo = DemoServer::start(&[]);
    let text = ok(&demo.url, &["--lang", "vi", "domain", "example.vn"]);
    assert!(text.contains("Đang hoạt động (1)") && text.contains("HẾT HẠN") && text.contains("480.000"), "{text}");
    assert!(!text.contains("NAME") && !text.contains("yes"), "no English left: {text}");
    let upgrade = ok(&demo.url, &["--lang", "vi", "upgrade", "2207"]);
    assert!(upgrade.contains("Các phương án đang chọn có giá 90.000 ₫ mỗi kỳ"), "{upgrade}");
    let english = ok(&demo.url, &["domain", "example.vn"]);
    assert!(english.contains("Active (1)") && english.contains("AUTORENEW"), "{english}");
}

#[test]
fn days_left_read_one_way_in_every_report() {
    let demo = DemoServer::start(&[]);
    let row = |text: &str, needle: &str| text.lines().find(|l| l.contains(needle)).unwrap_or_default().to_owned();
    // phosaigon.vn expires in 12 days; example.vn's old registration 395 days ago.
    let domains = ok(&demo.url, &["domains"]);
    assert!(row(&domains, "phosaigon.vn").contains(" 12d "), "{domains}");
    assert!(domains.contains(" -395d "), "{domains}");
    // The radar exits 1: something on it needs attention.
    let radar = String::from_utf8(portal_tui(&demo.url, "demo-client-2026", &["radar"]).stdout).unwrap();
    assert!(row(&radar, " 5120 ").contains(" 12d "), "{radar}");
    let invoices = ok(&demo.url, &["invoices", "--unpaid"]);
    assert!(row(&invoices, "2026/11/0412").contains(" -6d "), "{invoices}");
    let vi = ok(&demo.url, &["--lang", "vi", "domains"]);
    assert!(row(&vi, "phosaigon.vn").contains(" 12 ngày "), "{vi}");
    for text in [&domains, &radar, &invoices, &vi] {
        for old in ["in 12 days", "d late", "d ago", "!12d", "còn 12 ngày", "trễ "] {
            assert!(!text.contains(old), "{old:?} in {text}");
        }
    }
}

#[test]
fn balance_where_offered_and_said_where_not() {
    let demo = DemoServer::start(&[]);
    let text = ok(&demo.url, &["balance"]);
    // As the vendor documents it: the credit to spend, and what the unpaid invoices owe.
    assert!(text.contains("Credit  660,000 VND\n  Unpaid  1,622,500 VND"), "{text}");
    let vi = ok(&demo.url, &["--lang", "vi", "balance"]);
    assert!(vi.contains("Số dư   660.000 ₫\n  Còn nợ  1.622.500 ₫"), "{vi}");
    let doc = json(&demo.url, &["balance", "--json"]);
    assert_eq!(
        (&doc["acc_credit"], &doc["acc_balance"]),
        (&"660000.00".into(), &"1622500.00".into()),
        "as sent: {doc}"
    );
    let seed_only = DemoServer::start(&["--seed-only"]);
    let (code, stderr) = failure(&seed_only.url, "demo-client-2026", &["balance"]);
    assert_eq!((code, stderr.as_str()), (4, "error: this portal does not offer the balance"));
}

#[test]
fn the_whole_account_from_scripts() {
    let demo = DemoServer::start(&[]);
    let services = json(&demo.url, &["services", "--json"]);
    assert_eq!(services.as_array().map(Vec::len), Some(8), "{services}");
    assert_eq!(json(&demo.url, &["service", "2209", "--json"])["username"], "examplemail");
    assert_eq!(json(&demo.url, &["domains", "--json"]).as_array().map(Vec::len), Some(10));
    // The records of the active registration (5188), as sent.
    let dns = json(&demo.url, &["dns", "example.vn", "--json"]);
    assert_eq!(dns[3]["type"], "MX");
    assert_eq!(dns[3]["priority"], 10);
    let unpaid = json(&demo.url, &["invoices", "--unpaid", "--json"]);
    assert!(unpaid.as_array().unwrap().iter().all(|i| i["status"] == "Unpaid"), "{unpaid}");
    assert_eq!(unpaid.as_array().map(Vec::len), Some(3));
    // The detail sends its sums as numbers: printed as sent.
    assert_eq!(json(&demo.url, &["invoice", "90441", "--json"])["total"], 682000.0);
    let table = ok(&demo.url, &["invoices"]);
    assert!(table.starts_with("Unpaid (3)"), "{table}");
    assert!(table.find("Paid (2)").unwrap() > table.find("2026/11/0438").unwrap(), "{table}");
    let invoice = ok(&demo.url, &["invoice", "90441"]);
    assert!(invoice.contains("Địa chỉ IPv4 bổ sung") && invoice.contains("682,000 VND"), "{invoice}");
    let dns = ok(&demo.url, &["dns", "example.vn"]);
    assert!(dns.contains("registration 5188") && dns.contains("mail.example.vn."), "{dns}");
    let services = ok(&demo.url, &["services"]);
    assert!(services.starts_with("Active (5)"), "{services}");
}

#[test]
fn a_route_the_portal_does_not_offer_exits_4() {
    let demo = DemoServer::start(&["--seed-only"]);
    for (args, what) in [
        (&["services"][..], "service list"),
        (&["invoices", "--json"][..], "invoice list"),
        (&["domains"][..], "domain list"),
        (&["dns", "example.vn"][..], "DNS records"),
    ] {
        let (code, err) = failure(&demo.url, "demo-client-2026", args);
        assert_eq!(code, 4, "{args:?}: {err}");
        assert!(err.contains(&format!("this portal does not offer the {what}")), "{err}");
    }
}
