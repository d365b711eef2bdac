//! The configuration file: portals as named profiles, the theme and key bindings.
//! A missing file is an empty configuration; a malformed one is an error naming the file,
//! line and column.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use indexmap::IndexMap;
use serde::{Deserialize, Deserializer};

use crate::api::{AuthMethod, Language, Role};
use crate::radar::Watchlist;

/// The commented default, printed by `--print-default-config`.
pub const DEFAULT_CONFIG: &str = include_str!("../../assets/config.default.toml");

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub default_profile: Option<String>,
    /// `ansi` (default), `mono`, `truecolor` or a path to a theme file.
    pub theme: Option<String>,
    /// Click to select and wheel to scroll (also `--mouse`).
    #[serde(default)]
    pub mouse: bool,
    /// Where the dashboard shows times: `local` (this machine's clock, the default) or
    /// `portal` (the portals' own, `portal_clock`).
    pub times: Option<String>,
    /// The UTC offset the portals write their timestamps in (`+07:00` unless set).
    pub portal_clock: Option<String>,
    /// Echo services that answer the address a request comes from (`dns set … --public-ip`
    /// asks two, which must agree).
    #[serde(default)]
    pub ip_sources: Vec<String>,
    /// In file order, which is also the switcher's order.
    #[serde(default)]
    pub profiles: IndexMap<String, Profile>,
    /// Key bindings per screen (`global`, `account`, `domains`, ...), merged over the defaults.
    #[serde(default)]
    pub keys: IndexMap<String, IndexMap<String, KeyList>>,
}

/// One binding's keys: `"r"` or `["r", "F5"]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum KeyList {
    One(String),
    Many(Vec<String>),
}

impl KeyList {
    pub fn keys(&self) -> Vec<&str> {
        match self {
            KeyList::One(k) => vec![k.as_str()],
            KeyList::Many(ks) => ks.iter().map(String::as_str).collect(),
        }
    }
}

/// One portal as one user.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub base_url: Option<String>,
    /// The `X-Forwarded-Host` value.
    pub host: Option<String>,
    #[serde(default, deserialize_with = "parsed")]
    pub role: Option<Role>,
    #[serde(default, deserialize_with = "parsed")]
    pub language: Option<Language>,
    #[serde(default, deserialize_with = "parsed")]
    pub auth: Option<AuthMethod>,
    pub username: Option<String>,
    /// A shell command whose first line of output is the password.
    pub password_command: Option<String>,
    /// Keep the session between runs (JWT only): the default; `false` signs in every run.
    pub remember: Option<bool>,
    #[serde(default)]
    pub watch_domains: Vec<String>,
    #[serde(default)]
    pub watch_certificates: Vec<u64>,
    #[serde(default)]
    pub watch_services: Vec<u64>,
}

impl Profile {
    /// What the profile watches, for the radar.
    pub fn watchlist(&self) -> Watchlist {
        Watchlist {
            domains: self.watch_domains.clone(),
            certificates: self.watch_certificates.clone(),
            services: self.watch_services.clone(),
        }
    }
}

fn parsed<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr<Err = String>,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map(Some).map_err(serde::de::Error::custom)
}

/// A configuration problem, with where it is when that is known.
#[derive(Debug, thiserror::Error)]
pub struct ConfigError {
    pub path: PathBuf,
    pub position: Option<(usize, usize)>,
    pub message: String,
    /// The language it is said in.
    pub language: crate::api::Language,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = match self.position {
            Some((line, column)) => format!("{}:{line}:{column}", self.path.display()),
            None => self.path.display().to_string(),
        };
        let said = crate::i18n::Text::ConfigFileSays.fill(self.language, &[("at", &at), ("message", &self.message)]);
        f.write_str(&said)
    }
}

impl ConfigError {
    pub fn new(path: &Path, message: impl Into<String>) -> ConfigError {
        ConfigError {
            path: path.to_owned(),
            position: None,
            message: message.into(),
            language: crate::api::Language::English,
        }
    }
}

/// A configuration and the file it came from (which may not exist yet).
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub path: PathBuf,
    pub config: Config,
}

/// `$XDG_CONFIG_HOME/portal-tui/config.toml` on Linux, the platform's equivalent elsewhere.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "portal-tui").map(|d| d.config_dir().join("config.toml"))
}

