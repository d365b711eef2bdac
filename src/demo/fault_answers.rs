//! The answers the demo's faults stand in for a portal's (`faults`): error pages, real
//! answers rewritten (types swapped, hostile text, huge amounts), bodies too large, that
//! trickle or that drop, and reads served one late (`lagging-reads`).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde_json::Value;

/// What `huge-amounts` puts in every amount: the decimal maximum.
pub const HUGE_AMOUNT: &str = "79228162514264337593543950335";

/// What `hostile-text` appends to portal text.
pub const HOSTILE: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{202e}!";

pub(super) fn html(status: StatusCode, title: &str) -> Response {
    let page = format!(
        "<!DOCTYPE html><html><head><title>{title}</title></head><body><h1>{title}</h1><hr>nginx</body></html>"
    );
    (status, [(header::CONTENT_TYPE, "text/html")], page).into_response()
}

pub(super) fn json(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

pub(super) async fn answer_bytes(response: Response) -> Bytes {
    axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap_or_default()
}

pub(super) fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Top-level values change type: arrays become text, objects numbers, text objects.
pub(super) fn swap_types(value: Value) -> Value {
    let Value::Object(map) = value else {
        return serde_json::json!([]);
    };
    map.into_iter()
        .map(|(k, v)| {
            let swapped = match v {
                Value::Array(_) => Value::String("n/a".into()),
                Value::Object(_) => Value::from(42),
                Value::String(_) => serde_json::json!({"unexpected": true}),
                other => other,
            };
            (k, swapped)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Rewrites every scalar of an answer with `leaf(key, value)`, `key` being the field it is
/// in (for the items of a list, the list's field).
fn rewrite(value: Value, key: &str, leaf: &dyn Fn(&str, Value) -> Value) -> Value {
    match value {
        Value::Object(map) => map
            .into_iter()
            .map(|(k, v)| {
                let v = rewrite(v, &k, leaf);
                (k, v)
            })
            .collect::<serde_json::Map<_, _>>()
            .into(),
        Value::Array(items) => items.into_iter().map(|v| rewrite(v, key, leaf)).collect(),
        scalar => leaf(key, scalar),
    }
}

/// Appends [`HOSTILE`] to text that is not a number, a date or a credential, so the answer
/// still decodes and the escapes reach every place portal text is shown.
pub(super) fn hostile(value: Value) -> Value {
    rewrite(value, "", &|key, scalar| match scalar {
        Value::String(text) => {
            let plain = text.is_empty()
                || ["token", "refresh", "refresh_token", "status"].contains(&key)
                || text.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | ':' | ' '));
            Value::String(if plain { text } else { format!("{text}{HOSTILE}") })
        }
        other => other,
    })
}

/// Sets every amount field to [`HUGE_AMOUNT`], as text: a JSON number this large would
/// reach the client as a float.
pub(super) fn huge_amounts(value: Value) -> Value {
    const AMOUNTS: [&str; 7] =
        ["price", "setup_price", "firstpayment", "recurring_amount", "total", "amount", "credit"];
    rewrite(value, "", &|key, scalar| match scalar {
        Value::String(_) | Value::Number(_) if AMOUNTS.contains(&key) => Value::String(HUGE_AMOUNT.into()),
        other => other,
    })
}

/// An answer over the client's cap. The account's details stream just over 8 MiB without
/// saying their length, refused as the bytes arrive; every other route announces more than
/// its cap (256 MiB for a whole-account list, 8 MiB for the rest) and sends no more than its
/// opening, refused before anything is read. (Only one route streams the megabytes: many
/// of them at once on a busy machine would be a test of the machine.)
pub(super) fn huge_body(path: &str) -> Response {
    let path = path.strip_prefix("/api").unwrap_or(path).trim_end_matches('/');
    let opening = futures::stream::once(async { Ok::<_, std::io::Error>(Bytes::from_static(b"{\"details\":[\"")) });
    if path != "/details" {
        let list = matches!(path, "/domain" | "/service" | "/invoice" | "/tickets" | "/certificate");
        let cap = if list { crate::api::MAX_LIST_BODY } else { crate::api::MAX_BODY };
        // The rest never comes: the client refuses on the announced length.
        let mut response = Body::from_stream(opening.chain(futures::stream::pending())).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_str(&(cap + 1).to_string()).expect("digits"));
        return response;
    }
    const CHUNK: usize = 64 * 1024;
    const CHUNKS: usize = crate::api::MAX_BODY / CHUNK + 1;
    let filler = futures::stream::iter((0..CHUNKS).map(|_| Ok(Bytes::from(vec![b'x'; CHUNK]))));
    let closing = futures::stream::once(async { Ok(Bytes::from_static(b"\"]}")) });
    let mut response = Body::from_stream(opening.chain(filler).chain(closing)).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

pub(super) fn slow_body() -> Response {
    let bytes = b"{\"details\":[]}".to_vec();
    let stream = futures::stream::iter(bytes).then(|b| async move {
        tokio::time::sleep(Duration::from_millis(700)).await;
        Ok::<_, std::io::Error>(Bytes::from(vec![b]))
    });
    let mut response = Body::from_stream(stream).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

pub(super) fn dropped_body() -> Response {
    let first =
        futures::stream::once(async { Ok::<_, std::io::Error>(Bytes::from_static(b"{\"details\":[{\"id\":\"1\",")) });
    let failure = futures::stream::once(async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        Err(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "demo: dropping the connection"))
    });
    let mut response = Body::from_stream(first.chain(failure)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("4096"));
    response
}

/// What `lagging-reads` keeps: the last answer to each address read.
#[derive(Default)]
pub(crate) struct Lagging {
    last: std::sync::Mutex<std::collections::HashMap<String, (StatusCode, Bytes)>>,
}

impl Lagging {
    /// The answer the read before this one of `key` got (this one's, the first time);
    /// this one's kept for the next.
    pub(super) async fn behind(&self, key: String, response: Response) -> Response {
        let status = response.status();
        let body = answer_bytes(response).await;
        let earlier = {
            let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            last.insert(key, (status, body.clone()))
        };
        let (status, body) = earlier.unwrap_or((status, body));
        (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}
