//! The tickets screen against the demo portal's tickets: your turn first, a conversation
//! wrapped to the width, a reply written over several lines, named in a confirmation, sent
//! once and read again; Esc keeps what was written; an empty reply is never put up; closing
//! asks first; a ticket awaiting you is on the radar and opens from it.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::Msg;
use portal_tui::app::PromptKind;
use support::harness::Harness;

async fn on_tickets() -> Harness {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('9')).await;
    assert!(h.app.profile().screens.tickets.browse.loaded, "the list was read at sign-in");
    h.demo.reset_traffic();
    h
}

#[tokio::test]
async fn the_list_puts_your_turn_first_and_a_conversation_reads_whole() {
    let mut h = on_tickets().await;
    let shown = h.screen_text(80, 24);
    let turn = shown.find("Awaiting your reply").unwrap_or_else(|| panic!("a group for your turn:\n{shown}"));
    let first = shown.find("#482913").expect("the ticket staff answered");
    let closed = shown.find("#481902").expect("the closed ticket");
    assert!(turn < first && first < closed, "your turn first, closed last:\n{shown}");
    assert!(shown.contains("● Website banhmihoian"), "unread is marked:\n{shown}");
    insta::assert_snapshot!("tickets_list_80x24", h.render(80, 24).backend());
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.tickets.open_number(), Some("482913"));
    let shown = h.screen_text(120, 40);
    assert!(shown.contains("(staff)") && shown.contains("(you)"), "who wrote each message:\n{shown}");
    assert!(shown.contains("loi-502.png"), "attachments are listed:\n{shown}");
    insta::assert_snapshot!("tickets_conversation_120x40", h.render(120, 40).backend());
    h.key(KeyCode::Char('L')).await;
    insta::assert_snapshot!("tickets_conversation_vi_80x24", h.render(80, 24).backend());
}

#[tokio::test]
async fn a_reply_is_written_confirmed_sent_once_and_read_again() {
    let mut h = on_tickets().await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('a')).await;
    assert!(h.app.dialog_open(), "the editor opens");
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Write the message here: Enter starts a new line."), "an empty editor says so:\n{shown}");
    // Nothing written: nothing is put up.
    h.ctrl('s').await;
    assert!(h.app.profile().confirmation.is_none());
    let error = h.app.profile().screens.tickets.compose.as_ref().unwrap().error.clone();
    assert!(error.unwrap().contains("empty"), "an empty message is refused in place");
    h.keys("Da kiem tra lai,").await;
    h.key(KeyCode::Enter).await;
    h.keys("trang web chay binh thuong. Cam on!").await;
    // Esc keeps the draft; `a` brings it back.
    h.key(KeyCode::Esc).await;
    assert!(!h.app.dialog_open());
    h.key(KeyCode::Char('a')).await;
    let compose = h.app.profile().screens.tickets.compose.as_ref().expect("the editor again");
    assert_eq!(compose.draft(), ["Da kiem tra lai,", "trang web chay binh thuong. Cam on!"]);
    insta::assert_snapshot!("tickets_reply_editor_80x24", h.render(80, 24).backend());
    h.ctrl('s').await;
    assert!(h.app.profile().confirmation.is_some(), "the reply is put up");
    let shown = h.screen_text(80, 24);
    for words in ["Send this reply?", "#482913", "Da kiem tra lai,", "POST /tickets/482913"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    assert!(h.changes_sent().is_empty(), "nothing is sent before the confirmation");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /tickets/482913"]);
    assert!(!h.app.dialog_open());
    let thread = h.app.profile().screens.tickets.thread.as_ref().expect("read again");
    let last = thread.replies.last().unwrap();
    assert!(!last.is_staff() && last.body.contains("Cam on!"), "the reply is in the conversation: {last:?}");
    // The list read again says so, its last activity too (the conversation does not say it).
    let listed = h.app.profile().screens.tickets.browse.items.iter().find(|t| t.number() == "482913").unwrap();
    assert_eq!((listed.status.as_str(), listed.lastreply.as_str()), ("Customer-Reply", "0m"), "{listed:?}");
    // Sent: the draft is gone.
    h.key(KeyCode::Char('a')).await;
    assert!(h.app.profile().screens.tickets.compose.as_ref().unwrap().draft().concat().is_empty());
}

