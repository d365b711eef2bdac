//! The domains screen's state: every registration the portal lists (where it lists them)
//! and every name looked up this session, and the names only a hosted DNS zone holds,
//! grouped by status in a [`GroupedList`]; the open registration's details and DNS records
//! (its hosted zone's when it has one); the DNS form open over it.

use compact_str::CompactString;

use std::collections::HashMap;


use super::{DomainsView, ZONE_ONLY_STATUS, Zones};
use crate::api::DnsSource;
use crate::api::models::groups::group_by_status;
use crate::api::models::{DnsRecord, DomainRecord, Zone, name_key, zone_named};
use crate::app::search_text::SearchText;
use crate::config::keys::Action;

pub use crate::app::listing::Row;

/// Record `i` as it is marked: a registration read whole, by its id, its renewal as the
/// list shows it (in the account's currency); a name only a hosted zone holds (from `from`
/// on) is not marked.
fn markable(records: &[DomainRecord], from: usize, i: usize) -> Option<(&str, crate::app::marks::Priced<'_>)> {
    let record = records.get(i).filter(|r| i < from && r.unreadable.is_none() && !r.id.trim().is_empty())?;
    Some((record.id.as_str(), Some((record.recurring_amount, ""))))
}

impl DomainsView {
    /// The registrations (and names looked up), without the names only a zone holds.
    pub fn registrations(&self) -> &[DomainRecord] {
        &self.records[..self.records.len() - self.zone_only]
    }

    /// Whether `record` (one of `records`) is a name only a hosted zone holds.
    pub fn is_zone_only(&self, record: &DomainRecord) -> bool {
        self.records[self.records.len() - self.zone_only..].iter().any(|r| std::ptr::eq(r, record))
    }

    /// The hosted zone named `name`, when the portal listed one.
    pub fn zone_named(&self, name: &str) -> Option<&Zone> {
        match &self.zones {
            Zones::Listed(zones) => zone_named(zones, name),
            _ => None,
        }
    }

    /// Where `record`'s DNS records are kept: its name's hosted zone when there is one,
    /// else its registration; none while the zones are first read (it is not known yet),
    /// nor for a zone whose ids are no numbers.
    pub fn dns_source(&self, record: &DomainRecord) -> Option<DnsSource> {
        match &self.zones {
            Zones::Reading => return None,
            Zones::Listed(zones) => {
                if let Some(zone) = zone_named(zones, &record.name) {
                    return zone.at().map(DnsSource::Zone);
                }
            }
            Zones::Unasked | Zones::NotOffered | Zones::Failed(_) => {}
        }
        record.id.trim().parse().ok().map(DnsSource::Registrar)
    }

    /// Where the open detail's DNS records are kept.
    pub fn detail_source(&self) -> Option<DnsSource> {
        self.detail_record().filter(|r| r.unreadable.is_none()).and_then(|r| self.dns_source(r))
    }

    /// The zones as read: the names only a zone holds join the list (and those no longer
    /// listed leave it); the selection and an open detail stay where they were.
    pub fn set_zones(&mut self, zones: Zones) {
        self.zones = zones;
        self.replace(|_| false, Vec::new());
    }

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
    pub fn set_details(&mut self, mut record: DomainRecord) {
        let id = record.id.clone();
        if let Some(at) = self.records.iter().position(|r| r.id == id) {
            record.keep_known(&self.records[at]);
            self.records[at] = record;
            let keep = self.list.selected_index();
            self.regroup(keep);
        }
    }

    /// Drops the records `stale` picks and adds `fresh`, keeping the selection and an open
    /// detail on the records they were on (by name and id).
    fn replace(&mut self, stale: impl Fn(&DomainRecord) -> bool, mut fresh: Vec<DomainRecord>) {
        // What an earlier answer knew of a registration and this one does not carry stays.
        let known: HashMap<&str, &DomainRecord> = self.records.iter().map(|r| (r.id.as_str(), r)).collect();
        for record in &mut fresh {
            if let Some(before) = known.get(record.id.as_str()).filter(|b| b.name.eq_ignore_ascii_case(&record.name)) {
                record.keep_known(before);
            }
        }
        let key = |view: &DomainsView, i: usize| view.records.get(i).map(|r| (r.name.to_lowercase(), r.id.clone()));
        let selected = self.list.selected_index().and_then(|i| key(self, i)).filter(|_| self.list.moved);
        let detail = self.detail.and_then(|i| key(self, i));
        // The names only a zone holds are made again below, after the registrations.
        self.records.truncate(self.records.len() - self.zone_only);
        self.records.retain(|r| !stale(r));
        // The longer list takes in the shorter: a list of thousands is not copied whole.
        if fresh.len() > self.records.len() {
            let kept = std::mem::replace(&mut self.records, fresh);
            self.records.extend(kept);
        } else {
            self.records.extend(fresh);
        }
        self.add_zone_only();
        let index_of = |view: &DomainsView, key: (CompactString, CompactString)| {
            view.records.iter().position(|r| r.id == key.1 && r.name.to_lowercase() == key.0)
        };
        self.detail = detail.and_then(|k| index_of(self, k));
        let keep = selected.and_then(|k| index_of(self, k));
        self.regroup(keep);
    }

