//! Paying from the credit, cancelling and labelling services, the SSL list, certificates'
//! downloads and signing out, in the demo portal, kept in memory for the run as HostBill
//! answers them: a payment takes the credit down and marks the invoice Paid once nothing is
//! left to pay; cancelling "at the end of the billing period" files a cancellation request
//! and the service stays Active until then (its detail shows the request); cancelling now
//! makes it Cancelled; a service only does what its methods list offers.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::str::FromStr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::reply::{Lang, beyond_seed, error_200, lang, portal, say, unauthorized};

fn key(account: &DemoAccount, id: &str) -> (String, String) {
    (account.host.clone(), id.trim().to_owned())
}

fn decimal(value: &Value) -> Option<Decimal> {
    match value {
        Value::String(s) => Decimal::from_str(s.trim()).ok(),
        Value::Number(n) => Decimal::from_str(&n.to_string()).ok(),
        _ => None,
    }
}

pub(super) fn text(value: &Value) -> String {
    value.as_str().map(str::to_owned).unwrap_or_else(|| if value.is_null() { String::new() } else { value.to_string() })
}

/// The fields a change sent, as JSON or as a form.
fn fields(body: &[u8]) -> Value {
    match serde_json::from_slice::<Value>(body) {
        Ok(value @ Value::Object(_)) => value,
        _ => url::form_urlencoded::parse(body)
            .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
            .collect::<Map<_, _>>()
            .into(),
    }
}

/// The account's credit now.
pub fn credit(state: &PortalState, account: &DemoAccount) -> Decimal {
    let seeded = account.client.get("credit").and_then(decimal).unwrap_or_default();
    let writes = super::kept::lock(state);
    let after_payments = writes.billing.credit.get(&account.host).copied().unwrap_or(seeded);
    after_payments - writes.billing.renewals.get(&account.host).copied().unwrap_or_default()
}

/// What the account owes now: what is still due on each unpaid invoice in the account's
/// currency (`GET /balance`'s `acc_balance`, "unpaid invoices total").
pub fn unpaid(state: &PortalState, account: &DemoAccount) -> Decimal {
    let currency = account.client.get("currency_code").and_then(Value::as_str).unwrap_or("VND");
    let ordered = ordered(state, account);
    let paid = &super::kept::lock(state).billing.paid;
    account
        .invoices
        .iter()
        .chain(&ordered)
        .filter(|i| i["status"] == "Unpaid" && text(&i["currency"]).eq_ignore_ascii_case(currency))
        .map(|i| {
            let id = text(&i["id"]);
            let due =
                decimal(&i["total"]).unwrap_or_default() - paid.get(&key(account, &id)).copied().unwrap_or_default();
            due.max(Decimal::ZERO)
        })
        .sum()
}

/// `GET /details`' client, its credit as it is now.
pub fn client(state: &PortalState, account: &DemoAccount) -> Value {
    let mut client = account.client.clone();
    if client.contains_key("credit") {
        client.insert("credit".into(), format!("{:.3}", credit(state, account)).into());
    }
    Value::Object(client)
}

/// The invoice as kept: seeded, or written since by an upgrade request (sums as text).
fn stored(state: &PortalState, account: &DemoAccount, id: &str) -> Option<Value> {
    let seeded = account.invoices.iter().find(|i| i["id"] == id).cloned();
    seeded.or_else(|| ordered(state, account).into_iter().find(|i| i["id"] == id))
}

/// The invoices written since the seed (one per upgrade request), oldest first.
pub(super) fn ordered(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    super::kept::lock(state).billing.ordered.get(&account.host).cloned().unwrap_or_default()
}

