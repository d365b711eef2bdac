//! The lookup / file prompt, drawn over the key-hint row.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::app::{App, Prompt};
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, prompt: &Prompt, theme: &Theme) {
    let label = |action| app.keymap.label(Context::Global, action);
    let kind = prompt.kind.label(app.profile().language, &label(Action::Open), &label(Action::Back), &prompt.word);
    let label = format!(" {kind}: ");
    // What was typed keeps its room; the error gets what is left, cut with an ellipsis.
    let room = (area.width as usize).saturating_sub(label.width() + 1);
    let scroll = prompt.input.visual_scroll(room);
    let value: String = prompt.input.value().chars().skip(scroll).collect();
    let left = room.saturating_sub(value.width() + 2);
    let error = match prompt.error.as_deref() {
        Some(e) if left > 1 => format!("  {}", super::status_bar::truncate(e, left)),
        _ => String::new(),
    };
    let line = Line::from(vec![
        Span::styled(label.clone(), theme.key),
        Span::styled(value, theme.text),
        Span::styled(error, theme.error),
    ]);
    frame.render_widget(Paragraph::new(line), area);
    let x = area.x + (label.width() + prompt.input.visual_cursor().saturating_sub(scroll)) as u16;
    frame.set_cursor_position(Position { x: x.min(area.right().saturating_sub(1)), y: area.y });
}
