//! The background worker: owns the portal client (and with it the session), runs each
//! request as its own task so a slow portal never blocks the others or the UI, and sends
//! every answer back tagged with its request id. Cancelling aborts the task.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::{AbortHandle, JoinSet};

use crate::api::{ApiError, Operation, PortalClient, retry};
use crate::app::{Outcome, Request, RequestId, Response};

#[derive(Debug)]
pub enum Job {
    Run { id: RequestId, request: Request },
    Cancel(RequestId),
}

/// Starts the worker on the current runtime; it stops when the job sender is dropped.
pub fn spawn(answers: mpsc::UnboundedSender<Response>) -> mpsc::UnboundedSender<Job> {
    let (jobs, inbox) = mpsc::unbounded_channel();
    tokio::spawn(run(inbox, answers));
    jobs
}

async fn run(mut inbox: mpsc::UnboundedReceiver<Job>, answers: mpsc::UnboundedSender<Response>) {
    let mut client: Option<PortalClient> = None;
    let mut tasks: JoinSet<Response> = JoinSet::new();
    let mut running: HashMap<RequestId, AbortHandle> = HashMap::new();
    // Portal calls in flight at once (watched items are all asked for right after login).
    let calls = Arc::new(Semaphore::new(crate::radar::CONCURRENCY));
    loop {
        tokio::select! {
            job = inbox.recv() => match job {
                None => break,
                Some(Job::Cancel(id)) => {
                    if let Some(handle) = running.remove(&id) {
                        handle.abort();
                    }
                }
                Some(Job::Run { id, request: Request::Login(settings) }) => {
                    // A new login replaces the session; whatever the old one was doing is moot.
                    tasks.abort_all();
                    running.clear();
                    match PortalClient::new(*settings) {
                        Ok(c) => {
                            client = Some(c.clone());
                            running.insert(id, tasks.spawn(login(id, c)));
                        }
                        Err(e) => {
                            let _ = answers.send(Response::new(id, Outcome::LoggedIn(Err(e)), None));
                        }
                    }
                }
                Some(Job::Run { id, request }) => {
                    let progress = answers.clone();
                    let told = move |notice| {
                        let _ = progress.send(Response::new(id, Outcome::Retrying(notice), None));
                    };
                    let task = retry::observe(told, perform(id, client.clone(), request, calls.clone()));
                    running.insert(id, tasks.spawn(task));
                }
            },
            Some(done) = tasks.join_next(), if !tasks.is_empty() => {
                // Aborted tasks end with a JoinError: nobody waits for them.
                if let Ok(response) = done {
                    running.remove(&response.id);
                    if answers.send(response).is_err() {
                        break;
                    }
                }
            }
        }
    }
}

async fn login(id: RequestId, client: PortalClient) -> Response {
    let result = async {
        if client.settings().auth == crate::api::AuthMethod::Jwt {
            client.login().await?;
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

async fn perform(id: RequestId, client: Option<PortalClient>, request: Request, calls: Arc<Semaphore>) -> Response {
    if let Request::SaveFile { path, contents } = request {
        let outcome = tokio::task::spawn_blocking(move || save(&path, &contents))
            .await
            .unwrap_or_else(|e| Err(format!("saving failed: {e}")));
        return Response::new(id, Outcome::Saved(outcome), None);
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
        Request::Account | Request::Login(_) => Outcome::Account(client.account().await.map(Box::new)),
        Request::Domain(name) => Outcome::Domain(client.domain_records(&name).await),
        Request::Certificate(cid) => Outcome::Certificate(client.certificate(cid).await.map(Box::new)),
        Request::Upgrade(sid) => Outcome::Upgrade(client.upgrade_options(sid).await),
        Request::SaveFile { .. } | Request::SaveWatchlist { .. } => unreachable!("handled above"),
    };
    Response::new(id, outcome, Some(client.session_state().await))
}

/// Writes atomically: a temporary file in the same directory, then a rename, so a crash
/// never leaves half a file under the chosen name.
pub fn save(path: &Path, contents: &str) -> Result<PathBuf, String> {
    let fail = |e: &dyn std::fmt::Display| format!("could not save {}: {e}", path.display());
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(&dir).map_err(|e| fail(&e))?;
    std::io::Write::write_all(&mut file, contents.as_bytes()).map_err(|e| fail(&e))?;
    file.as_file().sync_all().map_err(|e| fail(&e))?;
    file.persist(path).map_err(|e| fail(&e.error))?;
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
