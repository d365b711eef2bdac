//! The portal client: one async function per operation, sharing one `reqwest::Client`
//! (connection reuse) and one session. JWT sessions renew before expiry, and on a 401 the
//! call is retried once after a refresh or, failing that, a fresh login.

use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use reqwest::Method;
use reqwest::header::{ACCEPT, ACCEPT_LANGUAGE, AUTHORIZATION, HeaderValue};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::Mutex;

use super::audience::Language;
use super::auth::{AuthMethod, Credentials, Session};
use super::endpoint::BaseUrl;
use super::error::{ApiError, Operation, Refusal, Result};
use super::models::account::AccountEnvelope;
use super::models::balance::BalanceEnvelope;
use super::models::certificate::CertificateEnvelope;
use super::models::{
    Account, Balance, Certificate, DnsRecord, DnsRecords, DomainDetails, DomainRecord, DomainRecords, Invoice,
    InvoiceEnvelope, InvoiceList, Service, ServiceEnvelope, ServiceList, UpgradeOptions,
};
use super::redact::Redactor;
use super::transport::{self, Reply};

/// Everything needed to talk to one portal as one user.
#[derive(Clone, Debug)]
pub struct ClientSettings {
    pub base_url: BaseUrl,
    /// The `X-Forwarded-Host` value: the client or the reseller portal.
    pub host: String,
    pub language: Language,
    pub auth: AuthMethod,
    pub credentials: Credentials,
    pub connect_timeout: Duration,
    pub timeout: Duration,
    /// A PEM file of extra trusted certificates (a private CA); the system's roots stay.
    pub ca_cert: Option<std::path::PathBuf>,
    /// Where to keep the session between runs (`remember = true`, JWT only).
    pub remember: Option<super::sessions::SessionFile>,
}

impl ClientSettings {
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
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
    session: Mutex<Option<Session>>,
    /// Changes sent in this run (see `change_protocol`).
    pub(super) changes_sent: std::sync::atomic::AtomicUsize,
    /// Every secret this client has held during the run, for [`PortalClient::redact`].
    redactor: RwLock<Arc<Redactor>>,
}

/// What the status bar shows about the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionState {
    Basic,
    LoggedOut,
    Token { expires_at: Option<SystemTime> },
}