/// The invoice an upgrade request of service `service` bills `due` on: unpaid, due in a
/// week, in the account's currency.
pub(super) fn upgrade_invoice(
    state: &PortalState,
    account: &DemoAccount,
    service: &str,
    id: usize,
    due: Decimal,
) -> Value {
    let currency = account.client.get("currency_code").and_then(Value::as_str).unwrap_or("VND");
    let today = state.today;
    let amount = format!("{:.2}", due.round_dp(2));
    json!({
        "id": id.to_string(),
        "number": format!("{}/{:02}/{:04}", today.year(), u8::from(today.month()), id % 10_000),
        "date": today.to_string(),
        "duedate": (today + time::Duration::days(7)).to_string(),
        "status": "Unpaid", "currency": currency, "taxrate": "0",
        "items": [{
            "id": "1", "type": "Upgrade", "item_id": service,
            "description": format!("Upgrade of service #{service}"),
            "amount": amount, "qty": "1", "taxed": "0", "linetotal": amount,
        }],
        "subtotal": amount, "tax": "0.00", "total": amount,
    })
}

/// A renewal billed on an invoice of its own (`renewals-invoiced`), kept with those
/// upgrades write: unpaid, due in a week.
pub(super) fn renewal_invoice(
    state: &PortalState,
    account: &DemoAccount,
    domain: &str,
    name: &str,
    years: u32,
    cost: Decimal,
) {
    let mut writes = super::kept::lock(state);
    let ordered = writes.billing.ordered.entry(account.host.clone()).or_default();
    let id = 90_700 + ordered.len() + 1;
    drop(writes);
    let mut invoice = upgrade_invoice(state, account, domain, id, cost);
    invoice["items"][0]["type"] = json!("Domain");
    invoice["items"][0]["description"] = json!(format!("Domain renewal - {name} - {years} year(s)"));
    let mut writes = super::kept::lock(state);
    writes.billing.renewal_of.insert((account.host.clone(), id.to_string()), (domain.to_owned(), years));
    writes.billing.ordered.entry(account.host.clone()).or_default().push(invoice);
}

/// The invoice's total as kept (text, worked out on load or when written).
pub(super) fn total(state: &PortalState, account: &DemoAccount, id: &str) -> Option<Decimal> {
    stored(state, account, id).and_then(|i| decimal(&i["total"]))
}

/// An invoice as the list or the detail gives it (`shown`), with what was paid since.
fn paid_into(state: &PortalState, account: &DemoAccount, mut shown: Value) -> Value {
    let id = text(&shown["id"]);
    let paid = super::kept::lock(state).billing.paid.get(&key(account, &id)).copied();
    if let Some(paid) = paid {
        if shown.get("credit").is_some() {
            shown["credit"] = format!("{paid:.2}").into();
        }
        if total(state, account, &id).is_some_and(|total| paid >= total) {
            shown["status"] = "Paid".into();
            shown["datepaid"] = state.today.to_string().into();
        }
    }
    shown
}

/// `GET /invoice/@id`.
pub fn invoice(state: &PortalState, account: &DemoAccount, id: &str) -> Option<Value> {
    let shown = account.invoice(id).or_else(|| stored(state, account, id).map(|i| DemoAccount::invoice_detail(&i)));
    shown.map(|shown| paid_into(state, account, shown))
}

/// `GET /invoice`, a `Value` at a time (what `lists` is tested against).
#[cfg(test)]
pub fn invoice_list(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    account.invoice_list().into_iter().map(|shown| paid_into(state, account, shown)).collect()
}

/// A service as the list or the detail gives it, with its status, label (the detail) and
/// cancellation request as they are now.
fn service_now(state: &PortalState, account: &DemoAccount, mut shown: Value, detail: bool) -> Value {
    let id = key(account, &text(&shown["id"]));
    let billing = &super::kept::lock(state).billing;
    if let Some(status) = billing.status.get(&id) {
        shown["status"] = status.clone().into();
    }
    if let Some(due) = billing.next_due.get(&id) {
        shown["next_due"] = due.clone().into();
    }
    if let (true, Some(label)) = (detail, billing.labels.get(&id)) {
        shown["label"] = label.clone().into();
    }
    if let Some(request) = billing.requests.get(&id) {
        shown["cancellation"] = request.clone();
    }
    shown
}

