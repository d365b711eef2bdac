//! The account's contacts and a registration's WHOIS contacts in the demo portal:
//! `GET /contact`, `GET /contact/@id` (the catalogue's contacts, as added and changed by
//! `POST /contact` and `PUT /contact/@id`), and `GET`/`PUT /domain/@id/contact` (kept as
//! changed, else the account holder in every role).

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
use super::reply::{answer, answer_body, answer_id, answer_id_body, beyond_seed, error_200, lang, say};

/// The routes of contacts, merged into the portal's.
pub(super) fn routes() -> Router<Arc<PortalState>> {
    Router::new()
        .route("/contact", routing::get(answer(contacts)).post(answer_body(add_contact)))
        .route("/contact/{id}", routing::get(answer_id(contact)).put(answer_id_body(update_contact)))
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
    let listed: Vec<Value> = account_contacts(&state, &account_host(&state, &headers))
        .iter()
        .map(|c| LISTED.iter().map(|k| ((*k).to_owned(), c[*k].clone())).collect::<serde_json::Map<_, _>>().into())
        .collect();
    Json(json!({ "contacts": listed })).into_response()
}

/// `GET /contact/@id`.
fn contact(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refusal) = beyond_seed(&state, &headers) {
        return refusal;
    }
    let held = account_contacts(&state, &account_host(&state, &headers));
    match held.iter().find(|c| text(&c["id"]) == id.trim()) {
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

/// The host of the portal asked (contacts are kept per portal).
fn account_host(state: &PortalState, headers: &HeaderMap) -> String {
    super::reply::portal(state, headers).map(|a| a.host.clone()).unwrap_or_default()
}

/// The account's contacts: as added and changed this run, else the catalogue's.
fn account_contacts(state: &PortalState, host: &str) -> Vec<Value> {
    let kept = super::kept::lock(state).buying.account_contacts.get(host).cloned();
    kept.unwrap_or_else(|| catalogue()["contacts"].as_array().cloned().unwrap_or_default())
}

/// The fields sent, each a known one with a text value, or the words refusing them.
fn contact_fields(body: &[u8], lang: super::reply::Lang) -> Result<serde_json::Map<String, Value>, String> {
    let sent = fields(body);
    let Some(sent) = sent.as_object().filter(|f| !f.is_empty()) else {
        return Err(say(lang, "Missing parameter: email", "Thiếu tham số: email"));
    };
    let mut kept = serde_json::Map::new();
    for (field, value) in sent {
        if !crate::api::models::CONTACT_FIELDS.contains(&field.as_str()) {
            return Err(say(lang, &format!("Unknown field: {field}"), &format!("Không có trường: {field}")));
        }
        kept.insert(field.clone(), json!(text(value).trim()));
    }
    Ok(kept)
}

/// `POST /contact`: a contact added, with its email and names at least.
fn add_contact(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = match contact_fields(&body, lang) {
        Ok(sent) => sent,
        Err(refusal) => return error_200(refusal),
    };
    for needed in crate::api::models::CONTACT_NEEDS {
        if sent.get(needed).and_then(Value::as_str).is_none_or(str::is_empty) {
            return error_200(say(lang, &format!("Missing parameter: {needed}"), &format!("Thiếu tham số: {needed}")));
        }
    }
    let mut held = account_contacts(&state, &account.host);
    let next = held.iter().filter_map(|c| text(&c["id"]).parse::<u64>().ok()).max().unwrap_or(48) + 1;
    let mut contact = serde_json::Map::new();
    contact.insert("id".into(), json!(next.to_string()));
    for field in crate::api::models::CONTACT_FIELDS {
        contact.insert(field.into(), sent.get(field).cloned().unwrap_or(json!("")));
    }
    contact.insert("company".into(), json!(if contact["companyname"] == json!("") { "0" } else { "1" }));
    contact.insert("lastlogin".into(), json!(""));
    held.push(Value::Object(contact));
    super::kept::lock(&state).buying.account_contacts.insert(account.host.clone(), held);
    Json(json!({ "success": true, "info": [say(lang, "Contact added", "Đã thêm liên hệ")] })).into_response()
}

/// `PUT /contact/@id`: the fields sent replace the contact's.
fn update_contact(
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
    let sent = match contact_fields(&body, lang) {
        Ok(sent) => sent,
        Err(refusal) => return error_200(refusal),
    };
    let mut held = account_contacts(&state, &account.host);
    let Some(contact) = held.iter_mut().find(|c| text(&c["id"]) == id.trim()).and_then(Value::as_object_mut) else {
        return error_200(say(lang, "Contact not found", "Không tìm thấy liên hệ"));
    };
    contact.extend(sent);
    super::kept::lock(&state).buying.account_contacts.insert(account.host.clone(), held);
    Json(json!({ "success": true, "info": [say(lang, "Contact updated", "Đã cập nhật liên hệ")] })).into_response()
}
