//! What an answer says: the status, the error fields portals put beside the data (or
//! instead of it), HTML pages and bare words, and the data itself, decoded in one pass
//! where the answer is a plain success (`transport` makes the exchange).

use std::time::Duration;

use reqwest::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::error::{ApiError, BodyKind, Operation, Refusal, Result, Said};
use crate::api::sanitize;

/// A portal's answer as one exchange read it (`transport`): its status, the wait it asked
/// for, its rate limit, its body.
pub(crate) struct Reply<B = Vec<u8>> {
    pub status: StatusCode,
    /// How long the portal asks to wait: `Retry-After`, else on a 429 `X-RateLimit-Reset`.
    pub retry_after: Option<Duration>,
    /// What the portal said of its rate limit (`X-RateLimit-*`), when it did.
    pub rate: Option<crate::api::http::rate_limit::RateLimit>,
    pub body: B,
}

/// The error fields portals use, probed without decoding the rest of the body.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ErrorProbe {
    error: Option<Value>,
    errors: Option<Value>,
    message: Option<Value>,
    success: Option<Value>,
}

fn messages(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => vec![sanitize::line(s.trim()).into_owned()],
        Value::Array(items) => items.iter().flat_map(messages).collect(),
        Value::Object(map) => map.values().flat_map(messages).collect(),
        Value::Number(n) => vec![n.to_string()],
        _ => Vec::new(),
    }
}

fn is_auth_code(code: &str) -> bool {
    let code = code.to_ascii_lowercase();
    ["wronglogin", "unauthorized", "unauthorised", "invalid token", "token expired", "expired token"]
        .iter()
        .any(|c| code.contains(c))
}

fn portal_failure(op: Operation, codes: Vec<String>) -> ApiError {
    let auth = codes.iter().any(|c| is_auth_code(c));
    let said: Vec<Said> = codes.iter().map(|c| Said::from_code(c)).collect();
    if auth { ApiError::Auth { op, reason: Refusal::Said(said) } } else { ApiError::Portal { op, said } }
}

/// Checks status and error bodies, then decodes the expected shape.
///
/// Only what reads `T` is compiled per type: the checks around it are functions of their
/// own, and both passes read the text with the same `serde_json` reader, so a model's
/// decoding is compiled once for both (the installed binary's size; BENCHMARKS.md).
pub(crate) fn decode<T: DeserializeOwned, B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<T> {
    let text = utf8(op, reply.body.as_ref());
    let reply = Reply { status: reply.status, retry_after: reply.retry_after, rate: reply.rate, body: text.as_ref() };
    decode_text(op, &reply)
}

/// The body as text. Invalid UTF-8 (a portal mixing encodings) is replaced with U+FFFD
/// rather than refused: the rest of the answer, its error message too, still reaches the
/// person. Checked as UTF-8 once, the whole body (far quicker than string by string).
fn utf8(op: Operation, body: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(body) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(e) => {
            tracing::debug!(operation = op.label(), error = %e, "answer is not valid UTF-8; replacing");
            String::from_utf8_lossy(body)
        }
    }
}

/// [`decode`] of a body that is text.
fn decode_text<T: DeserializeOwned>(op: Operation, reply: &Reply<&str>) -> Result<T> {
    let text = reply.body;
    match shape_of(op, reply) {
        Shape::Bare(word) => T::deserialize(serde::de::value::StringDeserializer::<serde_json::Error>::new(word))
            .map_err(|e| ApiError::UnexpectedShape { op, detail: e.to_string() }),
        Shape::Json => {
            // The usual case: one pass over the body reads the data and the error fields
            // portals put beside it; the data counts only when those say nothing went wrong.
            let mut probe = ErrorProbe::default();
            let probing = Probing::<T> { probe: &mut probe, data: std::marker::PhantomData };
            let mut body = serde_json::Deserializer::from_str(text);
            let decoded = serde::Deserializer::deserialize_map(&mut body, probing).and_then(|v| body.end().map(|()| v));
            match decoded {
                Ok(value) => match failure(op, reply.status, reply.retry_after, BodyKind::Json, &probe) {
                    Some(e) => Err(e),
                    None => Ok(value),
                },
                Err(_) => two_passes_text(op, reply),
            }
        }
        Shape::Other => two_passes_text(op, reply),
    }
}

/// What kind of answer a body is, for [`decode_text`].
enum Shape {
    /// A bare word where the read takes one (see `bare_answers`), cleaned.
    Bare(String),
    /// JSON with a success status: read in one pass.
    Json,
    /// Anything else: in two passes.
    Other,
}

