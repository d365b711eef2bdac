//! Turns flags and environment into the settings of one portal client.

use std::io::IsTerminal;
use std::time::Duration;

use crate::api::{AuthMethod, BaseUrl, ClientSettings, Credentials, Language};
use crate::cli::PortalArgs;
use crate::demo::{CLIENT_HOST, DemoPortal};

/// A problem a person can fix by changing how they run the tool.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SettingsError(pub String);

fn seconds(value: f64, flag: &str) -> Result<Duration, SettingsError> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| SettingsError(format!("{flag} must be a positive number of seconds")))
}

/// What the login form and the CLI start from; any part may still be missing.
#[derive(Clone, Debug, Default)]
pub struct Partial {
    pub base_url: Option<String>,
    pub host: Option<String>,
    pub language: Language,
    pub auth: AuthMethod,
    pub username: Option<String>,
    pub password: Option<String>,
    pub connect_timeout: Duration,
    pub timeout: Duration,
}

impl Partial {
    pub fn from_args(args: &PortalArgs) -> Result<Partial, SettingsError> {
        Ok(Partial {
            base_url: args.base_url.clone().filter(|s| !s.trim().is_empty()),
            host: args.host.clone().filter(|s| !s.trim().is_empty()),
            language: args.lang.unwrap_or_default(),
            auth: args.auth.unwrap_or_default(),
            username: args.username.clone().filter(|s| !s.trim().is_empty()),
            password: std::env::var("PORTAL_PASSWORD").ok().filter(|s| !s.is_empty()),
            connect_timeout: seconds(args.connect_timeout, "--connect-timeout")?,
            timeout: seconds(args.timeout, "--timeout")?,
        })
    }

    /// Points at a running demo portal with the demo credentials of the chosen host
    /// (the client portal unless `--host` names the reseller one).
    pub fn use_demo(&mut self, demo: &DemoPortal) {
        let host = self.host.clone().unwrap_or_else(|| CLIENT_HOST.to_owned());
        let login = demo.login_for(&host).or_else(|| demo.login_for(CLIENT_HOST)).expect("demo has a client portal");
        self.base_url = Some(demo.url());
        self.host = Some(login.host);
        self.username = Some(login.username);
        self.password = Some(login.password);
    }

    /// Complete settings, asking for the password on the terminal when it is missing.
    pub fn complete(mut self) -> Result<ClientSettings, SettingsError> {
        if self.password.is_none() && self.username.is_some() && std::io::stdin().is_terminal() {
            let prompt = format!("Password for {}: ", self.username.as_deref().unwrap_or_default());
            self.password = rpassword::prompt_password(prompt).ok().filter(|p| !p.is_empty());
        }
        self.into_settings()
    }

    /// Complete settings from what is known, without asking.
    pub fn into_settings(self) -> Result<ClientSettings, SettingsError> {
        let missing = |what: &str, how: &str| SettingsError(format!("no {what}: {how}"));
        let base_url = self.base_url.ok_or_else(|| missing("portal URL", "set --base-url or PORTAL_BASE_URL"))?;
        let base_url = BaseUrl::parse(&base_url).map_err(SettingsError)?;
        let host =
            self.host.ok_or_else(|| missing("portal host", "set --host or PORTAL_HOST (the X-Forwarded-Host)"))?;
        let username = self.username.ok_or_else(|| missing("username", "set --username or PORTAL_USERNAME"))?;
        let password =
            self.password.ok_or_else(|| missing("password", "set PORTAL_PASSWORD or run from a terminal"))?;
        Ok(ClientSettings {
            base_url,
            host: host.trim().to_owned(),
            language: self.language,
            auth: self.auth,
            credentials: Credentials::new(username.trim(), password),
            connect_timeout: self.connect_timeout,
            timeout: self.timeout,
        })
    }
}
