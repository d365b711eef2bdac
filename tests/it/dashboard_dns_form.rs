//! The DNS record form as it is typed into and read: priority and TTL take digits only
//! (a letter typed or a paste with letters is left out, and said), a refusal is shown whole
//! however long (80×24 and 120×40, both languages), and an MX pointing at an address is
//! told to name its mail server. Driven against the demo portal's first domain
//! (phosaigon.vn).

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::dns::rules::Part;
use portal_tui::app::Msg;
use support::harness::Harness;

fn form(h: &Harness) -> &portal_tui::app::screens::domains::DnsForm {
    h.app.profile().screens.domains.form.as_deref().expect("the form stays open")
}

/// The text inside the form's box, row by row (what is beside it on the screen left out).
fn inside_form(screen: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    // The form's box is drawn over the screen's: its top-left corner is not in the first
    // column.
    let top = rows.iter().position(|r| r.iter().skip(1).any(|c| *c == '┌'));
    let Some(top) = top else { panic!("no form on the screen:\n{screen}") };
    let left = rows[top].iter().rposition(|c| *c == '┌').unwrap();
    let right = left + rows[top][left..].iter().position(|c| *c == '┐').unwrap();
    rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left) != Some(&'└'))
        .map(|r| r[left + 1..right].iter().collect())
        .collect()
}

/// Every word of `message` is in the form, in its order, none cut off.
fn shown_whole(screen: &str, message: &str) {
    let inside = inside_form(screen).join("\n");
    let shown: Vec<&str> = inside.split_whitespace().collect();
    // Each line of a message is a problem of its own, said after its own mark.
    for said in message.lines() {
        let words: Vec<&str> = said.split_whitespace().collect();
        let found = shown.windows(words.len()).any(|w| w == words.as_slice());
        assert!(found, "{said:?} is not whole in the form:\n{inside}\n\n{screen}");
    }
}

#[tokio::test]
async fn a_cname_at_the_apex_is_refused_in_full_at_every_size_and_in_both_languages() {
    let mut h = Harness::on_first_domain().await;
    h.add_record("@", Some('c'), "shop.example.net.").await;
    let error = form(&h).error.clone().unwrap();
    assert!(error.ends_with("or the CNAME on www)"), "{error}");
    for (width, height) in [(80, 24), (120, 40)] {
        shown_whole(&h.screen_text(width, height), &error);
    }
    insta::assert_snapshot!("dns_form_cname_at_apex_80x24", h.render(80, 24).backend());

    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('L')).await;
    h.add_record("@", Some('c'), "shop.example.net.").await;
    let error = form(&h).error.clone().unwrap();
    assert!(error.starts_with("không thể đặt CNAME tại @"), "{error}");
    for (width, height) in [(80, 24), (120, 40)] {
        shown_whole(&h.screen_text(width, height), &error);
    }
    insta::assert_snapshot!("dns_form_cname_at_apex_vi_80x24", h.render(80, 24).backend());
}

#[tokio::test]
async fn priority_and_ttl_leave_out_what_is_not_a_digit_and_say_so() {
    // A registrar's DNS takes no TTL: its form asks none.
    let mut h = Harness::on_first_domain().await;
    h.key(KeyCode::Char('n')).await;
    assert!(!h.screen_text(80, 24).contains("TTL (seconds)"), "{}", h.screen_text(80, 24));
    h.key(KeyCode::Esc).await;
    // A hosted zone's does.
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('2')).await;
    h.lookup("comtamsaigon.vn").await;
    h.key(KeyCode::Enter).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('n')).await;
    h.keys("@").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Char('m')).await;
    h.key(KeyCode::Tab).await;
    h.keys("mail.phosaigon.vn").await;
    h.key(KeyCode::Tab).await;
    assert_eq!(form(&h).focus, Part::Priority);
    h.keys("1o").await;
    assert_eq!(form(&h).priority.value(), "1");
    assert!(h.screen_text(80, 24).contains("the priority takes digits only: “o” was left out"));
    h.keys("0").await;
    h.key(KeyCode::Tab).await;
    h.keys("ab3600x").await;
    assert_eq!(form(&h).ttl.value(), "3600");
    let screen = h.screen_text(80, 24);
    assert!(screen.contains("TTL (seconds) 3600 "), "{screen}");
    assert!(screen.contains("the TTL takes digits only: “x” was left out"), "{screen}");
    insta::assert_snapshot!("dns_form_ttl_digits_only_80x24", h.render(80, 24).backend());

    // A paste with anything but digits is left out whole, and said.
    h.key(KeyCode::Char('0')).await;
    assert!(h.app.update(Msg::Paste("1h".into())).is_empty());
    assert_eq!(form(&h).ttl.value(), "36000");
    assert!(h.screen_text(120, 40).contains("the TTL takes digits only: “1h” was left out"));
    h.key(KeyCode::Backspace).await;
    assert!(h.app.update(Msg::Paste(" 7 ".into())).is_empty());
    assert_eq!(form(&h).ttl.value(), "36007");

    // What is left is a record to confirm.
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some(), "{:?}", form(&h).error);
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Esc).await;
    assert!(h.app.profile().screens.domains.form.is_none());

    // In Vietnamese, on a new A record's TTL.
    h.key(KeyCode::Char('L')).await;
    h.key(KeyCode::Char('n')).await;
    for _ in 0..3 {
        h.key(KeyCode::Tab).await;
    }
    assert_eq!(form(&h).focus, Part::Ttl);
    h.keys("6z").await;
    assert_eq!(form(&h).ttl.value(), "6");
    assert!(h.screen_text(80, 24).contains("thời gian lưu (TTL) chỉ nhận chữ số: đã bỏ qua “z”"));
    assert!(h.demo.requests().iter().all(|r| r.starts_with("GET")), "nothing sent");
}