    /// Lists, after the registrations, every zone whose name no registration holds.
    fn add_zone_only(&mut self) {
        self.zone_only = 0;
        let Zones::Listed(zones) = &self.zones else { return };
        if zones.is_empty() {
            return;
        }
        let mut held: std::collections::HashSet<String> = self.records.iter().map(|r| name_key(&r.name)).collect();
        let mut only: Vec<DomainRecord> = Vec::new();
        for zone in zones.iter().filter(|z| z.unreadable.is_none() && !z.name.trim().is_empty()) {
            if held.insert(name_key(&zone.name)) {
                only.push(DomainRecord {
                    name: zone.name.trim().into(),
                    status: ZONE_ONLY_STATUS.into(),
                    ..DomainRecord::default()
                });
            }
        }
        self.zone_only = only.len();
        self.records.extend(only);
    }

    /// Groups the records by status, the names only a zone holds last.
    fn regroup(&mut self, keep: Option<usize>) {
        self.widths = super::Widths::measure(&self.records);
        let records = &self.records;
        let mut groups = group_by_status(records);
        let from = records.len() - self.zone_only;
        if let Some(at) = groups.iter().position(|g| g.records.first().is_some_and(|i| *i >= from)) {
            let zones = groups.remove(at);
            groups.push(zones);
        }
        self.list.regroup(groups, SearchText::build(records, |r, add| add(&r.name)), keep);
        let marks = &mut self.marks;
        let markable = |i| markable(records, from, i);
        marks.listed(records.len(), markable);
    }

    /// The marking keys on the list (`Space`, `*`, `u`); false for any other.
    pub(super) fn mark(&mut self, action: Action) -> bool {
        self.marks.apply(action, &mut self.list)
    }

    /// Takes the mark off the registration with this id (it was done).
    pub(super) fn unmark(&mut self, id: &str) {
        self.marks.unmark(id);
    }

    /// Marks the registrations with these ids and only them (what the Plan hands the list).
    pub(super) fn mark_only(&mut self, ids: &[String]) {
        self.marks.set(ids.iter().map(String::as_str));
    }

    /// The marked registrations, in the order the portal lists them.
    pub fn marked(&self) -> impl Iterator<Item = &DomainRecord> {
        self.marks.marked().filter_map(|i| self.registrations().get(i))
    }

    /// Narrows the list to records whose name or status contains `text` (see
    /// [`GroupedList::set_filter`]).
    pub fn set_filter(&mut self, text: &str) {
        self.list.set_filter(text);
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
        let listed = self.detail_source().and_then(|source| self.dns.get(&source));
        listed.and_then(|r| r.as_ref().ok()).map(Vec::as_slice)
    }

    /// The DNS record selected in the open detail: the one under the cursor, once it is in
    /// view (a key moved into the records, or the detail scrolled to them); none while the
    /// records are off screen, so that no change is made to a record never seen.
    pub fn dns_selected(&self) -> Option<usize> {
        (self.dns_count() > 0 && self.detail_scroll.shows(self.dns_line() + self.dns_cursor)).then_some(self.dns_cursor)
    }

    /// Why the open detail's DNS record at `index` cannot be changed or deleted, if so.
    pub fn dns_read_only(&self, index: usize) -> Option<crate::api::dns::ids::ReadOnly> {
        crate::api::dns::ids::address(self.listed_dns()?, index).err()
    }

