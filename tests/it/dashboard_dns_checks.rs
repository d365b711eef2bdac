//! The DNS form refuses, before anything is sent, what would break the zone: a CNAME or MX
//! pointing at an IP address, a CNAME at `@`, a CNAME on a host that has other records and
//! a record beside a CNAME; the cursor goes to what to fix, and the words are in the
//! language shown. Driven against the demo portal's first domain (phosaigon.vn: `@` A, `www`
//! CNAME, `mail` A, MX, TXT, AAAA).

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::dns::rules::Part;
use support::harness::Harness;

/// Why the form refused, and where the cursor went.
fn refused(h: &Harness) -> (String, Part) {
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form stays open") };
    (form.error.clone().unwrap_or_default(), form.focus)
}

#[tokio::test]
async fn a_cname_or_mx_at_an_address_and_a_cname_at_the_apex_are_refused() {
    let mut h = Harness::on_first_domain().await;
    h.add_record("shop", Some('c'), "203.0.113.7").await;
    let (error, focus) = refused(&h);
    assert_eq!(
        error,
        "a CNAME record points at a host name, not at an IP address (203.0.113.7): did you mean an A record?"
    );
    assert_eq!(focus, Part::Content);
    assert!(h.app.profile().confirmation.is_none());
    insta::assert_snapshot!("dns_form_cname_at_address_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Esc).await;

    h.add_record("@", Some('c'), "shop.example.net.").await;
    let (error, focus) = refused(&h);
    assert!(error.starts_with("a CNAME cannot be at @"), "{error}");
    assert_eq!(focus, Part::Host);
    h.key(KeyCode::Esc).await;
    // The domain's own name is @ too.
    h.add_record("phosaigon.vn.", Some('c'), "shop.example.net.").await;
    assert!(refused(&h).0.starts_with("a CNAME cannot be at @"), "{:?}", refused(&h));
    h.key(KeyCode::Esc).await;

    h.add_record("@", Some('m'), "2001:db8::25").await;
    // An MX names a mail server, which has the address (said first; the missing priority
    // after it, on a line of its own).
    let (said, _) = refused(&h);
    assert!(said.lines().nth(1).is_some_and(|l| l.contains("needs a priority")), "{said}");
    assert!(
        said.lines()
            .next()
            .unwrap_or_default()
            .ends_with("such as mail.example.vn that has an AAAA record for 2001:db8::25"),
        "{:?}",
        refused(&h)
    );
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn a_cname_stands_alone_on_its_host() {
    let mut h = Harness::on_first_domain().await;
    h.add_record("mail", Some('c'), "mx.example.net.").await;
    let (error, focus) = refused(&h);
    assert_eq!(error, "mail already has other records (A): a CNAME must be the only record of its host");
    assert_eq!(focus, Part::Host);
    h.key(KeyCode::Esc).await;

    h.add_record("www", None, "203.0.113.9").await;
    assert_eq!(refused(&h).0, "www has a CNAME record: no A record can stand beside it (delete the CNAME first)");
    h.key(KeyCode::Esc).await;
    assert!(h.changes_sent().is_empty());

    // The CNAME itself changed in place stands alone: it is put up to confirm.
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char('c')).await;
    h.key(KeyCode::End).await;
    h.keys("net.").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some(), "{:?}", refused(&h));
    h.key(KeyCode::Esc).await;

    // Back from the confirmation to the form, which closes; then in Vietnamese.
    h.key(KeyCode::Esc).await;
    assert!(h.app.profile().screens.domains.form.is_none());
    h.key(KeyCode::Char('L')).await;
    h.add_record("www", Some('t'), "xin chào").await;
    assert_eq!(refused(&h).0, "www đang có bản ghi CNAME: không thể đặt bản ghi TXT bên cạnh (hãy xóa CNAME trước)");
    assert!(h.changes_sent().is_empty(), "{:?}", h.changes_sent());
}
