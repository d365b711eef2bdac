//! DNS as code, run as the built binary against the demo portal in this process (so the test
//! sees every request it received and the records it keeps): an export applied back sends
//! nothing, a changed file sends its plan once and then nothing, the 30 % rule and
//! `--force`, `--delete-unlisted` (with records addressed by position), a lost answer read
//! again and never sent twice, a portal's own types as `;portal:` comments (a portal of the
//! test's own), the public address from two echo services, and the DNS checks and fixes of
//! `dns add|set`.

use crate::support;

use std::path::Path;

use axum::http::{Method, Uri};
use portal_tui::demo::{DemoOptions, DemoPortal, Fault, FaultRule};
use support::cli;
use support::cli::portal_tui;
use support::cli::text;
use support::cli::write;
use support::portal::changes;

/// The records of example.vn as `dns example.vn` lists them: host, type, TTL, content.
async fn listed(demo: &DemoPortal, state: &Path) -> Vec<String> {
    listed_in(demo, state, "example.vn").await
}

/// The records of `domain` as `dns DOMAIN` lists them: host, type, TTL, content.
async fn listed_in(demo: &DemoPortal, state: &Path, domain: &str) -> Vec<String> {
    let out = text(&portal_tui(demo, state, &["dns", domain]).await.stdout);
    out.lines()
        .skip(2)
        .map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            // The priority column is blank for a type without one.
            let content = if matches!(cols[2], "MX" | "SRV") { 5 } else { 4 };
            format!("{} {} {} {}", cols[1], cols[2], cols[3], cols[content..].join(" "))
        })
        .collect()
}

