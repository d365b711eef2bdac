//! The previews of a ticket's changes: closed or reopened (the ticket, its number and
//! subject), a reply (the ticket, that a reply reopens a closed one, the message) and a new
//! ticket (its department, its subject, the message). A message shows its first lines and
//! how many more there are: the request `--dry-run` prints, and the log, carry it whole.

use super::Preview;
use crate::api::{Language, Message};
use crate::i18n::Text;

/// A ticket closed (`close`) or reopened.
pub fn ticket_close(close: bool, number: &str, subject: &str, language: Language) -> Preview {
    let title = if close { Text::ConfirmCloseTicketTitle } else { Text::ConfirmReopenTicketTitle };
    let number = number.trim();
    Preview { title, rows: vec![(Text::LabelTicket.get(language).to_owned(), format!("#{number} — {subject}"))] }
}

/// Lines of the rows a message takes before the rest is counted.
const MESSAGE_ROWS: usize = 8;

fn ticket_row(number: &str, subject: &str, language: Language) -> (String, String) {
    (Text::LabelTicket.get(language).to_owned(), format!("#{} — {subject}", number.trim()))
}

/// A reply to ticket `number` about `subject`; `closed`: the reply reopens it.
pub fn ticket_reply(number: &str, subject: &str, closed: bool, body: &str, language: Language) -> Preview {
    let mut rows = vec![ticket_row(number, subject, language)];
    if closed {
        rows.push((String::new(), Text::TicketClosedNote.get(language).to_owned()));
    }
    rows.extend(message_rows(body, language));
    Preview { title: Text::ConfirmReplyTitle, rows }
}

/// A new ticket to `department` about `subject`.
pub fn ticket_new(department: &str, subject: &str, body: &str, language: Language) -> Preview {
    let mut rows = vec![
        (Text::LabelDepartment.get(language).to_owned(), department.to_owned()),
        (Text::LabelSubject.get(language).to_owned(), subject.to_owned()),
    ];
    rows.extend(message_rows(body, language));
    Preview { title: Text::ConfirmNewTicketTitle, rows }
}

/// The message: how many lines it has, its first lines (a tab as four spaces), and how
/// many more there are.
fn message_rows(body: &str, language: Language) -> Vec<(String, String)> {
    let lines: Vec<&str> = body.lines().collect();
    let shown = if lines.len() > MESSAGE_ROWS { MESSAGE_ROWS - 1 } else { lines.len() };
    let count = crate::i18n::format::lines(lines.len(), language);
    let label = Text::LabelMessageLines.fill(language, &[("lines", &count)]);
    let mut rows: Vec<(String, String)> = lines[..shown]
        .iter()
        .enumerate()
        .map(|(i, line)| (if i == 0 { label.clone() } else { String::new() }, line.replace('\t', "    ")))
        .collect();
    if shown < lines.len() {
        let more = (lines.len() - shown).to_string();
        rows.push((String::new(), Text::MessageMore.fill(language, &[("n", &more)])));
    }
    rows
}

// Each ticket change's name as an operation, and what the status line says while it is sent
// (see `preview`).

/// A reply.
pub struct TicketReply;
impl TicketReply {
    pub const NAME: Text = Text::Own(&["replying to a support ticket", "trả lời phiếu hỗ trợ"]);
    pub fn words(number: &str, _body: &Message, language: Language) -> String {
        Text::DoTicketReply.fill(language, &[("number", &number)])
    }
}

/// A new ticket.
pub struct TicketNew;
impl TicketNew {
    pub const NAME: Text = Text::Own(&["opening a support ticket", "mở phiếu hỗ trợ mới"]);
    pub fn words(_dept_id: &str, subject: &str, _body: &Message, language: Language) -> String {
        Text::DoTicketNew.fill(language, &[("subject", &subject)])
    }
}

/// A ticket closed.
pub struct TicketClose;
impl TicketClose {
    pub const NAME: Text = Text::Own(&["closing a support ticket", "đóng phiếu hỗ trợ"]);
    pub fn words(number: &str, language: Language) -> String {
        Text::DoTicketClose.fill(language, &[("number", &number)])
    }
}

/// A ticket reopened.
pub struct TicketReopen;
impl TicketReopen {
    pub const NAME: Text = Text::Own(&["reopening a support ticket", "mở lại phiếu hỗ trợ"]);
    pub fn words(number: &str, language: Language) -> String {
        Text::DoTicketReopen.fill(language, &[("number", &number)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_closed_or_reopened_is_previewed_in_both_languages() {
        for language in [Language::English, Language::Vietnamese] {
            for close in [true, false] {
                super::super::tests::filled(&ticket_close(close, " 482913 ", "Lỗi 502", language));
            }
        }
        let preview = ticket_close(true, "482913", "Lỗi 502", Language::English);
        assert_eq!(preview.text(), "\n  Ticket: #482913 — Lỗi 502");
    }

    #[test]
    fn a_reply_and_a_new_ticket_are_previewed_with_their_message_in_both_languages() {
        let long: String = (1..=12).map(|n| format!("line {n}\n")).collect();
        for language in [Language::English, Language::Vietnamese] {
            for closed in [true, false] {
                super::super::tests::filled(&ticket_reply("482913", "Lỗi 502", closed, &long, language));
            }
            super::super::tests::filled(&ticket_new("Kỹ thuật", "Lỗi 502", "xin chào", language));
        }
        let reply = ticket_reply(" 482913 ", "Lỗi 502", true, "Chào anh,\n\tđã xong.", Language::English);
        assert_eq!(
            reply.text(),
            "\n  Ticket: #482913 — Lỗi 502\n    This ticket is closed; a reply reopens it.\n  Message, 2 lines: Chào anh,\n        đã xong."
        );
        assert_eq!(reply.title, Text::ConfirmReplyTitle);
        // Twelve lines: seven shown, then how many more.
        let rows = ticket_new("Kỹ thuật", "Lỗi 502", &long, Language::English).rows;
        assert_eq!(rows.len(), 2 + 8);
        assert_eq!(rows[2], ("Message, 12 lines".to_owned(), "line 1".to_owned()));
        assert_eq!(rows[9], (String::new(), "… 5 more lines".to_owned()));
    }
}
