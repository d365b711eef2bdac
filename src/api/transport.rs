//! One HTTP exchange: send, read the body under a size cap, and turn whatever came back
//! (status, error bodies, HTML pages, broken JSON, network failures) into an `ApiError`.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::{ApiError, BodyKind, Lost, Operation, Refusal, Result, Said, TlsFailure};
use super::redact::Redactor;
use crate::api::sanitize;

pub(crate) struct Reply<B = Vec<u8>> {
    pub status: StatusCode,
    pub retry_after: Option<Duration>,
    pub body: B,
}

/// Redirects followed within one exchange before it counts as a loop.
pub const MAX_REDIRECTS: usize = 5;

/// Sends `request` and reads the answer; the request log hears of it with the body and
/// the failure redacted against `redactor` (what the client holds).
pub(crate) async fn exchange(
    http: &reqwest::Client,
    op: Operation,
    request: reqwest::Request,
    timeout: Duration,
    redactor: &Redactor,
) -> Result<Reply> {
    let started = Instant::now();
    let (method, path) = (request.method().to_string(), request.url().path().to_owned());
    let result = read(http, op, request, timeout, started).await;
    super::exchanges::record(|| {
        let (status, bytes, kept, failure) = match &result {
            Ok(reply) => {
                let kept = redactor.logged_body(op, &reply.body, super::exchanges::BODY_KEPT);
                (Some(reply.status.as_u16()), reply.body.len(), kept, None)
            }
            Err(e) => (None, 0, Some(Vec::new()), Some(redactor.text(&e.to_string()).into_owned())),
        };
        let (body, withheld) = match kept {
            Some(body) => (body, false),
            None => (Vec::new(), true),
        };
        let elapsed = started.elapsed();
        super::exchanges::Exchange { method, path, status, elapsed, bytes, body, withheld, failure }
    });
    result
}

async fn read(
    http: &reqwest::Client,
    op: Operation,
    request: reqwest::Request,
    timeout: Duration,
    started: Instant,
) -> Result<Reply> {
    let mut response = follow(http, op, request, timeout).await?;
    let url = response.url().clone();
    let failed = |e: reqwest::Error| classify(op, &url, timeout, e);
    let status = response.status();
    let cap = op.body_cap();
    let announced = response.content_length();
    if announced.is_some_and(|len| len > cap as u64) {
        return Err(ApiError::TooLarge { op, limit: cap });
    }
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs);
    // Room for the whole answer at once when its length is announced: a large list is
    // then never copied while it grows.
    let mut body = Vec::with_capacity(announced.map_or(0, |len| len as usize));
    while let Some(chunk) = response.chunk().await.map_err(failed)? {
        if body.len() + chunk.len() > cap {
            return Err(ApiError::TooLarge { op, limit: cap });
        }
        body.extend_from_slice(&chunk);
    }
    tracing::debug!(
        operation = op.label(),
        path = url.path(),
        status = status.as_u16(),
        bytes = body.len(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "portal answered"
    );
    Ok(Reply { status, retry_after, body })
}

/// Sends `request` and follows the portal's redirects only where nothing can leak: a GET
/// to the same scheme, host and port. (The client follows none on its own; see
/// `PortalClient::new`.) A POST is never sent again, since its body holds the password or
/// the refresh token; a redirect anywhere else is an error naming where it pointed.
async fn follow(
    http: &reqwest::Client,
    op: Operation,
    request: reqwest::Request,
    timeout: Duration,
) -> Result<reqwest::Response> {
    let origin_of_first = request.url().origin();
    let mut visited = vec![request.url().clone()];
    let mut request = request;
    loop {
        let url = request.url().clone();
        let again = request.try_clone();
        let response = http.execute(request).await.map_err(|e| classify(op, &url, timeout, e))?;
        let Some(target) = redirect_target(&response) else { return Ok(response) };
        tracing::debug!(operation = op.label(), status = response.status().as_u16(), to = %shown(&target), "portal redirected");
        let same_origin = target.origin() == origin_of_first;
        let next = match again {
            Some(next) if same_origin && next.method() == reqwest::Method::GET => next,
            _ => return Err(ApiError::Redirected { op, to: shown(&target) }),
        };
        if visited.contains(&target) || visited.len() > MAX_REDIRECTS {
            return Err(ApiError::RedirectLoop { op, url: shown(&target) });
        }
        visited.push(target.clone());
        request = next;
        *request.url_mut() = target;
    }
}

/// Where a 3xx answer points, resolved against the URL asked for.
fn redirect_target(response: &reqwest::Response) -> Option<url::Url> {
    if !response.status().is_redirection() {
        return None;
    }
    let location = response.headers().get(reqwest::header::LOCATION)?.to_str().ok()?;
    response.url().join(location).ok()
}

