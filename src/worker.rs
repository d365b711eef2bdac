//! The background worker: owns one portal client (and with it the session) per profile,
//! runs each request as its own task so a slow portal never blocks the others or the UI, and
//! sends every answer back tagged with its request id. Cancelling aborts the task.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::{AbortHandle, JoinSet};

use crate::api::{ApiError, ClientSettings, Language, Operation, PortalClient, retry};
use crate::app::{Command, Outcome, ProfileId, Request, RequestId, Response};

#[derive(Debug)]
pub enum Job {
    Run { id: RequestId, profile: ProfileId, request: Request },
    Cancel(RequestId),
    Language { profile: ProfileId, language: Language },
}

/// The worker's part of a command; the rest (copy, quit) is the event loop's.
pub fn job(command: Command) -> Result<Job, Box<Command>> {
    match command {
        Command::Send { id, profile, request } => Ok(Job::Run { id, profile, request }),
        Command::Cancel(id) => Ok(Job::Cancel(id)),
        Command::Language { profile, language } => Ok(Job::Language { profile, language }),
        other => Err(Box::new(other)),
    }
}

/// Starts the worker on the current runtime; it stops when the job sender is dropped.
pub fn spawn(answers: mpsc::UnboundedSender<Response>) -> mpsc::UnboundedSender<Job> {
    let (jobs, inbox) = mpsc::unbounded_channel();
    tokio::spawn(run(inbox, answers));
    jobs
}

/// The running tasks, by request, with the profile each belongs to.
#[derive(Default)]
struct Running {
    tasks: JoinSet<Response>,
    handles: HashMap<RequestId, (ProfileId, AbortHandle)>,
}

impl Running {
    fn spawn(&mut self, id: RequestId, profile: ProfileId, task: impl Future<Output = Response> + Send + 'static) {
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
            if *p == profile {
                handle.abort();
            }
            *p != profile
        });
    }
}

async fn run(mut inbox: mpsc::UnboundedReceiver<Job>, answers: mpsc::UnboundedSender<Response>) {
    let mut clients: HashMap<ProfileId, PortalClient> = HashMap::new();
    let mut running = Running::default();
    // Portal calls in flight at once (watched items are all asked for right after login).
    let calls = Arc::new(Semaphore::new(crate::radar::CONCURRENCY));
    loop {
        tokio::select! {
            job = inbox.recv() => match job {
                None => break,
                Some(Job::Cancel(id)) => running.cancel(id),
                Some(Job::Language { profile, language }) => {
                    if let Some(client) = clients.get(&profile) {
                        client.set_language(language);
                    }
                }
                Some(Job::Run { id, profile, request: Request::Login(settings) }) => {
                    match replace_session(&mut clients, &mut running, profile, *settings) {
                        Ok(client) => running.spawn(id, profile, login(id, client)),
                        Err(e) => {
                            let _ = answers.send(Response::new(id, Outcome::LoggedIn(Err(e)), None));
                        }
                    }
                }
                Some(Job::Run { id, profile, request: Request::Resume(settings) }) => {
                    match replace_session(&mut clients, &mut running, profile, *settings) {
                        Ok(client) => running.spawn(id, profile, resume_session(id, client)),
                        Err(e) => {
                            let _ = answers.send(Response::new(id, Outcome::Resumed(Err(e.to_string())), None));
                        }
                    }
                }
                Some(Job::Run { id, profile, request: Request::Logout }) => {
                    running.cancel_profile(profile);
                    let forgotten = match clients.remove(&profile) {
                        Some(client) => client.forget().map_err(|e| format!("could not delete the remembered session: {e}")),
                        None => Ok(false),
                    };
                    let _ = answers.send(Response::new(id, Outcome::LoggedOut(forgotten), None));
                }
                Some(Job::Run { id, profile, request }) => {
                    let progress = answers.clone();
                    let told = move |notice| {
                        let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                    };
                    let client = clients.get(&profile).cloned();
                    let task = retry::observe(told, perform(id, client, request, calls.clone()));
                    running.spawn(id, profile, task);
                }
            },
            Some(done) = running.tasks.join_next(), if !running.tasks.is_empty() => {
                // Aborted tasks end with a JoinError: nobody waits for them.
                if let Ok(response) = done {
                    running.handles.remove(&response.id);
                    if answers.send(response).is_err() {
                        break;
                    }
                }
            }
        }
    }
}

