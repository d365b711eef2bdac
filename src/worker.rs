//! The background worker: owns one portal client (and with it the session) per profile,
//! runs each request as its own task so a slow portal never blocks the others or the UI, and
//! sends every answer back tagged with its request id. Cancelling aborts the task.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::{AbortHandle, JoinSet};

use crate::api::http::retry;
use crate::api::{ApiError, ClientSettings, Operation, PortalClient, Query};
use crate::command::{Call, ChangeLog, Changed, Command, Local, Outcome, ProfileId, RequestId, Response};

/// Starts the worker on the current runtime; it stops when the command sender is dropped.
/// It takes the commands for which `Command::is_for_worker` holds.
pub fn spawn(answers: mpsc::UnboundedSender<Response>) -> mpsc::UnboundedSender<Command> {
    let (commands, inbox) = mpsc::unbounded_channel();
    tokio::spawn(run(inbox, answers));
    commands
}

/// The running tasks, by request, with the profile each belongs to (none for local work).
#[derive(Default)]
struct Running {
    tasks: JoinSet<Response>,
    handles: HashMap<RequestId, (Option<ProfileId>, AbortHandle)>,
}

impl Running {
    fn spawn(
        &mut self,
        id: RequestId,
        profile: Option<ProfileId>,
        task: impl Future<Output = Response> + Send + 'static,
    ) {
        let handle = self.tasks.spawn(task);
        self.handles.insert(id, (profile, handle));
    }

    fn cancel(&mut self, id: RequestId) {
        if let Some((_, handle)) = self.handles.remove(&id) {
            handle.abort();
        }
    }

    /// Aborts everything a profile's old session was doing.
    fn cancel_profile(&mut self, profile: ProfileId) {
        self.handles.retain(|_, (p, handle)| {
            let of_profile = *p == Some(profile);
            if of_profile {
                handle.abort();
            }
            !of_profile
        });
    }
}

struct Worker {
    clients: HashMap<ProfileId, PortalClient>,
    running: Running,
    answers: mpsc::UnboundedSender<Response>,
    /// Portal calls in flight at once (watched items are all asked for right after login).
    calls: Arc<Semaphore>,
}

async fn run(mut inbox: mpsc::UnboundedReceiver<Command>, answers: mpsc::UnboundedSender<Response>) {
    let calls = Arc::new(Semaphore::new(crate::radar::CONCURRENCY));
    let mut worker = Worker { clients: HashMap::new(), running: Running::default(), answers, calls };
    loop {
        tokio::select! {
            command = inbox.recv() => match command {
                None => break,
                Some(command) => worker.take(command),
            },
            Some(done) = worker.running.tasks.join_next(), if !worker.running.tasks.is_empty() => {
                // Aborted tasks end with a JoinError: nobody waits for them.
                if let Ok(response) = done {
                    worker.running.handles.remove(&response.id);
                    if worker.answers.send(response).is_err() {
                        break;
                    }
                }
            }
        }
    }
}

impl Worker {
    fn answer(&self, id: RequestId, outcome: Outcome) {
        let _ = self.answers.send(Response::new(id, outcome, None));
    }

    fn take(&mut self, command: Command) {
        match command {
            Command::Call { id, profile, call } => self.call(id, profile, call),
            Command::Local { id, work: Local::PasswordCommand(command) } => {
                self.running.spawn(id, None, password(id, command));
            }
            Command::Local { id, work: Local::SaveFile { path, contents, replace } } => {
                self.running.spawn(id, None, save_file(id, path, contents, replace));
            }
            Command::Local { id, work: Local::SaveWatchlist { path, profile, watch } } => {
                self.running.spawn(id, None, save_watchlist(id, path, profile, watch));
            }
            Command::Local { id, work: Local::SaveProfile { path, name, profile } } => {
                let saved = move || crate::config::save_profile::save_profile(&path, &name, &profile).map(|()| path);
                self.running.spawn(
                    id,
                    None,
                    async move { Response::new(id, Outcome::Saved(blocking(saved).await), None) },
                );
            }
            // One short line appended, as the change's own lines are: no answer awaited.
            Command::Local { work: Local::LogReadBack { log, portal, request, said }, .. } => {
                if let Err(e) = log.journal(&portal, &request).read_back(&said) {
                    tracing::warn!(error = %e, "could not write the change log");
                }
            }
            Command::Cancel(id) => self.running.cancel(id),
            Command::Language { profile, language } => {
                if let Some(client) = self.clients.get(&profile) {
                    client.set_language(language);
                }
            }
            // The loop carries these out itself (`Command::is_for_worker`): it owns the
            // terminal a copy goes to, and quitting ends it. None is sent here.
            Command::Quit | Command::Local { work: Local::Copy(_), .. } => {}
        }
    }

