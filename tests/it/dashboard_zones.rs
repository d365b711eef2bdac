//! Hosted DNS zones in the dashboard against the demo portal: a registration whose name has
//! a zone shows (and changes) the zone's records, said so; a name that is only a zone is
//! listed, found by `/` and opened; its records are changed through the confirmation, sent
//! once, read again; a portal without `GET /dns` says so once, in the detail, and keeps the
//! registrar's records; on a detail the moves (End, G, PgDn, PgUp, Home) move the record
//! selection as the help says. Snapshots of a zone's detail at 80×24 and 120×40 in English
//! and Vietnamese.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::models::ZoneRef;
use portal_tui::api::{DnsSource, Language};
use portal_tui::demo::{DemoOptions, Fault, FaultRule, RESELLER_HOST};
use support::harness::Harness;

const DALAT: DnsSource = DnsSource::Zone(ZoneRef { service_id: 2230, zone_id: 61 });
const COMTAM: DnsSource = DnsSource::Zone(ZoneRef { service_id: 2230, zone_id: 62 });

/// The open detail's records as `host type content`.
fn dns_lines(h: &Harness) -> Vec<String> {
    let view = &h.app.profile().screens.domains;
    let records = view.listed_dns().unwrap_or_default();
    let domain = view.detail_record().map(|r| r.name.to_string()).unwrap_or_default();
    // As the detail shows them: hosts relative to the zone, an SOA in words.
    let content =
        |r: &portal_tui::api::models::DnsRecord| portal_tui::i18n::dns::content(r, portal_tui::api::Language::English);
    let host = |r: &portal_tui::api::models::DnsRecord| portal_tui::api::dns::zone_write::host_of(&r.name, &domain);
    records.iter().map(|r| format!("{} {} {}", host(r), r.kind, content(r))).collect()
}

/// The whole demo account on the Domains screen, `name` filtered to and opened.
async fn open(h: &mut Harness, name: &str) {
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('f')).await;
    h.keys(name).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    let open = h.app.profile().screens.domains.detail_record().map(|r| r.name.to_string());
    assert_eq!(open.as_deref(), Some(name));
}

#[tokio::test]
async fn a_registration_with_a_zone_shows_and_changes_the_zones_records() {
    let mut h = Harness::whole_account().await;
    open(&mut h, "dulichdalat.com").await;
    assert_eq!(h.app.profile().screens.domains.detail_source(), Some(DALAT));
    assert_eq!(dns_lines(&h).len(), 7, "six and the zone's SOA");
    assert!(dns_lines(&h).contains(&"datphong A 103.97.125.19".to_owned()));
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("DNS records (7) — hosted zone (service #2230)"), "{shown}");
    assert!(shown.contains("Autorenew"), "the registration's own settings stay: {shown}");
    let asked = h.demo.requests();
    assert!(!asked.iter().any(|r| r == "GET /domain/5150/dns"), "the registrar's records are not read: {asked:?}");
    h.demo.reset_traffic();

    // A new record: the zone's types, a TTL, confirmed with where it goes.
    h.key(KeyCode::Char('n')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form opens") };
    assert_eq!(form.source, DALAT);
    assert!(form.types.contains(&"CAA".to_owned()), "a zone's types: {:?}", form.types);
    h.keys("tour").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    h.keys("103.97.125.21").await;
    h.key(KeyCode::Tab).await;
    h.keys("300").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some());
    let shown = h.screen_text(80, 24);
    for words in ["dulichdalat.com — hosted zone (service #2230)", "add a record", "POST /service/2230/dns/61/records"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    assert!(h.changes_sent().is_empty(), "nothing is sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2230/dns/61/records"]);
    let cursor = h.app.profile().screens.domains.dns_cursor;
    assert_eq!(dns_lines(&h)[cursor], "tour A 103.97.125.21", "read again, the new record selected");
    assert!(h.app.profile().info.as_deref().unwrap().starts_with("Done: add a record tour A 103.97.125.21"));

    // And deleted again, from the record selected.
    h.key(KeyCode::Char('x')).await;
    assert!(h.screen_text(80, 24).contains("DELETE /service/2230/dns/61/records/1007"));
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent()[1..], ["DELETE /service/2230/dns/61/records/1007"]);
    assert!(!dns_lines(&h).iter().any(|l| l.starts_with("tour ")), "{:?}", dns_lines(&h));
}

