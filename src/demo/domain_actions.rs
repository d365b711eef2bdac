//! A registration's settings on the demo portal, kept in memory for the run: renewals paid
//! from the account's credit (a bare `insufficient_credit` when it cannot pay, as Tino
//! answers), autorenew, the registrar lock, ID protection, nameservers, the transfer code,
//! the prices by TLD (`GET /domain/order`) and lookups of names. What changed shows in every
//! read of the registration (`current`).

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::reply::{Lang, answer, answer_body, answer_id, answer_id_body, beyond_seed, error_200, lang, say};

/// What the portal sets when asked for its default nameservers.
const DEFAULT_NAMESERVERS: [&str; 2] = ["ns1.example.vn", "ns2.example.vn"];

/// Names taken by someone else: a lookup says they are not available.
pub(super) const TAKEN_ELSEWHERE: [&str; 3] = ["tino.vn", "vnexpress.net", "thegioididong.com"];

#[derive(Default)]
pub struct DomainState {
    /// Registrations as changed, by portal host and id: the whole record.
    records: HashMap<(String, String), Value>,
    /// Registrar locks as changed, by portal host and id.
    locks: HashMap<(String, String), bool>,
}

fn domains(state: &PortalState) -> std::sync::MutexGuard<'_, DomainState> {
    state.domains.lock().unwrap_or_else(|e| e.into_inner())
}

/// The routes of this module, merged into the portal's.
pub fn routes() -> Router<Arc<PortalState>> {
    Router::new()
        .route("/domain/order", routing::get(answer(order)))
        .route("/domain/lookup", routing::post(answer_body(lookup)))
        .route("/domain/{id}/renew", routing::post(answer_id_body(renew)))
        .route("/domain/{id}/autorenew", routing::get(answer_id(autorenew)).put(answer_id_body(set_autorenew)))
        .route("/domain/{id}/reglock", routing::get(answer_id(reglock)).put(answer_id_body(set_reglock)))
        .route("/domain/{id}/idprotection", routing::put(answer_id_body(set_idprotection)))
        .route("/domain/{id}/ns", routing::get(answer_id(nameservers)).put(answer_id_body(set_nameservers)))
        .route("/domain/{id}/epp", routing::get(answer_id(epp)))
}

/// A registration as the portal has it now: as seeded, or as changed since.
pub fn current(state: &PortalState, host: &str, record: &Value) -> Value {
    let id = record["id"].as_str().unwrap_or_default().to_owned();
    domains(state).records.get(&(host.to_owned(), id)).cloned().unwrap_or_else(|| record.clone())
}

/// The account and the registration (as it is now) a route names, or the portal's refusal.
fn registration<'a>(
    state: &'a PortalState,
    headers: &HeaderMap,
    id: &str,
) -> Result<(&'a DemoAccount, Value), Response> {
    let account = beyond_seed(state, headers)?;
    match account.domain_by_id(id) {
        Some(record) => Ok((account, current(state, &account.host, record))),
        None => Err(error_200(say(lang(headers), "Domain not found", "Không tìm thấy tên miền"))),
    }
}

/// The registrations of `host` changed so far, by id.
pub(super) fn changed(state: &PortalState, host: &str) -> HashMap<String, Value> {
    let domains = domains(state);
    domains.records.iter().filter(|((h, _), _)| h == host).map(|((_, id), r)| (id.clone(), r.clone())).collect()
}

/// Keeps the registration as changed.
pub(super) fn keep(state: &PortalState, host: &str, record: Value) {
    let id = record["id"].as_str().unwrap_or_default().to_owned();
    domains(state).records.insert((host.to_owned(), id), record);
}

/// The fields a change sent: JSON, or form fields (`nameservers[]` repeated).
fn fields(headers: &HeaderMap, body: &[u8]) -> Value {
    let form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !form {
        return serde_json::from_slice(body).unwrap_or(Value::Null);
    }
    let mut map = serde_json::Map::new();
    for (key, value) in url::form_urlencoded::parse(body) {
        match key.strip_suffix("[]") {
            Some(list) => {
                let entry = map.entry(list.to_owned()).or_insert_with(|| json!([]));
                if let Some(items) = entry.as_array_mut() {
                    items.push(Value::String(value.into_owned()));
                }
            }
            None => {
                map.insert(key.into_owned(), Value::String(value.into_owned()));
            }
        }
    }
    Value::Object(map)
}

/// A flag as clients send it: `true`, `1`, `"on"`…; `None` when missing or not a flag.
fn flag(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_u64().map(|n| n != 0),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "on" | "yes" => Some(true),
            "0" | "false" | "off" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

fn done(lang: Lang, en: &str, vi: &str) -> Response {
    Json(json!({ "success": true, "info": [say(lang, en, vi)] })).into_response()
}

fn missing(lang: Lang, field: &str) -> Response {
    error_200(say(lang, &format!("Missing parameter: {field}"), &format!("Thiếu tham số: {field}")))
}

fn text(value: &Value) -> String {
    value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string())
}

