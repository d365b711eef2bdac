//! The domains screen's state: every registration the portal lists (where it lists them)
//! and every name looked up this session, grouped by status in a [`GroupedList`]; the open
//! registration's details and DNS records; the DNS form open over it.

use compact_str::CompactString;

use std::collections::HashMap;

use std::collections::BTreeMap;

use super::form::DnsForm;
use crate::api::models::groups::group_by_status;
use crate::api::models::{DnsRecord, DomainRecord};
use crate::app::listing::{GroupedList, contains};
use crate::config::keys::Action;

pub use crate::app::listing::Row;

#[derive(Clone, Debug, Default)]
pub struct DomainsView {
    /// Names in the order they were first looked up.
    pub names: Vec<String>,
    pub records: Vec<DomainRecord>,
    /// Whether `records` holds the portal's whole list (`GET /domain`).
    pub listed: bool,
    pub list: GroupedList,
    /// The record whose detail is open.
    pub detail: Option<usize>,
    pub detail_scroll: crate::app::Scroll,
    /// DNS records by registration id, as last read (or why they could not be).
    pub dns: HashMap<String, Result<Vec<DnsRecord>, String>>,
    /// The DNS record selected in the open detail (for changing or deleting it).
    pub dns_cursor: usize,
    /// The record types each registration takes, as the portal listed them.
    pub dns_types: HashMap<u64, Vec<String>>,
    /// The DNS record to select once the records are read again (the one just changed).
    pub select_dns: Option<String>,
    /// Why the last lookup of a name failed, by name (the radar shows it for watched ones).
    pub errors: BTreeMap<String, String>,
    /// The DNS form, open over the screen (a confirmation may be open over it in turn).
    pub form: Option<Box<DnsForm>>,
    /// The form of a DNS change in flight: opened again if the portal refuses it.
    pub sent_form: Option<Box<DnsForm>>,
    /// The open registration's settings read beside its details, and its transfer code
    /// when asked for.
    pub settings: Box<super::Settings>,
    /// The list's columns, measured over every record when the records change.
    pub widths: super::Widths,
}

