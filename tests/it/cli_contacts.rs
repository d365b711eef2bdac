//! The account's contacts from the command line, against the demo portal over real HTTP:
//! `contacts show ID`, `contacts add` (what a new contact needs checked before anything is
//! sent, sent once, the new contact read back) and `contacts edit ID` (only the fields that
//! change sent; a field the contact has not refused).

use crate::support;

use portal_tui::demo::DemoPortal;
use serde_json::Value;
use support::cli::{portal_tui, said, started};
use support::jwt_client;

fn received(demo: &DemoPortal, request: &str) -> usize {
    demo.requests().iter().filter(|r| *r == request).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contact_is_added_once_and_read_back() {
    let (demo, state) = started().await;
    let add = |extra: &[&str]| {
        let mut args = vec!["contacts", "add", "--set", "email=kythuat@hoasen-tea.vn", "--set", "firstname=Minh"];
        args.extend_from_slice(extra);
        args.into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let run = |args: Vec<String>| {
        let demo = &demo;
        let path = state.path().to_owned();
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            said(&portal_tui(demo, &path, &args).await)
        }
    };
    // Refused before anything is sent: no last name, a field no contact has, not an email,
    // an email another contact holds.
    let (code, _, err) = run(add(&["--yes"])).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a new contact needs email, firstname, lastname"), "{err}");
    let (code, _, err) = run(add(&["--set", "lastname=Trần", "--set", "nickname=M", "--yes"])).await;
    assert_eq!(code, 2);
    assert!(err.contains("nickname is not a field of a contact"), "{err}");
    let bad = ["contacts", "add", "--set", "email=kythuat", "--set", "firstname=M", "--set", "lastname=T", "--yes"];
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &bad).await);
    assert_eq!(code, 2);
    assert!(err.contains("\"kythuat\" is not an email address"), "{err}");
    let held = ["contacts", "add", "--set", "email=KETOAN@phosaigon.vn", "--set", "firstname=K", "--set", "lastname=T"];
    let (code, _, err) = said(&portal_tui(&demo, state.path(), &held).await);
    assert_eq!(code, 2);
    assert!(err.contains("contact #50 has the email KETOAN@phosaigon.vn already"), "{err}");
    assert_eq!(received(&demo, "POST /contact"), 0);

    // A value may hold commas: each --set is one field.
    let (code, out, err) = run(add(&["--set", "lastname=Trần", "--set", "address1=12 Lê Lợi, Q1", "--yes"])).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("  address1: 12 Lê Lợi, Q1\n"), "{out}");
    assert!(out.contains("contact #51 added: Minh Trần <kythuat@hoasen-tea.vn>"), "{out}");
    assert_eq!(received(&demo, "POST /contact"), 1);
    let listed = jwt_client(&demo).contacts().await.unwrap();
    assert!(listed.iter().any(|c| c.id == "51" && c.email == "kythuat@hoasen-tea.vn"), "{listed:?}");
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &["contacts", "show", "51"]).await);
    assert_eq!(code, 0);
    assert!(out.starts_with("contact #51\n"), "{out}");
    assert!(out.contains("address1     12 Lê Lợi, Q1\n"), "{out}");
    // The same again: held now, refused.
    let (code, _, _) = run(add(&["--set", "lastname=Trần", "--yes"])).await;
    assert_eq!(code, 2);
    assert_eq!(received(&demo, "POST /contact"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contact_is_changed_field_by_field() {
    let (demo, state) = started().await;
    let edit = ["contacts", "edit", "50", "--set", "phonenumber=+84.2838221234", "--set", "city=Hồ Chí Minh"];
    let before = jwt_client(&demo).contact(50).await.unwrap();
    let city = before.iter().find(|(k, _)| k == "city").map(|(_, v)| v.clone()).unwrap();
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &[&edit[..], &["--dry-run"]].concat()).await);
    assert_eq!(code, 0, "{err}");
    // Only what changes is shown and sent.
    assert!(out.contains("phonenumber: “"), "{out}");
    assert_eq!(out.contains("city:"), city != "Hồ Chí Minh", "{out}");
    let (code, out, err) = said(&portal_tui(&demo, state.path(), &[&edit[..], &["--yes"]].concat()).await);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(received(&demo, "PUT /contact/50"), 1);
    let now = jwt_client(&demo).contact(50).await.unwrap();
    assert!(now.iter().any(|(k, v)| k == "phonenumber" && v == "+84.2838221234"), "{now:?}");
    assert!(out.contains("phonenumber"), "read back: {out}");
    // As asked already: nothing sent.
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &[&edit[..], &["--yes"]].concat()).await);
    assert_eq!(code, 0);
    assert!(out.contains("contact #50 is already as asked: nothing sent"), "{out}");
    assert_eq!(received(&demo, "PUT /contact/50"), 1);
    // A field the contact has not, in the user's language.
    let (code, _, err) = said(
        &portal_tui(&demo, state.path(), &["--lang", "vi", "contacts", "edit", "50", "--set", "nickname=K"]).await,
    );
    assert_eq!(code, 2);
    assert!(err.contains("liên hệ #50 không có trường nickname"), "{err}");
    let (code, out, _) = said(&portal_tui(&demo, state.path(), &["contacts", "show", "50", "--json"]).await);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["phonenumber"], "+84.2838221234", "{json}");
}
