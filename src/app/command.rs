//! What `update` asks the outside world to do, and what comes back.

use std::path::PathBuf;

use crate::api::models::{Account, Certificate, DomainRecord, UpgradeOptions};
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
}

/// A worker's answer, with the session state at the time for the status bar.
#[derive(Debug)]
pub struct Response {
    pub id: RequestId,
    pub outcome: Outcome,
    pub session: Option<SessionState>,
}
