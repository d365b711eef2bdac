//! The domains screen's `/` with a name that is not the account's: whether it can be
//! registered, asked of the demo portal once (`POST /domain/lookup`, a read: no
//! confirmation), its prices by period in the account's currency, said in place above the
//! list; the account's own names still found in the list; a name no one could register
//! refused before anything is sent; a portal that fails or offers no lookups said so.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::screens::domains::Check;
use portal_tui::demo::{DemoOptions, Fault, FaultRule, RESELLER_HOST};
use support::harness::Harness;

/// Logged in to the whole demo account (its list read), on the Domains screen, traffic
/// forgotten.
async fn on_domains() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    assert!(h.app.profile().screens.domains.listed, "the whole list was read");
    h.demo.reset_traffic();
    h
}

fn lookups_sent(h: &Harness) -> Vec<String> {
    h.demo.requests().into_iter().filter(|r| r.starts_with("POST /domain/lookup")).collect()
}

fn state(h: &Harness) -> Option<Check> {
    h.app.profile().screens.domains.checked.as_ref().map(|c| c.state.clone())
}

#[tokio::test]
async fn a_free_name_is_checked_once_and_priced_by_period() {
    let mut h = on_domains().await;
    h.lookup("BanhCuon.vn").await;
    let checked = h.app.profile().screens.domains.checked.clone().expect("the name is checked");
    assert_eq!(checked.name, "banhcuon.vn");
    assert!(matches!(&checked.state, Check::Answered(found) if found.available && !found.premium), "{checked:?}");
    assert!(h.app.profile().confirmation.is_none(), "a read: nothing to confirm");
    let shown = h.screen_text(80, 24);
    for words in [
        "banhcuon.vn — not a domain of this account",
        "✓ banhcuon.vn is available",
        "Prices of .vn, by period:",
        "1 yr      750,000 VND     480,000 VND",
        "5 yr    2,670,000 VND   2,400,000 VND",
        "portal-tui domain check banhcuon.vn",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    // Drawn again and again, asked once.
    insta::assert_snapshot!("available_en_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("available_en_120x40", h.render(120, 40).backend());
    assert_eq!(lookups_sent(&h), ["POST /domain/lookup"]);
    assert!(h.app.hinted_actions().contains(&portal_tui::config::keys::Action::Back));
    h.key(KeyCode::Char('L')).await;
    let shown = h.screen_text(80, 24);
    for words in ["✓ banhcuon.vn còn trống, có thể đăng ký", "Bảng giá đuôi .vn", "750.000"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("available_vi_80x24", h.render(80, 24).backend());
    insta::assert_snapshot!("available_vi_120x40", h.render(120, 40).backend());
    assert_eq!(lookups_sent(&h).len(), 1, "a language switch asks nothing again");
    // Esc closes it; the list is as it was.
    h.key(KeyCode::Esc).await;
    assert_eq!(state(&h), None);
}

#[tokio::test]
async fn a_taken_name_says_so_and_a_short_one_is_premium() {
    let mut h = on_domains().await;
    h.lookup("tino.vn").await;
    assert!(matches!(state(&h), Some(Check::Answered(found)) if !found.available));
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("✗ tino.vn is taken"), "{shown}");
    assert!(!shown.contains("domain check"), "no way to register a taken name: {shown}");
    insta::assert_snapshot!("taken_en_80x24", h.render(80, 24).backend());
    // The list below keeps its selection in view: the last name, with the panel open.
    let last = h.app.profile().screens.domains.records.last().unwrap().name.to_string();
    assert!(!h.screen_text(80, 24).contains(&last), "{last} below the fold first");
    h.key(KeyCode::End).await;
    assert!(h.screen_text(80, 24).contains(&last), "{last} in view");
    h.lookup("pho.com").await;
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("✓ pho.com is available") && shown.contains("A premium name"), "{shown}");
    assert!(shown.contains("Prices of .com") && shown.contains("299,000.50 VND"), "{shown}");
    assert_eq!(lookups_sent(&h).len(), 2);
}

#[tokio::test]
async fn an_own_name_still_opens_the_domain_and_asks_nothing_of_availability() {
    let mut h = on_domains().await;
    h.lookup("phosaigon.vn").await;
    assert_eq!(state(&h), None);
    assert_eq!(h.app.profile().screens.domains.selected_record().map(|r| r.name.as_str()), Some("phosaigon.vn"));
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.domains.detail_record().map(|r| r.name.as_str()), Some("phosaigon.vn"));
    assert!(lookups_sent(&h).is_empty());
    // A name checked, then one of the account's: the panel goes.
    h.key(KeyCode::Esc).await;
    h.lookup("banhcuon.vn").await;
    assert!(state(&h).is_some());
    h.lookup("PHOSAIGON.vn").await;
    assert_eq!(state(&h), None);
    assert_eq!(lookups_sent(&h).len(), 1);
}

