//! The upgrade picker's state: a choice per `select` resource, and exact totals against
//! the current configuration, the estimate and the requests already sent.

use crate::app::screens::upgrades::texts;
use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::api::models::{UpgradeItem, UpgradeOptions, UpgradeResource};
use crate::api::Quantity;
use crate::api::{Language, Money, UpgradePart};
use crate::i18n::Text;
use crate::i18n::format::{money_delta_in, total_in};
use crate::i18n::preview::{item_line, quantity_line};

#[derive(Clone, Debug, Default)]
pub struct UpgradeView {
    /// Whether the user looked this service up: background answers then leave it alone.
    pub picked: bool,
    pub service_id: Option<u64>,
    pub options: Option<UpgradeOptions>,
    /// Chosen item per resource (`None` for read-only resources).
    pub chosen: Vec<Option<usize>>,
    /// Chosen quantity per quantity resource (`input`; `None` for the others).
    pub quantities: Vec<Option<u32>>,
    /// Index into `lines()`.
    pub cursor: usize,
    /// The portal's last estimate (shown while the choices are still the ones estimated).
    pub estimate: Option<crate::api::Estimate>,
    /// Upgrade requests the portal took this run, oldest first: the picker shows choices
    /// already requested as such, and `o` asks before the same request goes out again.
    pub requested: Vec<Requested>,
    /// Why the options of `service_id` could not be read, while none are shown.
    pub failed: Option<std::sync::Arc<crate::api::ApiError>>,
}

/// An upgrade request the portal took: for which service and choices, when its answer
/// came, and the invoice the portal answered (`invoice_id`) if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requested {
    pub service_id: u64,
    pub resources: BTreeMap<String, String>,
    pub at: SystemTime,
    pub invoice: Option<String>,
}

impl Requested {
    /// `sent 14:05`: beside the item requested, where the line is narrow.
    pub fn mark(&self, language: Language) -> String {
        texts::RequestedMark.fill(language, &[("at", &clock(self.at))])
    }

    /// `requested at 14:05, invoice #9001`.
    pub fn words(&self, language: Language) -> String {
        let mut words = texts::RequestedAt.fill(language, &[("at", &clock(self.at))]);
        if let Some(invoice) = &self.invoice {
            words += &format!(", {}", crate::i18n::Text::ChangeInvoice.fill(language, &[("invoice", invoice)]));
        }
        words
    }
}

/// The hour and minute of `at`, local time where the offset is known, else UTC.
fn clock(at: SystemTime) -> String {
    let at = time::OffsetDateTime::from(at);
    let at = time::UtcOffset::current_local_offset().map_or(at, |offset| at.to_offset(offset));
    format!("{:02}:{:02}", at.hour(), at.minute())
}

/// The recurring money before and after the choices: the service's own recurring total
/// (its `total` and the difference) when the service is known, else only the sum of the
/// chosen options' prices, labelled as such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recurring {
    pub label: Text,
    pub before: Option<Money>,
    pub after: Option<Money>,
    pub delta: Option<Money>,
}

/// The money that changes with the choices, worked out as the command line does.
pub use crate::api::UpgradeTotals as Totals;

