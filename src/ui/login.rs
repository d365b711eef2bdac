use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::app::{Field, FrameView};
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::paint::{centered, fields, spinner};
use unicode_width::UnicodeWidthStr;

const LABEL_WIDTH: usize = 13;

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    // A remembered session being taken up: only that is said, no form flashes by.
    if let (true, Some(doing)) = (view.resuming, view.login_activity.clone()) {
        let glyph = spinner::frame(view.spinner).unwrap_or(" ");
        let line = Line::styled(format!("{glyph} {doing}"), theme.key).centered();
        return frame.render_widget(Paragraph::new(line), centered(area, area.width, 1));
    }
    let form = &view.login;
    let lang = view.language;
    let fields: Vec<Field> = form.fields().collect();
    // The message under the form: what is happening, or what went wrong. Long messages wrap
    // under their own first word rather than back at the margin.
    let message = if let Some(doing) = view.login_activity.clone() {
        let glyph = spinner::frame(view.spinner).unwrap_or(" ");
        Some((format!(" {glyph} "), doing, theme.key))
    } else if let Some(error) = &form.error {
        Some((" ✗ ".to_owned(), error.clone(), theme.error))
    } else if let Some(warning) = form.insecure_warning(lang) {
        Some((" ⚠ ".to_owned(), warning, theme.warning))
    } else {
        form.hint.as_ref().map(|hint| (" ℹ ".to_owned(), hint.clone(), theme.dim))
    };
    // The box grows for a message longer than two lines (a first run's hint, say).
    let text_width = (area.width.min(72) as usize).saturating_sub(5).max(1);
    let message_rows = message.as_ref().map_or(1, |(_, text, _)| textwrap_lines(text, text_width).len());
    // Enter and Esc are the keymap's; the field keys are the form's own editing keys.
    let (open, back) =
        (view.keymap.label(Context::Global, Action::Open), view.keymap.label(Context::Global, Action::Back));
    let keys = [
        (open.as_str(), Text::HintSignIn.get(lang)),
        ("Tab/↑↓", Text::HintField.get(lang)),
        ("←→/Space", Text::HintChange.get(lang)),
        ("Ctrl-S", Text::HintSaveProfile.get(lang)),
        (back.as_str(), if view.login_escape_goes_back { Text::HintBack } else { Text::HintQuit }.get(lang)),
    ];
    // Another profile to switch to (one still signed in, after `X`): the switcher offered.
    let switcher = view.login_switcher.as_deref().map(|key| (key, Text::HintProfiles.get(lang)));
    let keys = keys.into_iter().chain(switcher);
    // As many lines as the keys need in the box, never one cut short.
    let mut hint_rows: Vec<Vec<(&str, &str)>> = vec![Vec::new()];
    let mut used = 1;
    for (key, word) in keys {
        let width = key.width() + word.width() + 3;
        if used + width > text_width + 3 && hint_rows.last().is_some_and(|row| !row.is_empty()) {
            hint_rows.push(Vec::new());
            used = 1;
        }
        used += width;
        if let Some(row) = hint_rows.last_mut() {
            row.push((key, word));
        }
    }
    let hint_lines: Vec<Line> =
        hint_rows.iter().map(|row| Line::from([vec![Span::raw(" ")], fields::hints(theme, row)].concat())).collect();
    let rect = centered(area, 72, fields.len() as u16 + 5 + message_rows.max(2) as u16 + hint_lines.len() as u16);
    let title = format!(" {} ", Text::LoginBoxTitle.get(lang));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let value_width = (inner.width as usize).saturating_sub(LABEL_WIDTH + 5);
    // A typed value starts where a choice's does, after the room its `‹` takes.
    const CHOICE_MARK: usize = 2;
    let mut lines = Vec::new();
    let mut cursor = None;
    for (row, field) in fields.iter().enumerate() {
        let focused = form.focus == *field;
        let label = fields::form_label(theme, field.label(lang), LABEL_WIDTH, focused);
        let value = match form.input(*field) {
            Some(input) => {
                let (shown, at) = fields::text_input(theme, input, value_width, focused, *field == Field::Password);
                if let Some(at) = at {
                    let x = inner.x + (label.width() + CHOICE_MARK + at) as u16;
                    cursor = Some(Position { x, y: inner.y + row as u16 });
                }
                vec![Span::raw(" ".repeat(CHOICE_MARK)), shown]
            }
            None => {
                let text = if focused {
                    format!("‹ {} ›", form.choice(*field, lang))
                } else {
                    format!("  {}", form.choice(*field, lang))
                };
                vec![Span::styled(text, if focused { theme.title } else { theme.text })]
            }
        };
        lines.push(Line::from([vec![label], value].concat()));
    }
    lines.push(Line::default());
    let message_lines: Vec<Line> = match &message {
        Some((mark, text, style)) => textwrap_lines(text, text_width)
            .into_iter()
            .enumerate()
            .map(|(i, l)| Line::styled(format!("{}{l}", if i == 0 { mark.as_str() } else { "   " }), *style))
            .collect(),
        None => vec![Line::default()],
    };
    lines.push(Line::default());
    lines.extend(message_lines);
    lines.push(Line::default());
    lines.extend(hint_lines);
    frame.render_widget(Paragraph::new(lines), inner);
    if let (Some(pos), false, None) = (cursor, view.busy_here, view.popup) {
        frame.set_cursor_position(pos);
    }
}

/// `text` in lines of at most `width` columns, broken between words only: never inside
/// a word at a hyphen (a flag such as `--print-default-config` stays whole).
fn textwrap_lines(text: &str, width: usize) -> Vec<String> {
    let options = textwrap::Options::new(width).word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options).into_iter().map(|line| line.into_owned()).collect()
}
