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

/// A column of a list as [`share`] lays it out: as wide as its widest value or header
/// (`wanted`), and how narrow it may be cut (`least`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Want {
    pub wanted: u16,
    pub least: u16,
}

impl Want {
    /// A column never cut (a date, a number): as wide as its widest value.
    pub fn whole(wanted: u16) -> Want {
        Want { wanted, least: wanted }
    }

    /// The column `more` wider (a mark before its values).
    pub fn wider(self, more: u16) -> Want {
        Want { wanted: self.wanted.saturating_add(more), least: self.least }
    }

    /// A column of text as wide as its widest `value` or its `header`, cut to `least` at most.
    pub fn text(header: &str, value: usize, least: u16) -> Want {
        let wanted = u16::try_from(value.max(header.width())).unwrap_or(u16::MAX);
        Want { wanted, least: least.min(wanted) }
    }
}

/// The widths of the `wants` at `width` (inside the border, a space between columns), for
/// every list: each as wide as its widest value when all fit, what is left over staying at
/// the right. When they do not, the columns named in `give_way` give way in that order,
/// each down to its least before the next is cut at all: a list names its names last, so a
/// name is never cut while another column has room to give.
pub fn share(width: u16, wants: &[Want], give_way: &[usize]) -> Vec<u16> {
    let mut widths: Vec<u16> = wants.iter().map(|w| w.wanted).collect();
    let spaces = u16::try_from(wants.len().saturating_sub(1)).unwrap_or(u16::MAX);
    let needed = widths.iter().fold(spaces, |sum, w| sum.saturating_add(*w));
    let mut short = needed.saturating_sub(width);
    for &at in give_way {
        let Some(want) = wants.get(at) else { continue };
        let give = short.min(want.wanted.saturating_sub(want.least));
        widths[at] -= give;
        short -= give;
    }
    widths
}

/// A number right-aligned in its column; one wider than the column is shown as `…`,
/// never with its leading digits cut (the entry's detail has it whole).
pub fn number<'a>(text: String, width: u16) -> Line<'a> {
    let shown = if text.width() <= width.into() { text } else { "…".to_owned() };
    Line::from(shown).right_aligned()
}

/// Text cut to its column with an ellipsis.
pub fn text(text: &str, width: u16) -> String {
    truncate(text, width.into())
}

/// Text cut in the middle to its column, with an ellipsis where it was cut: a domain name
/// keeps its start and its end (`banhmi…com.vn`), so it never reads as another name.
pub fn middle(text: &str, width: u16) -> String {
    let width = usize::from(width);
    if text.width() <= width {
        return text.to_owned();
    }
    if width < 3 {
        return truncate(text, width);
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

/// Cuts to `width` columns with an ellipsis.
pub fn truncate(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) + 1 > width {
            break;
        }
        out.push(c);
    }
    out + "…"
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

    #[test]
    fn a_name_gives_way_only_after_every_other_column_has() {
        let wants = [Want::text("DOMAIN", 25, 14), Want::text("PRODUCT", 24, 10), Want::whole(10)];
        assert_eq!(share(98, &wants, &[1, 0]), [25, 24, 10], "all fit: each as wide as its widest");
        assert_eq!(share(55, &wants, &[1, 0]), [25, 18, 10], "the product gives way first");
        assert_eq!(share(45, &wants, &[1, 0]), [23, 10, 10], "then the name, once the product is at its least");
        assert_eq!(share(20, &wants, &[1, 0]), [14, 10, 10], "never below their least");
        assert_eq!(Want::text("STATUS", 3, 8), Want { wanted: 6, least: 6 }, "the header at least");
    }
}