#[tokio::test]
async fn a_name_only_a_zone_holds_is_listed_found_opened_and_changed() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("▾ Hosted zone (1)") && shown.contains("comtamsaigon.vn"), "{shown}");
    // `/` finds it although no registration holds it: no error, the zone selected.
    h.lookup("comtamsaigon.vn").await;
    assert_eq!(h.app.profile().error, None);
    let view = &h.app.profile().screens.domains;
    let selected = view.selected_record().unwrap();
    assert!(view.is_zone_only(selected) && selected.name == "comtamsaigon.vn");
    assert!(!h.app.hinted_actions().contains(&portal_tui::config::keys::Action::Watch), "no expiry to watch");
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.domains.detail_source(), Some(COMTAM));
    assert_eq!(dns_lines(&h)[3], "thucdon A 103.221.220.8", "records sent keyed, in order");
    let shown = h.screen_text(80, 24);
    for words in ["Zone", "#62", "#2230 DNS Hosting Cơ bản", "Not a registration of this account"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    let hints = h.app.hinted_actions();
    assert!(!hints.contains(&portal_tui::config::keys::Action::Renew), "no registration settings: {hints:?}");
    h.demo.reset_traffic();

    h.key(KeyCode::Down).await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char('c')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form opens") };
    assert_eq!((form.content.value(), form.ttl.value()), ("103.221.220.8", "600"));
    h.key(KeyCode::End).await;
    h.key(KeyCode::Backspace).await;
    h.keys("9").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("comtamsaigon.vn — hosted zone (service #2230)"), "{shown}");
    assert!(shown.contains("thucdon A 103.221.220.9 (TTL 600)"), "{shown}");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["PUT /service/2230/dns/62/records/2003"]);
    assert_eq!(dns_lines(&h)[3], "thucdon A 103.221.220.9");
    assert_eq!(h.app.profile().screens.domains.dns_cursor, 3, "the changed record stays selected");
}

#[tokio::test]
async fn a_lost_answer_in_a_zone_is_said_read_again_and_never_sent_twice() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("comtamsaigon.vn").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('x')).await;
    assert!(h.screen_text(80, 24).contains("DELETE /service/2230/dns/62/records/2001"));
    h.demo.reset_traffic();
    h.demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/service").times(1)]);
    h.key(KeyCode::Char('y')).await;
    // Read again, the record is gone: the portal applied it, and says so.
    let said = h.app.profile().info.clone().or(h.app.profile().error.clone()).unwrap_or_default();
    assert!(said.contains("the answer was unclear") && said.contains("Read again"), "{said}");
    assert_eq!(h.changes_sent(), ["DELETE /service/2230/dns/62/records/2001"], "sent once");
    assert_eq!(dns_lines(&h).len(), 4, "read again: the portal applied it, {:?}", dns_lines(&h));
}

#[tokio::test]
async fn a_zones_detail_at_both_sizes_in_both_languages() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = Harness::whole_account().await;
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        h.key(KeyCode::Char('2')).await;
        h.lookup("comtamsaigon.vn").await;
        h.key(KeyCode::Enter).await;
        let lang = if language == Language::English { "en" } else { "vi" };
        support::screen::assert_screens!(h, format!("zone_detail_{lang}"));
        h.key(KeyCode::Esc).await;
        h.key(KeyCode::Char('f')).await;
        h.keys("dulichdalat").await;
        h.key(KeyCode::Enter).await;
        h.key(KeyCode::Enter).await;
        support::screen::assert_screens!(h, format!("registration_zone_{lang}"));
    }
}

