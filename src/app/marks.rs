//! The entries of a list marked to be acted on together (Domains, Services, Invoices):
//! a mark per entry as listed, carried by id to a fresh list, their sums per currency
//! counted when they change, and the mark a row starts with.

use super::listing::{GroupedList, Row};
use crate::api::{Language, Money};
use compact_str::CompactString;

/// What a marked entry adds to the marks' total: an amount and its currency (empty: the
/// account's), or `None` when the entry's amount is not known.
pub type Priced<'a> = Option<(Money, &'a str)>;

/// An entry's amount as it is marked: in units of its currency's most decimal places among
/// the entries (whole numbers add fast: `*` adds 100,000 of them within a frame), and its
/// currency (an index into [`Marks`]' currencies); not `priced` when its amount is not
/// known or its units are too many to hold.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    units: i64,
    currency: u16,
    priced: bool,
}

/// An entry's mark, one byte each: `*` walks the rows shown setting these (a table that
/// stays in the cache), then adds the amounts of those it marked in the entries' order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Mark {
    /// It cannot be marked (a name only a zone holds, an entry unreadable).
    #[default]
    Cannot,
    No,
    Yes,
    /// Marked by the `*` under way, its amount not added yet.
    New,
}

/// The entries of a list marked to be acted on together. A mark is kept per entry as
/// listed (a flag by its place), so marking every entry shown is one pass over the rows
/// and a compact table, never over the entries themselves nor a set of ids; a fresh list
/// carries the marks by id while the entry is still listed ([`Marks::listed`]). What they
/// add up to per currency is counted when they or the entries change, never per frame.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Each entry's id as listed (none for one that cannot be marked).
    ids: Vec<Option<CompactString>>,
    /// Each entry as it is marked, by its place.
    entries: Vec<Entry>,
    /// The currencies of the entries' amounts, trimmed and in order, each with the most
    /// decimal places its amounts have (the scale of its units).
    currencies: Vec<(String, u32)>,
    /// Each entry's mark, by its place.
    marked: Vec<Mark>,
    /// How many are marked.
    count: usize,
    /// Per currency (as `currencies`): what its marked entries add up to, in its units,
    /// and how many they are.
    per: Vec<(i128, usize)>,
    /// How many marked entries have no amount known.
    unpriced: usize,
    /// What the marked entries add up to, per currency (empty: the account's), in order.
    sums: Vec<(String, Money)>,
    /// How many marked entries have no amount known, or one too large to add.
    unknown: usize,
}

impl Marks {
    /// Whether entry `i` (by its place in the list's entries) is marked.
    pub fn is_marked(&self, i: usize) -> bool {
        self.count > 0 && self.marked.get(i) == Some(&Mark::Yes)
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The places of the marked entries, in the list's order.
    pub fn marked(&self) -> impl Iterator<Item = usize> + '_ {
        let any = self.count > 0;
        self.marked.iter().enumerate().filter(move |(_, m)| any && **m == Mark::Yes).map(|(i, _)| i)
    }