/// `GET /domain/order`.
fn order(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => Json(json!({ "tlds": account.domain_order })).into_response(),
        Err(refusal) => refusal,
    }
}

/// The TLD of `name` the account's portal sells (the longest that fits).
fn tld_for<'a>(account: &'a DemoAccount, name: &str) -> Option<&'a Value> {
    let suffix = |t: &Value| t["tld"].as_str().unwrap_or_default().trim_start_matches('.').to_owned();
    account
        .domain_order
        .iter()
        .filter(|t| name.strip_suffix(&suffix(t)).is_some_and(|rest| rest.len() > 1 && rest.ends_with('.')))
        .max_by_key(|t| suffix(t).len())
}

/// What renewing `record` for `years` costs: its recurring amount × years when it renews
/// yearly, else its TLD's renewal price for that period.
fn renewal_cost(account: &DemoAccount, record: &Value, years: u32) -> Option<Decimal> {
    let amount = |v: &Value| text(v).parse::<Decimal>().ok();
    if text(&record["period"]) == "1" {
        return amount(&record["recurring_amount"]).map(|a| a * Decimal::from(years));
    }
    let name = record["name"].as_str().unwrap_or_default();
    let periods = tld_for(account, name)?["periods"].as_array()?;
    periods.iter().find(|p| text(&p["period"]) == years.to_string()).and_then(|p| amount(&p["renew"]))
}

/// `POST /domain/@id/renew` with `years`: paid from the credit, or the bare
/// `insufficient_credit` (HTTP 200, not JSON) when the credit cannot pay it. Under
/// `renewals-invoiced`, billed on an invoice to pay instead, the expiry as it was.
fn renew(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    let (account, mut record) = match registration(&state, &headers, &id) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = fields(&headers, &body);
    let Some(years) = text(&sent["years"]).parse::<u32>().ok().filter(|y| (1..=10).contains(y)) else {
        return missing(lang, "years");
    };
    let Some(cost) = renewal_cost(account, &record, years) else {
        return error_200(say(lang, "No price for this period", "Không có giá cho kỳ hạn này"));
    };
    if headers.contains_key(super::faults::INVOICED) {
        let name = record["name"].as_str().unwrap_or_default();
        super::billing::renewal_invoice(&state, account, &id, name, years, cost);
        let info = say(lang, "Renewal invoiced", "Đã lập hóa đơn gia hạn");
        return Json(json!({ "success": true, "info": [info] })).into_response();
    }
    if cost > super::billing::credit(&state, account) {
        return ([(header::CONTENT_TYPE, "text/plain")], "insufficient_credit").into_response();
    }
    let Some(after) = renewed(&mut record, years) else {
        return error_200(say(lang, "The domain cannot be renewed yet", "Tên miền chưa thể gia hạn"));
    };
    *super::kept::lock(&state).billing.renewals.entry(account.host.clone()).or_default() += cost;
    keep(&state, &account.host, record);
    let info = say(lang, &format!("Domain renewed for {years} year(s)"), &format!("Đã gia hạn tên miền {years} năm"));
    Json(json!({ "success": true, "info": [info], "expires": after })).into_response()
}

/// A registration renewed for `years`: its expiry, next due and next invoice dates moved on,
/// active; the new expiry, or `None` when it has no expiry to move.
pub(super) fn renewed(record: &mut Value, years: u32) -> Option<String> {
    let expires = record["expires"].as_str().and_then(crate::api::models::parse_date);
    let after = expires.and_then(|d| crate::api::models::years_after(d, years))?;
    let date = |d: time::Date| format!("{:04}-{:02}-{:02}", d.year(), d.month() as u8, d.day());
    record["expires"] = json!(date(after));
    record["next_due"] = json!(date(after));
    record["next_invoice"] = json!(date(after - time::Duration::days(14)));
    record["status"] = json!("Active");
    Some(date(after))
}

/// `GET /domain/@id/autorenew`.
fn autorenew(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match registration(&state, &headers, &id) {
        Ok((_, record)) => Json(json!({ "success": true, "autorenew": record["autorenew"] })).into_response(),
        Err(refusal) => refusal,
    }
}

/// Sets a 0/1 field of the registration from the flag sent under `key`.
fn set_flag(state: &PortalState, headers: &HeaderMap, id: &str, body: &[u8], key: &str, field: &str) -> Response {
    let (account, mut record) = match registration(state, headers, id) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let lang = lang(headers);
    let Some(on) = flag(&fields(headers, body)[key]) else { return missing(lang, key) };
    record[field] = json!(if on { "1" } else { "0" });
    keep(state, &account.host, record);
    match on {
        true => done(lang, "Enabled", "Đã bật"),
        false => done(lang, "Disabled", "Đã tắt"),
    }
}

/// `PUT /domain/@id/autorenew` with `autorenew`.
fn set_autorenew(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    set_flag(&state, &headers, &id, &body, "autorenew", "autorenew")
}

