//! The zone file reader: origins and TTLs, names relative and absolute, quoting, entries
//! over lines, the portal's own types, JSON, and what is refused with its line.

use super::*;

/// A record in short: host, type, TTL, priority, content.
type Short<'a> = (&'a str, &'a str, Option<u32>, Option<u32>, &'a str);

fn one(text: &str) -> ZoneRecord {
    let records = parse(text, "example.vn").unwrap();
    assert_eq!(records.len(), 1, "{records:?}");
    records.into_iter().next().unwrap()
}

fn problem(text: &str) -> (usize, ZoneProblem) {
    let e = parse(text, "example.vn").unwrap_err();
    (e.line, e.problem)
}

#[test]
fn origin_ttl_and_names_relative_and_absolute() {
    let zone = "\
; example.vn
$ORIGIN example.vn.
$TTL 1h
@            IN  A      203.0.113.1
www   300    IN  CNAME  @
mail         IN  A      203.0.113.2
             IN  AAAA   2001:db8::2      ; the same owner as the line above
shop.example.vn.  600  A  203.0.113.3
$ORIGIN dev.example.vn.
api          CNAME  web                  ; relative to the new origin
@  MX 10 mail.example.vn.
";
    let records = parse(zone, "Example.VN.").unwrap();
    let short: Vec<Short> =
        records.iter().map(|r| (r.host.as_str(), r.kind.as_str(), r.ttl, r.priority, r.content.as_str())).collect();
    assert_eq!(
        short,
        [
            ("@", "A", Some(3600), None, "203.0.113.1"),
            ("www", "CNAME", Some(300), None, "example.vn."),
            ("mail", "A", Some(3600), None, "203.0.113.2"),
            ("mail", "AAAA", Some(3600), None, "2001:db8::2"),
            ("shop", "A", Some(600), None, "203.0.113.3"),
            ("api.dev", "CNAME", Some(3600), None, "web.dev.example.vn."),
            ("dev", "MX", Some(3600), Some(10), "mail.example.vn."),
        ]
    );
    assert_eq!(records[2].line, 6);
    assert!(records.iter().all(|r| !r.portal_only));
}

#[test]
fn without_ttl_the_last_one_stated_holds() {
    let records = parse("a 300 A 203.0.113.1\nb A 203.0.113.2\n", "example.vn").unwrap();
    assert_eq!((records[0].ttl, records[1].ttl), (Some(300), Some(300)));
    assert_eq!(one("a A 203.0.113.1").ttl, None, "no TTL anywhere: none");
    assert_eq!(one("a IN 1h30m A 203.0.113.1").ttl, Some(5400), "class and TTL in either order");
    assert_eq!(ttl("1w"), Some(604_800));
    assert_eq!((ttl("abc"), ttl("99999999999"), ttl("")), (None, None, None));
}

