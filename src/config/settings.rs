//! Turns flags, environment and the chosen profile into the settings of one portal client.
//! Precedence: flags > environment > profile > defaults (clap already merges the first two).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};

use crate::api::session::store::SessionFile;
use crate::api::{AuthMethod, BaseUrl, ClientSettings, Credentials, Language, Role};
use crate::config::{PortalArgs, Profile};
use crate::demo::{CLIENT_HOST, DemoPortal, RESELLER_HOST};
use crate::i18n::Text;

/// A problem a person can fix by changing how they run the tool.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SettingsError(pub String);

/// How long a `password_command` may take (a pass or gpg prompt included).
pub const PASSWORD_COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

fn seconds(value: f64, flag: &str, language: Language) -> Result<Duration, SettingsError> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| SettingsError(Text::ConfigSeconds.fill(language, &[("flag", &flag)])))
}

/// What the login form and the CLI start from; any part may still be missing.
#[derive(Clone, Debug, Default)]
pub struct Partial {
    /// The profile these came from, if any.
    pub profile: Option<String>,
    pub base_url: Option<String>,
    pub host: Option<String>,
    pub role: Role,
    pub language: Language,
    pub auth: AuthMethod,
    pub username: Option<String>,
    /// Never printed by `Debug`.
    pub password: Option<SecretString>,
    pub password_command: Option<String>,
    pub remember: bool,
    pub connect_timeout: Duration,
    pub timeout: Duration,
    pub ca_cert: Option<PathBuf>,
    pub allow_insecure_http: bool,
    /// Where remembered sessions are kept; `None`: `sessions::state_dir()` (the platform's
    /// state directory, or `PORTAL_STATE_DIR`). Set by tests, which share one process and
    /// so one environment.
    pub state_dir: Option<PathBuf>,
}

fn nonblank(value: &Option<String>) -> Option<String> {
    value.clone().filter(|s| !s.trim().is_empty())
}

impl Partial {
    /// Flags and environment over the profile (`name`, `profile`), over the defaults.
    pub fn from_args(args: &PortalArgs, profile: Option<(&str, &Profile)>) -> Result<Partial, SettingsError> {
        let (name, p) = match profile {
            Some((name, p)) => (Some(name.to_owned()), p.clone()),
            None => (None, Profile::default()),
        };
        let host = nonblank(&args.host).or(nonblank(&p.host));
        let language = args.lang.or(p.language).unwrap_or_default();
        let role = p.role.unwrap_or(if host.as_deref() == Some(RESELLER_HOST) { Role::Reseller } else { Role::Client });
        Ok(Partial {
            profile: name,
            base_url: nonblank(&args.base_url).or(nonblank(&p.base_url)),
            host,
            role,
            language,
            auth: args.auth.or(p.auth).unwrap_or_default(),
            username: nonblank(&args.username).or(nonblank(&p.username)),
            password: std::env::var("PORTAL_PASSWORD").ok().filter(|s| !s.is_empty()).map(SecretString::from),
            password_command: nonblank(&p.password_command),
            // Remembered unless the profile says otherwise, as gh and doctl keep theirs.
            remember: p.remember.unwrap_or(true),
            connect_timeout: seconds(args.connect_timeout, "--connect-timeout", language)?,
            timeout: seconds(args.timeout, "--timeout", language)?,
            ca_cert: args.ca_cert.clone(),
            allow_insecure_http: args.allow_insecure_http,
            state_dir: None,
        })
    }

    /// Points at a running demo portal with the demo credentials of the chosen host
    /// (the client portal unless the host names the reseller one).
    pub fn use_demo(&mut self, demo: &DemoPortal) {
        let host = self.host.clone().unwrap_or_else(|| CLIENT_HOST.to_owned());
        let login = demo.login_for(&host).or_else(|| demo.login_for(CLIENT_HOST)).expect("demo has a client portal");
        self.role = if login.host == RESELLER_HOST { Role::Reseller } else { Role::Client };
        self.base_url = Some(demo.url());
        self.host = Some(login.host);
        self.username = Some(login.username);
        self.password = Some(login.password.into());
        self.password_command = None;
    }

    /// Fills in the password from `password_command` when it is still missing.
    pub async fn run_password_command(&mut self) -> Result<(), SettingsError> {
        if self.password.is_none()
            && let Some(command) = &self.password_command
        {
            self.password = Some(password_from_command_in(command, PASSWORD_COMMAND_TIMEOUT, self.language).await?);
        }
        Ok(())
    }