    fn call(&mut self, id: RequestId, profile: ProfileId, call: Call) {
        match call {
            Call::Login(settings) => match self.replace_session(profile, *settings) {
                Ok(client) => self.running.spawn(id, Some(profile), self.logged(id, login(id, client))),
                Err(e) => self.answer(id, Outcome::LoggedIn(Err(e), None)),
            },
            Call::Resume(settings) => match self.replace_session(profile, *settings) {
                Ok(client) => self.running.spawn(id, Some(profile), self.logged(id, resume_session(id, client))),
                Err(e) => self.answer(id, Outcome::Resumed(Err(e.to_string()))),
            },
            Call::Logout => {
                self.running.cancel_profile(profile);
                match self.clients.remove(&profile) {
                    // Not the profile's task: signing in again must not cancel the sign-out.
                    Some(client) => self.running.spawn(id, None, self.logged(id, logout(id, client))),
                    None => self.answer(id, Outcome::LoggedOut(Ok(false))),
                }
            }
            Call::Fetch(query) => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let not_signed_in =
                        ApiError::Auth { op: query.operation(), reason: crate::api::Refusal::NotSignedIn };
                    return self.answer(id, Outcome::Fetched(Err(not_signed_in)));
                };
                let progress = self.answers.clone();
                let told = move |notice| {
                    let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                };
                let task = retry::observe(told, fetch(id, client, query, self.calls.clone()));
                self.running.spawn(id, Some(profile), self.logged(id, task));
            }
            Call::Change { change, shown, log } => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let not_signed_in =
                        ApiError::Auth { op: change.operation(), reason: crate::api::Refusal::NotSignedIn };
                    let changed =
                        Changed { result: Err(not_signed_in), sent: false, unlogged: None, check: None, no_sign: None };
                    return self.answer(id, Outcome::Changed(Box::new(changed)));
                };
                self.running.spawn(id, Some(profile), self.logged(id, send_change(id, client, change, shown, log)));
            }
            Call::Estimate { service_id, resources } => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let reason = crate::api::Refusal::NotSignedIn;
                    let not_signed_in = ApiError::Auth { op: Operation::UpgradeEstimate, reason };
                    return self.answer(id, Outcome::Estimated(Err(not_signed_in)));
                };
                let progress = self.answers.clone();
                let told = move |notice| {
                    let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                };
                let task = retry::observe(told, estimate(id, client, service_id, resources));
                self.running.spawn(id, Some(profile), self.logged(id, task));
            }
            Call::Quote(body) => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let reason = crate::api::Refusal::NotSignedIn;
                    let not_signed_in = ApiError::Auth { op: Operation::Quote, reason };
                    return self.answer(id, Outcome::Quoted(Err(not_signed_in)));
                };
                let progress = self.answers.clone();
                let told = move |notice| {
                    let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                };
                let task = retry::observe(told, quote(id, client, body));
                self.running.spawn(id, Some(profile), self.logged(id, task));
            }
            Call::Lookup(name) => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let reason = crate::api::Refusal::NotSignedIn;
                    let not_signed_in = ApiError::Auth { op: Operation::DomainLookup, reason };
                    return self.answer(id, Outcome::LookedUp(Err(not_signed_in)));
                };
                let progress = self.answers.clone();
                let told = move |notice| {
                    let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                };
                let task = retry::observe(told, look_up(id, client, name));
                self.running.spawn(id, Some(profile), self.logged(id, task));
            }
            Call::SaveAttachment { number, file, path } => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let reason = crate::api::Refusal::NotSignedIn;
                    let not_signed_in = ApiError::Auth { op: Operation::TicketAttachment, reason };
                    return self.answer(id, Outcome::Saved(Err(not_signed_in.to_string())));
                };
                self.running.spawn(id, Some(profile), self.logged(id, save_attachment(id, client, number, file, path)));
            }
            Call::SaveCertificate { id: cert, path } => {
                let Some(client) = self.clients.get(&profile).cloned() else {
                    let reason = crate::api::Refusal::NotSignedIn;
                    let not_signed_in = ApiError::Auth { op: Operation::CertificateCrt, reason };
                    return self.answer(id, Outcome::Saved(Err(not_signed_in.to_string())));
                };
                self.running.spawn(id, Some(profile), self.logged(id, save_certificate(id, client, cert, path)));
            }
        }
    }

    /// `task` with each HTTP exchange it makes sent back for the request log.
    fn logged<F: Future<Output = Response> + Send + 'static>(
        &self,
        id: RequestId,
        task: F,
    ) -> impl Future<Output = Response> + Send + 'static {
        let answers = self.answers.clone();
        let listener = move |exchange| {
            let _ = answers.send(Response::new(id, Outcome::Exchanged(exchange), None));
        };
        crate::api::http::exchanges::observe(listener, task)
    }

    /// A new client for a profile, replacing the old one; whatever the old session was doing
    /// is moot and is cancelled.
    fn replace_session(&mut self, profile: ProfileId, settings: ClientSettings) -> Result<PortalClient, ApiError> {
        self.running.cancel_profile(profile);
        let client = PortalClient::new(settings)?;
        self.clients.insert(profile, client.clone());
        Ok(client)
    }
}