fn shape_of(op: Operation, reply: &Reply<&str>) -> Shape {
    let kind = BodyKind::of(reply.body.as_bytes());
    match kind {
        BodyKind::Text if reply.status.is_success() && crate::api::bare_answers::bare_text_is_data(op) => {
            Shape::Bare(sanitize::line(reply.body.trim()).into_owned())
        }
        BodyKind::Json if reply.status.is_success() => Shape::Json,
        _ => Shape::Other,
    }
}

/// A change's answer: as [`decode`], except that a success with no body at all (a 204) is
/// a success, not a lost answer.
pub(crate) fn decode_change<B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<Value> {
    let kind = BodyKind::of(reply.body.as_ref());
    if reply.status.is_success() && kind == BodyKind::Empty {
        return Ok(Value::Null);
    }
    if reply.status.is_success() && kind == BodyKind::Text {
        return crate::api::bare_answers::bare_answer(op, reply.body.as_ref());
    }
    decode(op, reply)
}

/// A download's answer: the bytes of a success. The portal's refusal (a failing status,
/// or JSON whose `error`, `errors` or `success: false` says so) is its error, and an empty
/// answer is lost. (So a JSON file that itself holds an `error` field reads as a refusal.)
pub(crate) fn file_bytes(op: Operation, reply: &Reply) -> Result<Vec<u8>> {
    let kind = BodyKind::of(&reply.body);
    if !reply.status.is_success() || kind == BodyKind::Empty {
        return decode::<serde::de::IgnoredAny, _>(op, reply).map(|_| Vec::new());
    }
    if kind == BodyKind::Json {
        let probe: ErrorProbe = serde_json::from_slice(&reply.body).unwrap_or_default();
        if let Some(e) = failure(op, reply.status, reply.retry_after, kind, &probe) {
            return Err(e);
        }
    }
    Ok(reply.body.clone())
}

/// The error fields first, on their own, then the data: for answers that are not a plain
/// success, where a broken data field may stop a single pass before the error fields. Says
/// what the portal said, or what is wrong. (Also the reference the one pass is tested against.)
#[cfg(test)]
fn decode_in_two_passes<T: DeserializeOwned, B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<T> {
    let text = utf8(op, reply.body.as_ref());
    two_passes_text(
        op,
        &Reply { status: reply.status, retry_after: reply.retry_after, rate: reply.rate, body: text.as_ref() },
    )
}

/// [`decode_in_two_passes`] of a body that is text.
fn two_passes_text<T: DeserializeOwned>(op: Operation, reply: &Reply<&str>) -> Result<T> {
    let message = probe_first(op, reply)?;
    serde_json::from_str(reply.body).map_err(|e| data_error(op, message, e))
}

/// The first pass: what the error fields and the status say went wrong, or else the
/// `message` the answer holds, if any.
fn probe_first(op: Operation, reply: &Reply<&str>) -> Result<Option<Vec<String>>> {
    let kind = BodyKind::of(reply.body.as_bytes());
    let probe: ErrorProbe = if kind == BodyKind::Json {
        serde_json::from_str(reply.body).unwrap_or_default()
    } else {
        ErrorProbe::default()
    };
    match failure(op, reply.status, reply.retry_after, kind, &probe) {
        Some(e) => Err(e),
        None => Ok(probe.message.as_ref().map(messages).filter(|m| !m.is_empty())),
    }
}

/// The data could not be read: a body with only a `message` and none of the expected data
/// is the portal's error; otherwise what is wrong with it.
fn data_error(op: Operation, message: Option<Vec<String>>, e: serde_json::Error) -> ApiError {
    if let Some(message) = message {
        return portal_failure(op, message);
    }
    let detail = sanitize::line(&e.to_string()).into_owned();
    match e.classify() {
        serde_json::error::Category::Data => ApiError::UnexpectedShape { op, detail },
        _ => ApiError::InvalidJson { op, detail },
    }
}

/// What the status, the error fields and the kind of body say went wrong, if anything.
fn failure(
    op: Operation,
    status: StatusCode,
    retry_after: Option<Duration>,
    kind: BodyKind,
    probe: &ErrorProbe,
) -> Option<ApiError> {
    let mut codes: Vec<String> = [&probe.error, &probe.errors].into_iter().flatten().flat_map(messages).collect();
    let failed_flag = matches!(probe.success, Some(Value::Bool(false)));
    if failed_flag || !status.is_success() {
        codes.extend(probe.message.iter().flat_map(messages));
    }
    if status == StatusCode::UNAUTHORIZED {
        let reason = if codes.is_empty() {
            Refusal::Rejected
        } else {
            Refusal::Said(codes.iter().map(|c| Said::from_code(c)).collect())
        };
        return Some(ApiError::Auth { op, reason });
    }
    if status == StatusCode::TOO_MANY_REQUESTS {
        return Some(ApiError::RateLimited { op, retry_after });
    }
    if !codes.is_empty() {
        return Some(portal_failure(op, codes));
    }
    // `"success": false` is a refusal even when the portal gives no reason.
    if failed_flag {
        return Some(ApiError::Portal { op, said: vec![Said::NoReason] });
    }
    if !status.is_success() {
        return Some(ApiError::Status { op, status: status_text(status), body: kind });
    }
    match kind {
        BodyKind::Empty => Some(ApiError::EmptyBody { op }),
        BodyKind::Html | BodyKind::Text => Some(ApiError::NotJson { op, kind }),
        BodyKind::Json => None,
    }
}

