//! DNS as code on hosted DNS zones, run as the built binary against the demo portal in this
//! process (so the test sees every request it received and the records it keeps): a name
//! that is only a zone exported (zone file and JSON) and applied back with nothing sent; a
//! name both registered and hosted goes to its zone, as `dns NAME` does, and says so; a
//! plan of creations, changes and deletions lands in the zone's records, once; the 30 %
//! rule and `--force`; a lost answer read again and never sent twice; another admin's
//! change during a run stops it, the record named by its id being the one changed; a zone's
//! own SOA and apex NS left alone (a portal of the test's own); `dns set --public-ip` on a
//! zone.

use crate::support;

use std::path::Path;

use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal, Fault, FaultRule};
use support::cli;
use support::cli::portal_tui;
use support::cli::text;
use support::cli::write;
use support::portal::changes;

async fn demo() -> DemoPortal {
    DemoPortal::start_local(DemoOptions::default()).await.unwrap()
}

/// The records of zone `zone_id` (service 2230) as the demo portal keeps them, as
/// DNS.services does (names and targets fully qualified without a final dot, TXT quoted):
/// `id name type ttl content`; the SOA, whose serial every change moves, left out.
fn kept(demo: &DemoPortal, zone_id: &str) -> Vec<String> {
    let records = demo.zone_records(CLIENT_HOST, "2230", zone_id).expect("the zone is the account's");
    records
        .iter()
        .filter(|r| r["type"] != "SOA")
        .map(|r| {
            let field = |k: &str| r[k].as_str().map_or_else(|| r[k].to_string(), str::to_owned);
            format!("{} {} {} {} {}", field("id"), field("name"), field("type"), field("ttl"), field("content"))
        })
        .collect()
}