#[derive(Deserialize)]
struct TokenAnswer {
    #[serde(default, deserialize_with = "super::lenient::opt_text")]
    token: Option<String>,
    #[serde(default, alias = "refresh_token", deserialize_with = "super::lenient::opt_text")]
    refresh: Option<String>,
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
            inner: Arc::new(Inner { http, settings, language, session, redactor, changes_sent: Default::default() }),
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
    fn hold(&self, session: &Session) {
        let secrets = [Some(&session.token), session.refresh.as_ref()];
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

    /// The portal host (`X-Forwarded-Host`) this client speaks to.
    pub fn host(&self) -> &str {
        &self.inner.settings.host
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

    pub async fn session_state(&self) -> SessionState {
        match self.inner.settings.auth {
            AuthMethod::Basic => SessionState::Basic,
            AuthMethod::Jwt => match &*self.inner.session.lock().await {
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
        match self.inner.settings.auth {
            AuthMethod::Basic => {
                self.account().await.map_err(|e| e.auth_as(Operation::Login))?;
            }
            AuthMethod::Jwt => {
                let session = self.request_login().await?;
                *self.inner.session.lock().await = Some(session);
            }
        }
        Ok(self.session_state().await)
    }

    /// `POST /token`: renews the JWT with the refresh token (or logs in again without one).
    pub async fn refresh(&self) -> Result<SessionState> {
        let mut guard = self.inner.session.lock().await;
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
                *self.inner.session.lock().await = Some(session);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Forgets the remembered session (the file), keeping this run's session.
    pub fn forget(&self) -> std::io::Result<bool> {
        match &self.inner.settings.remember {
            Some(file) => file.delete(),
            None => Ok(false),
        }
    }

    fn remembered(&self) -> Option<&super::sessions::SessionFile> {
        self.inner.settings.remember.as_ref().filter(|_| self.inner.settings.auth == AuthMethod::Jwt)
    }

    /// Keeps a new session on disk when asked to; a failure is logged, not fatal.
    fn keep(&self, session: &Session) {
        if let Some(file) = self.remembered()
            && let Err(e) = file.save(session)
        {
            tracing::warn!(path = %file.path.display(), error = %e, "could not remember the session");
        }
    }

    /// The portal's answer to `query` as it sent it, for `--json`: the part the typed call
    /// reads (the `client`, `service` or `details` value; the upgrade answer whole, its
    /// error fields aside), with numbers, nesting and unknown fields as they came. Only
    /// control characters and terminal escapes are taken out of the text.
    pub async fn as_sent(&self, query: &Query) -> Result<serde_json::Value> {
        let op = query.operation();
        let mut answer: serde_json::Value = self.read(query).await?;
        let part = match query {
            Query::Details => answer.get_mut("client").map(serde_json::Value::take),
            Query::Certificate(_) => answer.get_mut("service").map(serde_json::Value::take),
            Query::Domain(_) => match answer.get("details") {
                Some(_) => answer.get_mut("details").map(serde_json::Value::take),
                None => answer.get_mut("domains").map(serde_json::Value::take),
            },
            Query::Upgrade(_) => Some(answer),
            Query::Balance | Query::DomainDetails(_) => answer.get_mut("details").map(serde_json::Value::take),
            Query::Services => answer.get_mut("services").map(serde_json::Value::take),
            Query::Service(_) => answer.get_mut("service").map(serde_json::Value::take),
            Query::Domains => answer.get_mut("domains").map(serde_json::Value::take),
            Query::Dns(_) => answer.get_mut("records").map(serde_json::Value::take),
            Query::Invoices => answer.get_mut("invoices").map(serde_json::Value::take),
            Query::Invoice(_) => answer.get_mut("invoice").map(serde_json::Value::take),
            Query::DnsTypes(_) => answer.get_mut("types").map(serde_json::Value::take),
        };
        let part =
            part.ok_or_else(|| ApiError::UnexpectedShape { op, detail: "the expected data is missing".into() })?;
        Ok(super::lenient::cleaned(part))
    }

    /// Reads what `query` names, as the dashboard shows it.
    pub async fn fetch(&self, query: &Query) -> Result<Data> {
        Ok(match query {
            Query::Details => Data::Account(Box::new(self.account().await?)),
            Query::Domain(name) => Data::Domain(self.domain_records(name).await?),
            Query::Certificate(id) => Data::Certificate(Box::new(self.certificate(*id).await?)),
            Query::Upgrade(id) => Data::Upgrade(self.upgrade_options(*id).await?),
            Query::Balance => Data::Balance(self.balance().await?),
            Query::Services => Data::Services(self.services().await?),
            Query::Service(id) => Data::Service(Box::new(self.service(*id).await?)),
            Query::Domains => Data::Domains(self.domains().await?),
            Query::DomainDetails(id) => Data::DomainDetails(Box::new(self.domain_details(*id).await?)),
            Query::Dns(id) => Data::Dns(*id, self.dns_records(*id).await?),
            Query::Invoices => Data::Invoices(self.invoices().await?),
            Query::Invoice(id) => Data::Invoice(Box::new(self.invoice(*id).await?)),
            Query::DnsTypes(id) => Data::DnsTypes(*id, self.dns_types(*id).await?),
        })
    }

    /// `GET /service`: every service of the account.
    pub async fn services(&self) -> Result<Vec<Service>> {
        let list: ServiceList = self.read(&Query::Services).await?;
        self.readable_list(Operation::Services, list.services, |s| s.unreadable.as_ref())
    }

    /// `GET /service/@id`.
    pub async fn service(&self, id: u64) -> Result<Service> {
        let envelope: ServiceEnvelope = self.read(&Query::Service(id)).await?;
        Ok(envelope.service)
    }

    /// `GET /domain`: every domain registration of the account.
    pub async fn domains(&self) -> Result<Vec<DomainRecord>> {
        let list: DomainRecords = self.read(&Query::Domains).await?;
        self.readable_list(Operation::Domains, list.details, |d| d.unreadable.as_ref())
    }

    /// `GET /domain/@id`: one registration with its nameservers.
    pub async fn domain_details(&self, id: u64) -> Result<DomainRecord> {
        let envelope: DomainDetails = self.read(&Query::DomainDetails(id)).await?;
        Ok(envelope.details)
    }

    /// `GET /domain/@id/dns`.
    pub async fn dns_records(&self, domain_id: u64) -> Result<Vec<DnsRecord>> {
        let list: DnsRecords = self.read(&Query::Dns(domain_id)).await?;
        self.readable_list(Operation::Dns, list.records, |r| r.unreadable.as_ref())
    }

    /// `GET /invoice`.
    pub async fn invoices(&self) -> Result<Vec<Invoice>> {
        let list: InvoiceList = self.read(&Query::Invoices).await?;
        self.readable_list(Operation::Invoices, list.invoices, |i| i.unreadable.as_ref())
    }

    /// `GET /invoice/@id`: with its items.
    pub async fn invoice(&self, id: u64) -> Result<Invoice> {
        let envelope: InvoiceEnvelope = self.read(&Query::Invoice(id)).await?;
        Ok(envelope.invoice)
    }

    /// `GET /balance` (not every portal offers it: see `ApiError::not_offered`).
    pub async fn balance(&self) -> Result<Balance> {
        let envelope: BalanceEnvelope = self.read(&Query::Balance).await?;
        Ok(envelope.details)
    }

    /// `GET /details`.
    pub async fn account(&self) -> Result<Account> {
        let envelope: AccountEnvelope = self.read(&Query::Details).await?;
        Ok(envelope.client)
    }

    /// `GET /certificate/@id`.
    pub async fn certificate(&self, id: u64) -> Result<Certificate> {
        let envelope: CertificateEnvelope = self.read(&Query::Certificate(id)).await?;
        Ok(envelope.service)
    }

    /// `GET /domain/name/@name`: every registration carrying the name. A record the tool
    /// cannot read is among them, marked `unreadable`; only when none could be read is the
    /// answer an error.
    pub async fn domain_records(&self, name: &str) -> Result<Vec<DomainRecord>> {
        let records: DomainRecords = self.read(&Query::Domain(name.to_owned())).await?;
        self.readable_list(Operation::Domain, records.details, |r| r.unreadable.as_ref())
    }

    /// `GET /service/@id/upgrade`.
    pub async fn upgrade_options(&self, service_id: u64) -> Result<UpgradeOptions> {
        self.read(&Query::Upgrade(service_id)).await
    }

    /// `GET /domain/@id/dns/types`: the record types the portal takes for this domain.
    pub async fn dns_types(&self, domain_id: u64) -> Result<Vec<String>> {
        #[derive(serde::Deserialize)]
        struct Types {
            types: Vec<crate::api::lenient::ExtraValue>,
        }
        let answer: Types = self.read(&Query::DnsTypes(domain_id)).await?;
        Ok(answer.types.into_iter().map(|t| t.0.trim().to_ascii_uppercase()).filter(|t| !t.is_empty()).collect())
    }

    /// Every read's answer, its errors redacted: the portal may echo anything in them.
    async fn read<T: DeserializeOwned>(&self, query: &Query) -> Result<T> {
        let (op, fixed, param) = query.route();
        let fixed: Vec<&str> = fixed.iter().map(String::as_str).collect();
        self.get(op, &fixed, param.as_deref()).await.map_err(|e| self.redact_error(e))
    }

    fn url(&self, op: Operation, fixed: &[&str], param: Option<&str>) -> Result<url::Url> {
        self.inner.settings.base_url.join(fixed, param).map_err(|detail| ApiError::InvalidInput { op, detail })
    }

    pub(super) fn request(&self, method: Method, url: url::Url) -> reqwest::RequestBuilder {
        self.inner
            .http
            .request(method, url)
            .header("X-Forwarded-Host", &self.inner.settings.host)
            .header(ACCEPT_LANGUAGE, self.language().header_value())
            .header(ACCEPT, "application/json")
    }

    pub(super) async fn send(&self, op: Operation, request: reqwest::RequestBuilder) -> Result<Reply> {
        // Without its URL: the error's text would carry the query.
        let request =
            request.build().map_err(|e| ApiError::InvalidInput { op, detail: e.without_url().to_string() })?;
        transport::exchange(&self.inner.http, op, request, self.inner.settings.timeout, &self.redactor()).await
    }

    async fn get<T: DeserializeOwned>(&self, op: Operation, fixed: &[&str], param: Option<&str>) -> Result<T> {
        let url = self.url(op, fixed, param)?;
        let (header, used) = self.authorization().await?;
        let first = self.get_once(op, url.clone(), &header).await;
        match (first, used) {
            (Err(e), Some(used)) if e.is_auth() => {
                tracing::debug!(operation = op.label(), "session rejected; renewing and retrying once");
                self.recover(&used).await?;
                let (header, _) = self.authorization().await?;
                self.get_once(op, url, &header).await.map_err(|e| match e {
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
    }

    /// One GET, retried on transient failures (GETs are idempotent; see `retry`).
    async fn get_once<T: DeserializeOwned>(&self, op: Operation, url: url::Url, auth: &SecretString) -> Result<T> {
        super::retry::retrying(|| async {
            let request = self.request(Method::GET, url.clone()).header(AUTHORIZATION, sensitive(auth));
            let reply = self.send(op, request).await?;
            transport::decode(op, &reply)
        })
        .await
    }

    /// The header for the next call and, with JWT, the token it carries.
    pub(super) async fn authorization(&self) -> Result<(SecretString, Option<SecretString>)> {
        if self.inner.settings.auth == AuthMethod::Basic {
            return Ok((self.inner.settings.credentials.basic_header(), None));
        }
        let mut guard = self.inner.session.lock().await;
        let session = match guard.take() {
            None => self.request_login().await?,
            Some(s) if s.needs_renewal(SystemTime::now()) => self.renew(s).await?,
            Some(s) => s,
        };
        let header = session.bearer_header();
        let token = session.token.clone();
        *guard = Some(session);
        Ok((header, Some(token)))
    }

    /// After a 401: renew unless another call already did.
    pub(super) async fn recover(&self, used: &SecretString) -> Result<()> {
        let mut guard = self.inner.session.lock().await;
        let current = guard.take();
        let renewed = match current {
            Some(s) if s.token.expose_secret() != used.expose_secret() => s,
            Some(s) => self.renew(s).await?,
            None => self.request_login().await?,
        };
        *guard = Some(renewed);
        Ok(())
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
        let creds = &self.inner.settings.credentials;
        if creds.password.expose_secret().is_empty() {
            // A resumed session without a password: only the person can log in again.
            let _ = self.forget();
            return Err(ApiError::Auth { op, reason: Refusal::SessionExpired });
        }
        let body = serde_json::json!({ "username": creds.username, "password": creds.password.expose_secret() });
        let reply = self.send(op, self.request(Method::POST, self.url(op, &["login"], None)?).json(&body)).await?;
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

    /// A list with an entry the tool cannot read keeps it (marked); only a list of nothing
    /// but unreadable entries is an error (redacted: the reason may quote the portal).
    /// An empty list is an answer.
    fn readable_list<T>(
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

    async fn request_refresh(&self, old: &Session, refresh: &SecretString) -> Result<Session> {
        let op = Operation::Refresh;
        let body = serde_json::json!({ "refresh_token": refresh.expose_secret() });
        let request = self
            .request(Method::POST, self.url(op, &["token"], None)?)
            .header(AUTHORIZATION, sensitive(&old.bearer_header()))
            .json(&body);
        let answer: TokenAnswer = transport::decode(op, &self.send(op, request).await?)?;
        let session = session_from(op, answer, Some(refresh.clone()))?;
        self.hold(&session);
        self.keep(&session);
        Ok(session)
    }
}

/// A read the CLI can print as the portal sent it (see [`PortalClient::as_sent`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    Details,
    Certificate(u64),
    Domain(String),
    Upgrade(u64),
    Balance,
    Services,
    Service(u64),
    Domains,
    /// A domain registration by its id.
    DomainDetails(u64),
    /// The DNS records of a domain registration, by its id.
    Dns(u64),
    Invoices,
    Invoice(u64),
    /// The DNS record types a domain registration takes, by its id.
    DnsTypes(u64),
}

/// What a [`Query`] read.
#[derive(Clone, Debug)]
pub enum Data {
    Account(Box<Account>),
    Domain(Vec<DomainRecord>),
    Certificate(Box<Certificate>),
    Upgrade(UpgradeOptions),
    Balance(Balance),
    Services(Vec<Service>),
    Service(Box<Service>),
    Domains(Vec<DomainRecord>),
    DomainDetails(Box<DomainRecord>),
    /// The domain's id and its records.
    Dns(u64, Vec<DnsRecord>),
    Invoices(Vec<Invoice>),
    Invoice(Box<Invoice>),
    /// The domain's id and the record types it takes.
    DnsTypes(u64, Vec<String>),
}

impl Data {
    fn kind(&self) -> &'static str {
        match self {
            Data::Account(_) => "account details",
            Data::Domain(_) => "domain records",
            Data::Certificate(_) => "a certificate",
            Data::Upgrade(_) => "upgrade options",
            Data::Balance(_) => "a balance",
            Data::Services(_) => "a service list",
            Data::Service(_) => "a service",
            Data::Domains(_) => "a domain list",
            Data::DomainDetails(_) => "a domain",
            Data::Dns(..) => "DNS records",
            Data::Invoices(_) => "an invoice list",
            Data::Invoice(_) => "an invoice",
            Data::DnsTypes(..) => "DNS record types",
        }
    }

    /// An answer of another kind than asked for is an error (said rather than assumed).
    fn other(self, op: Operation) -> ApiError {
        ApiError::UnexpectedShape { op, detail: format!("got {}", self.kind()) }
    }

    pub fn into_account(self) -> Result<Box<Account>> {
        match self {
            Data::Account(account) => Ok(account),
            other => Err(other.other(Operation::Details)),
        }
    }

    pub fn into_domain(self) -> Result<Vec<DomainRecord>> {
        match self {
            Data::Domain(records) => Ok(records),
            other => Err(other.other(Operation::Domain)),
        }
    }

    pub fn into_certificate(self) -> Result<Box<Certificate>> {
        match self {
            Data::Certificate(cert) => Ok(cert),
            other => Err(other.other(Operation::Certificate)),
        }
    }

    pub fn into_balance(self) -> Result<Balance> {
        match self {
            Data::Balance(balance) => Ok(balance),
            other => Err(other.other(Operation::Balance)),
        }
    }

    pub fn into_services(self) -> Result<Vec<Service>> {
        match self {
            Data::Services(list) => Ok(list),
            other => Err(other.other(Operation::Services)),
        }
    }

    pub fn into_service(self) -> Result<Box<Service>> {
        match self {
            Data::Service(service) => Ok(service),
            other => Err(other.other(Operation::Service)),
        }
    }

    pub fn into_domains(self) -> Result<Vec<DomainRecord>> {
        match self {
            Data::Domains(list) => Ok(list),
            other => Err(other.other(Operation::Domains)),
        }
    }

    pub fn into_domain_details(self) -> Result<Box<DomainRecord>> {
        match self {
            Data::DomainDetails(record) => Ok(record),
            other => Err(other.other(Operation::DomainDetails)),
        }
    }

    pub fn into_dns(self) -> Result<(u64, Vec<DnsRecord>)> {
        match self {
            Data::Dns(id, records) => Ok((id, records)),
            other => Err(other.other(Operation::Dns)),
        }
    }

    pub fn into_invoices(self) -> Result<Vec<Invoice>> {
        match self {
            Data::Invoices(list) => Ok(list),
            other => Err(other.other(Operation::Invoices)),
        }
    }

    pub fn into_invoice(self) -> Result<Box<Invoice>> {
        match self {
            Data::Invoice(invoice) => Ok(invoice),
            other => Err(other.other(Operation::Invoice)),
        }
    }

    pub fn into_dns_types(self) -> Result<(u64, Vec<String>)> {
        match self {
            Data::DnsTypes(id, types) => Ok((id, types)),
            other => Err(other.other(Operation::DnsTypes)),
        }
    }

    pub fn into_upgrade(self) -> Result<UpgradeOptions> {
        match self {
            Data::Upgrade(options) => Ok(options),
            other => Err(other.other(Operation::Upgrade)),
        }
    }
}

impl Query {
    pub fn operation(&self) -> Operation {
        self.route().0
    }

    /// The operation, the fixed path segments and the parameter.
    fn route(&self) -> (Operation, Vec<String>, Option<String>) {
        let fixed = |parts: &[&str]| parts.iter().map(|p| (*p).to_owned()).collect();
        match self {
            Query::Details => (Operation::Details, fixed(&["details"]), None),
            Query::Certificate(id) => (Operation::Certificate, fixed(&["certificate"]), Some(id.to_string())),
            Query::Domain(name) => (Operation::Domain, fixed(&["domain", "name"]), Some(name.trim().to_owned())),
            Query::Upgrade(id) => (Operation::Upgrade, vec!["service".into(), id.to_string(), "upgrade".into()], None),
            Query::Balance => (Operation::Balance, fixed(&["balance"]), None),
            Query::Services => (Operation::Services, fixed(&["service"]), None),
            Query::Service(id) => (Operation::Service, fixed(&["service"]), Some(id.to_string())),
            Query::Domains => (Operation::Domains, fixed(&["domain"]), None),
            Query::DomainDetails(id) => (Operation::DomainDetails, fixed(&["domain"]), Some(id.to_string())),
            Query::Dns(id) => (Operation::Dns, vec!["domain".into(), id.to_string(), "dns".into()], None),
            Query::Invoices => (Operation::Invoices, fixed(&["invoice"]), None),
            Query::Invoice(id) => (Operation::Invoice, fixed(&["invoice"]), Some(id.to_string())),
            Query::DnsTypes(id) => {
                (Operation::DnsTypes, vec!["domain".into(), id.to_string(), "dns".into(), "types".into()], None)
            }
        }
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

/// Marks the header sensitive so reqwest's own `Debug` output redacts it.
pub(super) fn sensitive(secret: &SecretString) -> HeaderValue {
    let mut value = HeaderValue::from_str(secret.expose_secret()).unwrap_or_else(|_| HeaderValue::from_static(""));
    value.set_sensitive(true);
    value
}
