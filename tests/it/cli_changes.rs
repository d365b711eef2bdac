//! The commands that change the account, run as the built binary against the demo portal
//! in this process (so the test can see every request it received): `dns set` sends
//! nothing when nothing changes, nothing changes without `--yes` off a terminal,
//! `--dry-run` sends nothing, a lost answer is read back and exits 5 without a second
//! send, and an upgrade request reaches the portal with the chosen items.

use crate::support;

use std::path::Path;
use std::process::Stdio;

use portal_tui::demo::{DemoOptions, DemoPortal, Fault, FaultRule};
use support::cli;
use support::cli::portal_tui;
use support::cli::text;
use support::portal::changes;

fn change_log(state: &Path) -> Vec<String> {
    change_log_at(&state.join("changes.log"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dns_set_is_idempotent_and_logged() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let set = ["dns", "set", "example.vn", "home", "A", "203.0.113.7", "--yes"];
    let first = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let out = text(&first.stdout);
    // The dialog's preview, row for row (`i18n::preview::dns_change`).
    let done = "done: demo@example.vn at my.example.vn, domain example.vn (registration 5188):\n  Change: add a record\n  New: home A 203.0.113.7";
    assert!(out.starts_with(done), "who, where and what:\n{out}");
    assert!(out.contains("home  A      3600"), "the records as the portal now has them:\n{out}");
    assert_eq!(changes(&demo), [r#"POST /domain/5188/dns"#]);

    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(again.status.code(), Some(0));
    assert!(text(&again.stdout).starts_with("already set: record 7 is home A 203.0.113.7"), "{}", text(&again.stdout));
    assert!(changes(&demo).is_empty(), "nothing sent: {:?}", changes(&demo));

    let moved =
        portal_tui(&demo, state.path(), &["dns", "set", "example.vn", "home", "A", "203.0.113.9", "--yes"]).await;
    assert_eq!(moved.status.code(), Some(0), "{}", text(&moved.stderr));
    let said = text(&moved.stdout);
    assert!(
        said.contains("  Change: change record #7\n  Now: home A 203.0.113.7 (TTL 3600)\n  New: home A 203.0.113.9"),
        "{said}"
    );
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/7"]);

    let log = change_log(state.path());
    assert_eq!(log.len(), 4, "two lines per change: {log:?}");
    let first = "\tprofile=-\tportal=my.example.vn\tdomain example.vn\tPOST /domain/5188/dns {";
    assert!(log[0].contains(first) && log[0].ends_with("\tsending"), "{}", log[0]);
    assert!(log[1].contains(first) && log[1].ends_with("\tapplied"), "{}", log[1]);
    assert!(!log.join("\n").contains("demo-client-2026"), "no secret in the change log");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(state.path().join("changes.log")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_changes_without_yes_off_a_terminal_or_with_dry_run() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let refused = portal_tui(&demo, state.path(), &["dns", "delete", "example.vn", "3"]).await;
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("refusing to change anything without --yes"), "{}", text(&refused.stderr));

    let dry = portal_tui(&demo, state.path(), &["dns", "delete", "example.vn", "3", "--dry-run"]).await;
    assert_eq!(dry.status.code(), Some(0));
    let out = text(&dry.stdout);
    assert!(
        out.contains("  Change: delete record #3\n  Now: mail A")
            && out.contains("would send: DELETE /domain/5188/dns/3"),
        "{out}"
    );
    let vi = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "delete", "example.vn", "3", "--dry-run"]).await;
    let out = text(&vi.stdout);
    assert!(
        out.contains("tại my.example.vn, tên miền example.vn (mã đăng ký 5188):\n  Thay đổi: xóa bản ghi #3"),
        "{out}"
    );
    assert!(out.contains("sẽ gửi: DELETE /domain/5188/dns/3\nchưa gửi gì"), "in Vietnamese with --lang vi:\n{out}");
    // The record itself is said in Vietnamese too, its priority with it (a registrar's DNS
    // takes no TTL, and none is sent).
    let mx = ["--lang", "vi", "dns", "add", "example.vn", "mail", "MX", "mx.example.vn", "--priority", "10"];
    let mx = portal_tui(&demo, state.path(), &[&mx[..], &["--dry-run"]].concat()).await;
    let out = text(&mx.stdout);
    // The target as the portal lists its own: example.vn's with a final dot.
    assert!(out.contains("  Thay đổi: thêm một bản ghi\n  Mới: mail MX mx.example.vn. (ưu tiên 10)\n"), "{out}");
    assert!(!out.contains("priority 10"), "{out}");

    let bad =
        portal_tui(&demo, state.path(), &["dns", "add", "example.vn", "@", "MX", "mail.example.vn", "--yes"]).await;
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("an MX record needs a priority"), "{}", text(&bad.stderr));
    let bad_vi = ["--lang", "vi", "dns", "add", "example.vn", "@", "A", "203.0.113", "--yes"];
    let bad_vi = portal_tui(&demo, state.path(), &bad_vi).await;
    assert_eq!(bad_vi.status.code(), Some(2));
    let err = text(&bad_vi.stderr);
    assert!(err.contains("bản ghi A cần một địa chỉ IPv4, không phải \"203.0.113\""), "{err}");

    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
    assert!(change_log(state.path()).is_empty());
    let records = portal_tui(&demo, state.path(), &["dns", "example.vn"]).await;
    assert!(text(&records.stdout).contains("mail  A"), "record 3 is still there");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_is_read_back_not_sent_again() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain").times(1)]);
    let set = ["dns", "set", "example.vn", "vpn", "A", "198.51.100.4", "--yes"];
    let lost = portal_tui(&demo, state.path(), &set).await;
    // Read again, the record is there: applied, not sent again.
    assert_eq!(lost.status.code(), Some(0), "{}", text(&lost.stderr));
    let out = text(&lost.stdout);
    assert!(out.contains("read again: the change is there now"), "{out}");
    assert!(out.contains("vpn   A      3600        198.51.100.4"), "{out}");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"], "sent once");
    assert!(change_log(state.path())[1].ends_with("applied, read back after an unclear answer"));

    // Run again, as cron would: the record is there once, and nothing more is sent.
    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(again.status.code(), Some(0));
    assert!(text(&again.stdout).starts_with("already set"));
    assert!(changes(&demo).is_empty());
    let listed = text(&portal_tui(&demo, state.path(), &["dns", "example.vn"]).await.stdout);
    assert_eq!(listed.matches("198.51.100.4").count(), 1, "exactly one record at the portal:\n{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_to_a_deletion_says_whether_the_record_is_gone() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    // Deleted, then a proxy's 504 page instead of the answer.
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5188/dns").method("DELETE").times(1)]);
    let lost = portal_tui(&demo, state.path(), &["dns", "delete", "example.vn", "3", "--yes"]).await;
    assert_eq!(lost.status.code(), Some(0));
    let out = text(&lost.stdout);
    assert!(out.contains("read again: the record is gone now") && !out.contains("mail  A"), "{out}");
    assert!(!out.contains("the change is there now"), "{out}");
    assert_eq!(changes(&demo), ["DELETE /domain/5188/dns/3"], "sent once");

    // A proxy's 502 to the deletion: the portal never had it.
    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5188/dns").method("DELETE").times(1)]);
    let args = ["--lang", "vi", "dns", "delete", "example.vn", "2", "--yes"];
    let kept = portal_tui(&demo, state.path(), &args).await;
    assert_eq!(kept.status.code(), Some(5));
    let out = text(&kept.stdout);
    assert!(out.contains("đã đọc lại: bản ghi hiện vẫn còn"), "{out}");
    assert_eq!(changes(&demo), ["DELETE /domain/5188/dns/2"], "sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_estimate_then_the_request_as_the_portal_receives_it() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let estimate = portal_tui(&demo, state.path(), &["upgrade", "2207", "--choose", "CPU=4 vCPU"]).await;
    assert_eq!(estimate.status.code(), Some(0), "{}", text(&estimate.stderr));
    let out = text(&estimate.stdout);
    assert!(out.contains("CPU: 2 vCPU → 4 vCPU") && out.contains("+150,000.50"), "{out}");
    assert!(demo.upgrade_requests().is_empty(), "an estimate orders nothing");

    let unknown =
        portal_tui(&demo, state.path(), &["upgrade", "2207", "--choose", "CPU=64 vCPU", "--send", "--yes"]).await;
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("CPU has no item \"64 vCPU\" (its items: 2 vCPU, 4 vCPU, 8 vCPU)"));

    let args = ["upgrade", "2207", "--choose", "cpu=43", "--choose", "RAM=8 GB", "--send", "--yes"];
    let sent = portal_tui(&demo, state.path(), &args).await;
    assert_eq!(sent.status.code(), Some(0), "{}", text(&sent.stderr));
    let out = text(&sent.stdout);
    // The dialog's preview: the items, the sums of the options, and the portal's estimate
    // asked before the order, as the dashboard asks it.
    assert!(out.contains("Service recurring total: 540,000 VND → 1,110,001 VND (+570,001 VND)"), "{out}");
    assert!(out.contains("One-time setup: 75,000.50 VND"), "{out}");
    assert!(out.contains("Portal's estimate: difference 570,001 VND · setup 75,000.50 VND"), "{out}");
    // What came of it: the invoice that bills it, and no "to order it, add --send" after it.
    assert!(out.contains("the upgrade request was sent — invoice #"), "{out}");
    assert!(!out.contains("add --send"), "{out}");
    let received = demo.upgrade_requests();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].1, "2207");
    assert_eq!(received[0].2, serde_json::json!({"resources": {"11": "43", "12": "53"}, "send": true}));
}