/// A URL as a message shows it: without credentials, query or fragment, sanitised.
fn shown(url: &url::Url) -> String {
    let mut url = url.clone();
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_query(None);
    url.set_fragment(None);
    sanitize::line(url.as_str()).into_owned()
}

/// Maps a transport failure to the variant a person can act on, by the kinds of the errors
/// in its chain, never by words in their text (the top one holds the URL, and a path like
/// `/certificate/5` must not make a dropped connection read as a TLS failure).
fn classify(op: Operation, url: &url::Url, timeout: Duration, err: reqwest::Error) -> ApiError {
    // reqwest's error carries the URL whole, its query (a redirect's `?token=`) too.
    let err = err.without_url();
    tracing::debug!(operation = op.label(), url = %shown(url), error = ?err, "request failed");
    let host = url.host_str().unwrap_or_default().to_owned();
    if err.is_timeout() {
        return ApiError::Timeout { op, after: timeout };
    }
    let mut source = std::error::Error::source(&err);
    while let Some(e) = source {
        if let Some(io) = e.downcast_ref::<std::io::Error>()
            && io.kind() == std::io::ErrorKind::ConnectionRefused
        {
            return ApiError::Refused { op, url: origin(url) };
        }
        if let Some(tls) = e.downcast_ref::<rustls::Error>() {
            return ApiError::Tls { op, host, why: tls_reason(tls) };
        }
        // hyper-util's connector labels a failed name lookup with this fixed text (its
        // error types are private); it is the label, not a message with portal data.
        if err.is_connect() && e.to_string() == "dns error" {
            return ApiError::Dns { op, host };
        }
        // An io::Error's `source` skips the error it wraps (rustls's, often inside another
        // io::Error): step into the wrapped one instead.
        source = match e.downcast_ref::<std::io::Error>().and_then(std::io::Error::get_ref) {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => e.source(),
        };
    }
    let lost = if err.is_body() || err.is_decode() {
        Lost::MidAnswer
    } else if err.is_connect() {
        Lost::CouldNotConnect(origin(url))
    } else {
        Lost::Closed
    };
    ApiError::Connection { op, lost }
}

fn origin(url: &url::Url) -> String {
    url.origin().ascii_serialization()
}