#[tokio::test]
async fn closing_asks_first_and_a_new_ticket_goes_to_a_department() {
    let mut h = on_tickets().await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('x')).await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Close this ticket?") && shown.contains("PUT /tickets/482913/close"), "{shown}");
    h.key(KeyCode::Char('n')).await;
    assert!(h.changes_sent().is_empty(), "n goes back, nothing sent");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('n')).await;
    let compose = h.app.profile().screens.tickets.compose.as_ref().expect("the new ticket's editor");
    assert_eq!(compose.department().map(|d| d.name.as_str()), Some("Kỹ thuật"), "departments read");
    // Typing starts with the subject; the department is a Shift-Tab above it.
    h.keys("Xuat hoa don VAT").await;
    h.key(KeyCode::BackTab).await;
    h.key(KeyCode::Right).await;
    h.key(KeyCode::Tab).await;
    h.key(KeyCode::Tab).await;
    h.keys("Xin xuat hoa don VAT cho thang 11.").await;
    insta::assert_snapshot!("tickets_new_editor_80x24", h.render(80, 24).backend());
    h.ctrl('s').await;
    let shown = h.screen_text(80, 24);
    assert!(shown.contains("Open this ticket?") && shown.contains("Thanh toán"), "{shown}");
    h.key(KeyCode::Char('y')).await;
    assert_eq!(h.changes_sent(), ["POST /tickets"]);
    let items = &h.app.profile().screens.tickets.browse.items;
    assert!(items.iter().any(|t| t.subject == "Xuat hoa don VAT"), "the list is read again");
}

/// `f` on a conversation filters the list, as help says: the conversation closes under it.
#[tokio::test]
async fn the_filter_key_on_a_conversation_filters_the_list() {
    let mut h = on_tickets().await;
    h.key(KeyCode::Enter).await;
    assert!(h.app.profile().screens.tickets.browse.detail.is_some());
    h.key(KeyCode::Char('f')).await;
    assert_eq!(h.prompt_kind(), Some(PromptKind::Filter));
    assert!(h.app.profile().screens.tickets.browse.detail.is_none(), "the list is shown under the filter");
}

#[tokio::test]
async fn a_ticket_awaiting_you_is_on_the_radar_and_opens_from_it() {
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('7')).await;
    let radar = &h.app.profile().screens.radar;
    let at = radar.items.iter().position(|i| i.id == "482913").expect("the ticket is on the radar");
    for _ in 0..at {
        h.key(KeyCode::Down).await;
    }
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screen, portal_tui::app::Screen::Tickets);
    assert_eq!(h.app.profile().screens.tickets.open_number(), Some("482913"));
}

#[tokio::test]
async fn a_paste_into_a_reply_keeps_its_lines_and_drops_what_a_terminal_acts_on() {
    let mut h = on_tickets().await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('a')).await;
    let commands = h.app.update(Msg::Paste("Dong 1\r\n\x1b[2JDong 2\u{7}\n".into()));
    h.run(commands).await;
    let compose = h.app.profile().screens.tickets.compose.as_ref().expect("the editor takes the paste");
    assert_eq!(compose.draft(), ["Dong 1", "Dong 2", ""]);
    assert!(compose.note.as_deref().unwrap_or_default().contains("line breaks"), "{:?}", compose.note);
    assert!(h.changes_sent().is_empty(), "a paste never sends");
}

#[tokio::test]
async fn an_attachment_is_saved_where_asked_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = on_tickets().await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('s')).await;
    let prompt = h.app.shell.prompt.as_ref().expect("s asks where to save");
    assert_eq!(prompt.input.value(), "loi-502.png", "its own name is offered");
    h.key(KeyCode::Home).await;
    h.keys(&format!("{}/", dir.path().display())).await;
    h.key(KeyCode::Enter).await;
    let saved = dir.path().join("loi-502.png");
    let bytes = std::fs::read(&saved).expect("the attachment is saved");
    assert_eq!(bytes.len(), 48213);
    assert!(bytes.starts_with(b"\x89PNG"), "the file's own bytes");
    assert!(h.app.profile().info.as_deref().unwrap_or_default().contains(&saved.display().to_string()));
    // Again to the same place: refused, the file left as it was.
    std::fs::write(&saved, b"mine").unwrap();
    h.key(KeyCode::Char('s')).await;
    h.key(KeyCode::Home).await;
    h.keys(&format!("{}/", dir.path().display())).await;
    h.key(KeyCode::Enter).await;
    assert!(
        h.app.profile().error.as_deref().unwrap_or_default().contains("could not save"),
        "{:?}",
        h.app.profile().error
    );
    assert_eq!(std::fs::read(&saved).unwrap(), b"mine");
}

