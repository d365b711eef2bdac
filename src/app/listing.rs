//! A list grouped by status, as the list screens show one: group
//! headers and entries as rows, kept up to date on change so drawing only slices the visible
//! rows; a filter that narrows the rows without sorting again; a cursor that never rests on
//! a header.

use std::sync::Arc;

use crate::api::Language;
use crate::api::models::groups::StatusGroup;
use crate::app::search_text::{Needle, SearchText};

pub use crate::paint::grouped::Row;

#[derive(Clone, Debug, Default)]
pub struct GroupedList {
    /// Every entry grouped and sorted, computed when the entries change.
    groups: Vec<StatusGroup>,
    /// Every entry's searchable text, lowered once when the entries change.
    search: SearchText,
    /// The filter's results as it was typed, widest first: each one's needle holds the one
    /// before it, so a key that adds to the filter narrows the last result and a key that
    /// takes away goes back to a kept one. Empty when nothing is filtered.
    kept: Vec<Narrowed>,
    /// What the list is narrowed to (as typed); empty shows everything.
    pub filter: String,
    /// The rows on show: the groups with the filter applied.
    pub rows: Vec<Row>,
    /// Where the group headers are in `rows`.
    headers: Vec<usize>,
    /// The result `rows` show (`None`: every entry), so that a key whose result holds the
    /// same entries leaves them as they are.
    showing: Option<Arc<Vec<u32>>>,
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

/// The entries a filter's needle shows.
#[derive(Clone, Debug)]
struct Narrowed {
    needle: Needle,
    /// The entries shown, group after group in the groups' order: shared with the result
    /// it narrowed when it holds the same ones (a longer needle that every entry still holds).
    entries: Arc<Vec<u32>>,
    /// How many of `entries` each group holds.
    counts: Vec<u32>,
}

/// How many results of a filter are kept to go back to (a filter typed longer than this
/// recomputes its first results when deleted back to them).
const KEPT: usize = 32;

impl GroupedList {
    /// New groups and the entries' searchable text (the entries changed). The selection
    /// stays on `keep` (an entry index) when given and shown, else on the first entry.
    pub fn regroup(&mut self, groups: Vec<StatusGroup>, search: SearchText, keep: Option<usize>) {
        self.groups = groups;
        self.search = search;
        self.kept.clear();
        self.apply_filter(true);
        self.select(keep);
    }

    /// Narrows the list to entries whose text or status (as the portal sends it, or in
    /// either language) contains `text`, ignoring case. The selected entry stays selected
    /// while it is still shown.
    pub fn set_filter(&mut self, text: &str) {
        if self.filter == text {
            return;
        }
        let kept = self.selected_index();
        self.filter = text.to_owned();
        if self.apply_filter(false) {
            self.select(kept);
        }
        self.offset = 0;
    }

    /// The rows for the filter: from the kept result it narrows when there is one (a key
    /// added to the filter searches only what the filter showed), else from every entry.
    /// False when the rows stay as they were (`force`: the groups changed, they do not).
    fn apply_filter(&mut self, force: bool) -> bool {
        let needle = Needle::new(&self.filter);
        while self.kept.last().is_some_and(|k| !needle.narrows(&k.needle)) {
            self.kept.pop();
        }
        if !needle.text.is_empty() && self.kept.last().is_none_or(|k| k.needle != needle) {
            let narrowed = self.narrow(needle);
            if self.kept.len() == KEPT {
                self.kept.remove(0);
            }
            self.kept.push(narrowed);
        }
        let result = self.kept.last().map(|k| &k.entries);
        let same = match (&self.showing, result) {
            (None, None) => true,
            (Some(shown), Some(result)) => Arc::ptr_eq(shown, result),
            _ => false,
        };
        if same && !force {
            return false;
        }
        self.showing = result.cloned();
        self.show();
        true
    }

