//! The portal's estimate of an upgrade: `POST /service/@id/upgrade` with the choices and
//! without `send`. It changes nothing: a read of its own (`PortalClient::estimate`), never
//! a [`super::Change`], neither confirmed nor written to the change log.

use std::collections::BTreeMap;

use serde_json::Value;

use super::client::PortalClient;
use super::error::{Operation, Result, Said};
use super::models::UpgradeItem;
use super::money::Money;

/// What the portal estimated for an upgrade's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The choices estimated: resource id → item id.
    pub resources: BTreeMap<String, String>,
    /// The estimate's fields as the portal sent them (`difference`, `setup`…); none when
    /// it sent no `estimate` object.
    pub fields: Vec<(String, String)>,
    /// What it said with it (its `info`).
    pub info: Vec<Said>,
}

impl Estimate {
    /// The estimate read from the portal's answer for `resources`.
    pub fn from_answer(resources: BTreeMap<String, String>, answer: &Value) -> Estimate {
        let fields = match answer.get("estimate") {
            Some(Value::Object(fields)) => fields
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned)))
                .collect(),
            _ => Vec::new(),
        };
        let info = super::ChangeAnswer::from_answer(answer.clone()).info;
        Estimate { resources, fields, info }
    }

    /// `POST /service/@id/upgrade` and the body, as `--dry-run` shows the estimate asked.
    pub fn describe(service_id: u64, resources: &BTreeMap<String, String>) -> String {
        format!("POST /service/{service_id}/upgrade {}", Estimate::body(resources))
    }

    /// The body the estimate is asked with.
    pub fn body(resources: &BTreeMap<String, String>) -> Value {
        serde_json::json!({ "resources": resources })
    }
}

/// One resource's part in an upgrade's sums: its recurring price now and as chosen, and
/// the setup the choice adds; `None` is an amount too large to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpgradePart {
    pub current: Option<Money>,
    pub chosen: Option<Money>,
    pub setup: Option<Money>,
}

impl UpgradePart {
    /// An item chosen where `current` is held now (none: nothing yet, priced at zero); its
    /// setup only when it is not the item held now.
    pub fn item(current: Option<&UpgradeItem>, chosen: &UpgradeItem) -> UpgradePart {
        let setup = if chosen.selected { Money::ZERO } else { chosen.setup_price };
        UpgradePart {
            current: Some(current.map_or(Money::ZERO, |i| i.price)),
            chosen: Some(chosen.price),
            setup: Some(setup),
        }
    }
}

/// An upgrade's sums worked out from the options' prices, exact, the same for the dashboard
/// and the command line; `None` is a sum too large to hold (a portal's prices can be
/// anything). What the portal will charge is its [`Estimate`]'s to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpgradeTotals {
    /// The recurring price of the resources chosen, now and after.
    pub current: Option<Money>,
    pub chosen: Option<Money>,
    /// The one-time setup of the items chosen.
    pub setup: Option<Money>,
}

/// The recurring money before and after an upgrade: the service's own recurring total and
/// that plus the difference (`service`) when the service is known, else the sum of the
/// chosen options' prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpgradeRecurring {
    pub service: bool,
    pub before: Option<Money>,
    pub after: Option<Money>,
    pub delta: Option<Money>,
}

impl UpgradeTotals {
    /// The sums of the parts; a sum with a part too large to hold is too large itself.
    pub fn of(parts: impl IntoIterator<Item = UpgradePart>) -> UpgradeTotals {
        let parts: Vec<UpgradePart> = parts.into_iter().collect();
        let sum = |f: fn(&UpgradePart) -> Option<Money>| {
            parts.iter().map(f).collect::<Option<Vec<_>>>().and_then(Money::checked_sum)
        };
        UpgradeTotals { current: sum(|p| p.current), chosen: sum(|p| p.chosen), setup: sum(|p| p.setup) }
    }

    /// The recurring difference per cycle.
    pub fn delta(&self) -> Option<Money> {
        self.chosen?.checked_sub(self.current?)
    }

    /// The recurring money before and after; `service_total` is the service's own
    /// recurring total when it is known.
    pub fn recurring(&self, service_total: Option<Money>) -> UpgradeRecurring {
        let delta = self.delta();
        match service_total {
            Some(before) => UpgradeRecurring {
                service: true,
                before: Some(before),
                after: delta.and_then(|d| before.checked_add(d)),
                delta,
            },
            None => UpgradeRecurring { service: false, before: self.current, after: self.chosen, delta },
        }
    }
}

