//! `dns NAME` and `dns add|set|delete` on names whose DNS is hosted in a zone, run as the
//! built binary against the demo portal in this process: the zone is picked (for a
//! registration that has one and for a name that is only a zone), said in the heading, on
//! both portal hosts and in both languages; `--dry-run` sends nothing; `--json` prints the
//! portal's answer as sent, or one JSON object for a change; a lost answer is read back
//! and never sent twice; a portal without `GET /dns` keeps the registrar's records.

use crate::support;

use portal_tui::demo::{DemoOptions, DemoPortal, FaultRule, RESELLER_HOST};
use support::cli;
use support::cli::portal_tui;
use support::cli::text;
use support::portal::changes;

async fn demo_with(faults: &[&str]) -> DemoPortal {
    let faults = faults.iter().map(|f| f.parse::<FaultRule>().unwrap()).collect();
    DemoPortal::start_local(DemoOptions { faults, ..DemoOptions::default() }).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dns_name_picks_the_zone_and_says_so() {
    let demo = demo_with(&[]).await;
    let state = tempfile::tempdir().unwrap();
    // A registration of the account whose DNS is hosted in a zone.
    let out = portal_tui(&demo, state.path(), &["dns", "dulichdalat.com"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("DNS records of dulichdalat.com (hosted zone 61, service 2230)\n"), "{shown}");
    assert!(shown.contains("1003  datphong  A      300"), "{shown}");
    let reads = demo.requests();
    assert!(reads.contains(&"GET /service/2230/dns/61".to_owned()), "{reads:?}");
    assert!(!reads.iter().any(|r| r.starts_with("GET /domain/")), "the registration is not read: {reads:?}");

    // A name that is only a zone, its records sent keyed by id, in Vietnamese.
    let out = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "comtamsaigon.vn"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("Bản ghi DNS của comtamsaigon.vn (vùng DNS lưu trữ 62, dịch vụ 2230)\n"), "{shown}");
    assert!(shown.contains("2003  thucdon  A      600"), "the key is the id:\n{shown}");

    // A registration without a zone: the registrar's records, as before.
    let out = portal_tui(&demo, state.path(), &["dns", "example.vn"]).await;
    assert!(text(&out.stdout).starts_with("DNS records of example.vn (registration 5188)\n"), "{}", text(&out.stdout));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reseller_portal_picks_its_zones_too() {
    let demo = demo_with(&[]).await;
    let state = tempfile::tempdir().unwrap();
    let login = demo.login_for(RESELLER_HOST).unwrap();
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_HOST", login.host).env("PORTAL_USERNAME", login.username).env("PORTAL_PASSWORD", login.password);
    cmd.args(["dns", "nhahangbienxanh.vn"]);
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("DNS records of nhahangbienxanh.vn (hosted zone 71, service 6620)\n"), "{shown}");
    assert!(shown.contains("3003  datban  A      300"), "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_prints_the_records_as_the_portal_sent_them() {
    let demo = demo_with(&[]).await;
    let state = tempfile::tempdir().unwrap();
    let keyed = portal_tui(&demo, state.path(), &["dns", "comtamsaigon.vn", "--json"]).await;
    assert_eq!(keyed.status.code(), Some(0), "{}", text(&keyed.stderr));
    let keyed: serde_json::Value = serde_json::from_slice(&keyed.stdout).unwrap();
    // As DNS.services sends a zone: keyed by place, names in full, every value text.
    assert_eq!(keyed["3"]["name"], "thucdon.comtamsaigon.vn", "an object keyed, as sent: {keyed}");
    assert_eq!(keyed["0"]["content"].as_array().map(Vec::len), Some(7), "the SOA's content a list: {keyed}");
    let listed = portal_tui(&demo, state.path(), &["dns", "dulichdalat.com", "--json"]).await;
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(listed[3]["id"], "1003", "a list, as sent: {listed}");
    assert_eq!(listed[3]["ttl"], "300", "text stays text");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_go_to_the_zone_dry_run_sends_nothing_and_json_is_one_object() {
    let demo = demo_with(&[]).await;
    let state = tempfile::tempdir().unwrap();
    let add = ["dns", "add", "comtamsaigon.vn", "banhmi", "A", "103.221.220.9", "--ttl", "300"];
    let dry = portal_tui(&demo, state.path(), &[&add[..], &["--dry-run"]].concat()).await;
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry.stderr));
    let said = text(&dry.stdout);
    assert!(said.contains("domain comtamsaigon.vn (hosted zone 62, service 2230):\n  Change: add a record"), "{said}");
    let request = r#"would send: POST /service/2230/dns/62/records {"name":"banhmi","type":"A","content":"103.221.220.9","ttl":300}"#;
    assert!(said.contains(request), "{said}");
    let dry_json = portal_tui(&demo, state.path(), &[&add[..], &["--dry-run", "--json"]].concat()).await;
    let dry_json: serde_json::Value = serde_json::from_slice(&dry_json.stdout).unwrap();
    assert_eq!((dry_json["outcome"].as_str(), dry_json["sent"].as_bool()), (Some("dry_run"), Some(false)));
    assert_eq!(dry_json["request"]["path"], "/service/2230/dns/62/records");
    assert!(changes(&demo).is_empty(), "nothing sent: {:?}", changes(&demo));

    let added = portal_tui(&demo, state.path(), &[&add[..], &["--yes", "--json"]].concat()).await;
    assert_eq!(added.status.code(), Some(0), "{}", text(&added.stderr));
    let added: serde_json::Value = serde_json::from_slice(&added.stdout).expect("one JSON object and nothing else");
    assert_eq!(added["outcome"], "applied");
    // The portal answers the new record without its id: reading back finds it.
    assert_eq!(added["answer"]["record"].get("id"), None, "{}", added["answer"]);
    assert_eq!(added["check"]["landed"], true);
    assert_eq!(added["check"]["record"], "2005");
    let kept = &added["state"];
    assert_eq!(kept["5"]["name"], "banhmi.comtamsaigon.vn", "the records as the portal sent them: {kept}");

    // `dns set` changes the one record of this host and type, keeping its TTL.
    let set =
        portal_tui(&demo, state.path(), &["dns", "set", "comtamsaigon.vn", "thucdon", "A", "103.221.220.10", "--yes"])
            .await;
    assert_eq!(set.status.code(), Some(0), "{}", text(&set.stderr));
    let said = text(&set.stdout);
    assert!(
        said.contains("  Change: change record #2003\n  Now: thucdon A 103.221.220.8 (TTL 600)\n  New: thucdon A 103.221.220.10 (TTL 600)")
    );
    assert!(said.contains("2003  thucdon  A      600"), "read again:\n{said}");
    let again =
        portal_tui(&demo, state.path(), &["dns", "set", "comtamsaigon.vn", "thucdon", "A", "103.221.220.10", "--yes"])
            .await;
    assert!(text(&again.stdout).starts_with("already set: record 2003"), "{}", text(&again.stdout));

    let deleted = portal_tui(&demo, state.path(), &["dns", "delete", "comtamsaigon.vn", "2004", "--yes"]).await;
    assert_eq!(deleted.status.code(), Some(0), "{}", text(&deleted.stderr));
    assert_eq!(
        changes(&demo),
        [
            "POST /service/2230/dns/62/records",
            "PUT /service/2230/dns/62/records/2003",
            "DELETE /service/2230/dns/62/records/2004"
        ]
    );
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert_eq!(log.lines().count(), 6, "two lines per change:\n{log}");
    assert!(log.contains("\tdomain comtamsaigon.vn\tDELETE /service/2230/dns/62/records/2004\tapplied"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_is_read_back_and_not_sent_twice() {
    let demo = demo_with(&["lost-answer@/service/2230/dns*1"]).await;
    let state = tempfile::tempdir().unwrap();
    let out = portal_tui(
        &demo,
        state.path(),
        &["dns", "add", "dulichdalat.com", "tour", "CNAME", "dulichdalat.com.", "--yes"],
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("read again: the change is there now"), "{shown}");
    assert!(shown.contains("tour      CNAME"), "{shown}");
    assert_eq!(changes(&demo), ["POST /service/2230/dns/61/records"], "sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_dns_hosting_the_registrars_records_are_used() {
    let demo = demo_with(&["404@/dns"]).await;
    let state = tempfile::tempdir().unwrap();
    let out = portal_tui(&demo, state.path(), &["dns", "dulichdalat.com"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("DNS records of dulichdalat.com (registration 5150)\n"),
        "{}",
        text(&out.stdout)
    );
    let set = ["dns", "set", "dulichdalat.com", "home", "A", "203.0.113.7", "--yes"];
    let out = portal_tui(&demo, state.path(), &set).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(changes(&demo), ["POST /domain/5150/dns"]);
    // A name that is only a zone is then no name of the account's.
    let out = portal_tui(&demo, state.path(), &["dns", "comtamsaigon.vn"]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
}