    /// The entries `needle` shows, searched among those of the last kept result (which
    /// `needle` narrows) or among all: a whole group when its status holds the needle,
    /// else the entries whose own text does.
    fn narrow(&self, needle: Needle) -> Narrowed {
        let base = self.kept.last();
        let mut entries: Vec<u32> = Vec::with_capacity(base.map_or(self.search.len(), |b| b.entries.len()));
        let mut counts = Vec::with_capacity(self.groups.len());
        let mut from = 0;
        for (g, group) in self.groups.iter().enumerate() {
            let start = entries.len();
            // A status holding the needle held the wider one too: its group is whole in `base`.
            if status_matches(&group.status, &needle.text) {
                entries.extend(group.records.iter().map(|&i| i as u32));
            } else if let Some(base) = base {
                let n = base.counts.get(g).map_or(0, |&n| n as usize);
                let before = base.entries.get(from..from + n).unwrap_or_default();
                entries.extend(before.iter().copied().filter(|&i| self.search.holds(i as usize, &needle)));
            } else {
                let held = group.records.iter().copied().filter(|&i| self.search.holds(i, &needle));
                entries.extend(held.map(|i| i as u32));
            }
            if let Some(base) = base {
                from += base.counts.get(g).map_or(0, |&n| n as usize);
            }
            counts.push((entries.len() - start) as u32);
        }
        match base {
            Some(base) if base.entries.len() == entries.len() => {
                Narrowed { needle, entries: Arc::clone(&base.entries), counts }
            }
            _ => {
                entries.shrink_to_fit();
                Narrowed { needle, entries: Arc::new(entries), counts }
            }
        }
    }

    /// The rows of the last kept result, or of every entry when nothing is filtered.
    fn show(&mut self) {
        let GroupedList { groups, kept, rows, headers, shown, .. } = self;
        rows.clear();
        headers.clear();
        *shown = 0;
        let mut from = 0;
        for (g, group) in groups.iter().enumerate() {
            let at = rows.len();
            rows.push(Row::Group { status: group.status.clone(), count: 0 });
            match kept.last() {
                None => rows.extend(group.records.iter().map(|&i| Row::Record(i))),
                Some(k) => {
                    let n = k.counts.get(g).map_or(0, |&n| n as usize);
                    let entries = k.entries.get(from..from + n).unwrap_or_default();
                    rows.extend(entries.iter().map(|&i| Row::Record(i as usize)));
                    from += n;
                }
            }
            match rows.len() - at - 1 {
                0 => rows.truncate(at),
                count => {
                    if let Row::Group { count: n, .. } = &mut rows[at] {
                        *n = count;
                    }
                    headers.push(at);
                    *shown += count;
                }
            }
        }
    }

    /// The group headers on show, in order: each one's status and count.
    pub fn headers(&self) -> impl Iterator<Item = (&str, usize)> {
        self.headers.iter().filter_map(|&at| match self.rows.get(at) {
            Some(Row::Group { status, count }) => Some((status.as_str(), *count)),
            _ => None,
        })
    }

    /// The selected entry's place among the entries shown, from 1; 0 when none is.
    /// What drawing reads of it.
    pub fn shown(&self) -> crate::paint::grouped::Shown<'_> {
        crate::paint::grouped::Shown {
            rows: &self.rows,
            offset: self.offset,
            selected: self.selected,
            filter: &self.filter,
            shown: self.shown,
            place: self.place(),
        }
    }

    pub fn place(&self) -> usize {
        let Some(last) = self.rows.len().checked_sub(1) else { return 0 };
        let upto = self.selected.min(last);
        upto + 1 - self.headers.partition_point(|&at| at <= upto)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A listed entry: its status and the fields the filter searches.
    struct Entry(&'static str, [&'static str; 2]);

    const ENTRIES: [Entry; 10] = [
        Entry("Active", ["phosaigon.vn", "Phở Sài Gòn"]),
        Entry("Expired", ["banhmi.vn", "Bánh Mì"]),
        Entry("Active", ["scale-0012.vn", "Hosting Scale 00012"]),
        Entry("Pending", ["caphesuada.vn", "CÀ PHÊ SỮA ĐÁ"]),
        Entry("Active", ["scale-0105.vn", "Hosting Scale 00105"]),
        Entry("Expired", ["scale-0050.vn", "Ấn tượng"]),
        Entry("Active", ["example.vn", "Example Co"]),
        Entry("Pending", ["Bún-Bò.vn", "bún bò huế"]),
        Entry("Active", ["scale-0500.vn", "EXPIRED? no"]),
        Entry("Expired", ["hue.vn", "Huế"]),
    ];

    /// The entries grouped by status (Active, Expired, Pending), in order.
    fn groups(entries: &[Entry]) -> Vec<StatusGroup> {
        ["Active", "Expired", "Pending"]
            .iter()
            .map(|s| StatusGroup {
                status: (*s).to_owned(),
                records: (0..entries.len()).filter(|&i| entries[i].0 == *s).collect(),
            })
            .filter(|g| !g.records.is_empty())
            .collect()
    }

