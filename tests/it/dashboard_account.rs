//! The whole account: the lists the portal offers fill the screens after login (services,
//! domains with their DNS records, invoices), in both languages at 80×24 and 120×40; a
//! portal that answers only the seed's routes says so once per screen and keeps the lookups.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::{Language, Operation};
use portal_tui::app::Screen;
use support::harness::Harness;

/// The screen at 80×24 and 120×40, named `{name}_{lang}_{size}`.
fn snapshots(h: &mut Harness, name: &str) {
    let lang = match h.app.profile().language {
        Language::English => "en",
        Language::Vietnamese => "vi",
    };
    support::screen::assert_screens!(h, format!("{name}_{lang}"));
}

async fn whole_account(language: Language) -> Harness {
    let mut h = Harness::whole_account().await;
    if language == Language::Vietnamese {
        h.key(KeyCode::Char('L')).await;
    }
    h
}

#[tokio::test]
async fn services_list_and_detail_in_both_languages() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = whole_account(language).await;
        h.key(KeyCode::Char('3')).await;
        assert_eq!(h.app.profile().screens.services.browse.items.len(), 8);
        snapshots(&mut h, "services");
        // The suspended e-mail service: its details from GET /service/2209.
        h.key(KeyCode::Char('f')).await;
        h.keys("2209").await;
        h.key(KeyCode::Enter).await;
        h.key(KeyCode::Enter).await;
        assert_eq!(h.app.profile().screens.services.browse.open().map(|s| s.username.as_str()), Some("examplemail"));
        snapshots(&mut h, "service_detail");
    }
}

#[tokio::test]
async fn invoices_unpaid_first_and_one_with_its_items() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = whole_account(language).await;
        h.key(KeyCode::Char('4')).await;
        let first = h.app.profile().screens.invoices.browse.selected().map(|i| i.id.clone());
        assert_eq!(first.as_deref(), Some("90412"), "the overdue unpaid invoice comes first");
        snapshots(&mut h, "invoices");
        h.key(KeyCode::Down).await;
        h.key(KeyCode::Enter).await;
        let open = h.app.profile().screens.invoices.browse.open().unwrap();
        assert_eq!((open.id.as_str(), open.items.len()), ("90441", 2));
        snapshots(&mut h, "invoice_detail");
    }
}

#[tokio::test]
async fn every_domain_is_listed_and_a_registration_shows_its_dns_records() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = whole_account(language).await;
        h.key(KeyCode::Char('2')).await;
        assert!(h.app.profile().screens.domains.listed);
        let view = &h.app.profile().screens.domains;
        assert_eq!(view.registrations().len(), 10, "no name typed: the portal's list");
        let zone_only: Vec<&str> = view.records[10..].iter().map(|r| r.name.as_str()).collect();
        assert_eq!(zone_only, ["comtamsaigon.vn"], "and the name only a hosted zone holds");
        snapshots(&mut h, "domain_list");
        h.key(KeyCode::Enter).await;
        let source = h.app.profile().screens.domains.detail_source().unwrap();
        assert!(matches!(source, portal_tui::api::DnsSource::Registrar(_)), "{source:?}");
        let dns = h.app.profile().screens.domains.dns.get(&source).expect("asked on open").as_ref().unwrap();
        assert_eq!(dns.len(), 6);
        snapshots(&mut h, "domain_dns");
    }
}

#[tokio::test]
async fn from_a_service_one_key_opens_its_upgrades_or_its_certificate() {
    let mut h = whole_account(Language::English).await;
    h.key(KeyCode::Char('3')).await;
    h.key(KeyCode::Char('f')).await;
    h.keys("2207").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('u')).await;
    assert_eq!((h.app.profile().screen, h.app.profile().screens.upgrades.service_id), (Screen::Upgrades, Some(2207)));
    h.key(KeyCode::Char('3')).await;
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('f')).await;
    h.keys("3302").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('c')).await;
    assert_eq!(h.app.profile().screen, Screen::Certificates);
    assert_eq!(h.app.profile().screens.certificates.certificate.as_ref().map(|c| c.id.as_str()), Some("3302"));
}

