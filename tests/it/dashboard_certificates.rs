//! The certificates screen as a list: every SSL service the portal lists, grouped by where
//! its certificate stands, its expiry flagged; `Enter` opens a certificate's detail, the
//! filter narrows the list, `s` saves the issued certificate (never over a file) and `S`
//! the CSR; every listed certificate is on the radar, a watched one once; a portal without
//! the list (or whose list fails) keeps the lookup by id and says so once.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::{PromptKind, Screen};
use portal_tui::demo::{DemoOptions, Fault, FaultRule, RESELLER_HOST};
use portal_tui::radar::{Flag, Kind, Watchlist};
use ratatui::style::Color;
use support::harness::Harness;
use support::screen::assert_screens;

async fn on_certificates() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('5')).await;
    assert!(h.app.profile().screens.certificates.browse.loaded, "the list was read at sign-in");
    h.demo.reset_traffic();
    h
}

/// The rows of the list as shown: group headers and domains, in order.
fn rows(h: &Harness) -> Vec<String> {
    let view = &h.app.profile().screens.certificates.browse;
    view.list
        .rows
        .iter()
        .map(|row| match row {
            portal_tui::app::screens::domains::Row::Group { status, count } => format!("{status} ({count})"),
            portal_tui::app::screens::domains::Row::Record(i) => view.items[*i].service.domain.clone(),
        })
        .collect()
}

fn requests(h: &Harness, wanted: &str) -> usize {
    h.demo.requests().iter().filter(|r| *r == wanted).count()
}

/// Clears the prompt's text (it starts with a file name) and types `text`, then Enter.
async fn type_over(h: &mut Harness, text: &str) {
    for _ in 0..60 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys(text).await;
    h.key(KeyCode::Enter).await;
}

#[tokio::test]
async fn the_list_groups_certificates_by_where_they_stand_and_flags_their_expiry() {
    let mut h = on_certificates().await;
    assert_eq!(
        rows(&h),
        ["Expiring soon (1)", "phosaigon.vn", "Expired (1)", "caphesuada.vn", "Pending (1)", "example.vn",]
    );
    let terminal = h.render(80, 24);
    let buffer = terminal.backend().buffer();
    let text = support::screen::text(&terminal);
    let cell = |needle: &str| {
        let y = text.lines().position(|l| l.contains(needle)).unwrap_or_else(|| panic!("{needle} in\n{text}"));
        let line = text.lines().nth(y).unwrap();
        let x = line[..line.find(needle).unwrap()].chars().count();
        buffer[(x as u16, y as u16)].fg
    };
    assert_eq!(cell("25d "), Color::Yellow, "within 30 days: amber");
    assert_eq!(cell("-35d"), Color::Red, "expired: red");
    assert_eq!(cell("2026-10-17"), Color::Red);
    assert!(text.contains(" Pending "), "a certificate not issued yet says so, as `Issued` is written:\n{text}");
    assert_screens!(h, "certificates_list_en");
    h.key(KeyCode::Char('L')).await;
    let vi = h.screen_text(80, 24);
    assert!(vi.contains("Sắp hết hạn (1)") && vi.contains("Đang chờ cấp"), "{vi}");
    assert_screens!(h, "certificates_list_vi");
}

#[tokio::test]
async fn enter_opens_the_certificate_and_esc_comes_back_to_the_list() {
    let mut h = on_certificates().await;
    h.key(KeyCode::Enter).await;
    let view = &h.app.profile().screens.certificates;
    assert!(view.open && view.detail_shown());
    assert_eq!(view.certificate.as_ref().map(|c| c.id.as_str()), Some("3302"), "the first row: phosaigon.vn");
    assert_eq!(requests(&h, "GET /certificate/3302"), 1, "its own answer is read");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Certificate #3302 — phosaigon.vn") && shown.contains("Esc back"), "{shown}");
    assert!(shown.contains("s: save the issued certificate (PEM)"), "{shown}");
    h.key(KeyCode::Esc).await;
    assert!(!h.app.profile().screens.certificates.detail_shown());
    assert_eq!(h.app.profile().screen, Screen::Certificates);
    // Another one: its detail, from the top, not the last one's.
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Enter).await;
    let view = &h.app.profile().screens.certificates;
    assert_eq!(view.certificate.as_ref().map(|c| c.domain.as_str()), Some("caphesuada.vn"));
    assert_eq!(view.scroll.offset(), 0);
    // The watch keys act on the selected row in the list, and on the certificate shown.
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('a')).await;
    assert_eq!(h.app.profile().screens.radar.list.certificates, [3303], "the selected row is watched");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("★ caphesuada.vn") && shown.contains("  phosaigon.vn"), "watched ones are marked:\n{shown}");
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('d')).await;
    assert!(h.app.profile().screens.radar.list.certificates.is_empty(), "the one shown is not watched any more");
}

