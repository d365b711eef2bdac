//! Changes from the dashboard against the demo portal's in-memory state: the DNS form checks
//! a record before anything is sent, the dialog names the change, `y` sends it once and the
//! records are read again; a refusal goes back to the form with nothing typed lost; a lost
//! answer is said, read again and never sent twice; an upgrade is estimated, confirmed and
//! requested with the chosen items. Every change sent is in the change log.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::api::dns::rules::Part;
use portal_tui::demo::{Fault, FaultRule};
use support::harness::Harness;

/// Logged in to the whole demo account, changes logged to a file of its own, on the first
/// domain's detail with its DNS records read.
async fn on_first_domain(log: &std::path::Path) -> Harness {
    let mut h = Harness::whole_account().await.logging_changes(log.to_path_buf());
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(dns_names(&h).len(), 6);
    h.demo.reset_traffic();
    h
}

fn dns_names(h: &Harness) -> Vec<String> {
    let view = &h.app.profile().screens.domains;
    let source = view.detail_source().unwrap();
    view.dns[&source].as_ref().unwrap().iter().map(|r| format!("{} {} {}", r.name, r.kind, r.content)).collect()
}

fn log_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap_or_default().lines().map(str::to_owned).collect()
}

#[tokio::test]
async fn a_record_is_checked_confirmed_sent_once_and_listed_as_the_portal_has_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = on_first_domain(&log).await;
    h.key(KeyCode::Char('n')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form opens") };
    assert_eq!(form.types, ["A", "AAAA", "CNAME", "MX", "NS", "TXT"], "the portal's own types");
    h.keys("vpn").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    h.keys("198.51.100").await;
    h.key(KeyCode::Enter).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form stays") };
    assert!(form.error.as_deref().unwrap().contains("IPv4"), "{:?}", form.error);
    assert_eq!(form.focus, Part::Content);
    insta::assert_snapshot!("dns_form_refused_80x24", h.render(80, 24).backend());
    h.keys(".4").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some());
    let shown = h.screen_text(80, 24);
    for words in ["Send this change?", "phosaigon.vn (#5120)", "add a record", "vpn A 198.51.100.4", "y send"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    insta::assert_snapshot!("dns_confirm_add_80x24", h.render(80, 24).backend());
    assert!(h.changes_sent().is_empty(), "nothing is sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert!(!h.app.dialog_open());
    assert_eq!(h.changes_sent(), ["POST /domain/5120/dns"]);
    assert!(dns_names(&h).contains(&"vpn A 198.51.100.4".to_owned()), "read again: {:?}", dns_names(&h));
    let cursor = h.app.profile().screens.domains.dns_cursor;
    assert_eq!(dns_names(&h)[cursor], "vpn A 198.51.100.4", "the new record is the selected one");
    assert!(h.app.profile().info.as_deref().unwrap().starts_with("Done: add a record vpn A 198.51.100.4"));
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 2, "sending, then what came of it: {lines:?}");
    let id = |line: &str| line.split('\t').nth(1).unwrap().to_owned();
    assert_eq!(id(&lines[0]), id(&lines[1]), "the two lines of one change are paired");
    for line in &lines {
        assert!(line.contains("\tdomain phosaigon.vn\tPOST /domain/5120/dns {"), "in words: {line}");
    }
    assert!(lines[0].ends_with("\tsending") && lines[1].ends_with("\tapplied"), "{lines:?}");
}