/// A new client for a profile, replacing the old one; whatever the old session was doing is
/// moot and is cancelled.
fn replace_session(
    clients: &mut HashMap<ProfileId, PortalClient>,
    running: &mut Running,
    profile: ProfileId,
    settings: ClientSettings,
) -> Result<PortalClient, ApiError> {
    running.cancel_profile(profile);
    let client = PortalClient::new(settings)?;
    clients.insert(profile, client.clone());
    Ok(client)
}

async fn login(id: RequestId, client: PortalClient) -> Response {
    let result = async {
        if client.settings().auth == crate::api::AuthMethod::Jwt {
            // The login itself succeeded or failed here; a refusal after it is the
            // portal refusing the session, and says so.
            client.login().await?;
            return client.account().await;
        }
        // With Basic auth this first call is what checks the credentials.
        client.account().await.map_err(|e| match e {
            ApiError::Auth { reason, .. } => ApiError::Auth { op: Operation::Login, reason },
            other => other,
        })
    }
    .await;
    let session = Some(client.session_state().await);
    Response::new(id, Outcome::LoggedIn(result.map(Box::new)), session)
}

/// Takes up a remembered session: nothing stored is `Ok(None)`; a stored session the
/// portal no longer takes is an error with the portal's reason.
async fn resume_session(id: RequestId, client: PortalClient) -> Response {
    let outcome = match client.resume().await {
        Ok(false) => Ok(None),
        Ok(true) => client.account().await.map(|a| Some(Box::new(a))).map_err(|e| e.to_string()),
        Err(reason) => Err(reason),
    };
    let session = Some(client.session_state().await);
    Response::new(id, Outcome::Resumed(outcome), session)
}

async fn perform(id: RequestId, client: Option<PortalClient>, request: Request, calls: Arc<Semaphore>) -> Response {
    if let Request::SaveFile { path, contents } = request {
        let outcome = tokio::task::spawn_blocking(move || save(&path, &contents))
            .await
            .unwrap_or_else(|e| Err(format!("saving failed: {e}")));
        return Response::new(id, Outcome::Saved(outcome), None);
    }
    if let Request::PasswordCommand(command) = request {
        let timeout = crate::settings::PASSWORD_COMMAND_TIMEOUT;
        let outcome = crate::settings::password_from_command(&command, timeout).await.map_err(|e| e.to_string());
        return Response::new(id, Outcome::Password(outcome), None);
    }
    if let Request::SaveWatchlist { path, profile, watch } = request {
        let outcome = tokio::task::spawn_blocking(move || {
            crate::config_write::save_watchlist(&path, &profile, &watch).map(|()| path)
        })
        .await
        .unwrap_or_else(|e| Err(format!("saving failed: {e}")));
        return Response::new(id, Outcome::Saved(outcome), None);
    }
    // Watched items are fetched all at once after login: a few at a time is kinder to the
    // portal and as fast.
    let _permit = calls.acquire().await;
    let Some(client) = client else {
        let err = |op| ApiError::Auth { op, reason: "not logged in".into() };
        let outcome = match request {
            Request::Domain(_) => Outcome::Domain(Err(err(Operation::Domain))),
            Request::Certificate(_) => Outcome::Certificate(Err(err(Operation::Certificate))),
            Request::Upgrade(_) => Outcome::Upgrade(Err(err(Operation::Upgrade))),
            _ => Outcome::Account(Err(err(Operation::Details))),
        };
        return Response::new(id, outcome, None);
    };
    let outcome = match request {
        Request::Account => Outcome::Account(client.account().await.map(Box::new)),
        Request::Domain(name) => Outcome::Domain(client.domain_records(&name).await),
        Request::Certificate(cid) => Outcome::Certificate(client.certificate(cid).await.map(Box::new)),
        Request::Upgrade(sid) => Outcome::Upgrade(client.upgrade_options(sid).await),
        Request::Login(_)
        | Request::Resume(_)
        | Request::Logout
        | Request::PasswordCommand(_)
        | Request::SaveFile { .. }
        | Request::SaveWatchlist { .. } => unreachable!("handled above"),
    };
    Response::new(id, outcome, Some(client.session_state().await))
}

/// Saves a file the user named, atomically (see `atomic_file`).
pub fn save(path: &Path, contents: &str) -> Result<PathBuf, String> {
    crate::atomic_file::write(path, contents.as_bytes(), crate::atomic_file::Mode::KeepExisting)
        .map_err(|e| format!("could not save {}: {e}", path.display()))?;
    Ok(path.to_path_buf())
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
        assert!(err.starts_with("could not save "), "{err}");
    }
}