    /// Complete settings, asking for the password on the terminal when it is missing.
    pub async fn complete(mut self) -> Result<ClientSettings, SettingsError> {
        self.run_password_command().await?;
        if self.password.is_none() && self.username.is_some() && std::io::stdin().is_terminal() {
            let prompt = format!("Password for {}: ", self.username.as_deref().unwrap_or_default());
            self.password = rpassword::prompt_password(prompt).ok().filter(|p| !p.is_empty()).map(SecretString::from);
        }
        self.into_settings()
    }

    /// Complete settings from what is known, without asking.
    pub fn into_settings(self) -> Result<ClientSettings, SettingsError> {
        self.build(true)
    }

    /// Settings to take up a remembered session with: no password needed. `None` when the
    /// profile does not remember sessions or none is stored.
    pub fn resume_settings(&self) -> Option<ClientSettings> {
        self.remembered_settings().filter(|s| s.remember.as_ref().is_some_and(|f| f.path.exists()))
    }

    /// Settings without a password for a profile that remembers sessions, whether or not
    /// one is stored yet.
    pub fn remembered_settings(&self) -> Option<ClientSettings> {
        let settings = self.clone().build(false).ok()?;
        settings.remember.is_some().then_some(settings)
    }

    /// The remembered-session file of these settings' profile, whether or not it exists:
    /// without a profile (flags and environment only), the portal's, host's and user's.
    fn session_file(&self, base_url: &BaseUrl, host: &str, username: &str) -> Option<SessionFile> {
        use crate::api::session::store;
        if !self.remember || self.auth != AuthMethod::Jwt {
            return None;
        }
        let dir = match &self.state_dir {
            Some(dir) => dir.clone(),
            None => store::state_dir()?,
        };
        let base_url = base_url.to_string();
        let path = match self.profile.as_deref() {
            Some(profile) => store::path_in(&dir, profile)?,
            None => store::path_for_portal(&dir, &base_url, host, username),
        };
        Some(SessionFile { path, base_url, host: host.to_owned(), username: username.to_owned() })
    }

    fn build(self, need_password: bool) -> Result<ClientSettings, SettingsError> {
        let language = self.language;
        let missing = |what: Text, how: &str| {
            SettingsError(Text::SetupMissing.fill(language, &[("what", &what.get(language)), ("how", &how)]))
        };
        let base_url = self.base_url.clone().ok_or_else(|| missing(Text::SetupWhatUrl, &how_to_start(language)))?;
        let base_url = BaseUrl::parse(&base_url).map_err(SettingsError)?;
        if self.auth == AuthMethod::Basic && base_url.is_plain_remote() && !self.allow_insecure_http {
            return Err(SettingsError(Text::SetupBasicOverHttp.fill(language, &[("host", &base_url.host())])));
        }
        // Sent as X-Forwarded-Host only when configured: not every portal needs one.
        let host = self.host.clone().unwrap_or_default();
        let username = (self.username.clone())
            .ok_or_else(|| missing(Text::SetupWhatUsername, Text::SetupHowUsername.get(language)))?;
        let password = match &self.password {
            Some(p) => p.expose_secret().to_owned(),
            None if !need_password => String::new(),
            None => return Err(missing(Text::SetupWhatPassword, Text::SetupHowPassword.get(language))),
        };
        let host = host.trim().to_owned();
        let remember = self.session_file(&base_url, &host, username.trim());
        Ok(ClientSettings {
            base_url,
            host,
            language: self.language,
            auth: self.auth,
            credentials: Credentials::new(username.trim(), password),
            connect_timeout: self.connect_timeout,
            timeout: self.timeout,
            ca_cert: self.ca_cert,
            remember,
        })
    }
}

/// The configuration file and the profile chosen from it.
#[derive(Clone, Debug, Default)]
pub struct Startup {
    pub loaded: crate::config::Loaded,
    pub profile: Option<(String, Profile)>,
}

impl Startup {
    /// Reads the configuration (`--config`, `PORTAL_CONFIG` or the default path) and picks
    /// the profile (`--profile`, `PORTAL_PROFILE`, `default_profile` or the first).
    /// What is wrong is said in `language` (the run's, as `--lang` or `PORTAL_LANG` says:
    /// the profile's own is not known before the file is read).
    pub fn load(
        config: Option<&std::path::Path>,
        profile: Option<&str>,
        language: Language,
    ) -> Result<Startup, SettingsError> {
        let loaded = crate::config::Loaded::load_in(config, language).map_err(|e| SettingsError(e.to_string()))?;
        let profile = loaded.config.select_in(profile, language).map_err(SettingsError)?;
        Ok(Startup { loaded, profile })
    }

