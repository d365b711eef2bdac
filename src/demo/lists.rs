//! The whole account's lists (`GET /domain`, `/service`, `/invoice`), which a large account
//! makes 15–30 MB each: written straight from the seed and the changes kept, without
//! copying an entry, and kept as sent until anything changes, so asking again costs
//! nothing. What they say is what the portal holds now: any request that is not a read may
//! change the portal's state, so it makes every kept list stale, before it is carried out
//! and again once it is.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use super::PortalState;
use super::data::DemoAccount;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum List {
    Domains,
    Services,
    Invoices,
}

/// The lists as last sent, by portal host, each with the state's generation it was
/// written from.
#[derive(Default)]
pub(super) struct ListCache {
    /// Moves on whenever the portal's state may change.
    generation: AtomicU64,
    sent: Mutex<HashMap<(String, List), (u64, Bytes)>>,
}

impl ListCache {
    /// The portal's state may change (or just did): no list kept so far is sent again.
    pub fn changed(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// `list` of the account at `host` as JSON: as kept when nothing changed since it was
    /// written, else written by `write` (and kept).
    pub fn answer(&self, host: &str, list: List, write: impl FnOnce() -> Vec<u8>) -> Response {
        let generation = self.generation.load(Ordering::SeqCst);
        let key = (host.to_owned(), list);
        let kept = self.sent().get(&key).filter(|(g, _)| *g == generation).map(|(_, body)| body.clone());
        let body = match kept {
            Some(body) => body,
            None => {
                let body = Bytes::from(write());
                let mut sent = self.sent();
                // A list written from a later state (by a request answered meanwhile) stays.
                if sent.get(&key).is_none_or(|(g, _)| *g <= generation) {
                    sent.insert(key, (generation, body.clone()));
                }
                body
            }
        };
        ([(header::CONTENT_TYPE, "application/json")], body).into_response()
    }

    fn sent(&self) -> std::sync::MutexGuard<'_, HashMap<(String, List), (u64, Bytes)>> {
        self.sent.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One entry of a list: its fields in the order they are sent, borrowed from the seed
/// where nothing changed them.
struct Fields<'a>(Vec<(&'a str, Cow<'a, Value>)>);

impl<'a> Fields<'a> {
    /// `entry[key] = value`: in place when the entry has the field, else last.
    fn set(&mut self, key: &'a str, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = Cow::Owned(value),
            None => self.0.push((key, Cow::Owned(value))),
        }
    }

    /// Takes `key` out as `serde_json::Map::remove` does with its order kept (`swap_remove`:
    /// the last field takes its place).
    fn remove(&mut self, key: &str) {
        if let Some(at) = self.0.iter().position(|(k, _)| *k == key) {
            self.0.swap_remove(at);
        }
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_ref())
    }
}

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value.as_ref())?;
        }
        map.end()
    }
}

/// `{"NAME":[ENTRY,…]}`, compact, as `serde_json` writes the same `Value`.
fn answer<'a>(name: &str, entries: impl Iterator<Item = Fields<'a>>, size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(b"{");
    serde_json::to_writer(&mut out, name).expect("writing to memory");
    out.extend_from_slice(b":[");
    for (i, entry) in entries.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, &entry).expect("a list entry is JSON");
    }
    out.extend_from_slice(b"]}");
    out
}

/// What `GET /domain` lists of a registration on real portals: no ID protection, first
/// payment, next due date, next invoice or nameservers (those are in `GET /domain/@id`).
const LISTED_DOMAIN_FIELDS: [&str; 8] =
    ["id", "name", "expires", "recurring_amount", "date_created", "status", "period", "autorenew"];

