use serde::Deserialize;
use serde_json::Value;

use crate::api::lenient;
use crate::api::money::Money;

/// `GET /service/@id/upgrade` → `{"resources": [...], "package": [...]}`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct UpgradeOptions {
    pub resources: Vec<UpgradeResource>,
    /// Shape not published; kept as sent.
    pub package: Vec<Value>,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct UpgradeResource {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(rename = "type", deserialize_with = "lenient::text")]
    pub kind: String,
    pub items: Vec<UpgradeItem>,
    /// A quantity resource (`input`): the least and the most the portal takes, the step
    /// between quantities and the quantity the service has now, where the answer gives
    /// them (numbers or text, as sent).
    #[serde(deserialize_with = "lenient::opt_text")]
    pub min: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text")]
    pub max: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text")]
    pub step: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text")]
    pub value: Option<String>,
}

/// What quantities a quantity resource takes: `min..=max` in steps of `step` from `min`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantities {
    pub min: u32,
    pub max: u32,
    pub step: u32,
}

impl Quantities {
    /// Whether `n` is one of them.
    pub fn allows(&self, n: u32) -> bool {
        (self.min..=self.max).contains(&n) && (n - self.min) % self.step == 0
    }

    /// The quantity `steps` steps from `n`, kept within them.
    pub fn stepped(&self, n: u32, steps: i64) -> u32 {
        let moved = i64::from(n) + steps * i64::from(self.step);
        u32::try_from(moved.clamp(i64::from(self.min), i64::from(self.max))).unwrap_or(self.min)
    }
}

impl UpgradeResource {
    /// Only `select` resources can be chosen from; others are shown read-only.
    pub fn is_choice(&self) -> bool {
        self.kind.eq_ignore_ascii_case("select") && !self.items.is_empty()
    }

    /// Index of the item the service has now (the first `selected`).
    pub fn current(&self) -> Option<usize> {
        self.items.iter().position(|i| i.selected)
    }

    /// Whether it is a quantity (`input`) of its one item that can be set.
    pub fn is_quantity(&self) -> bool {
        self.kind.eq_ignore_ascii_case("input") && self.items.len() == 1
    }

    /// The quantities it takes: from the answer's `min`, `max` and `step` where it gives
    /// them as whole numbers, else from 0, without a top, one at a time.
    pub fn quantities(&self) -> Quantities {
        let whole = |v: &Option<String>| v.as_deref().and_then(|t| t.trim().split('.').next()?.parse::<u32>().ok());
        let min = whole(&self.min).unwrap_or(0);
        let max = whole(&self.max).filter(|m| *m >= min).unwrap_or(u32::MAX);
        let step = whole(&self.step).filter(|s| *s > 0).unwrap_or(1);
        Quantities { min, max, step }
    }

    /// The quantity the service has now (its `value`, else the least it takes).
    pub fn quantity_now(&self) -> u32 {
        let now = self.value.as_deref().and_then(|v| v.trim().split('.').next()?.parse().ok());
        now.unwrap_or(self.quantities().min)
    }
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct UpgradeItem {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::money")]
    pub price: Money,
    #[serde(deserialize_with = "lenient::money")]
    pub setup_price: Money,
    #[serde(deserialize_with = "lenient::flag")]
    pub selected: bool,
}