/// `GET /service/@id`.
pub fn service(state: &PortalState, account: &DemoAccount, id: &str) -> Option<Value> {
    account.service(id).map(|shown| service_now(state, account, shown, true))
}

/// `GET /service`, a `Value` at a time (what `lists` is tested against).
#[cfg(test)]
pub fn service_list(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    account.service_list().into_iter().map(|shown| service_now(state, account, shown, false)).collect()
}

fn service_not_found(lang: Lang) -> Response {
    error_200(say(lang, "Service not found", "Không tìm thấy dịch vụ"))
}

/// Whether the service lists a method whose route ends with `suffix`.
fn offers(account: &DemoAccount, id: &str, suffix: &str) -> bool {
    let methods = account.service_methods.get(id.trim()).and_then(Value::as_array);
    methods.into_iter().flatten().any(|m| m["route"].as_str().is_some_and(|r| r.ends_with(suffix)))
}

/// `GET /payment`.
pub fn payments(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => Json(json!({ "payments": account.payments })).into_response(),
        Err(refusal) => refusal,
    }
}

/// `POST /invoice/@id/credit` with an optional `amount`: without it, what pays it whole.
pub fn pay(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let Some(shown) = invoice(&state, account, &id) else {
        return error_200(say(lang, "Invoice not found", "Không tìm thấy hóa đơn"));
    };
    if shown["status"] != "Unpaid" {
        return error_200(say(lang, "Invoice is not unpaid", "Hóa đơn không ở trạng thái chưa thanh toán"));
    }
    let total = total(&state, account, &id).unwrap_or_default();
    let mut writes = super::kept::lock(&state);
    let billing = &mut writes.billing;
    let paid = billing.paid.get(&key(account, &id)).copied().unwrap_or_default();
    let seeded = account.client.get("credit").and_then(decimal).unwrap_or_default();
    let stored = billing.credit.get(&account.host).copied().unwrap_or(seeded);
    // What renewals spent counts too: one purse.
    let credit = stored - billing.renewals.get(&account.host).copied().unwrap_or_default();
    let due = total - paid;
    let sent = fields(&body);
    let amount = match sent.get("amount").filter(|a| !text(a).trim().is_empty()) {
        Some(amount) => match decimal(amount) {
            Some(amount) if amount > Decimal::ZERO && amount <= due => amount,
            _ => return error_200(say(lang, "Invalid amount", "Số tiền không hợp lệ")),
        },
        None => due,
    };
    if amount > credit {
        return error_200(say(lang, "Not enough credit on the account", "Số dư tài khoản không đủ"));
    }
    billing.credit.insert(account.host.clone(), stored - amount);
    billing.paid.insert(key(account, &id), paid + amount);
    let whole = paid + amount >= total;
    if whole {
        paid_services(account, &shown, billing);
    }

    let info = if whole { "invoice_paid" } else { "credit_applied" };
    Json(json!({ "success": true, "info": [info], "amount": format!("{amount:.2}") })).into_response()
}

/// What an invoice paid whole does to the services it bills, as HostBill does: each one's
/// next due date a billing cycle on, and a suspension for not paying lifted.
fn paid_services(account: &DemoAccount, invoice: &Value, billing: &mut super::kept::Billing) {
    let items = invoice["items"].as_array().into_iter().flatten();
    for item in items.filter(|i| i["type"].as_str().is_some_and(|t| t.eq_ignore_ascii_case("hosting"))) {
        let id = text(&item["item_id"]);
        let Some(service) = account.service(&id) else { continue };
        let key = key(account, &id);
        let status = billing.status.get(&key).cloned().unwrap_or_else(|| text(&service["status"]));
        if status.eq_ignore_ascii_case("suspended") {
            billing.status.insert(key.clone(), "Active".into());
        }
        let due = billing.next_due.get(&key).cloned().unwrap_or_else(|| text(&service["next_due"]));
        let months = match text(&service["billingcycle"]).to_ascii_lowercase().as_str() {
            "monthly" => 1,
            "quarterly" => 3,
            "semi-annually" => 6,
            "annually" => 12,
            "biennially" => 24,
            "triennially" => 36,
            _ => continue,
        };
        if let Some(next) = crate::api::models::parse_date(&due).and_then(|d| months_after(d, months)) {
            billing.next_due.insert(key, next.to_string());
        }
    }
}

