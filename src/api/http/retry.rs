//! Retries of idempotent calls (the GETs): on 429, 502/503/504 and a connection lost, up to
//! [`ATTEMPTS`] attempts with exponential backoff, or the wait the portal asked for in
//! `Retry-After`. Login and token refresh are never retried blindly.
//!
//! Whoever waits can hear about each retry: the worker runs a request inside
//! [`observe`], and the client reports through [`notify`] without knowing who listens.

use std::sync::Arc;
use std::time::Duration;

use crate::api::error::ApiError;

/// Attempts in all, the first included.
pub const ATTEMPTS: u32 = 3;
/// The first backoff; each next one doubles.
const BASE_DELAY: Duration = Duration::from_millis(400);
/// A `Retry-After` longer than this is not waited for: the error is reported instead.
pub const MAX_WAIT: Duration = Duration::from_secs(10);

/// A retry about to happen: attempt `attempt` of `of`, after `wait`, because of `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryNotice {
    pub attempt: u32,
    pub of: u32,
    pub wait: Duration,
    pub reason: String,
}

type Listener = Arc<dyn Fn(RetryNotice) + Send + Sync>;

tokio::task_local! {
    static LISTENER: Listener;
}

/// Runs `future` with `listener` told about every retry inside it.
pub async fn observe<F: Future>(listener: impl Fn(RetryNotice) + Send + Sync + 'static, future: F) -> F::Output {
    LISTENER.scope(Arc::new(listener), future).await
}

fn notify(notice: RetryNotice) {
    let _ = LISTENER.try_with(|listen| listen(notice));
}

/// How long to wait before attempt `next` (2 or more) after `err`, or `None` when the error
/// is not worth another try.
pub fn delay(err: &ApiError, next: u32) -> Option<Duration> {
    if next > ATTEMPTS {
        return None;
    }
    let backoff = BASE_DELAY * 2u32.pow(next.saturating_sub(2));
    match err {
        // Never sooner than the backoff: `Retry-After: 0` is no reason to hammer the portal.
        ApiError::RateLimited { retry_after: Some(wait), .. } => (*wait <= MAX_WAIT).then_some((*wait).max(backoff)),
        ApiError::RateLimited { retry_after: None, .. } => Some(backoff),
        ApiError::Status { status, .. } if ["502", "503", "504"].iter().any(|c| status.starts_with(c)) => Some(backoff),
        ApiError::Connection { .. } => Some(backoff),
        _ => None,
    }
}

/// Runs `call` until it succeeds, fails for good, or runs out of attempts.
pub async fn retrying<T, F, Fut>(mut call: F) -> Result<T, ApiError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let mut attempt = 1;
    loop {
        match call().await {
            Err(err) => match delay(&err, attempt + 1) {
                Some(wait) => {
                    attempt += 1;
                    tracing::debug!(attempt, of = ATTEMPTS, wait_ms = wait.as_millis() as u64, error = %err, "retrying");
                    notify(RetryNotice { attempt, of: ATTEMPTS, wait, reason: short_reason(&err) });
                    tokio::time::sleep(wait).await;
                }
                None => return Err(err),
            },
            ok => return ok,
        }
    }
}

fn short_reason(err: &ApiError) -> String {
    match err {
        ApiError::RateLimited { .. } => "rate limited".into(),
        ApiError::Status { status, .. } => status.clone(),
        _ => "connection lost".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{BodyKind, Operation};

    #[test]
    fn what_is_retried_and_how_long_to_wait() {
        let op = Operation::Domain;
        let limited = |s| ApiError::RateLimited { op, retry_after: s };
        assert_eq!(delay(&limited(Some(Duration::from_secs(2))), 2), Some(Duration::from_secs(2)));
        assert_eq!(delay(&limited(Some(Duration::from_secs(60))), 2), None, "too long: report instead");
        assert_eq!(delay(&limited(Some(Duration::ZERO)), 2), Some(BASE_DELAY), "Retry-After: 0 keeps the backoff");
        assert_eq!(delay(&limited(Some(Duration::ZERO)), 3), Some(BASE_DELAY * 2));
        assert_eq!(delay(&limited(None), 2), Some(BASE_DELAY));
        assert_eq!(delay(&limited(None), 3), Some(BASE_DELAY * 2));
        assert_eq!(delay(&limited(None), 4), None, "three attempts in all");
        let status = |s: &str| ApiError::Status { op, status: s.into(), body: BodyKind::Html };
        assert!(delay(&status("503 Service Unavailable"), 2).is_some());
        assert!(delay(&status("500 Internal Server Error"), 2).is_none());
        assert!(delay(&ApiError::Connection { op, lost: crate::api::Lost::Closed }, 2).is_some());
        assert!(delay(&ApiError::Portal { op, said: vec![] }, 2).is_none());
        assert!(delay(&ApiError::Timeout { op, after: Duration::from_secs(1) }, 2).is_none());
    }
}