impl Loaded {
    /// Reads `explicit` (which must exist) or the default path (which may not).
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        Loaded::load_in(explicit, crate::api::Language::English)
    }

    /// [`Loaded::load`], a problem said in `language`.
    pub fn load_in(explicit: Option<&Path>, language: crate::api::Language) -> Result<Loaded, ConfigError> {
        use crate::i18n::Text;
        let said = |path: &Path, message: String| ConfigError { language, ..ConfigError::new(path, message) };
        let (path, required) = match explicit {
            Some(p) => (p.to_owned(), true),
            None => match default_path() {
                Some(p) => (p, false),
                None => return Ok(Loaded::default()),
            },
        };
        let text = match read_regular(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                return Ok(Loaded { path, config: Config::default() });
            }
            Err(e) => {
                let why = match (not_a_file_said(&e), e.kind()) {
                    (Some(text), _) => text.get(language).to_owned(),
                    (None, std::io::ErrorKind::NotFound) => Text::ConfigNotFound.get(language).to_owned(),
                    (None, std::io::ErrorKind::PermissionDenied) => Text::ConfigDenied.get(language).to_owned(),
                    (None, _) => e.to_string(),
                };
                return Err(said(&path, Text::ConfigCannotRead.fill(language, &[("error", &why)])));
            }
        };
        let config =
            Config::parse(&text).map_err(|(position, message)| ConfigError { position, ..said(&path, message) })?;
        // Its password commands run as the user: only the user may have written them.
        if config.profiles.values().any(|p| p.password_command.is_some())
            && let Err(why) = crate::config::trust::check(&path)
        {
            let fill: [(&str, &dyn fmt::Display); 2] = [("reason", &why.reason), ("fix", &why.fix)];
            return Err(said(&path, Text::ConfigUntrusted.fill(language, &fill)));
        }
        Ok(Loaded { path, config })
    }
}

/// The text of `path` when it is a regular file (a link to one included). A named pipe, a
/// device or a socket is refused at once rather than read: opening it does not wait for a
/// writer (`O_NONBLOCK`), and what it is is asked of the file opened, not of its name.
fn read_regular(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let mut file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        let said = not_a_file(kind).get(crate::api::Language::English);
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, said));
    }
    let mut text = String::new();
    file.read_to_string(&mut text)?;
    Ok(text)
}

/// What a path that is no regular file is, in words.
fn not_a_file(kind: std::fs::FileType) -> crate::i18n::Text {
    use crate::i18n::Text;
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Text::ConfigFifo;
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Text::ConfigDevice;
        }
        if kind.is_socket() {
            return Text::ConfigSocket;
        }
    }
    if kind.is_dir() { Text::ConfigFolder } else { Text::ConfigNotRegular }
}

/// The words of a refusal `read_regular` made, to be said in another language.
fn not_a_file_said(e: &std::io::Error) -> Option<crate::i18n::Text> {
    use crate::i18n::Text;
    let said = e.to_string();
    [Text::ConfigFifo, Text::ConfigDevice, Text::ConfigSocket, Text::ConfigFolder, Text::ConfigNotRegular]
        .into_iter()
        .find(|t| t.get(crate::api::Language::English) == said)
}

impl Config {
    /// Parses and checks a configuration; errors carry a 1-based line and column.
    pub fn parse(text: &str) -> Result<Config, (Option<(usize, usize)>, String)> {
        let config: Config = toml_edit::de::from_str(text).map_err(|e| {
            let position = e.span().map(|span| line_column(text, span.start));
            (position, e.message().trim().to_owned())
        })?;
        if let Some(name) = &config.default_profile
            && !config.profiles.contains_key(name)
        {
            let position = text.find("default_profile").map(|at| line_column(text, at));
            return Err((
                position,
                format!("default_profile {name:?} is not one of the profiles ({})", config.names()),
            ));
        }
        if let Err(message) = config.keymap() {
            return Err((Some(line_column(text, key_error_at(text, &config, &message))), message));
        }
        Ok(config)
    }

