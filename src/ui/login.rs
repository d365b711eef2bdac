use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::widgets::{fields, popup::centered, spinner};
use crate::app::{App, Field, Screen};
use crate::theme::Theme;

const LABEL_WIDTH: usize = 13;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let form = &app.login;
    let rect = centered(area, 70, 15);
    let block = Block::bordered().title(Line::styled(" Sign in to your portal ", theme.title));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let value_width = (inner.width as usize).saturating_sub(LABEL_WIDTH + 5);
    let mut lines = Vec::new();
    let mut cursor = None;
    for (row, field) in Field::ALL.iter().enumerate() {
        let focused = form.focus == *field;
        let marker = if focused { "▸ " } else { "  " };
        let label = format!("{marker}{:<LABEL_WIDTH$} ", field.label());
        let label_style = if focused { theme.key } else { theme.dim };
        let value = match form.input(*field) {
            Some(input) => {
                let scroll = input.visual_scroll(value_width);
                let shown: String = if *field == Field::Password {
                    "•".repeat(input.value().chars().count().saturating_sub(scroll))
                } else {
                    input.value().chars().skip(scroll).collect()
                };
                if focused {
                    let x = inner.x + (label.width() + input.visual_cursor().saturating_sub(scroll)) as u16;
                    cursor = Some(Position { x, y: inner.y + row as u16 });
                }
                Span::styled(shown, if focused { theme.title } else { theme.text })
            }
            None => {
                let text = if focused {
                    format!("‹ {} ›", form.choice(*field))
                } else {
                    format!("  {}", form.choice(*field))
                };
                Span::styled(text, if focused { theme.title } else { theme.text })
            }
        };
        lines.push(Line::from(vec![Span::styled(label, label_style), value]));
    }
    lines.push(Line::default());
    if app.is_busy_on(Screen::Login) {
        let glyph = spinner::frame(app.spinner).unwrap_or(" ");
        lines.push(Line::styled(format!(" {glyph} Signing in…  (Esc cancels)"), theme.key));
    } else if let Some(error) = &form.error {
        lines.push(Line::styled(format!(" ✗ {error}"), theme.error));
    } else if let Some(warning) = form.insecure_warning() {
        lines.push(Line::styled(format!(" ⚠ {warning}"), theme.warning));
    } else {
        lines.push(Line::default());
    }
    lines.push(Line::default());
    let keys = [("Enter", "sign in"), ("Tab/↑↓", "field"), ("←→/Space", "change"), ("Esc", "quit")];
    lines.push(Line::from([vec![Span::raw(" ")], fields::hints(theme, &keys)].concat()));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    if let (Some(pos), false, None) = (cursor, app.is_busy_on(Screen::Login), app.popup) {
        frame.set_cursor_position(pos);
    }
}
