//! A list grouped by status, as the list screens show one: group
//! headers and entries as rows, kept up to date on change so drawing only slices the visible
//! rows; a filter that narrows the rows without sorting again; a cursor that never rests on
//! a header.

use crate::api::Language;
use crate::api::models::groups::StatusGroup;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Group {
        status: String,
        count: usize,
    },
    /// An entry, by its index in the owner's items.
    Record(usize),
}

#[derive(Clone, Debug, Default)]
pub struct GroupedList {
    /// Every entry grouped and sorted, computed when the entries change.
    groups: Vec<StatusGroup>,
    /// What the list is narrowed to (as typed); empty shows everything.
    pub filter: String,
    /// The rows on show: the groups with the filter applied.
    pub rows: Vec<Row>,
    /// How many entries the rows show.
    pub shown: usize,
    /// Index into `rows`; always an entry row when there are entries.
    pub selected: usize,
    /// Whether the user moved the selection: until then the list opens on its first entry,
    /// whatever order answers arrive in.
    pub moved: bool,
    /// First visible row.
    pub offset: usize,
}

impl GroupedList {
    /// New groups (the entries changed); `matches(entry, needle)` says whether an entry's
    /// own text holds the filter. The selection stays on `keep` (an entry index) when given
    /// and shown, else on the first entry.
    pub fn regroup(&mut self, groups: Vec<StatusGroup>, keep: Option<usize>, matches: impl Fn(usize, &str) -> bool) {
        self.groups = groups;
        self.apply_filter(&matches);
        self.select(keep);
    }

    /// Narrows the list to entries whose text or status (as the portal sends it, or in
    /// either language) contains `text`, ignoring case. The selected entry stays selected
    /// while it is still shown.
    pub fn set_filter(&mut self, text: &str, matches: impl Fn(usize, &str) -> bool) {
        if self.filter == text {
            return;
        }
        let kept = self.selected_index();
        self.filter = text.to_owned();
        self.apply_filter(&matches);
        self.select(kept);
        self.offset = 0;
    }

    fn apply_filter(&mut self, matches: &dyn Fn(usize, &str) -> bool) {
        self.rows.clear();
        self.shown = 0;
        let needle = self.filter.trim().to_lowercase();
        for group in &self.groups {
            let whole_group = needle.is_empty() || status_matches(&group.status, &needle);
            let matching = group.records.iter().copied().filter(|&i| whole_group || matches(i, &needle));
            let at = self.rows.len();
            self.rows.push(Row::Group { status: group.status.clone(), count: 0 });
            self.rows.extend(matching.map(Row::Record));
            let count = self.rows.len() - at - 1;
            match count {
                0 => self.rows.truncate(at),
                n => self.rows[at] = Row::Group { status: group.status.clone(), count: n },
            }
            self.shown += count;
        }
    }

    /// Selects entry `entry` when it is shown, else the first entry.
    pub fn select(&mut self, entry: Option<usize>) {
        let row = entry.and_then(|k| self.rows.iter().position(|row| *row == Row::Record(k)));
        self.selected = row.unwrap_or(0);
        self.snap_to_record(1);
    }

    /// Selects the first shown entry that `wanted` picks; false when none does.
    pub fn select_where(&mut self, wanted: impl Fn(usize) -> bool) -> bool {
        let found = self.rows.iter().position(|row| matches!(row, Row::Record(i) if wanted(*i)));
        if let Some(row) = found {
            self.selected = row;
            self.moved = true;
        }
        found.is_some()
    }

    /// The selected entry's index in the owner's items.
    pub fn selected_index(&self) -> Option<usize> {
        match self.rows.get(self.selected) {
            Some(Row::Record(i)) => Some(*i),
            _ => None,
        }
    }

    /// Moves by `delta` rows, skipping group headers, staying in bounds.
    pub fn move_by(&mut self, delta: isize) {
        if self.rows.is_empty() {
            return;
        }
        self.moved = true;
        self.selected = super::scroll::step(self.selected, delta, self.rows.len());
        self.snap_to_record(if delta < 0 { -1 } else { 1 });
    }

    pub fn move_to(&mut self, end: bool) {
        self.moved = true;
        self.selected = if end { self.rows.len().saturating_sub(1) } else { 0 };
        self.snap_to_record(if end { -1 } else { 1 });
    }

    /// Selects the entry on `row` (a click); false when the row is a header or beyond.
    pub fn click(&mut self, row: usize) -> bool {
        if !matches!(self.rows.get(row), Some(Row::Record(_))) {
            return false;
        }
        self.selected = row;
        self.moved = true;
        true
    }

    fn snap_to_record(&mut self, direction: isize) {
        let is_record = |i: isize, rows: &[Row]| i >= 0 && matches!(rows.get(i as usize), Some(Row::Record(_)));
        let in_bounds = |i: isize, rows: &[Row]| i >= 0 && (i as usize) < rows.len();
        self.selected = self.selected.min(self.rows.len().saturating_sub(1));
        for way in [direction, -direction] {
            let mut i = self.selected as isize;
            while in_bounds(i, &self.rows) && !is_record(i, &self.rows) {
                i += way;
            }
            if in_bounds(i, &self.rows) {
                self.selected = i as usize;
                return;
            }
        }
    }

    /// A click on `line` of the rows on screen: the selected entry again opens, another
    /// entry is selected, a header is nothing.
    pub fn click_line(&mut self, line: usize) -> crate::app::screens::Click {
        use crate::app::screens::Click;
        let row = self.offset + line;
        if row == self.selected && matches!(self.rows.get(row), Some(Row::Record(_))) {
            Click::Open
        } else if self.click(row) {
            Click::Selected
        } else {
            Click::Nothing
        }
    }

    /// Keeps the selection (and its group header when it fits) inside a window of `height`.
    pub fn scroll_into_view(&mut self, height: usize) {
        let height = height.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
            if self.offset > 0 && matches!(self.rows.get(self.offset - 1), Some(Row::Group { .. })) {
                self.offset -= 1;
            }
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        self.offset = self.offset.min(self.rows.len().saturating_sub(height));
    }

    /// The list's keys shared by every grouped screen: true when `action` was one of them.
    pub fn apply(&mut self, action: crate::config::keys::Action, page: isize) -> bool {
        use crate::config::keys::Action;
        match action {
            Action::Up => self.move_by(-1),
            Action::Down => self.move_by(1),
            Action::PageUp => self.move_by(-page),
            Action::PageDown => self.move_by(page),
            Action::Home => self.move_to(false),
            Action::End => self.move_to(true),
            _ => return false,
        }
        true
    }
}

/// Whether `text` contains `needle` (already lower-case), ignoring case.
pub fn contains(text: &str, needle: &str) -> bool {
    if needle.is_empty() {
        true
    } else if text.is_ascii() && needle.is_ascii() {
        text.as_bytes().windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
    } else {
        text.to_lowercase().contains(needle)
    }
}

/// A status matches in the portal's words or in either language's.
fn status_matches(status: &str, needle: &str) -> bool {
    contains(status, needle)
        || [Language::English, Language::Vietnamese].iter().any(|&l| contains(&crate::i18n::status(status, l), needle))
}