#[tokio::test]
async fn the_screen_at_both_sizes_in_both_languages() {
    let mut h = on_tickets().await;
    for language in ["en", "vi"] {
        insta::assert_snapshot!(format!("tickets_list_{language}_120x40"), h.render(120, 40).backend());
        insta::assert_snapshot!(format!("tickets_list_{language}_80x24"), h.render(80, 24).backend());
        h.key(KeyCode::Enter).await;
        insta::assert_snapshot!(format!("tickets_conversation_{language}_120x40"), h.render(120, 40).backend());
        h.key(KeyCode::Char('a')).await;
        insta::assert_snapshot!(format!("tickets_reply_empty_{language}_80x24"), h.render(80, 24).backend());
        h.key(KeyCode::Esc).await;
        h.key(KeyCode::Esc).await;
        h.key(KeyCode::Char('L')).await;
    }
}

/// `HH:MM` in `text` (the first one after `after`), as minutes of the day.
fn minutes_after(text: &str, after: &str) -> u32 {
    let from = text.find(after).unwrap_or_else(|| panic!("{after:?} in\n{text}")) + after.len();
    let rest = &text[from..];
    let at = rest
        .char_indices()
        .find(|(i, _)| {
            let b = rest.as_bytes();
            b.len() > i + 5
                && b[*i..i + 2].iter().all(u8::is_ascii_digit)
                && b[i + 2] == b':'
                && b[i + 3..i + 5].iter().all(u8::is_ascii_digit)
        })
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("a time after {after:?} in\n{text}"));
    rest[at..at + 2].parse::<u32>().unwrap() * 60 + rest[at + 3..at + 5].parse::<u32>().unwrap()
}

#[tokio::test]
async fn a_reply_and_the_log_say_one_time_in_one_zone_and_name_it_when_it_is_not_this_machines() {
    use portal_tui::api::Language;
    use portal_tui::i18n::times::{Times, VIETNAM, Zone};
    for (zone, language, named) in [
        (Zone::Local, Language::English, None),
        (Zone::Portal, Language::English, Some("UTC+07:00, the portal's clock")),
        (Zone::Portal, Language::Vietnamese, Some("UTC+07:00, giờ của cổng")),
    ] {
        let mut h = on_tickets().await;
        // This machine on UTC; the demo portal's clock is Vietnam's, as the vendors' are.
        h.app.shell.times = Times { portal: VIETNAM, zone, local: Some(time::UtcOffset::UTC) };
        if language == Language::Vietnamese {
            h.key(KeyCode::Char('L')).await;
        }
        h.key(KeyCode::Enter).await;
        h.key(KeyCode::Char('a')).await;
        h.keys("Cam on!").await;
        h.ctrl('s').await;
        h.key(KeyCode::Char('y')).await;
        let conversation = h.screen_text(100, 200);
        let last = conversation.rfind("── ").unwrap();
        let reply = minutes_after(&conversation[last..], "·");
        h.key(KeyCode::Char('8')).await;
        let log = h.screen_text(100, 40);
        let logged = minutes_after(&log.lines().skip(2).collect::<Vec<_>>().join("\n"), "│");
        let apart = (reply + 1440 - logged) % 1440;
        assert!(
            apart <= 1 || apart == 1439,
            "{zone:?}: the reply at {reply}, the log at {logged}:\n{conversation}\n{log}"
        );
        match named {
            None => assert!(!log.contains("UTC") && !conversation.contains("UTC"), "this machine's: unnamed\n{log}"),
            Some(words) => {
                assert!(log.lines().nth(1).unwrap_or_default().contains(words), "the Log names it:\n{log}");
                assert!(conversation.contains(words), "the conversation names it:\n{conversation}");
            }
        }
    }
}
