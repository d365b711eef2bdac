//! The portal client: one `reqwest::Client` (connection reuse) and one session shared by
//! every call, the redaction of what it holds, and a read's one GET: the session's header,
//! retries of transient failures, and on a 401 one retry after the session is renewed
//! (`sign_in`). What each read is, is the table in `reads`; changes go by `changes::protocol`.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use reqwest::Method;
use reqwest::header::{ACCEPT, ACCEPT_LANGUAGE, AUTHORIZATION, HeaderValue};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use tokio::sync::Mutex;

use super::audience::Language;
use super::error::{ApiError, Operation, Refusal, Result};
use super::http::endpoint::BaseUrl;
use super::http::redact::Redactor;
use super::http::transport::{self as transport, Reply};
use super::session::auth::{AuthMethod, Credentials, Session};

/// Everything needed to talk to one portal as one user.
#[derive(Clone, Debug)]
pub struct ClientSettings {
    pub base_url: BaseUrl,
    /// The `X-Forwarded-Host` value: the client or the reseller portal where one address
    /// serves several; empty when none is configured, and then none is sent (DNS.services
    /// needs none).
    pub host: String,
    pub language: Language,
    pub auth: AuthMethod,
    pub credentials: Credentials,
    pub connect_timeout: Duration,
    pub timeout: Duration,
    /// A PEM file of extra trusted certificates (a private CA); the system's roots stay.
    pub ca_cert: Option<std::path::PathBuf>,
    /// Where to keep the session between runs (`remember = true`, JWT only).
    pub remember: Option<super::session::store::SessionFile>,
}

impl ClientSettings {
    /// The portal as a person names it: the configured host, else the base URL's host.
    pub fn shown_host(&self) -> &str {
        match self.host.trim() {
            "" => self.base_url.host(),
            host => host,
        }
    }
}

/// Cheap to clone: clones share the connection pool and the session.
#[derive(Clone)]
pub struct PortalClient {
    inner: Arc<Inner>,
}

pub(super) struct Inner {
    http: reqwest::Client,
    settings: ClientSettings,
    language: RwLock<Language>,
    /// Held across login and refresh so concurrent calls renew the session once.
    pub(super) session: Mutex<Option<Session>>,
    /// What the last login's answer said of the portal's rate limit (see `sign_in`).
    pub(super) sign_ins: std::sync::Mutex<Option<super::http::rate_limit::RateLimit>>,
    /// Changes sent in this run (see `changes::protocol`).
    pub(super) changes_sent: std::sync::atomic::AtomicUsize,
    /// Every secret this client has held during the run, for [`PortalClient::redact`].
    redactor: RwLock<Arc<Redactor>>,
}

impl std::fmt::Debug for PortalClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PortalClient").field("settings", &self.inner.settings).finish_non_exhaustive()
    }
}

