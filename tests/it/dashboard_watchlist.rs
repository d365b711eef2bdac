//! Watchlist and radar in the dashboard: every watched item fetched at once after login,
//! the radar shown first, `a` / `d` written back to the config file with comments kept.

use crate::support;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use portal_tui::app::Screen;
use portal_tui::demo::DemoOptions;
use portal_tui::radar::{Flag, Watchlist};
use support::harness::Harness;

fn demo_watchlist() -> Watchlist {
    Watchlist {
        domains: vec!["example.vn".into(), "phosaigon.vn".into(), "caphesuada.vn".into(), "nhasachhanoi.vn".into()],
        certificates: vec![3301, 3302, 3303],
        services: vec![2207],
    }
}

#[tokio::test]
async fn login_fetches_every_watched_item_and_shows_the_radar() {
    let h = Harness::new().await;
    let mut h = h.watching(demo_watchlist(), None);
    let start = h.app.start();
    h.run(start).await;
    assert_eq!(h.app.profile().screen, Screen::Radar);
    let items = &h.app.profile().screens.radar.items;
    assert_eq!(items.len(), 8, "{items:#?}");
    assert_eq!((items[0].name.as_str(), items[0].flags.as_slice()), ("nhasachhanoi.vn", &[Flag::Expired][..]));
    assert_eq!(h.app.profile().screens.upgrades.service_id, Some(2207), "the watched service is on the upgrade screen");
    assert!(h.app.profile().screens.certificates.certificate.is_some());
    insta::assert_snapshot!("radar_80x24", h.screen_text(80, 24));
}

/// Eight watched items (the service twice: its upgrade options and its due date), the
/// balance and the lists (the certificates too), 200 ms per request: all asked for at once,
/// so the dashboard is complete in about two round trips after the login, not fifteen.
#[tokio::test]
async fn the_first_round_after_login_is_concurrent() {
    let options = DemoOptions { latency: Duration::from_millis(200), ..DemoOptions::default() };
    let h = Harness::with_options(options).await;
    let watch = Watchlist {
        domains: vec!["example.vn".into(), "phosaigon.vn".into(), "caphesuada.vn".into(), "nhasachhanoi.vn".into()],
        certificates: vec![3301, 3302, 3303],
        services: vec![2207],
    };
    let mut h = h.watching(watch, None);
    let start = h.app.start();
    h.send(start);
    // The login itself (Basic auth: one account call).
    let first = tokio::time::timeout(Duration::from_secs(5), h.answers.recv()).await.unwrap().unwrap();
    let more = h.app.update(portal_tui::app::Msg::Response(Box::new(first)));
    let began = Instant::now();
    h.run(more).await;
    let took = began.elapsed();
    let p = h.app.profile();
    assert!(
        p.screens.domains.listed
            && p.screens.services.browse.loaded
            && p.screens.invoices.browse.loaded
            && p.screens.account.balance.is_some()
    );
    assert_eq!(p.screens.domains.registrations().len(), 10, "every domain, the watched ones once");
    assert!(p.screens.radar.items.len() > 8, "the radar covers the lists too");
    assert!(took < Duration::from_millis(1200), "17 requests × 200 ms took {took:?}: not concurrent");
    // One round: the login alone, then all sixteen (the tickets, the certificates and the
    // hosted DNS zones too) in flight together; the catalogue is read only once shown.
    assert_eq!(h.demo.requests().len(), 17, "{:?}", h.demo.requests());
    assert!(!h.demo.requests().iter().any(|r| r.starts_with("GET /category")), "no catalogue at sign-in");
    assert_eq!(h.demo.most_in_flight(), 16, "the round after the login went in waves");
}

#[tokio::test]
async fn watch_and_unwatch_write_back_to_the_config() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "# mine\n[profiles.shop]  # the shop\nhost = \"my.example.vn\"\nwatch_domains = []\n")
        .unwrap();
    let h = Harness::new().await;
    let mut h = h.watching(Watchlist::default(), Some((path.clone(), "shop".into())));
    let start = h.app.start();
    h.run(start).await;
    assert_eq!(h.app.profile().screen, Screen::Account, "nothing watched: no radar first");
    h.key(KeyCode::Char('2')).await;
    h.lookup("phosaigon.vn").await;
    h.key(KeyCode::Char('a')).await;
    h.key(KeyCode::Char('5')).await;
    h.lookup("3303").await;
    h.key(KeyCode::Char('a')).await;
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        "# mine\n[profiles.shop]  # the shop\nhost = \"my.example.vn\"\nwatch_domains = [\"phosaigon.vn\"]\n\
         watch_certificates = [3303]\nwatch_services = []\n"
    );
    h.key(KeyCode::Char('7')).await;
    assert_eq!(h.app.profile().screens.radar.items.len(), 2);
    assert_eq!(h.app.profile().screens.radar.items[0].id, "3303", "the expired certificate first");
    h.key(KeyCode::Char('d')).await;
    assert_eq!(h.app.profile().screens.radar.items.len(), 1);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("watch_certificates = []"), "{text}");
    assert!(text.starts_with("# mine\n[profiles.shop]  # the shop\n"), "{text}");
    let said = format!("stopped watching certificate 3303 (saved to {})", path.display());
    assert_eq!(h.app.profile().info.as_deref(), Some(said.as_str()), "what changed and where it is saved");
}

