//! Signing in and keeping the session: `POST /login`, `POST /token`, renewal before the
//! token expires and after a 401, and the remembered session (`sessions`) taken up, kept
//! and forgotten.

use std::time::SystemTime;

use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use crate::api::client::{PortalClient, sensitive};
use crate::api::error::{ApiError, Operation, Refusal, Result};
use crate::api::http::transport;
use crate::api::session::auth::{AuthMethod, Session};
use crate::api::session::store::SessionFile;

/// What the status bar shows about the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionState {
    Basic,
    LoggedOut,
    Token { expires_at: Option<SystemTime> },
}

#[derive(Deserialize)]
struct TokenAnswer {
    #[serde(default, deserialize_with = "crate::api::lenient::opt_text")]
    token: Option<String>,
    #[serde(default, alias = "refresh_token", deserialize_with = "crate::api::lenient::opt_text")]
    refresh: Option<String>,
}

impl PortalClient {
    pub async fn session_state(&self) -> SessionState {
        match self.settings().auth {
            AuthMethod::Basic => SessionState::Basic,
            AuthMethod::Jwt => match &*self.inner().session.lock().await {
                Some(s) => SessionState::Token { expires_at: s.expires_at },
                None => SessionState::LoggedOut,
            },
        }
    }

    /// `POST /login`: starts a JWT session. With Basic auth there is no login step, so the
    /// credentials are checked with an account-details call instead.
    pub async fn login(&self) -> Result<SessionState> {
        self.sign_in().await.map_err(|e| self.redact_error(e))
    }

    async fn sign_in(&self) -> Result<SessionState> {
        match self.settings().auth {
            AuthMethod::Basic => {
                self.account().await.map_err(|e| e.auth_as(Operation::Login))?;
            }
            AuthMethod::Jwt => {
                let session = self.request_login().await?;
                *self.inner().session.lock().await = Some(session);
            }
        }
        Ok(self.session_state().await)
    }

    /// What the last login's answer said of the portal's rate limit, when so few sign-ins
    /// remain that whoever signs in should hear of it (`rate_limit::LOW`).
    pub fn sign_ins_left(&self) -> Option<crate::api::http::rate_limit::RateLimit> {
        let said = *self.inner().sign_ins.lock().unwrap_or_else(|e| e.into_inner());
        said.filter(crate::api::http::rate_limit::RateLimit::is_low)
    }

    /// `POST /token`: renews the JWT with the refresh token (or logs in again without one).
    pub async fn refresh(&self) -> Result<SessionState> {
        let mut guard = self.inner().session.lock().await;
        let renewed = match guard.take() {
            Some(old) => self.renew(old).await,
            None => self.request_login().await,
        }
        .map_err(|e| self.redact_error(e))?;
        *guard = Some(renewed);
        drop(guard);
        Ok(self.session_state().await)
    }