    /// The moves in a detail with DNS records move the selected record (the view follows):
    /// ↑/↓ by one, PgUp/PgDn by a page, Home/End to the first or last (the detail's top or
    /// bottom in view too); past the first or last record ↑/↓ and PgUp/PgDn scroll. Without
    /// records they scroll the detail. While no record is selected (the records off
    /// screen), ↓ and PgDn bring the one under the cursor into view, selecting it, and ↑ and
    /// PgUp scroll.
    pub(super) fn move_in_detail(&mut self, action: Action, page: isize) -> bool {
        let count = self.dns_count();
        if count == 0 {
            return self.detail_scroll.apply(action, page);
        }
        if self.dns_selected().is_none() {
            match action {
                Action::Down | Action::PageDown => {
                    self.detail_scroll.reveal(self.dns_line() + self.dns_cursor);
                    return true;
                }
                Action::Up | Action::PageUp => return self.detail_scroll.apply(action, page),
                _ => {}
            }
        }
        let step = match action {
            Action::Up => -1,
            Action::Down => 1,
            Action::PageUp => -page.max(1),
            Action::PageDown => page.max(1),
            Action::Home => {
                self.dns_cursor = 0;
                self.detail_scroll.to_start();
                return true;
            }
            Action::End => {
                self.dns_cursor = count - 1;
                self.detail_scroll.to_end();
                self.detail_scroll.reveal(self.dns_line() + self.dns_cursor);
                return true;
            }
            _ => return false,
        };
        let next = crate::app::scroll::step(self.dns_cursor, step, count);
        if next == self.dns_cursor {
            self.detail_scroll.by(step);
        } else {
            self.dns_cursor = next;
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
        if self.is_zone_only(record) {
            return Self::ZONE_FIELDS + 2;
        }
        Self::DETAIL_FIELDS + 2 + self.shown_nameservers(record).len().max(1) + 2
    }

    /// The fields the detail of a name only a hosted zone holds opens with: the zone, its
    /// service, and that the name is not a registration of the account. Then a blank line
    /// and the DNS records' heading.
    pub const ZONE_FIELDS: usize = 3;

    /// The open detail's line of its first DNS record, so ↑/↓ can bring the selected one
    /// into view.
    pub fn dns_line(&self) -> usize {
        self.detail_record().map_or(0, |r| self.first_dns_line(r))
    }

    /// The selected DNS record kept in view once lines above it came or went (the
    /// nameservers read after the records, details replacing the list's): its line is worked
    /// out again from the record, never kept by number. Nothing moves once scrolled.
    pub fn keep_dns_selection_in_view(&mut self) {
        if self.detail.is_some() && self.detail_scroll.pinned() {
            self.detail_scroll.reveal(self.dns_line() + self.dns_cursor);
        }
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
    fn names_only_a_zone_holds_are_listed_last_and_answers_keep_the_open_detail() {
        let zone = |id: &str, name: &str| Zone {
            zone_id: id.into(),
            name: name.into(),
            service_id: "2230".into(),
            ..Zone::default()
        };
        let mut view = DomainsView::default();
        view.set_records("a.vn", vec![record("1", "a.vn", "Active", "2027-01-01")], true);
        assert_eq!(view.dns_source(&view.records[0]), Some(DnsSource::Registrar(1)), "no zones asked: the registrar");
        view.zones = Zones::Reading;
        assert_eq!(view.dns_source(&view.records[0]), None, "not known while the zones are first read");
        view.set_zones(Zones::Listed(vec![zone("61", "A.vn."), zone("62", "b.vn"), zone("63", "b.vn")]));
        let names: Vec<&str> = view.records.iter().map(|r| r.name.as_str()).collect();
        assert_eq!((names, view.zone_only), (vec!["a.vn", "b.vn"], 1), "one entry per name no registration holds");
        let zone_of = |view: &DomainsView, i: usize| view.dns_source(&view.records[i]).and_then(DnsSource::zone);
        assert_eq!(zone_of(&view, 0).map(|z| z.zone_id), Some(61), "a registration with a zone is served by it");
        assert_eq!(zone_of(&view, 1).map(|z| z.zone_id), Some(62));
        assert!(view.is_zone_only(&view.records[1]) && !view.is_zone_only(&view.records[0]));
        assert_eq!(view.registrations().len(), 1);
        assert!(matches!(view.list.rows.last(), Some(Row::Record(1))), "the zone's group comes last");
        // A detail open on the zone stays open on it as the list is read again.
        view.list.select_where(|i| i == 1);
        view.open_detail();
        view.set_listed(vec![record("5", "c.vn", "Active", "2026-12-01"), record("1", "a.vn", "Active", "2027-01-01")]);
        assert_eq!(view.detail_record().map(|r| r.name.as_str()), Some("b.vn"));
        assert!(view.is_zone_only(view.detail_record().unwrap()));
        // Once a registration holds the name, it is no longer listed as only a zone.
        view.set_records("b.vn", vec![record("7", "b.vn", "Active", "2027-02-01")], false);
        assert_eq!(view.zone_only, 0);
        assert_eq!(view.records.len(), 3);
    }

    #[test]
    fn a_dns_record_revealed_stays_in_view_when_nameservers_come_above_it() {
        let mut view = DomainsView::default();
        view.set_records("x.vn", vec![record("1", "x.vn", "Active", "2027-01-01")], true);
        view.list.select_where(|i| i == 0);
        view.open_detail();
        let rows = 5;
        view.detail_scroll.view_rows(rows);
        view.dns_cursor = 3;
        view.detail_scroll.reveal(view.dns_line() + 3);
        let before = view.dns_line() + 3;
        view.detail_scroll.fit(before + 10, rows);
        assert!(view.detail_scroll.shows(before));
        // Four nameservers read after the records: every DNS line moves three down.
        view.settings.nameservers.insert(1, (1..=4).map(|n| format!("ns{n}.x.vn").into()).collect());
        let after = view.dns_line() + 3;
        assert_eq!(after, before + 3);
        view.keep_dns_selection_in_view();
        view.detail_scroll.fit(after + 10, rows);
        assert!(view.detail_scroll.shows(after), "the record's own line, not the one it had");
        // Scrolled since: nothing is moved for it.
        view.detail_scroll.by(-4);
        let offset = view.detail_scroll.offset();
        view.settings.nameservers.insert(1, vec!["ns1.x.vn".into()]);
        view.keep_dns_selection_in_view();
        assert_eq!(view.detail_scroll.offset(), offset);
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
