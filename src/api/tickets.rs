//! Support tickets beyond the table of reads: the text a reply or a new ticket sends (a
//! [`Message`], never empty), and an attachment's download.

use super::client::PortalClient;
use super::error::{ApiError, BodyKind, Operation, Result};
use super::http::transport;

/// What a reply or a new ticket says: cleaned of control characters and terminal escapes
/// (line breaks and tabs kept, `\r\n` made `\n`), trailing white space and leading blank
/// lines taken off. It cannot be empty: [`Message::new`] refuses a text with nothing in it,
/// so such a change can never be built, let alone sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message(String);

impl Message {
    /// The message, or `None` when nothing but white space is left of `text`.
    pub fn new(text: &str) -> Option<Message> {
        let cleaned = super::sanitize::message(text);
        let trimmed = cleaned.trim_end();
        let start = trimmed.len() - trimmed.trim_start().len();
        // From the start of the first line that holds something: its indentation stays.
        let from = trimmed[..start].rfind('\n').map_or(0, |at| at + 1);
        let body = &trimmed[from..];
        (!body.trim().is_empty()).then(|| Message(body.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A ticket's subject as sent: one line, cleaned; `None` when empty.
pub fn subject(text: &str) -> Option<String> {
    let line = super::sanitize::line(text);
    let line = line.trim();
    (!line.is_empty()).then(|| line.to_owned())
}

impl PortalClient {
    /// `GET /ticket/attachment/@file?number=NUMBER`: the file's bytes, at most
    /// [`super::MAX_BODY`]. The session, retries and renewal are a read's. An HTML page is
    /// taken for the file only when the file is one (`.htm`, `.html`): otherwise it is a
    /// login or error page a portal served in its place.
    pub async fn ticket_attachment(&self, number: &str, file: &str) -> Result<Vec<u8>> {
        let op = Operation::TicketAttachment;
        let fetched = async {
            let mut url = self.url(op, &["ticket", "attachment", file.trim()])?;
            url.query_pairs_mut().append_pair("number", number.trim());
            let bytes = self.get_url(op, url, &transport::file_bytes).await?;
            let is_html_file = [".htm", ".html"].iter().any(|end| file.trim().to_ascii_lowercase().ends_with(end));
            if BodyKind::of(&bytes) == BodyKind::Html && !is_html_file {
                return Err(ApiError::NotJson { op, kind: BodyKind::Html });
            }
            Ok(bytes)
        };
        fetched.await.map_err(|e| self.redact_error(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_keeps_its_lines_and_is_never_empty() {
        assert_eq!(Message::new(" \n\t\n  "), None);
        assert_eq!(Message::new("\u{1b}[2J\u{7}\r\n"), None);
        let message = Message::new("\n\n  Chào anh,\r\n\tdòng 2\u{1b}]0;x\u{7}\n\n").unwrap();
        assert_eq!(message.as_str(), "  Chào anh,\n\tdòng 2");
        assert_eq!(subject("  Lỗi 502\n trên web \u{1b}[31m "), Some("Lỗi 502  trên web".to_owned()));
        assert_eq!(subject(" \t "), None);
    }
}
