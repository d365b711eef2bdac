//! Where a view is in what it shows, drawn on its box's border after the box: a scrollbar
//! on the right border when there is more than fits (ratatui's `Scrollbar`, no arrows, the
//! border's own line as its track), and on a list the entry's place, `123/2,010`, at the
//! right of the bottom border.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Scrollbar, ScrollbarOrientation, ScrollbarState};
use unicode_width::UnicodeWidthStr;

use crate::api::Language;
use crate::config::theme::Theme;
use crate::i18n::format;

/// What a bordered box shows of a longer content: `offset` the first line shown, `rows`
/// lines shown at a time, `total` lines in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub offset: usize,
    pub rows: usize,
    pub total: usize,
}

impl Window {
    /// Whether some of the content is out of view.
    pub fn scrolls(&self) -> bool {
        self.total > self.rows
    }
}

/// A scrollbar on the right border of the box `area`, beside its lines from `skip` rows
/// below its top border (a table's header is not scrolled); nothing when all of it shows.
pub fn bar(frame: &mut Frame, area: Rect, skip: u16, window: Window, theme: &Theme) {
    if !window.scrolls() || area.width < 2 {
        return;
    }
    let track =
        Rect { x: area.x, y: area.y + 1 + skip, width: area.width, height: area.height.saturating_sub(2 + skip) };
    // Positions a view can start at, as `ScrollbarState` counts them: the thumb is then as
    // long as the share of the content shown and reaches the end at the last offset.
    let positions = window.total - window.rows + 1;
    let mut state = ScrollbarState::new(positions).position(window.offset).viewport_content_length(window.rows);
    let bar = Scrollbar::new(ScrollbarOrientation::VerticalRight)
        .begin_symbol(None)
        .end_symbol(None)
        .track_symbol(Some(ratatui::symbols::line::VERTICAL))
        .track_style(theme.dim)
        .thumb_symbol(ratatui::symbols::block::FULL)
        .thumb_style(theme.key);
    frame.render_stateful_widget(bar, track, &mut state);
}

/// `at/of` (both counted from 1, grouped as the language writes numbers) at the right of
/// the box's bottom border, when it fits.
pub fn position(frame: &mut Frame, area: Rect, at: usize, of: usize, language: Language, theme: &Theme) {
    let text = position_text(at, of, language);
    let width = u16::try_from(text.width()).unwrap_or(u16::MAX);
    if area.height < 2 || width + 4 > area.width {
        return;
    }
    let x = area.right() - 2 - width;
    frame.buffer_mut().set_string(x, area.bottom() - 1, &text, theme.dim);
}

/// ` 123/2,010 `.
pub fn position_text(at: usize, of: usize, language: Language) -> String {
    format!(" {}/{} ", format::count(at, language), format::count(of, language))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::widgets::Block;

    fn drawn(window: Window, at: Option<(usize, usize)>) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(20, 12)).unwrap();
        let theme = Theme::ansi();
        terminal
            .draw(|f| {
                let area = f.area();
                f.render_widget(Block::bordered(), area);
                bar(f, area, 0, window, &theme);
                if let Some((at, of)) = at {
                    position(f, area, at, of, Language::English, &theme);
                }
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        (0..12).map(|y| (0..20).map(|x| buffer[(x, y)].symbol()).collect()).collect()
    }

    fn right_border(lines: &[String]) -> String {
        lines[1..11].iter().map(|l| l.chars().last().unwrap()).collect()
    }

    #[test]
    fn the_thumb_shows_where_the_view_is_and_how_much_of_it() {
        let top = drawn(Window { offset: 0, rows: 10, total: 40 }, None);
        assert_eq!(right_border(&top), "███│││││││", "a quarter shown, at the top");
        let end = drawn(Window { offset: 30, rows: 10, total: 40 }, None);
        assert_eq!(right_border(&end), "│││││││███", "at the end, the thumb at the bottom");
        let all = drawn(Window { offset: 0, rows: 10, total: 10 }, None);
        assert_eq!(right_border(&all), "││││││││││", "all shown: the border alone");
    }

    #[test]
    fn a_list_says_which_entry_of_how_many() {
        let lines = drawn(Window { offset: 0, rows: 10, total: 10 }, Some((123, 2010)));
        assert_eq!(lines[11], "└────── 123/2,010 ─┘");
        let narrow = drawn(Window { offset: 0, rows: 10, total: 10 }, Some((123_456_789, 1_000_000_000)));
        assert_eq!(narrow[11], "└──────────────────┘", "no room: nothing rather than a cut number");
        assert_eq!(position_text(3, 10_000, Language::Vietnamese), " 3/10.000 ");
    }
}
