//! Marking on the plan, as the lists mark (`Space` marks the selected item and moves down,
//! `*` marks every item shown, `u` clears): a registration not on an invoice yet and an
//! unpaid invoice can be marked, each with its profile, kept by (profile, kind, id) while
//! the item is still in the plan, and what the marked add up to counted per currency when
//! they change. `R` renews the marked registrations and `c` pays the marked invoices:
//! the app hands each profile's to that profile's own list (`Ask::ActOnMarked`), which
//! confirms and sends them as its own marking would, one profile after the other.

use std::collections::HashSet;

use super::PlanState;
use crate::api::{Language, Money};
use crate::app::ProfileId;
use crate::app::screens::Cx;
use crate::app::screens::overview::Ask;
use crate::config::keys::Action;
use crate::plan::{Due, Kind};

/// A marked item: its profile, its kind, its id.
pub type Marked = (ProfileId, Kind, String);

/// What is marked on the plan, and what it adds up to.
#[derive(Clone, Debug, Default)]
pub struct PlanMarks {
    ids: HashSet<Marked>,
    /// Per currency, in order.
    pub sums: Vec<(String, Money)>,
    /// Marked items with no amount known.
    pub unknown: usize,
}

/// The key an item is marked by, when it can be: a registration not billed yet, an invoice.
pub fn key(profile: ProfileId, due: &Due) -> Option<Marked> {
    match due.kind {
        Kind::Domain if !due.invoiced => Some((profile, due.kind, due.id.clone())),
        Kind::Invoice => Some((profile, due.kind, due.id.clone())),
        _ => None,
    }
}

impl PlanMarks {
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn is_marked(&self, profile: ProfileId, due: &Due) -> bool {
        !self.ids.is_empty() && key(profile, due).is_some_and(|k| self.ids.contains(&k))
    }

    /// The items changed: a mark whose item is gone goes; the sums are counted again.
    pub fn keep_listed(&mut self, items: &[(ProfileId, Due)]) {
        if self.ids.is_empty() {
            self.sums.clear();
            self.unknown = 0;
            return;
        }
        let listed: HashSet<Marked> = items.iter().filter_map(|(p, d)| key(*p, d)).collect();
        self.ids.retain(|k| listed.contains(k));
        let mut sums: std::collections::BTreeMap<String, Money> = std::collections::BTreeMap::new();
        let mut unknown = 0;
        for (_, due) in items.iter().filter(|(p, d)| self.is_marked(*p, d)) {
            let Some(amount) = due.amount else {
                unknown += 1;
                continue;
            };
            let sum = sums.entry(due.currency.trim().to_owned()).or_insert(Money::ZERO);
            match sum.checked_add(amount) {
                Some(added) => *sum = added,
                None => unknown += 1,
            }
        }
        (self.sums, self.unknown) = (sums.into_iter().collect(), unknown);
    }

    /// The marked ids of one kind, profile by profile, in order.
    pub fn of_kind(&self, kind: Kind) -> Vec<(ProfileId, Vec<String>)> {
        let mut by: std::collections::BTreeMap<ProfileId, Vec<String>> = std::collections::BTreeMap::new();
        for (profile, _, id) in self.ids.iter().filter(|(_, k, _)| *k == kind) {
            by.entry(*profile).or_default().push(id.clone());
        }
        by.into_iter()
            .map(|(p, mut ids)| {
                ids.sort();
                (p, ids)
            })
            .collect()
    }

    /// What the title says of the marks: `3 marked · 1,440,000 VND`.
    pub fn said(&self, account: &str, language: Language) -> String {
        crate::app::marks::said(self.len(), &self.sums, self.unknown, account, language)
    }
}

impl PlanState {
    /// The marking keys and `R`/`c` on the marked; false for any other key.
    pub(super) fn marking(&mut self, action: Action, cx: &mut Cx) -> bool {
        match action {
            Action::Mark => {
                if let Some(k) = self.items.get(self.selected).and_then(|(p, d)| key(*p, d))
                    && !self.marks.ids.remove(&k)
                {
                    self.marks.ids.insert(k);
                }
                self.selected = (self.selected + 1).min(self.items.len().saturating_sub(1));
            }
            Action::MarkAll => self.marks.ids.extend(self.items.iter().filter_map(|(p, d)| key(*p, d))),
            Action::ClearMarks => self.marks.ids.clear(),
            Action::Renew => self.act(Kind::Domain, action, cx),
            Action::PayFromCredit => self.act(Kind::Invoice, action, cx),
            _ => return false,
        }
        self.marks.keep_listed(&self.items);
        true
    }

    /// `R` or `c`: the marked of `kind`, each profile's to its own list.
    fn act(&self, kind: Kind, action: Action, cx: &mut Cx) {
        let marked = self.marks.of_kind(kind);
        if marked.is_empty() {
            let said = match kind {
                Kind::Invoice => super::texts::PlanNoInvoiceMarked,
                _ => super::texts::PlanNoDomainMarked,
            };
            let key = cx.keymap.label(crate::config::keys::Context::Plan, Action::Mark);
            return cx.say(said.fill(cx.language, &[("key", &key)]));
        }
        cx.effects.push(crate::app::screens::Effect::Overview(Ask::ActOnMarked { kind, action, marked }));
    }
}