    /// The entries as they are listed now, `entry(i)` giving entry `i`'s id and amount
    /// (`None`: it cannot be marked): an entry keeps its mark while an entry of its id is
    /// still listed; the sums are counted again.
    pub fn listed<'a, I: Into<CompactString>>(
        &mut self,
        count: usize,
        entry: impl Fn(usize) -> Option<(I, Priced<'a>)>,
    ) {
        let carried: std::collections::HashSet<CompactString> =
            self.marked().filter_map(|i| self.ids[i].clone()).collect();
        let (ids, priced): (Vec<Option<CompactString>>, Vec<Priced<'a>>) = (0..count)
            .map(|i| match entry(i) {
                Some((id, priced)) => (Some(id.into()), priced),
                None => (None, None),
            })
            .unzip();
        let mut currencies: Vec<(&str, u32)> = Vec::new();
        for (amount, currency) in priced.iter().flatten() {
            match currencies.binary_search_by(|(c, _)| c.cmp(&currency.trim())) {
                Ok(at) => currencies[at].1 = currencies[at].1.max(amount.scale()),
                Err(at) => currencies.insert(at, (currency.trim(), amount.scale())),
            }
        }
        let in_units = |(amount, currency): (Money, &str)| {
            let at = currencies.binary_search_by(|(c, _)| c.cmp(&currency.trim())).ok()?;
            let units = i64::try_from(amount.units(currencies[at].1)?).ok()?;
            Some(Entry { units, currency: u16::try_from(at).ok()?, priced: true })
        };
        self.entries = priced.into_iter().map(|p| p.and_then(in_units).unwrap_or_default()).collect();
        self.ids = ids;
        self.currencies = currencies.into_iter().map(|(c, scale)| (c.to_owned(), scale)).collect();
        self.marked = self.ids.iter().map(|id| if id.is_some() { Mark::No } else { Mark::Cannot }).collect();
        if !carried.is_empty() {
            self.mark_where(|id| carried.contains(id));
        }
        self.recount();
    }

    /// Marks the entries with these ids and only them (what the Plan hands a list).
    pub fn set<'a>(&mut self, ids: impl IntoIterator<Item = &'a str>) {
        let ids: std::collections::HashSet<&str> = ids.into_iter().map(str::trim).collect();
        self.mark_where(|id| ids.contains(id.trim()));
        self.recount();
    }

    /// Unmarks the entries with this id (what was done to them).
    pub fn unmark(&mut self, id: &str) {
        let places: Vec<usize> = self.marked().filter(|&i| self.ids[i].as_deref() == Some(id)).collect();
        for i in places {
            self.flip(i);
        }
    }

    /// Marks every markable entry whose id `marks` takes, and only those (none counted).
    fn mark_where(&mut self, marks: impl Fn(&str) -> bool) {
        for (id, marked) in self.ids.iter().zip(self.marked.iter_mut()) {
            if let Some(id) = id {
                *marked = if marks(id) { Mark::Yes } else { Mark::No };
            }
        }
    }

    /// The marking keys on the list: `Space` marks or unmarks the selected entry and moves
    /// down, `*` marks every entry shown, `u` clears. False for any other key.
    pub fn apply(&mut self, action: crate::config::keys::Action, list: &mut GroupedList) -> bool {
        use crate::config::keys::Action;
        // What changes is counted on its own (one entry, those newly marked), never the
        // whole list again: `*` on 100,000 entries stays within a frame's budget.
        match action {
            Action::Mark => {
                if let Some(i) = list.selected_index() {
                    self.flip(i);
                }
                list.move_by(1);
            }
            Action::MarkAll => self.mark_all(list.rows.iter().filter_map(|row| match *row {
                Row::Record(i) => Some(i),
                Row::Group { .. } => None,
            })),
            Action::ClearMarks => self.clear(),
            _ => return false,
        }
        true
    }

    /// Marks every entry of these places (those shown) that can be.
    pub fn mark_all(&mut self, shown: impl IntoIterator<Item = usize>) {
        // Two passes that each stay in the cache: the places shown mark their entries in
        // the order shown, then the newly marked are added in the entries' own.
        let mut any = false;
        for i in shown {
            if let Some(marked @ Mark::No) = self.marked.get_mut(i) {
                (*marked, any) = (Mark::New, true);
            }
        }
        if any {
            for (entry, marked) in self.entries.iter().zip(self.marked.iter_mut()) {
                if *marked == Mark::New {
                    *marked = Mark::Yes;
                    self.count += 1;
                    add(&mut self.per, &mut self.unpriced, entry);
                }
            }
        }
        self.sum_up();
    }

    /// Takes every mark off.
    pub fn clear(&mut self) {
        self.marked.iter_mut().filter(|m| **m == Mark::Yes).for_each(|m| *m = Mark::No);
        self.recount();
    }

    /// Marks entry `i` or takes its mark off, its amount added to or taken from its
    /// currency's sum (all counted again while some amount is not known).
    pub fn flip(&mut self, i: usize) {
        let (Some(&entry), Some(marked)) = (self.entries.get(i), self.marked.get_mut(i)) else { return };
        *marked = match *marked {
            Mark::No => Mark::Yes,
            Mark::Yes => Mark::No,
            Mark::Cannot | Mark::New => return,
        };
        match *marked == Mark::Yes {
            true => {
                self.count += 1;
                add(&mut self.per, &mut self.unpriced, &entry);
            }
            false if self.unpriced > 0 => return self.recount(),
            false => {
                self.count -= 1;
                if let Some(per) = self.per.get_mut(usize::from(entry.currency)) {
                    // Each was added (none is unpriced), so each comes off exactly.
                    *per = (per.0 - i128::from(entry.units), per.1.saturating_sub(1));
                }
            }
        }
        self.sum_up();
    }

