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
    /// Upgrade options by service id.
    pub services: Map<String, Value>,
    /// Services other than certificates, as `GET /service/@id` gives them.
    #[serde(default)]
    pub hosting: Vec<Value>,
    /// Invoices with their items; the sums are worked out on load.
    #[serde(default)]
    pub invoices: Vec<Value>,
    /// Support tickets, each with its `replies`.
    #[serde(default)]
    pub tickets: Vec<Value>,
    /// The departments a new ticket goes to (`id`, `name`).
    #[serde(default)]
    pub ticket_departments: Vec<Value>,
    /// `GET /domain/order`: the TLDs sold, with their prices by period.
    #[serde(default)]
    pub domain_order: Vec<Value>,
    /// The registrations whose registrar lock is on at the start, by id.
    #[serde(default)]
    pub registrar_locks: Vec<String>,
    /// `GET /payment`: payment method id → name.
    #[serde(default)]
    pub payments: Map<String, Value>,
    /// `GET /service/@id/methods`: what each service offers, by service id.
    #[serde(default)]
    pub service_methods: Map<String, Value>,
    /// Hosted DNS zones (`domain_id`, `name`, `service_id`, `records`; `keyed` when the
    /// portal sends the records as an object keyed by id), see `zones`.
    #[serde(default)]
    pub dns_zones: Vec<Value>,
    /// Where each invoice is in `invoices`, by id: `GET /invoice/@id` on a large account
    /// is found at once, as a portal's database finds it.
    #[serde(skip)]
    pub invoice_at: HashMap<String, usize>,
}