/// Deleting a host's last address names the records still pointing at it (an MX whose mail
/// would bounce); deleting one that leaves another address names none.
#[tokio::test]
async fn a_deletion_names_what_is_left_pointing_at_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    let names = dns_names(&h);
    let mail = names.iter().position(|n| n.starts_with("mail A ")).expect("the mail host's A record");
    h.app.profile_mut().screens.domains.dns_cursor = mail;
    h.key(KeyCode::Char('x')).await;
    let rows = &h.app.profile().confirmation.as_ref().expect("the deletion is put up").rows;
    let row = rows.iter().find(|(label, _)| label == "Left pointing at it").expect("said");
    assert!(row.1.starts_with("@ MX mail.phosaigon.vn."), "{rows:?}");
    h.key(KeyCode::Esc).await;
    let www = names.iter().position(|n| n.starts_with("www CNAME ")).expect("www");
    h.app.profile_mut().screens.domains.dns_cursor = www;
    h.key(KeyCode::Char('x')).await;
    let rows = &h.app.profile().confirmation.as_ref().expect("the deletion is put up").rows;
    assert!(!rows.iter().any(|(label, _)| label == "Left pointing at it"), "{rows:?}");
    h.key(KeyCode::Esc).await;
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn an_edit_shows_old_and_new_and_not_confirming_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = on_first_domain(&log).await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char('c')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form opens") };
    assert_eq!((form.kind_name(), form.content.value()), ("CNAME", "phosaigon.vn."), "the selected record");
    // Nothing changed: nothing to confirm.
    h.key(KeyCode::Enter).await;
    assert!(
        matches!(&h.app.profile().screens.domains.form, Some(f) if f.error.as_deref().unwrap().contains("already"))
    );
    h.key(KeyCode::End).await;
    h.key(KeyCode::Backspace).await;
    h.keys(".net.").await;
    h.key(KeyCode::Enter).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Now      www CNAME phosaigon.vn. (TTL 3600)"), "{shown}");
    // A registrar's DNS takes no TTL: none is sent, none promised.
    assert!(shown.contains("New      www CNAME phosaigon.vn.net.  "), "{shown}");
    // n goes back to the form as it was typed; Esc closes it; nothing was sent.
    h.key(KeyCode::Char('n')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("back to the form") };
    assert_eq!(form.content.value(), "phosaigon.vn.net.");
    h.key(KeyCode::Esc).await;
    assert!(!h.app.dialog_open());
    assert!(h.changes_sent().is_empty());
    assert!(log_lines(&log).is_empty());
}

#[tokio::test]
async fn a_refusal_opens_the_form_again_with_the_portals_reason() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = on_first_domain(&log).await;
    h.key(KeyCode::Char('n')).await;
    h.keys("vpn").await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    h.keys("198.51.100.4").await;
    h.key(KeyCode::Enter).await;
    h.demo.set_faults(vec![FaultRule::on(Fault::Error200, "/domain/5120/dns").method("POST").times(1)]);
    h.key(KeyCode::Char('y')).await;
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form again") };
    assert_eq!(form.content.value(), "198.51.100.4", "nothing typed is lost");
    assert!(form.error.as_deref().unwrap().contains("the portal says"), "{:?}", form.error);
    assert_eq!(h.changes_sent().len(), 1);
    assert!(log_lines(&log)[1].contains("\trefused: "), "{:?}", log_lines(&log));
    assert_eq!(dns_names(&h).len(), 6);
}

#[tokio::test]
async fn a_lost_answer_is_said_read_again_and_never_sent_twice() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = on_first_domain(&log).await;
    let first = dns_names(&h)[0].clone();
    h.key(KeyCode::Char('x')).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("delete record #1") && shown.contains(&first), "{shown}");
    h.demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/domain").times(1)]);
    h.key(KeyCode::Char('y')).await;
    let said = h.app.profile().info.clone().unwrap();
    assert!(
        said.contains("the answer was unclear")
            && said.ends_with("Read again: the record is gone now, so it was deleted."),
        "{said}"
    );
    assert_eq!(h.changes_sent(), ["DELETE /domain/5120/dns/1"], "sent once");
    assert_eq!(dns_names(&h).len(), 5, "read again: the portal applied it");
    assert!(!dns_names(&h).contains(&first));
    assert!(log_lines(&log)[1].ends_with("\tapplied, read back after an unclear answer"), "{:?}", log_lines(&log));
}

