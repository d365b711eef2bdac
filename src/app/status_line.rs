//! What the status line says and on how many rows: a message never loses its end (often
//! what to do), so one that does not fit beside the user and the language takes a second
//! row, and `e` shows the last message whole, whatever it was.

use unicode_width::UnicodeWidthStr;

use super::{App, CHROME_ROWS, LogEntry, Profile, Said, Shell};
use crate::api::Language;
use crate::config::keys::{Action, Context};
use crate::i18n::Text;

impl Shell {
    /// The status line's message as drawn for profile `p`: its mark, its text, and for a
    /// failure the key that shows it whole.
    pub(super) fn status_message(&self, p: &Profile) -> Option<(String, Said)> {
        let (text, said) = p.said()?;
        let message = match said {
            Said::Failed => {
                format!("{} {text} ({})", said.mark(), self.keymap.label(Context::Global, Action::ShowError))
            }
            _ => format!("{} {text}", said.mark()),
        };
        Some((message, said))
    }

    /// Rows the status line takes at the terminal's width while `p` is shown: two where its
    /// message does not fit on one even alone (the session's words go first; the spinner
    /// stays while requests are in flight), else one.
    pub(super) fn status_rows(&self, p: &Profile) -> u16 {
        // A prompt's error too long for a row goes on over the second.
        let prompt_error = self.prompt.as_ref().and_then(|p| p.error.as_deref());
        if prompt_error.is_some_and(|e| e.width() + 4 > usize::from(self.size.0)) {
            return 2;
        }
        let Some((message, _)) = self.status_message(p) else { return 1 };
        // While requests are in flight the spinner and its word stand before the message.
        let spinner = if p.pending.is_empty() { 0 } else { 3 + Text::Working.get(p.language).width() };
        if message.width() + spinner + 4 <= usize::from(self.size.0) { 1 } else { 2 }
    }

    /// Rows available to a screen's list while `p` is shown (one fewer while the status
    /// line takes two).
    pub(super) fn body_rows(&self, p: &Profile) -> usize {
        self.size.1.saturating_sub(CHROME_ROWS + self.status_rows(p) - 1) as usize
    }

    /// Lines in a page: what PageUp/PageDown move.
    pub(super) fn page(&self, p: &Profile) -> isize {
        self.body_rows(p).saturating_sub(2).max(1) as isize
    }
}

impl App {
    /// The status line's message as drawn: its mark, its text, and for a failure the key
    /// that shows it whole.
    pub fn status_message(&self) -> Option<(String, Said)> {
        self.shell.status_message(self.profile())
    }

    /// The user and the language as the status line names them at the least: ` user · EN`.
    pub fn status_user(&self) -> Option<String> {
        let session = self.profile().session.as_ref()?;
        let language = match self.profile().language {
            Language::English => "EN",
            Language::Vietnamese => "VI",
        };
        Some(format!(" {} · {language}", session.user))
    }

    /// Rows the status line takes at the terminal's width (see `Shell::status_rows`).
    pub fn status_rows(&self) -> u16 {
        self.shell.status_rows(self.profile())
    }

    /// Rows available to a screen's list (one fewer while the status line takes two).
    pub fn body_rows(&self) -> usize {
        self.shell.body_rows(self.profile())
    }

    /// The last message said to the profile shown, whole: the one on the status line, else
    /// the newest the log kept of it (a message fades from the line, not from the log).
    pub fn last_message(&self) -> Option<(String, Said)> {
        if let Some((text, said)) = self.profile().said() {
            return Some((text.to_owned(), said));
        }
        let name = &self.profile().name;
        self.shell.log.entries.iter().find_map(|entry| match entry {
            LogEntry::Message { profile, text, said, .. } if profile == name => Some((text.clone(), *said)),
            _ => None,
        })
    }
}

/// `text` split at a word boundary into what fits `first` columns and the rest (a word
/// longer than the room is cut where the room ends).
pub fn split_at_width(text: &str, first: usize) -> (String, String) {
    if text.width() <= first {
        return (text.to_owned(), String::new());
    }
    let mut used = 0;
    let mut cut = 0;
    let mut last_space = None;
    for (at, c) in text.char_indices() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > first {
            break;
        }
        used += w;
        cut = at + c.len_utf8();
        if c == ' ' {
            last_space = Some(at);
        }
    }
    // Cut where a word ends: at the room's end when a blank follows it, else the last blank.
    let at = if text[cut..].starts_with(' ') { cut } else { last_space.filter(|s| *s > 0).unwrap_or(cut) };
    (text[..at].trim_end().to_owned(), text[at..].trim_start().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_split_between_words() {
        assert_eq!(split_at_width("a host under your domain", 12), ("a host under".into(), "your domain".into()));
        assert_eq!(split_at_width("short", 12), ("short".into(), String::new()));
        assert_eq!(split_at_width("averyveryverylongword and", 6), ("averyv".into(), "eryverylongword and".into()));
        assert_eq!(split_at_width("tên miền của bạn", 8), ("tên miền".into(), "của bạn".into()));
    }
}