#[tokio::test]
async fn f_and_slash_filter_the_list_in_either_language() {
    let mut h = on_certificates().await;
    h.key(KeyCode::Char('f')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::Filter));
    h.keys("caphe").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(rows(&h), ["Expired (1)", "caphesuada.vn"]);
    assert!(h.screen_text(80, 24).contains("“caphe”: 1 of 3"), "{}", h.screen_text(80, 24));
    h.key(KeyCode::Esc).await;
    assert_eq!(rows(&h).len(), 6, "Esc clears the filter");
    // `/` filters too where the portal lists certificates; a state filters in Vietnamese.
    h.key(KeyCode::Char('/')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::Filter));
    h.keys("hết hạn").await;
    assert_eq!(rows(&h), ["Expiring soon (1)", "phosaigon.vn", "Expired (1)", "caphesuada.vn"]);
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('/')).await;
    h.keys("3301").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    let view = &h.app.profile().screens.certificates;
    assert_eq!(view.certificate.as_ref().map(|c| c.id.as_str()), Some("3301"), "an id narrows to it; Enter opens it");
}

#[tokio::test]
async fn s_saves_the_issued_certificate_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_certificates().await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('s')).await;
    let prompt = h.app.shell.prompt.as_ref().expect("where to save it");
    assert_eq!((prompt.kind, prompt.input.value()), (PromptKind::SaveCertificate, "phosaigon.vn.crt"));
    let path = dir.path().join("phosaigon.vn.crt");
    type_over(&mut h, path.to_str().unwrap()).await;
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.starts_with("-----BEGIN CERTIFICATE-----\n") && saved.ends_with("-----END CERTIFICATE-----\n"));
    assert_eq!(h.app.profile().info.as_deref(), Some(format!("saved to {}", path.display()).as_str()));
    assert_eq!(requests(&h, "GET /certificate/3302/crt"), 1);

    // Again to the same file: said, left as it is, nothing downloaded.
    std::fs::write(&path, "mine\n").unwrap();
    h.key(KeyCode::Char('s')).await;
    type_over(&mut h, path.to_str().unwrap()).await;
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine\n");
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.contains("exists: it was left as it is and nothing was saved"), "{error}");
    assert_eq!(requests(&h, "GET /certificate/3302/crt"), 1, "nothing downloaded for a file that is there");
    assert!(h.app.shell.prompt.is_none(), "no question of replacing it");

    // S saves the CSR, as before.
    h.key(KeyCode::Char('S')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::SaveCsr));
    let csr = dir.path().join("phosaigon.vn.csr");
    type_over(&mut h, csr.to_str().unwrap()).await;
    assert!(std::fs::read_to_string(&csr).unwrap().starts_with("-----BEGIN CERTIFICATE REQUEST-----"));

    // A certificate not issued yet has nothing to save: said, no prompt, nothing asked.
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::End).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.certificates.id, Some(3301));
    let hints = h.screen_text(80, 24);
    assert!(!hints.contains("s save ") && hints.contains("S save CSR"), "{hints}");
    h.key(KeyCode::Char('s')).await;
    assert!(h.app.shell.prompt.is_none());
    let said = h.app.profile().info.clone().unwrap_or_default();
    assert_eq!(said, "Certificate #3301 has not been issued yet: there is no certificate to save.");
    assert_eq!(requests(&h, "GET /certificate/3301/crt"), 0);
}

