//! A setting changed on the marked registrations at once (`A`, `K`, `I`, `S` on the list
//! while some are marked): one confirmation naming each with its setting before → after,
//! then one request per registration, each exactly once, through the change protocol;
//! what was done loses its mark, a refusal is said for its item while the rest carry on.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::demo::{Fault, FaultRule};
use support::harness::Harness;

const FIVE: [&str; 5] = ["phosaigon.vn", "caphesuada.vn", "banhmihoian.com.vn", "thoitranghue.vn", "dulichdalat.com"];

async fn on_domains() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    h
}

fn id_of(h: &Harness, name: &str) -> String {
    let view = &h.app.profile().screens.domains;
    view.registrations().iter().find(|r| r.name == name && r.status == "Active").unwrap().id.to_string()
}

async fn mark(h: &mut Harness, names: &[&str]) {
    for name in names {
        let id = id_of(h, name);
        assert!(h.app.profile_mut().screens.domains.select_id(&id));
        h.key(KeyCode::Char(' ')).await;
    }
}

fn marked(h: &Harness) -> Vec<String> {
    let mut names: Vec<String> = h.app.profile().screens.domains.marked().map(|r| r.name.to_string()).collect();
    names.sort();
    names
}

fn rows(h: &Harness) -> Vec<(String, String)> {
    h.app.profile().confirmation.as_ref().expect("a confirmation is open").rows.clone()
}

fn row(rows: &[(String, String)], label: &str) -> String {
    rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no {label}: {rows:?}"))
}

fn autorenew(h: &Harness, name: &str) -> Option<bool> {
    let view = &h.app.profile().screens.domains;
    view.registrations().iter().find(|r| r.name == name && r.status == "Active").unwrap().autorenew
}

/// The requests sent, each with how many times it was.
fn sent_once(h: &Harness, path: &str) -> Vec<String> {
    let sent = h.changes_sent();
    for request in &sent {
        assert_eq!(sent.iter().filter(|r| *r == request).count(), 1, "{request} sent more than once: {sent:?}");
    }
    assert!(sent.iter().all(|r| r.ends_with(path)), "{sent:?}");
    sent
}

#[tokio::test]
async fn five_marked_registrations_are_locked_then_given_autorenew_after_one_confirmation_each() {
    let mut h = on_domains().await;
    mark(&mut h, &FIVE).await;
    h.demo.reset_traffic();
    // The lock of a registration not opened is not known: it is turned on for them all.
    h.key(KeyCode::Char('K')).await;
    let asked = rows(&h);
    assert_eq!(row(&asked, "Change"), "registrar lock → on, 5 registrations, one at a time");
    for name in FIVE {
        assert_eq!(row(&asked, name), "— → on");
    }
    assert!(row(&asked, "Request").ends_with("5 requests, one per registration; Esc stops before the next"));
    assert!(h.changes_sent().is_empty(), "nothing sent before y");
    h.key(KeyCode::Char('y')).await;
    let sent = sent_once(&h, "/reglock");
    let expected: Vec<String> = FIVE.iter().map(|n| format!("PUT /domain/{}/reglock", id_of(&h, n))).collect();
    let mut sorted = sent.clone();
    sorted.sort();
    let mut wanted = expected.clone();
    wanted.sort();
    assert_eq!(sorted, wanted);
    assert!(h.app.profile().error.is_none(), "{:?}", h.app.profile().error);
    assert!(marked(&h).is_empty(), "what was done loses its mark");
    // Each lock was read again after its change: now known on, for every one.
    let locks = &h.app.profile().screens.domains.settings.locks;
    for name in FIVE {
        let id: u64 = id_of(&h, name).parse().unwrap();
        assert_eq!(locks.get(&id), Some(&Ok(true)), "{name}");
    }

    // Autorenew: two of the five are off, so it is turned on; the three on are not sent.
    assert_eq!(autorenew(&h, "phosaigon.vn"), Some(false));
    let radar_before = {
        h.key(KeyCode::Char('7')).await;
        h.screen_text(120, 40)
    };
    assert!(radar_before.contains("no autorenew"), "{radar_before}");
    h.key(KeyCode::Char('2')).await;
    mark(&mut h, &FIVE).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('A')).await;
    let asked = rows(&h);
    assert_eq!(row(&asked, "Change"), "autorenew → on, 2 registrations, one at a time");
    assert_eq!(row(&asked, "phosaigon.vn"), "off → on");
    assert_eq!(row(&asked, "thoitranghue.vn"), "already on: not sent");
    h.key(KeyCode::Char('y')).await;
    let sent = sent_once(&h, "/autorenew");
    assert_eq!(sent.len(), 2, "{sent:?}");
    // The list shows it without `r`, and so does the radar made from it.
    assert_eq!(autorenew(&h, "phosaigon.vn"), Some(true));
    assert_eq!(autorenew(&h, "caphesuada.vn"), Some(true));
    h.key(KeyCode::Char('7')).await;
    let radar = h.screen_text(120, 40);
    let line = |name: &str| radar.lines().find(|l| l.contains(name)).unwrap_or_default().to_owned();
    assert!(!line("phosaigon.vn").contains("no autorenew"), "{radar}");
    // Those already on stay marked: nothing was done to them.
    assert_eq!(marked(&h), ["banhmihoian.com.vn", "dulichdalat.com", "thoitranghue.vn"]);

    // All on now: `A` turns them all off, five requests.
    h.key(KeyCode::Char('2')).await;
    mark(&mut h, &["phosaigon.vn", "caphesuada.vn"]).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('A')).await;
    assert_eq!(row(&rows(&h), "Change"), "autorenew → off, 5 registrations, one at a time");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(sent_once(&h, "/autorenew").len(), 5);
    for name in FIVE {
        assert_eq!(autorenew(&h, name), Some(false), "{name}");
    }
}