/// Signs in and collects every answer to the watchlist's requests without applying them,
/// then applies them in the given order: the screens must not depend on it.
async fn after_answers_in_order(reverse: bool) -> Harness {
    let h = Harness::new().await;
    let mut h = h.watching(demo_watchlist(), None);
    let start = h.app.start();
    h.send(start);
    // The login's answer (its HTTP exchanges, for the request log, come first).
    let fetches = loop {
        let answer = tokio::time::timeout(Duration::from_secs(10), h.answers.recv()).await.unwrap().unwrap();
        let exchange = matches!(answer.outcome, portal_tui::app::Outcome::Exchanged(_));
        let more = h.app.update(portal_tui::app::Msg::Response(Box::new(answer)));
        if !exchange {
            break more;
        }
    };
    let asked = fetches.len();
    h.send(fetches);
    let mut answers = Vec::new();
    let mut finished = 0;
    while finished < asked {
        let answer = tokio::time::timeout(Duration::from_secs(10), h.answers.recv()).await.unwrap().unwrap();
        if !matches!(answer.outcome, portal_tui::app::Outcome::Exchanged(_)) {
            finished += 1;
        }
        answers.push(answer);
    }
    if reverse {
        answers.reverse();
    }
    for answer in answers {
        let more = h.app.update(portal_tui::app::Msg::Response(Box::new(answer)));
        h.send(more);
    }
    h
}

#[tokio::test]
async fn background_answers_never_choose_what_a_screen_shows() {
    let mut first = after_answers_in_order(false).await;
    let mut second = after_answers_in_order(true).await;
    for h in [&mut first, &mut second] {
        assert_eq!(
            h.app.profile().screens.certificates.id,
            Some(3301),
            "the first watched certificate, in the list's order"
        );
        assert_eq!(h.app.profile().screens.upgrades.service_id, Some(2207));
        let selected = h.app.profile().screens.domains.selected_record().map(|r| (r.name.clone(), r.id.clone()));
        let top = h.app.profile().screens.domains.list.rows.iter().find_map(|row| match row {
            portal_tui::app::screens::domains::Row::Record(i) => Some(&h.app.profile().screens.domains.records[*i]),
            _ => None,
        });
        assert_eq!(selected, top.map(|r| (r.name.clone(), r.id.clone())), "the list opens on its first record");
    }
    h_screen_eq(&mut first, &mut second);
}

fn h_screen_eq(a: &mut Harness, b: &mut Harness) {
    for key in ['2', '5', '6'] {
        let press = |h: &mut Harness| {
            let _ = h.app.update(portal_tui::app::Msg::Key(crossterm::event::KeyEvent::new(
                KeyCode::Char(key),
                crossterm::event::KeyModifiers::NONE,
            )));
            h.screen_text(100, 30)
        };
        assert_eq!(press(a), press(b), "screen {key} is the same whatever order the answers came in");
    }
}

#[tokio::test]
async fn an_unknown_name_is_its_own_error_and_the_list_is_not_stale() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    // A name the portal does not hold is checked for registration; one it fails on is an
    // error of that lookup alone.
    h.lookup("khongtontai.vn").await;
    assert!(h.app.profile().screens.domains.checked.is_some() && h.app.profile().error.is_none());
    h.demo.set_faults(vec![portal_tui::demo::FaultRule::on(portal_tui::demo::Fault::Html500, "/domain/name/")]);
    h.lookup("example.com").await;
    assert!(h.app.profile().stale.is_empty(), "{:?}", h.app.profile().stale);
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.starts_with("example.com: portal answered 500"), "{error}");
    assert!(!h.screen_text(100, 24).contains("stale"));
}

#[tokio::test]
async fn watched_items_are_marked_in_every_list() {
    let h = Harness::new().await;
    let mut h = h.watching(
        Watchlist { domains: vec!["phosaigon.vn".into()], certificates: vec![3301], services: vec![2207] },
        None,
    );
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("example.vn").await;
    let domains = h.screen_text(100, 24);
    assert!(domains.contains("★ phosaigon.vn"), "{domains}");
    assert!(domains.contains("  example.vn") && !domains.contains("★ example.vn"), "{domains}");
    h.key(KeyCode::Char('5')).await;
    assert!(h.screen_text(100, 24).contains("Certificate #3301 — example.vn — ★ watched"));
    h.key(KeyCode::Char('6')).await;
    assert!(h.screen_text(100, 30).contains("★ watched"));
}

/// Narrow and Vietnamese radars: the attention notes are never cut while another column can
/// give way (the status goes first: the notes say the same), and notes that still do not
/// fit end in an ellipsis.
#[tokio::test]
async fn radar_narrow_and_vietnamese() {
    let h = Harness::new().await;
    let mut h = h.watching(demo_watchlist(), None);
    let start = h.app.start();
    h.run(start).await;
    let narrow = h.screen_text(60, 16);
    insta::assert_snapshot!("radar_60x16", narrow);
    h.key(KeyCode::Char('L')).await;
    let vietnamese = h.screen_text(80, 24);
    assert!(vietnamese.contains("sắp hết hạn, không tự gia hạn"), "{vietnamese}");
    assert!(vietnamese.contains("đăng ký cũ (đã gia hạn)"), "{vietnamese}");
    assert!(!vietnamese.contains("…│"), "no note is cut: {vietnamese}");
    insta::assert_snapshot!("radar_vietnamese_80x24", vietnamese);
}
