//! Pasted text (bracketed paste) is text for the field that has focus: the DNS form, the
//! login form, a lookup or file-name prompt, the filter. It is never a key: it reaches no
//! dialog, no screen and no keymap, and its line breaks are taken out, never an Enter.

use crate::app::{Command, Profile, PromptKind, Screen, Shell};
use crate::i18n::Text;

/// The pasted text as one line: line breaks taken out (the lines joined as they are, so a
/// key wrapped over lines comes back whole), tabs as spaces, escapes and other control
/// characters dropped. True when there were line breaks.
pub fn one_line(text: &str) -> (String, bool) {
    let joined: String = text.chars().filter(|c| !matches!(c, '\r' | '\n')).collect();
    let had_breaks = joined.len() != text.len();
    (crate::api::sanitize::line(&joined).into_owned(), had_breaks)
}

impl Profile {
    pub(in crate::app) fn on_paste(&mut self, shell: &mut Shell, text: &str) -> Vec<Command> {
        let (line, joined) = one_line(text);
        let language = self.language;
        let note = joined.then(|| Text::PasteJoined.get(language).to_owned());
        if shell.popup.is_some() {
            return self.paste_refused();
        }
        if self.confirmation.is_some() {
            return self.paste_refused();
        }
        match self.screen_paste(&crate::app::screens::Pasted { text, line: &line, note: note.clone() }) {
            Some(true) => return Vec::new(),
            Some(false) => return self.paste_refused(),
            None => {}
        }
        if let Some(prompt) = shell.prompt.as_mut() {
            // A question (replace the file? log out?) is answered by typing, not pasting.
            if matches!(prompt.kind, PromptKind::Replace | PromptKind::Logout) {
                return self.paste_refused();
            }
            crate::app::typing::insert(&mut prompt.input, &line);
            prompt.error = note;
            if prompt.kind == PromptKind::Filter {
                let text = prompt.input.value().to_owned();
                self.set_screen_filter(&text);
                self.keep_selection_visible(shell);
            }
            return Vec::new();
        }
        if self.screen == Screen::Login && self.login.paste(&line) {
            self.login.hint = note;
            return Vec::new();
        }
        self.paste_refused()
    }

    /// Pasted where no text field has focus: said, and nothing else happens.
    fn paste_refused(&mut self) -> Vec<Command> {
        self.info = Some(Text::PasteNowhere.get(self.language).to_owned());
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_text_is_one_line_with_nothing_a_terminal_acts_on() {
        let dkim = "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3\r\nDQEBAQUAA4GNADCBiQ\nKBgQ";
        assert_eq!(one_line(dkim), ("v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ".to_owned(), true));
        assert_eq!(one_line("203.0.113.7"), ("203.0.113.7".to_owned(), false));
        assert_eq!(one_line("a\tb\x1b[2Jc\x07"), ("a bc".to_owned(), false));
    }
}
