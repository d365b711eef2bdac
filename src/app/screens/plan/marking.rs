//! Marking on the plan, as the lists mark (`Space` marks the selected item and moves down,
//! `*` marks every item shown, `u` clears): a registration not on an invoice yet and an
//! unpaid invoice can be marked, each with its profile, kept by (profile, kind, id) while
//! the item is still in the plan, and what the marked add up to counted per currency when
//! they change. `R` renews the marked registrations and `c` pays the marked invoices:
//! the app hands each profile's to that profile's own list (`Ask::ActOnMarked`), which
//! confirms and sends them as its own marking would, one profile after the other.

use super::PlanState;
use crate::app::ProfileId;
use crate::app::marks::Marks;
use crate::app::screens::Cx;
use crate::app::screens::overview::Ask;
use crate::config::keys::Action;
use crate::plan::{Due, Kind};

/// The id an item is marked by, when it can be: its profile, its kind and its id (a
/// registration not billed yet, an invoice), so that a fresh plan carries the mark.
fn key(profile: ProfileId, due: &Due) -> Option<String> {
    match due.kind {
        Kind::Domain if due.invoiced => None,
        Kind::Domain | Kind::Invoice => Some(format!("{profile}\u{1f}{}\u{1f}{}", due.kind.name(), due.id)),
        Kind::Service => None,
    }
}

/// The items are the plan's now: a mark stays while its item is in the plan.
pub fn listed(marks: &mut Marks, items: &[(ProfileId, Due)]) {
    marks.listed(items.len(), |i| {
        let (profile, due) = &items[i];
        Some((key(*profile, due)?, due.amount.map(|amount| (amount, due.currency.as_str()))))
    });
}

/// The marked ids of one kind, profile by profile, each profile's in order.
pub fn of_kind(marks: &Marks, items: &[(ProfileId, Due)], kind: Kind) -> Vec<(ProfileId, Vec<String>)> {
    let mut by: std::collections::BTreeMap<ProfileId, Vec<String>> = std::collections::BTreeMap::new();
    for (profile, due) in marks.marked().filter_map(|i| items.get(i)).filter(|(_, d)| d.kind == kind) {
        by.entry(*profile).or_default().push(due.id.clone());
    }
    by.into_iter()
        .map(|(p, mut ids)| {
            ids.sort();
            (p, ids)
        })
        .collect()
}

impl PlanState {
    /// The marking keys and `R`/`c` on the marked; false for any other key.
    pub(super) fn marking(&mut self, action: Action, cx: &mut Cx) -> bool {
        match action {
            Action::Mark => {
                self.marks.flip(self.selected);
                self.selected = (self.selected + 1).min(self.items.len().saturating_sub(1));
            }
            Action::MarkAll => self.marks.mark_all(0..self.items.len()),
            Action::ClearMarks => self.marks.clear(),
            Action::Renew => self.act(Kind::Domain, action, cx),
            Action::PayFromCredit => self.act(Kind::Invoice, action, cx),
            _ => return false,
        }
        true
    }

    /// `R` or `c`: the marked of `kind`, each profile's to its own list.
    fn act(&self, kind: Kind, action: Action, cx: &mut Cx) {
        let marked = of_kind(&self.marks, &self.items, kind);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn due(kind: Kind, id: &str, amount: &str, invoiced: bool) -> Due {
        Due {
            kind,
            name: format!("{id}.vn"),
            id: id.to_owned(),
            date: time::macros::date!(2026 - 12 - 20),
            amount: crate::api::Money::parse(amount),
            currency: "VND".to_owned(),
            autorenew: None,
            invoiced,
        }
    }

    #[test]
    fn a_mark_is_kept_by_profile_kind_and_id_while_the_item_is_in_the_plan() {
        let items = vec![
            (0, due(Kind::Domain, "7", "100000", false)),
            (1, due(Kind::Domain, "7", "200000", false)),
            (1, due(Kind::Invoice, "7", "300000", false)),
            (0, due(Kind::Service, "8", "400000", false)),
            (0, due(Kind::Domain, "9", "500000", true)),
        ];
        let mut marks = Marks::default();
        listed(&mut marks, &items);
        marks.mark_all(0..items.len());
        assert_eq!(marks.said("VND", crate::api::Language::English), "3 marked · 600,000 VND");
        assert_eq!(of_kind(&marks, &items, Kind::Domain), [(0, vec!["7".to_owned()]), (1, vec!["7".to_owned()])]);
        // A fresh plan: profile 1's registration is gone, the rest moved.
        let fresh = vec![items[2].clone(), items[3].clone(), (1, due(Kind::Domain, "5", "1", false)), items[0].clone()];
        listed(&mut marks, &fresh);
        assert_eq!(marks.marked().collect::<Vec<_>>(), [0, 3]);
        assert_eq!(of_kind(&marks, &fresh, Kind::Invoice), [(1, vec!["7".to_owned()])]);
        assert_eq!(marks.said("VND", crate::api::Language::English), "2 marked · 400,000 VND");
    }
}
