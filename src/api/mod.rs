//! The portal's User API: the client (`client`, `sign_in`), one table of reads (`reads`),
//! changes by one protocol (`changes`), lenient models, exact money,
//! and errors for people.

mod audience;
mod bare_answers;
mod billing;
pub mod bills;
pub mod buying;
pub mod cart;
mod changes;
pub(crate) use changes::change_rows;
mod client;
pub mod dns;
pub mod domain_actions;
mod error;
mod estimate;
pub mod http;
pub mod lenient;
pub mod models;
mod money;
pub mod names;
mod operation;
mod post_read;
mod reads;
pub mod sanitize;
pub mod session;
pub mod spending;
mod tickets;

pub use audience::{Language, Role};
pub use billing::{Ended, PayRefusal, Payment, SessionEnd, payment_currency, plan_payment};
pub use changes::{Change, ChangeAnswer, ChangeOutcome, ChangeRequest, DnsFields, Resend, Subject};
pub use changes::{Check, Sent, Shown, Stage, Verdict};
pub use client::{ClientSettings, PortalClient};
pub use dns::source::DnsSource;
pub use error::{ApiError, BodyKind, ErrorKind, Lost, Operation, Refusal, Result, Said, TlsFailure};
pub use estimate::{Estimate, Quantity, UpgradePart, UpgradeRecurring, UpgradeTotals};
pub use http::endpoint::BaseUrl;
pub(crate) use money::group_thousands;
pub use money::{Marks, Money, Unreadable, has_cents, minor_unit};
pub use operation::{MAX_BODY, MAX_LIST_BODY};
pub use reads::{Data, Query};
pub use session::auth::{AuthMethod, Credentials, Session, jwt_expiry};
pub use session::sign_in::{SessionState, sign_in_asked_at};
pub use tickets::{Message, subject as ticket_subject};

/// Reads a successful answer's body the way every operation does: the portal's error
/// fields and the data, in one pass. (Public for the measurement harness, `examples/perf`.)
pub fn read_answer<T: serde::de::DeserializeOwned>(op: Operation, body: &[u8]) -> Result<T> {
    http::transport::decode(
        op,
        &http::transport::Reply { status: reqwest::StatusCode::OK, retry_after: None, rate: None, body },
    )
}