    /// The count and the sums of the marked entries, counted again.
    fn recount(&mut self) {
        self.per = vec![(0, 0); self.currencies.len()];
        (self.count, self.unpriced) = (0, 0);
        for (entry, _) in self.entries.iter().zip(&self.marked).filter(|(_, m)| **m == Mark::Yes) {
            self.count += 1;
            add(&mut self.per, &mut self.unpriced, entry);
        }
        self.sum_up();
    }

    /// The sums said: each currency with a marked entry, in order; one whose sum is too
    /// large to hold is said as that many not known.
    fn sum_up(&mut self) {
        self.sums.clear();
        self.unknown = self.unpriced;
        for ((currency, scale), (units, n)) in self.currencies.iter().zip(&self.per).filter(|(_, (_, n))| *n > 0) {
            match Money::from_units(*units, *scale) {
                Some(sum) => self.sums.push((currency.clone(), sum)),
                None => self.unknown += n,
            }
        }
    }

    /// What the title says of the marks: `12 marked · 5,760,000 VND` (see [`said`]).
    pub fn said(&self, account: &str, language: Language) -> String {
        said(self.len(), &self.sums, self.unknown, account, language)
    }
}

/// A newly marked entry's amount added to its currency's sum (in units of i128: 100,000
/// of i64 cannot overflow it), or counted as not known.
fn add(per: &mut [(i128, usize)], unpriced: &mut usize, entry: &Entry) {
    match (entry.priced, per.get_mut(usize::from(entry.currency))) {
        (true, Some(per)) => *per = (per.0 + i128::from(entry.units), per.1 + 1),
        _ => *unpriced += 1,
    }
}

/// What a title says of `count` marked entries: `12 marked · 5,760,000 VND`, each
/// currency's sum (`account`: the currency of an amount that names none) and how many have
/// no amount known; the lists' marks and the Plan's alike.
pub fn said(
    count: usize,
    sums: &[(String, crate::api::Money)],
    unknown: usize,
    account: &str,
    language: Language,
) -> String {
    use crate::i18n::Text;
    let count = crate::i18n::format::count(count, language);
    let mut parts = vec![Text::MarkedCount.fill(language, &[("count", &count)])];
    for (currency, sum) in sums {
        let currency = if currency.is_empty() { account } else { currency.as_str() };
        parts.push(crate::i18n::format::money_in(*sum, currency, language));
    }
    if unknown > 0 {
        let unknown = crate::i18n::format::count(unknown, language);
        parts.push(Text::MarkedNotKnown.fill(language, &[("count", &unknown)]));
    }
    parts.join(" · ")
}

