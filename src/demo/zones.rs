//! Hosted DNS zones, as DNS.services serves them (`zone_records`: the records in its form):
//! `GET /dns` lists the zones with the service holding each, `GET /service/@sid/dns/@zid`
//! gives one zone's records (as a list, or for a zone seeded `keyed` as an object with sparse
//! keys, as DNS.services sends them), and records are added, changed and deleted under
//! `/service/@sid/dns/@zid/records`. Changes are kept in memory for the run (in `writes`).

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::reply::{Lang, answer, answer_id_body, beyond_seed, error_200, lang, route_path, say};
use super::zone_records;
use crate::api::dns::source::ZONE_TYPES;

/// The zone routes, beside the others.
pub fn routes() -> Router<Arc<PortalState>> {
    Router::new()
        .route("/dns", routing::get(answer(list)))
        .route("/service/{id}/dns", routing::post(answer_id_body(create)))
        .route("/service/{id}/dns/{zone}", routing::get(one).delete(remove))
        .route("/service/{id}/dns/{zone}/records", routing::post(add))
        .route("/service/{id}/dns/{zone}/records/{record}", routing::put(update).delete(delete))
}

/// The zones of the account now: as seeded, those deleted this run taken out, those created
/// this run added.
pub(super) fn zones_now(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    let kept = super::kept::lock(state);
    let deleted = |z: &&Value| {
        let id = z["domain_id"].as_str().unwrap_or_default().to_owned();
        !kept.deleted_zones.contains(&(account.host.clone(), id))
    };
    let created = kept.created_zones.get(&account.host).cloned().unwrap_or_default();
    account.dns_zones.iter().chain(created.iter()).filter(deleted).cloned().collect()
}

/// The zone `zone_id` of service `service_id`, as the account has it now.
fn seeded(state: &PortalState, account: &DemoAccount, service_id: &str, zone_id: &str) -> Option<Value> {
    zones_now(state, account)
        .into_iter()
        .find(|z| z["service_id"] == service_id.trim() && z["domain_id"] == zone_id.trim())
}

/// A zone's records as the portal has them now, in its form (`zone_records`): as changed
/// this run, else as seeded.
fn records(state: &PortalState, account: &DemoAccount, zone: &Value) -> Vec<Value> {
    let id = zone["domain_id"].as_str().unwrap_or_default().to_owned();
    let kept = super::kept::lock(state).hosted.get(&(account.host.clone(), id)).cloned();
    kept.unwrap_or_else(|| zone_records::seeded(zone))
}

/// The records of zone `zone_id` of service `service_id` at portal `host` as the portal has
/// them now (for tests: `DemoPortal::zone_records`); `None` for a zone it does not hold.
pub fn records_now(state: &PortalState, host: &str, service_id: &str, zone_id: &str) -> Option<Vec<Value>> {
    let account = state.accounts.get(host)?;
    let zone = seeded(state, account, service_id, zone_id)?;
    Some(records(state, account, &zone))
}

fn zone_not_found(lang: Lang) -> Response {
    error_200(say(lang, "DNS zone not found", "Không tìm thấy vùng DNS"))
}

/// `GET /dns`.
fn list(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let now = zones_now(&state, account);
    let mut service_ids: Vec<&Value> = account.dns_zones.iter().map(|z| &z["service_id"]).collect();
    service_ids.dedup();
    let zones: Vec<Value> = now
        .iter()
        .map(|z| json!({ "domain_id": z["domain_id"], "name": z["name"], "service_id": z["service_id"] }))
        .collect();
    Json(json!({ "service_ids": service_ids, "zones": zones })).into_response()
}

/// `GET /service/@sid/dns/@zid`: the records as a list, or keyed by id for a `keyed` zone
/// (the ids then only in the keys).
async fn one(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path((service_id, zone_id)): Path<(String, String)>,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let Some(zone) = seeded(&state, account, &service_id, &zone_id) else { return zone_not_found(lang(&headers)) };
    let records = zone_records::answered(records(&state, account, &zone), zone["keyed"] == true);
    Json(json!({ "service_id": zone["service_id"], "name": zone["name"], "records": records })).into_response()
}