    fn list(entries: &[Entry]) -> GroupedList {
        let mut list = GroupedList::default();
        let search = SearchText::build(entries, |e, add| e.1.iter().for_each(|f| add(f)));
        list.regroup(groups(entries), search, None);
        list
    }

    /// The rows as the filter showed them before results were kept: every entry's fields
    /// matched anew with `contains`.
    fn reference(entries: &[Entry], filter: &str) -> Vec<Row> {
        let needle = filter.trim().to_lowercase();
        let mut rows = Vec::new();
        for group in groups(entries) {
            let whole = needle.is_empty() || status_matches(&group.status, &needle);
            let records: Vec<usize> = group
                .records
                .iter()
                .copied()
                .filter(|&i| whole || entries[i].1.iter().any(|f| contains(f, &needle)))
                .collect();
            if !records.is_empty() {
                rows.push(Row::Group { status: group.status.clone(), count: records.len() });
                rows.extend(records.into_iter().map(Row::Record));
            }
        }
        rows
    }

    fn check(list: &GroupedList, entries: &[Entry]) {
        let expected = reference(entries, &list.filter);
        assert_eq!(list.rows, expected, "filter {:?}", list.filter);
        assert_eq!(list.shown, expected.iter().filter(|r| matches!(r, Row::Record(_))).count());
        let headers: Vec<(String, usize)> = list.headers().map(|(s, n)| (s.to_owned(), n)).collect();
        let expected_headers: Vec<(String, usize)> = expected
            .iter()
            .filter_map(|r| match r {
                Row::Group { status, count } => Some((status.clone(), *count)),
                Row::Record(_) => None,
            })
            .collect();
        assert_eq!(headers, expected_headers);
    }

    fn needles(list: &GroupedList) -> Vec<&str> {
        list.kept.iter().map(|k| k.needle.text.as_str()).collect()
    }

    #[test]
    fn typing_narrows_what_is_shown_and_deleting_goes_back_to_a_kept_result() {
        let mut list = list(&ENTRIES);
        let mut typed = String::new();
        for c in "scale-0".chars() {
            typed.push(c);
            list.set_filter(&typed);
            check(&list, &ENTRIES);
        }
        assert_eq!(needles(&list), ["s", "sc", "sca", "scal", "scale", "scale-", "scale-0"]);
        list.set_filter("scale-01");
        check(&list, &ENTRIES);
        assert_eq!(list.rows, [Row::Group { status: "Active".into(), count: 1 }, Row::Record(4)]);
        // Deleting goes back to what was kept for the shorter text.
        list.set_filter("scale-0");
        check(&list, &ENTRIES);
        assert_eq!(needles(&list).last(), Some(&"scale-0"));
        assert_eq!(list.kept.len(), 7);
        list.set_filter("scale-05");
        check(&list, &ENTRIES);
        assert_eq!(list.rows, [Row::Group { status: "Active".into(), count: 1 }, Row::Record(8)]);
        list.set_filter("sc");
        check(&list, &ENTRIES);
        assert_eq!(needles(&list), ["s", "sc"]);
        // Cleared: every entry, nothing kept.
        list.set_filter("");
        check(&list, &ENTRIES);
        assert_eq!(list.shown, ENTRIES.len());
        assert!(list.kept.is_empty());
    }

    #[test]
    fn pasted_text_replaced_text_and_spaces_filter_as_typed_text_does() {
        let mut list = list(&ENTRIES);
        for filter in
            ["h", "hosting scale 00", "hosting scale 001", "h", "xyz", "vn", " VN ", "  ", "vn", "e", "exp", "expired"]
        {
            list.set_filter(filter);
            check(&list, &ENTRIES);
        }
        // A needle that only a status holds shows its whole group, then narrows in it.
        list.set_filter("expi");
        check(&list, &ENTRIES);
        assert_eq!(list.shown, 4, "the Expired group and EXPIRED? no: {:?}", list.rows);
        list.set_filter("expired?");
        check(&list, &ENTRIES);
        assert_eq!(list.rows, [Row::Group { status: "Active".into(), count: 1 }, Row::Record(8)]);
    }