impl DemoAccount {
    /// `GET /service`: the services, then the certificates, as the list shows them (as
    /// `lists` writes it, a `Value` at a time: what its tests compare with).
    #[cfg(test)]
    pub fn service_list(&self) -> Vec<Value> {
        const LISTED: [&str; 9] =
            ["id", "domain", "total", "status", "billingcycle", "next_due", "category", "category_url", "name"];
        self.hosting
            .iter()
            .chain(self.certificate_services().iter())
            .map(|s| LISTED.iter().filter_map(|k| s.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect())
            .collect()
    }

    /// `GET /service/@id`.
    pub fn service(&self, id: &str) -> Option<Value> {
        self.hosting.iter().chain(self.certificate_services().iter()).find(|s| s["id"] == id).cloned()
    }

    /// The certificates as services: their billing fields, without the certificate's own.
    pub(super) fn certificate_services(&self) -> Vec<Value> {
        const KEPT: [&str; 10] = [
            "id",
            "date_created",
            "domain",
            "firstpayment",
            "total",
            "billingcycle",
            "next_due",
            "next_invoice",
            "status",
            "label",
        ];
        self.certificates
            .values()
            .map(|c| {
                let mut service: Map<String, Value> =
                    KEPT.iter().filter_map(|k| c.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect();
                service.insert("name".into(), c.get("name").cloned().unwrap_or_default());
                service.insert("category".into(), "SSL Certificates".into());
                service.insert("category_url".into(), "ssl".into());
                Value::Object(service)
            })
            .collect()
    }

    /// `GET /domain/@id`.
    pub fn domain_by_id(&self, id: &str) -> Option<&Value> {
        self.domains.iter().find(|d| d["id"] == id)
    }

    /// `GET /domain/@id/dns`: the usual records of a hosted name, the same on every run.
    pub fn dns_records(&self, id: &str) -> Option<Vec<Value>> {
        let domain = self.domain_by_id(id)?;
        let name = domain["name"].as_str().unwrap_or("");
        let n: u32 = id.bytes().fold(7, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
        let ip = format!("103.{}.{}.{}", 50 + n % 150, (n / 7) % 250, 2 + (n / 13) % 250);
        let record = |id: u32, host: &str, kind: &str, content: String, ttl: u32, priority: u32| serde_json::json!({"id": id, "name": host, "ttl": ttl, "priority": priority, "type": kind, "content": content});
        Some(vec![
            record(1, "@", "A", ip.clone(), 3600, 0),
            record(2, "www", "CNAME", format!("{name}."), 3600, 0),
            record(3, "mail", "A", ip, 3600, 0),
            record(4, "@", "MX", format!("mail.{name}."), 3600, 10),
            record(5, "@", "TXT", "\"v=spf1 a mx ~all\"".to_owned(), 3600, 0),
            record(6, "@", "AAAA", format!("2401:d800:{:x}::1", n % 0xffff), 3600, 0),
        ])
    }

    /// `GET /invoice`: without the items, the total as text (see `service_list`).
    #[cfg(test)]
    pub fn invoice_list(&self) -> Vec<Value> {
        self.invoices
            .iter()
            .map(|i| {
                let mut listed = i.as_object().cloned().unwrap_or_default();
                listed.remove("items");
                listed.remove("subtotal");
                listed.remove("tax");
                Value::Object(listed)
            })
            .collect()
    }

    /// `GET /invoice/@id`: with the items, the sums as numbers (as real portals send them).
    pub fn invoice(&self, id: &str) -> Option<Value> {
        let at = match self.invoice_at.get(id) {
            Some(&at) => Some(at),
            None => self.invoices.iter().position(|i| i["id"] == id),
        };
        at.map(|at| DemoAccount::invoice_detail(&self.invoices[at]))
    }

    /// An invoice as kept (sums as text) as `GET /invoice/@id` gives it.
    pub fn invoice_detail(kept: &Value) -> Value {
        let mut invoice = kept.clone();
        for key in ["subtotal", "tax", "total"] {
            let text = invoice[key].as_str().unwrap_or("0").to_owned();
            invoice[key] =
                text.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map_or(Value::Null, Value::Number);
        }
        invoice["credit"] = Value::from(0);
        invoice
    }

    /// Every record whose name matches, in seed order.
    pub fn domain_records(&self, name: &str) -> Vec<&Value> {
        self.domains
            .iter()
            .filter(|d| d.get("name").and_then(Value::as_str).is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .collect()
    }
}

/// The seeded accounts, keyed by portal host.
pub fn load(today: Date, scale: usize, scale_all: bool) -> HashMap<String, DemoAccount> {
    let (services, invoices) = if scale_all { (scale, scale) } else { (scale / 5, scale / 2) };
    SEEDS
        .iter()
        .map(|seed| {
            let mut value: Value = serde_json::from_str(seed).expect("demo seed is valid JSON");
            resolve_dates(&mut value, today);
            let mut account: DemoAccount = serde_json::from_value(value).expect("demo seed has the demo shape");
            if account.host.starts_with("my.") {
                account.domains.extend(scaled_records(scale, today));
                account.hosting.extend(scaled_services(services, today));
                account.invoices.extend(scaled_invoices(invoices, today));
            }
            account.invoices.iter_mut().for_each(work_out_sums);
            // The first of an id, as a search from the start finds it.
            let ids = account
                .invoices
                .iter()
                .enumerate()
                .rev()
                .filter_map(|(at, i)| Some((i["id"].as_str()?.to_owned(), at)));
            account.invoice_at = ids.collect();
            (account.host.clone(), account)
        })
        .collect()
}

pub(super) fn resolve_dates(value: &mut Value, today: Date) {
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

/// An invoice's subtotal (its items), tax (at its rate, whole đồng) and total, as text.
fn work_out_sums(invoice: &mut Value) {
    let cents = |v: &Value| -> i64 {
        let text = v.as_str().map(str::to_owned).unwrap_or_else(|| v.to_string());
        let (whole, part) = text.split_once('.').unwrap_or((&text, "0"));
        whole.parse::<i64>().unwrap_or(0) * 100 + format!("{part:0<2}")[..2].parse::<i64>().unwrap_or(0)
    };
    let items = invoice["items"].as_array().cloned().unwrap_or_default();
    let subtotal: i64 = items.iter().map(|i| cents(&i["amount"]) * cents(&i["qty"]).max(100) / 100).sum();
    let rate: i64 = invoice["taxrate"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
    let tax = (subtotal * rate / 100) / 100 * 100;
    let text = |c: i64| format!("{}.{:02}", c / 100, c % 100);
    if let Some(items) = invoice["items"].as_array_mut() {
        for item in items {
            let line = cents(&item["amount"]) * cents(&item["qty"]).max(100) / 100;
            item["linetotal"] = text(line).into();
        }
    }
    invoice["subtotal"] = text(subtotal).into();
    invoice["tax"] = text(tax).into();
    invoice["total"] = text(subtotal + tax).into();
}

/// `count` extra services for measurements, due dates spread over the next year.
fn scaled_services(count: usize, today: Date) -> Vec<Value> {
    let date = |d: i64| relative_date(&format!("today{d:+}d"), today).unwrap_or_default();
    (0..count)
        .map(|i| {
            let due = (i as i64 * 13) % 400 - 20;
            let status = ["Active", "Active", "Active", "Suspended", "Cancelled"][i % 5];
            let cycle = ["Monthly", "Quarterly", "Annually"][i % 3];
            serde_json::json!({
                "id": (300_000 + i).to_string(),
                "name": format!("Hosting Scale {i:05}"),
                "domain": format!("scale-{:04}.vn", i / 50),
                "category": "Web Hosting",
                "category_url": "hosting",
                "billingcycle": cycle,
                "total": format!("{}.00", 90_000 + (i % 11) * 10_000),
                "firstpayment": "90000.00",
                "next_due": date(due),
                "next_invoice": date(due - 7),
                "status": status,
                "date_created": date(due - 365),
            })
        })
        .collect()
}

/// `count` extra invoices for measurements: a few unpaid, most paid.
fn scaled_invoices(count: usize, today: Date) -> Vec<Value> {
    let date = |d: i64| relative_date(&format!("today{d:+}d"), today).unwrap_or_default();
    (0..count)
        .map(|i| {
            let age = (i as i64 * 3) % 900;
            let status = if i % 17 == 0 { "Unpaid" } else if i % 41 == 0 { "Cancelled" } else { "Paid" };
            serde_json::json!({
                "id": (500_000 + i).to_string(),
                "number": format!("S-{i:06}"),
                "date": date(-age),
                "duedate": date(14 - age),
                "status": status,
                "currency": "VND",
                "taxrate": "10",
                "items": [{"id": "1", "type": "Hosting", "description": format!("Hosting Scale {i:05}"), "amount": format!("{}.00", 90_000 + (i % 11) * 10_000), "qty": "1", "taxed": "1"}],
            })
        })
        .collect()
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
        let accounts = load(date!(2026 - 11 - 21), 0, false);
        let client = &accounts["my.example.vn"];
        let example = client.domain_records("example.vn");
        assert_eq!(example.len(), 2);
        assert_eq!(example[1]["expires"], "2027-11-06");
        assert_eq!(client.client["lastlogin"], "2026-11-20 21:14:05");
        assert!(accounts.contains_key("daily.example.vn"));
    }

    #[test]
    fn scale_adds_grouped_records() {
        let accounts = load(date!(2026 - 11 - 21), 120, false);
        let client = &accounts["my.example.vn"];
        assert_eq!(client.domain_records("scale-0000.vn").len(), 50);
        assert_eq!(client.domain_records("scale-0002.vn").len(), 20);
    }
}