    /// The zone the dashboard shows times in and the portals' clock, from `times` and
    /// `portal_clock`; a value neither reads is an error naming it.
    pub fn times(&self) -> Result<crate::i18n::times::Times, String> {
        use crate::i18n::times::{Times, Zone, parse_offset};
        let zone = match self.times.as_deref().map(str::trim) {
            None | Some("local") => Zone::Local,
            Some("portal") => Zone::Portal,
            Some(other) => return Err(format!("times = {other:?} is neither \"local\" nor \"portal\"")),
        };
        let portal = match self.portal_clock.as_deref() {
            None => Times::default().portal,
            Some(text) => parse_offset(text)
                .ok_or_else(|| format!("portal_clock = {text:?} is no UTC offset (such as \"+07:00\" or \"UTC\")"))?,
        };
        Ok(Times { portal, zone, local: None })
    }

    /// The default key bindings with this file's `[keys]` over them.
    pub fn keymap(&self) -> Result<crate::config::keys::Keymap, String> {
        crate::config::keys::Keymap::merged(
            self.keys
                .iter()
                .map(|(context, actions)| (context.as_str(), actions.iter().map(|(a, k)| (a.as_str(), k.keys())))),
        )
    }

    pub fn names(&self) -> String {
        self.names_in(crate::api::Language::English)
    }

    /// The profiles' names, or that there are none, in `language`.
    pub fn names_in(&self, language: crate::api::Language) -> String {
        if self.profiles.is_empty() {
            crate::i18n::Text::ConfigNoProfiles.get(language).into()
        } else {
            self.profiles.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
        }
    }

    /// The profile asked for, else the default one, else the first one; `None` when the
    /// file defines none (flags and environment alone).
    pub fn select(&self, wanted: Option<&str>) -> Result<Option<(String, Profile)>, String> {
        self.select_in(wanted, crate::api::Language::English)
    }

    /// [`Config::select`], a profile not there said in `language`.
    pub fn select_in(
        &self,
        wanted: Option<&str>,
        language: crate::api::Language,
    ) -> Result<Option<(String, Profile)>, String> {
        let name = match wanted.map(str::trim).filter(|w| !w.is_empty()) {
            Some(name) => name.to_owned(),
            None => match self.default_profile.clone().or_else(|| self.profiles.keys().next().cloned()) {
                Some(name) => name,
                None => return Ok(None),
            },
        };
        match self.profiles.get(&name) {
            Some(profile) => Ok(Some((name, profile.clone()))),
            None => {
                let fill: [(&str, &dyn fmt::Display); 2] =
                    [("name", &format!("{name:?}")), ("names", &self.names_in(language))];
                Err(crate::i18n::Text::ConfigNoProfile.fill(language, &fill))
            }
        }
    }
}

/// Where in the file a `[keys]` error is: the line of the action or key it names, in its
/// section when it names one, else the section, else the first `[keys` table.
fn key_error_at(text: &str, config: &Config, message: &str) -> usize {
    let section = config.keys.keys().find(|c| message.contains(&format!("[keys.{c}]")));
    let header = section.and_then(|c| text.find(&format!("[keys.{c}]")));
    let start = header.or_else(|| text.find("[keys")).unwrap_or(0);
    // The names the message quotes (an unknown action or key) first, then the actions it
    // mentions (a key given two actions).
    let quoted: Vec<String> = message.split('"').skip(1).step_by(2).map(str::to_owned).collect();
    let actions: Vec<String> = config
        .keys
        .values()
        .flat_map(|actions| actions.keys().cloned())
        .filter(|a| message.contains(a.as_str()))
        .collect();
    for names in [quoted, actions] {
        if let Some(at) = line_naming(&text[start..], &names) {
            return start + at;
        }
    }
    start
}