    /// The demo portal's own two profiles (client and reseller), watching a few items.
    pub fn demo(demo: &DemoPortal, wanted: Option<&str>, language: Language) -> Result<Startup, SettingsError> {
        let config = demo_config(demo);
        let profile = config.select(wanted).map_err(|_| {
            let name = format!("{:?}", wanted.unwrap_or_default().trim());
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", &name), ("names", &config.names_in(language))];
            SettingsError(Text::ConfigNoProfileDemo.fill(language, &fill))
        })?;
        Ok(Startup { loaded: crate::config::Loaded { path: PathBuf::new(), config }, profile })
    }

    /// What the chosen profile watches (nothing without a profile).
    pub fn watchlist(&self) -> crate::radar::Watchlist {
        self.profile.as_ref().map(|(_, p)| p.watchlist()).unwrap_or_default()
    }

    pub fn partial(&self, args: &PortalArgs) -> Result<Partial, SettingsError> {
        Partial::from_args(args, self.profile.as_ref().map(|(n, p)| (n.as_str(), p)))
    }

    /// Every profile of the file in order, each with its watchlist, and the place of the
    /// chosen one. The chosen profile takes the flags and environment; the others only the
    /// settings that concern every portal (time-outs, `--ca-cert`, `--allow-insecure-http`).
    /// Without profiles, the one unnamed portal the flags describe.
    pub fn all_profiles(
        &self,
        args: &PortalArgs,
    ) -> Result<(Vec<(Partial, crate::radar::Watchlist)>, usize), SettingsError> {
        let Some((chosen, _)) = &self.profile else {
            return Ok((vec![(self.partial(args)?, self.watchlist())], 0));
        };
        let shared = PortalArgs {
            connect_timeout: args.connect_timeout,
            timeout: args.timeout,
            ca_cert: args.ca_cert.clone(),
            allow_insecure_http: args.allow_insecure_http,
            // `--lang` (`PORTAL_LANG`) is the run's language: every profile speaks it.
            lang: args.lang,
            ..PortalArgs::default()
        };
        let mut all = Vec::new();
        let mut active = 0;
        for (name, profile) in &self.loaded.config.profiles {
            let watch = profile.watchlist();
            if name == chosen {
                active = all.len();
                all.push((self.partial(args)?, watch));
            } else {
                let mut partial = Partial::from_args(&shared, Some((name, profile)))?;
                // PORTAL_PASSWORD belongs to the profile the run started with.
                partial.password = None;
                all.push((partial, watch));
            }
        }
        Ok((all, active))
    }
}

/// A configuration with one profile per demo portal (`client`, `reseller`), each watching
/// what the demo offers to watch; the client's is the default.
fn demo_config(demo: &DemoPortal) -> crate::config::Config {
    let mut config = crate::config::Config::default();
    for p in demo.profiles() {
        let profile = Profile {
            base_url: Some(demo.url()),
            host: Some(p.login.host),
            role: Some(p.role),
            username: Some(p.login.username),
            watch_domains: p.watch_domains.iter().map(|d| d.to_string()).collect(),
            watch_certificates: p.watch_certificates.to_vec(),
            watch_services: p.watch_services.to_vec(),
            // A demo portal lives for one run: nothing of it is kept beside real sessions.
            remember: Some(false),
            ..Profile::default()
        };
        config.default_profile.get_or_insert_with(|| p.name.to_owned());
        config.profiles.insert(p.name.to_owned(), profile);
    }
    config
}

/// What to do when no portal is configured at all, as the CLI and the first run say it.
pub fn how_to_start(language: Language) -> String {
    let path = crate::config::default_path()
        .map_or_else(|| Text::SetupConfigFile.get(language).to_owned(), |p| p.display().to_string());
    Text::SetupHowStart.fill(language, &[("path", &path)])
}

/// The warning to show before a JWT login over plain http:// to another machine, in the
/// settings' language (the command line says it after its `warning:`).
pub fn insecure_warning(settings: &ClientSettings) -> Option<String> {
    // Basic auth gets here only when allowed (--allow-insecure-http): it travels the same way.
    insecure(&settings.base_url, AuthMethod::Jwt, settings.language)
}

/// What plain http:// to another machine means for this way of signing in, as the login
/// form and the CLI say it.
pub fn insecure(url: &BaseUrl, auth: AuthMethod, language: Language) -> Option<String> {
    let text = match auth {
        AuthMethod::Jwt => crate::i18n::Text::InsecureJwt,
        AuthMethod::Basic => crate::i18n::Text::InsecureBasic,
    };
    url.is_plain_remote().then(|| text.fill(language, &[("host", &url.host())]))
}

