//! Exit codes scripts can rely on.

use crate::api::{ApiError, ErrorKind};

pub const SUCCESS: u8 = 0;
/// `radar`: something needs attention (expired, expiring soon, autorenew off, pending).
pub const FLAGGED: u8 = 1;
/// Usage or configuration problem.
pub const USAGE: u8 = 2;
/// Authentication failed.
pub const AUTH: u8 = 3;
/// The portal answered with an error (unknown name or id, any `error` body).
pub const PORTAL: u8 = 4;
/// Network, time-out or invalid response.
pub const NETWORK: u8 = 5;
/// A change was answered as done, but the records read again are not as expected: the
/// change is not listed, or records besides it changed meanwhile (another admin; a portal
/// that addresses records by their position).
pub const NOT_AS_EXPECTED: u8 = 6;

pub fn for_error(err: &ApiError) -> u8 {
    match err.kind() {
        ErrorKind::Usage => USAGE,
        ErrorKind::Auth => AUTH,
        ErrorKind::Portal => PORTAL,
        ErrorKind::Network => NETWORK,
    }
}