/// The offset of the first line in this `[keys` section (or the rest of the `[keys`
/// tables) that binds one of `names` or holds one of them as a key name.
fn line_naming(section: &str, names: &[String]) -> Option<usize> {
    let mut offset = 0;
    for line in section.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if offset > 0 && trimmed.starts_with('[') && !trimmed.starts_with("[keys") {
            return None;
        }
        let binds = |name: &String| {
            let rest = trimmed.strip_prefix(name.as_str()).map(str::trim_start);
            rest.is_some_and(|r| r.starts_with('=')) || line.contains(&format!("\"{name}\""))
        };
        if !trimmed.starts_with('[') && names.iter().any(binds) {
            return Some(offset + (line.len() - trimmed.len()));
        }
        offset += line.len();
    }
    None
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_errors_point_at_the_line_that_has_them() {
        let at = |text: &str| Config::parse(text).unwrap_err().0.map(|(line, _)| line);
        let text = "# mine\n\n[keys.global]\nrefresh = \"F5\"\nrefesh = \"r\"\n";
        assert_eq!(at(text), Some(5), "the unknown action's line");
        let text = "[keys.domains]\nlookup = \"n\"\nfilter = \"Hyper-x\"\n";
        assert_eq!(at(text), Some(3), "the unknown key's line");
        let text = "[profiles.a]\nhost = \"h\"\n\n[keys.global]\nhelp = \"?\"\nrefresh = \"?\"\n";
        assert_eq!(at(text), Some(5), "the first of two bindings the config gives one key");
        let text = "[keys.dommains]\nlookup = \"n\"\n";
        assert_eq!(at(text), Some(1), "an unknown section: its header");
    }

    #[test]
    fn the_default_config_parses_and_names_its_profiles() {
        let config = Config::parse(DEFAULT_CONFIG).expect("default config parses");
        assert!(config.profiles.is_empty() || config.default_profile.is_some());
        // Its commented examples are valid too once uncommented.
        let uncommented: String = DEFAULT_CONFIG
            .lines()
            .map(|l| l.strip_prefix("# ").filter(|r| r.contains('=') || r.starts_with('[')).unwrap_or(""))
            .map(|l| format!("{l}\n"))
            .collect();
        let config = Config::parse(&uncommented).expect("the examples parse");
        assert_eq!(config.profiles.len(), 2);
        let keymap = config.keymap().unwrap();
        let f5 = crate::config::keys::Key::plain(crossterm::event::KeyCode::F(5));
        assert_eq!(keymap.action(crate::config::keys::Context::Global, f5), Some(crate::config::keys::Action::Refresh));
    }

    #[test]
    fn full_profile() {
        let text = r#"
default_profile = "client"
[profiles.client]
base_url = "https://api.example.vn"
host = "my.example.vn"
role = "client"
language = "vietnamese"
auth = "jwt"
username = "me@example.vn"
password_command = "pass show portal/client"
remember = true
watch_domains = ["example.vn"]
watch_certificates = [3301]
watch_services = [2207]

[profiles.reseller]
host = "daily.example.vn"
role = "reseller"
auth = "basic"
"#;
        let config = Config::parse(text).unwrap();
        assert_eq!(config.profiles.keys().collect::<Vec<_>>(), ["client", "reseller"]);
        let (name, client) = config.select(None).unwrap().unwrap();
        assert_eq!(name, "client");
        assert_eq!(client.language, Some(Language::Vietnamese));
        assert_eq!(client.watch_certificates, [3301]);
        assert_eq!(client.remember, Some(true));
        let (_, reseller) = config.select(Some("reseller")).unwrap().unwrap();
        assert_eq!(reseller.role, Some(Role::Reseller));
        assert_eq!(reseller.auth, Some(AuthMethod::Basic));
        let err = config.select(Some("other")).unwrap_err();
        assert_eq!(err, r#"no profile named "other" in the config file (profiles: client, reseller)"#);
    }

    #[test]
    fn errors_have_line_and_column() {
        let (position, message) = Config::parse("[profiles.a]\nhost = \"x\"\nlanguage = \"klingon\"\n").unwrap_err();
        assert_eq!(position, Some((3, 12)));
        assert!(message.contains("unknown language"), "{message}");
        let (position, message) = Config::parse("[profiles.a]\nhots = \"x\"\n").unwrap_err();
        assert_eq!(position, Some((2, 1)));
        assert!(message.contains("unknown field `hots`"), "{message}");
        let (position, _) = Config::parse("default_profile = \n").unwrap_err();
        assert_eq!(position.map(|p| p.0), Some(1));
        let (position, message) = Config::parse("default_profile = \"x\"\n[profiles.a]\n").unwrap_err();
        assert_eq!(position, Some((1, 1)));
        assert!(message.contains("not one of the profiles (a)"), "{message}");
        assert!(Config::parse("").unwrap().select(None).unwrap().is_none());
        let (position, message) =
            Config::parse("[profiles.a]\n\n[keys.domains]\nfilter = \"F4\"\nlookup = \"a\"\nwatch = \"a\"\n")
                .unwrap_err();
        assert_eq!(position, Some((5, 1)), "a binding's own line, not its section's");
        assert!(message.contains("key a is bound to both"), "{message}");
    }
}