#[tokio::test]
async fn an_mx_at_an_address_is_told_to_name_its_mail_server() {
    let mut h = Harness::on_first_domain().await;
    h.add_record("@", Some('m'), "1.2.3.4").await;
    // No priority was typed either: that is said too, on a line of its own after.
    let error = form(&h).error.clone().unwrap();
    let (error, also) = error.split_once('\n').expect("two problems");
    assert_eq!(
        error,
        "an MX record points at a mail server's host name, not at an IP address (1.2.3.4): \
         name a host such as mail.example.vn that has an A record for 1.2.3.4"
    );
    assert_eq!(also, "an MX record needs a priority (lower is preferred)");
    assert_eq!(form(&h).focus, Part::Content);
    shown_whole(&h.screen_text(80, 24), error);
    h.key(KeyCode::Esc).await;

    h.add_record("@", Some('m'), "mail server").await;
    let said = form(&h).error.clone().unwrap_or_default();
    assert_eq!(said.lines().next(), Some("an MX record needs a host name, not \"mail server\""));
    h.key(KeyCode::Esc).await;

    h.key(KeyCode::Char('L')).await;
    h.add_record("@", Some('m'), "1.2.3.4").await;
    let error = form(&h).error.clone().unwrap();
    assert!(error.contains("máy chủ thư") && error.contains("có bản ghi A trỏ tới 1.2.3.4"), "{error}");
    shown_whole(&h.screen_text(120, 40), &error);
    assert!(h.demo.requests().iter().all(|r| r.starts_with("GET")), "nothing sent");
}

#[tokio::test]
async fn every_problem_of_the_form_is_said_at_once_the_cursor_on_the_first() {
    let mut h = Harness::on_first_domain().await;
    // A host that is no host name, no content, an MX without a priority.
    h.key(KeyCode::Char('n')).await;
    h.keys("a b").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Char('m')).await;
    h.key(KeyCode::Enter).await;
    let error = form(&h).error.clone().expect("refused");
    let said: Vec<&str> = error.lines().collect();
    assert_eq!(said.len(), 3, "{error}");
    assert!(said[0].starts_with("host \"a b\" is not a host name"), "{error}");
    assert_eq!(said[1], "the content is empty");
    assert!(said[2].contains("needs a priority"), "{error}");
    assert_eq!(form(&h).focus, Part::Host, "the cursor on the first");
    // Each is on the screen whole, each with its own mark.
    for (width, height) in [(80, 24), (120, 40)] {
        let screen = h.screen_text(width, height);
        for one in &said {
            shown_whole(&screen, one);
        }
        assert_eq!(inside_form(&screen).iter().filter(|l| l.trim_start().starts_with('✗')).count(), 3, "{screen}");
    }
    assert!(h.demo.requests().iter().all(|r| r.starts_with("GET")), "nothing sent");
}

#[tokio::test]
async fn a_second_n_after_going_back_from_the_confirmation_is_not_typed_into_the_form() {
    for (language, said) in [
        (portal_tui::api::Language::English, "that n answered the closed confirmation again"),
        (portal_tui::api::Language::Vietnamese, "phím n vừa rồi trả lời lại xác nhận đã đóng"),
    ] {
        let mut h = Harness::on_first_domain().await;
        if language == portal_tui::api::Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        h.add_record("home", None, "203.0.113.7").await;
        assert!(h.app.profile().confirmation.is_some(), "put up");
        h.key(KeyCode::Char('n')).await;
        assert!(h.app.profile().confirmation.is_none(), "back to the form");
        assert_eq!(form(&h).content.value(), "203.0.113.7");
        // The same key again, as a person who meant "no" presses it twice.
        h.key(KeyCode::Char('n')).await;
        assert_eq!(form(&h).content.value(), "203.0.113.7", "{language:?}: not typed");
        let info = h.app.profile().info.clone().unwrap_or_default();
        assert!(info.contains(said), "{info}");
        // The next key types as ever.
        h.keys("1").await;
        assert_eq!(form(&h).content.value(), "203.0.113.71");
        assert!(h.changes_sent().is_empty(), "nothing sent");
    }
}
