//! What `update` asks the outside world to do, and what comes back.

use std::path::PathBuf;
use std::time::SystemTime;

use crate::api::models::{Account, Certificate, DomainRecord, UpgradeOptions};
use crate::api::retry::RetryNotice;
use crate::api::{ApiError, ClientSettings, SessionState};

/// Ties a result to the request that asked for it, so stale results can be dropped.
pub type RequestId = u64;

/// Work for the background worker.
#[derive(Debug)]
pub enum Request {
    /// Start a session with these settings (replacing any other), then fetch the account.
    Login(Box<ClientSettings>),
    Account,
    Domain(String),
    Certificate(u64),
    Upgrade(u64),
    /// Write a file atomically (temporary file, then rename).
    SaveFile {
        path: PathBuf,
        contents: String,
    },
    /// Write a profile's watchlist back into the configuration file.
    SaveWatchlist {
        path: PathBuf,
        profile: String,
        watch: crate::radar::Watchlist,
    },
}

#[derive(Debug)]
pub enum Command {
    Send {
        id: RequestId,
        request: Request,
    },
    Cancel(RequestId),
    /// Put text on the clipboard of the user's terminal (OSC 52).
    Copy(String),
    Quit,
}

#[derive(Debug)]
pub enum Outcome {
    LoggedIn(Result<Box<Account>, ApiError>),
    Account(Result<Box<Account>, ApiError>),
    Domain(Result<Vec<DomainRecord>, ApiError>),
    Certificate(Result<Box<Certificate>, ApiError>),
    Upgrade(Result<UpgradeOptions, ApiError>),
    Saved(Result<PathBuf, String>),
    /// Not an answer yet: the request is being tried again.
    Retrying(RetryNotice),
}

impl Outcome {
    /// Whether this is a successful answer.
    pub fn is_ok(&self) -> bool {
        match self {
            Outcome::LoggedIn(r) | Outcome::Account(r) => r.is_ok(),
            Outcome::Domain(r) => r.is_ok(),
            Outcome::Certificate(r) => r.is_ok(),
            Outcome::Upgrade(r) => r.is_ok(),
            Outcome::Saved(r) => r.is_ok(),
            Outcome::Retrying(_) => false,
        }
    }
}

/// A worker's answer, with the session state at the time for the status bar.
#[derive(Debug)]
pub struct Response {
    pub id: RequestId,
    pub outcome: Outcome,
    pub session: Option<SessionState>,
    /// When the answer arrived: how old the data on screen is.
    pub at: SystemTime,
}

impl Response {
    pub fn new(id: RequestId, outcome: Outcome, session: Option<SessionState>) -> Response {
        Response { id, outcome, session, at: SystemTime::now() }
    }
}
