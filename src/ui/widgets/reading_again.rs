//! "reading again…" on the top border of a screen whose figures a change made stale,
//! until they are read: what is shown is the portal's as it was before the change.

use ratatui::Frame;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

use crate::app::FrameView;
use crate::config::theme::Theme;
use crate::i18n::Text;

/// Drawn at the right of the body's top border, over border only: a screen's title is
/// never covered (too narrow, it is left out).
pub fn draw(frame: &mut Frame, body: Rect, view: &FrameView, theme: &Theme) {
    if !view.reading_again {
        return;
    }
    let text = format!(" ↻ {} ", Text::ReadingAgain.get(view.language));
    let width = u16::try_from(text.width()).unwrap_or(u16::MAX);
    // Two columns of border kept before the corner.
    let Some(x) = body.right().checked_sub(width + 2).filter(|x| *x > body.x) else { return };
    let buffer = frame.buffer_mut();
    let border = (x..x + width).all(|col| buffer.cell((col, body.y)).is_some_and(|c| c.symbol() == "─"));
    if border {
        buffer.set_string(x, body.y, &text, theme.dim);
    }
}
