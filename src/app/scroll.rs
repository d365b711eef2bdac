//! The scroll position of a document (the account, a domain's detail, a certificate, the
//! help popup), kept within its content on every move. How long the content is only the
//! view knows: it reports that each time it draws (`fit`), and moves clamp to the last
//! report, so `End` then `Up` moves up one line at once.

use std::cell::Cell;

use crate::config::keys::Action;

/// A position in a list of `len` items moved by `delta`, kept on an item (0 when empty):
/// every list cursor moves through this.
pub fn step(position: usize, delta: isize, len: usize) -> usize {
    position.saturating_add_signed(delta).min(len.saturating_sub(1))
}

/// Where a cursor on row `position` of `len` goes for one of the moving keys (a row, a page
/// of `page` rows, the first or the last); `None` for any other action. The Overview and
/// the radar move through this.
pub fn moved(position: usize, action: Action, page: isize, len: usize) -> Option<usize> {
    let delta = match action {
        Action::Up => -1,
        Action::Down => 1,
        Action::PageUp => -page,
        Action::PageDown => page,
        Action::Home => return Some(0),
        Action::End => return Some(len.saturating_sub(1)),
        _ => return None,
    };
    Some(step(position, delta, len))
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    offset: Cell<usize>,
    /// The largest offset that still fills the view, as of the last draw.
    max: Cell<usize>,
    /// Rows in the view, as of the last draw.
    rows: Cell<usize>,
    /// The line last revealed, kept in view when the view's size changes before it is
    /// drawn (a second status row, a resize), until the view is scrolled otherwise.
    pin: Cell<Option<usize>>,
}

impl Scroll {
    pub fn offset(&self) -> usize {
        self.offset.get()
    }

    /// Moves by `delta` lines, within the content.
    pub fn by(&mut self, delta: isize) {
        let moved = self.offset.get().saturating_add_signed(delta);
        self.offset.set(moved.min(self.max.get()));
        self.pin.set(None);
    }

    pub fn to_start(&mut self) {
        self.offset.set(0);
        self.pin.set(None);
    }

    pub fn to_end(&mut self) {
        self.offset.set(self.max.get());
        self.pin.set(None);
    }

    /// To the end of the content as the next draw has it, however much it grew (a reply
    /// just added to a conversation).
    pub fn to_end_when_drawn(&mut self) {
        self.offset.set(usize::MAX);
        self.pin.set(None);
    }

    /// Moves just enough for `line` to be in view (as of the last draw). Not held to the
    /// last draw's end: the line may be new (a record just added); the next draw keeps the
    /// offset within the content.
    pub fn reveal(&mut self, line: usize) {
        self.pin.set(Some(line));
        self.keep_pinned();
    }

    /// Whether a line revealed is pinned in view (no scrolling since).
    pub fn pinned(&self) -> bool {
        self.pin.get().is_some()
    }

    /// The offset moved just enough for the pinned line to be in view at the rows known.
    fn keep_pinned(&self) {
        let Some(line) = self.pin.get() else { return };
        let (offset, rows) = (self.offset.get(), self.rows.get().max(1));
        let wanted = if line < offset {
            line
        } else if line >= offset + rows {
            line + 1 - rows
        } else {
            offset
        };
        self.offset.set(wanted);
    }

    /// Whether `line` is in view, as of the last draw (before any draw nothing is known of
    /// the view: every line is taken to be in it).
    pub fn shows(&self, line: usize) -> bool {
        let (offset, rows) = (self.offset.get(), self.rows.get());
        rows == 0 || (offset..offset + rows).contains(&line)
    }

    /// Carries out a movement key; false for any other action.
    pub fn apply(&mut self, action: Action, page: isize) -> bool {
        match action {
            Action::Up => self.by(-1),
            Action::Down => self.by(1),
            Action::PageUp => self.by(-page),
            Action::PageDown => self.by(page),
            Action::Home => self.to_start(),
            Action::End => self.to_end(),
            _ => return false,
        }
        true
    }

    /// Called by the view as it begins to draw, before its lines are built: they are shown
    /// `rows` at a time (what is in view, `shows`, is then this frame's, after a resize too).
    pub fn view_rows(&self, rows: usize) {
        self.rows.set(rows);
        self.keep_pinned();
    }

