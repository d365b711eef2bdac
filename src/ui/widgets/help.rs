//! The help popup, generated from the active keymap.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::app::FrameView;
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::paint::centered;

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    let rows = &view.help_rows;
    let key_width = rows.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    let widest = rows.iter().map(|(_, what)| what.width()).max().unwrap_or(0);
    let rect = centered(area, (key_width + widest + 5).max(40) as u16, rows.len() as u16 + 2);
    let visible = rect.height.saturating_sub(2) as usize;
    let scroll = usize::from(view.help_scroll.fit(rows.len(), visible));
    // What a key does, cut with an ellipsis where the screen is narrower than its words (a
    // cut is always seen): the popup's width less its borders and the keys' column.
    let room = usize::from(rect.width).saturating_sub(2 + key_width + 3);
    // A key that does nothing here is followed by a row without keys saying why: both dim.
    let not_here = |at: usize| rows.get(at + 1).is_some_and(|(k, _)| k.is_empty()) || rows[at].0.is_empty();
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(scroll)
        .map(|(at, (keys, what))| {
            let pad = " ".repeat(key_width - keys.width());
            let (key_style, text_style) = if not_here(at) { (theme.dim, theme.dim) } else { (theme.key, theme.text) };
            Line::from(vec![
                Span::styled(format!(" {keys}{pad}  "), key_style),
                Span::styled(crate::paint::columns::truncate(what, room), text_style),
            ])
        })
        .collect();
    let (up, down) = (view.key(crate::config::keys::Action::Up), view.key(crate::config::keys::Action::Down));
    let more = if rows.len() > visible {
        Text::ScrollHint.fill(view.language, &[("up", &up), ("down", &down)])
    } else {
        String::new()
    };
    let screen = view.screen.title(view.language);
    let title = format!(" {}{more} ", Text::KeysTitle.fill(view.language, &[("screen", &screen)]));
    frame.render_widget(Clear, rect);
    let back = view.keymap.label(crate::config::keys::Context::Global, crate::config::keys::Action::Back);
    let close = format!(" {} ", Text::HelpClose.fill(view.language, &[("key", &back)]));
    let block = Block::bordered().title(Line::styled(title, theme.title)).title_bottom(Line::styled(close, theme.dim));
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    let window = crate::paint::scrollbar::Window { offset: scroll, rows: visible, total: rows.len() };
    crate::paint::scrollbar::bar(frame, rect, 0, window, theme);
}
