//! One HTTP exchange: send, read the body under a size cap, and turn whatever came back
//! (status, error bodies, HTML pages, broken JSON, network failures) into an `ApiError`.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::api::error::{ApiError, Lost, Operation, Result, TlsFailure};
use crate::api::http::redact::Redactor;
use crate::api::sanitize;

pub(crate) use crate::api::http::decoding::{Reply, decode, decode_change, file_bytes};

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
    crate::api::http::exchanges::record(|| {
        let (status, bytes, kept, failure) = match &result {
            Ok(reply) => {
                let kept = redactor.logged_body(op, &reply.body, crate::api::http::exchanges::BODY_KEPT);
                (Some(reply.status.as_u16()), reply.body.len(), kept, None)
            }
            Err(e) => (None, 0, Some(Vec::new()), Some(redactor.text(&e.to_string()).into_owned())),
        };
        let (body, withheld) = match kept {
            Some(body) => (body, false),
            None => (Vec::new(), true),
        };
        let elapsed = started.elapsed();
        crate::api::http::exchanges::Exchange { method, path, status, elapsed, bytes, body, withheld, failure }
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
    let rate = crate::api::http::rate_limit::RateLimit::from_headers(response.headers());
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs)
        .or_else(|| rate.and_then(|r| r.reset).filter(|_| status == StatusCode::TOO_MANY_REQUESTS));

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
    Ok(Reply { status, retry_after, rate, body })
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
