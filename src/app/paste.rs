//! Pasted text (bracketed paste) is text for the field that has focus: the DNS form, the
//! login form, a lookup or file-name prompt, the filter. It is never a key: it reaches no
//! dialog, no screen and no keymap, and its line breaks are taken out, never an Enter.

use super::{App, Command, PromptKind, Screen, drive};
use crate::i18n::Text;

/// The pasted text as one line: line breaks taken out (the lines joined as they are, so a
/// key wrapped over lines comes back whole), tabs as spaces, escapes and other control
/// characters dropped. True when there were line breaks.
pub fn one_line(text: &str) -> (String, bool) {
    let joined: String = text.chars().filter(|c| !matches!(c, '\r' | '\n')).collect();
    let had_breaks = joined.len() != text.len();
    (crate::api::sanitize::line(&joined).into_owned(), had_breaks)
}

pub(super) fn on_paste(app: &mut App, text: &str) -> Vec<Command> {
    let (line, joined) = one_line(text);
    let language = app.profile().language;
    let note = joined.then(|| Text::PasteJoined.get(language).to_owned());
    if app.shell.popup.is_some() {
        return paste_refused(app);
    }
    if app.profile().confirmation.is_some() {
        return paste_refused(app);
    }
    match drive::screen_paste(app, &super::screens::Pasted { text, line: &line, note: note.clone() }) {
        Some(true) => return Vec::new(),
        Some(false) => return paste_refused(app),
        None => {}
    }
    if let Some(prompt) = app.shell.prompt.as_mut() {
        // A question (replace the file? log out?) is answered by typing, not pasting.
        if matches!(prompt.kind, PromptKind::Replace | PromptKind::Logout) {
            return paste_refused(app);
        }
        super::typing::insert(&mut prompt.input, &line);
        prompt.error = note;
        if prompt.kind == PromptKind::Filter {
            let text = prompt.input.value().to_owned();
            drive::set_screen_filter(app, &text);
            drive::keep_selection_visible(app);
        }
        return Vec::new();
    }
    if app.profile().screen == Screen::Login && app.profile_mut().login.paste(&line) {
        app.profile_mut().login.hint = note;
        return Vec::new();
    }
    paste_refused(app)
}

/// Pasted where no text field has focus: said, and nothing else happens.
fn paste_refused(app: &mut App) -> Vec<Command> {
    app.profile_mut().info = Some(Text::PasteNowhere.get(app.profile().language).to_owned());
    Vec::new()
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
