//! Every way a portal call can fail, each with a one-line message for people that names the
//! operation. Portal text inside messages is already sanitised by the time it lands here.

use std::time::Duration;

pub use crate::api::operation::Operation;

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
}

/// Why the portal refused a session or a sign-in. Said in words by `i18n::api_error`, in
/// either language; the portal's own words stay as it wrote them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// What the portal said (its error codes and words).
    Said(Vec<Said>),
    /// A 401 with nothing said.
    Rejected,
    /// Basic credentials refused.
    BasicRefused,
    /// A remembered session the portal no longer takes, and no password to log in again.
    SessionExpired,
    /// A read asked of a profile that has no session.
    NotSignedIn,
    /// A refused login, and what to check.
    CheckCredentials(Box<Refusal>),
    /// Refused right after the login succeeded.
    AfterLogin(Box<Refusal>),
}

/// One thing a portal said in an error: a code the tool knows, or its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// `wronglogin`.
    WrongLogin,
    /// `unauthorized`.
    Unauthorized,
    /// `invalid method`: the portal does not offer the route.
    InvalidMethod,
    /// `"success": false` and no reason given.
    NoReason,
    Words(String),
}

impl Said {
    /// A code or words, as the portal sent them (already sanitised).
    pub fn from_code(code: &str) -> Said {
        match code.to_ascii_lowercase().as_str() {
            "wronglogin" => Said::WrongLogin,
            "unauthorized" | "unauthorised" => Said::Unauthorized,
            "invalid method" => Said::InvalidMethod,
            _ => Said::Words(code.to_owned()),
        }
    }
}

/// How a connection was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    MidAnswer,
    /// Could not connect to this origin.
    CouldNotConnect(String),
    Closed,
}

/// Why a secure connection failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsFailure {
    UnknownIssuer,
    Expired,
    OtherName,
    Revoked,
    BadSignature,
    /// The TLS library's own description.
    Other(String),
}

/// Every failure of a portal call. Its `Display` (in `i18n::errors`) is the English message
/// of `i18n::api_error`, where both languages are worded.
#[derive(Debug)]
pub enum ApiError {
    Auth {
        op: Operation,
        reason: Refusal,
    },
    Portal {
        op: Operation,
        said: Vec<Said>,
    },
    Status {
        op: Operation,
        status: String,
        body: BodyKind,
    },
    RateLimited {
        op: Operation,
        retry_after: Option<Duration>,
    },
    EmptyBody {
        op: Operation,
    },
    NotJson {
        op: Operation,
        kind: BodyKind,
    },
    InvalidJson {
        op: Operation,
        detail: String,
    },
    UnexpectedShape {
        op: Operation,
        detail: String,
    },
    TooLarge {
        op: Operation,
        limit: usize,
    },
    Timeout {
        op: Operation,
        after: Duration,
    },
    Refused {
        op: Operation,
        url: String,
    },
    Dns {
        op: Operation,
        host: String,
    },
    Tls {
        op: Operation,
        host: String,
        why: TlsFailure,
    },
    Redirected {
        op: Operation,
        to: String,
    },
    RedirectLoop {
        op: Operation,
        url: String,
    },
    Connection {
        op: Operation,
        lost: Lost,
    },
    InvalidInput {
        op: Operation,
        detail: String,
    },
    /// Read again just before a change was sent, the record it was to change no longer
    /// holds what the confirmation showed (`now`: what it holds, or none when it is gone):
    /// nothing was sent.
    TargetChanged {
        op: Operation,
        shown: String,
        now: Option<String>,
    },
    /// A change's answer was unclear (`answer`: a 401, a 5xx, a time-out, a dropped
    /// connection, text that is no answer), and reading again (`look`: what was read, and
    /// where to look) could not tell whether the portal applied it: it was not sent again.
    Unclear {
        op: Operation,
        answer: Box<ApiError>,
        look: Vec<Operation>,
    },
    /// A read by name answered only for other names (`answered`): a portal that looks names
    /// up by suffix or `LIKE`. Nothing of `asked` is there.
    NotThisName {
        op: Operation,
        asked: String,
        answered: Vec<String>,
    },
    /// A change's answer was unclear (`answer`), and reading again proved it is not there:
    /// nothing was applied.
    NotApplied {
        op: Operation,
        answer: Box<ApiError>,
    },
}

impl std::error::Error for ApiError {}

impl ApiError {
    /// Whether the portal does not offer the route at all (`invalid method`, or a 404):
    /// remembered and said once, never retried or shown as a failure.
    pub fn not_offered(&self) -> bool {
        match self {
            ApiError::Portal { said, .. } => said.contains(&Said::InvalidMethod),
            ApiError::Status { status, .. } => status.starts_with("404"),
            _ => false,
        }
    }

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

    /// The operation that failed.
    pub fn operation(&self) -> Operation {
        match self {
            ApiError::Auth { op, .. }
            | ApiError::Portal { op, .. }
            | ApiError::Status { op, .. }
            | ApiError::RateLimited { op, .. }
            | ApiError::EmptyBody { op }
            | ApiError::NotJson { op, .. }
            | ApiError::InvalidJson { op, .. }
            | ApiError::UnexpectedShape { op, .. }
            | ApiError::TooLarge { op, .. }
            | ApiError::Timeout { op, .. }
            | ApiError::Refused { op, .. }
            | ApiError::Dns { op, .. }
            | ApiError::Tls { op, .. }
            | ApiError::Redirected { op, .. }
            | ApiError::RedirectLoop { op, .. }
            | ApiError::Connection { op, .. }
            | ApiError::InvalidInput { op, .. }
            | ApiError::TargetChanged { op, .. }
            | ApiError::Unclear { op, .. }
            | ApiError::NotThisName { op, .. }
            | ApiError::NotApplied { op, .. } => *op,
        }
    }

    /// The class a script cares about (see the CLI exit codes).
    pub fn kind(&self) -> ErrorKind {
        match self {
            ApiError::Auth { .. } => ErrorKind::Auth,
            ApiError::Portal { .. } | ApiError::TargetChanged { .. } | ApiError::NotThisName { .. } => {
                ErrorKind::Portal
            }
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