async fn login(id: RequestId, client: PortalClient) -> Response {
    let result = async {
        if client.settings().auth == crate::api::AuthMethod::Jwt {
            // The login itself succeeded or failed here; a refusal after it is the
            // portal refusing the session, and says so.
            client.login().await?;
            return details(client.account().await);
        }
        // With Basic auth this first call is what checks the credentials (a refusal is a
        // 401; a portal without the route refused nothing).
        details(client.account().await).map_err(|e| e.auth_as(Operation::Login))
    }
    .await;
    let session = Some(client.session_state().await);
    Response::new(id, Outcome::LoggedIn(result, client.sign_ins_left()), session)
}

/// The account's details, or none where the portal does not offer them (`GET /details`
/// answered `invalid method` or 404): the sign-in stands, and the dashboard opens with what
/// the portal does offer.
fn details(read: crate::api::Result<crate::api::models::Account>) -> crate::api::Result<crate::command::Details> {
    match read {
        Ok(account) => Ok(Some(Box::new(account))),
        Err(e) if e.not_offered() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Takes up a remembered session: nothing stored is `Ok(None)`; a stored session the
/// portal no longer takes is an error with the portal's reason.
async fn resume_session(id: RequestId, client: PortalClient) -> Response {
    let outcome = match client.resume().await {
        Ok(false) => Ok(None),
        Ok(true) => details(client.account().await).map(Some).map_err(|e| e.to_string()),
        Err(reason) => Err(reason),
    };
    let session = Some(client.session_state().await);
    Response::new(id, Outcome::Resumed(outcome), session)
}

async fn fetch(id: RequestId, client: PortalClient, query: Query, calls: Arc<Semaphore>) -> Response {
    // Watched items are fetched all at once after login: a few at a time is kinder to the
    // portal and as fast. The account's lists and the balance (one call each) do not wait
    // behind them: they belong to the same first round.
    let watched = matches!(query, Query::Domain(_) | Query::Certificate(_) | Query::Upgrade(_));
    let _permit = if watched { Some(calls.acquire().await) } else { None };
    let outcome = Outcome::Fetched(client.fetch(&query).await);
    Response::new(id, outcome, Some(client.session_state().await))
}

/// Asks whether `name` can be registered (a read: retried as one, never confirmed).
async fn look_up(id: RequestId, client: PortalClient, name: String) -> Response {
    let outcome = Outcome::LookedUp(client.lookup(&name).await);
    Response::new(id, outcome, Some(client.session_state().await))
}

/// The portal's estimate of an upgrade (a read: retried as one, never confirmed).
async fn estimate(
    id: RequestId,
    client: PortalClient,
    service_id: u64,
    resources: std::collections::BTreeMap<String, String>,
) -> Response {
    let outcome = Outcome::Estimated(client.estimate(service_id, &resources).await);
    Response::new(id, outcome, Some(client.session_state().await))
}

/// The portal's own quote of an order (a read: retried as one, never confirmed).
async fn quote(id: RequestId, client: PortalClient, body: serde_json::Value) -> Response {
    let outcome = Outcome::Quoted(client.quote(&body).await.map(|(quote, _)| quote));
    Response::new(id, outcome, Some(client.session_state().await))
}

/// Sends a change by the one change protocol and logs the attempt with what came of it.
async fn send_change(
    id: RequestId,
    client: PortalClient,
    change: crate::api::Change,
    shown: Option<Box<crate::api::Shown>>,
    log: Option<ChangeLog>,
) -> Response {
    let journal = log.map(|log| log.journal(client.host(), &change.describe()));
    let mut unlogged = None;
    // One short line appended each time: not worth a thread of its own.
    let hear = |_: &crate::api::ChangeRequest, stage: crate::api::Stage<'_>| {
        let Some(journal) = &journal else { return };
        if let Err(e) = journal.hear(stage) {
            tracing::warn!(error = %e, "could not write the change log");
            unlogged.get_or_insert(e.to_string());
        }
    };
    let sent = client.apply(&change, shown.as_deref(), hear).await;
    let no_sign = sent.done_without_sign().then(|| change.looked_at());
    let changed = Changed { result: sent.result, sent: sent.sent, unlogged, check: sent.check.map(Box::new), no_sign };
    Response::new(id, Outcome::Changed(Box::new(changed)), Some(client.session_state().await))
}

/// Signs out at the portal (`PortalClient::end_session`: the refresh token revoked, the
/// access token ended, once each), then forgets the remembered session. The local session
/// ends whatever the portal says: a portal that could not be reached is logged, not shown.
async fn logout(id: RequestId, client: PortalClient) -> Response {
    match client.end_session().await {
        Ok(ended) => tracing::debug!(?ended, "signed out at the portal"),
        Err(e) => tracing::warn!(error = %e, "could not sign out at the portal; the local session ends"),
    }
    let forgotten = client.forget().map_err(|e| format!("could not delete the remembered session: {e}"));
    Response::new(id, Outcome::LoggedOut(forgotten), None)
}

async fn password(id: RequestId, command: String) -> Response {
    let timeout = crate::config::settings::PASSWORD_COMMAND_TIMEOUT;
    let password = crate::config::settings::password_from_command(&command, timeout).await;
    Response::new(id, Outcome::Password(password.map_err(|e| e.to_string())), None)
}

/// Saves a file the user named; one that exists is replaced only when asked to.
async fn save_file(id: RequestId, path: PathBuf, contents: String, replace: bool) -> Response {
    let path = expand_home(&path);
    let outcome = match std::fs::symlink_metadata(&path) {
        Ok(_) if !replace => Outcome::WouldReplace { path, contents },
        _ => Outcome::Saved(blocking(move || save(&path, &contents)).await),
    };
    Response::new(id, outcome, None)
}

/// Downloads a ticket's attachment and writes it where the user said, never over a file
/// that is there (a new name is asked for instead).
async fn save_attachment(id: RequestId, client: PortalClient, number: String, file: String, path: PathBuf) -> Response {
    let path = expand_home(&path);
    let saved = match client.ticket_attachment(&number, &file).await {
        Ok(bytes) => blocking(move || write_new_file(path, &bytes, None)).await,
        Err(e) => Err(crate::i18n::api_error(&e, client.language())),
    };
    Response::new(id, Outcome::Saved(saved), Some(client.session_state().await))
}

/// Downloads an issued certificate (its PEM) and writes it where the user said, never over
/// a file that is there: one that is there already is said before anything is downloaded.
async fn save_certificate(id: RequestId, client: PortalClient, cert: u64, path: PathBuf) -> Response {
    let path = expand_home(&path);
    let language = client.language();
    let full = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
    let exists = crate::i18n::Text::FileExistsKept.fill(language, &[("path", &full.display())]);
    let saved = match std::fs::symlink_metadata(&path) {
        Ok(_) => Err(exists),
        Err(_) => match client.certificate_crt(cert).await {
            Ok(pem) => blocking(move || write_new_file(path, pem.as_bytes(), Some(exists))).await,
            Err(e) => Err(crate::i18n::api_error(&e, language)),
        },
    };
    Response::new(id, Outcome::Saved(saved), Some(client.session_state().await))
}

/// Writes `bytes` to a new file at `path`, never over one there (`exists` says so, when
/// given); answers its full path.
fn write_new_file(path: PathBuf, bytes: &[u8], exists: Option<String>) -> Result<PathBuf, String> {
    let full = std::path::absolute(&path).unwrap_or(path);
    crate::system::atomic_file::write_new(&full, bytes).map(|()| full.clone()).map_err(|e| match exists {
        Some(said) if e.kind() == std::io::ErrorKind::AlreadyExists => said,
        _ => format!("could not save {}: {}", full.display(), e.kind()),
    })
}

/// Writes a profile's watchlist back into the configuration file.
async fn save_watchlist(id: RequestId, path: PathBuf, profile: String, watch: crate::radar::Watchlist) -> Response {
    let saved = move || crate::config::write::save_watchlist(&path, &profile, &watch).map(|()| path);
    Response::new(id, Outcome::Saved(blocking(saved).await), None)
}

/// Runs file work off the async threads.
async fn blocking(f: impl FnOnce() -> Result<PathBuf, String> + Send + 'static) -> Result<PathBuf, String> {
    tokio::task::spawn_blocking(f).await.unwrap_or_else(|e| Err(format!("saving failed: {e}")))
}

/// `~/x` as `$HOME/x`; any other path as typed.
fn expand_home(path: &Path) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    match path.strip_prefix("~") {
        Ok(rest) => home().map_or_else(|| path.to_path_buf(), |home| home.join(rest)),
        Err(_) => path.to_path_buf(),
    }
}

