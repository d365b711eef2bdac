//! The account's contacts and a registration's WHOIS contacts in the demo portal:
//! `GET /contact`, `GET /contact/@id` (the catalogue's contacts), and `GET`/`PUT
//! /domain/@id/contact` (kept as changed, else the account holder in every role).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use serde_json::{Value, json};

use super::PortalState;
use super::buying::{catalogue, fields, text};
use super::data::DemoAccount;
use super::reply::{answer, answer_id, answer_id_body, beyond_seed, error_200, lang, say};

/// The routes of contacts, merged into the portal's.
pub(super) fn routes() -> Router<Arc<PortalState>> {
    Router::new()
        .route("/contact", routing::get(answer(contacts)))
        .route("/contact/{id}", routing::get(answer_id(contact)))
        .route(
            "/domain/{id}/contact",
            routing::get(answer_id(domain_contacts)).put(answer_id_body(set_domain_contacts)),
        )
}

/// `GET /contact`: the contacts as listed.
fn contacts(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    if let Err(refusal) = beyond_seed(&state, &headers) {
        return refusal;
    }
    const LISTED: [&str; 7] = ["email", "id", "firstname", "lastname", "companyname", "company", "lastlogin"];
    let listed: Vec<Value> = catalogue()["contacts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| LISTED.iter().map(|k| ((*k).to_owned(), c[*k].clone())).collect::<serde_json::Map<_, _>>().into())
        .collect();
    Json(json!({ "contacts": listed })).into_response()
}

/// `GET /contact/@id`.
fn contact(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refusal) = beyond_seed(&state, &headers) {
        return refusal;
    }
    match catalogue()["contacts"].as_array().into_iter().flatten().find(|c| text(&c["id"]) == id.trim()) {
        Some(contact) => Json(json!({ "contact": contact })).into_response(),
        None => error_200(say(lang(&headers), "Contact not found", "Không tìm thấy liên hệ")),
    }
}

/// A registration's contacts as the portal has them: as changed, else the account holder in
/// every role.
fn contact_info(state: &PortalState, account: &DemoAccount, id: &str) -> Value {
    let kept = super::kept::lock(state).buying.contacts.get(&(account.host.clone(), id.to_owned())).cloned();
    kept.unwrap_or_else(|| {
        const FIELDS: [&str; 10] = [
            "firstname",
            "lastname",
            "companyname",
            "email",
            "address1",
            "city",
            "state",
            "postcode",
            "country",
            "phonenumber",
        ];
        let holder: serde_json::Map<String, Value> =
            FIELDS.iter().map(|k| ((*k).to_owned(), account.client.get(*k).cloned().unwrap_or(json!("")))).collect();
        json!({ "registrant": holder, "admin": holder, "tech": holder, "billing": holder })
    })
}

/// `GET /domain/@id/contact`.
fn domain_contacts(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    if account.domain_by_id(id.trim()).is_none() {
        return error_200(say(lang(&headers), "Domain not found", "Không tìm thấy tên miền"));
    }
    Json(json!({ "success": true, "contact_info": contact_info(&state, account, id.trim()) })).into_response()
}

/// `PUT /domain/@id/contact`: the roles sent, each field sent replacing the role's.
fn set_domain_contacts(
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
    let id = id.trim();
    if account.domain_by_id(id).is_none() {
        return error_200(say(lang, "Domain not found", "Không tìm thấy tên miền"));
    }
    let sent = fields(&body);
    let Some(roles) = sent.as_object().filter(|r| !r.is_empty()) else {
        return error_200(say(lang, "Missing parameter: contacts", "Thiếu tham số: contacts"));
    };
    let mut info = contact_info(&state, account, id);
    for (role, fields) in roles {
        let (Some(held), Some(fields)) = (info.get_mut(role).and_then(Value::as_object_mut), fields.as_object()) else {
            return error_200(say(
                lang,
                &format!("Unknown contact role: {role}"),
                &format!("Không có vai trò liên hệ: {role}"),
            ));
        };
        for (field, value) in fields {
            held.insert(field.clone(), json!(text(value)));
        }
    }
    super::kept::lock(&state).buying.contacts.insert((account.host.clone(), id.to_owned()), info);
    Json(json!({ "success": true, "info": [say(lang, "Contacts updated", "Đã cập nhật liên hệ")] })).into_response()
}
