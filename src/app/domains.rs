//! The domains screen's state: every name looked up this session, their records, and the
//! rows derived from them (group headers and records), kept up to date on change so drawing
//! only slices the visible rows.

use crate::api::models::DomainRecord;
use crate::domain_groups::group_by_status;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Group { status: String, count: usize },
    Record(usize),
}

#[derive(Clone, Debug, Default)]
pub struct DomainsView {
    /// Names in the order they were first looked up.
    pub names: Vec<String>,
    pub records: Vec<DomainRecord>,
    pub rows: Vec<Row>,
    /// Index into `rows`; always a record row when there are records.
    pub selected: usize,
    /// First visible row.
    pub offset: usize,
    /// The record whose detail is open.
    pub detail: Option<usize>,
    pub detail_scroll: usize,
}

impl DomainsView {
    /// Replaces the records of `name` with a fresh answer.
    pub fn set_records(&mut self, name: &str, records: Vec<DomainRecord>) {
        // A refresh keeps the selected record; a new lookup selects its first row.
        let kept = self.selected_record().filter(|r| r.name.eq_ignore_ascii_case(name)).map(|r| r.id.clone());
        if !self.names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            self.names.push(name.to_owned());
        }
        self.records.retain(|r| !r.name.eq_ignore_ascii_case(name));
        self.records.extend(records);
        self.rebuild();
        let wanted = |r: &DomainRecord| match &kept {
            Some(id) => &r.id == id,
            None => r.name.eq_ignore_ascii_case(name),
        };
        let row = self.rows.iter().position(|row| matches!(row, Row::Record(i) if wanted(&self.records[*i])));
        if let Some(row) = row {
            self.selected = row;
        }
        self.detail = None;
    }

    fn rebuild(&mut self) {
        self.rows.clear();
        for group in group_by_status(&self.records) {
            self.rows.push(Row::Group { status: group.status, count: group.records.len() });
            self.rows.extend(group.records.into_iter().map(Row::Record));
        }
        self.selected = self.selected.min(self.rows.len().saturating_sub(1));
        self.snap_to_record(1);
    }

    pub fn selected_record(&self) -> Option<&DomainRecord> {
        match self.rows.get(self.selected) {
            Some(Row::Record(i)) => self.records.get(*i),
            _ => None,
        }
    }

    /// Selects the record with this id; false when there is none.
    pub fn select_id(&mut self, id: &str) -> bool {
        let found = self.rows.iter().position(|row| matches!(row, Row::Record(i) if self.records[*i].id == id));
        if let Some(row) = found {
            self.selected = row;
        }
        found.is_some()
    }

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
        let last = self.rows.len() as isize - 1;
        self.selected = (self.selected as isize + delta).clamp(0, last) as usize;
        self.snap_to_record(if delta < 0 { -1 } else { 1 });
    }

    pub fn move_to(&mut self, end: bool) {
        self.selected = if end { self.rows.len().saturating_sub(1) } else { 0 };
        self.snap_to_record(if end { -1 } else { 1 });
    }

    fn snap_to_record(&mut self, direction: isize) {
        let is_record = |i: usize, rows: &[Row]| matches!(rows.get(i), Some(Row::Record(_)));
        let mut i = self.selected as isize;
        while i >= 0 && (i as usize) < self.rows.len() && !is_record(i as usize, &self.rows) {
            i += direction;
        }
        if i < 0 || i as usize >= self.rows.len() {
            // Nothing that way: look the other way.
            i = self.selected as isize;
            while i >= 0 && (i as usize) < self.rows.len() && !is_record(i as usize, &self.rows) {
                i -= direction;
            }
        }
        if i >= 0 && (i as usize) < self.rows.len() {
            self.selected = i as usize;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, name: &str, status: &str, expires: &str) -> DomainRecord {
        DomainRecord {
            id: id.into(),
            name: name.into(),
            status: status.into(),
            expires: expires.into(),
            ..Default::default()
        }
    }

    #[test]
    fn lookups_accumulate_and_group() {
        let mut view = DomainsView::default();
        view.set_records(
            "example.vn",
            vec![record("1", "example.vn", "Expired", "2025-01-01"), record("2", "example.vn", "Active", "2027-01-01")],
        );
        view.set_records("a.vn", vec![record("3", "a.vn", "Active", "2026-12-01")]);
        assert_eq!(view.names, ["example.vn", "a.vn"]);
        let headers: Vec<_> = view
            .rows
            .iter()
            .filter_map(|r| match r {
                Row::Group { status, count } => Some((status.as_str(), *count)),
                _ => None,
            })
            .collect();
        assert_eq!(headers, [("Active", 2), ("Expired", 1)]);
        assert_eq!(view.selected_record().unwrap().id, "3", "the new lookup is selected");
        view.set_records("example.vn", vec![record("2", "example.vn", "Active", "2027-01-01")]);
        assert_eq!(view.records.len(), 2, "a repeated lookup replaces the name's records");
    }

    #[test]
    fn movement_skips_group_headers() {
        let mut view = DomainsView::default();
        view.set_records(
            "x.vn",
            vec![record("1", "x.vn", "Active", "2027-01-01"), record("2", "x.vn", "Expired", "2025-01-01")],
        );
        view.move_to(false);
        assert_eq!(view.selected, 1);
        view.move_by(1);
        assert_eq!(view.selected, 3, "jumps over the Expired header");
        view.move_by(-1);
        assert_eq!(view.selected, 1);
        view.move_by(-5);
        assert_eq!(view.selected, 1, "stays on the first record");
    }
}