/// `GET /domain`: every registration as it is now.
pub(super) fn domains(state: &PortalState, account: &DemoAccount) -> Vec<u8> {
    let changed = super::domain_actions::changed(state, &account.host);
    // The registrations orders made this run, after the seeded ones.
    let ordered = super::buying::ordered_domains(state, account);
    let entries = account.domains.iter().chain(&ordered).map(|seeded| {
        let id = seeded["id"].as_str().unwrap_or_default();
        let record = changed.get(id).unwrap_or(seeded);
        Fields(LISTED_DOMAIN_FIELDS.iter().filter_map(|&k| Some((k, Cow::Borrowed(record.get(k)?)))).collect())
    });
    answer("domains", entries, (account.domains.len() + ordered.len()) * 160)
}

/// `GET /service`: the services, then the certificates, each with its status as it is now
/// and its pending cancellation request, if any.
pub(super) fn services(state: &PortalState, account: &DemoAccount) -> Vec<u8> {
    const LISTED: [&str; 9] =
        ["id", "domain", "total", "status", "billingcycle", "next_due", "category", "category_url", "name"];
    type Kept<T> = HashMap<String, T>;
    let (status, next_due, requests): (Kept<String>, Kept<String>, Kept<Value>) = {
        let billing = &super::kept::lock(state).billing;
        let mine = |(host, id): &(String, String)| (*host == account.host).then(|| id.clone());
        (
            billing.status.iter().filter_map(|(k, v)| Some((mine(k)?, v.clone()))).collect(),
            billing.next_due.iter().filter_map(|(k, v)| Some((mine(k)?, v.clone()))).collect(),
            billing.requests.iter().filter_map(|(k, v)| Some((mine(k)?, v.clone()))).collect(),
        )
    };
    let certificates = account.certificate_services();
    // The services orders made this run, after the seeded ones and the certificates.
    let ordered = super::buying::ordered_services(state, account);
    let entries = account.hosting.iter().chain(certificates.iter()).chain(&ordered).map(|service| {
        let mut fields = Fields(LISTED.iter().filter_map(|&k| Some((k, Cow::Borrowed(service.get(k)?)))).collect());
        let id = super::billing::text(&service["id"]);
        if let Some(now) = status.get(id.trim()) {
            fields.set("status", now.clone().into());
        }
        if let Some(due) = next_due.get(id.trim()) {
            fields.set("next_due", due.clone().into());
        }
        if let Some(request) = requests.get(id.trim()) {
            fields.set("cancellation", request.clone());
        }
        fields
    });
    answer("services", entries, (account.hosting.len() + certificates.len() + ordered.len()) * 220)
}

