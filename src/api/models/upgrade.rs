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
