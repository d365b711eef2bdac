//! A list grouped by status, drawn the same way on every screen that has one: a title, a
//! header row, group headers with counts, entries; only the visible rows are built.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow, Table};

use super::Paint;
use super::scrollbar::{self, Window};
use crate::config::theme::Theme;
use crate::i18n::{Text, format};

/// A row of a grouped list: a group's header or an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Group {
        status: String,
        count: usize,
    },
    /// An entry, by its index in the owner's items.
    Record(usize),
}

/// What drawing reads of a grouped list (`GroupedList::shown`): its rows on show, where it
/// is scrolled to and the selected row, the filter typed, how many entries the rows show
/// and the selected entry's place among them.
pub struct Shown<'a> {
    pub rows: &'a [Row],
    pub offset: usize,
    pub selected: usize,
    pub filter: &'a str,
    pub shown: usize,
    pub place: usize,
}

/// One column: its header and width, and whether it holds numbers (its header is then
/// right-aligned over them).
#[derive(Clone, Copy)]
pub struct Column {
    pub header: Text,
    pub width: Constraint,
    pub number: bool,
}

/// Draws `list` in a bordered table titled `title`; `entry(index, selected, widths)` builds
/// an entry's row, its cells fitted to the columns' `widths` (see `columns`). An empty
/// result of a filter says so.
pub fn draw<'a>(
    frame: &mut Frame,
    area: Rect,
    paint: &Paint,
    (list, title, columns): (&Shown, String, &[Column]),
    entry: impl Fn(usize, bool, &[u16]) -> TableRow<'a>,
) {
    let (lang, theme) = (paint.language, paint.theme);
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    if list.rows.is_empty() {
        let none = if list.filter.is_empty() {
            Text::NothingListed.get(lang).to_owned()
        } else {
            Text::NoMatch.fill(lang, &[("filter", &list.filter)])
        };
        return frame.render_widget(Paragraph::new(Line::styled(none, theme.dim)).block(block), area);
    }
    let height = area.height.saturating_sub(3) as usize;
    // The groups' titles span the whole row (`group_titles`): the columns are sized by
    // their entries alone.
    let constraints: Vec<Constraint> = columns.iter().map(|c| c.width).collect();
    let widths = super::columns::layout(area.width.saturating_sub(2), &constraints);
    let mut titles = Vec::new();
    let rows: Vec<TableRow> = list
        .rows
        .iter()
        .enumerate()
        .skip(list.offset)
        .take(height)
        .map(|(i, row)| match row {
            Row::Group { status, count } => {
                titles.push((i - list.offset, group_title(status, *count, lang)));
                TableRow::new(vec![Cell::from("")]).style(theme.group)
            }
            Row::Record(r) => entry(*r, i == list.selected, &widths),
        })
        .collect();
    let header = TableRow::new(columns.iter().map(|c| {
        let line = Line::from(c.header.get(lang));
        if c.number { line.right_aligned() } else { line }
    }))
    .style(theme.dim);
    let widths = widths.into_iter().map(Constraint::Length);
    let table = Table::new(rows, widths).header(header).flex(ratatui::layout::Flex::Start);
    frame.render_widget(table.block(block), area);
    group_titles(frame, area, &titles, theme);
    where_in(frame, area, paint, list);
}

/// The groups' titles (`▾ Active (7)`) across the whole row of a table drawn in `area`
/// (bordered, under a header), at their places among the rows shown: a title is never cut
/// to its first column, so its count is always seen.
pub fn group_titles(frame: &mut Frame, area: Rect, titles: &[(usize, String)], theme: &Theme) {
    let width = area.width.saturating_sub(2);
    for (row, title) in titles {
        let Some(y) = u16::try_from(*row).ok().and_then(|r| area.y.checked_add(2 + r)) else { continue };
        if y >= area.bottom().saturating_sub(1) {
            continue;
        }
        let line = Line::styled(super::columns::text(title, width), theme.group);
        frame.render_widget(Paragraph::new(line), Rect::new(area.x + 1, y, width, 1));
    }
}

/// The scrollbar beside a grouped list's rows (under its header) and the selected entry's
/// place among those shown.
pub fn where_in(frame: &mut Frame, area: Rect, paint: &Paint, list: &Shown) {
    let theme = paint.theme;
    let rows = usize::from(area.height.saturating_sub(3));
    let window = Window { offset: list.offset, rows, total: list.rows.len() };
    scrollbar::bar(frame, area, 1, window, theme);
    if list.place > 0 {
        scrollbar::position(frame, area, list.place, list.shown, paint.language, theme);
    }
}

/// A group's row: `▾ Active (7)`.
pub fn group_title(status: &str, count: usize, lang: crate::api::Language) -> String {
    format!("▾ {} ({})", crate::i18n::status(status, lang), format::count(count, lang))
}

/// The title of a list: `Services — 12 — Enter opens`, or with a filter how many it shows.
pub fn title(paint: &Paint, screen: Text, list: &Shown, total: usize) -> String {
    let lang = paint.language;
    let records = format::count(total, lang);
    if list.filter.is_empty() {
        let open = paint.key(crate::config::keys::Action::Open);
        Text::ListTitle.fill(lang, &[("screen", &screen.get(lang)), ("count", &records), ("key", &open)])
    } else {
        let shown = format::count(list.shown, lang);
        let back = paint.key(crate::config::keys::Action::Back);
        Text::ListFiltered.fill(
            lang,
            &[
                ("screen", &screen.get(lang)),
                ("filter", &list.filter),
                ("shown", &shown),
                ("count", &records),
                ("key", &back),
            ],
        )
    }
}

/// The title of a list with marked entries: `Domains — 12 — 3 marked · 1,500,000 VND`, with
/// a filter how many it shows of how many (`4/12`); `marked` says the marks.
/// `records` says how many the list holds (`12`, `12 records`).
pub fn marked_title(paint: &Paint, screen: Text, list: &Shown, records: &str, marked: &str) -> String {
    let lang = paint.language;
    let count = match list.filter.is_empty() {
        true => records.to_owned(),
        false => format!("“{}”: {}/{records}", list.filter, format::count(list.shown, lang)),
    };
    Text::ListMarked.fill(lang, &[("screen", &screen.get(lang)), ("count", &count), ("marked", &marked)])
}