#[tokio::test]
async fn an_upgrade_is_estimated_confirmed_and_requested_with_the_chosen_items() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = Harness::whole_account().await.logging_changes(log.clone());
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Char('o')).await;
    assert!(h.app.profile().info.as_deref().unwrap().contains("Choose an item"), "nothing chosen: nothing asked");
    h.demo.reset_traffic();
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('o')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/upgrade"], "the estimate");
    assert!(h.demo.upgrade_requests().is_empty(), "an estimate orders nothing");
    let shown = h.screen_text(80, 24);
    for words in
        ["Send this upgrade request?", "#2207 Cloud VPS VN-2 (phosaigon.vn)", "CPU: 2 vCPU → 4 vCPU (+150,000.50 VND)"]
    {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    assert!(shown.contains("Portal's estimate        difference 150,000.50 VND · setup 0 VND"), "{shown}");
    // The service's own recurring total (540,000) before and after, not the options' sum.
    assert!(shown.contains("Service recurring total  540,000 VND → 690,000.50 VND"), "{shown}");
    assert!(shown.contains("(+150,000.50 VND)"), "{shown}");
    insta::assert_snapshot!("upgrade_confirm_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Char('y')).await;
    let requests = h.demo.upgrade_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].2["resources"], serde_json::json!({"11": "42"}), "{requests:?}");
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 2, "the estimate is not a change: {lines:?}");
    let sent = "\tservice #2207 Cloud VPS VN-2 (phosaigon.vn)\tPOST /service/2207/upgrade {\"resources\":{\"11\":\"42\"},\"send\":true}";
    assert!(lines.iter().all(|l| l.contains(sent)), "{lines:?}");
    assert!(
        h.app.profile().info.as_deref().unwrap().ends_with("the upgrade request was sent — invoice #90501"),
        "{:?}",
        h.app.profile().info
    );
    let mark = h.app.profile().said().map(|(_, said)| said);
    assert_eq!(mark, Some(portal_tui::app::Said::Done), "marked done (✓), the invoice said with it");
    // Shown as requested, with the portal's invoice; the same request is asked for again.
    let shown = h.screen_text(80, 24);
    let requested = regex_free_find(&shown, "Already sent  ");
    let at = requested.trim_start_matches("Already sent  requested at ").get(..5).unwrap_or_default().to_owned();
    assert_eq!(requested, format!("Already sent  requested at {at}, invoice #90501"), "{shown}");
    let chosen = shown.lines().find(|l| l.contains("(•) 4 vCPU")).unwrap_or_default();
    assert!(chosen.contains(&format!(" 150,000.50 VND  sent {at}")), "{shown}");
    let requested = format!("requested at {at}, invoice #90501");
    h.demo.reset_traffic();
    h.key(KeyCode::Char('o')).await;
    let shown = h.screen_text(100, 30);
    assert!(shown.contains("Request this upgrade again?"), "{shown}");
    let Some(again) = &h.app.profile().confirmation else { panic!("asked again") };
    assert_eq!(again.rows[0], ("Already sent".to_owned(), format!("{requested}; request it again?")));
    h.key(KeyCode::Esc).await;
    assert_eq!(h.demo.upgrade_requests().len(), 1, "not sent again unasked");
}

/// The text from `start` to the end of its line (trimmed of the frame).
fn regex_free_find(shown: &str, start: &str) -> String {
    let line = shown.lines().find(|l| l.contains(start)).unwrap_or_default();
    let from = &line[line.find(start).unwrap_or(0)..];
    from.trim_end_matches(['│', ' ']).to_owned()
}

/// What the loop does a moment after a confirmation opened.
fn settle(h: &mut Harness) {
    assert!(h.app.take_confirmation_opened(), "a confirmation opened");
    h.app.update(portal_tui::app::Msg::Settled);
}

fn is_change(commands: &[portal_tui::app::Command]) -> bool {
    commands.iter().any(|c| matches!(c, portal_tui::app::Command::Call { .. }))
}

