//! Label/value lines, the way every detail view lays out fields.

use ratatui::text::{Line, Span};

use crate::config::theme::Theme;
use crate::i18n::{Language, Text};

/// `label  value` with labels padded to `width`; `n/a` and empty values dimmed.
pub fn line(theme: &Theme, label: &str, value: impl AsRef<str>, width: usize) -> Line<'static> {
    let value = value.as_ref();
    let label = Span::styled(format!("  {}  ", pad(label, width)), theme.dim);
    let value = if value.trim().is_empty() {
        Span::styled("—", theme.dim)
    } else if value.trim().eq_ignore_ascii_case("n/a") {
        Span::styled("n/a", theme.dim)
    } else {
        Span::styled(value.to_owned(), theme.text)
    };
    Line::from(vec![label, value])
}

/// A field the portal did not send at all.
pub fn missing<'a>(theme: &Theme, label: &str, width: usize, language: Language) -> Line<'a> {
    let label = Span::styled(format!("  {}  ", pad(label, width)), theme.dim);
    Line::from(vec![label, Span::styled(Text::Missing.get(language), theme.dim)])
}

pub use crate::i18n::format::pad;

pub fn section<'a>(theme: &Theme, title: impl Into<String>) -> Line<'a> {
    Line::from(Span::styled(title.into(), theme.title))
}

/// A form's label, `▸ ` before the focused one, padded to `width`, in the form's style.
pub fn form_label(theme: &Theme, label: &str, width: usize, focused: bool) -> Span<'static> {
    let text = format!("{}{} ", if focused { "▸ " } else { "  " }, pad(label, width));
    Span::styled(text, if focused { theme.key } else { theme.dim })
}

/// A form's text field as much of it fits in `width` columns around its cursor (`masked`
/// shows `•` for each character), and the cursor's column in it when it has the focus.
pub fn text_input(
    theme: &Theme,
    input: &tui_input::Input,
    width: usize,
    focused: bool,
    masked: bool,
) -> (Span<'static>, Option<usize>) {
    let scroll = input.visual_scroll(width);
    let shown: String = if masked {
        "•".repeat(input.value().chars().count().saturating_sub(scroll))
    } else {
        input.value().chars().skip(scroll).collect()
    };
    let cursor = focused.then(|| input.visual_cursor().saturating_sub(scroll));
    (Span::styled(shown, if focused { theme.title } else { theme.text }), cursor)
}

/// Key hints in one style everywhere: `key word  key word`.
pub fn hints(theme: &Theme, pairs: &[(&str, &str)]) -> Vec<Span<'static>> {
    pairs
        .iter()
        .flat_map(|(key, word)| {
            [Span::styled(key.to_string(), theme.key), Span::styled(format!(" {word}  "), theme.dim)]
        })
        .collect()
}