#[tokio::test]
async fn the_reseller_portal_lists_its_zone_only_names() {
    let h = Harness::whole_account().await;
    let reseller = h.demo_profile("reseller", RESELLER_HOST);
    let mut h = h.with_profiles(vec![reseller]);
    let commands = h.app.start();
    h.run(commands).await;
    open(&mut h, "banhbeohue.vn").await;
    assert_eq!(
        h.app.profile().screens.domains.detail_source(),
        Some(DnsSource::Zone(ZoneRef { service_id: 6620, zone_id: 72 }))
    );
    let soa = "@ SOA primary server ns1.dns-demo.vn, contact hostmaster.dns-demo.vn, serial 2026112801, \
               refresh 10800, retry 3600, expire 604800, minimum TTL 3600";
    assert_eq!(dns_lines(&h), [soa, "@ A 103.48.192.40", "www CNAME banhbeohue.vn", "@ TXT v=spf1 -all"]);
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Esc).await;
    open(&mut h, "nhahangbienxanh.vn").await;
    assert_eq!(dns_lines(&h)[3], "datban A 103.48.192.32", "a registration's zone, its records keyed");
}

#[tokio::test]
async fn a_portal_without_dns_hosting_says_so_once_and_keeps_the_registrars_records() {
    let options = DemoOptions { faults: vec!["404@/dns".parse::<FaultRule>().unwrap()], ..DemoOptions::default() };
    let mut h = Harness::with_options(options).await;
    let commands = h.app.start();
    h.run(commands).await;
    open(&mut h, "dulichdalat.com").await;
    assert_eq!(h.app.profile().screens.domains.detail_source(), Some(DnsSource::Registrar(5150)));
    assert_eq!(dns_lines(&h).len(), 6, "the registrar's six");
    assert_eq!(h.app.profile().error, None, "not an error");
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("DNS records (6)") && !shown.contains("hosted zone (service"), "{shown}");
    assert!(shown.contains("No hosted DNS zones on this portal: these are the registrar's records."), "{shown}");
    // Refreshed and reopened: not asked again.
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Enter).await;
    let asked = h.demo.requests().iter().filter(|r| *r == "GET /dns").count();
    assert_eq!(asked, 1, "{:?}", h.demo.requests());
    assert_eq!(h.app.profile().screens.domains.zone_only, 0, "no names only a zone holds to list");
}

#[tokio::test]
async fn on_a_detail_the_moves_move_the_record_selection() {
    let mut h = Harness::whole_account().await;
    h.render(80, 24);
    open(&mut h, "phosaigon.vn").await;
    let cursor = |h: &Harness| h.app.profile().screens.domains.dns_cursor;
    assert_eq!((cursor(&h), dns_lines(&h).len()), (0, 6));
    h.key(KeyCode::End).await;
    assert_eq!(cursor(&h), 5, "End: the last record");
    let shown = h.screen_text(80, 24);
    let marked: Vec<&str> = shown.lines().filter(|l| l.contains('▸')).collect();
    assert!(marked.len() == 1 && marked[0].contains("AAAA"), "the last record is drawn selected:\n{shown}");
    h.key(KeyCode::Home).await;
    assert_eq!(cursor(&h), 0, "Home: the first record");
    assert_eq!(h.app.profile().screens.domains.detail_scroll.offset(), 0, "and the detail's top");
    h.keys("G").await;
    assert_eq!(cursor(&h), 5, "G: the last record");
    h.keys("g").await;
    assert_eq!(cursor(&h), 0, "g: the first record");
    // At the detail's top the records are below the view at 80×24: none is selected until
    // a key moves into them, PgDn bringing the one under the cursor into view.
    let selected = |h: &Harness| h.app.profile().screens.domains.dns_selected();
    assert_eq!(selected(&h), None);
    h.key(KeyCode::PageDown).await;
    assert_eq!((cursor(&h), selected(&h)), (0, Some(0)), "PgDn: into the records first");
    h.key(KeyCode::PageDown).await;
    assert_eq!(cursor(&h), 5, "PgDn: a page on (the records are fewer than a page)");
    h.key(KeyCode::Up).await;
    h.key(KeyCode::Up).await;
    assert_eq!(cursor(&h), 3);
    h.key(KeyCode::PageUp).await;
    assert_eq!(cursor(&h), 0, "PgUp: a page back");
    // What the moves selected is what `c` changes.
    h.key(KeyCode::PageDown).await;
    h.key(KeyCode::Char('c')).await;
    let form = h.app.profile().screens.domains.form.as_ref().expect("c edits the selected record");
    assert_eq!(form.content.value(), dns_lines(&h)[5].split(' ').nth(2).unwrap());
}
