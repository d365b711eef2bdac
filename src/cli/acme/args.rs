//! Command-line definitions (clap) of the ACME DNS-01 hooks: `acme present|cleanup` (lego's
//! `exec` provider) and `acme certbot-auth|certbot-cleanup` (certbot's manual hooks); see
//! `acme` for what they do.

use clap::{Args, Subcommand};

/// An ACME DNS-01 hook: the TXT record at `_acme-challenge.NAME` added or removed.
#[derive(Debug, Subcommand)]
pub enum AcmeHook {
    /// Add the TXT record (lego's `exec` convention: `present _acme-challenge.example.vn.
    /// VALUE`, or with EXEC_MODE=RAW `present -- DOMAIN TOKEN KEY_AUTH`), then wait until
    /// every authoritative name server of the zone answers it. Nothing is sent when the name
    /// has that value already; other TXT values there are left as they are.
    Present(HookArgs),
    /// Remove the TXT record with this value (the same arguments as `present`); nothing is
    /// sent when there is none. Other TXT values there are left as they are.
    Cleanup(HookArgs),
    /// `present` for certbot's --manual-auth-hook: the name and value from CERTBOT_DOMAIN
    /// and CERTBOT_VALIDATION.
    CertbotAuth {
        #[command(flatten)]
        certbot: CertbotArgs,
        #[command(flatten)]
        record: RecordArgs,
        #[command(flatten)]
        wait: WaitArgs,
    },
    /// `cleanup` for certbot's --manual-cleanup-hook. It takes the options `certbot-auth`
    /// takes, so that one set serves both hooks; those of the wait and the TTL change
    /// nothing here.
    CertbotCleanup {
        #[command(flatten)]
        certbot: CertbotArgs,
        #[command(flatten)]
        record: RecordArgs,
        #[command(flatten)]
        wait: WaitArgs,
    },
}

/// The challenge as lego's `exec` provider passes it.
#[derive(Debug, Args)]
pub struct HookArgs {
    /// The record's full name (`_acme-challenge.example.vn.`); in RAW mode the domain
    /// (`example.vn`).
    #[arg(value_name = "FQDN|DOMAIN", allow_hyphen_values = true)]
    pub name: String,
    /// The TXT value; in RAW mode the challenge's token. It may begin with `-`.
    #[arg(value_name = "VALUE|TOKEN", allow_hyphen_values = true)]
    pub value: String,
    /// RAW mode only: the key authorization, whose SHA-256 (base64url, no padding) is the
    /// value.
    #[arg(value_name = "KEY_AUTH", allow_hyphen_values = true)]
    pub key_auth: Option<String>,
    #[command(flatten)]
    pub record: RecordArgs,
    #[command(flatten)]
    pub wait: WaitArgs,
}

/// How the TXT record is written (`present`; `cleanup` takes it and changes nothing).
#[derive(Debug, Args, Clone)]
pub struct RecordArgs {
    /// The record's TTL in seconds: short, so that a value left by a run that failed is
    /// soon forgotten. A registrar's DNS takes no TTL: none is sent there.
    #[arg(long, env = "PORTAL_ACME_TTL", value_name = "SECS", default_value_t = DEFAULT_TTL,
          value_parser = clap::value_parser!(u32).range(1..=2_147_483_647))]
    pub ttl: u32,
}

/// The TTL of a challenge's record unless `--ttl` says another.
pub const DEFAULT_TTL: u32 = 60;

/// The challenge as certbot's manual hooks pass it.
#[derive(Debug, Args)]
pub struct CertbotArgs {
    /// The domain being validated (no `*.` for a wildcard).
    #[arg(long, env = "CERTBOT_DOMAIN", value_name = "DOMAIN")]
    pub domain: Option<String>,
    /// The TXT value.
    #[arg(long, env = "CERTBOT_VALIDATION", value_name = "VALUE", allow_hyphen_values = true)]
    pub validation: Option<String>,
}

/// How long `present` waits for the record to be seen, and where it looks. Each can be
/// set in the environment too, for lego's EXEC_PATH, which takes no arguments.
#[derive(Debug, Args, Clone)]
pub struct WaitArgs {
    /// Do not wait: exit once the portal has the record.
    #[arg(long, env = "PORTAL_ACME_NO_WAIT", value_parser = crate::cli::switch::switch())]
    pub no_wait: bool,
    /// Give up waiting after this many seconds (exit 5; the record stays).
    #[arg(long, env = "PORTAL_ACME_WAIT_TIMEOUT", value_name = "SECS", default_value_t = 300)]
    pub wait_timeout: u64,
    /// The resolver that finds the zone's name servers and their addresses, instead of the
    /// system's (`ip` or `ip:port`). Repeatable; commas between them in the environment.
    #[arg(long, env = "PORTAL_ACME_RESOLVER", value_name = "ADDR", value_delimiter = ',')]
    pub resolver: Vec<String>,
    /// Ask these as the zone's authoritative name servers instead of finding them (`ip` or
    /// `ip:port`): a hidden primary, a private set-up; no resolver is asked then.
    /// Repeatable; commas between them in the environment.
    #[arg(long, env = "PORTAL_ACME_NAMESERVER", value_name = "ADDR", value_delimiter = ',')]
    pub nameserver: Vec<String>,
}