#[test]
fn txt_quoting_escapes_and_several_strings() {
    let record = one(r#"@ TXT "v=spf1 include:_spf.example.vn ~all" ; a comment"#);
    assert_eq!(record.content, "v=spf1 include:_spf.example.vn ~all");
    assert_eq!(record.sent_content(), r#""v=spf1 include:_spf.example.vn ~all""#);
    let said = one(r#"say TXT "she said \"hi\"; then \\ left" "\065BC""#);
    assert_eq!(said.content, r#"she said "hi"; then \ leftABC"#, "strings joined, escapes read, ; kept in quotes");
    assert_eq!(said.sent_content(), r#""she said \"hi\"; then \\ leftABC""#);
    let dkim = one("k._domainkey IN TXT ( \"v=DKIM1; k=rsa; \"\n   \"p=MIGf\" )\n");
    assert_eq!((dkim.host.as_str(), dkim.content.as_str()), ("k._domainkey", "v=DKIM1; k=rsa; p=MIGf"));
    assert_eq!(dkim.line, 1, "an entry over lines is where it starts");
    assert_eq!(one("@ TXT \"ý kiến\"").content, "ý kiến", "UTF-8 as it is");
    assert_eq!(txt_text(r#""v=spf1 " "-all""#), "v=spf1 -all");
    assert_eq!(txt_text("plain text"), "plain text");
}

#[test]
fn other_types_soa_and_the_portals_own() {
    let zone = "\
@ IN SOA ns1.example.vn. admin.example.vn. ( 2026010101 7200 3600 1209600 3600 )
_sip._tcp 3600 IN SRV 10 60 5060 sip
@ CAA 0 issue \"letsencrypt.org\"
;portal: shop 3600 IN URL \"https://shop.example.vn/a b\"
; shop 3600 IN FRAME \"not read: only ;portal: lines are\"
";
    let records = parse(zone, "example.vn").unwrap();
    assert_eq!(records.len(), 3, "SOA is the portal's: {records:?}");
    assert_eq!((records[0].priority, records[0].content.as_str()), (Some(10), "60 5060 sip.example.vn."));
    assert_eq!(records[1].content, "0 issue \"letsencrypt.org\"");
    let url = &records[2];
    assert!(url.portal_only);
    assert_eq!(
        (url.host.as_str(), url.kind.as_str(), url.content.as_str()),
        ("shop", "URL", "https://shop.example.vn/a b")
    );
    assert_eq!(url.line, 4);
}

#[test]
fn mistakes_are_refused_with_their_line() {
    assert_eq!(problem("a A 203.0.113.1\n  b TXT \"open\n"), (2, ZoneProblem::OpenQuote));
    assert_eq!(problem("a TXT ( \"x\"\n\n"), (1, ZoneProblem::Parentheses));
    assert_eq!(problem("a TXT \"x\" )"), (1, ZoneProblem::Parentheses));
    assert_eq!(problem("  A 203.0.113.1"), (1, ZoneProblem::NoOwner));
    assert_eq!(problem("\n\nwww 300 IN"), (3, ZoneProblem::NoType));
    assert_eq!(problem("$TTL soon"), (1, ZoneProblem::Ttl("soon".into())));
    assert_eq!(problem("a CH A 203.0.113.1"), (1, ZoneProblem::Class("CH".into())));
    assert_eq!(problem("$INCLUDE other.zone"), (1, ZoneProblem::Directive("$INCLUDE".into())));
    assert_eq!(problem("www.other.vn. A 203.0.113.1"), (1, ZoneProblem::OutsideZone("www.other.vn.".into())));
    assert_eq!(problem("$ORIGIN other.vn.\nwww A 203.0.113.1").0, 2, "the origin moved out of the domain");
    assert!(matches!(problem("@ MX mail.example.vn.").1, ZoneProblem::Data { .. }));
    assert_eq!(problem("@ MX 70000 mail"), (1, ZoneProblem::Number("70000".into())));
    assert!(matches!(problem("@ A").1, ZoneProblem::Data { .. }));
    let slip = ZoneProblem::NoFinalDot { name: "mail.example.vn".into(), whole: "mail.example.vn.example.vn.".into() };
    assert_eq!(problem("@ MX 10 mail.example.vn"), (1, slip.clone()));
    assert_eq!(problem("\nmail.example.vn A 203.0.113.1"), (2, slip));
    assert!(matches!(problem("$ORIGIN example.vn").1, ZoneProblem::NoFinalDot { .. }));
    assert_eq!(parse_any("\u{feff}www A 203.0.113.1", "example.vn").unwrap()[0].host, "www", "a BOM is no name");
}

#[test]
fn json_as_exported_and_as_people_write_it() {
    let json = r#"{"domain": "example.vn", "records": [
        {"name": "@", "type": "a", "ttl": 3600, "content": "203.0.113.1"},
        {"name": "www.example.vn.", "type": "CNAME", "ttl": "300", "content": "example.vn"},
        {"name": "mail", "type": "MX", "priority": 10, "content": "mail"},
        {"name": "@", "type": "TXT", "content": "\"v=spf1 -all\""},
        {"name": "shop", "type": "URL", "ttl": 0, "content": "https://shop.example.vn/"}
    ]}"#;
    let records = parse_any(json, "example.vn").unwrap();
    let short: Vec<(&str, &str, Option<u32>, &str, bool)> =
        records.iter().map(|r| (r.host.as_str(), r.kind.as_str(), r.ttl, r.content.as_str(), r.portal_only)).collect();
    assert_eq!(
        short,
        [
            ("@", "A", Some(3600), "203.0.113.1", false),
            ("www", "CNAME", Some(300), "example.vn.", false),
            ("mail", "MX", None, "mail.example.vn.", false),
            ("@", "TXT", None, "v=spf1 -all", false),
            ("shop", "URL", None, "https://shop.example.vn/", true),
        ]
    );
    assert_eq!(records[2].priority, Some(10));
    assert_eq!(parse_any("[]", "example.vn").unwrap(), []);
    let bad = parse_json(r#"[{"name": "x", "content": "1"}]"#, "example.vn").unwrap_err();
    assert_eq!((bad.line, bad.problem), (1, ZoneProblem::Json("no \"type\"".into())));
    let outside = parse_json(r#"[{"name": "a.other.vn.", "type": "A", "content": "1"}]"#, "example.vn").unwrap_err();
    assert!(matches!(outside.problem, ZoneProblem::OutsideZone(_)));
}

#[test]
fn host_names_as_portals_hold_them() {
    assert_eq!(fqdn("Mail.Example.VN", "example.vn"), "mail.example.vn.");
    assert_eq!(fqdn("mail", "example.vn."), "mail.example.vn.");
    assert_eq!(fqdn("@", "example.vn"), "example.vn.");
    assert_eq!(fqdn("ghs.google.com.", "example.vn"), "ghs.google.com.");
}

#[test]
fn an_escaped_dot_is_one_label_holding_a_dot_and_refused() {
    let dotted = |written: &str| ZoneProblem::DottedLabel(written.into());
    assert_eq!(problem("a\\.b A 203.0.113.1"), (1, dotted("a\\.b")));
    assert_eq!(problem("\nx\\046y TXT \"t\""), (2, dotted("x\\046y")));
    assert_eq!(problem("www CNAME host\\.name.example.org."), (1, dotted("host\\.name.example.org.")));
    assert_eq!(problem("$ORIGIN sub\\.x.example.vn."), (1, dotted("sub\\.x.example.vn.")));
    // Other escapes are what they stand for, and a dot in text is text.
    let records = parse_any("a\\-b A 203.0.113.1\n@ TXT \"a\\.b\"", "example.vn").unwrap();
    assert_eq!((records[0].host.as_str(), records[1].content.as_str()), ("a-b", "a.b"));
}
