//! Table columns sized from what they hold. A number (an amount, a count, a duration) is
//! never cut: its column is as wide as its widest value, and the text columns give way.
//! Text that does not fit ends in an ellipsis, so a cut is always seen.

use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;

/// The width of a number column: its widest value or its header, but at most a third of
/// the table's `width` (past that, see [`number`]).
pub fn number_width(header: &str, values: impl IntoIterator<Item = String>, width: u16) -> u16 {
    fit(header, values.into_iter().map(|v| v.width()).max().unwrap_or(0), width)
}

/// The width of a number column whose widest value is `widest` columns wide (measured
/// once per list: see `Listed::figure`).
pub fn fit(header: &str, widest: usize, width: u16) -> u16 {
    u16::try_from(widest.max(header.width())).unwrap_or(u16::MAX).min(width / 3)
}

/// The widths a `Table` of this `width` (inside its border) gives its columns: laid out
/// from the left, a space between columns, as `Table` does.
pub fn layout(width: u16, constraints: &[Constraint]) -> Vec<u16> {
    Layout::horizontal(constraints.iter().copied())
        .flex(Flex::Start)
        .spacing(1)
        .split(Rect::new(0, 0, width, 1))
        .iter()
        .map(|r| r.width)
        .collect()
}

/// A number right-aligned in its column; one wider than the column is shown as `…`,
/// never with its leading digits cut (the entry's detail has it whole).
pub fn number<'a>(text: String, width: u16) -> Line<'a> {
    let shown = if text.width() <= width.into() { text } else { "…".to_owned() };
    Line::from(shown).right_aligned()
}

/// Text cut to its column with an ellipsis.
pub fn text(text: &str, width: u16) -> String {
    super::widgets::status_bar::truncate(text, width.into())
}

/// Text cut in the middle to its column, with an ellipsis where it was cut: a domain name
/// keeps its start and its end (`banhmi…com.vn`), so it never reads as another name.
pub fn middle(text: &str, width: u16) -> String {
    let width = usize::from(width);
    if text.width() <= width {
        return text.to_owned();
    }
    if width < 3 {
        return super::widgets::status_bar::truncate(text, width);
    }
    let chars: Vec<char> = text.chars().collect();
    let cw = |c: &char| unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
    let (mut head, mut tail) = (String::new(), Vec::new());
    let (mut used, room) = (0, width - 1);
    let (mut i, mut j) = (0, chars.len());
    // The end gets the odd column: a name's end (its zone) says more than its start.
    while i < j {
        let take_tail = tail.len() <= head.chars().count();
        let c = if take_tail { chars[j - 1] } else { chars[i] };
        if used + cw(&c) > room {
            break;
        }
        used += cw(&c);
        if take_tail {
            tail.push(c);
            j -= 1;
        } else {
            head.push(c);
            i += 1;
        }
    }
    head + "…" + &tail.into_iter().rev().collect::<String>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_column_fits_its_widest_value_and_a_number_is_never_cut() {
        let values = ["412,500 VND", "1,234,567,890 VND"].map(str::to_owned);
        assert_eq!(number_width("TOTAL", values, 78), 17);
        assert_eq!(number_width("TOTAL", [], 78), 5, "the header at least");
        assert_eq!(number_width("TOTAL", ["9".repeat(40)], 78), 26, "a third of the table at most");
        assert_eq!(number("1,234,567,890".into(), 11).to_string(), "…");
        assert_eq!(number("1,234,567,890".into(), 13).to_string(), "1,234,567,890");
        assert_eq!(text("Hosting Doanh nghiệp (banhmihoian.vn)", 32), "Hosting Doanh nghiệp (banhmihoi…");
        assert_eq!(layout(78, &[Constraint::Max(40), Constraint::Length(10), Constraint::Length(17)]), [40, 10, 17]);
        assert_eq!(layout(50, &[Constraint::Max(40), Constraint::Length(10), Constraint::Length(17)]), [21, 10, 17]);
        assert_eq!(middle("banhmihoian.com.vn", 13), "banhmi…com.vn");
        assert_eq!(middle("banhmihoian.com.vn", 18), "banhmihoian.com.vn");
        assert_eq!(middle("tên-miền-dài.vn", 9), "tên-…i.vn");
        assert_eq!(layout(78, &[Constraint::Min(12), Constraint::Length(10), Constraint::Length(17)]), [49, 10, 17]);
    }
}