    #[test]
    fn vietnamese_text_and_statuses_match_in_either_case_with_their_diacritics() {
        let mut list = list(&ENTRIES);
        for filter in ["p", "ph", "phở", "PHỞ S", "pho", "h", "hu", "huế", "HUẾ", "hue", "cà phê sữa", "ấn", "bún-bò"]
        {
            list.set_filter(filter);
            check(&list, &ENTRIES);
        }
        list.set_filter("huế");
        assert_eq!(list.shown, 2, "Huế and bún bò huế: {:?}", list.rows);
        // A status in Vietnamese shows its group whole.
        for filter in ["h", "hế", "hết", "hết h", "hết hạn", "hết hạx", "hết hạn"] {
            list.set_filter(filter);
            check(&list, &ENTRIES);
        }
        assert_eq!(list.shown, 3);
    }

    #[test]
    fn a_refresh_while_filtered_shows_the_new_entries_filtered_and_keeps_the_selection() {
        let mut list = list(&ENTRIES);
        list.set_filter("scale");
        list.set_filter("scale-0");
        assert!(list.select_where(|i| i == 4));
        // The entries come again, two of them gone and the order changed.
        let fresh: Vec<Entry> = [8, 4, 0, 5, 9, 1].iter().map(|&i| Entry(ENTRIES[i].0, ENTRIES[i].1)).collect();
        let search = SearchText::build(&fresh, |e, add| e.1.iter().for_each(|f| add(f)));
        list.regroup(groups(&fresh), search, Some(1));
        check(&list, &fresh);
        assert_eq!(list.selected_index(), Some(1), "still on scale-0105");
        assert_eq!(needles(&list), ["scale-0"], "the old results are not kept");
        list.set_filter("scale-00");
        check(&list, &fresh);
        list.set_filter("scale-");
        check(&list, &fresh);
        list.set_filter("");
        check(&list, &fresh);
    }

    #[test]
    fn a_key_whose_result_holds_the_same_entries_leaves_the_rows_as_they_are() {
        let mut list = list(&ENTRIES);
        list.set_filter("scale");
        assert!(list.select_where(|i| i == 5));
        list.offset = 1;
        let rows = list.rows.clone();
        list.set_filter("scale-");
        assert_eq!(list.rows, rows);
        assert!(Arc::ptr_eq(&list.kept[0].entries, &list.kept[1].entries), "one list of entries for both");
        assert_eq!((list.selected_index(), list.offset), (Some(5), 0), "the selection kept, the view at the top");
        check(&list, &ENTRIES);
        list.set_filter("scale");
        check(&list, &ENTRIES);
        list.set_filter("scale-00");
        check(&list, &ENTRIES);
        assert_eq!(list.selected_index(), Some(5));
    }

    #[test]
    fn the_selection_stays_on_its_entry_while_it_is_shown() {
        let mut list = list(&ENTRIES);
        assert!(list.select_where(|i| i == 4));
        for filter in ["s", "sc", "scale-01", "scale-010", "scale-0"] {
            list.set_filter(filter);
            assert_eq!(list.selected_index(), Some(4), "{filter}");
        }
        list.set_filter("scale-05");
        assert_eq!(list.selected_index(), Some(8), "gone: the first shown");
        list.set_filter("");
        assert_eq!(list.selected_index(), Some(8));
        assert_eq!(list.place(), 5, "the Active group's fifth: after example.vn");
    }

    #[test]
    fn any_sequence_of_edits_shows_what_a_fresh_filter_would() {
        let pieces = ["s", "c", "a", "le-0", "1", "5", "vn", ".", "h", "ế", "Ở", " ", "E", "x", "p"];
        let mut list = list(&ENTRIES);
        let mut typed = String::new();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let pick = (seed >> 33) as usize;
            match pick % 7 {
                // Deleting one character, or all.
                0 | 1 => {
                    typed.pop();
                }
                2 if pick % 5 == 0 => typed.clear(),
                _ => typed.push_str(pieces[pick % pieces.len()]),
            }
            if typed.chars().count() > 12 {
                typed.clear();
            }
            if pick % 11 == 0 {
                list.move_by(1 + (pick % 3) as isize);
            }
            let before = list.selected_index();
            list.set_filter(&typed);
            check(&list, &ENTRIES);
            assert!(list.kept.len() <= KEPT);
            // The selection stays on its entry while it is shown, else goes to the first.
            let first = list.rows.iter().find_map(|r| match r {
                Row::Record(i) => Some(*i),
                Row::Group { .. } => None,
            });
            let still = before.filter(|e| list.rows.contains(&Row::Record(*e)));
            assert_eq!(list.selected_index(), still.or(first), "{typed:?}");
        }
    }
}