/// `PUT /domain/@id/idprotection` with `switch`.
fn set_idprotection(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    set_flag(&state, &headers, &id, &body, "switch", "idprotection")
}

/// Whether the registrar lock is on: as changed, else as seeded.
fn locked(state: &PortalState, account: &DemoAccount, id: &str) -> bool {
    let changed = domains(state).locks.get(&(account.host.clone(), id.to_owned())).copied();
    changed.unwrap_or_else(|| account.registrar_locks.iter().any(|l| l == id))
}

/// `GET /domain/@id/reglock`.
fn reglock(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match registration(&state, &headers, &id) {
        Ok((account, _)) => {
            let on = locked(&state, account, &id);
            Json(json!({ "success": true, "reglock": if on { "1" } else { "0" } })).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// `PUT /domain/@id/reglock` with `switch`.
fn set_reglock(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let (account, _) = match registration(&state, &headers, &id) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let Some(on) = flag(&fields(&headers, &body)["switch"]) else { return missing(lang, "switch") };
    domains(&state).locks.insert((account.host.clone(), id), on);
    match on {
        true => done(lang, "Registrar lock enabled", "Đã bật khóa chuyển tên miền"),
        false => done(lang, "Registrar lock disabled", "Đã tắt khóa chuyển tên miền"),
    }
}

/// `GET /domain/@id/ns`.
fn nameservers(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match registration(&state, &headers, &id) {
        Ok((_, record)) => Json(json!({ "success": true, "nameservers": record["nameservers"] })).into_response(),
        Err(refusal) => refusal,
    }
}

/// `PUT /domain/@id/ns` with `nameservers`: 2 to 4 host names, or none for the defaults.
fn set_nameservers(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let (account, mut record) = match registration(&state, &headers, &id) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = fields(&headers, &body);
    let Some(given) = sent.get("nameservers").or_else(|| sent.get("nameservers[]")).and_then(Value::as_array) else {
        return missing(lang, "nameservers");
    };
    let names: Vec<String> = given.iter().map(|n| text(n).trim().to_ascii_lowercase()).collect();
    let host = |n: &String| n.contains('.') && crate::api::dns::rules::is_host_name(n) && n != "@";
    let names = match names.len() {
        0 => DEFAULT_NAMESERVERS.map(str::to_owned).to_vec(),
        2..=4 if names.iter().all(host) => names,
        _ => return error_200(say(lang, "Invalid nameservers", "Máy chủ tên không hợp lệ")),
    };
    record["nameservers"] = json!(names);
    keep(&state, &account.host, record);
    done(lang, "Nameservers updated", "Đã cập nhật máy chủ tên")
}

/// `GET /domain/@id/epp`: a code of the registration's own, the same on every run.
fn epp(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match registration(&state, &headers, &id) {
        Ok((account, _)) => {
            Json(json!({ "success": true, "epp_code": transfer_code(&account.host, &id) })).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// The demo's transfer code of a registration: 14 characters of letters, digits and signs.
pub fn transfer_code(host: &str, id: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789#*-!";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    (0..14)
        .map(|i| {
            for b in host.bytes().chain(id.bytes()).chain([i]) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            ALPHABET[(h % ALPHABET.len() as u64) as usize] as char
        })
        .collect()
}

/// `POST /domain/lookup` with `name`: available unless the account holds it or it is taken
/// elsewhere; short names are premium; prices from the TLD's. The reseller's portal answers
/// a free name as the swagger documents it, `{"info": ["ok"]}` with no prices (a client
/// reads them from `GET /domain/order`).
fn lookup(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let name = text(&fields(&headers, &body)["name"]).trim().trim_end_matches('.').to_lowercase();
    if name.is_empty() || name == "null" {
        return missing(lang, "name");
    }
    let Some(tld) = tld_for(account, &name) else {
        return error_200(say(lang, "This extension is not offered", "Không hỗ trợ đuôi tên miền này"));
    };
    let label = name.split('.').next().unwrap_or_default();
    // A name ordered this run is the account's too, pending.
    let ordered = super::kept::lock(&state).buying.ordered_name(&account.host, &name);
    let available = account.domain_records(&name).is_empty() && !ordered && !TAKEN_ELSEWHERE.contains(&name.as_str());
    if available && !account.host.starts_with("my.") {
        return Json(json!({ "info": ["ok"] })).into_response();
    }
    let periods: Vec<Value> = tld["periods"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let mut p = p.clone();
            p["id"] = json!(format!("{}{}", text(&tld["id"]), text(&p["period"])));
            p
        })
        .collect();
    let answer =
        json!({ "available": available, "name": name, "premium": label.chars().count() <= 3, "periods": periods });
    Json(answer).into_response()
}

#[cfg(test)]
mod tests {
    #[test]
    fn transfer_codes_are_the_domains_own() {
        let code = super::transfer_code("my.example.vn", "5188");
        assert_eq!(code.len(), 14);
        assert_eq!(code, super::transfer_code("my.example.vn", "5188"));
        assert_ne!(code, super::transfer_code("my.example.vn", "5120"));
    }
}
