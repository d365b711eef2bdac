//! The plan: unchanged, changed in place, created, deleted only when asked; the portal's
//! own records and ignored hosts left alone; TTLs the portal cannot set; the safety rule;
//! what refuses a plan.

use super::*;
use crate::api::dns::zone_file;

use crate::api::dns::zone_write::tests::record;

/// The demo's records of a domain.
fn listed() -> Vec<DnsRecord> {
    vec![
        record("1", "@", "A", "203.0.113.1", "3600", "0"),
        record("2", "www", "CNAME", "example.vn.", "3600", "0"),
        record("3", "mail", "A", "203.0.113.2", "3600", "0"),
        record("4", "@", "MX", "mail.example.vn.", "3600", "10"),
        record("5", "@", "TXT", "v=spf1 a mx ~all", "3600", "0"),
        record("6", "@", "NS", "ns1.portal.vn.", "3600", "0"),
    ]
}

fn types() -> Vec<String> {
    ["A", "AAAA", "CNAME", "MX", "NS", "TXT", "URL"].map(String::from).to_vec()
}

fn plan_of(zone: &str, listed: &[DnsRecord], options: &Options) -> Result<Plan, PlanProblem> {
    let records = zone_file::parse(zone, "example.vn").unwrap();
    let wanted = wanted(&records, &types());
    plan("example.vn", listed, &wanted, options)
}