impl UpgradeView {
    pub fn set_options(&mut self, id: u64, options: UpgradeOptions) {
        let same_service = self.service_id == Some(id);
        let previous = std::mem::take(&mut self.chosen);
        self.chosen = options
            .resources
            .iter()
            .enumerate()
            .map(|(i, r)| {
                if !r.is_choice() {
                    return None;
                }
                let kept = previous.get(i).copied().flatten().filter(|c| same_service && *c < r.items.len());
                kept.or(r.current()).or(Some(0))
            })
            .collect();
        let previous = std::mem::take(&mut self.quantities);
        self.quantities = options
            .resources
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let allowed = r.quantities();
                let kept = previous.get(i).copied().flatten().filter(|q| same_service && allowed.allows(*q));
                r.is_quantity().then(|| kept.unwrap_or_else(|| r.quantity_now()))
            })
            .collect();
        self.service_id = Some(id);
        self.options = Some(options);
        if !same_service {
            self.cursor = 0;
            self.estimate = None;
        }
        self.cursor = self.cursor.min(self.lines().len().saturating_sub(1));
    }

    /// Every choosable (resource, item) pair in display order; a quantity resource has one
    /// line, its item's.
    pub fn lines(&self) -> Vec<(usize, usize)> {
        let Some(options) = &self.options else {
            return Vec::new();
        };
        options
            .resources
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_choice() || r.is_quantity())
            .flat_map(|(ri, r)| (0..r.items.len()).map(move |ii| (ri, ii)))
            .collect()
    }

    /// The quantity resource under the cursor, if it is on one.
    pub fn quantity_at_cursor(&self) -> Option<usize> {
        let &(ri, _) = self.lines().get(self.cursor)?;
        self.quantities.get(ri).copied().flatten().map(|_| ri)
    }

    /// A quantity resource's quantities now and chosen, with its prices.
    pub fn quantity(&self, ri: usize) -> Option<Quantity> {
        let resource = self.options.as_ref()?.resources.get(ri)?;
        Quantity::of(resource, self.quantities.get(ri).copied().flatten()?)
    }

    /// Sets a quantity resource's quantity (one it takes: see `i18n::quantity::parse`).
    pub fn set_quantity(&mut self, ri: usize, n: u32) {
        if let Some(q) = self.quantities.get_mut(ri).and_then(Option::as_mut) {
            *q = n;
        }
    }

    /// The quantity resources, each with its quantities.
    fn quantity_choices(&self) -> impl Iterator<Item = (&UpgradeResource, Quantity)> {
        let resources = self.options.as_ref().map_or(&[][..], |o| o.resources.as_slice());
        resources.iter().zip(&self.quantities).filter_map(|(r, q)| Some((r, Quantity::of(r, (*q)?)?)))
    }

    pub fn move_cursor(&mut self, delta: isize) {
        self.cursor = crate::app::scroll::step(self.cursor, delta, self.lines().len());
    }

    pub fn move_to(&mut self, end: bool) {
        self.cursor = if end { self.lines().len().saturating_sub(1) } else { 0 };
    }

    /// Chooses the item under the cursor.
    pub fn choose(&mut self) {
        if let Some(&(ri, ii)) = self.lines().get(self.cursor)
            && self.chosen[ri].is_some()
        {
            self.chosen[ri] = Some(ii);
        }
    }

    /// Moves the choice of the resource under the cursor to its previous or next item; a
    /// quantity one step fewer or more, within what it takes.
    pub fn step_choice(&mut self, step: isize) {
        let Some(&(ri, _)) = self.lines().get(self.cursor) else {
            return;
        };
        if let Some(q) = self.quantity(ri) {
            let allowed = self.options.as_ref().map(|o| o.resources[ri].quantities());
            if let Some(allowed) = allowed {
                self.set_quantity(ri, allowed.stepped(q.chosen, step.signum() as i64));
            }
            return;
        }
        let count = self.options.as_ref().map_or(0, |o| o.resources[ri].items.len());
        let current = self.chosen[ri].unwrap_or(0);
        let next = crate::app::scroll::step(current, step, count);
        self.chosen[ri] = Some(next);
        if let Some(pos) = self.lines().iter().position(|&l| l == (ri, next)) {
            self.cursor = pos;
        }
    }

    /// Each resource with a choice: the resource, its current item (if any) and the item
    /// chosen.
    fn choices(&self) -> impl Iterator<Item = (&UpgradeResource, Option<&UpgradeItem>, &UpgradeItem)> {
        let resources = self.options.as_ref().map_or(&[][..], |o| o.resources.as_slice());
        resources.iter().zip(&self.chosen).filter_map(|(resource, chosen)| {
            let chosen = chosen.and_then(|c| resource.items.get(c))?;
            Some((resource, resource.current().and_then(|c| resource.items.get(c)), chosen))
        })
    }

    pub fn totals(&self) -> Totals {
        let items = self.choices().map(|(_, current, chosen)| UpgradePart::item(current, chosen));
        let quantities = self.quantity_choices().map(|(_, q)| UpgradePart::from(q));
        Totals::of(items.chain(quantities))
    }

    /// The choices that differ from the current configuration, as a request sends them
    /// (resource id → item id, or → the quantity for a quantity resource).
    pub fn changed_resources(&self) -> std::collections::BTreeMap<String, String> {
        let Some(options) = &self.options else { return Default::default() };
        let items = options
            .resources
            .iter()
            .zip(&self.chosen)
            .filter(|(r, c)| c.is_some() && **c != r.current())
            .filter_map(|(r, c)| Some((r.id.to_string(), r.items.get((*c)?)?.id.to_string())));
        let quantities =
            self.quantity_choices().filter(|(_, q)| q.changed()).map(|(r, q)| (r.id.to_string(), q.chosen.to_string()));
        items.chain(quantities).collect()
    }

    /// The recurring money before and after the choices; `service_total` is the
    /// service's own recurring total when the service list holds it.
    pub fn recurring(&self, service_total: Option<Money>) -> Recurring {
        let r = self.totals().recurring(service_total);
        let label = if r.service { Text::LabelRecurringService } else { Text::LabelRecurringOptions };
        Recurring { label, before: r.before, after: r.after, delta: r.delta }
    }


    /// What an order of the choices as they are now holds: what changes, less what an
    /// earlier request of this run already asked for (the same resource at the same item or
    /// quantity), so that nothing is ordered twice; when every choice was requested
    /// already, all of them (put up as a request again, which the confirmation says).
    pub fn order_resources(&self) -> BTreeMap<String, String> {
        let changed = self.changed_resources();
        let Some(service_id) = self.service_id else { return changed };
        let asked = |resource: &String, item: &String| {
            self.requested.iter().any(|r| r.service_id == service_id && r.resources.get(resource) == Some(item))
        };
        let new: BTreeMap<String, String> =
            changed.iter().filter(|(r, i)| !asked(r, i)).map(|(r, i)| (r.clone(), i.clone())).collect();
        if new.is_empty() { changed } else { new }
    }

    /// The request already sent for the choices as they are now, the latest.
    pub fn requested_now(&self) -> Option<&Requested> {
        let service_id = self.service_id?;
        let resources = self.order_resources();
        self.requested.iter().rev().find(|r| r.service_id == service_id && r.resources == resources)
    }

    /// The portal's estimate, when it is for the choices as they are now.
    pub fn current_estimate(&self) -> Option<&crate::api::Estimate> {
        self.estimate.as_ref().filter(|e| e.resources == self.order_resources())
    }

    /// One line per resource whose choice changes: `CPU: 2 → 4 (+0.20 VND)`, `IPv4: 0 → 2
    /// (+160,000 VND)`.
    pub fn change_lines(&self, language: Language, currency: &str) -> Vec<String> {
        self.lines_of(&self.changed_resources(), language, currency)
    }

    /// [`Self::change_lines`] of what an order holds ([`Self::order_resources`]).
    pub fn order_lines(&self, language: Language, currency: &str) -> Vec<String> {
        self.lines_of(&self.order_resources(), language, currency)
    }

    fn lines_of(&self, resources: &BTreeMap<String, String>, language: Language, currency: &str) -> Vec<String> {
        let held = |id: &dyn std::fmt::Display| resources.contains_key(&id.to_string());
        let items = self
            .choices()
            .filter(|(resource, _, chosen)| !chosen.selected && held(&resource.id))
            .map(|(resource, current, chosen)| item_line(resource, current, chosen, (language, currency)));
        let quantities = self
            .quantity_choices()
            .filter(|(r, q)| q.changed() && held(&r.id))
            .map(|(r, q)| quantity_line(r, q, (language, currency)));
        items.chain(quantities).collect()
    }

    /// The shown service as people know it, `Cloud VPS VN-2 (phosaigon.vn)`, when the
    /// service list holds it.
    pub fn service_name(&self, services: &[crate::api::models::Service]) -> Option<String> {
        let id = self.service_id?;
        let service = services.iter().find(|s| s.number() == Some(id) && s.unreadable.is_none())?;
        let (name, domain) = (service.name.trim(), service.domain.trim());
        match (name.is_empty(), domain.is_empty()) {
            (false, false) => Some(format!("{name} ({domain})")),
            (false, true) => Some(name.to_owned()),
            (true, false) => Some(domain.to_owned()),
            (true, true) => None,
        }
    }

    /// The shown service's own recurring total, when the service list holds it.
    pub fn service_total(&self, services: &[crate::api::models::Service]) -> Option<Money> {
        let id = self.service_id?;
        let service = services.iter().find(|s| s.number() == Some(id) && s.unreadable.is_none())?;
        Some(service.total)
    }

    pub fn has_changes(&self) -> bool {
        !self.changed_resources().is_empty()
    }

    /// The plain-text summary that `y` copies and `s` saves, its amounts in `currency`.
    pub fn summary(&self, language: Language, service_total: Option<Money>, currency: &str) -> String {
        if self.options.is_none() {
            return String::new();
        }
        let id = self.service_id.unwrap_or_default();
        let mut out = format!("{}\n\n", texts::SummaryHeading.fill(language, &[("id", &id)]));
        for (resource, current, chosen) in self.choices() {
            if chosen.selected {
                let current_name = current.map_or(crate::i18n::preview::NoneChosen.get(language), |i| i.name.as_str());
                out += &format!("{}: {} ({})\n", resource.name, current_name, Text::Unchanged.get(language));
            } else {
                out += &item_line(resource, current, chosen, (language, currency));
                out.push('\n');
            }
        }
        for (resource, q) in self.quantity_choices() {
            if q.changed() {
                out += &quantity_line(resource, q, (language, currency));
            } else {
                out += &format!("{}: {} ({})", resource.name, q.now, Text::Unchanged.get(language));
            }
            out.push('\n');
        }
        let r = self.recurring(service_total);
        let amount = |m| total_in(m, currency, language);
        out += &format!(
            "\n{}: {} → {} ({})\n{}: {}\n",
            r.label.get(language),
            amount(r.before),
            amount(r.after),
            money_delta_in(r.delta, currency, language),
            Text::LabelOneTimeSetup.get(language),
            amount(self.totals().setup),
        );
        if let Some(estimate) = self.current_estimate() {
            out += &format!("{}: {}\n", Text::LabelEstimate.get(language), estimate.text(currency, language));
        }
        if let Some(requested) = self.requested_now() {
            out += &format!("{}: {}\n", texts::LabelAlready.get(language), requested.words(language));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::{UpgradeItem, UpgradeResource};

    fn item(name: &str, price: &str, setup: &str, selected: bool) -> UpgradeItem {
        UpgradeItem {
            id: name.into(),
            name: name.into(),
            price: Money::parse(price).unwrap(),
            setup_price: Money::parse(setup).unwrap(),
            selected,
        }
    }

    fn options() -> UpgradeOptions {
        UpgradeOptions {
            resources: vec![
                UpgradeResource {
                    id: "1".into(),
                    name: "CPU".into(),
                    kind: "select".into(),
                    items: vec![item("2", "0.10", "0", true), item("4", "0.30", "5.05", false)],
                    ..Default::default()
                },
                UpgradeResource {
                    id: "9".into(),
                    name: "IP".into(),
                    kind: "input".into(),
                    items: vec![item("ip", "7", "0", false)],
                    min: Some("1".into()),
                    max: Some("4".into()),
                    value: Some("1".into()),
                    ..Default::default()
                },
                UpgradeResource {
                    id: "2".into(),
                    name: "RAM".into(),
                    kind: "select".into(),
                    items: vec![item("2G", "0.20", "0", false), item("4G", "0.70", "1", true)],
                    ..Default::default()
                },
            ],
            package: vec![],
        }
    }

    #[test]
    fn totals_are_exact_and_follow_choices() {
        let mut view = UpgradeView::default();
        view.set_options(7, options());
        assert_eq!(view.lines(), [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)], "a quantity is one line");
        let m = |t| Money::parse(t).unwrap();
        // The one IP the service has counts in both.
        assert_eq!(
            view.totals(),
            Totals { current: Some(m("7.80")), chosen: Some(m("7.80")), setup: Some(Money::ZERO) }
        );
        assert!(!view.has_changes());
        view.move_cursor(1);
        view.choose();
        view.step_choice(-1);
        view.cursor = 3;
        view.choose();
        view.cursor = 1;
        view.choose();
        let t = view.totals();
        assert_eq!((t.chosen, t.delta(), t.setup), (Some(m("7.50")), Some(m("-0.30")), Some(m("5.05"))));
        let summary = view.summary(Language::English, None, "");
        assert!(summary.contains("CPU: 2 → 4 (+0.20)"), "{summary}");
        assert!(summary.contains("RAM: 4G → 2G (-0.50)"), "{summary}");
        assert!(summary.contains("IP: 1 (unchanged)"), "{summary}");
        assert!(summary.contains("Options' recurring sum: 7.80 → 7.50 (-0.30)"), "{summary}");
        // With the service's own recurring total, before and after are the service's.
        let summary = view.summary(Language::English, Some(m("5.40")), "");
        assert!(summary.contains("Service recurring total: 5.40 → 5.10 (-0.30)"), "{summary}");
        let asked =
            std::collections::BTreeMap::from([("1".to_owned(), "4".to_owned()), ("2".to_owned(), "2G".to_owned())]);
        assert_eq!(view.changed_resources(), asked, "only what changes is sent, by id");
        assert_eq!(view.change_lines(Language::English, ""), ["CPU: 2 → 4 (+0.20)", "RAM: 4G → 2G (-0.50)"]);
    }

    #[test]
    fn a_quantity_steps_within_what_it_takes_and_is_sent_as_a_number() {
        let mut view = UpgradeView::default();
        view.set_options(7, options());
        view.cursor = 2;
        assert_eq!(view.quantity_at_cursor(), Some(1));
        view.choose();
        assert_eq!(view.quantities[1], Some(1), "Space on a quantity does not choose an item");
        for _ in 0..5 {
            view.step_choice(1);
        }
        assert_eq!(view.quantities[1], Some(4), "no more than the most it takes");
        let m = |t| Money::parse(t).unwrap();
        assert_eq!(view.totals().delta(), Some(m("21")), "three more at 7");
        let asked = std::collections::BTreeMap::from([("9".to_owned(), "4".to_owned())]);
        assert_eq!(view.changed_resources(), asked);
        assert_eq!(view.change_lines(Language::English, "VND"), ["IP: 1 → 4 (+21 VND)"]);
        view.set_options(7, options());
        assert_eq!(view.quantities[1], Some(4), "kept when the options come again");
        for _ in 0..9 {
            view.step_choice(-1);
        }
        assert_eq!(view.quantities[1], Some(1), "no fewer than the least");
        assert!(!view.has_changes());
    }

    #[test]
    fn refetch_keeps_choices_for_the_same_service() {
        let mut view = UpgradeView::default();
        view.set_options(7, options());
        view.cursor = 1;
        view.choose();
        view.set_options(7, options());
        assert_eq!(view.chosen[0], Some(1));
        view.set_options(8, options());
        assert_eq!(view.chosen[0], Some(0));
    }
}