/// Saves a file the user named, atomically (see `atomic_file`); answers its full path.
pub fn save(path: &Path, contents: &str) -> Result<PathBuf, String> {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let fail = |why: String| format!("could not save {}: {why}", full.display());
    let folder = full.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(fail(format!("the folder {} does not exist", folder.display())));
    }
    crate::system::atomic_file::write(&full, contents.as_bytes(), crate::system::atomic_file::Mode::KeepExisting)
        .map_err(|e| fail(e.kind().to_string()))?;
    Ok(full)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_atomically_and_reports_bad_paths() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("example.vn.csr");
        save(&path, "-----BEGIN-----\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "-----BEGIN-----\n");
        let err = save(&dir.path().join("missing/dir/x.csr"), "x").unwrap_err();
        let missing = dir.path().join("missing/dir");
        assert!(err.ends_with(&format!("the folder {} does not exist", missing.display())), "{err}");
        assert!(!err.contains(".portal-tui"), "no temporary file's name: {err}");
        assert!(save(Path::new("relative.csr"), "x").is_ok_and(|p| p.is_absolute()), "the full path is answered");
        let _ = std::fs::remove_file("relative.csr");
        let home = expand_home(Path::new("~/x.csr"));
        assert!(home.is_absolute() && home.ends_with("x.csr") && !home.starts_with("~"), "{}", home.display());
    }
}