#[tokio::test]
async fn a_change_in_flight_is_never_cancelled_and_a_second_one_is_closed_not_kept() {
    use portal_tui::app::Command;
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    h.press(KeyCode::Char('x'));
    settle(&mut h);
    let sent = h.press(KeyCode::Char('y'));
    assert!(matches!(sent[..], [Command::Call { .. }]), "{sent:?}");
    // Esc on the screen cancels lookups, never a change on its way.
    let esc = h.press(KeyCode::Esc);
    assert!(!esc.iter().any(|c| matches!(c, Command::Cancel(_))), "{esc:?}");
    assert!(h.app.profile().screens.domains.detail.is_none(), "Esc did what it does: it closed the detail");
    let reopened = h.press(KeyCode::Enter);
    h.press(KeyCode::Down);
    h.press(KeyCode::Char('x'));
    settle(&mut h);
    let second = h.press(KeyCode::Char('y'));
    assert!(second.is_empty(), "one change at a time: {second:?}");
    assert!(h.app.profile().error.as_deref().unwrap().contains("this one was not sent"));
    assert!(!h.app.dialog_open(), "refused as busy, the confirmation closes");
    // A later `y` has nothing to confirm.
    assert!(!is_change(&h.press(KeyCode::Char('y'))));
    let quit = h.press(KeyCode::Char('q'));
    assert!(quit.is_empty(), "q waits for the change's answer: {quit:?}");
    assert!(h.app.profile().error.as_deref().unwrap().contains("Ctrl-C leaves anyway"));
    h.run(sent.into_iter().chain(reopened).collect()).await;
    assert_eq!(h.changes_sent(), ["DELETE /domain/5120/dns/1"]);
    assert_eq!(dns_names(&h).len(), 5);
}

#[tokio::test]
async fn a_confirmation_whose_record_is_gone_when_read_again_closes_and_sends_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    h.press(KeyCode::Char('x'));
    settle(&mut h);
    let first = h.press(KeyCode::Char('y'));
    // The same record again, while the first deletion is on its way.
    h.press(KeyCode::Esc);
    let reopened = h.press(KeyCode::Enter);
    h.press(KeyCode::Char('x'));
    settle(&mut h);
    assert!(h.screen_text(80, 24).contains("delete record #1"));
    // The first is answered and the records read again: record #1 is gone.
    h.run(first.into_iter().chain(reopened).collect()).await;
    assert!(!h.app.dialog_open(), "checked against the records now listed, it closes");
    let error = h.app.profile().error.clone().unwrap();
    assert!(error.contains("Record #1 is no longer listed") && error.contains("nothing was sent"), "{error}");
    assert!(!is_change(&h.press(KeyCode::Char('y'))));
    assert_eq!(h.changes_sent(), ["DELETE /domain/5120/dns/1"], "sent once");
}

#[tokio::test]
async fn a_confirmation_that_opens_by_itself_takes_no_key_until_it_settles() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    // `o`, and the estimate's answer opens the confirmation, as the loop feeds it.
    let asked = h.press(KeyCode::Char('o'));
    h.send(asked);
    while h.app.is_waiting() {
        let answer = h.answers.recv().await.unwrap();
        let more = h.app.update(portal_tui::app::Msg::Response(Box::new(answer)));
        h.send(more);
    }
    assert!(h.app.profile().confirmation.is_some());
    assert!(h.screen_text(80, 24).contains("keys ignored for a moment"), "{}", h.screen_text(80, 24));
    // A `y` meant for the screen (copy there) does not order anything.
    for key in [KeyCode::Char('y'), KeyCode::Enter, KeyCode::Char('n')] {
        assert!(h.press(key).is_empty());
        assert!(h.app.profile().confirmation.is_some(), "{key:?} left it open");
    }
    settle(&mut h);
    assert!(h.screen_text(80, 24).contains("y send"));
    let sent = h.press(KeyCode::Char('y'));
    assert!(is_change(&sent), "settled, it takes its keys: {sent:?}");
    h.run(sent).await;
    assert_eq!(h.demo.upgrade_requests().len(), 1);
}

