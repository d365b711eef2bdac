//! Every way a portal call can fail, each with a one-line message for people that names the
//! operation. Portal text inside messages is already sanitised by the time it lands here.

use std::time::Duration;

use thiserror::Error;

/// The six operations of the User API, named as a person would say them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    Login,
    Refresh,
    Details,
    Certificate,
    Domain,
    Upgrade,
}

impl Operation {
    pub fn label(self) -> &'static str {
        match self {
            Operation::Login => "login",
            Operation::Refresh => "token refresh",
            Operation::Details => "account details",
            Operation::Certificate => "certificate lookup",
            Operation::Domain => "domain lookup",
            Operation::Upgrade => "upgrade options",
        }
    }
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// What a non-JSON body looked like, for the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    Empty,
    Html,
    Json,
    Text,
}

impl BodyKind {
    pub fn of(body: &[u8]) -> BodyKind {
        let head = String::from_utf8_lossy(&body[..body.len().min(512)]).trim_start().to_ascii_lowercase();
        if head.is_empty() {
            BodyKind::Empty
        } else if head.starts_with('<') {
            BodyKind::Html
        } else if head.starts_with('{') || head.starts_with('[') {
            BodyKind::Json
        } else {
            BodyKind::Text
        }
    }

    fn describe(self) -> &'static str {
        match self {
            BodyKind::Empty => "empty body",
            BodyKind::Html => "HTML page",
            BodyKind::Json => "JSON body",
            BodyKind::Text => "text body",
        }
    }
}

#[derive(Debug, Error)]
pub enum ApiError {
    #[error("{op} failed: {reason}")]
    Auth { op: Operation, reason: String },
    #[error("{op} failed: the portal says: {message}")]
    Portal { op: Operation, message: String },
    #[error("{op} failed: portal answered {status} ({})", body.describe())]
    Status { op: Operation, status: String, body: BodyKind },
    #[error("{op} failed: rate limited by the portal (429){}", retry_after.map(|d| format!(", retry after {}s", d.as_secs())).unwrap_or_default())]
    RateLimited { op: Operation, retry_after: Option<Duration> },
    #[error("{op} failed: the portal sent an empty answer")]
    EmptyBody { op: Operation },
    #[error("{op} failed: the portal sent {} instead of JSON", kind.describe())]
    NotJson { op: Operation, kind: BodyKind },
    #[error("{op} failed: invalid JSON from the portal ({detail})")]
    InvalidJson { op: Operation, detail: String },
    #[error("{op} failed: unexpected answer from the portal ({detail})")]
    UnexpectedShape { op: Operation, detail: String },
    #[error("{op} failed: answer larger than {} MiB, refused", limit / (1024 * 1024))]
    TooLarge { op: Operation, limit: usize },
    #[error("{op} failed: no answer within {}s (time-out)", after.as_secs_f32())]
    Timeout { op: Operation, after: Duration },
    #[error("{op} failed: portal unreachable: connection refused at {url}")]
    Refused { op: Operation, url: String },
    #[error("{op} failed: portal host {host} not found (DNS)")]
    Dns { op: Operation, host: String },
    #[error("{op} failed: secure connection to {host} failed ({detail})")]
    Tls { op: Operation, host: String, detail: String },
    #[error("{op} failed: the portal redirected to {to}: if that is its new address, set base_url")]
    Redirected { op: Operation, to: String },
    #[error("{op} failed: the portal redirects in a loop (at {url})")]
    RedirectLoop { op: Operation, url: String },
    #[error("{op} failed: connection lost ({detail})")]
    Connection { op: Operation, detail: String },
    #[error("{op} failed: {detail}")]
    InvalidInput { op: Operation, detail: String },
}

impl ApiError {
    pub fn is_auth(&self) -> bool {
        matches!(self, ApiError::Auth { .. })
    }

    /// An authentication failure said of `op` (the step that checks the credentials);
    /// any other failure as it is.
    pub fn auth_as(self, op: Operation) -> ApiError {
        match self {
            ApiError::Auth { reason, .. } => ApiError::Auth { op, reason },
            other => other,
        }
    }

    /// The class a script cares about (see the CLI exit codes).
    pub fn kind(&self) -> ErrorKind {
        match self {
            ApiError::Auth { .. } => ErrorKind::Auth,
            ApiError::Portal { .. } => ErrorKind::Portal,
            ApiError::InvalidInput { .. } => ErrorKind::Usage,
            _ => ErrorKind::Network,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Usage,
    Auth,
    Portal,
    Network,
}

pub type Result<T, E = ApiError> = std::result::Result<T, E>;