/// `NAME`'s records exported in `format`.
async fn export(demo: &DemoPortal, state: &Path, name: &str, format: &str) -> String {
    let out = portal_tui(demo, state, &["dns", "export", name, "--format", format]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zone_only_name_is_exported_and_applied_back_with_nothing_sent() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    // comtamsaigon.vn is no registration of the account's: only a hosted zone, its
    // records sent keyed by id.
    let zone = export(&demo, state.path(), "comtamsaigon.vn", "bind").await;
    assert_eq!(
        zone,
        "\
; comtamsaigon.vn: the DNS records my.example.vn lists (hosted zone 62, service 2230)
; the portal lists no NS for the domain itself: the NS line marked placeholder (ns.placeholder.invalid.) is there for a name server to load the file; dns apply passes over it
$ORIGIN comtamsaigon.vn.
$TTL 3600
@        3600  IN  SOA    ns1.dns-demo.vn. hostmaster.dns-demo.vn. 2026112801 10800 3600 604800 3600
@              IN  NS     ns.placeholder.invalid.  ; placeholder
@        3600  IN  A      103.221.220.7
www      3600  IN  CNAME  comtamsaigon.vn.
thucdon   600  IN  A      103.221.220.8
@        3600  IN  TXT    \"google-site-verification=cTs4mXq9LkD2vB7\"
"
    );
    let json = export(&demo, state.path(), "comtamsaigon.vn", "json").await;
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["domain"], "comtamsaigon.vn");
    assert_eq!(
        value["records"][3],
        serde_json::json!({"name": "thucdon", "type": "A", "ttl": 600, "content": "103.221.220.8"})
    );
    assert_eq!(value["records"][0]["type"], "SOA", "the zone's own SOA first");
    assert_eq!(value["records"][4]["content"], "google-site-verification=cTs4mXq9LkD2vB7", "TXT as its text");
    let reads = demo.requests();
    assert!(reads.contains(&"GET /service/2230/dns/62".to_owned()), "{reads:?}");
    assert!(!reads.iter().any(|r| r.contains("/domain/")), "no registration is looked for: {reads:?}");
    let vi = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "export", "comtamsaigon.vn"]).await;
    assert!(
        text(&vi.stdout).starts_with(
            "; comtamsaigon.vn: các bản ghi DNS mà my.example.vn liệt kê (vùng DNS lưu trữ 62, dịch vụ 2230)\n"
        ),
        "{}",
        text(&vi.stdout)
    );

    let bind_file = write(state.path(), "comtamsaigon.vn.zone", &zone);
    let json_file = write(state.path(), "comtamsaigon.vn.json", &json);
    demo.reset_traffic();
    for file in [&bind_file, &json_file] {
        let args = ["dns", "apply", "comtamsaigon.vn", file, "--yes", "--delete-unlisted"];
        let out = portal_tui(&demo, state.path(), &args).await;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(said.starts_with("plan for comtamsaigon.vn (hosted zone 62, service 2230) from "), "{said}");
        assert!(said.contains("= unchanged  #2003 thucdon.comtamsaigon.vn A 103.221.220.8 (TTL 600)"), "{said}");
        assert!(said.contains("0 to create, 0 to change, 0 to delete, 4 unchanged, 1 kept"), "{said}");
        assert!(said.contains("= kept       #2000 comtamsaigon.vn SOA primary server ns1.dns-demo.vn"), "{said}");
        assert!(said.contains("nothing to change"), "{said}");
    }
    assert!(changes(&demo).is_empty(), "export → apply sends nothing: {:?}", changes(&demo));
    let vi = portal_tui(&demo, state.path(), &["--lang", "vi", "dns", "apply", "comtamsaigon.vn", &bind_file, "--yes"])
        .await;
    assert!(
        text(&vi.stdout).starts_with("kế hoạch cho comtamsaigon.vn (vùng DNS lưu trữ 62, dịch vụ 2230) theo "),
        "{}",
        text(&vi.stdout)
    );
    let json =
        portal_tui(&demo, state.path(), &["--json", "dns", "apply", "comtamsaigon.vn", &json_file, "--yes"]).await;
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(value["outcome"], "unchanged");
    assert_eq!(value["hosted_zone"], serde_json::json!({"zone_id": 62, "service_id": 2230}));
    assert!(value.get("registration").is_none(), "{value}");
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_lands_in_the_zone_once_and_then_nothing_is_sent() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    // dulichdalat.com is a registration (5150) with a hosted zone: `dns NAME` lists the
    // zone's records, and so does DNS as code.
    let zone = export(&demo, state.path(), "dulichdalat.com", "bind").await;
    assert!(
        zone.starts_with("; dulichdalat.com: the DNS records my.example.vn lists (hosted zone 61, service 2230)\n"),
        "{zone}"
    );
    let wanted: String = zone
        .lines()
        .filter(|l| !l.starts_with("datphong"))
        .map(|l| match l.starts_with("mail ") {
            true => "mail 600 IN A 103.97.125.21\n".to_owned(),
            false => format!("{l}\n"),
        })
        .collect::<String>()
        + "tour IN CNAME dulichdalat.com.\n";
    let file = write(state.path(), "dulichdalat.com.zone", &wanted);
    demo.reset_traffic();

    let dry =
        portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &file, "--dry-run", "--delete-unlisted"])
            .await;
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry.stderr));
    let said = text(&dry.stdout);
    assert!(said.starts_with("plan for dulichdalat.com (hosted zone 61, service 2230) from "), "{said}");
    assert!(said.contains("  DELETE /service/2230/dns/61/records/1003\n"), "{said}");
    assert!(
        said.contains(
            r#"  PUT /service/2230/dns/61/records/1005 {"name":"mail","type":"A","content":"103.97.125.21","ttl":600}"#
        ),
        "{said}"
    );
    assert!(said.contains(r#"  POST /service/2230/dns/61/records {"name":"tour","type":"CNAME","#), "{said}");
    assert!(changes(&demo).is_empty(), "a dry run sends nothing: {:?}", changes(&demo));

    let out =
        portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &file, "--yes", "--delete-unlisted"])
            .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("- delete     #1003 datphong.dulichdalat.com A 103.97.125.19 (TTL 300)"), "{said}");
    assert!(
        said.contains(
            "~ change     #1005 mail.dulichdalat.com A 103.97.125.20 (TTL 3600) → mail A 103.97.125.21 (TTL 600)"
        ),
        "{said}"
    );
    assert!(said.contains("+ create     tour CNAME dulichdalat.com. (TTL 3600)"), "{said}");
    assert!(said.contains("1 to create, 1 to change, 1 to delete, 4 unchanged, 1 kept"), "{said}");
    assert!(said.contains("done: 3 of 3 changes applied"), "{said}");
    assert!(
        said.contains("DNS records of dulichdalat.com (hosted zone 61, service 2230)\n"),
        "the zone read last:\n{said}"
    );
    assert_eq!(
        changes(&demo),
        [
            "DELETE /service/2230/dns/61/records/1003",
            "PUT /service/2230/dns/61/records/1005",
            "POST /service/2230/dns/61/records"
        ],
        "one change at a time, each once"
    );
    assert!(!demo.requests().iter().any(|r| r.contains("/domain/")), "the registration is left alone");
    assert_eq!(
        kept(&demo, "61"),
        [
            "1001 dulichdalat.com A 3600 103.97.125.18",
            "1002 www.dulichdalat.com CNAME 3600 dulichdalat.com",
            "1004 dulichdalat.com MX 3600 mail.dulichdalat.com",
            "1005 mail.dulichdalat.com A 600 103.97.125.21",
            "1006 dulichdalat.com TXT 3600 \"v=spf1 mx ~all\"",
            "1007 tour.dulichdalat.com CNAME 3600 dulichdalat.com",
        ]
    );
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert_eq!(log.lines().count(), 6, "each change logged before and after: {log}");
    assert!(log.contains("\tdomain dulichdalat.com\tDELETE /service/2230/dns/61/records/1003\tapplied"), "{log}");

    // The same file again: nothing; and the zone exported now applies back with nothing.
    demo.reset_traffic();
    let again =
        portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &file, "--yes", "--delete-unlisted"])
            .await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(
        text(&again.stdout).contains("0 to create, 0 to change, 0 to delete, 6 unchanged"),
        "{}",
        text(&again.stdout)
    );
    let now = write(state.path(), "now.zone", &export(&demo, state.path(), "dulichdalat.com", "bind").await);
    let back =
        portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &now, "--yes", "--delete-unlisted"]).await;
    assert!(text(&back.stdout).contains("nothing to change"), "{}", text(&back.stdout));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zone_plan_changing_more_than_30_percent_needs_force() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "dulichdalat.com", "bind").await;
    let hosts = |base: u8| (1..=4).map(|i| format!("h{i} 3600 IN A 198.51.100.{}\n", base + i)).collect::<String>();
    let more = write(state.path(), "more.zone", &(zone.clone() + &hosts(0)));
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &more, "--yes"]).await;
    assert_eq!(out.status.code(), Some(0), "creating is never refused: {}", text(&out.stderr));
    assert_eq!(changes(&demo), ["POST /service/2230/dns/61/records"; 4]);

    // 10 records now; 4 of them changed is 40 %.
    let moved = write(state.path(), "moved.zone", &(zone + &hosts(100)));
    demo.reset_traffic();
    let refused = portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &moved, "--yes"]).await;
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert!(
        err.contains("this plan changes 4 of the 10 records (40 %): more than 30 % changed or deleted is refused"),
        "{err}"
    );
    assert!(text(&refused.stdout).contains("0 to create, 4 to change"), "the plan is shown: {}", text(&refused.stdout));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
    assert!(
        kept(&demo, "61").contains(&"1007 h1.dulichdalat.com A 3600 198.51.100.1".to_owned()),
        "{:?}",
        kept(&demo, "61")
    );

    let forced =
        portal_tui(&demo, state.path(), &["dns", "apply", "dulichdalat.com", &moved, "--yes", "--force"]).await;
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    assert_eq!(
        changes(&demo),
        (1007..=1010).map(|id| format!("PUT /service/2230/dns/61/records/{id}")).collect::<Vec<_>>()
    );
    let now = kept(&demo, "61");
    for (id, i) in (1007..=1010).zip(1..) {
        assert!(now.contains(&format!("{id} h{i}.dulichdalat.com A 3600 198.51.100.{}", 100 + i)), "{now:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_in_a_zone_is_read_again_and_never_sent_twice() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "comtamsaigon.vn", "bind").await;
    let changed = zone.replace("103.221.220.8", "103.221.220.18") + "banhmi 300 IN A 103.221.220.9\n";
    let file = write(state.path(), "changed.zone", &changed);
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/service/2230/dns/62").times(1)]);
    demo.reset_traffic();
    let lost = portal_tui(&demo, state.path(), &["dns", "apply", "comtamsaigon.vn", &file, "--yes"]).await;
    // Read again, the change is there: applied, and the run goes on.
    assert_eq!(lost.status.code(), Some(0), "{}", text(&lost.stderr));
    let said = text(&lost.stdout);
    assert!(said.contains("applied  ~ change     #2003 thucdon.comtamsaigon.vn A 103.221.220.8 (TTL 600)"), "{said}");
    assert!(said.contains("read again: the change is there now"), "{said}");
    assert!(said.contains("applied  + create     banhmi A 103.221.220.9 (TTL 300)"), "{said}");
    let requests = demo.requests();
    let put = requests.iter().position(|r| r == "PUT /service/2230/dns/62/records/2003").expect("sent");
    assert_eq!(requests[put + 1], "GET /service/2230/dns/62", "read again after the lost answer: {requests:?}");
    assert_eq!(
        changes(&demo),
        ["PUT /service/2230/dns/62/records/2003", "POST /service/2230/dns/62/records"],
        "each sent once"
    );
    assert!(
        kept(&demo, "62").contains(&"2003 thucdon.comtamsaigon.vn A 600 103.221.220.18".to_owned()),
        "{:?}",
        kept(&demo, "62")
    );
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    assert!(log.lines().nth(1).unwrap().ends_with("applied, read back after an unclear answer"), "{log}");

    // Run again: nothing left to send.
    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &["dns", "apply", "comtamsaigon.vn", &file, "--yes"]).await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_admins_change_during_a_zone_apply_stops_it_and_the_record_named_is_the_one_changed() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let zone = export(&demo, state.path(), "comtamsaigon.vn", "bind").await;
    let changed = zone.replace("103.221.220.8", "103.221.220.18") + "banhmi 300 IN A 103.221.220.9\n";
    let file = write(state.path(), "changed.zone", &changed);
    // Another admin deletes the zone's first record (2001) as the first change arrives.
    demo.set_faults(vec![FaultRule::on(Fault::OtherAdmin, "/service/2230/dns/62/records").times(1)]);
    demo.reset_traffic();
    let out = portal_tui(&demo, state.path(), &["dns", "apply", "comtamsaigon.vn", &file, "--yes"]).await;
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("the records read again are not as expected: nothing after it was sent"), "{said}");
    assert!(said.contains("  - comtamsaigon.vn A 103.221.220.7"), "the other admin's deletion is named: {said}");
    assert!(said.contains("stopped: 1 of 2 changes applied"), "{said}");
    assert_eq!(changes(&demo), ["PUT /service/2230/dns/62/records/2003"], "nothing after it");
    // Records keep their ids in a zone: the one the plan named is the one changed.
    assert_eq!(
        kept(&demo, "62"),
        [
            "2002 www.comtamsaigon.vn CNAME 3600 comtamsaigon.vn",
            "2003 thucdon.comtamsaigon.vn A 600 103.221.220.18",
            "2004 comtamsaigon.vn TXT 3600 \"google-site-verification=cTs4mXq9LkD2vB7\"",
        ]
    );

    // Run again: what the file still wants, the record the other admin deleted too.
    demo.reset_traffic();
    let again = portal_tui(&demo, state.path(), &["dns", "apply", "comtamsaigon.vn", &file, "--yes"]).await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(
        text(&again.stdout).contains("2 to create, 0 to change, 0 to delete, 3 unchanged"),
        "{}",
        text(&again.stdout)
    );
    assert_eq!(changes(&demo), ["POST /service/2230/dns/62/records"; 2]);
}

