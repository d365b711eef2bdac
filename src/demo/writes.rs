//! The changes the demo portal accepts: DNS records added, changed and deleted, and upgrade
//! requests (estimates answered, requests recorded as received so tests can read them);
//! what they leave is kept in `kept`.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::kept::{lock as writes, record_from};
use super::reply::{beyond_seed, error_200, lang, route_path, say};

/// The record types the demo portal takes.
pub const DNS_TYPES: [&str; 6] = ["A", "AAAA", "CNAME", "MX", "NS", "TXT"];

/// The domain's records as the portal has them now; `None` for a domain it does not hold.
fn zone(state: &PortalState, account: &DemoAccount, id: &str) -> Option<Vec<Value>> {
    let generated = account.dns_records(id)?;
    Some(writes(state).zones.get(&(account.host.clone(), id.to_owned())).cloned().unwrap_or(generated))
}

/// A registration's DNS records as the portal keeps them now, for `DemoPortal::dns_records`.
pub(super) fn records_now(state: &PortalState, host: &str, domain_id: &str) -> Option<Vec<Value>> {
    zone(state, state.accounts.get(host)?, domain_id)
}

/// The `position-ids` fault: records are addressed by their position in the list.
#[derive(Clone, Copy, Debug)]
pub struct PositionIds;

/// The `other-admin` fault: the first record of the domain (or the hosted zone) in the
/// request's path is deleted, as another admin would, before the request is answered.
pub fn another_admin_deletes(state: &PortalState, request: &axum::extract::Request) {
    if super::zones::another_admin_deletes(state, request) {
        return;
    }
    let path = route_path(request.uri().path());
    let Some(domain_id) = path.strip_prefix("/domain/").and_then(|rest| rest.split('/').next()) else { return };
    let Ok(account) = beyond_seed(state, request.headers()) else { return };
    if let Some(mut records) = zone(state, account, domain_id) {
        if !records.is_empty() {
            records.remove(0);
        }
        writes(state).zones.insert((account.host.clone(), domain_id.to_owned()), records);
    }
}

/// `GET /domain/@id/dns`.
pub async fn dns(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    positions: Option<axum::Extension<PositionIds>>,
    Path(id): Path<String>,
) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => match zone(&state, account, &id) {
            Some(mut records) => {
                if positions.is_some() {
                    for (at, record) in records.iter_mut().enumerate() {
                        record["id"] = json!(at);
                    }
                }
                Json(json!({ "records": records })).into_response()
            }
            None => error_200(say(lang(&headers), "Domain not found", "Không tìm thấy tên miền")),
        },
        Err(refusal) => refusal,
    }
}

/// `GET /domain/@id/dns/types`.
pub fn dns_types(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) if account.domain_by_id(&id).is_some() => Json(json!({ "types": DNS_TYPES })).into_response(),
        Ok(_) => error_200(say(lang(&headers), "Domain not found", "Không tìm thấy tên miền")),
        Err(refusal) => refusal,
    }
}