/// Each step in one line: action, id before, what after.
fn lines(plan: &Plan) -> Vec<String> {
    plan.steps
        .iter()
        .map(|s| {
            let was = s.was.as_ref().map(|r| format!("#{}", r.id)).unwrap_or_default();
            let wanted = s.wanted.as_ref().map(rules::sent_line).unwrap_or_default();
            let parts = [format!("{:?}", s.action), was, wanted];
            parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

const SAME: &str = "\
$TTL 3600
@     A      203.0.113.1
www   CNAME  example.vn.
mail  A      203.0.113.2
@     MX     10 mail.example.vn.
@     TXT    \"v=spf1 a mx ~all\"
";

#[test]
fn the_same_records_send_nothing() {
    let plan = plan_of(SAME, &listed(), &Options::default()).unwrap();
    assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
    assert_eq!(plan.count(Action::Unchanged), 5);
    assert_eq!(plan.count(Action::Kept(Kept::Managed)), 1, "the apex NS is the portal's: {:?}", lines(&plan));
    // Written otherwise, the same: names whole, case, the MX target without its dot.
    let other = "@ 3600 A 203.0.113.1\nWWW.example.vn. 3600 CNAME EXAMPLE.VN.\nmail 3600 A 203.0.113.2\n\
                 @ 3600 MX 10 mail\n@ 3600 TXT \"v=spf1 \" \"a mx ~all\"\n";
    assert_eq!(plan_of(other, &listed(), &Options::default()).unwrap().to_send().count(), 0);
}

#[test]
fn changed_created_and_deleted_only_when_asked() {
    let zone = "\
$TTL 3600
@     A      203.0.113.9
www   CNAME  example.vn.
@     MX     10 mail.example.vn.
@     TXT    \"v=spf1 -all\"
@     TXT    \"google-site-verification=abc\"
vpn   A      198.51.100.4
";
    let plan = plan_of(zone, &listed(), &Options::default()).unwrap();
    assert_eq!(
        lines(&plan),
        [
            "Change #1 @ A 203.0.113.9 (TTL 3600)",
            "Change #5 @ TXT v=spf1 -all (TTL 3600)",
            "Create @ TXT google-site-verification=abc (TTL 3600)",
            "Create vpn A 198.51.100.4 (TTL 3600)",
            "Unchanged #2 www CNAME example.vn. (TTL 3600)",
            "Unchanged #4 @ MX mail.example.vn. (priority 10, TTL 3600)",
            "Kept(Unlisted) #3",
            "Kept(Managed) #6",
        ]
    );
    let all = Options { delete_unlisted: true, ..Options::default() };
    let plan = plan_of(zone, &listed(), &all).unwrap();
    assert_eq!(lines(&plan)[0], "Delete #3", "deletions go first");
    assert_eq!(plan.count(Action::Kept(Kept::Managed)), 1, "the apex NS is never deleted unless named");
    let named = plan_of(&format!("{zone}@ NS ns2.portal.vn.\n"), &listed(), &all).unwrap();
    assert!(lines(&named).contains(&"Change #6 @ NS ns2.portal.vn. (TTL 3600)".to_owned()), "{:?}", lines(&named));
}

#[test]
fn a_ttl_the_portal_cannot_set_is_no_difference() {
    let mut no_ttl = listed();
    for r in &mut no_ttl {
        r.ttl = "0".into();
    }
    assert_eq!(plan_of(SAME, &no_ttl, &Options::default()).unwrap().to_send().count(), 0);
    let shorter = SAME.replace("$TTL 3600", "$TTL 300");
    let plan = plan_of(&shorter, &listed(), &Options::default()).unwrap();
    assert_eq!(plan.count(Action::Change), 5, "a TTL the portal lists is one: {:?}", lines(&plan));
    // A changed record keeps the portal's TTL when the file states none.
    let plan = plan_of("mail A 203.0.113.7\n", &listed(), &Options::default()).unwrap();
    assert_eq!(lines(&plan)[0], "Change #3 mail A 203.0.113.7 (TTL 3600)");
}

#[test]
fn ignored_hosts_and_unreadable_records_are_left_alone() {
    let mut portal = listed();
    portal.push(record("7", "_acme-challenge", "TXT", "token-1", "60", "0"));
    portal.push(record("8", "_acme-challenge.www", "TXT", "token-2", "60", "0"));
    let options = Options { delete_unlisted: true, ignore: vec!["_acme-challenge".into()], ..Options::default() };
    let plan = plan_of(SAME, &portal, &options).unwrap();
    assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
    assert_eq!(plan.count(Action::Kept(Kept::Ignored)), 2);
    let with_token = format!("{SAME}_acme-challenge TXT \"token-3\"\n");
    assert_eq!(plan_of(&with_token, &portal, &options).unwrap().to_send().count(), 0, "the file's are ignored too");

    portal.push(DnsRecord { unreadable: Some("ttl: expected text".into()), ..record("9", "mail", "", "", "", "") });
    let plan = plan_of(SAME, &portal, &options).unwrap();
    assert_eq!(plan.count(Action::Kept(Kept::Unreadable)), 1, "on a host the plan leaves alone: fine");
    let touching = plan_of(&SAME.replace("203.0.113.2", "203.0.113.3"), &portal, &options).unwrap_err();
    assert_eq!(touching, PlanProblem::Unreadable { id: "9".into(), host: "mail".into() });
}

#[test]
fn a_cname_beside_another_record_is_refused() {
    let plan = plan_of("mail CNAME www.example.vn.\n", &listed(), &Options::default()).unwrap_err();
    assert_eq!(plan, PlanProblem::Zone(Problem::CnameBeside { host: "mail".into(), kinds: vec!["A".into()] }));
    // With the A record deleted in the same plan, it stands alone.
    let all = Options { delete_unlisted: true, ..Options::default() };
    let zone = format!("{}\nmail CNAME www.example.vn.\n", SAME.replace("mail  A      203.0.113.2", ""));
    let plan = plan_of(&zone, &listed(), &all).unwrap();
    assert_eq!(lines(&plan)[0], "Delete #3");
    let beside = plan_of("www A 203.0.113.5\n", &listed(), &Options::default()).unwrap_err();
    assert_eq!(beside, PlanProblem::Zone(Problem::BesideCname { host: "www".into(), kind: "A".into() }));
}

#[test]
fn a_host_is_left_with_one_spf_record() {
    // The file's SPF record takes the place of the portal's: one.
    let plan = plan_of("@ TXT \"v=spf1 mx -all\"\n", &listed(), &Options::default()).unwrap();
    assert_eq!(lines(&plan)[0], "Change #5 @ TXT v=spf1 mx -all (TTL 3600)", "{:?}", lines(&plan));
    // Two in the file: refused before anything is sent.
    let two = "@ TXT \"v=spf1 mx -all\"\n@ TXT \"v=spf1 include:_spf.google.com ~all\"\n";
    let plan = plan_of(two, &listed(), &Options::default()).unwrap_err();
    assert!(
        matches!(&plan, PlanProblem::Zone(Problem::SecondOfTag { host, tag, .. }) if host == "@" && tag == "v=spf1"),
        "{plan:?}"
    );
    // Another host's SPF record stands beside it.
    assert!(plan_of("mail TXT \"v=spf1 -all\"\n", &listed(), &Options::default()).is_ok());
}

#[test]
fn a_record_no_change_can_name_is_refused() {
    let mut portal = listed();
    portal[2].id = "1".into();
    let plan = plan_of("mail A 203.0.113.7\n", &portal, &Options::default()).unwrap_err();
    assert_eq!(plan, PlanProblem::ReadOnly { id: "1".into(), why: ReadOnly::Shared });
}

#[test]
fn the_safety_rule_as_octodns_has_it() {
    let mut portal: Vec<DnsRecord> = (1..=10)
        .map(|i| record(&i.to_string(), &format!("h{i}"), "A", &format!("203.0.113.{i}"), "3600", "0"))
        .collect();
    let zone = |changed: usize| {
        (1..=10)
            .map(|i| format!("h{i} 3600 A 203.0.113.{}\n", if i <= changed { i + 100 } else { i }))
            .collect::<String>()
    };
    assert_eq!(plan_of(&zone(3), &portal, &Options::default()).unwrap().too_many(), None, "30 % is allowed");
    let four = plan_of(&zone(4), &portal, &Options::default()).unwrap().too_many().unwrap();
    assert_eq!((four.changes, four.deletes, four.existing, four.tenths_of_percent()), (4, 0, 10, 400));
    let all = Options { delete_unlisted: true, ..Options::default() };
    let deletes = plan_of("h1 3600 A 203.0.113.1\n", &portal, &all).unwrap().too_many().unwrap();
    assert_eq!((deletes.changes, deletes.deletes), (0, 9));
    // Two changes and two deletions: neither alone is over 30 %, together they are.
    let both: String = zone(2).lines().take(8).map(|l| format!("{l}\n")).collect();
    let both = plan_of(&both, &portal, &all).unwrap().too_many().unwrap();
    assert_eq!((both.changes, both.deletes, both.count(), both.tenths_of_percent()), (2, 2, 4, 400));
    let share = |count, existing| TooMany { changes: count, deletes: 0, existing }.tenths_of_percent();
    assert_eq!(share(4, 12), 330, "4 of 12 is 33 %, to the nearest whole");
    assert_eq!(share(301, 1000), 301, "over 30 % is never said as 30 %");
    assert_eq!(share(2, 3), 670);
    portal.truncate(9);
    assert_eq!(plan_of("", &portal, &all).unwrap().too_many(), None, "fewer than 10 records: no rule");
}

#[test]
fn the_files_records_are_checked_with_their_line_unless_the_portal_holds_them_as_they_are() {
    let refused =
        plan_of("a A 203.0.113.1\nb CNAME 203.0.113.2\nc CNAME 203.0.113.3\n", &listed(), &Options::default());
    let Err(PlanProblem::Record { line, problem }) = refused else { panic!("{refused:?}") };
    assert_eq!(line, 2, "the first in the file");
    assert!(matches!(problem, Problem::IpTarget { suggest: "A", .. }), "{problem:?}");
    // The portal holds such a record already: the same record in the file is unchanged, and
    // a type the portal does not list is no matter for a record it holds.
    let mut portal = listed();
    portal.push(record("7", "b", "CNAME", "203.0.113.2.", "3600", "0"));
    portal.push(record("8", "sip", "NAPTR", "100 10 \"S\" \"SIP+D2U\" \"\" _sip._udp", "3600", "0"));
    let zone = format!("{SAME}b CNAME 203.0.113.2.\nsip NAPTR 100 10 \"S\" \"SIP+D2U\" \"\" _sip._udp\n");
    let plan = plan_of(&zone, &portal, &Options { delete_unlisted: true, ..Options::default() }).unwrap();
    assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
    assert_eq!(plan.count(Action::Unchanged), 7);
    // Changed, it is checked as any record sent.
    let moved = plan_of(&zone.replace("203.0.113.2.", "203.0.113.9."), &portal, &Options::default()).unwrap_err();
    assert!(matches!(moved, PlanProblem::Record { line: 7, .. }), "{moved:?}");
}

#[test]
fn the_portals_read_only_records_are_kept_never_deleted_and_in_no_ones_way() {
    let soa = DnsRecord {
        parts: ["ns1.dns.services", "hostmaster.dns.services", "1", "10800", "3600", "604800", "3600"]
            .map(String::from)
            .to_vec(),
        ..record(
            "15257",
            "example.vn",
            "SOA",
            "ns1.dns.services hostmaster.dns.services 1 10800 3600 604800 3600",
            "3600",
            "0",
        )
    };
    // A content the portal sent as something other than one text, on a host of its own.
    let fixed = DnsRecord { parts: vec!["a".into()], ..record("16", "cdn", "A", "a", "3600", "0") };
    let mut portal = listed();
    portal.extend([soa, fixed]);
    let all = Options { delete_unlisted: true, ..Options::default() };
    let plan = plan_of(&format!("{SAME}cdn CNAME www.example.vn.\n"), &portal, &all).unwrap();
    assert_eq!(lines(&plan)[0], "Create cdn CNAME www.example.vn. (TTL 3600)", "beside a read-only record");
    assert_eq!(plan.to_send().count(), 1, "nothing deleted: {:?}", lines(&plan));
    assert_eq!(plan.count(Action::Kept(Kept::Fixed)), 2, "{:?}", lines(&plan));
    assert_eq!(plan.existing, 6, "the safety rule counts only what a plan may change");
}

#[test]
fn a_record_the_zone_holds_twice_is_exported_twice_and_applied_back_sends_nothing() {
    let mut twice = listed();
    twice.push(record("7", "mail", "A", "203.0.113.2", "3600", "0"));
    let export = zone_write::bind("example.vn", &twice, &[]);
    assert_eq!(export.matches("203.0.113.2").count(), 2, "both copies written:\n{export}");
    for delete_unlisted in [false, true] {
        let options = Options { delete_unlisted, ..Options::default() };
        let plan = plan_of(&export, &twice, &options).unwrap();
        assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
        assert_eq!(plan.count(Action::Unchanged), 7, "{:?}", lines(&plan));
    }
    // The same record twice in a file, once at the portal: created never, kept once.
    let file = format!("{SAME}mail A 203.0.113.2\n");
    let plan = plan_of(&file, &listed(), &Options { delete_unlisted: true, ..Options::default() }).unwrap();
    assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
    // Twice in the file, not at the portal: made once.
    let plan = plan_of(&format!("{SAME}vpn A 198.51.100.4\nvpn A 198.51.100.4\n"), &listed(), &Options::default());
    assert_eq!(plan.unwrap().count(Action::Create), 1);
}

#[test]
fn where_the_store_takes_no_ttl_a_files_ttl_is_no_difference_and_none_is_planned() {
    let registrar = Options { no_ttl: true, ..Options::default() };
    let other_ttls = SAME.replace("$TTL 3600", "$TTL 300");
    let plan = plan_of(&other_ttls, &listed(), &registrar).unwrap();
    assert_eq!(plan.to_send().count(), 0, "{:?}", lines(&plan));
    let moved = format!("{}vpn 600 A 198.51.100.4\n", other_ttls.replace("203.0.113.2", "203.0.113.9"));
    let plan = plan_of(&moved, &listed(), &registrar).unwrap();
    let sent: Vec<Option<u32>> = plan.to_send().map(|s| s.wanted.as_ref().unwrap().ttl).collect();
    assert_eq!(sent, [None, None], "{:?}", lines(&plan));
    // Where it takes one, the file's TTL is a difference.
    assert_eq!(plan_of(&other_ttls, &listed(), &Options::default()).unwrap().count(Action::Change), 5);
}