/// A DNS hosting portal of the test's own (Basic auth, anything accepted) whose one zone,
/// shop.vn, lists its own SOA and apex NS records beside SRV, CAA, TXT and SSHFP ones (a
/// type beyond those the tool knows a zone to take); it keeps
/// the changes it is sent.
async fn hosting_portal() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use axum::http::{Method, Uri};
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = seen.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let kept = kept.clone();
        async move {
            let path = uri.path().to_owned();
            if method != Method::GET {
                kept.lock().unwrap().push(format!("{method} {path}"));
            }
            let record = |id: &str, name: &str, kind: &str, content: &str, priority: u32| {
                serde_json::json!({"id": id, "name": name, "type": kind, "content": content, "ttl": 3600, "priority": priority})
            };
            axum::Json(match path.as_str() {
                "/dns" => serde_json::json!({"service_ids": ["44"], "zones": [{"domain_id": "9", "name": "shop.vn", "service_id": "44"}]}),
                "/service/44/dns/9" => serde_json::json!({"service_id": "44", "name": "shop.vn", "records": [
                    record("1", "@", "SOA", "ns1.dnshost.vn. hostmaster.dnshost.vn. 2026112501 7200 3600 1209600 300", 0),
                    record("2", "@", "NS", "ns1.dnshost.vn.", 0),
                    record("3", "@", "NS", "ns2.dnshost.vn.", 0),
                    record("4", "@", "A", "203.0.113.10", 0),
                    record("5", "_sip._tcp", "SRV", "5 5060 sip.shop.vn.", 10),
                    record("6", "@", "CAA", "0 issue \"letsencrypt.org\"", 0),
                    record("7", "@", "TXT", "\"v=spf1 -all\"", 0),
                    record("8", "git", "SSHFP", "1 1 0123456789abcdef0123456789abcdef01234567", 0),
                ]}),
                _ => serde_json::json!({"success": true}),
            })
        }
    });
    let url = support::portal::serve(app).await;
    (url, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_zones_own_soa_and_ns_are_left_alone_and_every_type_it_holds_reads_back() {
    let (url, seen) = hosting_portal().await;
    let state = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = cli::with_basic_auth(&url, "my.dnshost.vn", state.path());
        cmd.args(args);
        cli::output(cmd)
    };
    let out = run(&["dns", "export", "shop.vn"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let zone = text(&out.stdout);
    assert!(zone.starts_with("; shop.vn: the DNS records my.dnshost.vn lists (hosted zone 9, service 44)\n"), "{zone}");
    assert!(zone.contains("_sip._tcp  3600  IN  SRV    10 5 5060 sip.shop.vn.\n"), "{zone}");
    assert!(zone.contains("@          3600  IN  CAA    0 issue \"letsencrypt.org\"\n"), "{zone}");
    let file = write(state.path(), "shop.vn.zone", &zone);
    assert!(zone.contains("git        3600  IN  SSHFP  1 1 0123"), "{zone}");
    // The zone's own SOA first, as a name server wants it, and no placeholder.
    let soa = "@          3600  IN  SOA    ns1.dnshost.vn. hostmaster.dnshost.vn. 2026112501 7200 3600 1209600 300\n";
    assert!(zone.contains(&format!("$TTL 3600\n{soa}@ ")), "{zone}");
    assert!(!zone.contains("placeholder"), "{zone}");
    assert_eq!(support::zone_load::hickory(&zone, "shop.vn").len(), 8, "{zone}");
    if let Some(said) = support::zone_load::named_checkzone(&zone, "shop.vn") {
        assert!(said.contains("loaded serial 2026112501"), "{said}");
    }
    let back = run(&["dns", "apply", "shop.vn", &file, "--yes", "--delete-unlisted"]).await;
    assert_eq!(back.status.code(), Some(0), "{}", text(&back.stderr));
    let said = text(&back.stdout);
    assert!(said.contains("0 to create, 0 to change, 0 to delete, 7 unchanged, 1 kept"), "{said}");
    assert!(said.contains("= kept       #1 @ SOA"), "the zone's SOA is the portal's: {said}");
    assert!(seen.lock().unwrap().is_empty(), "read back whole, nothing sent: {:?}", seen.lock().unwrap());

    // A file that names only the address: the SOA and the apex NS stay, the rest goes.
    let only = write(state.path(), "only.zone", "@ 3600 IN A 203.0.113.10\n");
    let dry = run(&["dns", "apply", "shop.vn", &only, "--delete-unlisted", "--dry-run"]).await;
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry.stderr));
    let said = text(&dry.stdout);
    assert!(said.contains("= kept       #2 @ NS ns1.dnshost.vn. (TTL 3600): the portal's own"), "{said}");
    assert!(said.contains("0 to create, 0 to change, 4 to delete, 1 unchanged, 3 kept"), "{said}");
    for id in 5..=8 {
        assert!(said.contains(&format!("  DELETE /service/44/dns/9/records/{id}\n")), "{said}");
    }
    // A type the zone does not hold, nor the tool knows it to take, is refused with its line.
    let other = write(state.path(), "other.zone", &(zone + "loc 3600 IN LOC 10 0 0 N 106 0 0 E 5m\n"));
    let refused = run(&["dns", "apply", "shop.vn", &other, "--yes"]).await;
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr).contains(
            "other.zone, line 12: type \"LOC\" is not one of the usual types this tool offers (A, AAAA, CNAME, MX, TXT, NS, SRV, CAA, SSHFP)"
        ),
        "{}",
        text(&refused.stderr)
    );
    assert!(seen.lock().unwrap().is_empty(), "{:?}", seen.lock().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_export_loads_in_a_name_server_and_applies_back_with_nothing_sent() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    // A registration's records, a zone only, a registration with a zone: each exported loads
    // with an SOA and NS records (the portal's, or placeholders) and applies back unchanged.
    for name in ["example.vn", "comtamsaigon.vn", "dulichdalat.com"] {
        let zone = export(&demo, state.path(), name, "bind").await;
        let loaded = support::zone_load::hickory(&zone, name);
        let apex = |kind: &str| loaded.iter().filter(|(o, t)| *o == format!("{name}.") && t == kind).count();
        assert_eq!(apex("SOA"), 1, "{zone}");
        assert!(apex("NS") >= 1, "{zone}");
        let records = zone.lines().filter(|l| !l.starts_with([';', '$']) && !l.contains("; placeholder")).count();
        let placeholders = zone.lines().filter(|l| l.ends_with("; placeholder")).count();
        assert_eq!(loaded.len(), records + placeholders, "every line a record, each once: {zone}");
        if let Some(said) = support::zone_load::named_checkzone(&zone, name) {
            assert!(said.contains(&format!("zone {name}/IN: loaded serial")) && said.ends_with("OK\n"), "{said}");
        }
        let file = write(state.path(), &format!("{name}.zone"), &zone);
        demo.reset_traffic();
        let out = portal_tui(&demo, state.path(), &["dns", "apply", name, &file, "--yes", "--delete-unlisted"]).await;
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("nothing to change"), "{}", text(&out.stdout));
        assert!(changes(&demo).is_empty(), "{name}: {:?}", changes(&demo));
    }
}