impl DomainsView {
    /// Replaces the records of `name` with a fresh answer. A lookup the user typed
    /// (`looked_up`) selects its first record and shows the list; any other answer leaves
    /// the selection and an open detail on the record they were on (by id), so answers
    /// arriving in the background never move them. With nothing selected yet, the list
    /// opens on its first record in its own order.
    pub fn set_records(&mut self, name: &str, records: Vec<DomainRecord>, looked_up: bool) {
        if !self.names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            self.names.push(name.to_owned());
        }
        self.replace(|r| r.name.eq_ignore_ascii_case(name), records);
        if looked_up {
            self.detail = None;
            self.settings.transfer_code = None;
            self.list.moved = true;
            let records = &self.records;
            self.list.select_where(|i| records[i].name.eq_ignore_ascii_case(name));
        }
    }

    /// The portal's whole list: it replaces every record it names again, and the names
    /// looked up that it does not hold stay.
    pub fn set_listed(&mut self, records: Vec<DomainRecord>) {
        use std::collections::HashSet;
        let listed: HashSet<CompactString> = records.iter().map(|r| r.name.to_lowercase()).collect();
        let looked_up: HashSet<CompactString> = self.names.iter().map(|n| n.to_lowercase().into()).collect();
        self.listed = true;
        // What the list holds now, and what an earlier list held that is gone, both go.
        self.replace(
            |r| {
                let name = r.name.to_lowercase();
                listed.contains(&name) || !looked_up.contains(&name)
            },
            records,
        );
    }

    /// Puts one registration's fresh details in place of the one with its id.
    pub fn set_details(&mut self, record: DomainRecord) {
        let id = record.id.clone();
        if let Some(at) = self.records.iter().position(|r| r.id == id) {
            self.records[at] = record;
            let keep = self.list.selected_index();
            self.regroup(keep);
        }
    }

    /// Drops the records `stale` picks and adds `fresh`, keeping the selection and an open
    /// detail on the records they were on (by name and id).
    fn replace(&mut self, stale: impl Fn(&DomainRecord) -> bool, fresh: Vec<DomainRecord>) {
        let key = |view: &DomainsView, i: usize| view.records.get(i).map(|r| (r.name.to_lowercase(), r.id.clone()));
        let selected = self.list.selected_index().and_then(|i| key(self, i)).filter(|_| self.list.moved);
        let detail = self.detail.and_then(|i| key(self, i));
        self.records.retain(|r| !stale(r));
        // The longer list takes in the shorter: a list of thousands is not copied whole.
        if fresh.len() > self.records.len() {
            let kept = std::mem::replace(&mut self.records, fresh);
            self.records.extend(kept);
        } else {
            self.records.extend(fresh);
        }
        let index_of = |view: &DomainsView, key: (CompactString, CompactString)| {
            view.records.iter().position(|r| r.id == key.1 && r.name.to_lowercase() == key.0)
        };
        self.detail = detail.and_then(|k| index_of(self, k));
        let keep = selected.and_then(|k| index_of(self, k));
        self.regroup(keep);
    }

    fn regroup(&mut self, keep: Option<usize>) {
        self.widths = super::Widths::measure(&self.records);
        let records = &self.records;
        self.list.regroup(group_by_status(records), keep, |i, needle| contains(&records[i].name, needle));
    }

    /// Narrows the list to records whose name or status contains `text` (see
    /// [`GroupedList::set_filter`]).
    pub fn set_filter(&mut self, text: &str) {
        let records = &self.records;
        self.list.set_filter(text, |i, needle| contains(&records[i].name, needle));
    }

    pub fn selected_record(&self) -> Option<&DomainRecord> {
        self.list.selected_index().and_then(|i| self.records.get(i))
    }

    /// Selects the record with this id; false when there is none.
    pub fn select_id(&mut self, id: &str) -> bool {
        let records = &self.records;
        self.list.select_where(|i| records[i].id == id)
    }

    /// Opens the selected record's detail.
    pub fn open_detail(&mut self) {
        self.detail = self.list.selected_index();
        self.settings.transfer_code = None;
        self.detail_scroll.to_start();
        self.dns_cursor = 0;
    }

    /// How many DNS records the open detail lists.
    pub fn dns_count(&self) -> usize {
        self.listed_dns().map_or(0, <[DnsRecord]>::len)
    }

    /// The open detail's DNS records, as last read.
    pub fn listed_dns(&self) -> Option<&[DnsRecord]> {
        let listed = self.detail_record().and_then(|r| self.dns.get(r.id.as_str()));
        listed.and_then(|r| r.as_ref().ok()).map(Vec::as_slice)
    }

    /// Why the open detail's DNS record at `index` cannot be changed or deleted, if so.
    pub fn dns_read_only(&self, index: usize) -> Option<crate::api::dns_ids::ReadOnly> {
        crate::api::dns_ids::address(self.listed_dns()?, index).err()
    }

    /// ↑/↓ in a detail with DNS records move between them (the view follows); past the
    /// first or last they scroll. Other moves scroll the detail.
    pub(super) fn move_in_detail(&mut self, action: Action, page: isize) -> bool {
        let count = self.dns_count();
        let step = match action {
            Action::Up if count > 0 => -1,
            Action::Down if count > 0 => 1,
            other => return self.detail_scroll.apply(other, page),
        };
        let next = self.dns_cursor as isize + step;
        if next < 0 || next >= count as isize {
            self.detail_scroll.by(step);
        } else {
            self.dns_cursor = next as usize;
            self.detail_scroll.reveal(self.dns_line() + self.dns_cursor);
        }
        true
    }

    /// The fields a registration's detail opens with, a line each (its settings among
    /// them: autorenew, ID protection, the registrar lock, the transfer code).
    pub const DETAIL_FIELDS: usize = 13;

    /// The line of `record`'s detail its first DNS record is drawn on: below the fields, a
    /// blank line, the name servers shown under their heading (one line saying none when
    /// there are none), a blank line and the DNS records' heading. The detail's lines are
    /// never wrapped, so the width does not matter.
    pub fn first_dns_line(&self, record: &DomainRecord) -> usize {
        Self::DETAIL_FIELDS + 2 + self.shown_nameservers(record).len().max(1) + 2
    }

    /// The open detail's line of its first DNS record, so ↑/↓ can bring the selected one
    /// into view.
    pub fn dns_line(&self) -> usize {
        self.detail_record().map_or(0, |r| self.first_dns_line(r))
    }

    /// The record whose detail is open.
    pub fn detail_record(&self) -> Option<&DomainRecord> {
        self.detail.and_then(|i| self.records.get(i))
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
            .list
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
        view.list.move_to(false);
        assert_eq!(view.list.selected, 1);
        view.list.move_by(1);
        assert_eq!(view.list.selected, 3, "jumps over the Expired header");
        view.list.move_by(-1);
        assert_eq!(view.list.selected, 1);
        view.list.move_by(-5);
        assert_eq!(view.list.selected, 1, "stays on the first record");
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
            view.list
                .rows
                .iter()
                .map(|r| match r {
                    Row::Group { status, count } => format!("{status} ({count})"),
                    Row::Record(i) => view.records[*i].id.to_string(),
                })
                .collect()
        };
        view.set_filter("PHO");
        assert_eq!(shown(&view), ["Active (1)", "1", "Expired (1)", "2"]);
        assert_eq!((view.list.shown, view.selected_record().unwrap().id.as_str()), (2, "1"), "the selection stays");
        view.set_filter("com");
        assert_eq!(shown(&view), ["Pending (1)", "4"], "case is ignored both ways");
        assert_eq!(view.selected_record().unwrap().id, "4", "a hidden selection moves to the first record");
        view.set_filter("expired");
        assert_eq!(shown(&view), ["Expired (1)", "2"]);
        view.set_filter("hết hạn");
        assert_eq!(shown(&view), ["Expired (1)", "2"], "statuses match in Vietnamese too");
        view.set_filter("zzz");
        assert!(view.list.rows.is_empty() && view.selected_record().is_none() && view.list.shown == 0);
        view.list.move_by(1);
        view.list.move_to(true);
        view.set_filter("");
        assert_eq!(view.list.shown, 4);
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
