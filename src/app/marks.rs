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
    ids: std::collections::HashSet<String>,
    /// What the marked entries add up to, per currency (empty: the account's), in order.
    pub sums: Vec<(String, crate::api::Money)>,
    /// How many marked entries have no amount known (or one too large to add).
    pub unknown: usize,
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
        self.ids = ids.into_iter().map(str::to_owned).collect();
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
        match action {
            Action::Mark => {
                let Some(i) = list.selected_index() else { return true };
                if let Some((id, _)) = entry(i)
                    && !self.ids.remove(id)
                {
                    self.ids.insert(id.to_owned());
                }
                list.move_by(1);
            }
            Action::MarkAll => {
                let shown = list.rows.iter().filter_map(|row| match row {
                    Row::Record(i) => entry(*i),
                    Row::Group { .. } => None,
                });
                self.ids.extend(shown.map(|(id, _)| id.to_owned()));
            }
            Action::ClearMarks => self.ids.clear(),
            _ => return false,
        }
        self.recount(count, entry);
        true
    }

    /// A fresh list: an entry no longer listed loses its mark; the sums are counted again.
    pub fn keep_listed<'a>(&mut self, count: usize, entry: impl Fn(usize) -> Option<(&'a str, Priced<'a>)>) {
        if self.ids.is_empty() {
            return;
        }
        let listed: std::collections::HashSet<&str> = (0..count).filter_map(|i| entry(i).map(|(id, _)| id)).collect();
        self.ids.retain(|id| listed.contains(id.as_str()));
        self.recount(count, entry);
    }

    /// The sums per currency of the marked entries, and how many have no amount known.
    fn recount<'a>(&mut self, count: usize, entry: impl Fn(usize) -> Option<(&'a str, Priced<'a>)>) {
        let mut sums: std::collections::BTreeMap<String, crate::api::Money> = std::collections::BTreeMap::new();
        self.unknown = 0;
        for (id, priced) in (0..count).filter_map(&entry) {
            if !self.ids.contains(id) {
                continue;
            }
            let Some((amount, currency)) = priced else {
                self.unknown += 1;
                continue;
            };
            let sum = sums.entry(currency.trim().to_owned()).or_insert(crate::api::Money::ZERO);
            match sum.checked_add(amount) {
                Some(added) => *sum = added,
                None => self.unknown += 1,
            }
        }
        self.sums = sums.into_iter().collect();
    }

    /// What the title says of the marks: `12 marked · 5,760,000 VND`, each currency's sum
    /// (`account`: the currency of an amount that names none) and how many are not known.
    pub fn said(&self, account: &str, language: Language) -> String {
        use crate::i18n::Text;
        let count = crate::i18n::format::count(self.len(), language);
        let mut parts = vec![Text::MarkedCount.fill(language, &[("count", &count)])];
        for (currency, sum) in &self.sums {
            let currency = if currency.is_empty() { account } else { currency.as_str() };
            parts.push(crate::i18n::format::money_in(*sum, currency, language));
        }
        if self.unknown > 0 {
            let unknown = crate::i18n::format::count(self.unknown, language);
            parts.push(Text::MarkedNotKnown.fill(language, &[("count", &unknown)]));
        }
        parts.join(" · ")
    }
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