/// A quantity resource is chosen by how many, as the dashboard sets it: checked against
/// what it takes, priced, and sent as the number.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_sets_a_quantity_as_the_dashboard_does() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let listed = portal_tui(&demo, state.path(), &["upgrade", "2207"]).await;
    assert!(text(&listed.stdout).contains("Địa chỉ IPv4 bổ sung [quantity 0–8, now 0]"), "{}", text(&listed.stdout));
    let too_many = portal_tui(&demo, state.path(), &["upgrade", "2207", "--choose", "Địa chỉ IPv4 bổ sung=9"]).await;
    assert_eq!(too_many.status.code(), Some(2));
    assert!(text(&too_many.stderr).contains("9 is not a quantity it takes (0–8)"), "{}", text(&too_many.stderr));
    let args = ["upgrade", "2207", "--choose", "Địa chỉ IPv4 bổ sung=2", "--send", "--yes"];
    let sent = portal_tui(&demo, state.path(), &args).await;
    assert_eq!(sent.status.code(), Some(0), "{}", text(&sent.stderr));
    let out = text(&sent.stdout);
    assert!(out.contains("Items: Địa chỉ IPv4 bổ sung: 0 → 2 (+160,000 VND)"), "{out}");
    assert!(out.contains("Portal's estimate: difference 160,000 VND"), "{out}");
    let received = demo.upgrade_requests();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].2, serde_json::json!({"resources": {"14": "2"}, "send": true}));
}