/// Decodes the answer object as `T` while taking the error fields out into the probe.
struct Probing<'p, T> {
    probe: &'p mut ErrorProbe,
    data: std::marker::PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Probing<'_, T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("the portal's answer object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> std::result::Result<T, A::Error> {
        T::deserialize(serde::de::value::MapAccessDeserializer::new(WithoutErrorFields { map, probe: self.probe }))
    }
}

/// The answer's fields with `error`, `errors`, `message` and `success` kept back.
struct WithoutErrorFields<'p, A> {
    map: A,
    probe: &'p mut ErrorProbe,
}

impl<'de, A: serde::de::MapAccess<'de>> serde::de::MapAccess<'de> for WithoutErrorFields<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: serde::de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> std::result::Result<Option<K::Value>, A::Error> {
        while let Some(key) = self.map.next_key::<crate::api::lenient::Key<'de>>()? {
            let slot = match key.as_str() {
                "error" => &mut self.probe.error,
                "errors" => &mut self.probe.errors,
                "message" => &mut self.probe.message,
                "success" => &mut self.probe.success,
                _ => return seed.deserialize(key.into_deserializer()).map(Some),
            };
            *slot = Some(self.map.next_value()?);
        }
        Ok(None)
    }

    fn next_value_seed<V: serde::de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> std::result::Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