#[tokio::test]
async fn a_seed_only_portal_says_once_what_it_does_not_offer() {
    let mut h = Harness::logged_in().await;
    let p = h.app.profile();
    for op in [Operation::Balance, Operation::Domains, Operation::Services, Operation::Invoices] {
        assert!(p.not_offered.contains(&op), "{op:?} remembered as not offered");
    }
    assert!(p.error.is_none(), "no error for a route the portal does not have: {:?}", p.error);
    // Asked once: a refresh on these screens asks nothing.
    h.key(KeyCode::Char('3')).await;
    let text = h.render(80, 24).backend().to_string();
    assert!(text.contains("this portal does not offer the service list"), "{text}");
    let commands = h.app.update(portal_tui::app::Msg::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('r'),
        crossterm::event::KeyModifiers::NONE,
    )));
    assert!(commands.is_empty(), "{commands:?}");
    h.key(KeyCode::Char('4')).await;
    let text = h.render(80, 24).backend().to_string();
    assert!(text.contains("this portal does not offer the invoice list"), "{text}");
    // The seed's lookup by name still works.
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    assert_eq!(h.app.profile().screens.domains.records.len(), 2);
    assert!(!h.app.profile().stale.contains(&Screen::Domains));
}

/// `Enter` on a radar item opens it as `Enter` on its own list does: an invoice with its
/// items, a service with its own answer, a domain with its DNS records.
#[tokio::test]
async fn enter_on_the_radar_opens_the_item_with_its_details() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('7')).await;
    for (kind, screen) in [
        (portal_tui::radar::Kind::Invoice, Screen::Invoices),
        (portal_tui::radar::Kind::Service, Screen::Services),
        (portal_tui::radar::Kind::Domain, Screen::Domains),
    ] {
        h.key(KeyCode::Char('7')).await;
        let at = h.app.profile().screens.radar.items.iter().position(|i| i.kind == kind && i.error.is_none()).unwrap();
        let id = h.app.profile().screens.radar.items[at].id.to_string();
        h.key(KeyCode::Home).await;
        for _ in 0..at {
            h.key(KeyCode::Down).await;
        }
        h.key(KeyCode::Enter).await;
        assert_eq!(h.app.profile().screen, screen);
        let p = h.app.profile();
        match kind {
            portal_tui::radar::Kind::Invoice => {
                let open = p.screens.invoices.browse.open().unwrap();
                assert_eq!(open.id, id);
                assert!(!open.items.is_empty(), "GET /invoice/{id} was asked for");
            }
            portal_tui::radar::Kind::Service => {
                assert_eq!(p.screens.services.browse.open().unwrap().id, id);
                let asked = format!("GET /service/{id}");
                assert!(h.demo.requests().contains(&asked), "{asked} was asked for");
            }
            _ => {
                assert_eq!(p.screens.domains.detail_record().unwrap().id, id);
                let source = p.screens.domains.detail_source().unwrap();
                assert!(p.screens.domains.dns.contains_key(&source), "its DNS records were asked for");
            }
        }
        h.key(KeyCode::Esc).await;
    }
}