/// An order is confirmed with the portal's estimate: when it cannot be had, nothing is
/// ordered (a portal without the estimate has no order either: one route).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_whose_estimate_fails_is_not_sent() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let args = ["upgrade", "2207", "--choose", "CPU=4 vCPU", "--send", "--yes"];
    // Three 502s: the estimate, a read, is tried three times, then the command stops.
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/service/2207/upgrade").method("POST").times(3)]);
    let failed = portal_tui(&demo, state.path(), &args).await;
    assert_ne!(failed.status.code(), Some(0), "{}", text(&failed.stdout));
    assert!(text(&failed.stderr).contains("upgrade estimate failed: portal answered 502"), "{}", text(&failed.stderr));
    assert!(demo.upgrade_requests().is_empty(), "nothing ordered");

    let seed_only = DemoPortal::start_local(DemoOptions { seed_only: true, ..DemoOptions::default() }).await.unwrap();
    let refused = portal_tui(&seed_only, state.path(), &args).await;
    assert_ne!(refused.status.code(), Some(0), "{}", text(&refused.stdout));
    assert!(seed_only.upgrade_requests().is_empty(), "nothing ordered");
    let requests = seed_only.requests();
    let posts: Vec<&String> = requests.iter().filter(|r| r.starts_with("POST /service")).collect();
    assert_eq!(posts, ["POST /service/2207/upgrade"], "the estimate only");
}

/// `--demo` with the platform's state folder: the change is written before it is sent and
/// again with its outcome, to the demo portal's own log, never to the user's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_demo_change_is_logged_twice_apart_from_the_users_log() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    let mut cmd = cli::command();
    cmd.env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_STATE_HOME", &state)
        .args(["--demo", "dns", "add", "example.vn", "vpn", "A", "198.51.100.4", "--yes"]);
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let folder = state.join("portal-tui");
    assert!(!folder.join("changes.log").exists(), "nothing in the user's own log");
    let log = change_log_at(&folder.join("changes-demo.log"));
    assert_eq!(log.len(), 2, "{log:?}");
    let fields: Vec<Vec<&str>> = log.iter().map(|l| l.split('\t').collect()).collect();
    assert_eq!(fields[0][1], fields[1][1], "paired by the change's id: {log:?}");
    for line in &fields {
        assert_eq!(line[2..5], ["profile=client", "portal=my.example.vn (demo)", "domain example.vn"], "{line:?}");
        assert!(line[5].starts_with("POST /domain/5188/dns {"), "{line:?}");
    }
    assert_eq!((fields[0][6], fields[1][6]), ("sending", "applied"));
}

fn change_log_at(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap_or_default().lines().map(str::to_owned).collect()
}

/// A run stopped while the change's answer is on its way (SIGTERM) leaves the change in the
/// log: its first line is written before the request goes out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_stopped_mid_way_is_already_in_the_log() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    // The answer trickles in for seconds: time enough to be stopped.
    demo.set_faults(vec![FaultRule::on(Fault::SlowAnswer, "/domain/5188/dns").times(1)]);
    let mut child = cli::as_demo_client(&demo, state.path())
        .args(["dns", "add", "example.vn", "vpn", "A", "198.51.100.4", "--yes"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let sent = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        while changes(&demo).is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    });
    sent.await.expect("the change reaches the portal");
    // SAFETY: the pid of the child this test started and still holds.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let status = tokio::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(libc::SIGTERM), "stopped mid-way");
    let log = change_log(state.path());
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(
        log[0].contains("\tdomain example.vn\tPOST /domain/5188/dns {") && log[0].ends_with("\tsending"),
        "{log:?}"
    );
}