/// A DNS hosting portal of the test's own answering as DNS.services' recorded answers show
/// (Basic auth, anything accepted): the zone's records an object keyed by sparse places,
/// every value a string, names fully qualified without a final dot, targets without one,
/// TXT stored quoted, the SOA's content a list of seven strings; it keeps the changes it
/// is sent.
async fn dns_services_portal() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use axum::http::{Method, Uri};
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = seen.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let kept = kept.clone();
        async move {
            let path = uri.path().to_owned();
            if method != Method::GET {
                kept.lock().unwrap().push(format!("{method} {path}"));
            }
            let record = |id: &str, name: &str, kind: &str, content: serde_json::Value, prio: &str| {
                serde_json::json!({"id": id, "domain_id": "1178", "name": name, "type": kind, "content": content,
                    "ttl": "3600", "prio": prio, "change_date": "1681392000", "priority": prio})
            };
            let soa = serde_json::json!(["ns1.dns.services", "hostmaster.dns.services", "2023041301", "10800", "3600", "604800", "3600"]);
            axum::Json(match path.as_str() {
                "/dns" => serde_json::json!({"service_ids": ["292"], "zones": [{"domain_id": "1178", "name": "astylos.dk", "service_id": "292"}]}),
                "/service/292/dns/1178" => serde_json::json!({"service_id": "292", "name": "astylos.dk", "records": {
                    "0": record("15257", "astylos.dk", "SOA", soa, "0"),
                    "1": record("15258", "astylos.dk", "NS", "ns1.dns.services".into(), "0"),
                    "2": record("15259", "astylos.dk", "NS", "ns2.dns.services".into(), "0"),
                    "5": record("15262", "astylos.dk", "A", "203.0.113.7".into(), "0"),
                    "6": record("15263", "mail.astylos.dk", "A", "203.0.113.8".into(), "0"),
                    "7": record("15264", "astylos.dk", "MX", "mail.astylos.dk".into(), "10"),
                    "9": record("15266", "astylos.dk", "TXT", "\"v=spf1 include:_spf.google.com ~all\"".into(), "0"),
                    "17": record("406467", "www.astylos.dk", "CNAME", "astylos.dk".into(), "0"),
                    "18": record("406468", "_dmarc.astylos.dk", "TXT", "\"v=DMARC1; p=none\"".into(), "0"),
                }}),
                _ => serde_json::json!({"success": true, "info": ["dnsrecordupdated"]}),
            })
        }
    });
    let url = support::portal::serve(app).await;
    (url, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zone_as_dns_services_answers_exports_with_its_soa_loads_and_applies_back_with_nothing_sent() {
    let (url, seen) = dns_services_portal().await;
    let state = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = cli::with_basic_auth(&url, "my.dns.services", state.path());
        cmd.args(args);
        cli::output(cmd)
    };
    let out = run(&["dns", "export", "astylos.dk"]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let zone = text(&out.stdout);
    let soa = "@       3600  IN  SOA    ns1.dns.services. hostmaster.dns.services. 2023041301 10800 3600 604800 3600\n";
    assert!(zone.contains(&format!("$TTL 3600\n{soa}@       3600  IN  NS     ns1.dns.services.\n")), "{zone}");
    assert!(zone.contains("@       3600  IN  TXT    \"v=spf1 include:_spf.google.com ~all\"\n"), "{zone}");
    assert!(zone.contains("_dmarc  3600  IN  TXT    \"v=DMARC1; p=none\"\n"), "{zone}");
    assert!(zone.contains("@       3600  IN  MX     10 mail.astylos.dk.\n"), "{zone}");
    assert!(zone.contains("www     3600  IN  CNAME  astylos.dk.\n"), "{zone}");
    assert!(!zone.contains("placeholder"), "{zone}");
    assert_eq!(support::zone_load::hickory(&zone, "astylos.dk").len(), 9, "{zone}");
    if let Some(said) = support::zone_load::named_checkzone(&zone, "astylos.dk") {
        assert!(said.contains("zone astylos.dk/IN: loaded serial 2023041301"), "{said}");
    }
    let json = run(&["dns", "export", "astylos.dk", "--format", "json"]).await;
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["records"][6]["content"], "v=spf1 include:_spf.google.com ~all", "{value}");
    let bind_file = write(state.path(), "astylos.dk.zone", &zone);
    let json_file = write(state.path(), "astylos.dk.json", &text(&json.stdout));
    for file in [&bind_file, &json_file] {
        let out = run(&["dns", "apply", "astylos.dk", file, "--yes", "--delete-unlisted"]).await;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(said.contains("0 to create, 0 to change, 0 to delete, 8 unchanged, 1 kept"), "{said}");
        let soa = "= kept       #15257 astylos.dk SOA primary server ns1.dns.services, contact hostmaster.dns.services";
        assert!(said.contains(soa) && said.contains("(TTL 3600): the portal's own, read-only\n"), "{said}");
        assert!(said.contains("nothing to change"), "{said}");
    }
    assert!(seen.lock().unwrap().is_empty(), "{:?}", seen.lock().unwrap());

    // Changed: each body as the portal's own clients write it, one writer for all: the host
    // relative (the apex as the zone's name), the target without a final dot as the portal lists it, TXT bare.
    let changed = zone
        .replace("10 mail.astylos.dk.", "20 mx2.astylos.dk.")
        .replace("\"v=DMARC1; p=none\"", "\"v=DMARC1; p=reject\"")
        + "blog 300 IN CNAME www.astylos.dk.\n";
    let file = write(state.path(), "changed.zone", &changed);
    let dry = run(&["dns", "apply", "astylos.dk", &file, "--dry-run"]).await;
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry.stderr));
    let said = text(&dry.stdout);
    for body in [
        r#"PUT /service/292/dns/1178/records/15264 {"name":"astylos.dk","type":"MX","content":"mx2.astylos.dk","priority":20,"ttl":3600}"#,
        r#"PUT /service/292/dns/1178/records/406468 {"name":"_dmarc","type":"TXT","content":"v=DMARC1; p=reject","ttl":3600}"#,
        r#"POST /service/292/dns/1178/records {"name":"blog","type":"CNAME","content":"www.astylos.dk","ttl":300}"#,
    ] {
        assert!(said.contains(body), "{body} in {said}");
    }
    assert!(seen.lock().unwrap().is_empty(), "a dry run sends nothing: {:?}", seen.lock().unwrap());
}