impl PortalClient {
    pub fn new(settings: ClientSettings) -> Result<PortalClient> {
        let invalid = |detail: String| ApiError::InvalidInput { op: Operation::Login, detail };
        // The process's TLS provider: ring. Installing it twice is harmless (the first stays).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = reqwest::Client::builder()
            .connect_timeout(settings.connect_timeout)
            .timeout(settings.timeout)
            // Redirects are followed by `transport`, which never lets a body or a header
            // leave the configured origin.
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("portal-tui/", env!("CARGO_PKG_VERSION")));
        if let Some(path) = &settings.ca_cert {
            let pem = std::fs::read(path).map_err(|e| invalid(format!("cannot read {}: {e}", path.display())))?;
            let certs = reqwest::Certificate::from_pem_bundle(&pem)
                .ok()
                .filter(|c| !c.is_empty())
                .ok_or_else(|| invalid(format!("{} holds no PEM certificate", path.display())))?;
            for cert in certs {
                builder = builder.add_root_certificate(cert);
            }
        }
        let http = builder.build().map_err(|e| invalid(format!("HTTP client: {e}")))?;
        let language = RwLock::new(settings.language);
        let mut redactor = Redactor::default();
        redactor.hold(settings.credentials.password.expose_secret());
        let basic = settings.credentials.basic_header();
        redactor.hold(basic.expose_secret().trim_start_matches("Basic "));
        let redactor = RwLock::new(Arc::new(redactor));
        let session = Mutex::new(None);
        Ok(PortalClient {
            inner: Arc::new(Inner {
                http,
                settings,
                language,
                session,
                redactor,
                sign_ins: Default::default(),
                changes_sent: Default::default(),
            }),
        })
    }

    /// `text` with every secret this client holds or held (the password, the Basic string,
    /// the tokens) replaced, and the values of secret-named keys masked: for any text that
    /// came from the portal or an exchange, before it is shown or written.
    pub fn redact(&self, text: &str) -> String {
        self.redactor().text(text).into_owned()
    }

    /// The same error with every text inside it redacted (see [`PortalClient::redact`]).
    pub fn redact_error(&self, error: ApiError) -> ApiError {
        self.redactor().error(error)
    }

    fn redactor(&self) -> Arc<Redactor> {
        self.inner.redactor.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Holds a session's tokens for redaction from now on (old ones stay held).
    pub(super) fn hold(&self, session: &Session) {
        self.hold_secrets([Some(&session.token), session.refresh.as_ref()]);
    }

    /// A secret just read (a transfer code, a service's password), held for redaction from
    /// now on: it is shown only where asked for, and never in a log or an error.
    pub(super) fn holding<T: super::models::HoldsSecret>(&self, read: T) -> T {
        self.hold_secrets([read.secret()]);
        read
    }

    /// What a change sends under a secret's name (`ChangeRequest::secrets`), held before it
    /// goes out: a portal echoing it back in an error shows it nowhere.
    pub(crate) fn hold_sent(&self, sent: Vec<String>) {
        let sent: Vec<SecretString> = sent.into_iter().map(SecretString::from).collect();
        self.hold_secrets(sent.iter().map(Some));
    }

    fn hold_secrets<'s>(&self, secrets: impl IntoIterator<Item = Option<&'s SecretString>>) {
        let mut redactor = self.inner.redactor.write().unwrap_or_else(|e| e.into_inner());
        let new: Vec<&SecretString> =
            secrets.into_iter().flatten().filter(|s| !redactor.holds(s.expose_secret())).collect();
        if !new.is_empty() {
            let mut more = Redactor::clone(&redactor);
            new.into_iter().for_each(|s| more.hold(s.expose_secret()));
            *redactor = Arc::new(more);
        }
    }

    pub(super) fn inner(&self) -> &Inner {
        &self.inner
    }

    pub fn settings(&self) -> &ClientSettings {
        &self.inner.settings
    }

    /// The portal this client speaks to, as messages and the change log name it: the
    /// host sent as `X-Forwarded-Host`, else the base URL's host.
    pub fn host(&self) -> &str {
        self.inner.settings.shown_host()
    }

    /// The account's e-mail, as signed in with.
    pub fn username(&self) -> &str {
        &self.inner.settings.credentials.username
    }

    pub fn language(&self) -> Language {
        *self.inner.language.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Later calls ask the portal for answers in this language.
    pub fn set_language(&self, language: Language) {
        *self.inner.language.write().unwrap_or_else(|e| e.into_inner()) = language;
    }

    /// Every read's answer (`GET` of the path's segments), its errors redacted: the portal
    /// may echo anything in them.
    pub(super) async fn read<T: DeserializeOwned + Send>(&self, op: Operation, segments: &[&str]) -> Result<T> {
        self.get(op, segments).await.map_err(|e| self.redact_error(e))
    }

    pub(super) fn url(&self, op: Operation, segments: &[&str]) -> Result<url::Url> {
        self.inner.settings.base_url.join(segments).map_err(|detail| ApiError::InvalidInput { op, detail })
    }

    pub(super) fn request(&self, method: Method, url: url::Url) -> reqwest::RequestBuilder {
        let request = self
            .inner
            .http
            .request(method, url)
            .header(ACCEPT_LANGUAGE, self.language().header_value())
            .header(ACCEPT, "application/json");
        match self.inner.settings.host.trim() {
            "" => request,
            host => request.header("X-Forwarded-Host", host),
        }
    }

    pub(super) async fn send(&self, op: Operation, request: reqwest::RequestBuilder) -> Result<Reply> {
        // Without its URL: the error's text would carry the query.
        let request =
            request.build().map_err(|e| ApiError::InvalidInput { op, detail: e.without_url().to_string() })?;
        transport::exchange(&self.inner.http, op, request, self.inner.settings.timeout, &self.redactor()).await
    }

    async fn get<T: DeserializeOwned + Send>(&self, op: Operation, segments: &[&str]) -> Result<T> {
        self.get_url(op, self.url(op, segments)?, &transport::decode::<T, Vec<u8>>).await
    }

    /// One GET of `url` (a read's, or a download's with its query), its answer made into
    /// `T` by `decode`: the session's header, retries, and one renewal after a refused
    /// session. Its errors are not redacted yet.
    ///
    /// Every read goes through the one exchange of [`Self::get_erased`], which knows
    /// nothing of `T`: only the decoding is compiled per type, not the exchange around it
    /// (the installed binary's size; BENCHMARKS.md).
    pub(super) async fn get_url<T: Send>(&self, op: Operation, url: url::Url, decode: Decoding<'_, T>) -> Result<T> {
        let slot = std::sync::Mutex::new(None);
        let keep = |op: Operation, reply: &Reply| {
            let value = decode(op, reply)?;
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
            Ok(())
        };
        self.get_erased(op, url, &keep).await?;
        let decoded = slot.into_inner().unwrap_or_else(|e| e.into_inner());
        decoded.ok_or_else(|| ApiError::UnexpectedShape { op, detail: "no answer was decoded".into() })
    }

    /// [`Self::get_url`] with what `decode` makes of the answer kept by `decode` itself, as
    /// one boxed future: its code is the same for every read.
    fn get_erased<'a>(
        &'a self,
        op: Operation,
        url: url::Url,
        decode: Decoding<'a, ()>,
    ) -> futures::future::BoxFuture<'a, Result<()>> {
        Box::pin(async move {
            let (header, used) = self.authorization().await?;
            let first = self.get_once(op, url.clone(), &header, decode).await;
            match (first, used) {
                (Err(e), Some(used)) if e.is_auth() => {
                    tracing::debug!(operation = op.label(), "session rejected; renewing and retrying once");
                    self.recover(&used).await?;
                    let (header, _) = self.authorization().await?;
                    self.get_once(op, url, &header, decode).await.map_err(|e| match e {
                        // The session was just renewed or issued, and is refused all the same.
                        ApiError::Auth { op, reason } => {
                            ApiError::Auth { op, reason: Refusal::AfterLogin(Box::new(reason)) }
                        }
                        other => other,
                    })
                }
                // With Basic auth every call carries the credentials: a refusal means they are wrong.
                (Err(ApiError::Auth { op, .. }), None) => Err(ApiError::Auth { op, reason: Refusal::BasicRefused }),
                (result, _) => result,
            }
        })
    }

    /// One GET, retried on transient failures (GETs are idempotent; see `retry`).
    async fn get_once(
        &self,
        op: Operation,
        url: url::Url,
        auth: &SecretString,
        decode: Decoding<'_, ()>,
    ) -> Result<()> {
        super::http::retry::retrying(|| async {
            let request = self.request(Method::GET, url.clone()).header(AUTHORIZATION, sensitive(auth));
            let reply = self.send(op, request).await?;
            decode(op, &reply)
        })
        .await
    }

    /// A list with an entry the tool cannot read keeps it (marked); only a list of nothing
    /// but unreadable entries is an error (redacted: the reason may quote the portal).
    /// An empty list is an answer.
    pub(super) fn readable_list<T>(
        &self,
        op: Operation,
        items: Vec<T>,
        unreadable: impl Fn(&T) -> Option<&String>,
    ) -> Result<Vec<T>> {
        match items.iter().find_map(&unreadable) {
            Some(reason) if items.iter().all(|i| unreadable(i).is_some()) => {
                Err(self.redact_error(ApiError::UnexpectedShape { op, detail: reason.clone() }))
            }
            _ => Ok(items),
        }
    }
}

/// What makes an answer into what a GET reads: `transport::decode` for a read's JSON, or a
/// row of the table of reads (`reads::fetch`). Called again for each attempt.
pub(super) type Decoding<'d, T> = &'d (dyn Fn(Operation, &Reply) -> Result<T> + Sync);

/// Marks the header sensitive so reqwest's own `Debug` output redacts it.
pub(super) fn sensitive(secret: &SecretString) -> HeaderValue {
    let mut value = HeaderValue::from_str(secret.expose_secret()).unwrap_or_else(|_| HeaderValue::from_static(""));
    value.set_sensitive(true);
    value
}
