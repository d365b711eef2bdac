//! The rules' tests (`rules.rs`).

use super::*;

fn input(host: &str, kind: &str, content: &str, priority: &str) -> DnsInput {
    DnsInput {
        host: host.into(),
        kind: kind.into(),
        content: content.into(),
        priority: priority.into(),
        ttl: String::new(),
    }
}

fn types() -> Vec<String> {
    DEFAULT_TYPES.iter().map(|t| t.to_string()).collect()
}

#[test]
fn every_problem_is_found_at_once_and_check_says_the_first() {
    let all = |i: DnsInput| check_all(&i, &types()).unwrap_err();
    let bad = DnsInput { ttl: "soon".into(), ..input("a b", "MX", "", "") };
    let problems = all(bad.clone());
    assert_eq!(
        problems,
        [
            Problem::Host("a b".into()),
            Problem::EmptyContent,
            Problem::NeedPriority,
            Problem::Number { part: Part::Ttl, min: 1, max: 2_147_483_647, text: "soon".into() },
        ]
    );
    assert_eq!(check(&bad, &types()).unwrap_err(), problems[0]);
    // A type the portal does not take: the content is only checked for being there.
    assert_eq!(all(input("www", "SPF", "", "")).len(), 2);
    assert_eq!(all(input("www", "SPF", "v=spf1", "")).len(), 1);
    // A control character is all that is said: the field holds a paste gone wrong.
    let control = DnsInput { content: "a\u{7}".into(), ..input("a b", "A", "", "") };
    assert_eq!(all(control), [Problem::Control(Part::Content)]);
    assert!(check_all(&input("www", "A", "203.0.113.7", ""), &types()).is_ok());
}

