//! What the dashboard's `update` asks the outside world to do, and what comes back: the
//! protocol between `app` (which decides) and `worker` and `term` (which carry it out).

use std::path::PathBuf;
use std::time::SystemTime;

use crate::api::http::retry::RetryNotice;
use crate::api::models::Account;
use crate::api::{ApiError, ClientSettings, Data, Language, Query, SessionState};

/// Ties a result to the request that asked for it, so stale results can be dropped.
pub type RequestId = u64;

/// Which profile a request belongs to: its place in the profile list.
pub type ProfileId = usize;

/// What `update` asks for. Portal calls and local work carry a request id, and their
/// answer comes back as a [`Response`] with it; the loop carries out `Quit` and the copy
/// (it owns the terminal) and hands everything else to the worker.
#[derive(Debug)]
pub enum Command {
    /// A call to the portal with a profile's session.
    Call {
        id: RequestId,
        profile: ProfileId,
        call: Call,
    },
    /// Work on this machine.
    Local {
        id: RequestId,
        work: Local,
    },
    Cancel(RequestId),
    /// Later calls of a profile's session ask for answers in this language.
    Language {
        profile: ProfileId,
        language: Language,
    },
    Quit,
}

impl Command {
    /// Whether the worker carries this out (everything but quitting and copying).
    pub fn is_for_worker(&self) -> bool {
        !matches!(self, Command::Quit | Command::Local { work: Local::Copy(_), .. })
    }
}

/// A portal call.
#[derive(Debug)]
pub enum Call {
    /// Start a session with these settings (replacing any other), then fetch the account.
    Login(Box<ClientSettings>),
    /// Take up the profile's remembered session, if one is stored, and fetch the account.
    Resume(Box<ClientSettings>),
    /// End the profile's session and delete its remembered session.
    Logout,
    /// Read something with the session (see `PortalClient::fetch`).
    Fetch(Query),
    /// Send a change by the one change protocol (`PortalClient::apply`): checked against
    /// what was `shown`, sent once, and written to the change log when there is one.
    Change { change: crate::api::Change, shown: Option<Box<crate::api::Shown>>, log: Option<ChangeLog> },
    /// Save a file attached to a support ticket to `path`, never over a file already there.
    SaveAttachment { number: String, file: String, path: PathBuf },
    /// Save an issued certificate (`GET /certificate/@id/crt`) to `path`, never over a file.
    SaveCertificate { id: u64, path: PathBuf },
    /// Whether a name can be registered (`POST /domain/lookup`): a read that changes
    /// nothing, so it is neither confirmed nor logged as a change; answered as
    /// `Outcome::LookedUp`.
    Lookup(String),
    /// The portal's estimate of an upgrade of a service to these choices
    /// (`PortalClient::estimate`): a read, never a change; answered as `Outcome::Estimated`.
    Estimate { service_id: u64, resources: std::collections::BTreeMap<String, String> },
    /// The portal's own quote of an order (`POST /quote` with this body, built by
    /// `api::buying::quote_body`): a read, never a change; answered as `Outcome::Quoted`.
    Quote(serde_json::Value),
}

/// Where a change is logged, under which profile's name, and what it changes in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeLog {
    pub log: crate::config::change_log::Log,
    pub profile: String,
    /// `domain example.vn`, `service #2207 VPS Pro`.
    pub subject: String,
    /// Pairs the change's lines in the log (`change_log::Journal::with_id`).
    pub entry: u32,
}

impl ChangeLog {
    /// The change's journal, for its request sent to `portal`.
    pub fn journal(&self, portal: &str, request: &str) -> crate::config::change_log::Journal {
        let log = Some(self.log.clone());
        crate::config::change_log::Journal::with_id(log, &self.profile, portal, &self.subject, request, self.entry)
    }
}

/// Work on this machine.
#[derive(Debug)]
pub enum Local {
    /// Run the profile's `password_command` (its first line of output is the password).
    PasswordCommand(String),
    /// Write a file atomically (temporary file, then rename); `~/` is the home folder. An
    /// existing file is replaced only with `replace`, else the answer asks.
    SaveFile { path: PathBuf, contents: String, replace: bool },
    /// Write a profile's watchlist back into the configuration file.
    SaveWatchlist { path: PathBuf, profile: String, watch: crate::radar::Watchlist },
    /// Put text on the user's clipboard (see `clipboard`).
    Copy(String),
    /// Write what the sign-in form holds as a profile of the configuration file (never the
    /// password: see `config::save_profile`).
    SaveProfile { path: PathBuf, name: String, profile: crate::config::save_profile::SavedProfile },
    /// The change log's third line for a change: what was read after it is not what its
    /// confirmation promised.
    LogReadBack { log: ChangeLog, portal: String, request: String, said: String },
}

