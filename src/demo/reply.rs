//! How the demo portal answers, for every route alike: in the caller's language, business
//! errors as HTTP 200 with `{"error": [...]}`, a bad token as 401, the account behind
//! `X-Forwarded-Host` once the caller is authenticated, and a route beyond the seed's six
//! refused as real seed-only portals refuse it.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::future::{Ready, ready};
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Lang {
    En,
    Vi,
}

pub(super) fn lang(headers: &HeaderMap) -> Lang {
    let value = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if value.to_ascii_lowercase().starts_with("vi") { Lang::Vi } else { Lang::En }
}

pub(super) fn say(lang: Lang, en: &str, vi: &str) -> String {
    match lang {
        Lang::En => en.to_owned(),
        Lang::Vi => vi.to_owned(),
    }
}

pub(super) fn error_200(message: impl Into<String>) -> Response {
    Json(json!({ "error": [message.into()] })).into_response()
}

pub(super) fn unauthorized() -> Response {
    (StatusCode::UNAUTHORIZED, Json(json!({ "error": ["unauthorized"] }))).into_response()
}

/// The account behind `X-Forwarded-Host` (without one, the client portal's, as a portal
/// that serves one portal at its address answers), or the refusal to send.
pub(super) fn portal<'a>(state: &'a PortalState, headers: &HeaderMap) -> Result<&'a DemoAccount, Response> {
    let host = headers.get("x-forwarded-host").and_then(|v| v.to_str().ok()).unwrap_or(super::CLIENT_HOST);
    state.accounts.get(host.trim().to_ascii_lowercase().as_str()).ok_or_else(|| {
        let message = say(lang(headers), "unknown portal host", "không xác định được cổng khách hàng");
        (StatusCode::FORBIDDEN, Json(json!({ "error": [message] }))).into_response()
    })
}

/// Bearer (a valid, unexpired token for this host) or Basic (this host's credentials).
pub(super) fn authenticate<'a>(state: &'a PortalState, headers: &HeaderMap) -> Result<&'a DemoAccount, Response> {
    let account = portal(state, headers)?;
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("");
    let ok = if let Some(token) = auth.strip_prefix("Bearer ") {
        state
            .tokens
            .verify(token.trim())
            .is_some_and(|c| !c.expired && c.host == account.host && c.subject == account_id(account))
    } else if let Some(encoded) = auth.strip_prefix("Basic ") {
        STANDARD
            .decode(encoded.trim())
            .ok()
            .and_then(|raw| String::from_utf8(raw).ok())
            .and_then(|pair| pair.split_once(':').map(|(u, p)| (u.to_owned(), p.to_owned())))
            .is_some_and(|(u, p)| u.eq_ignore_ascii_case(&account.username) && p == account.password)
    } else {
        false
    };
    if ok { Ok(account) } else { Err(unauthorized()) }
}

pub(super) fn account_id(account: &DemoAccount) -> &str {
    account.client.get("id").and_then(Value::as_str).unwrap_or("")
}

/// A route beyond the seed: the account, or the refusal (`invalid method` on a seed-only
/// portal, then the usual authentication).
pub(super) fn beyond_seed<'a>(state: &'a PortalState, headers: &HeaderMap) -> Result<&'a DemoAccount, Response> {
    if state.seed_only {
        return Err(error_200("invalid method"));
    }
    authenticate(state, headers)
}

/// One entry by id, or the portal's "not found" in the caller's language.
pub(super) fn found(value: Option<Value>, key: &str, headers: &HeaderMap, en: &str, vi: &str) -> Response {
    match value {
        Some(value) => Json(json!({ key: value })).into_response(),
        None => error_200(say(lang(headers), en, vi)),
    }
}

/// The portal's state as a handler takes it.
pub(super) type Portal = State<Arc<PortalState>>;

// Most handlers are plain functions of one of four shapes: the headers, then the path's one
// parameter, the body, or both. Each shape reaches axum through one closure, so that axum's
// extraction is compiled once per shape rather than once per route (BENCHMARKS.md: the
// installed binary's size). The extractors are the ones each handler named before.

/// A route answered from the headers alone.
pub(super) fn answer(
    f: fn(Portal, HeaderMap) -> Response,
) -> impl Fn(Portal, HeaderMap) -> Ready<Response> + Clone + Send + Sync + 'static {
    move |state, headers| ready(f(state, headers))
}

/// A route answered from the headers and the path's one parameter.
pub(super) fn answer_id(
    f: fn(Portal, HeaderMap, Path<String>) -> Response,
) -> impl Fn(Portal, HeaderMap, Path<String>) -> Ready<Response> + Clone + Send + Sync + 'static {
    move |state, headers, id| ready(f(state, headers, id))
}

/// A route answered from the headers and the body.
pub(super) fn answer_body(
    f: fn(Portal, HeaderMap, Bytes) -> Response,
) -> impl Fn(Portal, HeaderMap, Bytes) -> Ready<Response> + Clone + Send + Sync + 'static {
    move |state, headers, body| ready(f(state, headers, body))
}

/// A route answered from the headers, the path's one parameter and the body.
pub(super) fn answer_id_body(
    f: fn(Portal, HeaderMap, Path<String>, Bytes) -> Response,
) -> impl Fn(Portal, HeaderMap, Path<String>, Bytes) -> Ready<Response> + Clone + Send + Sync + 'static {
    move |state, headers, id, body| ready(f(state, headers, id, body))
}

/// The path below the optional `/api` prefix.
pub fn route_path(path: &str) -> &str {
    match path.strip_prefix("/api") {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => path,
    }
}

#[cfg(test)]
mod tests {
    use super::route_path;

    #[test]
    fn api_prefix_is_ignored_for_matching() {
        assert_eq!(route_path("/api/domain/name/x"), "/domain/name/x");
        assert_eq!(route_path("/apix/details"), "/apix/details");
        assert_eq!(route_path("/details"), "/details");
    }
}