/// `date` that many months on, on the same day or the month's last.
fn months_after(date: time::Date, months: u32) -> Option<time::Date> {
    let index = i64::from(date.year()) * 12 + i64::from(u8::from(date.month())) - 1 + i64::from(months);
    let year = i32::try_from(index.div_euclid(12)).ok()?;
    let month = time::Month::try_from(u8::try_from(index.rem_euclid(12) + 1).ok()?).ok()?;
    let last = time::util::days_in_month(month, year);
    time::Date::from_calendar_date(year, month, date.day().min(last)).ok()
}

/// `GET /service/@id/methods`.
pub fn methods(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) if account.service(&id).is_some() => {
            let listed = account.service_methods.get(id.trim()).cloned().unwrap_or_else(|| json!([]));
            Json(json!({ "methods": listed })).into_response()
        }
        Ok(_) => service_not_found(lang(&headers)),
        Err(refusal) => refusal,
    }
}

/// `POST /service/@id/cancel` with `immediate` and `reason`.
pub fn cancel(
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
    let Some(shown) = service(&state, account, &id) else { return service_not_found(lang) };
    if !offers(account, &id, "/cancel") {
        return error_200(say(lang, "This service cannot be cancelled", "Dịch vụ này không thể hủy"));
    }
    let sent = fields(&body);
    let reason = text(&sent["reason"]).trim().to_owned();
    if reason.is_empty() {
        return error_200(say(lang, "Cancellation reason is required", "Cần nêu lý do hủy"));
    }
    if ["Cancelled", "Terminated"].contains(&shown["status"].as_str().unwrap_or_default()) {
        return error_200(say(lang, "Service is already cancelled", "Dịch vụ đã bị hủy"));
    }
    let immediate = matches!(text(&sent["immediate"]).trim(), "true" | "1");
    let mut writes = super::kept::lock(&state);
    let billing = &mut writes.billing;
    if immediate {
        billing.requests.remove(&key(account, &id));
        billing.status.insert(key(account, &id), "Cancelled".into());
        return Json(json!({ "success": true, "info": ["service_cancelled"] })).into_response();
    }
    if billing.requests.contains_key(&key(account, &id)) {
        let words = say(lang, "A cancellation request for this service already exists", "Dịch vụ đã có yêu cầu hủy");
        return error_200(words);
    }
    let request = json!({ "type": "End of billing period", "reason": reason, "date": shown["next_due"] });
    billing.requests.insert(key(account, &id), request);
    Json(json!({ "success": true, "info": ["cancellation_requested"] })).into_response()
}

/// `GET /service/@id/label`.
pub fn label(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => match service(&state, account, &id) {
            Some(shown) => Json(json!({ "label": text(&shown["label"]) })).into_response(),
            None => service_not_found(lang(&headers)),
        },
        Err(refusal) => refusal,
    }
}

/// `POST /service/@id/label` with `label` (empty: no label).
pub fn set_label(
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
    if account.service(&id).is_none() {
        return service_not_found(lang);
    }
    if !offers(account, &id, "/label") {
        return error_200(say(lang, "This service has no label", "Dịch vụ này không có nhãn"));
    }
    let label = text(&fields(&body)["label"]).trim().to_owned();
    if label.chars().count() > 100 {
        return error_200(say(lang, "Label is too long", "Nhãn quá dài"));
    }
    super::kept::lock(&state).billing.labels.insert(key(account, &id), label.clone());
    Json(json!({ "success": true, "label": label, "info": ["label_updated"] })).into_response()
}