/// What went wrong in the handshake (worded, with what to do about it, in `i18n`).
fn tls_reason(err: &rustls::Error) -> TlsFailure {
    use rustls::CertificateError as Cert;
    let rustls::Error::InvalidCertificate(cert) = err else { return TlsFailure::Other(err.to_string()) };
    match cert {
        Cert::UnknownIssuer => TlsFailure::UnknownIssuer,
        Cert::Expired | Cert::ExpiredContext { .. } => TlsFailure::Expired,
        Cert::NotValidForName | Cert::NotValidForNameContext { .. } => TlsFailure::OtherName,
        Cert::Revoked => TlsFailure::Revoked,
        Cert::BadSignature => TlsFailure::BadSignature,
        other => TlsFailure::Other(format!("certificate not trusted: {other:?}")),
    }
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
pub(crate) fn decode<T: DeserializeOwned, B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<T> {
    // Invalid UTF-8 (a portal mixing encodings) is replaced with U+FFFD rather than
    // refused: the rest of the answer, its error message too, still reaches the person.
    // Checked as UTF-8 once, the whole body (far quicker than string by string).
    let text = match std::str::from_utf8(reply.body.as_ref()) {
        Ok(text) => text,
        Err(e) => {
            tracing::debug!(operation = op.label(), error = %e, "answer is not valid UTF-8; replacing");
            let cleaned = String::from_utf8_lossy(reply.body.as_ref()).into_owned().into_bytes();
            return decode(op, &Reply { status: reply.status, retry_after: reply.retry_after, body: cleaned });
        }
    };
    let kind = BodyKind::of(reply.body.as_ref());
    if kind == BodyKind::Text && reply.status.is_success() && super::bare_answers::bare_text_is_data(op) {
        let bare = Value::String(sanitize::line(text.trim()).into_owned());
        return T::deserialize(bare).map_err(|e| ApiError::UnexpectedShape { op, detail: e.to_string() });
    }
    if kind == BodyKind::Json && reply.status.is_success() {
        // The usual case: one pass over the body reads the data and the error fields
        // portals put beside it; the data counts only when those say nothing went wrong.
        let mut probe = ErrorProbe::default();
        let probing = Probing::<T> { probe: &mut probe, data: std::marker::PhantomData };
        let mut body = serde_json::Deserializer::from_str(text);
        let decoded = serde::Deserializer::deserialize_map(&mut body, probing).and_then(|v| body.end().map(|()| v));
        if let Ok(value) = decoded {
            return match failure(op, reply, kind, &probe) {
                Some(e) => Err(e),
                None => Ok(value),
            };
        }
    }
    decode_in_two_passes(op, reply)
}

/// A change's answer: as [`decode`], except that a success with no body at all (a 204) is
/// a success, not a lost answer.
pub(crate) fn decode_change<B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<Value> {
    let kind = BodyKind::of(reply.body.as_ref());
    if reply.status.is_success() && kind == BodyKind::Empty {
        return Ok(Value::Null);
    }
    if reply.status.is_success() && kind == BodyKind::Text {
        return super::bare_answers::bare_answer(op, reply.body.as_ref());
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
        if let Some(e) = failure(op, reply, kind, &probe) {
            return Err(e);
        }
    }
    Ok(reply.body.clone())
}

/// The error fields first, on their own, then the data: for answers that are not a plain
/// success, where a broken data field may stop a single pass before the error fields. Says
/// what the portal said, or what is wrong. (Also the reference the one pass is tested against.)
fn decode_in_two_passes<T: DeserializeOwned, B: AsRef<[u8]>>(op: Operation, reply: &Reply<B>) -> Result<T> {
    let body = reply.body.as_ref();
    let kind = BodyKind::of(body);
    let probe: ErrorProbe =
        if kind == BodyKind::Json { serde_json::from_slice(body).unwrap_or_default() } else { ErrorProbe::default() };
    if let Some(e) = failure(op, reply, kind, &probe) {
        return Err(e);
    }
    serde_json::from_slice(body).map_err(|e| {
        // A body with only a `message` and none of the expected data is the portal's error.
        if let Some(message) = probe.message.as_ref().map(messages).filter(|m| !m.is_empty()) {
            return portal_failure(op, message);
        }
        let detail = sanitize::line(&e.to_string()).into_owned();
        match e.classify() {
            serde_json::error::Category::Data => ApiError::UnexpectedShape { op, detail },
            _ => ApiError::InvalidJson { op, detail },
        }
    })
}

/// What the status, the error fields and the kind of body say went wrong, if anything.
fn failure<B>(op: Operation, reply: &Reply<B>, kind: BodyKind, probe: &ErrorProbe) -> Option<ApiError> {
    let mut codes: Vec<String> = [&probe.error, &probe.errors].into_iter().flatten().flat_map(messages).collect();
    let failed_flag = matches!(probe.success, Some(Value::Bool(false)));
    if failed_flag || !reply.status.is_success() {
        codes.extend(probe.message.iter().flat_map(messages));
    }
    if reply.status == StatusCode::UNAUTHORIZED {
        let reason = if codes.is_empty() {
            Refusal::Rejected
        } else {
            Refusal::Said(codes.iter().map(|c| Said::from_code(c)).collect())
        };
        return Some(ApiError::Auth { op, reason });
    }
    if reply.status == StatusCode::TOO_MANY_REQUESTS {
        return Some(ApiError::RateLimited { op, retry_after: reply.retry_after });
    }
    if !codes.is_empty() {
        return Some(portal_failure(op, codes));
    }
    // `"success": false` is a refusal even when the portal gives no reason.
    if failed_flag {
        return Some(ApiError::Portal { op, said: vec![Said::NoReason] });
    }
    if !reply.status.is_success() {
        return Some(ApiError::Status { op, status: status_text(reply.status), body: kind });
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
        while let Some(key) = self.map.next_key::<super::lenient::Key<'de>>()? {
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
        Reply { status: StatusCode::from_u16(status).unwrap(), retry_after: None, body: body.as_bytes().to_vec() }
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
        let e = decode::<Data, _>(Operation::Domain, &Reply { status: StatusCode::OK, retry_after: None, body })
            .unwrap_err();
        assert_eq!(e.to_string(), "domain lookup failed: the portal says: Domain \u{fffd} not found");
        assert_eq!(e.kind(), crate::api::ErrorKind::Portal);
        let body = b"{\"details\":[{\"name\":\"v\xe0.vn\"}]}".to_vec();
        let data = decode::<Value, _>(Operation::Domain, &Reply { status: StatusCode::OK, retry_after: None, body });
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
        let lossy = Reply { status: reply.status, retry_after: reply.retry_after, body };
        let two = decode_in_two_passes::<T, _>(op, &lossy).map_err(|e| e.to_string());
        assert_eq!(format!("{one:?}"), format!("{two:?}"), "{}", String::from_utf8_lossy(&reply.body));
    }

    fn decode_all(status: u16, body: &[u8]) {
        let reply = Reply { status: StatusCode::from_u16(status).unwrap(), retry_after: None, body: body.to_vec() };
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