/// The mark a list's row starts with while any entry is marked: `✓ ` on a marked one, two
/// blanks on the others (so the column stays in line); nothing while none is.
pub fn with_mark(marks: &Marks, marked: bool, text: String) -> String {
    match (marks.is_empty(), marked) {
        (true, _) => text,
        (false, true) => format!("✓ {text}"),
        (false, false) => format!("  {text}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::groups::StatusGroup;
    use crate::app::search_text::SearchText;
    use crate::config::keys::Action;

    /// Entries as a list holds them: id, name, amount and currency ("" the account's;
    /// no amount: not known; no id: it cannot be marked).
    type Entry<'a> = (&'a str, &'a str, Option<&'a str>, &'a str);

    fn listed(marks: &mut Marks, entries: &[Entry]) -> GroupedList {
        let mut list = GroupedList::default();
        let group = StatusGroup { status: "Active".into(), records: (0..entries.len()).collect() };
        list.regroup(vec![group], SearchText::build(entries, |e, add| add(e.1)), None);
        marks.listed(entries.len(), |i| {
            let (id, _, amount, currency) = entries[i];
            (!id.is_empty()).then(|| (id, amount.map(|a| (Money::parse(a).unwrap(), currency))))
        });
        list
    }

    fn said(marks: &Marks) -> String {
        marks.said("VND", Language::English)
    }

    const ENTRIES: [Entry; 5] = [
        ("1", "an.vn", Some("750000"), ""),
        ("2", "binh.vn", Some("10.5"), "USD"),
        ("3", "chi.com", Some("0.25"), "USD"),
        ("", "zone-only.vn", None, ""),
        ("5", "dao.vn", None, ""),
    ];

    #[test]
    fn all_shown_are_marked_and_their_sums_are_exact_per_currency() {
        let mut marks = Marks::default();
        let mut list = listed(&mut marks, &ENTRIES);
        list.set_filter(".vn");
        assert!(marks.apply(Action::MarkAll, &mut list));
        assert_eq!(said(&marks), "3 marked · 750,000 VND · 10.50 USD · 1 not known");
        assert!(!marks.is_marked(2) && !marks.is_marked(3), "not shown; a name no registration holds");
        list.set_filter("");
        marks.apply(Action::MarkAll, &mut list);
        assert_eq!(said(&marks), "4 marked · 750,000 VND · 10.75 USD · 1 not known");
        assert_eq!(marks.marked().collect::<Vec<_>>(), [0, 1, 2, 4]);
        marks.apply(Action::ClearMarks, &mut list);
        assert!(marks.is_empty() && marks.sums.is_empty() && marks.unknown == 0);
    }

    #[test]
    fn space_marks_and_unmarks_one_and_its_amount_comes_off() {
        let mut marks = Marks::default();
        let mut list = listed(&mut marks, &ENTRIES);
        list.select_where(|i| i == 1);
        marks.apply(Action::Mark, &mut list);
        marks.apply(Action::Mark, &mut list);
        assert_eq!(said(&marks), "2 marked · 10.75 USD");
        list.select_where(|i| i == 2);
        marks.apply(Action::Mark, &mut list);
        assert_eq!(said(&marks), "1 marked · 10.50 USD");
        list.select_where(|i| i == 4);
        marks.apply(Action::Mark, &mut list);
        assert_eq!(said(&marks), "2 marked · 10.50 USD · 1 not known");
        list.select_where(|i| i == 1);
        marks.apply(Action::Mark, &mut list);
        assert_eq!(said(&marks), "1 marked · 1 not known", "counted again while one is not known");
    }

    #[test]
    fn a_fresh_list_carries_marks_by_id_while_the_entry_is_listed() {
        let mut marks = Marks::default();
        let mut list = listed(&mut marks, &ENTRIES);
        marks.apply(Action::MarkAll, &mut list);
        // Entry 2 is gone, 3 costs more now, and the others moved.
        let fresh: [Entry; 4] = [
            ("9", "moi.vn", Some("1"), ""),
            ("3", "chi.com", Some("1.125"), "USD"),
            ("5", "dao.vn", None, ""),
            ("1", "an.vn", Some("750000"), ""),
        ];
        listed(&mut marks, &fresh);
        assert_eq!(marks.marked().collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(said(&marks), "3 marked · 750,000 VND · 1.125 USD · 1 not known");
        marks.unmark("5");
        assert_eq!(said(&marks), "2 marked · 750,000 VND · 1.125 USD");
        marks.set(["9", "gone"]);
        assert_eq!(marks.marked().collect::<Vec<_>>(), [0]);
        assert_eq!(said(&marks), "1 marked · 1 VND");
    }

    #[test]
    fn a_sum_too_large_to_hold_is_said_as_not_known() {
        let mut marks = Marks::default();
        let huge = "79228162514264337593543950335";
        let entries: [Entry; 3] = [
            ("1", "a", Some("9000000000000000000"), ""),
            ("2", "b", Some("9000000000000000000"), ""),
            ("3", "c", Some(huge), ""),
        ];
        let mut list = listed(&mut marks, &entries);
        marks.apply(Action::MarkAll, &mut list);
        assert_eq!(said(&marks), "3 marked · 18,000,000,000,000,000,000 VND · 1 not known");
    }
}
