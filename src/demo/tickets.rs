//! Support tickets in the demo portal: the seeded conversations, the departments, an
//! attachment's bytes, and the changes (a reply, a new ticket, closing, reopening) kept in
//! memory for the run, as HostBill answers them: a reply to a closed ticket reopens it, an
//! unknown ticket number is refused with `{"error": [...]}`.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::reply::{Lang, beyond_seed, error_200, lang, say};

/// The fields `GET /tickets` lists of each ticket.
const LISTED: [&str; 7] = ["client_read", "ticket_number", "date", "deptname", "subject", "status", "lastreply"];

/// The fields of `ticket` in `GET /tickets/@number` (its replies go beside it).
const DETAILED: [&str; 10] =
    ["date", "ticket_number", "name", "email", "subject", "body", "status", "client_read", "deptname", "attachments"];

/// The account's tickets as the portal has them now: the seeded ones until one changed.
fn tickets(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    let written = super::kept::lock(state).tickets.get(&account.host).cloned();
    written.unwrap_or_else(|| account.tickets.clone())
}

fn not_found(lang: Lang) -> Response {
    error_200(say(lang, "Ticket not found", "Không tìm thấy phiếu hỗ trợ"))
}

fn pick(ticket: &Value, keys: &[&str]) -> Value {
    Value::Object(keys.iter().filter_map(|k| ticket.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect())
}

/// `GET /tickets`.
pub fn list(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => {
            let listed: Vec<Value> = tickets(&state, account).iter().map(|t| pick(t, &LISTED)).collect();
            Json(json!({ "tickets": listed })).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// `GET /tickets/@number`.
pub fn one(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(number): Path<String>) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let all = tickets(&state, account);
    let Some(ticket) = all.iter().find(|t| t["ticket_number"] == number.as_str()) else {
        return not_found(lang(&headers));
    };
    let mut shown = pick(ticket, &DETAILED);
    shown["name"] = client_name(account).into();
    shown["email"] = account.client.get("email").cloned().unwrap_or_default();
    let replies = ticket.get("replies").cloned().unwrap_or_else(|| json!([]));
    Json(json!({ "ticket": shown, "replies": replies })).into_response()
}

/// `GET /ticket/departments`.
pub fn departments(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(account) => Json(json!({ "departments": account.ticket_departments })).into_response(),
        Err(refusal) => refusal,
    }
}

/// `GET /ticket/attachment/@file?number=NUMBER`: the file (named or by id) of that ticket.
/// The demo's files are made up: as many bytes as the listed size, after the signature
/// their kind begins with.
pub async fn attachment(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(file): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let number = query.get("number").map(|n| n.trim()).unwrap_or_default();
    let all = tickets(&state, account);
    let Some(ticket) = all.iter().find(|t| t["ticket_number"] == number) else { return not_found(lang) };
    let replies = ticket["replies"].as_array().into_iter().flatten();
    let files = std::iter::once(ticket).chain(replies).flat_map(|m| m["attachments"].as_array().into_iter().flatten());
    let text = |v: &Value| v.as_str().map(str::to_owned).unwrap_or_else(|| v.to_string());
    let Some(found) = files.into_iter().find(|a| text(&a["filename"]) == file || text(&a["id"]) == file) else {
        return error_200(say(lang, "Attachment not found", "Không tìm thấy tệp đính kèm"));
    };
    let name = text(&found["filename"]);
    let size: usize = text(&found["size"]).parse().unwrap_or(0);
    let (kind, signature): (&str, &[u8]) = match name.rsplit('.').next().unwrap_or_default() {
        "png" => ("image/png", b"\x89PNG\r\n\x1a\n"),
        "txt" | "log" => ("text/plain; charset=utf-8", b""),
        _ => ("application/octet-stream", b""),
    };
    let mut bytes = signature.to_vec();
    bytes.extend((bytes.len()..size).map(|i| b"portal-tui demo attachment\n"[i % 27]));
    let disposition = format!("attachment; filename=\"{}\"", name.replace(['"', '\\'], "_"));
    ([(header::CONTENT_TYPE, kind.to_owned()), (header::CONTENT_DISPOSITION, disposition)], bytes).into_response()
}

/// The fields a change sent, as JSON or as a form.
fn fields(body: &[u8]) -> Value {
    match serde_json::from_slice::<Value>(body) {
        Ok(value @ Value::Object(_)) => value,
        _ => url::form_urlencoded::parse(body)
            .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    }
}

fn text_field(fields: &Value, key: &str) -> String {
    match &fields[key] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn client_name(account: &DemoAccount) -> String {
    let part = |key: &str| account.client.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    format!("{} {}", part("firstname"), part("lastname")).trim().to_owned()
}

/// Now, as the portal writes it: the demo's today and the time of day there.
fn now(state: &PortalState) -> String {
    // The portal's clock is Vietnam's (UTC+7), as the seeded messages' times are.
    let vietnam = time::UtcOffset::from_hms(7, 0, 0).unwrap_or(time::UtcOffset::UTC);
    let time = time::OffsetDateTime::now_utc().to_offset(vietnam).time();
    format!("{} {:02}:{:02}:{:02}", state.today, time.hour(), time.minute(), time.second())
}

/// Applies `change` to the ticket numbered `number`; `Err` is the portal's refusal.
fn change_ticket(
    state: &PortalState,
    headers: &HeaderMap,
    number: &str,
    change: impl FnOnce(&mut Value, &DemoAccount) -> Result<Value, Response>,
) -> Response {
    let account = match beyond_seed(state, headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let mut all = tickets(state, account);
    let Some(ticket) = all.iter_mut().find(|t| t["ticket_number"] == number) else {
        return not_found(lang(headers));
    };
    match change(ticket, account) {
        Ok(answer) => {
            super::kept::lock(state).tickets.insert(account.host.clone(), all);
            Json(answer).into_response()
        }
        Err(refusal) => refusal,
    }
}

/// `POST /tickets/@number` with `body`: the reply is added as the client's, and the ticket
/// waits for staff again (reopened if it was closed).
pub fn reply(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(number): Path<String>,
    body: Bytes,
) -> Response {
    let sent = text_field(&fields(&body), "body");
    let stamp = now(&state);
    change_ticket(&state, &headers, &number, |ticket, account| {
        if sent.trim().is_empty() {
            return Err(error_200(say(lang(&headers), "Message is required", "Cần nhập nội dung")));
        }
        let replies = ticket["replies"].as_array().map_or(0, Vec::len);
        let reply = json!({
            "id": (9200 + replies).to_string(), "name": client_name(account), "date": stamp,
            "body": sent, "status": "Customer-Reply", "type": "Client",
        });
        match ticket["replies"].as_array_mut() {
            Some(list) => list.push(reply),
            None => ticket["replies"] = json!([reply]),
        }
        ticket["status"] = "Customer-Reply".into();
        ticket["client_read"] = "1".into();
        ticket["lastreply"] = "0m".into();
        Ok(json!({ "success": true, "info": ["reply_added"] }))
    })
}

/// `PUT /tickets/@number/close`.
pub fn close(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(number): Path<String>) -> Response {
    change_ticket(&state, &headers, &number, |ticket, _| {
        ticket["status"] = "Closed".into();
        Ok(json!({ "success": true, "info": ["ticket_closed"] }))
    })
}

/// `PUT /tickets/@number/open`.
pub fn reopen(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(number): Path<String>) -> Response {
    change_ticket(&state, &headers, &number, |ticket, _| {
        ticket["status"] = "Open".into();
        Ok(json!({ "success": true, "info": ["ticket_reopened"] }))
    })
}

/// `POST /tickets` with `dept_id`, `subject`, `body`: a new ticket with the next number.
pub fn open_new(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = fields(&body);
    let (dept_id, subject, message) =
        (text_field(&sent, "dept_id"), text_field(&sent, "subject"), text_field(&sent, "body"));
    let department = account.ticket_departments.iter().find(|d| {
        let id = &d["id"];
        id.as_str().map_or_else(|| id.to_string(), str::to_owned) == dept_id.trim()
    });
    let Some(department) = department else {
        return error_200(say(lang, "Invalid department", "Phòng ban không hợp lệ"));
    };
    if subject.trim().is_empty() || message.trim().is_empty() {
        return error_200(say(lang, "Subject and message are required", "Cần nhập tiêu đề và nội dung"));
    }
    let mut all = tickets(&state, account);
    let next = all.iter().filter_map(|t| t["ticket_number"].as_str()?.parse::<u64>().ok()).max().unwrap_or(480_000) + 1;
    all.push(json!({
        "ticket_number": next.to_string(), "date": now(&state), "dept_id": dept_id.trim(),
        "deptname": department["name"], "subject": subject.trim(), "status": "Open", "client_read": "1",
        "lastreply": "0m", "body": message, "replies": [],
    }));
    super::kept::lock(&state).tickets.insert(account.host.clone(), all);
    Json(json!({ "success": true, "ticket_number": next.to_string(), "info": ["ticket_created"] })).into_response()
}