#[tokio::test]
async fn a_name_no_one_could_register_is_refused_before_sending() {
    let mut h = on_domains().await;
    // A character no domain name holds is said before anything else.
    let unregistrable = ": not a name that can be registered";
    for (bad, why) in [
        ("localhost", unregistrable),
        ("-pho.vn", unregistrable),
        ("pho_bo.vn", "A domain name cannot contain '_'"),
        ("203.0.113.5", unregistrable),
    ] {
        h.key(KeyCode::Char('/')).await;
        h.keys(bad).await;
        h.key(KeyCode::Enter).await;
        let prompt = h.app.shell.prompt.as_ref().expect("the prompt stays open");
        let said = prompt.error.clone().unwrap_or_default();
        assert!(said.contains(why), "{bad}: {said}");
        if bad == "localhost" {
            insta::assert_snapshot!("invalid_en_80x24", h.render(80, 24).backend());
        }
        h.key(KeyCode::Esc).await;
    }
    assert_eq!(state(&h), None);
    assert!(h.demo.requests().is_empty(), "nothing sent: {:?}", h.demo.requests());
}

#[tokio::test]
async fn a_failing_portal_is_said_in_place() {
    let mut h = on_domains().await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Error200, "/domain/lookup").times(1)]);
    h.lookup("banhcuon.vn").await;
    let Some(Check::Failed(said)) = state(&h) else { panic!("{:?}", state(&h)) };
    assert!(said.contains("Internal error, please try again later"), "{said}");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("The portal could not say whether banhcuon.vn is available"), "{shown}");
    insta::assert_snapshot!("failed_en_80x24", h.render(80, 24).backend());
    // A route the portal does not have: said as not offered, and not asked again.
    h.demo.set_faults(vec![FaultRule::on(Fault::NotFound, "/domain/lookup")]);
    h.lookup("banhcuon.vn").await;
    assert_eq!(state(&h), Some(Check::NotOffered));
    h.lookup("banhxeo.vn").await;
    assert_eq!(state(&h), Some(Check::NotOffered));
    assert!(h.screen_text(80, 24).contains("This portal does not offer availability checks"));
    assert_eq!(lookups_sent(&h).len(), 2, "once failing, once not offered, then not asked");
}

#[tokio::test]
async fn without_the_list_a_name_the_portal_does_not_hold_is_checked() {
    // The seed's routes only: no list, so the name is looked up first; the portal does not
    // hold it, and has no lookup route either.
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("banhcuon.vn").await;
    let asked = h.demo.requests();
    assert!(asked.iter().any(|r| r == "GET /domain/name/banhcuon.vn"), "{asked:?}");
    assert!(asked.iter().any(|r| r == "POST /domain/lookup"), "{asked:?}");
    assert_eq!(state(&h), Some(Check::NotOffered));
    assert_eq!(h.app.profile().error, None, "not the account's is no error");
    insta::assert_snapshot!("not_offered_en_80x24", h.render(80, 24).backend());
    // One of its names is found as before.
    h.lookup("example.vn").await;
    assert_eq!(state(&h), None);
    assert_eq!(h.app.profile().screens.domains.selected_record().map(|r| r.name.as_str()), Some("example.vn"));
}

#[tokio::test]
async fn an_answer_without_prices_is_priced_by_the_tlds_order() {
    // The reseller's portal says only "ok" of a free name: the prices are its TLD's.
    let h = Harness::with_options(DemoOptions::default()).await;
    let reseller = h.demo_profile("reseller", RESELLER_HOST);
    let mut h = h.with_profiles(vec![reseller]);
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('2')).await;
    h.demo.reset_traffic();
    h.lookup("banhcuon.com.vn").await;
    assert!(matches!(state(&h), Some(Check::Answered(found)) if found.available && found.periods.is_empty()));
    let asked = h.demo.requests();
    assert_eq!(asked, ["POST /domain/lookup", "GET /domain/order"], "the prices read once, after the answer");
    let shown = h.screen_text(80, 24);
    for words in ["✓ banhcuon.com.vn is available", "Prices of .com.vn, by period:", "1 yr      552,500 VND"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    // The prices are kept: the next name asks only whether it is free.
    h.lookup("banhxeo.vn").await;
    assert!(h.screen_text(80, 24).contains("1 yr      637,500 VND"));
    assert_eq!(h.demo.requests().len(), 3, "{:?}", h.demo.requests());
}

#[tokio::test]
async fn a_host_under_the_accounts_own_domain_is_pointed_at_its_dns_not_checked() {
    let mut h = on_domains().await;
    for (lang, said) in [
        ("en", "www.phosaigon.vn is a host under your domain phosaigon.vn — add a DNS record there"),
        ("vi", "www.phosaigon.vn thuộc tên miền phosaigon.vn của bạn — hãy thêm bản ghi DNS ở đó"),
    ] {
        h.lookup("WWW.phosaigon.vn").await;
        let prompt = h.app.shell.prompt.as_ref().expect("the prompt stays open");
        assert_eq!(prompt.error.as_deref(), Some(said));
        insta::assert_snapshot!(format!("host_under_{lang}_120x40"), h.render(120, 40).backend());
        h.key(KeyCode::Esc).await;
        if lang == "en" {
            h.key(KeyCode::Char('L')).await;
        }
    }
    assert_eq!(state(&h), None);
    assert!(lookups_sent(&h).is_empty(), "nothing looked up: {:?}", h.demo.requests());
    // A host under a name the account does not hold is checked, priced by the TLD sold.
    h.key(KeyCode::Char('L')).await;
    h.lookup("www.banhcuon.vn").await;
    assert!(matches!(state(&h), Some(Check::Answered(_))), "{:?}", state(&h));
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("Prices of .vn, by period:") && !shown.contains(".banhcuon.vn, by"), "{shown}");
}