/// `GET /invoice`: without the items, with what was paid since.
pub(super) fn invoices(state: &PortalState, account: &DemoAccount) -> Vec<u8> {
    let paid: HashMap<String, rust_decimal::Decimal> = super::kept::lock(state)
        .billing
        .paid
        .iter()
        .filter(|((host, _), _)| *host == account.host)
        .map(|((_, id), paid)| (id.clone(), *paid))
        .collect();
    let ordered = super::billing::ordered(state, account);
    let entries = account.invoices.iter().chain(&ordered).map(|invoice| {
        let all = invoice.as_object().into_iter().flatten();
        let mut fields = Fields(all.map(|(k, v)| (k.as_str(), Cow::Borrowed(v))).collect());
        for key in ["items", "subtotal", "tax"] {
            fields.remove(key);
        }
        let id = fields.get("id").map(super::billing::text).unwrap_or_default();
        if let Some(&paid) = paid.get(id.trim()) {
            if fields.get("credit").is_some() {
                fields.set("credit", format!("{paid:.2}").into());
            }
            if super::billing::total(state, account, &id).is_some_and(|total| paid >= total) {
                fields.set("status", "Paid".into());
                fields.set("datepaid", state.today.to_string().into());
            }
        }
        fields
    });
    answer("invoices", entries, (account.invoices.len() + ordered.len()) * 160)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::demo::{CLIENT_HOST, DemoOptions, RESELLER_HOST};

    fn portal() -> PortalState {
        let today = Some(time::macros::date!(2026 - 11 - 21));
        PortalState::new(DemoOptions { scale: 120, scale_all: true, today, ..DemoOptions::default() })
    }

    /// Each list as the portal wrote it before: a `Value` of copies, then its text.
    fn as_values(state: &PortalState, account: &DemoAccount) -> [Vec<u8>; 3] {
        let current = |r: &Value| {
            let record = crate::demo::domain_actions::current(state, &account.host, r);
            let listed = LISTED_DOMAIN_FIELDS.iter().filter_map(|k| Some((k.to_string(), record.get(*k)?.clone())));
            Value::Object(listed.collect())
        };
        let domains: Vec<Value> = account.domains.iter().map(current).collect();
        let services = crate::demo::billing::service_list(state, account);
        let invoices = crate::demo::billing::invoice_list(state, account);
        [json!({ "domains": domains }), json!({ "services": services }), json!({ "invoices": invoices })]
            .map(|v| serde_json::to_vec(&v).unwrap())
    }

    fn written(state: &PortalState, account: &DemoAccount) -> [Vec<u8>; 3] {
        [domains(state, account), services(state, account), invoices(state, account)]
    }

    #[test]
    fn the_lists_are_written_byte_for_byte_as_their_values_were() {
        let state = portal();
        for host in [CLIENT_HOST, RESELLER_HOST] {
            let account = &state.accounts[host];
            assert_eq!(written(&state, account), as_values(&state, account), "{host}");
        }
        // After payments (one paying an invoice whole, one not), a cancellation and a
        // changed registration.
        let account = &state.accounts[CLIENT_HOST];
        let invoice = |i: usize| account.invoices[i]["id"].as_str().unwrap().to_owned();
        let service = account.hosting[3]["id"].as_str().unwrap().to_owned();
        {
            let mut writes = crate::demo::kept::lock(&state);
            let billing = &mut writes.billing;
            billing.paid.insert((account.host.clone(), invoice(0)), rust_decimal::Decimal::from(1_000_000_000));
            billing.paid.insert((account.host.clone(), invoice(1)), rust_decimal::Decimal::from(1));
            billing.status.insert((account.host.clone(), service), "Cancelled".into());
            let pending = account.hosting[1]["id"].as_str().unwrap().to_owned();
            let request = json!({ "type": "End of billing period", "reason": "r", "date": "2026-12-04" });
            billing.requests.insert((account.host.clone(), pending), request);
        }
        let mut record = account.domains[2].clone();
        record["autorenew"] = json!("0");
        record["expires"] = json!("2031-01-01");
        crate::demo::domain_actions::keep(&state, &account.host, record);
        let [domains, services, invoices] = written(&state, account);
        assert_eq!([domains.clone(), services.clone(), invoices.clone()], as_values(&state, account));
        let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
        assert!(text(&domains).contains("2031-01-01") && text(&services).contains("Cancelled"));
        assert!(text(&services).contains("End of billing period"));
        assert!(text(&invoices).contains("datepaid"));
    }

    #[test]
    fn a_kept_list_is_sent_until_anything_changes() {
        let cache = ListCache::default();
        let writes = std::cell::Cell::new(0);
        let body = |n: u8| {
            writes.set(writes.get() + 1);
            vec![n]
        };
        let sent = |r: Response| r.headers()[header::CONTENT_TYPE].to_str().unwrap().to_owned();
        assert_eq!(sent(cache.answer("a", List::Domains, || body(1))), "application/json");
        cache.answer("a", List::Domains, || body(2));
        assert_eq!(writes.get(), 1, "written once");
        cache.answer("b", List::Domains, || body(3));
        cache.answer("a", List::Services, || body(4));
        assert_eq!(writes.get(), 3, "each host's each list");
        cache.changed();
        cache.answer("a", List::Domains, || body(5));
        cache.answer("a", List::Domains, || body(6));
        assert_eq!(writes.get(), 4, "written again after a change, then kept");
        assert_eq!(cache.sent()[&("a".to_owned(), List::Domains)].1.as_ref(), [5]);
    }
}