/// `GET /certificate`: the SSL services.
pub fn certificates(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    const LISTED: [&str; 12] = [
        "id",
        "domain",
        "total",
        "status",
        "billingcycle",
        "next_due",
        "category",
        "category_url",
        "name",
        "cert_email",
        "cert_status",
        "cert_expires",
    ];
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let listed: Vec<Value> = account
                .certificates
                .values()
                .map(|cert| {
                    let mut cert = cert.clone();
                    cert["category"] = "SSL Certificates".into();
                    cert["category_url"] = "ssl".into();
                    let cert = service_now(&state, account, cert, false);
                    LISTED.iter().filter_map(|k| cert.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect()
                })
                .collect();
            Json(json!({ "sslservices": listed })).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// `GET /certificate/@id/crt`: a PEM for a certificate that was issued (an expired one
/// too); the client host answers the bare PEM text, the reseller host JSON with `crt`, so
/// clients meet both. The demo's certificates are made up: PEM framing around base64 text,
/// not a certificate a TLS library would load.
pub fn crt(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let Some(cert) = account.certificates.get(id.trim()) else {
        return error_200(say(lang, "Certificate not found", "Không tìm thấy chứng chỉ"));
    };
    let status = cert["cert_status"].as_str().unwrap_or_default();
    if !["Issued", "Expired"].contains(&status) {
        return error_200(say(lang, "The certificate has not been issued yet", "Chứng chỉ chưa được cấp"));
    }
    let content = format!(
        "portal-tui demo certificate #{} for {}, {}, valid until {}; not a real certificate.",
        text(&cert["id"]),
        text(&cert["domain"]),
        text(&cert["name"]),
        text(&cert["cert_expires"]),
    );
    let encoded = base64::engine::general_purpose::STANDARD.encode(content.repeat(6));
    let lines: Vec<&str> = encoded.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).unwrap_or_default()).collect();
    let pem = format!("-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n", lines.join("\n"));
    if account.host.starts_with("my.") {
        ([(header::CONTENT_TYPE, "application/x-pem-file")], pem).into_response()
    } else {
        Json(json!({ "success": true, "crt": pem })).into_response()
    }
}

/// The Bearer token of a request, if it carries one.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok())?;
    auth.strip_prefix("Bearer ").map(str::trim)
}

/// `POST /logout`: ends the access token the request carries.
pub fn logout(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    if state.seed_only {
        return error_200("invalid method");
    }
    let account = match portal(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    match bearer(&headers).filter(|t| state.tokens.verify(t).is_some_and(|c| c.host == account.host)) {
        Some(token) => {
            state.tokens.end(token);
            Json(json!({ "success": true, "info": ["logged_out"] })).into_response()
        }
        None => unauthorized(),
    }
}

/// `POST /revoke` with `refresh_token`: ends it, and the access token the request carries.
pub fn revoke(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    if state.seed_only {
        return error_200("invalid method");
    }
    let account = match portal(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let access = bearer(&headers).filter(|t| state.tokens.verify(t).is_some_and(|c| c.host == account.host));
    let refresh = text(&fields(&body)["refresh_token"]);
    let ended_refresh = !refresh.is_empty() && state.tokens.end_refresh(refresh.trim(), &account.host);
    if let Some(token) = access {
        state.tokens.end(token);
    }
    if access.is_none() && !ended_refresh {
        return unauthorized();
    }
    Json(json!({ "success": true, "info": ["token_revoked"] })).into_response()
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    #[test]
    fn a_cycle_on_keeps_the_day_or_takes_the_months_last() {
        assert_eq!(super::months_after(date!(2026 - 11 - 23), 3), Some(date!(2027 - 02 - 23)));
        assert_eq!(super::months_after(date!(2027 - 01 - 31), 1), Some(date!(2027 - 02 - 28)));
        assert_eq!(super::months_after(date!(2027 - 12 - 15), 36), Some(date!(2030 - 12 - 15)));
    }
}