/// Runs `command` with `sh -c` in a process group of its own; its first line of output is
/// the password. A command that fails, prints nothing or takes longer than `timeout` is an
/// error saying which; its stderr is not repeated (a failing helper may print the secret).
/// The whole group is killed on a time-out and whenever the caller stops waiting (Esc, a
/// new login, the program ending): nothing it started outlives it.
pub async fn password_from_command(command: &str, timeout: Duration) -> Result<SecretString, SettingsError> {
    password_from_command_in(command, timeout, Language::English).await
}

/// [`password_from_command`], what went wrong said in `language`.
pub async fn password_from_command_in(
    command: &str,
    timeout: Duration,
    language: Language,
) -> Result<SecretString, SettingsError> {
    let quoted = format!("{command:?}");
    let fail =
        |why: String| SettingsError(Text::PasswordCommandFailed.fill(language, &[("command", &quoted), ("why", &why)]));
    let by_hand = Text::PasswordCommandByHand.fill(language, &[("command", &shell_quote(command))]);
    let mut child = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| fail(Text::PasswordCommandNoStart.fill(language, &[("error", &e)])))?;
    let _group = child.id().map(crate::config::process_group::Guard::new);
    let mut stdout = child.stdout.take();
    let read = async {
        let mut bytes = Vec::new();
        if let Some(out) = stdout.as_mut() {
            tokio::io::AsyncReadExt::read_to_end(out, &mut bytes).await?;
        }
        Ok::<_, std::io::Error>((child.wait().await?, bytes))
    };
    let (status, stdout) = match tokio::time::timeout(timeout, read).await {
        Ok(result) => result.map_err(|e| fail(Text::PasswordCommandError.fill(language, &[("error", &e)])))?,
        Err(_) => {
            let seconds = timeout.as_secs_f64();
            return Err(fail(Text::PasswordCommandSlow.fill(language, &[("seconds", &seconds)])));
        }
    };
    if !status.success() {
        let status = match status.code() {
            Some(code) => Text::PasswordCommandExited.fill(language, &[("code", &code)]),
            None => Text::PasswordCommandKilled.get(language).to_owned(),
        };
        return Err(fail(format!("{status}; {by_hand}")));
    }
    let stdout = String::from_utf8_lossy(&stdout);
    let first = stdout.lines().next().unwrap_or("").trim_end_matches('\r');
    if first.is_empty() {
        return Err(fail(Text::PasswordCommandEmpty.get(language).to_owned()));
    }
    Ok(SecretString::from(first.to_owned()))
}