/// Where copied text went (the loop copies: it owns the terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    /// Into tmux's paste buffer (and from there to the outer clipboard where tmux may).
    TmuxBuffer,
    /// Sent to the terminal as OSC 52; whether the terminal takes it cannot be known.
    Osc52,
}

/// The account a sign-in brought: its details, or `None` where the portal has no
/// `GET /details` (a DNS-only portal): signed in all the same.
pub type Details = Option<Box<Account>>;

#[derive(Debug)]
pub enum Outcome {
    /// What a login came to, and what its answer said of the portal's rate limit when few
    /// sign-ins remain (`PortalClient::sign_ins_left`).
    LoggedIn(Result<Details, ApiError>, Option<crate::api::http::rate_limit::RateLimit>),
    /// What a `Call::Fetch` read.
    Fetched(Result<Data, ApiError>),
    /// What the portal said of a name a `Call::Lookup` asked about.
    LookedUp(Result<crate::api::models::Availability, ApiError>),
    /// What the portal said of a `Call::Estimate`.
    Estimated(Result<crate::api::Estimate, ApiError>),
    /// What the portal quoted of a `Call::Quote`.
    Quoted(Result<crate::api::models::Quote, ApiError>),
    /// What came of a `Call::Change`.
    Changed(Box<Changed>),
    /// A remembered session taken up: `Ok(None)` when none is stored, `Err` with the reason
    /// when it no longer works.
    Resumed(Result<Option<Details>, String>),
    /// The password from `password_command`, or why there is none.
    Password(Result<secrecy::SecretString, String>),
    /// The session ended; true when a remembered session was deleted with it.
    LoggedOut(Result<bool, String>),
    /// The full path saved to, or why not.
    Saved(Result<PathBuf, String>),
    /// The file exists and `replace` was not given: asks whether to, with what to write.
    WouldReplace {
        path: PathBuf,
        contents: String,
    },
    Copied(Result<Copied, String>),
    /// Not an answer yet: the request is being tried again.
    Retrying(RetryNotice),
    /// Not an answer yet: one HTTP exchange the request made, for the request log.
    Exchanged(crate::api::http::exchanges::Exchange),
}

impl Outcome {
    /// A portal answer saying it does not offer the route (see `ApiError::not_offered`).
    pub fn is_not_offered(&self) -> bool {
        matches!(self, Outcome::Fetched(Err(e)) | Outcome::LookedUp(Err(e)) | Outcome::Estimated(Err(e)) | Outcome::Quoted(Err(e)) if e.not_offered())
    }

    /// Whether this is a successful answer.
    pub fn is_ok(&self) -> bool {
        match self {
            Outcome::LoggedIn(r, _) => r.is_ok(),
            Outcome::Fetched(r) => r.is_ok(),
            Outcome::LookedUp(r) => r.is_ok(),
            Outcome::Estimated(r) => r.is_ok(),
            Outcome::Quoted(r) => r.is_ok(),
            Outcome::Changed(changed) => changed.result.is_ok(),
            Outcome::Saved(r) => r.is_ok(),
            Outcome::WouldReplace { .. } => true,
            Outcome::Password(r) => r.is_ok(),
            Outcome::Resumed(r) => r.as_ref().is_ok_and(Option::is_some),
            Outcome::LoggedOut(r) => r.is_ok(),
            Outcome::Copied(r) => r.is_ok(),
            Outcome::Retrying(_) | Outcome::Exchanged(_) => false,
        }
    }
}

/// What came of a change the worker sent.
#[derive(Debug)]
pub struct Changed {
    pub result: Result<crate::api::ChangeAnswer, ApiError>,
    /// Whether its request left: only then may a lost answer mean it was applied.
    pub sent: bool,
    /// Why the change log could not be written, if it could not.
    pub unlogged: Option<String>,
    /// For a DNS change, the records read again, compared.
    pub check: Option<Box<crate::api::Check>>,
    /// Answered done, but the reads after it show no sign of it (`Sent::done_without_sign`):
    /// what it touched, to look at.
    pub no_sign: Option<Vec<crate::api::Operation>>,
}

impl Changed {
    /// How it ended (`api::ChangeOutcome`, the one classification of every face).
    pub fn outcome(&self) -> crate::api::ChangeOutcome {
        crate::api::ChangeOutcome::of(self.sent, &self.result)
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
