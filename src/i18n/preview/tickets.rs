//! The previews of a ticket closed or reopened: the ticket, its number and subject.

use super::Preview;
use crate::api::Language;
use crate::i18n::Text;

/// A ticket closed (`close`) or reopened.
pub fn ticket_close(close: bool, number: &str, subject: &str, language: Language) -> Preview {
    let title = if close { Text::ConfirmCloseTicketTitle } else { Text::ConfirmReopenTicketTitle };
    let number = number.trim();
    Preview { title, rows: vec![(Text::LabelTicket.get(language).to_owned(), format!("#{number} — {subject}"))] }
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
}