    /// Called by the view as it draws: `content` lines shown `rows` at a time. Clamps the
    /// offset (the content may have shrunk) and returns it for the widget.
    pub fn fit(&self, content: usize, rows: usize) -> u16 {
        let max = content.saturating_sub(rows);
        self.max.set(max);
        self.rows.set(rows);
        self.keep_pinned();
        self.offset.set(self.offset.get().min(max));
        u16::try_from(self.offset.get()).unwrap_or(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moving_keys_move_a_cursor_and_no_other() {
        assert_eq!(moved(3, Action::Up, 10, 5), Some(2));
        assert_eq!(moved(3, Action::PageDown, 10, 5), Some(4), "kept on the last row");
        assert_eq!(moved(3, Action::PageUp, 10, 5), Some(0));
        assert_eq!((moved(3, Action::Home, 10, 5), moved(0, Action::End, 10, 5)), (Some(0), Some(4)));
        assert_eq!(moved(0, Action::End, 10, 0), Some(0), "an empty list keeps 0");
        assert_eq!(moved(3, Action::Open, 10, 5), None);
    }

    #[test]
    fn list_steps_stay_on_an_item() {
        assert_eq!(step(0, -1, 5), 0);
        assert_eq!(step(3, 10, 5), 4);
        assert_eq!(step(2, isize::MIN, 5), 0);
        assert_eq!(step(2, isize::MAX, 5), 4);
        assert_eq!(step(0, 1, 0), 0, "an empty list stays at 0");
    }

    #[test]
    fn moves_stay_within_the_content() {
        let mut scroll = Scroll::default();
        scroll.fit(50, 20);
        scroll.to_end();
        assert_eq!(scroll.offset(), 30);
        scroll.by(-1);
        assert_eq!(scroll.offset(), 29, "Up after End moves at once");
        scroll.by(isize::MAX);
        assert_eq!(scroll.offset(), 30);
        scroll.by(isize::MIN);
        assert_eq!(scroll.offset(), 0);
        scroll.to_end();
        assert_eq!(scroll.fit(25, 20), 5, "content that shrank pulls the offset back");
        assert_eq!(scroll.fit(10, 20), 0, "content shorter than the view does not scroll");
        scroll.by(3);
        assert_eq!(scroll.offset(), 0);
    }

    #[test]
    fn a_line_is_revealed_with_the_least_move() {
        let mut scroll = Scroll::default();
        scroll.fit(50, 10);
        scroll.reveal(4);
        assert_eq!(scroll.offset(), 0, "a line in view does not move it");
        scroll.reveal(12);
        assert_eq!(scroll.offset(), 3, "a line below comes in at the bottom");
        scroll.reveal(1);
        assert_eq!(scroll.offset(), 1, "a line above comes in at the top");
        scroll.reveal(50);
        assert_eq!(scroll.fit(51, 10), 41, "a line the content has only now comes in");
        scroll.reveal(99);
        assert_eq!(scroll.fit(51, 10), 41, "never past the end once drawn");
    }

    #[test]
    fn a_line_revealed_stays_in_view_when_the_view_shrinks_before_it_is_drawn() {
        let mut scroll = Scroll::default();
        scroll.fit(50, 10);
        scroll.reveal(20);
        assert_eq!(scroll.offset(), 11);
        scroll.view_rows(9);
        assert!(scroll.shows(20), "a row fewer (a second status row): still in view");
        assert_eq!(scroll.fit(50, 9), 12);
        scroll.by(-5);
        scroll.fit(50, 5);
        assert_eq!(scroll.offset(), 7, "a scroll of its own unpins it");
    }

    #[test]
    fn a_line_is_shown_only_within_the_view_once_drawn() {
        let mut scroll = Scroll::default();
        assert!(scroll.shows(99), "before a draw nothing is known of the view");
        scroll.fit(50, 10);
        assert!(scroll.shows(0) && scroll.shows(9) && !scroll.shows(10));
        scroll.reveal(20);
        assert!(scroll.shows(20) && !scroll.shows(10), "as moved, not only as drawn");
    }
}
