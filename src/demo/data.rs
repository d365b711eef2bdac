//! The demo accounts, seeded from `assets/demo/*.json`. Dates in the files are written
//! relative to today (`"today+12d"`, `"today-1d 21:14:05"`) so the data never goes stale:
//! a name "expiring within 30 days" stays so whenever the demo runs.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Map, Value};
use time::{Date, Duration};

const SEEDS: [&str; 2] =
    [include_str!("../../assets/demo/client.json"), include_str!("../../assets/demo/reseller.json")];

/// One portal host with its one account.
#[derive(Debug, Deserialize)]
pub struct DemoAccount {
    pub host: String,
    pub username: String,
    pub password: String,
    pub client: Map<String, Value>,
    pub domains: Vec<Value>,
    pub certificates: Map<String, Value>,
    pub services: Map<String, Value>,
}

impl DemoAccount {
    /// Every record whose name matches, in seed order.
    pub fn domain_records(&self, name: &str) -> Vec<&Value> {
        self.domains
            .iter()
            .filter(|d| d.get("name").and_then(Value::as_str).is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .collect()
    }
}

/// The seeded accounts, keyed by portal host.
pub fn load(today: Date, scale: usize) -> HashMap<String, DemoAccount> {
    SEEDS
        .iter()
        .map(|seed| {
            let mut value: Value = serde_json::from_str(seed).expect("demo seed is valid JSON");
            resolve_dates(&mut value, today);
            let mut account: DemoAccount = serde_json::from_value(value).expect("demo seed has the demo shape");
            if account.host.starts_with("my.") {
                account.domains.extend(scaled_records(scale, today));
            }
            (account.host.clone(), account)
        })
        .collect()
}

fn resolve_dates(value: &mut Value, today: Date) {
    match value {
        Value::String(s) => {
            if let Some(resolved) = relative_date(s, today) {
                *s = resolved;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| resolve_dates(v, today)),
        Value::Object(map) => map.values_mut().for_each(|v| resolve_dates(v, today)),
        _ => {}
    }
}

/// `today+12d` → `2026-12-03`; `today-1d 21:14:05` keeps its time part.
fn relative_date(text: &str, today: Date) -> Option<String> {
    let rest = text.strip_prefix("today")?;
    let (offset, time_part) = rest.split_once(' ').map_or((rest, None), |(o, t)| (o, Some(t)));
    let days: i64 = offset.strip_suffix('d')?.parse().ok()?;
    let date = today.checked_add(Duration::days(days))?;
    let day = format!("{:04}-{:02}-{:02}", date.year(), date.month() as u8, date.day());
    Some(match time_part {
        Some(t) => format!("{day} {t}"),
        None => day,
    })
}

/// `count` extra records for measurements on big accounts: names come in groups of up to
/// 50 registrations (`scale-0001.vn` …), statuses and expiry dates spread out.
fn scaled_records(count: usize, today: Date) -> Vec<Value> {
    (0..count)
        .map(|i| {
            let group = i / 50;
            let days = (i as i64 * 37) % 1460 - 400;
            let date = |d: i64| relative_date(&format!("today{d:+}d"), today).unwrap_or_default();
            let status = if days < 0 {
                "Expired"
            } else if i % 97 == 0 {
                "Pending"
            } else {
                "Active"
            };
            serde_json::json!({
                "id": (100_000 + i).to_string(),
                "name": format!("scale-{group:04}.vn"),
                "date_created": date(days - 365),
                "firstpayment": "750000.00",
                "recurring_amount": format!("{}.{:02}", 300_000 + (i % 7) * 15_000, i % 100),
                "period": "1",
                "expires": date(days),
                "status": status,
                "next_due": date(days),
                "next_invoice": date(days - 14),
                "idprotection": if i % 3 == 0 { "1" } else { "0" },
                "nameservers": ["ns1.example.vn", "ns2.example.vn"],
                "autorenew": if i % 4 == 0 { "0" } else { "1" },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn seeds_load_with_resolved_dates() {
        let accounts = load(date!(2026 - 11 - 21), 0);
        let client = &accounts["my.example.vn"];
        let example = client.domain_records("example.vn");
        assert_eq!(example.len(), 2);
        assert_eq!(example[1]["expires"], "2027-11-06");
        assert_eq!(client.client["lastlogin"], "2026-11-20 21:14:05");
        assert!(accounts.contains_key("daily.example.vn"));
    }

    #[test]
    fn scale_adds_grouped_records() {
        let accounts = load(date!(2026 - 11 - 21), 120);
        let client = &accounts["my.example.vn"];
        assert_eq!(client.domain_records("scale-0000.vn").len(), 50);
        assert_eq!(client.domain_records("scale-0002.vn").len(), 20);
    }
}