#[tokio::test]
async fn pasted_text_goes_into_the_focused_field_and_is_never_keys() {
    use portal_tui::app::Msg;
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    let dkim = "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEB\nAQUAyLp2\r\n";
    // On the detail, no field has focus: nothing happens but a word.
    assert!(h.app.update(Msg::Paste(dkim.into())).is_empty());
    assert!(!h.app.dialog_open());
    assert_eq!(
        h.app.profile().info.as_deref(),
        Some("pasted text goes only into a text field: nothing was done with it")
    );
    h.key(KeyCode::Char('n')).await;
    h.keys("_dkim").await;
    h.key(KeyCode::Tab).await;
    h.keys("t").await;
    h.key(KeyCode::Tab).await;
    assert!(h.app.update(Msg::Paste(dkim.into())).is_empty());
    let Some(form) = &h.app.profile().screens.domains.form else { panic!("the form stays") };
    assert_eq!(form.content.value(), "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAyLp2", "line breaks taken out");
    assert_eq!((form.kind_name(), form.focus), ("TXT", Part::Content));
    assert_eq!(h.app.profile().language, portal_tui::api::Language::English, "the L in it switched nothing");
    assert!(h.screen_text(80, 24).contains("its line breaks were taken out"));
    // Confirmed by keys only: a paste on the confirmation is refused.
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().confirmation.is_some());
    assert!(h.app.update(Msg::Paste("y\r".into())).is_empty());
    assert!(h.app.profile().confirmation.is_some());
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn a_record_without_a_plain_id_of_its_own_is_read_only_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    // The portal's list as a broken portal sends it: no id, a path for an id, one id twice.
    let view = &mut h.app.profile_mut().screens.domains;
    let source = view.detail_source().unwrap();
    let records = view.dns.get_mut(&source).unwrap().as_mut().unwrap();
    for (record, odd) in records.iter_mut().zip(["", "1/../2", "7", "7"]) {
        record.id = odd.into();
    }
    let shown = h.screen_text(100, 40);
    assert_eq!(shown.matches("[read-only]").count(), 4, "{shown}");
    assert!(shown.contains("read-only: the portal lists this record without an id"), "{shown}");
    for (at, why) in [(0, "without an id"), (1, "1/../2 is not one plain token"), (3, "same id 7")] {
        h.app.profile_mut().screens.domains.dns_cursor = at;
        for key in [KeyCode::Char('c'), KeyCode::Enter, KeyCode::Char('x')] {
            h.app.profile_mut().error = None;
            h.key(key).await;
            assert!(!h.app.dialog_open(), "{key:?} on record {at} opened a dialog");
            let error = h.app.profile().error.clone().unwrap_or_default();
            assert!(error.starts_with("read-only: ") && error.contains(why), "{error}");
        }
        let hints = h.app.hinted_actions();
        assert!(!hints.contains(&portal_tui::config::keys::Action::EditRecord), "{hints:?}");
        assert!(!hints.contains(&portal_tui::config::keys::Action::DeleteRecord), "{hints:?}");
    }
    h.app.profile_mut().screens.domains.dns_cursor = 4;
    assert!(h.app.hinted_actions().contains(&portal_tui::config::keys::Action::DeleteRecord));
    h.key(KeyCode::Char('x')).await;
    assert!(h.app.profile().confirmation.is_some(), "a plain id of its own can be deleted");
    assert!(h.changes_sent().is_empty());
}

#[tokio::test]
async fn a_portal_without_the_routes_is_said_once_and_not_asked_again() {
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    h.demo.reset_traffic();
    h.key(KeyCode::Char('o')).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/upgrade"]);
    let said = h.app.profile().info.clone().unwrap();
    assert_eq!(said, "this portal does not offer the upgrade estimate");
    // No service list here: the figure is labelled as the options' sum it is.
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Options' recurring sum  90,000 VND → 240,000.50 VND"), "{shown}");
    assert!(h.app.profile().error.is_none() && !h.app.dialog_open());
    assert!(
        h.screen_text(80, 24).contains("this portal does not offer the upgrade estimate"),
        "the picker says so too"
    );
    h.demo.reset_traffic();
    h.key(KeyCode::Char('o')).await;
    assert!(h.changes_sent().is_empty(), "not asked again");
}

