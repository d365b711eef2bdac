//! What `update` asks the outside world to do, and what comes back.

use std::path::PathBuf;
use std::time::SystemTime;

use crate::api::models::{Account, Certificate, DomainRecord, UpgradeOptions};
use crate::api::retry::RetryNotice;
use crate::api::{ApiError, ClientSettings, Language, SessionState};
use crate::app::ProfileId;

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
    /// Take up the profile's remembered session, if one is stored, and fetch the account.
    Resume(Box<ClientSettings>),
    /// Run the profile's `password_command` (its first line of output is the password).
    PasswordCommand(String),
    /// End the profile's session and delete its remembered session.
    Logout,
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
        /// The profile whose session the request uses.
        profile: ProfileId,
        request: Request,
    },
    Cancel(RequestId),
    /// Later calls of a profile's session ask for answers in this language.
    Language {
        profile: ProfileId,
        language: Language,
    },
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
    /// A remembered session taken up: `Ok(None)` when none is stored, `Err` with the reason
    /// when it no longer works.
    Resumed(Result<Option<Box<Account>>, String>),
    /// The password from `password_command`, or why there is none.
    Password(Result<secrecy::SecretString, String>),
    /// The session ended; true when a remembered session was deleted with it.
    LoggedOut(Result<bool, String>),
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
            Outcome::Password(r) => r.is_ok(),
            Outcome::Resumed(r) => r.as_ref().is_ok_and(Option::is_some),
            Outcome::LoggedOut(r) => r.is_ok(),
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
