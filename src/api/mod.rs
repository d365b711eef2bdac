//! The portal's User API: one async function per operation (see `client`), lenient models,
//! exact money, and errors for people.

mod auth;
mod client;
mod endpoint;
mod error;
pub mod lenient;
pub mod models;
mod money;
pub mod retry;
mod transport;

pub use auth::{AuthMethod, Credentials, Session, jwt_expiry};
pub use client::{ClientSettings, PortalClient, SessionState};
pub use endpoint::{BaseUrl, Language, Role};
pub use error::{ApiError, BodyKind, ErrorKind, Operation, Result};
pub use money::Money;
pub(crate) use money::group_thousands;
pub use transport::MAX_BODY;