#[tokio::test]
async fn every_listed_certificate_is_on_the_radar_once_and_opens_from_it() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let reseller = h.demo_profile("reseller", RESELLER_HOST);
    let watch = Watchlist { certificates: vec![4401], ..Watchlist::default() };
    let mut h = h.with_profiles(vec![reseller]).watching(watch, None);
    let start = h.app.start();
    h.run(start).await;
    let certificates: Vec<(String, Vec<Flag>)> = h
        .app
        .profile()
        .screens
        .radar
        .items
        .iter()
        .filter(|i| i.kind == Kind::Certificate)
        .map(|i| (i.id.to_string(), i.flags.clone()))
        .collect();
    assert_eq!(
        certificates,
        [
            ("4403".to_owned(), vec![Flag::ExpiresSoon]),
            ("4401".to_owned(), vec![]),
            ("4402".to_owned(), vec![Flag::Pending])
        ],
        "the watched one once, the listed ones beside it"
    );
    // A listed certificate nobody watches opens from the radar: read, then shown.
    h.key(KeyCode::Char('7')).await;
    let at = h.app.profile().screens.radar.items.iter().position(|i| i.kind == Kind::Certificate && i.id == "4403");
    for _ in 0..at.unwrap() {
        h.key(KeyCode::Down).await;
    }
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screen, Screen::Certificates);
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Certificate #4403 — khachhang-danang.vn"), "{shown}");
}

#[tokio::test]
async fn a_portal_without_the_list_keeps_the_lookup_by_id_and_says_so_once() {
    // The seed's routes only: `GET /certificate` is not a route there.
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('5')).await;
    assert!(h.app.profile().error.is_none(), "not offered is no error");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("this portal does not offer the SSL certificate list"), "{shown}");
    assert!(shown.contains("Press / and type a certificate id"), "{shown}");
    assert!(shown.contains("/ lookup"), "{shown}");
    h.key(KeyCode::Char('r')).await;
    assert_eq!(requests(&h, "GET /certificate"), 1, "not asked again");
    h.lookup("3301").await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Certificate #3301 — example.vn") && !shown.contains("Esc back"), "{shown}");
    assert_eq!(shown.matches("does not offer").count(), 0, "said once, where the list would be");

    // A portal answering 404 to the list: the same.
    let faults = vec![FaultRule::on(Fault::NotFound, "/certificate").times(1)];
    let mut h = Harness::with_options(DemoOptions { faults, ..DemoOptions::default() }).await;
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('5')).await;
    assert!(h.app.profile().error.is_none());
    assert!(h.screen_text(80, 24).contains("this portal does not offer the SSL certificate list"));
    h.lookup("3302").await;
    assert_eq!(h.app.profile().screens.certificates.certificate.as_ref().map(|c| c.id.as_str()), Some("3302"));
}

#[tokio::test]
async fn a_list_that_fails_is_an_error_and_the_lookup_by_id_still_works() {
    let faults = vec![FaultRule::on(Fault::Html500, "/certificate")];
    let mut h = Harness::with_options(DemoOptions { faults, ..DemoOptions::default() }).await;
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('5')).await;
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.contains("SSL certificate list"), "{error}");
    h.demo.set_faults(Vec::new());
    h.lookup("3303").await;
    assert_eq!(h.app.profile().screens.certificates.certificate.as_ref().map(|c| c.id.as_str()), Some("3303"));
    // `r` asks for the list again: it comes, and the certificate looked up stays open on it.
    h.key(KeyCode::Char('r')).await;
    let view = &h.app.profile().screens.certificates;
    assert!(view.browse.loaded && view.detail_shown());
    h.key(KeyCode::Esc).await;
    assert_eq!(rows(&h).len(), 6, "Esc shows the list");
}

/// A certificate both watched and listed is on the radar once; one whose watched lookup
/// failed is shown as the list has it, not as a failure.
#[test]
fn a_listed_certificate_is_shown_once_and_stands_in_for_a_failed_lookup() {
    use portal_tui::api::models::{Certificate, SslService};
    use portal_tui::radar::{Found, build};
    let ssl = |id: &str, expires: &str| SslService {
        id: id.into(),
        domain: format!("{id}.vn"),
        status: "Active".into(),
        cert_status: "Issued".into(),
        cert_expires: expires.into(),
        ..SslService::default()
    };
    let listed = [ssl("3302", "2026-12-16"), ssl("3303", "2027-06-01")];
    let watched = Certificate { id: "3303".into(), cert_expires: "2027-06-01".into(), ..Certificate::default() };
    let found = [
        Found::Certificate(3302, Err("timed out".into())),
        Found::Certificate(3303, Ok(&watched)),
        Found::Certificates(listed.iter().collect()),
    ];
    let items = build(&found, support::harness::TODAY, 30);
    let summary: Vec<(&str, Vec<Flag>, bool)> =
        items.iter().map(|i| (i.id.as_str(), i.flags.clone(), i.error.is_some())).collect();
    assert_eq!(summary, [("3302", vec![Flag::ExpiresSoon], false), ("3303", vec![], false)]);
}