impl PortalClient {
    /// What the portal estimates an upgrade of service `service_id` to `resources` costs.
    pub async fn estimate(&self, service_id: u64, resources: &BTreeMap<String, String>) -> Result<Estimate> {
        Ok(Estimate::from_answer(resources.clone(), &self.estimate_as_sent(service_id, resources).await?))
    }

    /// The portal's answer to an estimate, as it sent it (for `--json`).
    pub async fn estimate_as_sent(&self, service_id: u64, resources: &BTreeMap<String, String>) -> Result<Value> {
        let id = service_id.to_string();
        self.post_read(Operation::UpgradeEstimate, &["service", &id, "upgrade"], &Estimate::body(resources)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimates_figures_are_read_as_sent() {
        let resources = BTreeMap::from([("11".to_owned(), "31".to_owned())]);
        let answer = serde_json::json!({"estimate": {"difference": "0.20", "setup": 5}, "info": ["ok"]});
        let estimate = Estimate::from_answer(resources.clone(), &answer);
        let fields = [("difference".to_owned(), "0.20".to_owned()), ("setup".to_owned(), "5".to_owned())];
        assert_eq!(estimate.fields, fields);
        assert_eq!(estimate.info, [Said::Words("ok".into())]);
        assert_eq!(Estimate::body(&resources).to_string(), r#"{"resources":{"11":"31"}}"#);
    }

    #[test]
    fn an_upgrades_totals_are_exact_and_charge_no_setup_for_the_item_held() {
        let m = |t: &str| Money::parse(t).unwrap();
        let item = |price: &str, setup: &str, selected: bool| UpgradeItem {
            price: m(price),
            setup_price: m(setup),
            selected,
            ..UpgradeItem::default()
        };
        let (held, wanted) = (item("0.10", "9", true), item("0.30", "5.05", false));
        let totals = UpgradeTotals::of([UpgradePart::item(Some(&held), &wanted), UpgradePart::item(None, &held)]);
        assert_eq!(totals.current, Some(m("0.10")));
        assert_eq!(totals.chosen, Some(m("0.40")));
        assert_eq!(totals.setup, Some(m("5.05")), "the item held adds no setup");
        assert_eq!(totals.delta(), Some(m("0.30")));
        let r = totals.recurring(Some(m("5.40")));
        assert_eq!((r.service, r.before, r.after), (true, Some(m("5.40")), Some(m("5.70"))));
        let r = totals.recurring(None);
        assert_eq!((r.service, r.before, r.after), (false, Some(m("0.10")), Some(m("0.40"))));
        let too_large = UpgradePart { current: None, chosen: Some(Money::ZERO), setup: Some(Money::ZERO) };
        assert_eq!(UpgradeTotals::of([too_large]).delta(), None);
    }
}

/// A quantity resource's quantity now and the one chosen, with its item's prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantity {
    pub now: u32,
    pub chosen: u32,
    pub price: Money,
    pub setup: Money,
}

impl Quantity {
    pub fn of(resource: &crate::api::models::UpgradeResource, chosen: u32) -> Option<Quantity> {
        let item = resource.items.first().filter(|_| resource.is_quantity())?;
        Some(Quantity { now: resource.quantity_now(), chosen, price: item.price, setup: item.setup_price })
    }

    /// The recurring price of the quantity now.
    pub fn current_price(&self) -> Option<Money> {
        self.price.checked_times(self.now)
    }

    /// The recurring price of the quantity chosen.
    pub fn chosen_price(&self) -> Option<Money> {
        self.price.checked_times(self.chosen)
    }

    /// The one-time setup of the units added (none for units taken away).
    pub fn setup_price(&self) -> Option<Money> {
        self.setup.checked_times(self.chosen.saturating_sub(self.now))
    }

    pub fn changed(&self) -> bool {
        self.chosen != self.now
    }
}

impl From<Quantity> for UpgradePart {
    /// A quantity's part of an upgrade's sums: its price now and chosen, the setup of the
    /// units added.
    fn from(q: Quantity) -> UpgradePart {
        UpgradePart { current: q.current_price(), chosen: q.chosen_price(), setup: q.setup_price() }
    }
}
