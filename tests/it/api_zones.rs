//! Hosted DNS zones over real HTTP against the demo portal: the zones and their records
//! read whether the portal sends `records` as a list or as an object keyed by id, on both
//! portal hosts; records added, changed and deleted through the one change protocol and
//! kept by the demo; a lost answer read again and never sent twice; another admin's change
//! stops a change before it is sent; and a portal without `GET /dns` keeps the registrar's
//! records.

use crate::support;

use portal_tui::api::models::{DnsRecord, ZoneRef};
use portal_tui::api::{ApiError, AuthMethod, Change, DnsFields, DnsSource, Language, PortalClient, Query, Shown};
use portal_tui::demo::{CLIENT_HOST, DemoOptions, FaultRule, RESELLER_HOST};
use support::{client as client_of, demo, demo_with};

const DALAT: ZoneRef = ZoneRef { service_id: 2230, zone_id: 61 };
const COMTAM: ZoneRef = ZoneRef { service_id: 2230, zone_id: 62 };

fn lines(records: &[DnsRecord]) -> Vec<String> {
    records.iter().map(|r| format!("{} {} {} {} {}", r.id, r.name, r.kind, r.content, r.ttl)).collect()
}

fn fields(name: &str, kind: &str, content: &str, ttl: Option<u32>) -> DnsFields {
    DnsFields { name: name.into(), kind: kind.into(), priority: 0, content: content.into(), ttl }
}

/// The record with this id, as listed now.
async fn listed(client: &PortalClient, zone: ZoneRef, id: &str) -> Option<DnsRecord> {
    client.zone_records(zone).await.unwrap().into_iter().find(|r| r.id == id)
}

fn posts(demo: &portal_tui::demo::DemoPortal) -> Vec<String> {
    demo.requests().into_iter().filter(|r| !r.starts_with("GET ") && r != "POST /login").collect()
}

#[tokio::test]
async fn zones_and_their_records_read_as_a_list_or_keyed_by_id_on_both_hosts() {
    let demo = demo().await;
    let cases = [
        (CLIENT_HOST, "dulichdalat.com", DALAT, "1003 datphong.dulichdalat.com A 103.97.125.19 300", false),
        (CLIENT_HOST, "comtamsaigon.vn", COMTAM, "2003 thucdon.comtamsaigon.vn A 103.221.220.8 600", true),
        (
            RESELLER_HOST,
            "nhahangbienxanh.vn",
            ZoneRef { service_id: 6620, zone_id: 71 },
            "3003 datban.nhahangbienxanh.vn A 103.48.192.32 300",
            true,
        ),
        (
            RESELLER_HOST,
            "banhbeohue.vn",
            ZoneRef { service_id: 6620, zone_id: 72 },
            "3101 banhbeohue.vn A 103.48.192.40 3600",
            false,
        ),
    ];
    for (host, name, zone, record, keyed) in cases {
        for language in [Language::English, Language::Vietnamese] {
            let client = client_of(&demo, host, AuthMethod::Jwt, language);
            client.login().await.unwrap();
            let found = client.zone_of(name).await.unwrap().unwrap_or_else(|| panic!("{host}: no zone {name}"));
            assert_eq!(found.at(), Some(zone), "{host} {name}");
            let records = client.zone_records(zone).await.unwrap();
            assert!(lines(&records).contains(&record.to_owned()), "{host} {name}: {:?}", lines(&records));
            assert!(records.iter().all(|r| r.unreadable.is_none() && !r.id.is_empty()), "{records:?}");
            // `--json` prints the records as the portal sent them: the object stays an object.
            let sent = client.as_sent(&Query::ZoneRecords(zone)).await.unwrap();
            assert_eq!(sent.is_object(), keyed, "{host} {name}: {sent}");
            assert_eq!(sent.is_array(), !keyed, "{host} {name}: {sent}");
        }
    }
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    assert_eq!(client.zone_of("example.vn").await.unwrap(), None, "a registration without a zone");
    let missing = client.zone_records(ZoneRef { service_id: 2230, zone_id: 71 }).await.unwrap_err();
    assert!(missing.to_string().contains("DNS zone not found"), "another account's zone: {missing}");
}

