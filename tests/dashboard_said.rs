//! What the dashboard says is true: a list that failed says so where it would be, a field
//! the portal did not send is not shown as "off", the hints offer what works, and what
//! came of a change names the record it is about.

mod support;

use crossterm::event::KeyCode;
use portal_tui::app::Screen;
use portal_tui::demo::{DemoOptions, Fault, FaultRule};
use support::harness::Harness;

/// Signed in to a portal whose lists answer with a proxy's 502 page, every time.
async fn lists_failing() -> Harness {
    let faults = ["/domain", "/service", "/invoice", "/tickets"].map(|path| FaultRule::on(Fault::Html502, path));
    let mut h = Harness::with_options(DemoOptions { faults: faults.into(), ..DemoOptions::default() }).await;
    let commands = h.app.start();
    h.run(commands).await;
    h
}

#[tokio::test]
async fn a_list_that_failed_says_why_where_it_would_be_and_the_key_to_try_again() {
    let mut h = lists_failing().await;
    let screens = [
        ('2', Screen::Domains, "domain list failed"),
        ('3', Screen::Services, "service list failed"),
        ('4', Screen::Invoices, "invoice list failed"),
        ('9', Screen::Tickets, "support ticket list failed"),
    ];
    for (digit, screen, failed) in screens {
        h.key(KeyCode::Char(digit)).await;
        assert_eq!(h.app.profile().screen, screen);
        // The status line moves on (Esc clears it): the screen still says what happened.
        h.key(KeyCode::Esc).await;
        assert_eq!(h.app.profile().error, None);
        for (w, ht) in [(80, 24), (120, 40)] {
            let text = h.screen_text(w, ht);
            assert!(text.contains(failed) && text.contains("502 Bad Gateway"), "{text}");
            assert!(text.contains("r tries again."), "{text}");
            assert!(!text.contains("Not fetched yet") && !text.contains("No domain looked up yet"), "{text}");
        }
    }
    // The domains screen still says how to look one name up.
    h.key(KeyCode::Char('2')).await;
    assert!(h.screen_text(80, 24).contains("Press / and type a domain name"));

    // `r` tries again; once the portal answers, the list is shown and the failure is gone.
    h.demo.set_faults(Vec::new());
    for (digit, _, failed) in screens {
        h.key(KeyCode::Char(digit)).await;
        h.key(KeyCode::Char('r')).await;
        let text = h.screen_text(120, 40);
        assert!(!text.contains(failed) && !text.contains("tries again"), "{text}");
        assert!(text.contains("Enter opens"), "{text}");
    }
}

#[tokio::test]
async fn a_list_shown_whose_refresh_failed_says_so_under_it() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('3')).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/service")]);
    h.key(KeyCode::Char('r')).await;
    h.key(KeyCode::Esc).await;
    let text = h.screen_text(120, 40);
    assert!(text.contains("Starter Hosting") || text.contains("Cloud VPS"), "the list stays: {text}");
    assert!(text.contains("⚠ r tries again · service list failed: portal answered 502 Bad Gateway"), "{text}");
    let text = h.screen_text(80, 24);
    assert!(text.contains("└ ⚠ r tries again · service list failed: portal answered 502 Bad"), "{text}");
    h.demo.set_faults(Vec::new());
    h.key(KeyCode::Char('r')).await;
    assert!(!h.screen_text(120, 40).contains("service list failed"));
}

#[tokio::test]
async fn a_failed_list_is_said_in_vietnamese_too() {
    let mut h = lists_failing().await;
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('4')).await;
    h.key(KeyCode::Esc).await;
    let text = h.screen_text(80, 24);
    assert!(text.contains("danh sách hóa đơn thất bại") && text.contains("Nhấn r để thử lại."), "{text}");
}
