//! The domains screen: every name looked up this session, their records, and the
//! rows derived from them (group headers and records), kept up to date on change so drawing
//! only slices the visible rows. A filter narrows the rows without sorting again. Its keys
//! and answers.

use super::{Command, Prompt, PromptKind, Slot, fetch};
use crate::api::models::DomainRecord;
use crate::api::models::domain_groups::{StatusGroup, group_by_status};
use crate::api::{ApiError, Language, Query};
use crate::config::keys::Action;

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
    /// Every record grouped and sorted, computed when records change.
    groups: Vec<StatusGroup>,
    /// What the list is narrowed to (as typed); empty shows everything.
    pub filter: String,
    /// The rows on show: the groups with the filter applied.
    pub rows: Vec<Row>,
    /// How many records the rows show.
    pub shown: usize,
    /// Index into `rows`; always a record row when there are records.
    pub selected: usize,
    /// Whether the user moved the selection (or looked a name up): until then the list
    /// opens on its first record, whatever order answers arrive in.
    pub moved: bool,
    /// First visible row.
    pub offset: usize,
    /// The record whose detail is open.
    pub detail: Option<usize>,
    pub detail_scroll: super::Scroll,
}

impl DomainsView {
    /// Replaces the records of `name` with a fresh answer. A lookup the user typed
    /// (`looked_up`) selects its first record and shows the list; any other answer leaves
    /// the selection and an open detail on the record they were on (by id), so answers
    /// arriving in the background never move them. With nothing selected yet, the list
    /// opens on its first record in its own order.
    pub fn set_records(&mut self, name: &str, records: Vec<DomainRecord>, looked_up: bool) {
        let id_at = |view: &DomainsView, i: usize| view.records.get(i).map(|r| (r.name.to_lowercase(), r.id.clone()));
        let selected = self.selected_index().and_then(|i| id_at(self, i));
        let detail = self.detail.and_then(|i| id_at(self, i));
        if !self.names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            self.names.push(name.to_owned());
        }
        self.records.retain(|r| !r.name.eq_ignore_ascii_case(name));
        self.records.extend(records);
        self.rebuild();
        let index_of = |view: &DomainsView, key: &(String, String)| {
            view.records.iter().position(|r| r.id == key.1 && r.name.eq_ignore_ascii_case(&key.0))
        };
        let row_of = |view: &DomainsView, wanted: &dyn Fn(usize) -> bool| {
            view.rows.iter().position(|row| matches!(row, Row::Record(i) if wanted(*i)))
        };
        let row = if looked_up {
            self.detail = None;
            self.moved = true;
            row_of(self, &|i| self.records[i].name.eq_ignore_ascii_case(name))
        } else {
            self.detail = detail.and_then(|key| index_of(self, &key));
            match selected.filter(|_| self.moved).and_then(|key| index_of(self, &key)) {
                Some(kept) => row_of(self, &|i| i == kept),
                None => row_of(self, &|_| true),
            }
        };
        self.selected = row.unwrap_or(0);
        self.snap_to_record(1);
    }

    fn rebuild(&mut self) {
        self.groups = group_by_status(&self.records);
        self.apply_filter();
    }

    /// Narrows the list to records whose name or status (as the portal sends it, or in
    /// either language) contains `text`, ignoring case. The selected record stays selected
    /// while it is still shown.
    pub fn set_filter(&mut self, text: &str) {
        if self.filter == text {
            return;
        }
        let kept = self.selected_index();
        self.filter = text.to_owned();
        self.apply_filter();
        let row = kept.and_then(|k| self.rows.iter().position(|row| *row == Row::Record(k)));
        self.selected = row.unwrap_or(0);
        self.snap_to_record(1);
        self.offset = 0;
    }

    fn apply_filter(&mut self) {
        self.rows.clear();
        self.shown = 0;
        let needle = self.filter.trim().to_lowercase();
        for group in &self.groups {
            let whole_group = needle.is_empty() || status_matches(&group.status, &needle);
            let records = &self.records;
            let matching =
                group.records.iter().copied().filter(|&i| whole_group || contains(&records[i].name, &needle));
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
            self.moved = true;
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
        self.moved = true;
        self.selected = super::scroll::step(self.selected, delta, self.rows.len());
        self.snap_to_record(if delta < 0 { -1 } else { 1 });
    }

    pub fn move_to(&mut self, end: bool) {
        self.moved = true;
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

/// Whether `text` contains `needle` (already lower-case), ignoring case.
fn contains(text: &str, needle: &str) -> bool {
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

impl DomainsView {
    /// Opens the selected record's detail.
    pub fn open_detail(&mut self) {
        self.detail = self.selected_index();
        self.detail_scroll.to_start();
    }
}

impl super::App {
    /// The list, or the open record's detail (a document).
    pub(super) fn domains_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        let view = &mut self.profile.domains;
        let in_detail = view.detail.is_some();
        match action {
            Action::Refresh => {
                let names = view.names.clone();
                return names
                    .into_iter()
                    .flat_map(|n| self.send(Slot::WatchDomain(n.clone()), fetch(Query::Domain(n))))
                    .collect();
            }
            Action::Lookup => self.prompt = Some(Prompt::new(PromptKind::Domain, "")),
            // Esc closes the detail, then clears the filter.
            Action::Back => {
                return self.back(|app| {
                    let view = &mut app.profile.domains;
                    if view.detail.take().is_some() {
                        return true;
                    }
                    let filtered = !view.filter.is_empty();
                    view.set_filter("");
                    filtered
                });
            }
            other if in_detail && view.detail_scroll.apply(other, page) => {}
            _ if in_detail => return self.unchanged(),
            Action::Up => view.move_by(-1),
            Action::Down => view.move_by(1),
            Action::PageUp => view.move_by(-page),
            Action::PageDown => view.move_by(page),
            Action::Home => view.move_to(false),
            Action::End => view.move_to(true),
            Action::Open => view.open_detail(),
            Action::Filter => self.prompt = Some(Prompt::new(PromptKind::Filter, &view.filter)),
            _ => return self.unchanged(),
        }
        self.keep_selection_visible();
        Vec::new()
    }

    /// An answer for `name`; `looked_up` when the user asked for it (its first record is
    /// then selected), else it only fills the list.
    pub(super) fn domains_answer(
        &mut self,
        name: String,
        result: Result<Vec<DomainRecord>, ApiError>,
        looked_up: bool,
    ) {
        let watched = self.profile.watch.watches_domain(&name);
        match result {
            Ok(records) => {
                self.profile.domains.set_records(&name, records, looked_up);
                self.keep_selection_visible();
                self.profile.error = None;
                self.profile.watch.domain_errors.remove(&name);
            }
            Err(e) => {
                let text = crate::i18n::api_error_for(&e, &name, self.profile.language);
                if watched {
                    self.profile.watch.domain_errors.insert(name, crate::i18n::api_error(&e, self.profile.language));
                }
                self.profile.error = Some(text);
                self.profile.info = None;
            }
        }
        self.profile.watch.rebuild(&self.profile.domains.records, self.today);
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
            true,
        );
        view.set_records("a.vn", vec![record("3", "a.vn", "Active", "2026-12-01")], true);
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
        view.set_records("example.vn", vec![record("2", "example.vn", "Active", "2027-01-01")], true);
        assert_eq!(view.records.len(), 2, "a repeated lookup replaces the name's records");
    }

    #[test]
    fn movement_skips_group_headers() {
        let mut view = DomainsView::default();
        view.set_records(
            "x.vn",
            vec![record("1", "x.vn", "Active", "2027-01-01"), record("2", "x.vn", "Expired", "2025-01-01")],
            true,
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

    #[test]
    fn a_filter_narrows_by_name_or_status_and_keeps_the_selection() {
        let mut view = DomainsView::default();
        view.set_records(
            "pho.vn",
            vec![record("1", "pho.vn", "Active", "2027-01-01"), record("2", "pho.vn", "Expired", "2025-01-01")],
            true,
        );
        view.set_records("bun.vn", vec![record("3", "bun.vn", "Active", "2026-12-01")], true);
        view.set_records("Com.vn", vec![record("4", "Com.vn", "Pending", "2026-12-24")], true);
        assert!(view.select_id("1"));
        let shown = |view: &DomainsView| -> Vec<String> {
            view.rows
                .iter()
                .map(|r| match r {
                    Row::Group { status, count } => format!("{status} ({count})"),
                    Row::Record(i) => view.records[*i].id.clone(),
                })
                .collect()
        };
        view.set_filter("PHO");
        assert_eq!(shown(&view), ["Active (1)", "1", "Expired (1)", "2"]);
        assert_eq!((view.shown, view.selected_record().unwrap().id.as_str()), (2, "1"), "the selection stays");
        view.set_filter("com");
        assert_eq!(shown(&view), ["Pending (1)", "4"], "case is ignored both ways");
        assert_eq!(view.selected_record().unwrap().id, "4", "a hidden selection moves to the first record");
        view.set_filter("expired");
        assert_eq!(shown(&view), ["Expired (1)", "2"]);
        view.set_filter("hết hạn");
        assert_eq!(shown(&view), ["Expired (1)", "2"], "statuses match in Vietnamese too");
        view.set_filter("zzz");
        assert!(view.rows.is_empty() && view.selected_record().is_none() && view.shown == 0);
        view.move_by(1);
        view.move_to(true);
        view.set_filter("");
        assert_eq!(view.shown, 4);
        assert_eq!(shown(&view), ["Active (2)", "3", "1", "Expired (1)", "2", "Pending (1)", "4"]);
        // A fresh answer keeps the filter.
        view.set_filter("bun");
        view.set_records(
            "bun.vn",
            vec![record("3", "bun.vn", "Active", "2026-12-01"), record("5", "bun.vn", "Active", "")],
            true,
        );
        assert_eq!(shown(&view), ["Active (2)", "3", "5"]);
    }
}
