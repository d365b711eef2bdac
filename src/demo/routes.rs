//! The User API, answered the way real portals answer it: business errors as HTTP 200 with
//! `{"error": [...]}`, a bad token as 401, unknown routes as `invalid method`, messages in
//! the language the caller asked for. The seed's six operations, and the routes beyond them
//! (balance, services, domains, DNS, invoices, support tickets) unless the portal is
//! `seed_only`.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use serde_json::{Value, json};

use super::PortalState;
use super::lists::List;
use super::reply::{
    account_id, answer, answer_body, answer_id, answer_id_body, authenticate, beyond_seed, error_200, found, lang,
    portal, say, unauthorized,
};

pub fn router(state: Arc<PortalState>) -> Router {
    let api = Router::new()
        .route("/login", routing::post(answer_body(login)))
        .route("/token", routing::post(answer_body(token)))
        .route("/details", routing::get(answer(details)))
        .route("/certificate/{id}", routing::get(answer_id(certificate)))
        .route("/domain/name/{name}", routing::get(answer_id(domain)))
        .route(
            "/service/{id}/upgrade",
            routing::get(answer_id(upgrade)).post(answer_id_body(super::writes::upgrade_request)),
        )
        .route("/balance", routing::get(answer(balance)))
        .route("/service", routing::get(answer(services)))
        .route("/service/{id}", routing::get(answer_id(service)))
        .route("/domain", routing::get(answer(domains)))
        .route("/domain/{id}", routing::get(answer_id(domain_details)))
        .route("/domain/{id}/dns", routing::get(super::writes::dns).post(answer_id_body(super::writes::dns_add)))
        .route("/domain/{id}/dns/types", routing::get(answer_id(super::writes::dns_types)))
        .route("/domain/{id}/dns/{record}", routing::put(super::writes::dns_update).delete(super::writes::dns_delete))
        .route("/invoice", routing::get(answer(invoices)))
        .route("/invoice/{id}", routing::get(answer_id(invoice)))
        .route("/tickets", routing::get(answer(super::tickets::list)).post(answer_body(super::tickets::open_new)))
        .route(
            "/tickets/{number}",
            routing::get(answer_id(super::tickets::one)).post(answer_id_body(super::tickets::reply)),
        )
        .route("/tickets/{number}/close", routing::put(answer_id(super::tickets::close)))
        .route("/tickets/{number}/open", routing::put(answer_id(super::tickets::reopen)))
        .route("/ticket/departments", routing::get(answer(super::tickets::departments)))
        .route("/ticket/attachment/{file}", routing::get(super::tickets::attachment))
        .route("/logout", routing::post(answer(super::billing::logout)))
        .route("/revoke", routing::post(answer_body(super::billing::revoke)))
        .route("/payment", routing::get(answer(super::billing::payments)))
        .route("/invoice/{id}/credit", routing::post(answer_id_body(super::settle::pay)))
        .route("/service/{id}/methods", routing::get(answer_id(super::billing::methods)))
        .route("/service/{id}/cancel", routing::post(answer_id_body(super::billing::cancel)))
        .route(
            "/service/{id}/label",
            routing::get(answer_id(super::billing::label)).post(answer_id_body(super::billing::set_label)),
        )
        .route("/certificate", routing::get(answer(super::billing::certificates)))
        .route("/certificate/{id}/crt", routing::get(answer_id(super::billing::crt)));
    let api = api
        .merge(super::domain_actions::routes())
        .merge(super::zones::routes())
        .merge(super::buying::routes())
        .merge(super::cart::routes())
        .merge(super::contacts::routes());
    Router::new()
        .merge(api.clone())
        .nest("/api", api)
        .fallback(invalid_method)
        .layer(axum::middleware::from_fn_with_state(state.clone(), super::faults::inject))
        .with_state(state)
}

/// `POST /login`: JSON or form fields `username` and `password`.
fn login(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match portal(&state, &headers) {
        Ok(a) => a,
        Err(refusal) => return refusal,
    };
    let is_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let fields: Value =
        if is_form { serde_urlencoded_pairs(&body) } else { serde_json::from_slice(&body).unwrap_or(Value::Null) };
    let username = fields.get("username").and_then(Value::as_str).unwrap_or("");
    let password = fields.get("password").and_then(Value::as_str).unwrap_or("");
    if !username.eq_ignore_ascii_case(&account.username) || password != account.password {
        return error_200("wronglogin");
    }
    let (token, refresh) = state.tokens.issue(&account.host, account_id(account));
    let mut answer = Json(json!({ "token": token, "refresh": refresh })).into_response();
    state.logins.count(answer.headers_mut());
    answer
}

/// The logins of the current window, said on each login answer as DNS.services says them
/// (`X-RateLimit-Limit`, `-Remaining`, `-Reset` in seconds); the window is five minutes.
pub(super) struct LoginCount {
    limit: u32,
    window: std::sync::Mutex<(std::time::Instant, u32)>,
}

impl LoginCount {
    const WINDOW: std::time::Duration = std::time::Duration::from_secs(300);

    pub(super) fn new(limit: u32) -> LoginCount {
        LoginCount { limit, window: std::sync::Mutex::new((std::time::Instant::now(), 0)) }
    }

    fn count(&self, headers: &mut axum::http::HeaderMap) {
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        let now = std::time::Instant::now();
        if now.duration_since(window.0) >= Self::WINDOW {
            *window = (now, 0);
        }
        window.1 += 1;
        let reset = Self::WINDOW.saturating_sub(now.duration_since(window.0)).as_secs().max(1);
        for (name, value) in [
            ("x-ratelimit-limit", self.limit.to_string()),
            ("x-ratelimit-remaining", self.limit.saturating_sub(window.1).to_string()),
            ("x-ratelimit-reset", reset.to_string()),
        ] {
            if let Ok(value) = axum::http::HeaderValue::from_str(&value) {
                headers.insert(name, value);
            }
        }
    }
}

