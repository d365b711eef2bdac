//! Portal text is untrusted: it may carry terminal escape sequences, control characters or
//! bidirectional overrides. Everything the portal sends passes through here before it can
//! reach a terminal, a clipboard payload or a log line.

use std::borrow::Cow;

/// Cleans one line of portal text: escape sequences are removed, other control and bidi
/// characters are dropped. Newlines and tabs become spaces.
pub fn line(text: &str) -> Cow<'_, str> {
    clean(text, Keep::Nothing)
}

/// Cleans multi-line portal text (a CSR, an address): like [`line`] but keeps `\n`.
pub fn multiline(text: &str) -> Cow<'_, str> {
    clean(text, Keep::Newlines)
}

/// Cleans a message a person wrote, to send (a ticket's): like [`multiline`] but keeps tabs
/// too; `\r\n` and a lone `\r` become `\n`.
pub fn message(text: &str) -> Cow<'_, str> {
    let text =
        if text.contains('\r') { Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n")) } else { text.into() };
    match clean(&text, Keep::NewlinesAndTabs) {
        Cow::Borrowed(_) => text,
        Cow::Owned(cleaned) => Cow::Owned(cleaned),
    }
}

/// The white space a text keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Nothing,
    Newlines,
    NewlinesAndTabs,
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

fn needs_cleaning(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

fn clean(text: &str, keep: Keep) -> Cow<'_, str> {
    let keep_newlines = keep != Keep::Nothing;
    // Printable ASCII, the common case, is clean without decoding a single character.
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) || !text.chars().any(needs_cleaning) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' if keep_newlines => out.push('\n'),
            '\r' if keep_newlines => {}
            '\t' if keep == Keep::NewlinesAndTabs => out.push('\t'),
            '\n' | '\r' | '\t' => out.push(' '),
            '\u{1b}' => skip_escape(&mut chars),
            // C1 introducers that act like ESC-prefixed sequences on 8-bit terminals.
            '\u{9b}' => skip_until_final(&mut chars),
            '\u{9d}' | '\u{90}' | '\u{98}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            c if needs_cleaning(c) => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

fn skip_escape(chars: &mut Chars<'_>) {
    match chars.next() {
        Some('[') => skip_until_final(chars),
        Some(']' | 'P' | 'X' | '^' | '_') => skip_string(chars),
        // Two- and three-byte sequences (ESC ( B, ESC c, ...): intermediates then a final.
        Some(c) if ('\u{20}'..='\u{2f}').contains(&c) => {
            while chars.next_if(|c| ('\u{20}'..='\u{2f}').contains(c)).is_some() {}
            chars.next();
        }
        _ => {}
    }
}

/// CSI: parameter and intermediate bytes up to a final byte in `@`..`~`.
fn skip_until_final(chars: &mut Chars<'_>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            break;
        }
    }
}

/// OSC, DCS, SOS, PM, APC: up to BEL, ST (`ESC \`) or the 8-bit ST.
fn skip_string(chars: &mut Chars<'_>) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => break,
            '\u{1b}' => {
                chars.next_if_eq(&'\\');
                break;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed_untouched() {
        assert!(matches!(line("Tên miền example.vn"), Cow::Borrowed(_)));
        assert!(matches!(line("ns1.example.vn ~"), Cow::Borrowed(_)));
        assert_eq!(line("del\u{7f}ete"), "delete");
    }

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        assert_eq!(line("ns1\u{1b}]0;TITLE\u{7}.vn"), "ns1.vn");
        assert_eq!(line("a\u{1b}[2Jb\u{1b}[31mc"), "abc");
        assert_eq!(line("x\u{1b}P1;2qdata\u{1b}\\y"), "xy");
        assert_eq!(line("bell\u{7}\u{0}\u{9b}31m!"), "bell!");
        assert_eq!(line("evil\u{202E}txt.exe"), "eviltxt.exe");
        assert_eq!(line("a\nb\tc"), "a b c");
    }

    #[test]
    fn a_message_keeps_its_lines_and_tabs() {
        assert_eq!(message("a\r\n\tb\rc\u{1b}[31m!\u{7}\u{202e}"), "a\n\tb\nc!");
        assert_eq!(message("Chào anh,\n\tcảm ơn"), "Chào anh,\n\tcảm ơn");
    }

    #[test]
    fn multiline_keeps_newlines_only() {
        assert_eq!(multiline("-----BEGIN-----\r\nAB\u{1b}[2J\n"), "-----BEGIN-----\nAB\n");
    }
}