#[tokio::test]
async fn records_are_added_changed_and_deleted_in_the_zone_through_the_one_protocol() {
    let demo = demo().await;
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Jwt, Language::English);
    client.login().await.unwrap();
    let at = DnsSource::Zone(COMTAM);
    let shown = |record: Option<DnsRecord>| Shown { domain: "comtamsaigon.vn".into(), record };

    let add = Change::dns_add(at, fields("banhmi", "A", "103.221.220.9", Some(300)));
    let mut stages = Vec::new();
    let sent = client.apply(&add, Some(&shown(None)), |request, _| stages.push(request.describe())).await;
    assert!(sent.sent, "{:?}", sent.result.err());
    let answer = sent.result.unwrap();
    // As DNS.services answers a new record: without its id; the read back finds it.
    assert_eq!(answer.answer["record"].get("id"), None, "{:?}", answer.answer);
    assert_eq!(answer.answer["info"], serde_json::json!([["dnsnewrecordadded", "A"]]));
    let check = sent.check.unwrap();
    assert!(check.landed && !check.others_changed(), "{check:?}");
    assert_eq!(check.record.as_deref(), Some("2005"), "the record made, found by reading back");
    assert_eq!(stages.len(), 2, "the change log hears of it before and after");
    assert!(stages[0].starts_with("POST /service/2230/dns/62/records {"), "{stages:?}");
    assert_eq!(listed(&client, COMTAM, "2005").await.unwrap().content, "103.221.220.9");

    let before = listed(&client, COMTAM, "2003").await.unwrap();
    let update = Change::dns_update(at, "2003".into(), fields("thucdon", "A", "103.221.220.10", Some(600)));
    let sent = client.apply(&update, Some(&shown(Some(before))), |_, _| {}).await;
    assert!(sent.result.is_ok() && sent.check.unwrap().landed);
    let now = listed(&client, COMTAM, "2003").await.unwrap();
    assert_eq!((now.content.as_str(), now.ttl.as_str()), ("103.221.220.10", "600"));

    let before = listed(&client, COMTAM, "2001").await.unwrap();
    let delete = Change::dns_delete(at, "2001".into());
    let sent = client.apply(&delete, Some(&shown(Some(before))), |_, _| {}).await;
    assert!(sent.result.is_ok() && sent.check.unwrap().landed);
    assert_eq!(listed(&client, COMTAM, "2001").await, None);
    assert_eq!(
        posts(&demo),
        [
            "POST /service/2230/dns/62/records",
            "PUT /service/2230/dns/62/records/2003",
            "DELETE /service/2230/dns/62/records/2001"
        ]
    );
    // The other zone of the service is as it was.
    assert_eq!(client.zone_records(DALAT).await.unwrap().len(), 7, "six and the SOA");
}

#[tokio::test]
async fn a_lost_answer_is_read_again_and_never_sent_twice() {
    let demo = demo_with(DemoOptions {
        faults: vec!["lost-answer@/service/2230/dns*1".parse::<FaultRule>().unwrap()],
        ..DemoOptions::default()
    })
    .await;
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::Vietnamese);
    let add = Change::dns_add(DnsSource::Zone(DALAT), fields("tour", "CNAME", "dulichdalat.com.", None));
    let shown = Shown { domain: "dulichdalat.com".into(), record: None };
    let sent = client.apply(&add, Some(&shown), |_, _| {}).await;
    assert!(sent.sent);
    // The answer was lost; the records read again show it: applied, read back.
    let answer = sent.result.unwrap();
    assert!(answer.read_back, "{answer:?}");
    let check = sent.check.expect("the records are read again");
    assert!(check.landed, "read again: the record is there, {check:?}");
    assert_eq!(posts(&demo), ["POST /service/2230/dns/61/records"], "sent once");
    let tours: Vec<_> = check.records.iter().filter(|r| r.name == "tour.dulichdalat.com").collect();
    assert_eq!(tours.len(), 1);
}

#[tokio::test]
async fn another_admins_change_stops_a_change_before_it_is_sent() {
    let demo = demo_with(DemoOptions {
        faults: vec!["other-admin@GET/service/2230/dns/61*1".parse::<FaultRule>().unwrap()],
        ..DemoOptions::default()
    })
    .await;
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    // As the confirmation showed it: the first record, which the other admin deletes.
    let first = DnsRecord {
        id: "1001".into(),
        name: "@".into(),
        kind: "A".into(),
        content: "103.97.125.18".into(),
        ttl: "3600".into(),
        priority: "0".into(),
        ..DnsRecord::default()
    };
    let delete = Change::dns_delete(DnsSource::Zone(DALAT), "1001".into());
    let shown = Shown { domain: "dulichdalat.com".into(), record: Some(first) };
    let sent = client.apply(&delete, Some(&shown), |_, _| {}).await;
    assert!(!sent.sent);
    assert!(matches!(sent.result, Err(ApiError::TargetChanged { now: None, .. })), "{:?}", sent.result);
    assert!(posts(&demo).is_empty(), "nothing was sent: {:?}", posts(&demo));
}

#[tokio::test]
async fn a_portal_without_dns_hosting_keeps_the_registrars_records() {
    for rule in ["404@/dns", "404@GET/dns*3"] {
        let demo = demo_with(DemoOptions { faults: vec![rule.parse().unwrap()], ..DemoOptions::default() }).await;
        let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
        let e = client.zones().await.unwrap_err();
        assert!(e.not_offered(), "{rule}: {e:?}");
        assert_eq!(client.zone_of("dulichdalat.com").await.unwrap(), None, "{rule}: no zone, no error");
        let registrar = client.records_at(DnsSource::Registrar(5150)).await.unwrap();
        assert_eq!(registrar.len(), 6, "{rule}");
    }
    // A seed-only portal answers `invalid method`: the same.
    let demo = demo_with(DemoOptions { seed_only: true, ..DemoOptions::default() }).await;
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    assert_eq!(client.zone_of("dulichdalat.com").await.unwrap(), None);
    // Any other failure is said: where the records are kept is then not known.
    let demo =
        demo_with(DemoOptions { faults: vec!["html-502@/dns".parse().unwrap()], ..DemoOptions::default() }).await;
    let client = client_of(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    assert!(client.zone_of("dulichdalat.com").await.is_err());
}