fn serde_urlencoded_pairs(body: &[u8]) -> Value {
    url::form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// `POST /token`: the Bearer header (expired is fine, forged is not) and a live
/// `refresh_token` for the same account; the refresh token is used up and replaced.
fn token(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match portal(&state, &headers) {
        Ok(a) => a,
        Err(refusal) => return refusal,
    };
    let bearer =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let Some(claims) = bearer.and_then(|t| state.tokens.verify(t.trim())) else {
        return unauthorized();
    };
    let fields: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let refresh = fields.get("refresh_token").and_then(Value::as_str).unwrap_or("");
    if claims.host != account.host || !state.tokens.redeem(refresh, &account.host, &claims.subject) {
        return unauthorized();
    }
    let (token, refresh) = state.tokens.issue(&account.host, &claims.subject);
    Json(json!({ "token": token, "refresh": refresh })).into_response()
}

fn details(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match authenticate(&state, &headers) {
        Ok(account) => Json(json!({ "client": super::billing::client(&state, account) })).into_response(),
        Err(refusal) => refusal,
    }
}

fn certificate(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let account = match authenticate(&state, &headers) {
        Ok(a) => a,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    if id.parse::<u64>().is_err() {
        return error_200(say(lang, "Invalid service id", "Mã dịch vụ không hợp lệ"));
    }
    match account.certificates.get(&id) {
        Some(service) => Json(json!({ "service": service })).into_response(),
        None => error_200(say(lang, "Certificate not found", "Không tìm thấy chứng chỉ")),
    }
}

/// The client host answers the spec's `details`; the reseller host answers the
/// `success`/`domains`/`page` shape some providers use, so clients meet both.
fn domain(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(name): Path<String>) -> Response {
    let account = match authenticate(&state, &headers) {
        Ok(a) => a,
        Err(refusal) => return refusal,
    };
    let current = |r: &Value| super::domain_actions::current(&state, &account.host, r);
    let name = name.trim().to_ascii_lowercase();
    let mut found = account.domain_records(&name);
    if found.is_empty() && headers.contains_key(super::faults::BY_SUFFIX) {
        // As `LIKE '%name'`, or the nearest registered name above it.
        let near = |d: &&Value| {
            let listed = d.get("name").and_then(Value::as_str).unwrap_or_default().to_ascii_lowercase();
            !listed.is_empty() && (name.ends_with(&format!(".{listed}")) || listed.ends_with(&name))
        };
        found = account.domains.iter().filter(near).collect();
    }
    let records: Vec<Value> = found.into_iter().map(current).collect();
    if records.is_empty() {
        return error_200(say(lang(&headers), "Domain not found", "Không tìm thấy tên miền"));
    }
    if account.host.starts_with("my.") {
        Json(json!({ "details": records })).into_response()
    } else {
        Json(json!({ "success": true, "domains": records, "page": { "current": 0, "total": 1 } })).into_response()
    }
}

fn upgrade(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let account = match authenticate(&state, &headers) {
        Ok(a) => a,
        Err(refusal) => return refusal,
    };
    match account.services.get(&id) {
        Some(options) => Json(options.clone()).into_response(),
        None => error_200(say(lang(&headers), "Service not found", "Không tìm thấy dịch vụ")),
    }
}

/// `GET /balance` (beyond the seed): what the account owes and its credit, in its currency.
fn balance(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let field = |key: &str, default: &str| {
                account.client.get(key).and_then(Value::as_str).unwrap_or(default).to_owned()
            };
            // As the vendor documents it: what is owed (the unpaid invoices' total) and the
            // credit, as payments and renewals left it (`billing`).
            let details = json!({
                "currency": field("currency_code", "VND"),
                "acc_balance": format!("{:.2}", super::billing::unpaid(&state, account)),
                "acc_credit": format!("{:.2}", super::billing::credit(&state, account)),
            });
            Json(json!({ "success": true, "details": details })).into_response()
        }
        Err(refusal) => refusal,
    }
}

fn services(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => state.lists.answer(&account.host, List::Services, || super::lists::services(&state, account)),
        Err(refusal) => refusal,
    }
}

fn service(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let service = super::billing::service(&state, account, &id);
            found(service, "service", &headers, "Service not found", "Không tìm thấy dịch vụ")
        }
        Err(refusal) => refusal,
    }
}

/// `GET /domain`: what real portals list of each registration (see `lists`).
fn domains(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => state.lists.answer(&account.host, List::Domains, || super::lists::domains(&state, account)),
        Err(refusal) => refusal,
    }
}

fn domain_details(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let record = account.domain_by_id(&id).map(|r| super::domain_actions::current(&state, &account.host, r));
            found(record, "details", &headers, "Domain not found", "Không tìm thấy tên miền")
        }
        Err(refusal) => refusal,
    }
}

fn invoices(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => state.lists.answer(&account.host, List::Invoices, || super::lists::invoices(&state, account)),
        Err(refusal) => refusal,
    }
}

fn invoice(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let invoice = super::billing::invoice(&state, account, &id);
            found(invoice, "invoice", &headers, "Invoice not found", "Không tìm thấy hóa đơn")
        }
        Err(refusal) => refusal,
    }
}

async fn invalid_method() -> Response {
    error_200("invalid method")
}