#[tokio::test]
async fn a_refusal_in_the_middle_is_said_for_its_item_and_the_rest_carry_on() {
    let mut h = on_domains().await;
    mark(&mut h, &FIVE).await;
    // The third change is refused in words (a clear refusal, nothing applied).
    h.demo.set_faults(vec![FaultRule::always(Fault::Error200).method("PUT").after(2).times(1)]);
    h.demo.reset_traffic();
    h.key(KeyCode::Char('K')).await;
    h.key(KeyCode::Char('y')).await;
    let sent = sent_once(&h, "/reglock");
    assert_eq!(sent.len(), 5, "the two after it are sent too: {sent:?}");
    let third = &sent[2];
    let name = FIVE.iter().find(|n| third.contains(&format!("/{}/", id_of(&h, n)))).expect("one of the five");
    let error = h.app.profile().error.clone().expect("not all done");
    assert!(error.starts_with(&format!("4 of 5 done; not done: {name} (")), "{error}");
    assert_eq!(marked(&h), [name.to_string()], "what was not done stays marked");
}

#[tokio::test]
async fn nameservers_typed_once_are_set_on_every_marked_registration() {
    let mut h = on_domains().await;
    mark(&mut h, &["phosaigon.vn", "caphesuada.vn"]).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('S')).await;
    // They share none: the prompt starts empty.
    assert_eq!(h.app.shell.prompt.as_ref().expect("nameservers asked").input.value(), "");
    h.keys("ns1.hoasen.vn ns2.hoasen.vn").await;
    h.key(KeyCode::Enter).await;
    let asked = rows(&h);
    assert_eq!(row(&asked, "Change"), "nameservers → ns1.hoasen.vn, ns2.hoasen.vn, 2 registrations, one at a time");
    assert!(row(&asked, "phosaigon.vn").ends_with("→ ns1.hoasen.vn, ns2.hoasen.vn"), "{asked:?}");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(sent_once(&h, "/ns").len(), 2);
    assert!(marked(&h).is_empty());
}

#[tokio::test]
async fn id_protection_for_the_marked_says_what_it_may_cost() {
    let mut h = on_domains().await;
    mark(&mut h, &["thoitranghue.vn", "dulichdalat.com"]).await;
    h.key(KeyCode::Char('I')).await;
    let asked = rows(&h);
    assert!(row(&asked, "Price").contains("may charge for ID protection"), "{asked:?}");
    insta::assert_snapshot!("idprotection_marked_confirm_en_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('n')).await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('I')).await;
    insta::assert_snapshot!("idprotection_marked_confirm_vi_80x24", h.render(80, 24).backend());
}