/// Applies `change` to a zone's records and keeps them; `Err` is the portal's refusal.
fn change_zone(
    state: &PortalState,
    headers: &HeaderMap,
    (service_id, zone_id): (&str, &str),
    change: impl FnOnce(&mut Vec<Value>, &Value) -> Result<Value, Response>,
) -> Response {
    let account = match beyond_seed(state, headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let Some(zone) = seeded(state, account, service_id, zone_id) else { return zone_not_found(lang(headers)) };
    let mut listed = records(state, account, &zone);
    match change(&mut listed, &zone) {
        Ok(answer) => {
            zone_records::next_serial(&mut listed);
            let key = (account.host.clone(), zone_id.trim().to_owned());
            super::kept::lock(state).hosted.insert(key, listed);
            Json(answer).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// The record with this id: DNS.services answers an id it does not hold with a 200 that
/// says `"success": false`.
fn at(records: &[Value], record_id: &str, lang: Lang) -> Result<usize, Response> {
    let id = |r: &Value| r["id"].as_str().map_or_else(|| r["id"].to_string(), str::to_owned);
    records.iter().position(|r| id(r) == record_id.trim()).ok_or_else(|| {
        let said = say(lang, "An error occurred while editing the DNS record", "Đã xảy ra lỗi khi sửa bản ghi DNS");
        Json(json!({ "success": false, "error": [said] })).into_response()
    })
}

/// The portal's own records (the SOA) are not changed or deleted through these routes.
fn not_fixed(record: &Value, lang: Lang) -> Result<(), Response> {
    if record["type"] == "SOA" {
        return Err(error_200(say(lang, "The SOA record cannot be changed", "Không thể sửa bản ghi SOA")));
    }
    Ok(())
}

/// The header the `min-ttl` fault marks a request with.
pub const TTL_FLOOR: &str = "x-demo-min-ttl";

/// The least TTL a zone takes under the `min-ttl` fault.
pub const MIN_TTL: u64 = 300;

/// Under the `min-ttl` fault, a TTL below the floor refused in words, as DNS modules with
/// one refuse it.
fn ttl_floor(headers: &HeaderMap, sent: &Value, lang: Lang) -> Result<(), Response> {
    if !headers.contains_key(TTL_FLOOR) || sent["ttl"].as_u64().is_none_or(|ttl| ttl >= MIN_TTL) {
        return Ok(());
    }
    let en = format!("TTL must be at least {MIN_TTL} seconds");
    let vi = format!("TTL phải từ {MIN_TTL} giây trở lên");
    Err(error_200(say(lang, &en, &vi)))
}

/// `POST /service/@sid/dns/@zid/records`: answered with the record as kept.
async fn add(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path((service_id, zone_id)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let lang = lang(&headers);
    change_zone(&state, &headers, (&service_id, &zone_id), |records, zone| {
        let sent = super::kept::record_from(&body, &ZONE_TYPES, lang)?;
        ttl_floor(&headers, &sent, lang)?;
        let numbered = records.iter().filter_map(|r| r["id"].as_str().and_then(|id| id.parse::<u64>().ok()));
        let next = numbered.max().unwrap_or(0) + 1;
        let record = zone_records::from_write(zone, &next.to_string(), &sent);
        let answer = zone_records::created(&record);
        let kind = record["type"].clone();
        records.push(record);
        // As DNS.services answers: the record without its id, `info` pairs of code and type.
        Ok(json!({ "success": true, "record": answer, "info": [["dnsnewrecordadded", kind]] }))
    })
}

/// `PUT /service/@sid/dns/@zid/records/@rid`.
async fn update(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path((service_id, zone_id, record_id)): Path<(String, String, String)>,
    body: Bytes,
) -> Response {
    let lang = lang(&headers);
    change_zone(&state, &headers, (&service_id, &zone_id), |records, zone| {
        let at = at(records, &record_id, lang)?;
        not_fixed(&records[at], lang)?;
        let sent = super::kept::record_from(&body, &ZONE_TYPES, lang)?;
        ttl_floor(&headers, &sent, lang)?;
        let id = records[at]["id"].as_str().unwrap_or_default().to_owned();
        let record = zone_records::from_write(zone, &id, &sent);
        records[at] = record.clone();
        Ok(json!({ "success": true, "record": record, "info": ["dnsrecordupdated"] }))
    })
}

/// `DELETE /service/@sid/dns/@zid/records/@rid`.
async fn delete(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path((service_id, zone_id, record_id)): Path<(String, String, String)>,
) -> Response {
    let lang = lang(&headers);
    change_zone(&state, &headers, (&service_id, &zone_id), |records, _| {
        let at = at(records, &record_id, lang)?;
        not_fixed(&records[at], lang)?;
        records.remove(at);
        Ok(json!({ "success": true }))
    })
}

/// The `other-admin` fault on a zone's route: its first record is deleted, as another
/// admin would, before the request is answered. False for a path that is not a zone's.
pub fn another_admin_deletes(state: &PortalState, request: &axum::extract::Request) -> bool {
    let path = route_path(request.uri().path());
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ["service", service_id, "dns", zone_id, ..] = parts[..] else { return false };
    let Ok(account) = beyond_seed(state, request.headers()) else { return true };
    if let Some(zone) = seeded(state, account, service_id, zone_id) {
        let mut listed = records(state, account, &zone);
        if let Some(first) = listed.iter().position(|r| r["type"] != "SOA") {
            listed.remove(first);
        }
        super::kept::lock(state).hosted.insert((account.host.clone(), zone_id.to_owned()), listed);
    }
    true
}

/// `POST /service/@sid/dns` with `name`: a zone created under a DNS hosting service of the
/// account, with the usual records, answered as the vendor documents it. A name already
/// hosted is refused.
fn create(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(service_id): Path<String>,
    body: Bytes,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let hosting = account.dns_zones.iter().any(|z| z["service_id"] == service_id.trim());
    if !hosting {
        return error_200(say(lang, "This service does not host DNS zones", "Dịch vụ này không lưu trữ vùng DNS"));
    }
    let sent: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let name = sent["name"].as_str().unwrap_or_default().trim().trim_end_matches('.').to_ascii_lowercase();
    if name.is_empty() || !name.contains('.') || name.contains(char::is_whitespace) {
        return error_200(say(lang, "Invalid domain name", "Tên miền không hợp lệ"));
    }
    let now = zones_now(&state, account);
    if now.iter().any(|z| z["name"].as_str().is_some_and(|n| n.eq_ignore_ascii_case(&name))) {
        return error_200(say(lang, "This domain zone already exists", "Vùng DNS này đã tồn tại"));
    }
    let mut kept = super::kept::lock(&state);
    kept.zones_made += 1;
    let id = (90 + kept.zones_made).to_string();
    let base = 5000 + 100 * kept.zones_made;
    let record = |n: u64, host: &str, kind: &str, content: &str| json!({"id": (base + n).to_string(), "name": host, "type": kind, "content": content, "ttl": 3600, "priority": 0});
    let zone = json!({
        "service_id": service_id.trim(), "domain_id": id, "name": name,
        "records": [record(1, "@", "NS", "ns1.dns-demo.vn."), record(2, "@", "NS", "ns2.dns-demo.vn.")],
    });
    kept.created_zones.entry(account.host.clone()).or_default().push(zone);
    drop(kept);
    let said = say(lang, &format!("Domain zone {name} was created successfully."), &format!("Đã tạo vùng DNS {name}."));
    Json(json!({ "success": true, "info": [said] })).into_response()
}

/// `DELETE /service/@sid/dns/@zid`: the zone and all its records deleted.
async fn remove(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path((service_id, zone_id)): Path<(String, String)>,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    if seeded(&state, account, &service_id, &zone_id).is_none() {
        return zone_not_found(lang(&headers));
    }
    super::kept::lock(&state).deleted_zones.insert((account.host.clone(), zone_id.trim().to_owned()));
    Json(json!({ "success": true })).into_response()
}