fn status_text(status: StatusCode) -> String {
    match status.canonical_reason() {
        Some(reason) => format!("{} {reason}", status.as_u16()),
        None => status.as_u16().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(status: u16, body: &str) -> Reply {
        Reply {
            status: StatusCode::from_u16(status).unwrap(),
            retry_after: None,
            rate: None,
            body: body.as_bytes().to_vec(),
        }
    }

    #[derive(Deserialize, Debug)]
    struct Data {
        #[allow(dead_code)]
        details: Vec<Value>,
    }

    fn decode_data(status: u16, body: &str) -> Result<Data> {
        decode(Operation::Domain, &reply(status, body))
    }

    #[test]
    fn errors_in_200_bodies() {
        assert!(matches!(decode_data(200, r#"{"error":["wronglogin"]}"#), Err(ApiError::Auth { .. })));
        let e = decode_data(200, r#"{"error":"Domain not found"}"#).unwrap_err();
        assert_eq!(e.to_string(), "domain lookup failed: the portal says: Domain not found");
        assert!(matches!(decode_data(200, r#"{"errors":["a","b"]}"#), Err(ApiError::Portal { .. })));
        assert!(matches!(decode_data(200, r#"{"message":"Maintenance"}"#), Err(ApiError::Portal { .. })));
        assert!(matches!(
            decode_data(200, r#"{"success":false,"message":"x","details":[]}"#),
            Err(ApiError::Portal { .. })
        ));
        assert!(decode_data(200, r#"{"message":"ok","details":[]}"#).is_ok());
    }

    #[test]
    fn statuses_and_bodies() {
        let e = decode_data(502, "<html>Bad gateway</html>").unwrap_err();
        assert_eq!(e.to_string(), "domain lookup failed: portal answered 502 Bad Gateway (HTML page)");
        assert!(matches!(decode_data(401, ""), Err(ApiError::Auth { .. })));
        assert!(matches!(decode_data(429, ""), Err(ApiError::RateLimited { .. })));
        assert!(matches!(decode_data(200, ""), Err(ApiError::EmptyBody { .. })));
        assert!(matches!(decode_data(200, "<html>"), Err(ApiError::NotJson { .. })));
        assert!(matches!(decode_data(200, r#"{"details":[{"#), Err(ApiError::InvalidJson { .. })));
        assert!(matches!(decode_data(200, r#"{"details":"x"}"#), Err(ApiError::UnexpectedShape { .. })));
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        let body = b"{\"error\":\"Domain \xff not found\"}".to_vec();
        let e = decode::<Data, _>(
            Operation::Domain,
            &Reply { status: StatusCode::OK, retry_after: None, rate: None, body },
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "domain lookup failed: the portal says: Domain \u{fffd} not found");
        assert_eq!(e.kind(), crate::api::ErrorKind::Portal);
        let body = b"{\"details\":[{\"name\":\"v\xe0.vn\"}]}".to_vec();
        let data = decode::<Value, _>(
            Operation::Domain,
            &Reply { status: StatusCode::OK, retry_after: None, rate: None, body },
        );
        assert_eq!(data.unwrap()["details"][0]["name"], "v\u{fffd}.vn");
    }

    #[test]
    fn portal_text_in_messages_is_sanitised() {
        let e = decode_data(200, "{\"error\":[\"bad\\u001b]0;pwned\\u0007 name\"]}").unwrap_err();
        assert_eq!(e.to_string(), "domain lookup failed: the portal says: bad name");
    }
}

/// Arbitrary JSON and arbitrary bytes through every decoder: errors are fine, panics never,
/// and the one-pass read agrees with the two-pass one.
#[cfg(test)]
mod fuzz {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use super::*;
    use crate::api::models::account::AccountEnvelope;
    use crate::api::models::certificate::CertificateEnvelope;
    use crate::api::models::{DomainRecords, UpgradeOptions};

    fn json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "\\PC{0,12}".prop_map(Value::String),
            prop::sample::select(vec!["0", "1", "n/a", "", "2026-12-01", "1,500,000", "-3.5", "[]", "\u{1b}[2J"])
                .prop_map(|s| Value::String(s.into())),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            let keys = prop::sample::select(vec![
                "id",
                "name",
                "details",
                "domains",
                "client",
                "service",
                "contacts",
                "admin",
                "resources",
                "items",
                "nameservers",
                "expires",
                "price",
                "selected",
                "error",
                "errors",
                "message",
                "success",
                "token",
                "status",
                "firstpayment",
                "credit",
                "organization",
                "csr",
                "x",
            ]);
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec((keys, inner), 0..6).prop_map(|pairs| Value::Object(
                    pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect::<Map<_, _>>()
                )),
            ]
        })
    }

    /// The one-pass decoder says exactly what reading the error fields first would.
    fn same_as_two_passes<T: DeserializeOwned + std::fmt::Debug>(op: Operation, reply: &Reply) {
        let one = decode::<T, _>(op, reply).map_err(|e| e.to_string());
        // Both read invalid UTF-8 as replaced.
        let body = String::from_utf8_lossy(&reply.body).into_owned().into_bytes();
        let lossy = Reply { status: reply.status, retry_after: reply.retry_after, rate: None, body };
        let two = decode_in_two_passes::<T, _>(op, &lossy).map_err(|e| e.to_string());
        assert_eq!(format!("{one:?}"), format!("{two:?}"), "{}", String::from_utf8_lossy(&reply.body));
    }

    fn decode_all(status: u16, body: &[u8]) {
        let reply =
            Reply { status: StatusCode::from_u16(status).unwrap(), retry_after: None, rate: None, body: body.to_vec() };
        same_as_two_passes::<AccountEnvelope>(Operation::Details, &reply);
        same_as_two_passes::<CertificateEnvelope>(Operation::Certificate, &reply);
        same_as_two_passes::<DomainRecords>(Operation::Domain, &reply);
        same_as_two_passes::<UpgradeOptions>(Operation::Upgrade, &reply);
        // A `Value` answer keeps everything, the error fields too, in two passes only.
        let one = decode::<Value, _>(Operation::Login, &reply).map(|_| ()).map_err(|e| e.to_string());
        let lossy = Reply { body: String::from_utf8_lossy(body).into_owned().into_bytes(), ..reply };
        assert_eq!(
            one,
            decode_in_two_passes::<Value, _>(Operation::Login, &lossy).map(|_| ()).map_err(|e| e.to_string())
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn arbitrary_json(value in json(), status in prop::sample::select(vec![200u16, 401, 404, 429, 500])) {
            decode_all(status, value.to_string().as_bytes());
        }

        #[test]
        fn arbitrary_json_in_the_expected_places(value in json()) {
            for wrapper in ["details", "domains", "client", "service", "resources"] {
                let shaped = serde_json::json!({ wrapper: [value.clone()] }).to_string();
                decode_all(200, shaped.as_bytes());
                let shaped = serde_json::json!({ wrapper: value.clone() }).to_string();
                decode_all(200, shaped.as_bytes());
            }
        }

        #[test]
        fn arbitrary_bytes(body in prop::collection::vec(any::<u8>(), 0..512)) {
            decode_all(200, &body);
        }
    }
}
