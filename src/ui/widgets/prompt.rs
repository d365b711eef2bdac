//! The lookup / file prompt, drawn over the key-hint row.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::app::{FrameView, Prompt};
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::Text;

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, prompt: &Prompt, theme: &Theme) {
    if prompt.kind.is_question() {
        return question(frame, area, view, prompt, theme);
    }
    let label = format!(" {}: ", kind(view, prompt));
    // What was typed keeps its room; the error gets what is left, cut with an ellipsis.
    let room = (area.width as usize).saturating_sub(label.width() + 1);
    let scroll = prompt.input.visual_scroll(room);
    let value: String = prompt.input.value().chars().skip(scroll).collect();
    let error = match prompt.error.as_deref().filter(|_| error_beside(area.width, view, prompt)) {
        Some(e) => format!("  {e}"),
        None => String::new(),
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

/// A yes-or-no question and the dialog's keys that answer it (`y yes  n no`), or, while it
/// settles, that keys are ignored for a moment.
fn question(frame: &mut Frame, area: Rect, view: &FrameView, prompt: &Prompt, theme: &Theme) {
    let lang = view.language;
    let mut spans = vec![Span::styled(format!(" {} ", kind(view, prompt)), theme.key)];
    if prompt.settling {
        spans.push(Span::styled(format!(" {}", Text::KeysSettling.get(lang)), theme.warning));
    } else {
        let (yes, no) =
            (view.keymap.labels(Context::Dialog, Action::Confirm), view.keymap.labels(Context::Dialog, Action::Back));
        let keys = [(yes.as_str(), Text::HintYes.get(lang)), (no.as_str(), Text::HintNo.get(lang))];
        spans.push(Span::raw(" "));
        spans.extend(crate::paint::fields::hints(theme, &keys));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The prompt's error on the rows below it (over the status bar), when it does not fit
/// whole beside what was typed: going on between words on the second row where the status
/// line has one (`App::status_rows`), so that a long text is never refused unseen.
pub fn draw_error_below(frame: &mut Frame, area: Rect, view: &FrameView, prompt: &Prompt, theme: &Theme) {
    let Some(error) = prompt.error.as_deref().filter(|_| !error_beside(area.width, view, prompt)) else {
        return;
    };
    let room = usize::from(area.width).saturating_sub(4);
    let (first, rest) = match area.height {
        0 | 1 => (crate::paint::columns::truncate(error, room), String::new()),
        _ => crate::app::split_at_width(error, room),
    };
    let mut lines = vec![Line::styled(format!(" ✗ {first}"), theme.error)];
    if !rest.is_empty() {
        lines.push(Line::styled(format!("   {}", crate::paint::columns::truncate(&rest, room)), theme.error));
    }
    frame.render_widget(ratatui::widgets::Clear, area);
    frame.render_widget(Paragraph::new(lines), area);
}

/// Whether the prompt's error fits whole beside what was typed on a row `width` wide.
fn error_beside(width: u16, view: &FrameView, prompt: &Prompt) -> bool {
    let error = prompt.error.as_deref().unwrap_or_default();
    error_room(width, view, prompt).is_some_and(|left| error.width() <= left)
}

/// The prompt's label, naming the keymap's keys.
fn kind(view: &FrameView, prompt: &Prompt) -> String {
    let label = |action| view.keymap.label(Context::Global, action);
    prompt.kind.label(view.language, &label(Action::Open), &label(Action::Back), &prompt.word)
}

/// The columns left for an error beside what was typed on a row `width` wide; `None` when
/// too few.
fn error_room(width: u16, view: &FrameView, prompt: &Prompt) -> Option<usize> {
    let room = (width as usize).saturating_sub(format!(" {}: ", kind(view, prompt)).width() + 1);
    let scroll = prompt.input.visual_scroll(room);
    let value: String = prompt.input.value().chars().skip(scroll).collect();
    Some(room.saturating_sub(value.width() + 2)).filter(|left| *left > 1)
}
