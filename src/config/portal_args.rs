//! The portal options as the command line and the environment give them (`--base-url`,
//! `PORTAL_HOST`, …). Defined here, beside the settings they resolve into, and flattened
//! into the command line by `cli::Cli`.

use std::path::PathBuf;

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::api::{AuthMethod, Language};

/// Where the portal is and who logs in. The password comes from `PORTAL_PASSWORD` or a
/// prompt, never from a flag.
#[derive(Debug, Args, Clone, Default)]
pub struct PortalArgs {
    /// Portal API base URL, e.g. https://api.example.vn or https://billing.example.vn/api.
    #[arg(long, global = true, env = "PORTAL_BASE_URL", value_name = "URL")]
    pub base_url: Option<String>,

    /// Portal host sent as X-Forwarded-Host: the client or the reseller portal, where one
    /// address serves several (not needed otherwise: none is sent).
    #[arg(long, global = true, env = "PORTAL_HOST", value_name = "HOST")]
    pub host: Option<String>,

    /// Language of everything said (reports, messages, errors, the dashboard) and of the
    /// portal's answers (en and vi accepted too).
    #[arg(long, global = true, env = "PORTAL_LANG", value_name = "LANG", ignore_case = true, value_parser = languages())]
    pub lang: Option<Language>,

    /// Authentication: jwt (login, then a token) or basic (credentials on every call).
    #[arg(long, global = true, env = "PORTAL_AUTH", value_name = "METHOD", ignore_case = true, value_parser = auth_methods())]
    pub auth: Option<AuthMethod>,

    /// Account e-mail address. The password is never a flag: it comes from PORTAL_PASSWORD,
    /// the profile's password_command, or a prompt on the terminal.
    #[arg(long, global = true, env = "PORTAL_USERNAME", value_name = "EMAIL")]
    pub username: Option<String>,

    /// Seconds to wait for a connection.
    #[arg(long, global = true, env = "PORTAL_CONNECT_TIMEOUT", value_name = "SECS", default_value_t = 5.0)]
    pub connect_timeout: f64,

    /// Seconds to wait for a whole answer.
    #[arg(long, global = true, env = "PORTAL_TIMEOUT", value_name = "SECS", default_value_t = 20.0)]
    pub timeout: f64,

    /// Also trust the certificates in this PEM file (a private CA). Certificates are always verified.
    #[arg(long, global = true, env = "PORTAL_CA_CERT", value_name = "PATH")]
    pub ca_cert: Option<PathBuf>,

    /// Allow Basic auth over plain http:// to another machine (the password travels unencrypted).
    #[arg(long, global = true)]
    pub allow_insecure_http: bool,
}

/// The languages, by name (as clap lists them when one is mistyped) or short name.
fn languages() -> impl TypedValueParser<Value = Language> {
    let names = [
        PossibleValue::new("english").alias("en"),
        PossibleValue::new("vietnamese").aliases(["vi", "vn", "tiếng việt"]),
    ];
    PossibleValuesParser::new(names).map(|name| name.parse().unwrap_or_default())
}

/// The ways of signing in, by name.
fn auth_methods() -> impl TypedValueParser<Value = AuthMethod> {
    let names = [PossibleValue::new("jwt").aliases(["token", "bearer"]), PossibleValue::new("basic")];
    PossibleValuesParser::new(names).map(|name| name.parse().unwrap_or_default())
}