    /// Takes up the remembered session, if there is one; true when there was.
    pub async fn resume(&self) -> std::result::Result<bool, String> {
        let Some(file) = self.remembered() else { return Ok(false) };
        match file.load()? {
            Some(session) => {
                self.hold(&session);
                *self.inner().session.lock().await = Some(session);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Forgets the remembered session (the file), keeping this run's session.
    pub fn forget(&self) -> std::io::Result<bool> {
        match &self.settings().remember {
            Some(file) => file.delete(),
            None => Ok(false),
        }
    }

    fn remembered(&self) -> Option<&SessionFile> {
        self.settings().remember.as_ref().filter(|_| self.settings().auth == AuthMethod::Jwt)
    }

    /// Keeps a new session on disk when asked to; a failure is logged, not fatal.
    fn keep(&self, session: &Session) {
        if let Some(file) = self.remembered()
            && let Err(e) = file.save(session)
        {
            tracing::warn!(path = %file.path.display(), error = %e, "could not remember the session");
        }
    }

    /// The header for the next call and, with JWT, the token it carries.
    pub(crate) async fn authorization(&self) -> Result<(SecretString, Option<SecretString>)> {
        if self.settings().auth == AuthMethod::Basic {
            return Ok((self.settings().credentials.basic_header(), None));
        }
        let mut guard = self.inner().session.lock().await;
        let session = match guard.take() {
            Some(s) if !s.needs_renewal(SystemTime::now()) => s,
            other => self.renew_shared(other, None).await?,
        };
        let header = session.bearer_header();
        let token = session.token.clone();
        *guard = Some(session);
        Ok((header, Some(token)))
    }

    /// After a 401: renew unless another call already did. The token refused is dropped:
    /// never taken up again, from memory or from the remembered session.
    pub(crate) async fn recover(&self, used: &SecretString) -> Result<()> {
        let mut guard = self.inner().session.lock().await;
        let renewed = match guard.take() {
            Some(s) if s.token.expose_secret() != used.expose_secret() => s,
            other => self.renew_shared(other, Some(used)).await?,
        };
        *guard = Some(renewed);
        Ok(())
    }

    /// A new session in place of `current` (none, about to expire, or `refused` by the
    /// portal). With a remembered session, one run at a time renews it (the lock beside
    /// its file): the others wait, then take up what it kept, so runs started together sign
    /// in or refresh once between them.
    async fn renew_shared(&self, current: Option<Session>, refused: Option<&SecretString>) -> Result<Session> {
        let Some(file) = self.remembered() else { return self.renew_or_login(current).await };
        let _lock = file
            .lock()
            .await
            .inspect_err(|e| tracing::warn!(path = %file.lock_path().display(), error = %e, "could not lock the remembered session"))
            .ok();
        // Read again under the lock: another run may have renewed it while this one waited.
        let stored = file.load().unwrap_or_else(|e| {
            tracing::debug!(error = %e, "the remembered session is not taken up");
            None
        });
        let is = |s: &Session, token: Option<&SecretString>| {
            token.is_some_and(|t| t.expose_secret() == s.token.expose_secret())
        };
        let base = match stored {
            Some(s)
                if !is(&s, refused)
                    && !is(&s, current.as_ref().map(|c| &c.token))
                    && !s.needs_renewal(SystemTime::now()) =>
            {
                tracing::debug!("taking up the session another run renewed");
                self.hold(&s);
                return Ok(s);
            }
            // The newest known: its refresh token is the one the portal still takes.
            Some(s) => Some(s),
            None => current,
        };
        self.renew_or_login(base).await
    }

    /// Refreshes `current`, or logs in without one.
    async fn renew_or_login(&self, current: Option<Session>) -> Result<Session> {
        match current {
            Some(s) => self.renew(s).await,
            None => self.request_login().await,
        }
    }

    /// Refresh with the refresh token; when that is refused or absent, log in again.
    async fn renew(&self, old: Session) -> Result<Session> {
        if let Some(refresh) = &old.refresh {
            match self.request_refresh(&old, refresh).await {
                Ok(session) => return Ok(session),
                Err(e) => tracing::debug!(error = %self.redact_error(e), "token refresh failed; logging in again"),
            }
        }
        self.request_login().await
    }

    async fn request_login(&self) -> Result<Session> {
        let op = Operation::Login;
        let creds = &self.settings().credentials;
        if creds.password.expose_secret().is_empty() {
            // A resumed session without a password: only the person can log in again.
            let _ = self.forget();
            return Err(ApiError::Auth { op, reason: Refusal::SessionExpired });
        }
        let body = serde_json::json!({ "username": creds.username, "password": creds.password.expose_secret() });
        let reply = self.send(op, self.request(Method::POST, self.url(op, &["login"])?).json(&body)).await?;
        *self.inner().sign_ins.lock().unwrap_or_else(|e| e.into_inner()) = reply.rate;
        let answer: TokenAnswer = transport::decode(op, &reply).map_err(|e| match e {
            ApiError::Auth { op, reason } if reply.status == reqwest::StatusCode::UNAUTHORIZED => {
                ApiError::Auth { op, reason: Refusal::CheckCredentials(Box::new(reason)) }
            }
            other => other,
        })?;
        let session = session_from(op, answer, None)?;
        self.hold(&session);
        self.keep(&session);
        Ok(session)
    }

    async fn request_refresh(&self, old: &Session, refresh: &SecretString) -> Result<Session> {
        let op = Operation::Refresh;
        let body = serde_json::json!({ "refresh_token": refresh.expose_secret() });
        let request = self
            .request(Method::POST, self.url(op, &["token"])?)
            .header(AUTHORIZATION, sensitive(&old.bearer_header()))
            .json(&body);
        let answer: TokenAnswer = transport::decode(op, &self.send(op, request).await?)?;
        let session = session_from(op, answer, Some(refresh.clone()))?;
        self.hold(&session);
        self.keep(&session);
        Ok(session)
    }
}

/// Builds a session; a portal that sends no new refresh token keeps the old one valid.
fn session_from(op: Operation, answer: TokenAnswer, old_refresh: Option<SecretString>) -> Result<Session> {
    let token = answer
        .token
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::UnexpectedShape { op, detail: "no token in the answer".into() })?;
    let refresh = answer.refresh.filter(|r| !r.is_empty()).map(SecretString::from).or(old_refresh);
    Ok(Session::new(SecretString::from(token), refresh))
}

/// Where a sign-in was asked (`POST /login` under `base`), when what failed it is no
/// refusal of the e-mail and password by the portal itself (`wronglogin`, or its own
/// words): a bare 401 or one saying only `unauthorized`, a 404, or the portal saying it has
/// no such route. A base URL that does not lead to the
/// portal (`…/api` on a portal answering at the root) fails just so, and then the address
/// is what to check first; `None` for every other failure.
pub fn sign_in_asked_at(error: &ApiError, base: &crate::api::BaseUrl) -> Option<String> {
    use crate::api::error::Said;
    // `wronglogin`, or the portal's own words; not the `unauthorized` any route says
    // without a session, nor a bare 401.
    let refused_by_portal = |reason: &Refusal| matches!(reason, Refusal::Said(said) if said.iter().any(|s| matches!(s, Said::WrongLogin | Said::Words(_))));
    let elsewhere = match error {
        ApiError::Auth { op: Operation::Login, reason: Refusal::CheckCredentials(inner) } => !refused_by_portal(inner),
        ApiError::Status { op: Operation::Login, status, .. } => status.starts_with("404") || status.starts_with("401"),
        ApiError::Portal { op: Operation::Login, said } => said.contains(&Said::InvalidMethod),
        _ => false,
    };
    elsewhere.then(|| base.join(&["login"]).map_or_else(|_| base.to_string(), |url| url.to_string()))
}