/// Applies `change` to the domain's records; `Err` is the portal's refusal.
fn change_zone(
    state: &PortalState,
    headers: &HeaderMap,
    domain_id: &str,
    change: impl FnOnce(&mut Vec<Value>) -> Result<Value, Response>,
) -> Response {
    let account = match beyond_seed(state, headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let Some(mut records) = zone(state, account, domain_id) else {
        return error_200(say(lang(headers), "Domain not found", "Không tìm thấy tên miền"));
    };
    match change(&mut records) {
        Ok(answer) => {
            writes(state).zones.insert((account.host.clone(), domain_id.to_owned()), records);
            Json(answer).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// Where the record a change names is: by its id, or by its position with `position-ids`.
fn position(records: &[Value], record_id: &str, positions: bool) -> Option<usize> {
    if positions {
        return record_id.parse::<usize>().ok().filter(|at| *at < records.len());
    }
    records.iter().position(|r| r["id"].to_string().trim_matches('"') == record_id)
}

/// `POST /domain/@id/dns`.
pub fn dns_add(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    change_zone(&state, &headers, &id, |records| {
        let mut record = record_from(&body, &DNS_TYPES, lang(&headers))?;
        let next = records.iter().filter_map(|r| r["id"].as_u64()).max().unwrap_or(0) + 1;
        record["id"] = json!(next);
        records.push(record);
        Ok(json!({ "success": true, "info": ["DNS record added"], "record_id": next }))
    })
}

/// `PUT /domain/@id/dns/@index`.
pub async fn dns_update(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    positions: Option<axum::Extension<PositionIds>>,
    Path((id, record_id)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    change_zone(&state, &headers, &id, |records| {
        let at = position(records, &record_id, positions.is_some())
            .ok_or_else(|| error_200(say(lang(&headers), "Record not found", "Không tìm thấy bản ghi")))?;
        let mut record = record_from(&body, &DNS_TYPES, lang(&headers))?;
        record["id"] = records[at]["id"].clone();
        records[at] = record;
        Ok(json!({ "success": true, "info": ["DNS record updated"] }))
    })
}

/// `DELETE /domain/@id/dns/@index`.
pub async fn dns_delete(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    positions: Option<axum::Extension<PositionIds>>,
    Path((id, record_id)): Path<(String, String)>,
) -> Response {
    change_zone(&state, &headers, &id, |records| {
        let at = position(records, &record_id, positions.is_some())
            .ok_or_else(|| error_200(say(lang(&headers), "Record not found", "Không tìm thấy bản ghi")))?;
        records.remove(at);
        Ok(json!({ "success": true, "info": ["DNS record deleted"] }))
    })
}

/// `POST /service/@id/upgrade`: `resources` (resource id → item id) checked against the
/// service's options; the estimate's sums; with `"send": true` the request is recorded.
pub fn upgrade_request(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let Some(options) = account.services.get(&id) else {
        return error_200(say(lang, "Service not found", "Không tìm thấy dịch vụ"));
    };
    let fields: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let Some(chosen) = fields["resources"].as_object().filter(|c| !c.is_empty()) else {
        return error_200(say(lang, "No resources chosen", "Chưa chọn tài nguyên nào"));
    };
    let amount = |v: &Value| v.to_string().trim_matches('"').parse::<Decimal>().unwrap_or_default();
    let (mut recurring, mut setup) = (Decimal::ZERO, Decimal::ZERO);
    for (resource_id, item_id) in chosen {
        let resource = options["resources"].as_array().into_iter().flatten().find(|r| {
            r["id"].as_u64().is_some_and(|id| id.to_string() == *resource_id) || r["id"] == resource_id.as_str()
        });
        let items = resource.and_then(|r| r["items"].as_array());
        let wanted = item_id.as_str().map(str::to_owned).unwrap_or_else(|| item_id.to_string());
        // A quantity resource (`input`) takes how many of its one item, within its bounds.
        if let Some(resource) = resource.filter(|r| r["type"] == "input") {
            let Some((added, item)) = quantity(resource, &wanted) else {
                return error_200(say(lang, "Invalid quantity", "Số lượng không hợp lệ"));
            };
            recurring += amount(&item["price"]) * added;
            setup += amount(&item["setup_price"]) * added.max(Decimal::ZERO);
            continue;
        }
        let item = items.and_then(|items| items.iter().find(|i| i["id"].as_str() == Some(wanted.as_str())));
        let (Some(items), Some(item)) = (items, item) else {
            return error_200(say(lang, "Invalid resource or item", "Tài nguyên hoặc lựa chọn không hợp lệ"));
        };
        let current = items.iter().find(|i| i["selected"] == true).map(|i| amount(&i["price"])).unwrap_or_default();
        recurring += amount(&item["price"]) - current;
        setup += amount(&item["setup_price"]);
    }
    let estimate = json!({ "difference": recurring.round_dp(2).to_string(), "setup": setup.round_dp(2).to_string() });
    if fields["send"] == true {
        // Each request is billed on an invoice of its own, as portals that bill upgrades do.
        let mut writes = writes(&state);
        let invoice_id = 90_500 + writes.upgrades.len() + 1;
        let due = recurring + setup;
        let mut answer = json!({ "success": true, "info": ["upgrade_request_sent"], "estimate": estimate });
        // Nothing to pay (fewer resources): no invoice.
        if due > Decimal::ZERO {
            let invoice = super::billing::upgrade_invoice(&state, account, &id, invoice_id, due);
            writes.billing.ordered.entry(account.host.clone()).or_default().push(invoice);
            answer["invoice_id"] = invoice_id.into();
        }
        writes.upgrades.push((account.host.clone(), id, fields.clone()));
        Json(answer).into_response()
    } else {
        Json(json!({ "success": true, "info": ["upgrade_estimate"], "estimate": estimate })).into_response()
    }
}

/// How many units a quantity asked of a quantity resource adds (taken away: fewer than
/// none), and its item; `None` when the quantity is not one its `min`, `max` and `step`
/// allow.
fn quantity<'a>(resource: &'a Value, wanted: &str) -> Option<(Decimal, &'a Value)> {
    let number = |key: &str, default: i64| resource[key].as_i64().unwrap_or(default);
    let asked: i64 = wanted.trim().parse().ok()?;
    let (min, max, step) = (number("min", 0), number("max", i64::MAX), number("step", 1).max(1));
    let allowed = (min..=max).contains(&asked) && (asked - min) % step == 0;
    let item = resource["items"].as_array()?.first()?;
    allowed.then(|| (Decimal::from(asked - number("value", min)), item))
}
