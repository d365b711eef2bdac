//! What the demo portal's changes left, kept in memory for the run: a registration's DNS
//! records and a hosted zone's once changed, upgrade requests, support tickets, payments,
//! cancellations, labels and the invoices written since; and the record a DNS change sends,
//! checked as the portal checks it. The routes that change something are in `writes`,
//! `billing`, `tickets`, `zones` and `domain_actions`.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;

use axum::response::Response;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::PortalState;
use super::reply::{Lang, error_200, say};

#[derive(Default)]
pub struct Writes {
    /// A domain's records once any was changed, by portal host and domain id; until then
    /// the generated ones.
    pub(super) zones: HashMap<(String, String), Vec<Value>>,
    /// Upgrade requests sent (not estimates), as received: host, service id, body.
    pub(super) upgrades: Vec<(String, String, Value)>,
    /// An account's support tickets once any changed, by portal host (see `tickets`).
    pub(super) tickets: HashMap<String, Vec<Value>>,
    /// Payments from the credit, cancellations and labels (see `billing`).
    pub(super) billing: Billing,
    /// A hosted zone's records once any was changed, by portal host and zone id (see
    /// `zones`); until then the seeded ones.
    pub(super) hosted: HashMap<(String, String), Vec<Value>>,
    /// Hosted zones created this run, by portal host, in the seed's form; how many so far.
    pub(super) created_zones: HashMap<String, Vec<Value>>,
    pub(super) zones_made: u64,
    /// Hosted zones deleted this run: portal host and zone id.
    pub(super) deleted_zones: std::collections::HashSet<(String, String)>,
    /// What orders made and what was ordered (see `buying`).
    pub(super) buying: Bought,
}

impl Writes {
    pub fn upgrades(&self) -> Vec<(String, String, Value)> {
        self.upgrades.clone()
    }
}

/// The changes kept so far, for every route that changes something.
pub(super) fn lock(state: &PortalState) -> std::sync::MutexGuard<'_, Writes> {
    state.writes.lock().unwrap_or_else(|e| e.into_inner())
}

/// The record a change sends (`name`, `ttl`, `priority`, `type` among `types`, `content`),
/// checked as the portal checks it; the refusal otherwise. A registration's records and a
/// hosted zone's are checked alike.
pub(super) fn record_from(body: &[u8], types: &[&str], lang: Lang) -> Result<Value, Response> {
    let fields: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let text = |key: &str| match &fields[key] {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let kind = text("type").to_ascii_uppercase();
    if !types.contains(&kind.as_str()) {
        return Err(error_200(say(lang, "Invalid record type", "Loại bản ghi không hợp lệ")));
    }
    if text("content").is_empty() {
        return Err(error_200(say(lang, "Record content is required", "Cần nhập nội dung bản ghi")));
    }
    let number = |key: &str, default: u64| text(key).parse::<u64>().unwrap_or(default);
    let name = if text("name").is_empty() { "@".to_owned() } else { text("name") };
    Ok(json!({
        "name": name,
        "ttl": number("ttl", 3600),
        "priority": number("priority", 0),
        "type": kind,
        "content": text("content"),
    }))
}

/// What paying, cancelling and labelling changed (see `billing`), by portal host and id.
#[derive(Default)]
pub struct Billing {
    /// Credit spent on renewals, by portal host (one purse with the payments).
    pub(super) renewals: HashMap<String, Decimal>,
    /// The account's credit once a payment took some of it.
    pub(super) credit: HashMap<String, Decimal>,
    /// Credit applied to an invoice so far.
    pub(super) paid: HashMap<(String, String), Decimal>,
    /// A service's status once cancelled now, or once an invoice paid lifted its suspension.
    pub(super) status: HashMap<(String, String), String>,
    /// A service's next due date once an invoice for it was paid whole: a cycle on.
    pub(super) next_due: HashMap<(String, String), String>,
    /// A cancellation request at the end of the billing period.
    pub(super) requests: HashMap<(String, String), Value>,
    pub(super) labels: HashMap<(String, String), String>,
    /// Invoices the portal wrote since (one per upgrade request), by portal host, as
    /// seeded invoices are kept: sums as text.
    pub(super) ordered: HashMap<String, Vec<Value>>,
    /// What a renewal billed on its own invoice renews (`renewals-invoiced`), by portal
    /// host and invoice id: the registration's id and the years.
    pub(super) renewal_of: HashMap<(String, String), (String, u32)>,
}

/// What orders made this run, by portal host, and every order as it was received (see
/// `buying`).
#[derive(Default)]
pub struct Bought {
    pub(super) domains: HashMap<String, Vec<Value>>,
    pub(super) services: HashMap<String, Vec<Value>>,
    /// Every order received: the portal host, the path and the body.
    pub(super) orders: Vec<(String, String, Value)>,
    /// A registration's contacts once changed, by portal host and domain id.
    pub(super) contacts: HashMap<(String, String), Value>,
    /// The account's contacts once one was added or changed, by portal host (before that,
    /// the catalogue's).
    pub(super) account_contacts: HashMap<String, Vec<Value>>,
    pub(super) made: u64,
}

impl Bought {
    /// Whether an order made at `host` this run registers or transfers `name`.
    pub(super) fn ordered_name(&self, host: &str, name: &str) -> bool {
        self.domains.get(host).is_some_and(|d| d.iter().any(|d| d["name"].as_str() == Some(name)))
    }
}
