//! The portal's User API: the client (`client`, `sign_in`), one table of reads (`reads`),
//! changes by one protocol (`changes`, `change_protocol`), lenient models, exact money,
//! and errors for people.

mod audience;
mod auth;
mod bare_answers;
mod billing;
mod change_protocol;
mod changes;
mod client;
mod decoding;
pub mod dns_ids;
pub mod dns_plan;
pub mod dns_rules;
pub mod dns_source;
pub mod dns_write;
pub mod domain_actions;
mod endpoint;
mod error;
pub mod exchanges;
pub mod lenient;
pub mod models;
mod money;
pub mod rate_limit;
mod reads;
pub mod redact;
pub mod registration;
pub mod retry;
pub mod sanitize;
mod sent_text;
pub mod sessions;
mod sign_in;
mod tickets;
mod transport;
pub mod zone_file;
pub mod zone_write;

pub use audience::{Language, Role};
pub use auth::{AuthMethod, Credentials, Session, jwt_expiry};
pub use billing::{Ended, PayRefusal, Payment, SessionEnd, plan_payment};
pub use change_protocol::{Check, Sent, Shown, Stage};
pub use changes::{Change, ChangeAnswer, ChangeRequest, DnsFields, Resend};
pub use client::{ClientSettings, PortalClient};
pub use dns_source::DnsSource;
pub use endpoint::BaseUrl;
pub use error::{ApiError, BodyKind, ErrorKind, Lost, Operation, Refusal, Result, Said, TlsFailure};
pub use error::{MAX_BODY, MAX_LIST_BODY};
pub use money::Money;
pub(crate) use money::group_thousands;
pub use reads::{Data, Query};
pub use sign_in::SessionState;
pub use tickets::{Message, subject as ticket_subject};

/// Reads a successful answer's body the way every operation does: the portal's error
/// fields and the data, in one pass. (Public for the measurement harness, `examples/perf`.)
pub fn read_answer<T: serde::de::DeserializeOwned>(op: Operation, body: &[u8]) -> Result<T> {
    transport::decode(op, &transport::Reply { status: reqwest::StatusCode::OK, retry_after: None, rate: None, body })
}
