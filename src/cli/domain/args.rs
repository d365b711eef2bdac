//! The `domain` subcommands' arguments (clap only; `domain` does what they say).

use clap::Subcommand;

use crate::cli::asking::ConfirmArgs;

/// An action on a domain's registration. NAME|ID is a domain name (its active
/// registration) or a registration's id (a number). A change is confirmed, sent once and
/// followed by a fresh read of the registration.
#[derive(Debug, Subcommand)]
pub enum DomainCommand {
    /// Renew the registration (POST /domain/ID/renew): charged to the credit now, or an
    /// invoice to pay, as this portal does; the confirmation shows the price, how it is paid
    /// and the new expiry date. Several names, or --expiring-within DAYS for every active
    /// registration expiring by then: without --yes the plan (each price, the total, the
    /// credit after) is printed and nothing is sent; with it they are renewed one at a time.
    Renew {
        /// The domain names (their active registrations), or registrations' ids (numbers).
        #[arg(value_name = "NAME|ID", required_unless_present = "expiring_within")]
        targets: Vec<String>,
        /// Every active registration that expires within this many days (what has expired
        /// and is still active included).
        #[arg(long, value_name = "DAYS", conflicts_with = "targets", value_parser = crate::cli::plan::args::days)]
        expiring_within: Option<i64>,
        /// Each profile's registrations in turn, each its own account and credit (with
        /// --expiring-within; never asks for a password).
        #[arg(long)]
        all_profiles: bool,
        /// Years to renew for.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10), value_name = "N")]
        years: u32,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Turn autorenew on or off (PUT /domain/ID/autorenew): the names, then `on` or `off`.
    /// Several names, or --expiring-within DAYS: without --yes the plan is printed and
    /// nothing is sent; with it they are changed one at a time.
    Autorenew {
        /// The domain names (their active registrations) or registrations' ids, then `on` or
        /// `off` (`bật` or `tắt`).
        #[arg(value_name = "NAME|ID", required = true)]
        targets: Vec<String>,
        /// Every active registration that expires within this many days.
        #[arg(long, value_name = "DAYS", value_parser = crate::cli::plan::args::days)]
        expiring_within: Option<i64>,
        /// Each profile's registrations in turn, each its own account and credit (with
        /// --expiring-within; never asks for a password).
        #[arg(long)]
        all_profiles: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Show the registrar lock (GET /domain/ID/reglock), or turn it on or off (PUT): the
    /// names, then `on` or `off`. Several names, or --expiring-within DAYS: without --yes
    /// the plan is printed and nothing is sent; with it they are changed one at a time.
    Lock {
        /// The domain names (their active registrations) or registrations' ids, then `on`
        /// or `off` (`bật` or `tắt`); without it, the lock of one name is shown.
        #[arg(value_name = "NAME|ID", required = true)]
        targets: Vec<String>,
        /// Every active registration that expires within this many days.
        #[arg(long, value_name = "DAYS", value_parser = crate::cli::plan::args::days)]
        expiring_within: Option<i64>,
        /// Each profile's registrations in turn, each its own account and credit (with
        /// --expiring-within; never asks for a password).
        #[arg(long)]
        all_profiles: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Turn ID protection (WHOIS privacy) on or off (PUT /domain/ID/idprotection): the
    /// names, then `on` or `off`. Several names, or --expiring-within DAYS: without --yes
    /// the plan is printed and nothing is sent; with it they are changed one at a time.
    Privacy {
        /// The domain names (their active registrations) or registrations' ids, then `on` or
        /// `off` (`bật` or `tắt`).
        #[arg(value_name = "NAME|ID", required = true)]
        targets: Vec<String>,
        /// Every active registration that expires within this many days.
        #[arg(long, value_name = "DAYS", value_parser = crate::cli::plan::args::days)]
        expiring_within: Option<i64>,
        /// Each profile's registrations in turn, each its own account and credit (with
        /// --expiring-within; never asks for a password).
        #[arg(long)]
        all_profiles: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Show the nameservers (GET /domain/ID/ns), or set them (PUT): --set with 2 to 4 host
    /// names (`--set a,b` or `--set a --set b`), or --default for the portal's default
    /// nameservers. Several names with --set or --default: without --yes the plan is
    /// printed and nothing is sent; with it they are changed one at a time.
    Ns {
        /// The domain names (their active registrations), or registrations' ids (numbers).
        #[arg(value_name = "NAME|ID", required = true)]
        targets: Vec<String>,
        /// The nameservers to use: 2 to 4 host names, separated by commas or spaces, or the
        /// option repeated.
        #[arg(
            long,
            num_args = 1..,
            value_delimiter = ',',
            action = clap::ArgAction::Append,
            value_name = "HOST",
            conflicts_with = "default"
        )]
        set: Option<Vec<String>>,
        /// Use the portal's default nameservers.
        #[arg(long)]
        default: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Print the transfer code (EPP / auth code) to move the name to another registrar
    /// (GET /domain/ID/epp). It is a secret: never logged.
    Epp {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
    },
    /// Whether a name can be registered, with its prices (POST /domain/lookup; changes nothing).
    Check {
        /// The domain name, e.g. example.vn.
        name: String,
    },
    /// Register a domain, or with --transfer and --epp transfer it in (POST /domain/order):
    /// checked first (free, or taken for a transfer; the TLD's required fields), confirmed
    /// with the portal's own quote (POST /quote), sent once; the new registration and its
    /// invoice read back.
    Order {
        /// The domain name, e.g. hoasen-tea.vn.
        name: String,
        /// Years to register for.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10), value_name = "N")]
        years: u32,
        /// Transfer the name in from another registrar (with --epp).
        #[arg(long, requires = "epp")]
        transfer: bool,
        /// The transfer code (EPP / auth code) from the registrar the name leaves.
        #[arg(long, value_name = "CODE", requires = "transfer")]
        epp: Option<String>,
        /// 2 to 4 nameservers (`--ns a,b`); none: the portal's defaults.
        #[arg(long, value_delimiter = ',', action = clap::ArgAction::Append, value_name = "HOST")]
        ns: Vec<String>,
        /// A contact for a role: registrant, admin, tech or billing = a contact's id
        /// (`contacts` lists them). Repeatable.
        #[arg(long, value_name = "ROLE=ID")]
        contact: Vec<String>,
        /// The TLD's extra fields, by id or title (the .vn ID number: --set idnumber=…).
        /// Separated by commas or repeated.
        #[arg(long, value_delimiter = ',', action = clap::ArgAction::Append, value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// The payment method's id (`GET /payment`); none: the portal's default.
        #[arg(long, value_name = "ID")]
        pay_method: Option<String>,
        /// Order it even though an earlier order of the same name is still pending or
        /// unpaid (with --yes, that is refused otherwise).
        #[arg(long)]
        again: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// A registration's contacts by role (GET /domain/ID/contact), or with --set a change
    /// to them (PUT): `--set registrant.email=a@b.vn,admin.phonenumber=+84.9…`.
    Contacts {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
        /// ROLE.FIELD=VALUE, separated by commas or repeated.
        #[arg(long, value_delimiter = ',', action = clap::ArgAction::Append, value_name = "ROLE.FIELD=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
}

impl DomainCommand {
    /// Every name or id the action names: a renewal or a setting may name several (the
    /// `on` or `off` of a setting is not one of them).
    pub fn targets(&self) -> Vec<&str> {
        match self {
            DomainCommand::Renew { targets, .. } | DomainCommand::Ns { targets, .. } => {
                targets.iter().map(String::as_str).collect()
            }
            DomainCommand::Autorenew { targets, .. }
            | DomainCommand::Privacy { targets, .. }
            | DomainCommand::Lock { targets, .. } => {
                let named = targets.len() - usize::from(self.state().is_some());
                targets[..named].iter().map(String::as_str).collect()
            }
            other => vec![other.target()],
        }
    }

    /// The name or id the action is on (the first, when it names several).
    pub fn target(&self) -> &str {
        match self {
            DomainCommand::Epp { target } | DomainCommand::Contacts { target, .. } => target,
            DomainCommand::Check { name } | DomainCommand::Order { name, .. } => name,
            _ => self.targets().first().copied().unwrap_or(""),
        }
    }

    /// Whether each profile is asked in turn (`--all-profiles`), and whether the batch
    /// picks its own registrations then (`--expiring-within`), as it must.
    pub fn all_profiles(&self) -> Option<bool> {
        match self {
            DomainCommand::Renew { all_profiles: true, expiring_within, .. }
            | DomainCommand::Autorenew { all_profiles: true, expiring_within, .. }
            | DomainCommand::Lock { all_profiles: true, expiring_within, .. }
            | DomainCommand::Privacy { all_profiles: true, expiring_within, .. } => Some(expiring_within.is_some()),
            _ => None,
        }
    }

    /// A setting's `on` or `off`: the last word after the names, when it is one (none
    /// shows the lock).
    pub fn state(&self) -> Option<Switch> {
        let (DomainCommand::Autorenew { targets, .. }
        | DomainCommand::Privacy { targets, .. }
        | DomainCommand::Lock { targets, .. }) = self
        else {
            return None;
        };
        <Switch as clap::ValueEnum>::from_str(targets.last()?.trim(), true).ok()
    }
}

/// A setting turned on or off, in either language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    /// Turn it on (also `bật`).
    #[value(alias = "bật", alias = "bat")]
    On,
    /// Turn it off (also `tắt`).
    #[value(alias = "tắt", alias = "tat")]
    Off,
}