#[tokio::test]
async fn a_change_log_that_cannot_be_written_is_said() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a-file"), "").unwrap();
    let mut h = on_first_domain(&dir.path().join("a-file").join("changes.log")).await;
    h.key(KeyCode::Char('x')).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(dns_names(&h).len(), 5, "the change itself went through");
    assert!(h.app.profile().info.as_deref().unwrap().starts_with("Done: delete record #1"));
    let error = h.app.profile().error.clone().unwrap();
    assert!(error.starts_with("the change log could not be written (") && error.contains("a-file"), "{error}");
}

#[tokio::test]
async fn a_confirmation_that_opened_in_the_background_settles_when_its_profile_is_shown() {
    use portal_tui::demo::{CLIENT_HOST, DemoOptions};
    let h = Harness::with_options(DemoOptions::default()).await;
    let (a, b) = (h.demo_profile("a", CLIENT_HOST), h.demo_profile("b", CLIENT_HOST));
    let mut h = h.with_profiles(vec![a, b]);
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    // The estimate is on its way when the other profile is shown; it arrives there.
    let asked = h.press(KeyCode::Char('o'));
    h.send(asked);
    let mut switched = h.press(KeyCode::Char('p'));
    switched.extend(h.press(KeyCode::Char('2')));
    h.run(switched).await;
    assert_eq!(h.app.profile_name(), "b");
    assert!(!h.app.dialog_open(), "profile b has no dialog");
    // Back to profile a: its confirmation comes into view and settles first.
    h.press(KeyCode::Char('P'));
    assert!(h.app.profile().confirmation.is_some(), "it opened in the background");
    assert!(h.press(KeyCode::Char('y')).is_empty(), "no key answers it as it comes into view");
    settle(&mut h);
    assert!(is_change(&h.press(KeyCode::Char('y'))));
}

#[tokio::test]
async fn a_paste_goes_into_the_login_form_and_the_lookup_prompt_and_submits_neither() {
    use portal_tui::app::Msg;
    let mut h = Harness::new().await;
    h.app.profile_mut().login.email = tui_input::Input::default();
    assert!(h.app.update(Msg::Paste("demo@example.vn\r\n".into())).is_empty(), "no sign-in");
    assert_eq!(h.app.profile().login.email.value(), "demo@example.vn");
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('2')).await;
    h.key(KeyCode::Char('/')).await;
    assert!(h.app.update(Msg::Paste("example.vn\n".into())).is_empty(), "no lookup");
    assert_eq!(h.app.shell.prompt.as_ref().unwrap().input.value(), "example.vn");
    h.key(KeyCode::Enter).await;
    assert!(h.app.shell.prompt.is_none());
    assert!(h.demo.requests().iter().any(|r| r.contains("/domain/name/example.vn")), "{:?}", h.demo.requests());
}

#[tokio::test]
async fn a_quantity_is_set_by_steps_or_typed_checked_and_requested() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    // The IPv4 addresses: a quantity from 0 to 8, none now.
    h.key(KeyCode::End).await;
    let shown = h.screen_text(100, 30);
    assert!(shown.contains("quantity 0–8"), "{shown}");
    h.key(KeyCode::Right).await;
    h.key(KeyCode::Right).await;
    let shown = h.screen_text(100, 30);
    assert!(shown.contains("[ 2 ] IPv4"), "{shown}");
    let wide = h.screen_text(140, 30);
    assert!(wide.contains("540,000 VND → 700,000 VND  (+160,000 VND)"), "the totals follow:\n{wide}");
    // Typed: checked against what the answer allows, the prompt kept until it is.
    h.key(KeyCode::Char(' ')).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.input.value().to_owned()).as_deref(), Some("2"));
    h.key(KeyCode::Backspace).await;
    h.keys("9").await;
    h.key(KeyCode::Enter).await;
    let error = h.app.shell.prompt.as_ref().and_then(|p| p.error.clone());
    assert_eq!(error.as_deref(), Some("9 is not a quantity it takes (0–8)"));
    h.key(KeyCode::Backspace).await;
    h.keys("3").await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.shell.prompt.is_none());
    assert!(h.screen_text(100, 30).contains("[ 3 ] IPv4"));
    h.key(KeyCode::Char('o')).await;
    let shown = h.screen_text(100, 30);
    assert!(shown.contains("Địa chỉ IPv4 bổ sung: 0 → 3 (+240,000 VND)"), "{shown}");
    assert!(shown.contains("difference 240,000"), "the portal's estimate agrees:\n{shown}");
    h.key(KeyCode::Char('y')).await;
    let requests = h.demo.upgrade_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].2["resources"], serde_json::json!({"14": "3"}), "{requests:?}");
}