#[tokio::test]
async fn people_read_words_phone_numbers_and_currencies_not_the_portals_keys() {
    for language in [Language::English, Language::Vietnamese] {
        let mut h = whole_account(language).await;
        let (currency, phone, first_name, vnd) = match language {
            Language::English => ("Currency", "Phone", "First name", "540,000 VND"),
            Language::Vietnamese => ("Tiền tệ", "Điện thoại", "Tên", "540.000 ₫"),
        };
        let account = h.screen_text(120, 40);
        // The currency by its code (the account names it), not by its id.
        assert!(account.lines().any(|l| l.contains(currency) && l.contains("VND")), "{account}");
        assert!(!account.contains("currency_id") && !account.contains(&format!("{currency} (")), "{account}");
        assert!(account.lines().any(|l| l.contains(phone) && l.contains("+84 903 123 456")), "{account}");
        h.key(KeyCode::Char('5')).await;
        // The portal lists its certificates: `/` filters the list to the one, Enter opens it.
        h.lookup("3301").await;
        h.key(KeyCode::Enter).await;
        let certificate = h.screen_text(120, 60);
        for key in ["FName", "EmailAddress", "PreFix"] {
            assert!(!certificate.contains(key), "{key} in\n{certificate}");
        }
        assert!(certificate.contains(first_name), "{certificate}");
        assert!(certificate.lines().any(|l| l.contains(phone) && l.contains("+84 903 123 456")), "{certificate}");
        // The upgrade's title names the service and its domain.
        h.key(KeyCode::Char('6')).await;
        h.lookup("2207").await;
        let upgrades = h.screen_text(120, 40);
        assert!(upgrades.contains("Cloud VPS VN-2 (phosaigon.vn) #2207"), "{upgrades}");
        assert!(upgrades.contains(vnd), "{upgrades}");
        for screen in ['2', '3'] {
            h.key(KeyCode::Char(screen)).await;
            let list = h.screen_text(120, 40);
            let amount = if screen == '2' { vnd.replace("540", "480") } else { vnd.to_owned() };
            assert!(list.contains(&amount), "amounts in the account's currency:\n{list}");
        }
    }
}

#[tokio::test]
async fn a_portal_without_account_details_opens_the_dashboard_and_says_so() {
    use portal_tui::api::AuthMethod;
    use portal_tui::demo::{DemoOptions, FaultRule};
    for (auth, language) in [(AuthMethod::Jwt, Language::English), (AuthMethod::Basic, Language::Vietnamese)] {
        // A DNS-only portal: everything but `GET /details`.
        let faults = vec!["404@GET/details".parse::<FaultRule>().unwrap()];
        let mut h = Harness::with_options(DemoOptions { faults, ..DemoOptions::default() }).await;
        let partial = portal_tui::config::settings::Partial {
            auth,
            language,
            ..h.demo_profile("dns", portal_tui::demo::CLIENT_HOST)
        };
        h.app = portal_tui::app::App::new(portal_tui::app::LoginForm::new(partial, None), support::harness::TODAY);
        let start = h.app.start();
        h.run(start).await;
        let p = h.app.profile();
        assert_ne!(p.screen, Screen::Login, "{auth:?}: signed in, not back on the form: {:?}", p.login.error);
        assert!(p.not_offered.contains(&Operation::Details));
        assert!(p.error.is_none(), "{:?}", p.error);
        h.key(KeyCode::Char('1')).await;
        let shown = h.screen_text(80, 24);
        let said = match language {
            Language::English => "This portal does not offer account details (GET /details)",
            Language::Vietnamese => "Cổng này không cung cấp thông tin tài khoản (GET /details)",
        };
        let joined: String = shown.lines().map(|l| l.trim_matches(['│', ' '])).collect::<Vec<_>>().join(" ");
        assert!(joined.contains(said), "{shown}");
        let unpaid = if language == Language::English { "Unpaid" } else { "Còn nợ" };
        assert!(shown.contains(unpaid), "the balance it offers: {shown}");
        // (the session's countdown, a moving figure, left out)
        let still: Vec<&str> = shown.lines().take(23).collect();
        insta::assert_snapshot!(format!("no_details_{language:?}_80x24"), still.join("\n"));
        // What it offers is on its screens.
        h.key(KeyCode::Char('2')).await;
        assert!(h.screen_text(80, 24).contains("example.vn"));
        // `r` asks nothing of the route it lacks.
        h.key(KeyCode::Char('1')).await;
        h.demo.reset_traffic();
        h.key(KeyCode::Char('r')).await;
        assert!(!h.demo.requests().iter().any(|r| r.contains("/details")), "{:?}", h.demo.requests());
    }
}
