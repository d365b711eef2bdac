//! The entries of a list marked to be acted on together (Domains, Services, Invoices):
//! kept by id, their sums per currency counted when they change, and the mark a row starts
//! with.

use super::listing::{GroupedList, Row};
use crate::api::Language;

/// What a marked entry adds to the marks' total: an amount and its currency (empty: the
/// account's), or `None` when the entry's amount is not known.
pub type Priced<'a> = Option<(crate::api::Money, &'a str)>;

/// The entries of a list marked to be acted on together, kept by entry id: they survive a
/// filter and a fresh list while the entry is still listed (`keep_listed`), and what they
/// add up to per currency is counted when they or the entries change, never per frame.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    // Ids as `CompactString`: a number's id is kept inline, so marking 100,000 allocates
    // nothing per entry.
    ids: std::collections::HashSet<compact_str::CompactString>,
    /// What the marked entries add up to, per currency (empty: the account's), in order.
    pub sums: Vec<(String, crate::api::Money)>,
    /// How many marked entries have no amount known (or one too large to add).
    pub unknown: usize,
    /// How many marked entries each sum is of (a sum goes with its last entry).
    counted: Vec<usize>,
}

impl Marks {
    pub fn is_marked(&self, id: &str) -> bool {
        !self.ids.is_empty() && self.ids.contains(id)
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Marks these entries and only these (what the Plan hands a list to act on); the
    /// sums are counted by `keep_listed` after.
    pub fn set<'a>(&mut self, ids: impl IntoIterator<Item = &'a str>) {
        self.ids = ids.into_iter().map(compact_str::CompactString::from).collect();
    }

    /// Unmarks one entry (what was done to it).
    pub fn unmark(&mut self, id: &str) {
        self.ids.remove(id);
    }

    /// The marking keys on a list of `count` entries, `entry(i)` giving entry `i`'s id and
    /// amount (`None`: it cannot be marked): `Space` marks or unmarks the selected entry
    /// and moves down, `*` marks every entry shown, `u` clears. False for any other key.
    pub fn apply<'a>(
        &mut self,
        action: crate::config::keys::Action,
        list: &mut GroupedList,
        count: usize,
        entry: impl Fn(usize) -> Option<(&'a str, Priced<'a>)>,
    ) -> bool {
        use crate::config::keys::Action;
        // What changes is counted on its own (one entry, those newly marked), never the
        // whole list again: `*` on 100,000 entries stays within a frame's budget.
        match action {
            Action::Mark => {
                let Some(i) = list.selected_index() else { return true };
                if let Some((id, priced)) = entry(i) {
                    match self.ids.remove(id) {
                        true if self.unknown > 0 => self.recount(count, &entry),
                        true => self.take(priced),
                        false => {
                            self.ids.insert(id.into());
                            self.add(priced);
                        }
                    }
                }
                list.move_by(1);
            }
            Action::MarkAll => {
                self.ids.reserve(list.rows.len());
                for row in &list.rows {
                    let Row::Record(i) = row else { continue };
                    let Some((id, priced)) = entry(*i) else { continue };
                    if self.ids.insert(id.into()) {
                        self.add(priced);
                    }
                }
            }
            Action::ClearMarks => {
                self.ids.clear();
                (self.sums, self.counted, self.unknown) = (Vec::new(), Vec::new(), 0);
            }
            _ => return false,
        }
        true
    }

    /// A newly marked entry's amount added to its currency's sum.
    fn add(&mut self, priced: Priced<'_>) {
        let Some((amount, currency)) = priced else {
            self.unknown += 1;
            return;
        };
        let currency = currency.trim();
        let at = match self.sums.binary_search_by(|(c, _)| c.as_str().cmp(currency)) {
            Ok(at) => at,
            Err(at) => {
                self.sums.insert(at, (currency.to_owned(), crate::api::Money::ZERO));
                self.counted.insert(at, 0);
                at
            }
        };
        match self.sums[at].1.checked_add(amount) {
            Some(added) => (self.sums[at].1, self.counted[at]) = (added, self.counted[at] + 1),
            None => self.unknown += 1,
        }
    }

    /// An unmarked entry's amount taken off its currency's sum (none unknown: each was
    /// added); a currency left with no marked entry leaves the sums.
    fn take(&mut self, priced: Priced<'_>) {
        let Some((amount, currency)) = priced else { return };
        let currency = currency.trim();
        let Ok(at) = self.sums.binary_search_by(|(c, _)| c.as_str().cmp(currency)) else { return };
        if let Some(left) = self.sums[at].1.checked_sub(amount) {
            self.sums[at].1 = left;
        }
        self.counted[at] = self.counted[at].saturating_sub(1);
        if self.counted[at] == 0 {
            self.sums.remove(at);
            self.counted.remove(at);
        }
    }

    /// A fresh list: an entry no longer listed loses its mark; the sums are counted again.
    pub fn keep_listed<'a>(&mut self, count: usize, entry: impl Fn(usize) -> Option<(&'a str, Priced<'a>)>) {
        if self.ids.is_empty() {
            return;
        }
        let listed: std::collections::HashSet<&str> = (0..count).filter_map(|i| entry(i).map(|(id, _)| id)).collect();
        self.ids.retain(|id| listed.contains(id.as_str()));
        self.recount(count, &entry);
    }

    /// The sums per currency of the marked entries, and how many have no amount known.
    fn recount<'a>(&mut self, count: usize, entry: &impl Fn(usize) -> Option<(&'a str, Priced<'a>)>) {
        (self.sums, self.counted, self.unknown) = (Vec::new(), Vec::new(), 0);
        if self.ids.is_empty() {
            return;
        }
        for (id, priced) in (0..count).filter_map(entry) {
            if self.ids.contains(id) {
                self.add(priced);
            }
        }
    }

    /// What the title says of the marks: `12 marked · 5,760,000 VND` (see [`said`]).
    pub fn said(&self, account: &str, language: Language) -> String {
        said(self.len(), &self.sums, self.unknown, account, language)
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