#[test]
fn each_type_checks_its_content() {
    let ok = |i: DnsInput| check(&i, &types()).unwrap();
    assert_eq!(ok(input("home", "a", " 203.0.113.7 ", "")).content, "203.0.113.7");
    assert_eq!(ok(input("", "AAAA", "2001:DB8::1", "")).content, "2001:db8::1");
    assert_eq!(ok(input("", "AAAA", "2001:DB8::1", "")).name, "@");
    assert_eq!(ok(input("www", "CNAME", "example.vn.", "")).content, "example.vn.");
    assert_eq!(ok(input("@", "MX", "mail.example.vn", "10")).priority, 10);
    assert_eq!(ok(input("@", "TXT", "v=spf1 a mx ~all", "")).content, "v=spf1 a mx ~all", "sent bare");
    assert_eq!(ok(input("@", "TXT", "\"already quoted\"", "")).content, "already quoted", "a quoted paste");
    assert_eq!(ok(input("@", "TXT", "say \"hi\"", "")).content, r#"say "hi""#);
    let err = |i: DnsInput| check(&i, &types()).unwrap_err();
    assert_eq!(err(input("home", "A", "203.0.113", "")), Problem::Ipv4("203.0.113".into()));
    assert_eq!(err(input("home", "AAAA", "203.0.113.7", "")), Problem::Ipv6("203.0.113.7".into()));
    assert_eq!(err(input("www", "CNAME", "not a host", "")).part(), Part::Content);
    assert!(matches!(err(input("www", "CNAME", "not a host", "")), Problem::HostName { .. }));
    assert_eq!(err(input("@", "MX", "mail.example.vn", "")), Problem::NeedPriority);
    assert_eq!(err(input("@", "MX", "mail.example.vn", "")).part(), Part::Priority);
    let negative = err(input("@", "MX", "mail.example.vn", "-1"));
    assert_eq!(negative, Problem::Number { part: Part::Priority, min: 0, max: 65535, text: "-1".into() });
    assert_eq!(err(input("bad host", "A", "203.0.113.7", "")), Problem::Host("bad host".into()));
    assert_eq!(err(input("@", "SRV", "x", "")).part(), Part::Type);
    assert_eq!(err(input("@", "TXT", "  ", "")), Problem::EmptyContent);
    let injected = err(input("@", "TXT", "v=spf1 -all\n@ 300 IN NS evil.", ""));
    assert_eq!(injected, Problem::Control(Part::Content));
    assert_eq!(err(input("@", "TXT", "a\u{1b}[2Jb", "")), Problem::Control(Part::Content));
    assert_eq!(err(input("www\r", "A", "203.0.113.7", "")), Problem::Control(Part::Host));
    let ttl = DnsInput { ttl: "soon".into(), ..input("@", "A", "203.0.113.7", "") };
    assert_eq!(check(&ttl, &types()).unwrap_err().part(), Part::Ttl);
    // A TTL of 0 caches nothing: never what is meant.
    let none = DnsInput { ttl: "0".into(), ..input("@", "A", "203.0.113.7", "") };
    assert_eq!(err(none), Problem::Number { part: Part::Ttl, min: 1, max: 2_147_483_647, text: "0".into() });
    let one = DnsInput { ttl: "1".into(), ..input("@", "A", "203.0.113.7", "") };
    assert_eq!(ok(one).ttl, Some(1));
}

#[test]
fn zone_breaking_records_are_refused_before_anything_is_sent() {
    let err = |i: DnsInput| check(&i, &types()).unwrap_err();
    let ip = err(input("www", "CNAME", "203.0.113.7", ""));
    assert_eq!(ip, Problem::IpTarget { kind: "CNAME".into(), content: "203.0.113.7".into(), suggest: "A" });
    assert_eq!(ip.part(), Part::Content);
    let mx = err(input("@", "MX", "2001:db8::25", "10"));
    assert!(matches!(mx, Problem::IpTarget { suggest: "AAAA", .. }), "{mx:?}");
    assert!(matches!(err(input("@", "MX", "203.0.113.25.", "10")), Problem::IpTarget { .. }), "a final dot too");
    assert_eq!(err(input("@", "CNAME", "example.net", "")), Problem::CnameAtApex);
    assert_eq!(err(input("", "cname", "example.net", "")).part(), Part::Host);

    let listed = |id: &str, name: &str, kind: &str| DnsRecord {
        id: id.into(),
        name: name.into(),
        kind: kind.into(),
        content: "x".into(),
        ..Default::default()
    };
    let records = [listed("1", "www", "A"), listed("2", "www.example.vn.", "AAAA"), listed("3", "blog", "CNAME")];
    let fields = |name: &str, kind: &str| check(&input(name, kind, "example.net.", ""), &types()).unwrap();
    let cname = fields("www", "CNAME");
    let beside = beside(&cname, &records, "example.vn", None).unwrap_err();
    assert_eq!(beside, Problem::CnameBeside { host: "www".into(), kinds: vec!["A".into(), "AAAA".into()] });
    let a = check(&input("blog", "AAAA", "2001:db8::9", ""), &types()).unwrap();
    let by_cname = super::beside(&a, &records, "example.vn", None).unwrap_err();
    assert_eq!(by_cname, Problem::BesideCname { host: "blog".into(), kind: "AAAA".into() });
    // The CNAME itself changed in place, or a host of its own: fine.
    assert!(super::beside(&fields("blog", "CNAME"), &records, "example.vn", Some("3")).is_ok());
    assert!(super::beside(&fields("shop", "CNAME"), &records, "example.vn", None).is_ok());
    let apex = DnsFields { name: "example.vn.".into(), ..fields("shop", "CNAME") };
    assert_eq!(super::beside(&apex, &records, "example.vn", None), Err(Problem::CnameAtApex));
}

#[test]
fn a_host_holds_one_spf_one_dmarc_and_one_dkim_record() {
    let txt = |id: &str, name: &str, content: &str| DnsRecord {
        id: id.into(),
        name: name.into(),
        kind: "TXT".into(),
        content: content.into(),
        ..Default::default()
    };
    let records = [
        txt("5", "@", "\"v=spf1 a mx ~all\""),
        txt("6", "@", "google-site-verification=abc"),
        txt("7", "_dmarc", "v=DMARC1; p=none"),
    ];
    let sent = |name: &str, content: &str| check(&input(name, "TXT", content, ""), &types()).unwrap();
    let spf = sent("@", "v=spf1 include:_spf.google.com ~all");
    let second = super::beside(&spf, &records, "example.vn", None).unwrap_err();
    assert_eq!(second, Problem::SecondOfTag { host: "@".into(), tag: "v=spf1".into(), id: "5".into() });
    // In its place, or on another host: fine; other TXT records stand side by side.
    assert!(super::beside(&spf, &records, "example.vn", Some("5")).is_ok());
    assert!(super::beside(&sent("mail", "v=spf1 -all"), &records, "example.vn", None).is_ok());
    assert!(super::beside(&sent("@", "other-verification=xyz"), &records, "example.vn", None).is_ok());
    let dmarc = sent("_dmarc.example.vn.", "v=DMARC1; p=reject");
    assert!(matches!(super::beside(&dmarc, &records, "example.vn", None), Err(Problem::SecondOfTag { .. })));
}

#[test]
fn long_txt_is_written_as_strings_of_at_most_255_bytes() {
    let key = "v=DKIM1; k=rsa; p=".to_owned() + &"A".repeat(400);
    let written = quote_strings(&key);
    let strings: Vec<&str> = written.split("\" \"").collect();
    assert_eq!(strings.len(), 2, "{written}");
    assert!(written.starts_with("\"v=DKIM1; k=rsa; p=AAA") && written.ends_with("AAA\""));
    let inner: usize = strings.iter().map(|s| s.trim_matches('"').len()).sum();
    assert_eq!(inner, key.len(), "nothing lost");
    assert!(strings.iter().all(|s| s.trim_matches('"').len() <= TXT_STRING_MAX));
    assert_eq!(unquoted(&written), key, "read back, the text itself");
    // Split on a character, never inside one.
    let accents = "ế".repeat(200);
    assert!(quote_strings(&accents).split("\" \"").all(|s| s.trim_matches('"').len() <= TXT_STRING_MAX));
    assert_eq!(quote_strings(r#"say "hi""#), r#""say \"hi\"""#);
}

#[test]
fn txt_tags_tell_purposes_apart() {
    assert_eq!(txt_tag("\"v=spf1 a mx ~all\"").as_deref(), Some("v=spf1"));
    assert_eq!(txt_tag("v=DMARC1; p=none").as_deref(), Some("v=dmarc1"));
    assert_eq!(txt_tag("google-site-verification=abc").as_deref(), Some("google-site-verification"));
    assert_eq!(txt_tag("hello world"), None);
}

#[test]
fn a_record_already_held_is_recognised() {
    let listed = DnsRecord {
        id: "7".into(),
        name: "home.example.vn.".into(),
        kind: "AAAA".into(),
        content: "2001:DB8::1".into(),
        ttl: "300".into(),
        ..Default::default()
    };
    let wanted = |content: &str, ttl: Option<u32>| DnsFields {
        name: "home".into(),
        kind: "AAAA".into(),
        priority: 0,
        content: content.into(),
        ttl,
    };
    assert!(holds(&listed, &wanted("2001:db8::1", None), "example.vn", false), "the domain's suffix, the case");
    assert!(holds(&listed, &wanted("2001:db8::1", Some(300)), "example.vn", false));
    assert!(!holds(&listed, &wanted("2001:db8::1", Some(60)), "example.vn", false), "another TTL");
    assert!(!holds(&listed, &wanted("2001:db8::2", None), "example.vn", false));
    assert!(same_content("CNAME", "Example.VN.", "example.vn"));
    assert!(same_content("TXT", "v=spf1 -all", "\"v=spf1 -all\""), "TXT quoted or not");
    assert!(same_content("TXT", "\"v=spf1 \" \"-all\"", "v=spf1 -all"), "in several strings");
    assert!(!same_content("TXT", "\"V=spf1 -all\"", "\"v=spf1 -all\""), "TXT text keeps its case");
    assert!(same_host("", "@", "example.vn") && same_host("example.vn.", "@", "example.vn"));
    assert_eq!(listed_line(&listed), "home.example.vn. AAAA 2001:DB8::1 (TTL 300)");
    assert_eq!(sent_line(&wanted("2001:db8::1", None)), "home AAAA 2001:db8::1");
}