/// Echo services on loopback that agree: `/a` as text, `/b` as JSON.
async fn echo_services() -> String {
    let app = axum::Router::new()
        .route("/a", axum::routing::get(|| async { "203.0.113.7\n" }))
        .route("/b", axum::routing::get(|| async { axum::Json(serde_json::json!({"ip": "203.0.113.7"})) }));
    support::portal::serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_address_is_set_in_the_zone() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let echo = echo_services().await;
    let config = write(state.path(), "config.toml", &format!("ip_sources = [\"{echo}/a\", \"{echo}/b\"]\n"));
    let set = || {
        let mut cmd = cli::as_demo_client(&demo, state.path());
        cmd.env("PORTAL_CONFIG", &config).args(["dns", "set", "comtamsaigon.vn", "home", "A", "--public-ip", "--yes"]);
        cli::output(cmd)
    };
    let first = set().await;
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert!(
        text(&first.stdout).contains("domain comtamsaigon.vn (hosted zone 62, service 2230):\n  Change: add a record")
    );
    assert_eq!(changes(&demo), ["POST /service/2230/dns/62/records"]);
    assert!(
        kept(&demo, "62").contains(&"2005 home.comtamsaigon.vn A 3600 203.0.113.7".to_owned()),
        "{:?}",
        kept(&demo, "62")
    );
    demo.reset_traffic();
    let again = set().await;
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(text(&again.stdout).contains("already set: record 2005 is home A 203.0.113.7"), "{}", text(&again.stdout));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}