/// `text` as one shell word.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(command: &str, timeout_ms: u64) -> Result<String, SettingsError> {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(password_from_command(command, Duration::from_millis(timeout_ms)))
            .map(|p| p.expose_secret().to_owned())
    }

    #[test]
    fn password_command_first_line() {
        assert_eq!(run("printf 's3cret pass\\nsecond\\n'", 5000).unwrap(), "s3cret pass");
    }

    #[test]
    fn password_command_failures_are_explained() {
        let e = run("echo s3cret-from-helper >&2; exit 3", 5000).unwrap_err().to_string();
        assert_eq!(
            e,
            r#"password_command "echo s3cret-from-helper >&2; exit 3" exited with status 3; run it by hand to see why: sh -c 'echo s3cret-from-helper >&2; exit 3'"#
        );
        let e = run("true", 5000).unwrap_err().to_string();
        assert!(e.ends_with("printed no password"), "{e}");
        let e = run("sleep 5", 200).unwrap_err().to_string();
        assert!(e.ends_with("did not finish within 0.2 s"), "{e}");
    }

    /// Whether a process is gone (or a zombie waiting for its new parent to reap it).
    fn gone(pid: i32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        }
    }

    fn wait_gone(pid: i32) -> bool {
        (0..100).any(|_| {
            std::thread::sleep(Duration::from_millis(20));
            gone(pid)
        })
    }

    #[test]
    fn the_whole_group_ends_on_a_time_out_and_on_cancel() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        // A helper that leaves a grandchild behind, as `sleep 100 &` or a stuck agent would.
        let command = format!("sleep 100 & echo $! > {}; wait", pid_file.display());
        let e = run(&command, 300).unwrap_err().to_string();
        assert!(e.ends_with("did not finish within 0.3 s"), "{e}");
        let pid: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        assert!(wait_gone(pid), "the grandchild {pid} outlived the time-out");

        std::fs::remove_file(&pid_file).unwrap();
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            // The caller stops waiting (Esc): the future is dropped mid-run.
            let running = password_from_command(&command, Duration::from_secs(30));
            let cancelled = tokio::time::timeout(Duration::from_millis(300), running).await;
            assert!(cancelled.is_err());
        });
        let pid: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        assert!(wait_gone(pid), "the grandchild {pid} outlived the cancel");
    }

    #[test]
    fn partial_debug_hides_the_password() {
        let partial = Partial { password: Some(SecretString::from("hunter2-secret")), ..Partial::default() };
        assert!(!format!("{partial:?}").contains("hunter2"));
    }

    #[test]
    fn precedence_flags_over_profile_over_defaults() {
        let profile = Profile {
            base_url: Some("https://api.example.vn".into()),
            host: Some("daily.example.vn".into()),
            role: Some(Role::Reseller),
            language: Some(Language::Vietnamese),
            username: Some("profile@example.vn".into()),
            ..Profile::default()
        };
        let args = PortalArgs {
            username: Some("flag@example.vn".into()),
            connect_timeout: 5.0,
            timeout: 20.0,
            ..PortalArgs::default()
        };
        let p = Partial::from_args(&args, Some(("r", &profile))).unwrap();
        assert_eq!(p.profile.as_deref(), Some("r"));
        assert_eq!(p.username.as_deref(), Some("flag@example.vn"));
        assert_eq!(p.base_url.as_deref(), Some("https://api.example.vn"));
        assert_eq!((p.role, p.language, p.auth), (Role::Reseller, Language::Vietnamese, AuthMethod::Jwt));
        let p = Partial::from_args(&args, None).unwrap();
        assert_eq!((p.base_url, p.role, p.language), (None, Role::Client, Language::English));
    }

    #[test]
    fn the_demo_is_two_profiles_the_client_first() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let demo = DemoPortal::start_local(crate::demo::DemoOptions::default()).await.unwrap();
            let startup = Startup::demo(&demo, None, Language::English).unwrap();
            let (chosen, client) = startup.profile.clone().unwrap();
            assert_eq!((chosen.as_str(), client.base_url), ("client", Some(demo.url())));
            assert_eq!(startup.loaded.config.profiles.keys().collect::<Vec<_>>(), ["client", "reseller"]);
            let reseller = &startup.loaded.config.profiles["reseller"];
            assert_eq!((reseller.host.as_deref(), reseller.role), (Some(RESELLER_HOST), Some(Role::Reseller)));
            let watched = crate::radar::Watchlist {
                domains: vec!["khachsanhoian.com".into()],
                certificates: vec![4401],
                services: vec![6601],
            };
            assert_eq!(reseller.watchlist(), watched);
            assert_eq!(client.remember, Some(false), "a demo's session is not kept");
            // `--lang vi` is the run's: the reseller's profile speaks it too.
            let vietnamese = PortalArgs {
                lang: Some(Language::Vietnamese),
                connect_timeout: 5.0,
                timeout: 20.0,
                ..PortalArgs::default()
            };
            let (all, _) = startup.all_profiles(&vietnamese).unwrap();
            assert!(all.iter().all(|(p, _)| p.language == Language::Vietnamese));
            let unknown = Startup::demo(&demo, Some("nobody"), Language::English).unwrap_err().to_string();
            assert!(unknown.contains("in --demo"), "{unknown}");
        });
    }

    #[test]
    fn basic_auth_over_remote_http_is_refused() {
        let partial = |url: &str, auth, allow| Partial {
            base_url: Some(url.into()),
            host: Some("my.example.vn".into()),
            username: Some("u".into()),
            password: Some(SecretString::from("p")),
            auth,
            allow_insecure_http: allow,
            ..Partial::default()
        };
        let e = partial("http://api.example.vn", AuthMethod::Basic, false).into_settings().unwrap_err();
        assert!(e.to_string().contains("--allow-insecure-http"), "{e}");
        assert!(partial("http://api.example.vn", AuthMethod::Basic, true).into_settings().is_ok());
        assert!(partial("http://127.0.0.1:8787", AuthMethod::Basic, false).into_settings().is_ok());
        assert!(partial("https://api.example.vn", AuthMethod::Basic, false).into_settings().is_ok());
        let jwt = partial("http://api.example.vn", AuthMethod::Jwt, false).into_settings().unwrap();
        assert!(insecure_warning(&jwt).unwrap().contains("unencrypted"));
        let local = partial("http://localhost:8787", AuthMethod::Jwt, false).into_settings().unwrap();
        assert_eq!(insecure_warning(&local), None);
    }
}