/// example.vn's records exported as a zone file into `dir`.
async fn export(demo: &DemoPortal, state: &Path, format: &str) -> String {
    let out = portal_tui(demo, state, &["dns", "export", "example.vn", "--format", format]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_applied_back_sends_nothing_and_a_change_is_sent_once() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "bind").await;
    assert!(zone.starts_with("; example.vn: the DNS records my.example.vn lists (registration 5188)\n"), "{zone}");
    // The registration lists no SOA and no NS: placeholders, said, for a name server to load it.
    assert!(zone.contains("\n; the portal lists no SOA: the SOA line marked placeholder is there"), "{zone}");
    assert!(
        zone.contains(
            "\n$ORIGIN example.vn.\n$TTL 3600\n@           IN  SOA    ns.placeholder.invalid. \
             hostmaster.placeholder.invalid. 1 7200 3600 1209600 3600  ; placeholder\n\
             @           IN  NS     ns.placeholder.invalid.  ; placeholder\n"
        ),
        "{zone}"
    );
    assert!(zone.contains("www   3600  IN  CNAME  example.vn.\n"), "{zone}");
    assert!(zone.contains("@     3600  IN  TXT    \"v=spf1 a mx ~all\"\n"), "{zone}");
    let json = export(&demo, state.path(), "json").await;
    let bind_file = write(state.path(), "example.vn.zone", &zone);
    let json_file = write(state.path(), "example.vn.json", &json);
    demo.reset_traffic();
    for file in [&bind_file, &json_file] {
        let out = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", file, "--yes"]).await;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(said.contains("6 unchanged") && said.contains("nothing to change"), "{said}");
    }
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));

    // A changed file: the plan is sent once, then nothing.
    let changed = zone.replace(
        "mail  3600  IN  A ",
        "vpn 600 IN A 198.51.100.4\nmail 300 IN A 203.0.113.9\n; was: mail  3600  IN  A ",
    );
    let file = write(state.path(), "changed.zone", &changed);
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    // A registrar's DNS takes no TTL: the file's are no difference, and none is sent.
    assert!(said.contains("~ change     #3 mail A 103.151.64.248 (TTL 3600) → mail A 203.0.113.9  (line"), "{said}");
    let line = changed.lines().position(|l| l.starts_with("vpn ")).unwrap() + 1;
    assert!(said.contains(&format!("+ create     vpn A 198.51.100.4  (line {line})")), "{said}");
    assert!(said.contains("1 to create, 1 to change, 0 to delete, 5 unchanged, 0 kept"), "{said}");
    assert!(said.contains("done: 2 of 2 changes applied"), "{said}");
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/3", "POST /domain/5188/dns"]);
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert_eq!(log.lines().count(), 4, "each change logged before and after: {log}");
    assert!(listed(&demo, state.path()).await.contains(&"mail A 3600 203.0.113.9".to_owned()));

    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &["--json", "dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let value: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(value["outcome"], "unchanged");
    assert_eq!(value["plan"].as_array().unwrap().len(), 7);
    assert!(changes(&demo).is_empty(), "the second time nothing: {:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_changing_more_than_30_percent_needs_force() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "bind").await;
    let hosts = |last: u8| (1..=5).map(|i| format!("h{i} 3600 IN A 198.51.100.{}\n", i * last)).collect::<String>();
    let more = write(state.path(), "more.zone", &(zone.clone() + &hosts(1)));
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &more, "--yes"]).await;
    assert_eq!(out.status.code(), Some(0), "creating is never refused: {}", text(&out.stderr));
    assert_eq!(changes(&demo).len(), 5);

    // 11 records now; 4 of them changed is 36 %.
    let four = (1..=4).map(|i| format!("h{i} 3600 IN A 198.51.100.{}\n", i + 100)).collect::<String>();
    let file = write(state.path(), "four.zone", &(zone + &four + "h5 3600 IN A 198.51.100.5\n"));
    demo.reset_traffic();
    let refused = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert!(
        err.contains("this plan changes 4 of the 11 records (36 %): more than 30 % changed or deleted is refused"),
        "{err}"
    );
    assert!(text(&refused.stdout).contains("4 to change"), "the plan is shown: {}", text(&refused.stdout));
    assert!(changes(&demo).is_empty());
    let vi = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "apply", "example.vn", &file, "--yes"]).await;
    assert!(text(&vi.stderr).contains("kế hoạch này sửa 4 trên 11 bản ghi (36 %)"), "{}", text(&vi.stderr));

    let forced = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes", "--force"]).await;
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    assert_eq!(changes(&demo).len(), 4, "{:?}", changes(&demo));
    assert!(changes(&demo).iter().all(|c| c.starts_with("PUT /domain/5188/dns/")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unlisted_records_are_deleted_only_when_asked_even_addressed_by_position() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "bind").await;
    let fewer: String =
        zone.lines().filter(|l| !l.starts_with("mail ") && !l.contains("AAAA")).map(|l| l.to_owned() + "\n").collect();
    let file = write(state.path(), "fewer.zone", &fewer);
    // The portal numbers its records 0, 1, 2…: deleting one moves those after it.
    demo.set_faults(vec![FaultRule::always(Fault::PositionIds)]);
    demo.reset_traffic();
    let kept = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(kept.status.code(), Some(0), "{}", text(&kept.stderr));
    let said = text(&kept.stdout);
    assert!(
        said.contains(
            "= kept       #2 mail A 103.151.64.248 (TTL 3600): not in the file (--delete-unlisted deletes it)"
        ),
        "{said}"
    );
    assert!(changes(&demo).is_empty());

    let deleted =
        portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes", "--delete-unlisted"]).await;
    assert_eq!(deleted.status.code(), Some(0), "{}", text(&deleted.stderr));
    // mail was at 2; the AAAA record, at 5, is at 4 once mail is gone.
    assert_eq!(changes(&demo), ["DELETE /domain/5188/dns/2", "DELETE /domain/5188/dns/4"]);
    let now = listed(&demo, state.path()).await;
    assert_eq!(now.len(), 4, "{now:?}");
    assert!(now.iter().all(|r| !r.starts_with("mail") && !r.contains("AAAA")), "{now:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_read_back_as_applied_lets_the_run_go_on_never_sending_twice() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "bind").await;
    let changed =
        zone.replace("mail  3600  IN  A  ", "mail  3600  IN  A  203.0.113.9 ; was ") + "vpn 3600 IN A 198.51.100.4\n";
    let file = write(state.path(), "changed.zone", &changed);
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain/5188/dns").times(1)]);
    demo.reset_traffic();
    let run = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(run.status.code(), Some(0), "{}{}", text(&run.stdout), text(&run.stderr));
    let said = text(&run.stdout);
    assert!(said.contains("read again: the change is there now"), "{said}");
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/3", "POST /domain/5188/dns"], "each sent once");
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert!(log.lines().nth(1).unwrap().ends_with("applied, read back after an unclear answer"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_not_applied_stops_the_run_and_the_next_run_sends_the_rest() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "bind").await;
    let changed =
        zone.replace("mail  3600  IN  A  ", "mail  3600  IN  A  203.0.113.9 ; was ") + "vpn 3600 IN A 198.51.100.4\n";
    let file = write(state.path(), "changed.zone", &changed);
    // A proxy's 502 before the portal acted: an unclear answer, read again: not there.
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5188/dns").method("PUT").times(1)]);
    demo.reset_traffic();
    let stopped = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(stopped.status.code(), Some(5), "{}", text(&stopped.stderr));
    let said = text(&stopped.stdout);
    assert!(said.contains("not applied  ~ change"), "{said}");
    assert!(said.contains("502 Bad Gateway") && said.contains("it was not applied"), "{said}");
    assert!(said.contains("not sent     + create     vpn A 198.51.100.4"), "{said}");
    assert!(said.contains("stopped: 0 of 2 changes applied, 0 unknown, 2 not sent"), "{said}");
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/3"], "sent once, nothing after it");
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert!(log.lines().nth(1).unwrap().contains("not applied, the answer was unclear"), "{log}");

    // Run again: both are sent, once each.
    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &["--json", "dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/3", "POST /domain/5188/dns"]);
    let value: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(value["outcome"], "applied");
    assert_eq!(value["steps"][1]["check"]["landed"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unclear_answer_in_json_names_each_step() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let file = write(state.path(), "two.zone", "a 300 IN A 198.51.100.1\nb 300 IN A 198.51.100.2\n");
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5188/dns").method("POST").times(1)]);
    let out = portal_tui(&demo, state.path(), &["--json", "dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(out.status.code(), Some(5));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(value["outcome"], "stopped");
    let steps = value["steps"].as_array().unwrap();
    assert_eq!((steps[0]["outcome"].as_str(), steps[0]["sent"].as_bool()), (Some("not_applied"), Some(true)));
    assert!(steps[0]["error"].as_str().unwrap().contains("502"), "{value}");
    assert_eq!((steps[1]["outcome"].as_str(), steps[1]["sent"].as_bool()), (Some("skipped"), Some(false)));
    assert_eq!(value["plan"][0]["record"]["name"], "a");
    assert_eq!(changes(&demo).len(), 1);
}

/// A portal of the test's own (Basic auth, anything accepted) whose DNS has the registrar's
/// own types (URL, FRAME, MXE), quoted TXT, and records no zone file holds as themselves
/// (names and content a hostile or broken portal sends); it keeps every change it is sent.
/// With `types`, it lists the types it takes; without, it has no such route (the tool then
/// offers its usual five, which name none of the registrar's own).
async fn registrar_portal(types: bool) -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = seen.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let kept = kept.clone();
        async move {
            let path = uri.path().to_owned();
            if method != Method::GET {
                kept.lock().unwrap().push(format!("{method} {path}"));
            }
            let record = |id: u32, name: &str, kind: &str, content: &str| {
                serde_json::json!({"id": id, "name": name, "type": kind, "content": content, "ttl": 3600, "priority": 0})
            };
            axum::Json(match path.as_str() {
                "/domain/name/shop.vn" => serde_json::json!({"details": [{"id": "77", "name": "shop.vn", "status": "Active"}]}),
                "/domain/77/dns" => serde_json::json!({"records": [
                    record(1, "@", "A", "203.0.113.1"),
                    record(2, "@", "TXT", r#""she said \"hi\"""#),
                    record(3, "www", "URL", "https://shop.example.vn/sale"),
                    record(4, "old", "FRAME", "https://example.vn/framed page"),
                    record(5, "@", "MXE", "203.0.113.25"),
                    record(6, "@ 60 IN NS ns1.evil.example. ;", "A", "203.0.113.66"),
                    record(7, "evil", "TXT", "x\" ; @ 60 IN NS ns1.evil.example.\n$INCLUDE /etc/passwd (\""),
                    record(8, "cdn", "CNAME", "ns1.evil.example.\n@ 60 IN NS ns1.evil.example."),
                    record(9, "go", "URL", "https://shop.example.vn/\n@ 60 IN NS ns1.evil.example."),
                    record(10, "@", "NS", "ns1.registrar.vn"),
                ]}),
                "/domain/77/dns/types" if types => serde_json::json!({"types": ["A", "CNAME", "URL", "FRAME", "MX", "MXE", "TXT", "NS"]}),
                _ => serde_json::json!({"error": ["invalid method"]}),
            })
        }
    });
    let url = support::portal::serve(app).await;
    (url, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_portals_own_types_and_hostile_records_round_trip_kept_on_every_portal() {
    for types in [true, false] {
        let (url, seen) = registrar_portal(types).await;
        let state = tempfile::tempdir().unwrap();
        let run = |args: &[&str]| {
            let mut cmd = cli::with_basic_auth(&url, "my.shop.vn", state.path());
            cmd.args(args);
            cli::output(cmd)
        };
        let out = run(&["dns", "export", "shop.vn"]).await;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let zone = text(&out.stdout);
        assert!(zone.contains("@     3600  IN  TXT  \"she said \\\"hi\\\"\"\n"), "{zone}");
        assert!(zone.contains("\n;portal: www 3600 IN URL \"https://shop.example.vn/sale\"\n"), "{zone}");
        assert!(zone.contains("\n;portal: old 3600 IN FRAME \"https://example.vn/framed page\"\n"), "{zone}");
        assert!(zone.contains("\n;portal: @ 3600 IN MXE \"203.0.113.25\"\n"), "{zone}");
        assert!(
            zone.contains("\n;portal: go 3600 IN URL \"https://shop.example.vn/ @ 60 IN NS ns1.evil.example.\"\n"),
            "{zone}"
        );
        assert!(zone.contains("; lines starting with ;portal: are records with no zone file form"), "{zone}");
        assert!(
            zone.contains("; record #6 (A named \"@ 60 IN NS ns1.evil.example. ;\") is left out: its name is not one"),
            "{zone}"
        );
        assert!(zone.contains("; record #8 (CNAME named \"cdn\") is left out: its content is not"), "{zone}");
        // Nothing hostile is a record: the NS records are the portal's one and the SOA's
        // placeholder is the only other addition.
        let loaded = support::zone_load::hickory(&zone, "shop.vn");
        let short: Vec<String> = loaded.iter().map(|(o, t)| format!("{o} {t}")).collect();
        assert_eq!(short, ["evil.shop.vn. TXT", "shop.vn. A", "shop.vn. NS", "shop.vn. SOA", "shop.vn. TXT"], "{zone}");
        if let Some(said) = support::zone_load::named_checkzone(&zone, "shop.vn") {
            assert!(said.contains("loaded serial 1") && said.contains("OK"), "{said}");
        }
        let file = state.path().join("shop.vn.zone");
        std::fs::write(&file, &zone).unwrap();
        let json = run(&["dns", "export", "shop.vn", "--format", "json"]).await;
        let json_file = state.path().join("shop.vn.json");
        std::fs::write(&json_file, &json.stdout).unwrap();
        for file in [&file, &json_file] {
            let args = ["dns", "apply", "shop.vn", file.to_str().unwrap(), "--yes", "--delete-unlisted"];
            let applied = run(&args).await;
            assert_eq!(applied.status.code(), Some(0), "types listed: {types}: {}", text(&applied.stderr));
            let said = text(&applied.stdout);
            assert!(said.contains("0 to create, 0 to change, 0 to delete, 4 unchanged, 6 kept"), "{said}");
            assert!(
                said.contains("= kept       #3 www URL https://shop.example.vn/sale (TTL 3600): no zone file holds it"),
                "{said}"
            );
            assert!(said.contains("nothing to change"), "{said}");
        }
        assert!(seen.lock().unwrap().is_empty(), "read back whole, nothing sent: {:?}", seen.lock().unwrap());
    }
}

/// Echo services on loopback: `/a` and `/b` agree (text, JSON), `/c` does not.
async fn echo_services() -> String {
    let app = axum::Router::new()
        .route("/a", axum::routing::get(|| async { "203.0.113.7\n" }))
        .route("/b", axum::routing::get(|| async { axum::Json(serde_json::json!({"ip": "203.0.113.7"})) }))
        .route("/c", axum::routing::get(|| async { "198.51.100.9" }));
    support::portal::serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_address_is_written_only_when_the_echo_services_agree_and_it_changed() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let echo = echo_services().await;
    let config = |name: &str, sources: &[&str]| {
        let list: Vec<String> = sources.iter().map(|s| format!("\"{echo}/{s}\"")).collect();
        write(state.path(), name, &format!("ip_sources = [{}]\n", list.join(", ")))
    };
    let (agree, disagree, one) =
        (config("agree.toml", &["a", "b"]), config("disagree.toml", &["a", "c"]), config("one.toml", &["a"]));
    let set = |config: &str| {
        let mut cmd = cli::as_demo_client(&demo, state.path());
        cmd.env("PORTAL_CONFIG", config).args(["dns", "set", "example.vn", "home", "A", "--public-ip", "--yes"]);
        cli::output(cmd)
    };
    let first = set(&agree).await;
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let said = text(&first.stdout);
    assert!(said.starts_with(&format!("public address 203.0.113.7 (from {echo}/a, {echo}/b)\n")), "{said}");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"]);
    assert!(listed(&demo, state.path()).await.contains(&"home A 3600 203.0.113.7".to_owned()));

    demo.reset_traffic();
    let unchanged = set(&agree).await;
    assert_eq!(unchanged.status.code(), Some(0));
    assert!(
        text(&unchanged.stdout).contains("already set: record 7 is home A 203.0.113.7"),
        "{}",
        text(&unchanged.stdout)
    );
    assert!(changes(&demo).is_empty(), "unchanged: nothing written");

    let split = set(&disagree).await;
    assert_eq!(split.status.code(), Some(5));
    let err = text(&split.stderr);
    assert!(
        err.contains(&format!(
            "the echo services disagree ({echo}/a: 203.0.113.7, {echo}/c: 198.51.100.9); nothing was sent"
        )),
        "{err}"
    );
    let alone = set(&one).await;
    assert_eq!(alone.status.code(), Some(2));
    assert!(text(&alone.stderr).contains("--public-ip needs two echo services"), "{}", text(&alone.stderr));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_that_break_the_zone_are_refused_before_anything_is_sent() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let refused = [
        (
            vec!["dns", "add", "example.vn", "shop", "CNAME", "203.0.113.7"],
            "a CNAME record points at a host name, not at an IP address (203.0.113.7): did you mean an A record?",
        ),
        (
            vec!["dns", "add", "example.vn", "@", "MX", "2001:db8::25", "--priority", "10"],
            "such as mail.example.vn that has an AAAA record for 2001:db8::25",
        ),
        (
            vec!["dns", "add", "example.vn", "@", "MX", "1.2.3.4", "--priority", "10"],
            "an MX record points at a mail server's host name, not at an IP address (1.2.3.4): \
             name a host such as mail.example.vn that has an A record for 1.2.3.4",
        ),
        (
            vec!["--lang", "vi", "dns", "add", "example.vn", "@", "MX", "1.2.3.4", "--priority", "10"],
            "bản ghi MX phải trỏ tới tên máy của máy chủ thư, không phải địa chỉ IP (1.2.3.4)",
        ),
        (
            vec!["dns", "add", "example.vn", "@", "NS", "not a host"],
            "an NS record needs a host name, not \"not a host\"",
        ),
        (vec!["dns", "add", "example.vn", "@", "CNAME", "example.net."], "a CNAME cannot be at @"),
        (
            vec!["dns", "add", "example.vn", "mail", "CNAME", "example.net."],
            "mail already has other records (A): a CNAME must be the only record of its host",
        ),
        (
            vec!["dns", "set", "example.vn", "www", "TXT", "hello"],
            "www has a CNAME record: no TXT record can stand beside it",
        ),
        (
            vec!["--lang", "vi", "dns", "add", "example.vn", "www", "A", "203.0.113.7"],
            "www đang có bản ghi CNAME: không thể đặt bản ghi A bên cạnh",
        ),
    ];
    for (args, words) in refused {
        let args: Vec<&str> = args.into_iter().chain(["--yes"]).collect();
        let out = portal_tui(&demo, state.path(), &args).await;
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(words), "{args:?}: {}", text(&out.stderr));
    }
    // A CNAME changed in place is alone on its host: fine.
    let moved =
        portal_tui(&demo, state.path(), &["dns", "set", "example.vn", "www", "CNAME", "cdn.example.net.", "--yes"])
            .await;
    assert_eq!(moved.status.code(), Some(0), "{}", text(&moved.stderr));
    assert_eq!(changes(&demo), ["PUT /domain/5188/dns/2"]);
    // In a file too, with its line.
    let file = write(state.path(), "bad.zone", "$TTL 300\nmail A 203.0.113.2\nftp CNAME 203.0.113.5\n");
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("bad.zone, line 3: a CNAME record points at a host name"),
        "{}",
        text(&out.stderr)
    );
    let beside = write(state.path(), "beside.zone", "mail CNAME example.net.\n");
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &beside, "--yes"]).await;
    assert!(
        text(&out.stderr).contains("the records would break the zone: mail already has other records (A)"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(changes(&demo).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dns_set_keeps_the_records_ttl_and_the_builtin_types_are_named_as_ours() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    // A hosted zone takes a TTL (a registrar's DNS takes none).
    let zone = "dulichdalat.com";
    let first = ["dns", "set", zone, "home", "A", "203.0.113.7", "--ttl", "300", "--yes"];
    assert_eq!(portal_tui(&demo, state.path(), &first).await.status.code(), Some(0));
    let moved = portal_tui(&demo, state.path(), &["dns", "set", zone, "home", "A", "203.0.113.9", "--yes"]).await;
    assert_eq!(moved.status.code(), Some(0), "{}", text(&moved.stderr));
    let said = text(&moved.stdout);
    let change =
        "  Change: change record #1007\n  Now: home A 203.0.113.7 (TTL 300)\n  New: home A 203.0.113.9 (TTL 300)";
    assert!(said.contains(change), "{said}");
    let listed = || listed_in(&demo, state.path(), zone);
    assert!(listed().await.contains(&"home A 300 203.0.113.9".to_owned()), "the TTL shown is kept");
    let typed = ["dns", "set", zone, "home", "A", "203.0.113.10", "--ttl", "60", "--yes"];
    assert_eq!(portal_tui(&demo, state.path(), &typed).await.status.code(), Some(0));
    assert!(listed().await.contains(&"home A 60 203.0.113.10".to_owned()), "the TTL typed is sent");

    // Without the portal's list of types, the tool's own: a type refused is the tool's list's.
    demo.set_faults(vec![FaultRule::on(Fault::NotFound, "/domain/5188/dns/types")]);
    let ns =
        portal_tui(&demo, state.path(), &["dns", "add", "example.vn", "sub", "NS", "ns1.example.net", "--yes"]).await;
    assert_eq!(ns.status.code(), Some(2));
    let err = text(&ns.stderr);
    assert!(err.contains("type \"NS\" is not one of the usual types this tool offers (A, AAAA, CNAME, MX, TXT); this portal does not list the types it takes"), "{err}");
    assert!(!err.contains("not one this portal takes"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_keeps_the_files_order_speaks_the_readers_language_and_gives_numbers_in_json() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    // A hosted zone, which takes a TTL.
    let name = "dulichdalat.com";
    let out = portal_tui(&demo, state.path(), &["dns", "export", name]).await;
    let zone = text(&out.stdout);
    let first = zone.lines().count() + 1;
    let changed = zone.replace("mail      3600  IN  A ", "mail       300  IN  A ")
        + "x 300 IN A 198.51.100.1\ny 300 IN A 198.51.100.2\nx 300 IN A 198.51.100.3\n@ 3600 IN MX 20 mx2.example.vn.\n";
    let file = write(state.path(), "changed.zone", &changed);

    let out = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "apply", name, &file, "--dry-run"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let at = |what: &str| said.find(what).unwrap_or_else(|| panic!("{what:?} in {said}"));
    let created = [
        format!("x A 198.51.100.1 (TTL 300)  (dòng {first})"),
        format!("y A 198.51.100.2 (TTL 300)  (dòng {})", first + 1),
        format!("x A 198.51.100.3 (TTL 300)  (dòng {})", first + 2),
        format!("@ MX mx2.example.vn. (ưu tiên 20, TTL 3600)  (dòng {})", first + 3),
    ];
    let places: Vec<usize> = created.iter().map(|c| at(c)).collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]), "in the file's order: {said}");
    assert!(!said.contains("(priority"), "no English left: {said}");

    let out = portal_tui(&demo, state.path(), &["dns", "apply", name, &file, "--dry-run"]).await;
    assert!(text(&out.stdout).contains("@ MX mx2.example.vn. (priority 20, TTL 3600)"), "{}", text(&out.stdout));

    let out = portal_tui(&demo, state.path(), &["--json", "dns", "apply", name, &file, "--dry-run"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let plan = value["plan"].as_array().unwrap();
    let change = plan.iter().find(|s| s["action"] == "change").expect("mail's TTL changes");
    assert_eq!((&change["was"]["ttl"], &change["record"]["ttl"]), (&serde_json::json!(3600), &serde_json::json!(300)));
    assert!(change["was"]["priority"].is_u64(), "{change}");
    let lines: Vec<u64> =
        plan.iter().filter(|s| s["action"] == "create").map(|s| s["line"].as_u64().unwrap()).collect();
    assert!(lines.is_sorted() && lines.len() == 4, "{lines:?}");
    assert!(changes(&demo).is_empty(), "a dry run sends nothing: {:?}", changes(&demo));
}

#[test]
fn answering_no_says_nothing_was_sent_without_an_error() {
    for (lang, asked, said) in
        [("en", "[y/N]", "not confirmed: nothing was sent"), ("vi", "[c/K]", "chưa xác nhận: không gửi gì")]
    {
        let state = tempfile::tempdir().unwrap();
        let file = write(state.path(), "one.zone", "vpn 600 IN A 198.51.100.4\n");
        let dir = state.path().display().to_string();
        let args = ["--demo", "--lang", lang, "dns", "apply", "example.vn", &file];
        let mut s = support::pty::Session::start_with(&args, &[("PORTAL_STATE_DIR", &dir)], 120, 30);
        s.wait_for(asked);
        s.send("n\r");
        assert_eq!(s.wait_exit(), 2, "the usage code, as any confirmation declined");
        let screen = s.screen();
        assert!(screen.contains(said) && !screen.contains("error"), "{screen}");
        assert!(!state.path().join("changes.log").exists(), "nothing was sent");
    }
}

/// Applied, then answered 500 with the portal's JSON error: never "refused" (exit 4); read
/// back as applied, and the run goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_after_the_portal_applied_is_read_back_never_refused() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let file = write(state.path(), "two.zone", "a 300 IN A 198.51.100.1\nb 300 IN A 198.51.100.2\n");
    demo.set_faults(vec![FaultRule::on(Fault::AppliedServerError, "/domain/5188/dns").method("POST").times(1)]);
    let out = portal_tui(&demo, state.path(), &["--json", "dns", "apply", "example.vn", &file, "--yes"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let steps = value["steps"].as_array().unwrap();
    assert_eq!((steps[0]["outcome"].as_str(), steps[1]["outcome"].as_str()), (Some("applied"), Some("applied")));
    assert_eq!(changes(&demo), ["POST /domain/5188/dns", "POST /domain/5188/dns"], "each once");
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert!(log.lines().nth(1).unwrap().ends_with("applied, read back after an unclear answer"), "{log}");
}