#[tokio::test]
async fn an_upgrade_ordered_after_another_sends_only_what_it_adds() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('o')).await;
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.demo.upgrade_requests().len(), 1);
    // 8 GB of RAM besides: the CPU requested a moment ago is not ordered again.
    for _ in 0..4 {
        h.key(KeyCode::Down).await;
    }
    h.key(KeyCode::Char(' ')).await;
    h.key(KeyCode::Char('o')).await;
    let shown = h.screen_text(100, 30);
    assert!(shown.contains("Send this upgrade request?") && shown.contains("RAM: 4 GB → 8 GB"), "{shown}");
    assert!(!shown.contains("CPU: 2 vCPU → 4 vCPU"), "only what this order adds: {shown}");
    h.key(KeyCode::Char('y')).await;
    let requests = h.demo.upgrade_requests();
    assert_eq!(requests.len(), 2, "{requests:?}");
    let second = requests[1].2["resources"].as_object().unwrap();
    assert_eq!(second.len(), 1, "{second:?}");
    assert!(!second.contains_key("11"), "the CPU (resource 11) is not sent again: {second:?}");
}

#[tokio::test]
async fn an_estimate_in_flight_takes_no_change_slot() {
    use portal_tui::app::{Call, Command};
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_first_domain(&dir.path().join("changes.log")).await;
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    h.key(KeyCode::Down).await;
    h.key(KeyCode::Char(' ')).await;
    // `o` asks the estimate, a read; its answer is left waiting.
    let asked = h.press(KeyCode::Char('o'));
    assert!(asked.iter().any(|c| matches!(c, Command::Call { call: Call::Estimate { .. }, .. })), "{asked:?}");
    h.send(asked);
    // Meanwhile a record is deleted on the domain's detail: sent, not refused as busy.
    h.press(KeyCode::Char('2'));
    h.press(KeyCode::Char('x'));
    assert!(h.app.profile().confirmation.is_some(), "{:?}", h.app.profile().error);
    settle(&mut h);
    let sent = h.press(KeyCode::Char('y'));
    assert!(
        sent.iter().any(|c| matches!(c, Command::Call { call: Call::Change { .. }, .. })),
        "{sent:?} {:?}",
        h.app.profile().error
    );
    h.run(sent).await;
    assert_eq!(h.changes_sent(), ["POST /service/2207/upgrade", "DELETE /domain/5120/dns/1"]);
    assert!(h.demo.upgrade_requests().is_empty(), "an estimate orders nothing");
}

#[tokio::test]
async fn a_change_never_sent_is_not_said_lost() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("changes.log");
    let mut h = on_first_domain(&log).await;
    h.key(KeyCode::Char('x')).await;
    // The records read just before sending fail (a proxy's 502, retried, then said): the
    // delete never goes out, so it cannot have been applied.
    h.demo.set_faults(vec![FaultRule::on(Fault::Html502, "/domain/5120/dns").method("GET").times(3)]);
    h.key(KeyCode::Char('y')).await;
    assert!(h.changes_sent().is_empty(), "{:?}", h.changes_sent());
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.contains("502") && !error.contains("the answer was lost"), "{error}");
    assert!(log_lines(&log).is_empty(), "{:?}", log_lines(&log));
}
