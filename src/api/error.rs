//! Every way a portal call can fail, each with a one-line message for people that names the
//! operation. Portal text inside messages is already sanitised by the time it lands here.

use std::time::Duration;

/// Every operation of the User API the tool performs: signing in, the reads and the
/// changes. Their names in words, and `label` and `Display`, are in `i18n::errors`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    Login,
    Refresh,
    Details,
    Certificate,
    Domain,
    Upgrade,
    /// `GET /balance`, beyond the seed's six, as are the ones below.
    Balance,
    /// `GET /service`.
    Services,
    /// `GET /service/@id`.
    Service,
    /// `GET /domain`.
    Domains,
    /// `GET /domain/@id`.
    DomainDetails,
    /// `GET /domain/@id/dns`.
    Dns,
    /// `GET /invoice`.
    Invoices,
    /// `GET /invoice/@id`.
    Invoice,
    /// `GET /domain/@id/dns/types`.
    DnsTypes,
    /// `GET /tickets`.
    Tickets,
    /// `GET /tickets/@number`.
    Ticket,
    /// `GET /ticket/departments`.
    TicketDepartments,
    /// `GET /ticket/attachment/@file?number=…`: a file's bytes.
    TicketAttachment,
    /// `POST /domain/@id/dns`: the changes below are sent once, never retried.
    DnsAdd,
    /// `PUT /domain/@id/dns/@index`.
    DnsUpdate,
    /// `DELETE /domain/@id/dns/@index`.
    DnsDelete,
    /// `POST /service/@id/upgrade` without `send`.
    UpgradeEstimate,
    /// `POST /service/@id/upgrade` with `"send": true`.
    UpgradeRequest,
    /// `POST /tickets/@number`: a reply.
    TicketReply,
    /// `POST /tickets`: a new ticket.
    TicketNew,
    /// `PUT /tickets/@number/close`.
    TicketClose,
    /// `PUT /tickets/@number/open`.
    TicketReopen,
    /// `GET /domain/order`: the prices of each TLD, by period.
    DomainOrder,
    /// `GET /domain/@id/ns`.
    Nameservers,
    /// `GET /domain/@id/reglock`.
    RegistrarLock,
    /// `GET /domain/@id/epp`: the transfer code, a secret (its answer is withheld from the
    /// request log, and the code is redacted from every text once read).
    TransferCode,
    /// `POST /domain/lookup`: whether a name is free; it changes nothing.
    DomainLookup,
    /// `POST /domain/@id/renew`: a change, sent once, as are the ones below.
    DomainRenew,
    /// `PUT /domain/@id/autorenew`.
    DomainAutorenew,
    /// `PUT /domain/@id/reglock`.
    DomainLock,
    /// `PUT /domain/@id/idprotection`.
    DomainIdProtection,
    /// `PUT /domain/@id/ns`.
    DomainNameservers,
    /// `GET /payment`: the payment methods.
    Payments,
    /// `GET /service/@id/methods`.
    ServiceMethods,
    /// `GET /service/@id/label`.
    ServiceLabel,
    /// `GET /certificate`: the SSL services.
    Certificates,
    /// `GET /certificate/@id/crt`: the issued certificate.
    CertificateCrt,
    /// `POST /invoice/@id/credit`: paying from the account's credit.
    InvoicePay,
    /// `POST /service/@id/cancel`.
    ServiceCancel,
    /// `POST /service/@id/label`.
    ServiceLabelSet,
    /// `POST /logout`: ends the access token.
    Logout,
    /// `POST /revoke`: ends the refresh token (and the access token).
    Revoke,
    /// `GET /dns`: the hosted DNS zones.
    Zones,
    /// `GET /service/@sid/dns/@zid`: a hosted zone's records.
    ZoneRecords,
    /// `POST /service/@sid/dns/@zid/records`: a change, sent once, as are the two below.
    ZoneRecordAdd,
    /// `PUT /service/@sid/dns/@zid/records/@rid`.
    ZoneRecordUpdate,
    /// `DELETE /service/@sid/dns/@zid/records/@rid`.
    ZoneRecordDelete,
}

impl Operation {
    /// The largest answer this operation takes. A whole-account list can be large (a
    /// reseller with 100,000 domains answers some 30 MiB): [`MAX_LIST_BODY`]. Any other
    /// answer comes nowhere near [`MAX_BODY`].
    pub const fn body_cap(self) -> usize {
        match self {
            Operation::Domains
            | Operation::Services
            | Operation::Invoices
            | Operation::Tickets
            | Operation::Certificates => MAX_LIST_BODY,
            _ => MAX_BODY,
        }
    }
}

/// Answers above this are refused, lists excepted: no real answer of this API comes near it.
pub const MAX_BODY: usize = 8 * 1024 * 1024;

/// A whole-account list's answers above this are refused.
pub const MAX_LIST_BODY: usize = 256 * 1024 * 1024;

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
    /// A change that moves money or cannot be undone was answered 401, and reading it
    /// again could not tell whether it landed: it was not sent again.
    RefusedAfterSending {
        op: Operation,
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
            | ApiError::RefusedAfterSending { op } => *op,
        }
    }

    /// The class a script cares about (see the CLI exit codes).
    pub fn kind(&self) -> ErrorKind {
        match self {
            ApiError::Auth { .. } => ErrorKind::Auth,
            ApiError::Portal { .. } | ApiError::TargetChanged { .. } => ErrorKind::Portal,
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
