//! Command-line definitions (clap) only; see `commands` and `term` for what they do.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use super::asking::ConfirmArgs;
pub use super::billing::args::{InvoiceCommand, ServiceCommand};
use crate::config::PortalArgs;
use crate::demo::FaultRule;

/// The heading of the options every command takes, shown after a command's own.
const GLOBAL: &str = "Global options";

#[derive(Debug, Parser)]
#[command(
    name = "portal-tui",
    version,
    about = "Terminal dashboard and scripting CLI for HostBill-style client portals"
)]
pub struct Cli {
    // Every option from here to `mouse` is global: under its own heading, after the
    // options of the command whose help is shown.
    #[command(flatten, next_help_heading = GLOBAL)]
    pub portal: PortalArgs,

    /// Start the embedded demo portal on loopback and use it, logged in as its demo client.
    #[arg(long, global = true)]
    pub demo: bool,

    /// Print one JSON document (the portal's field names and values) instead of tables.
    #[arg(long, global = true)]
    pub json: bool,

    /// Write a log to this file (off by default; secrets are never logged).
    #[arg(long, global = true, env = "PORTAL_LOG_FILE", value_name = "PATH")]
    pub log_file: Option<PathBuf>,

    /// Configuration file [default: $XDG_CONFIG_HOME/portal-tui/config.toml].
    #[arg(long, global = true, env = "PORTAL_CONFIG", value_name = "PATH")]
    pub config: Option<PathBuf>,

    /// The profile (portal) to use, from the configuration file.
    #[arg(long, global = true, env = "PORTAL_PROFILE", value_name = "NAME")]
    pub profile: Option<String>,

    /// Mouse in the dashboard: click selects, the wheel scrolls (off by default so the
    /// terminal's own copy and paste keeps working; also `mouse = true` in the config).
    #[arg(long, help_heading = None::<&str>)]
    pub mouse: bool,

    /// Print a commented default configuration file and exit.
    #[arg(long, help_heading = None::<&str>)]
    pub print_default_config: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Account details (GET /details).
    Details,
    /// The account's balance and credit (GET /balance, where the portal offers it).
    Balance,
    /// Every service of the account, grouped by status (GET /service).
    Services,
    /// One service's details (GET /service/ID), or `service cancel`, `service label`.
    #[command(args_conflicts_with_subcommands = true)]
    Service {
        /// The service id (a number).
        id: Option<u64>,
        #[command(subcommand)]
        action: Option<ServiceCommand>,
    },
    /// Support tickets, awaiting your reply first, then open, then closed (GET /tickets).
    Tickets {
        /// Only the tickets still open.
        #[arg(long)]
        open: bool,
    },
    /// One support ticket's conversation (GET /tickets/NUMBER), or a change to it:
    /// `ticket reply`, `ticket new`, `ticket close`, `ticket reopen`; or `ticket attachment`
    /// to save a file attached to it.
    #[command(args_conflicts_with_subcommands = true)]
    Ticket {
        /// The ticket's number, as `tickets` lists it.
        number: Option<String>,
        #[command(subcommand)]
        action: Option<TicketCommand>,
    },
    /// Every domain registration of the account, grouped by status (GET /domain).
    Domains,
    /// The DNS records of a domain: its hosted zone's when the portal hosts one (GET /dns,
    /// GET /service/SID/dns/ZID), else its active registration's (GET /domain/ID/dns); or a
    /// change to them: `dns add`, `dns set`, `dns delete`; `dns export` and `dns apply`
    /// keep them as a zone file.
    #[command(args_conflicts_with_subcommands = true)]
    Dns {
        /// The domain name, e.g. example.vn.
        name: Option<String>,
        #[command(subcommand)]
        change: Option<DnsCommand>,
    },
    /// Invoices, unpaid first (GET /invoice).
    Invoices {
        /// Only the invoices not paid yet.
        #[arg(long)]
        unpaid: bool,
    },
    /// One invoice with its items (GET /invoice/ID) and, unpaid, how to pay it; or
    /// `invoice pay` to pay it from the account's credit.
    #[command(args_conflicts_with_subcommands = true)]
    Invoice {
        /// The invoice id (a number).
        id: Option<u64>,
        #[command(subcommand)]
        action: Option<InvoiceCommand>,
    },
    /// Every registration of a domain name, grouped by status (GET /domain/name/NAME), or
    /// an action on one: `domain renew|autorenew|lock|privacy|ns|epp|check …`.
    #[command(args_conflicts_with_subcommands = true)]
    Domain {
        /// The domain name, e.g. example.vn.
        name: Option<String>,
        #[command(subcommand)]
        action: Option<DomainCommand>,
    },
    /// One certificate service with its contacts and CSR (GET /certificate/ID); with --crt
    /// the issued certificate (GET /certificate/ID/crt), printed or saved with -o.
    Certificate {
        /// The certificate's service id (a number).
        id: u64,
        /// The issued certificate (PEM) instead of the service.
        #[arg(long)]
        crt: bool,
        /// Save the certificate here (a file, or a folder to save DOMAIN.crt in; a wildcard's
        /// is _.DOMAIN.crt), never over an existing file unless --force.
        #[arg(short, long, value_name = "PATH", requires = "crt")]
        output: Option<PathBuf>,
        /// Replace a file already there.
        #[arg(long, requires = "output")]
        force: bool,
    },
    /// ACME DNS-01 hooks for certbot, lego and acme.sh: the TXT record at
    /// `_acme-challenge.NAME` added where the name's DNS is kept at this portal (its hosted
    /// zone or registration, found from the longest name above it the portal has), then
    /// waited for at every authoritative name server; or removed. Sent without asking (a
    /// hook), once, written to the change log.
    Acme {
        #[command(subcommand)]
        hook: super::acme::args::AcmeHook,
    },
    /// Upgrade options of a service, current choices marked (GET /service/ID/upgrade); with
    /// --choose, the portal's estimate for those choices; with --send as well, the request.
    Upgrade {
        /// The service id (a number).
        id: u64,
        /// A resource and the item wanted, by id or name: --choose "CPU=4 vCPU". Repeatable.
        #[arg(long, value_name = "RESOURCE=ITEM")]
        choose: Vec<String>,
        /// Send the upgrade request (after a confirmation), not only ask for the estimate.
        #[arg(long, requires = "choose")]
        send: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Everything that expires or falls due, soonest first: every domain, service and unpaid
    /// invoice the portal lists, and the watched domains, certificates and services; what
    /// could not be looked at is said. Exit 1 when any is flagged (expired, expiring or due
    /// within DAYS, overdue, autorenew off, pending, a lookup failed). --format nagios,
    /// prometheus, tsv or json for monitoring and scripts; several profiles at once with
    /// --all-profiles (or a list of them).
    Radar(super::radar::args::RadarArgs),
    /// Sign out at the portal (POST /revoke, POST /logout) and forget the remembered session
    /// of a profile (or of the profile in use).
    Logout,
    /// Print the script that registers Tab completion in a shell.
    ///
    /// Completes commands, options and their values (languages, profiles from the
    /// configuration file). In bash:
    /// `source <(portal-tui completions bash)`, or save it in
    /// ~/.local/share/bash-completion/completions/portal-tui.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (portal-tui.1) written from these definitions.
    ///
    /// Install it where man finds it:
    /// `portal-tui man > ~/.local/share/man/man1/portal-tui.1`.
    Man,
    /// Serve the demo portal until Ctrl-C.
    DemoServer(DemoServerArgs),
    /// Every SSL certificate of the account, soonest to expire first (GET /certificate).
    Certificates,
}

/// A change to a domain's DNS records. Records are addressed by their id; after the change
/// the records are read again and shown as the portal now has them.
#[derive(Debug, Subcommand)]
pub enum DnsCommand {
    /// Add a record (POST /domain/ID/dns; in a hosted zone POST /service/SID/dns/ZID/records).
    Add(DnsRecordArgs),
    /// Make exactly one record with this host and type hold this content: change it, add it,
    /// or send nothing when it already does ("already set", exit 0). Made for cron jobs.
    Set(DnsRecordArgs),
    /// Delete a record by its id (DELETE /domain/ID/dns/RECORD_ID; in a hosted zone DELETE
    /// /service/SID/dns/ZID/records/RECORD_ID).
    Delete {
        /// The domain name, e.g. example.vn.
        name: String,
        /// The record's id, as `dns NAME` lists it.
        record_id: String,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Print the domain's records as a zone file (BIND) or as JSON, to keep and `dns apply`
    /// later; types with no zone file form (URL, FRAME) are `;portal:` comments. The records
    /// are those `dns NAME` lists: its hosted zone's, else its active registration's.
    Export {
        /// The domain name, e.g. example.vn.
        name: String,
        /// `bind` (a zone file) or `json` (also with --json).
        #[arg(long, value_enum, default_value_t = ZoneFormat::Bind)]
        format: ZoneFormat,
    },
    /// Make the domain's records the ones a zone file (or its JSON form) lists: prints the
    /// plan (create, change, delete, unchanged), then carries it out one change at a time,
    /// in its hosted zone when it has one (as `dns NAME`), else at its registration.
    Apply(ApplyArgs),
}

/// How `dns export` writes the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ZoneFormat {
    Bind,
    Json,
}

#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// The domain name, e.g. example.vn.
    pub name: String,
    /// The zone file, or the JSON `dns export --format json` writes (`-`: standard input).
    pub file: PathBuf,
    /// Also delete the records the file does not list (never the portal's own apex NS
    /// records unless the file names them).
    #[arg(long)]
    pub delete_unlisted: bool,
    /// Carry out a plan that changes or deletes more than 30 % of 10 or more records.
    #[arg(long)]
    pub force: bool,
    /// Leave the records of this host, and of the hosts below it, alone (e.g.
    /// _acme-challenge). Repeatable, or several apart by commas.
    #[arg(long, value_name = "HOST", value_delimiter = ',')]
    pub ignore: Vec<String>,
    #[command(flatten)]
    pub confirm: ConfirmArgs,
}

/// A change to a support ticket, or one of its files saved. Each change is confirmed and
/// followed by the ticket (or the list) read again.
#[derive(Debug, Subcommand)]
pub enum TicketCommand {
    /// Reply to a ticket (POST /tickets/NUMBER); a closed ticket is reopened by it.
    Reply {
        /// The ticket's number.
        number: String,
        #[command(flatten)]
        body: BodyArgs,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Open a new ticket (POST /tickets).
    New {
        /// The department, by id or name (any case), as the portal lists them.
        #[arg(long, value_name = "DEPARTMENT")]
        department: String,
        /// The ticket's subject, one line.
        #[arg(long)]
        subject: String,
        #[command(flatten)]
        body: BodyArgs,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Close a ticket (PUT /tickets/NUMBER/close); nothing is sent when it is closed already.
    Close {
        /// The ticket's number.
        number: String,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Reopen a closed ticket (PUT /tickets/NUMBER/open); nothing is sent when it is open.
    Reopen {
        /// The ticket's number.
        number: String,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Save a file attached to a ticket (GET /ticket/attachment/FILE?number=NUMBER), or
    /// every one with --all, never over an existing file unless --force. Which of how many
    /// is said, and the next one's command.
    Attachment {
        /// The ticket's number.
        number: String,
        /// The attachment's file name (or id), as `ticket NUMBER` lists it.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        file: Option<String>,
        /// Save every attachment of the ticket, one after another, each under its own name.
        #[arg(long)]
        all: bool,
        /// Where to save it (a file, or a folder to save it in; with --all, a folder)
        /// [default: its own name, in the current folder].
        #[arg(short, long, value_name = "PATH")]
        output: Option<PathBuf>,
        /// Replace a file already there.
        #[arg(long)]
        force: bool,
    },
}

/// Where a message comes from: a file, or `-` for standard input.
#[derive(Debug, Args, Clone)]
#[group(required = true, multiple = false)]
pub struct BodyArgs {
    /// Read the message from this file (`-`: standard input). Line breaks are kept.
    #[arg(long, value_name = "FILE")]
    pub body_file: Option<PathBuf>,
    /// `-`: read the message from standard input (then --yes is needed to send it).
    #[arg(value_name = "-", value_parser = clap::builder::PossibleValuesParser::new(["-"]))]
    pub stdin: Option<String>,
}

/// An action on a domain's registration. NAME|ID is a domain name (its active
/// registration) or a registration's id (a number). A change is confirmed, sent once and
/// followed by a fresh read of the registration.
#[derive(Debug, Subcommand)]
pub enum DomainCommand {
    /// Renew the registration, paid from the account's credit (POST /domain/ID/renew): the
    /// confirmation shows the price and the new expiry date.
    Renew {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
        /// Years to renew for.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10), value_name = "N")]
        years: u32,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Turn autorenew on or off (PUT /domain/ID/autorenew).
    Autorenew {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
        /// `on` or `off` (`bật` or `tắt`).
        state: Switch,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Show the registrar lock (GET /domain/ID/reglock), or turn it on or off (PUT).
    Lock {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
        /// `on` or `off` (`bật` or `tắt`); none shows the lock as it is.
        state: Option<Switch>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Turn ID protection (WHOIS privacy) on or off (PUT /domain/ID/idprotection).
    Privacy {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
        /// `on` or `off` (`bật` or `tắt`).
        state: Switch,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Show the nameservers (GET /domain/ID/ns), or set them (PUT): --set with 2 to 4 host
    /// names (`--set a,b` or `--set a --set b`), or --default for the portal's default
    /// nameservers.
    Ns {
        /// The domain name (its active registration), or a registration's id (a number).
        #[arg(value_name = "NAME|ID")]
        target: String,
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
}

impl DomainCommand {
    /// The name or id the action is on.
    pub fn target(&self) -> &str {
        match self {
            DomainCommand::Renew { target, .. }
            | DomainCommand::Autorenew { target, .. }
            | DomainCommand::Lock { target, .. }
            | DomainCommand::Privacy { target, .. }
            | DomainCommand::Ns { target, .. }
            | DomainCommand::Epp { target } => target,
            DomainCommand::Check { name } => name,
        }
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

#[derive(Debug, Args)]
pub struct DnsRecordArgs {
    /// The domain name, e.g. example.vn.
    pub name: String,
    /// The record's host: @ for the domain itself, www, mail, …
    #[arg(value_name = "HOST")]
    pub record_host: String,
    /// The record type: A, AAAA, CNAME, MX, TXT, or another the portal lists.
    #[arg(value_name = "TYPE")]
    pub kind: String,
    /// An IPv4 address (A), an IPv6 address (AAAA), a host name (CNAME, MX, NS), any text (TXT).
    #[arg(required_unless_present = "public_ip")]
    pub content: Option<String>,
    /// Instead of CONTENT, the address this machine is seen from, as the two echo services
    /// of `ip_sources` in the config file answer it; nothing is sent when they disagree.
    #[arg(long, conflicts_with = "content")]
    pub public_ip: bool,
    /// Priority (MX needs one; lower is preferred).
    #[arg(long, value_name = "N")]
    pub priority: Option<u32>,
    /// Time to live, in seconds.
    #[arg(long, value_name = "N")]
    pub ttl: Option<u32>,
    #[command(flatten)]
    pub confirm: ConfirmArgs,
}

#[derive(Debug, Args, Clone)]
#[command(after_help = crate::demo::fault_rules_help())]
pub struct DemoServerArgs {
    /// Address to listen on (loopback by default; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8787", value_name = "ADDR")]
    pub listen: SocketAddr,

    /// Lifetime of issued tokens, in seconds.
    #[arg(long, default_value_t = 3600, value_name = "SECS")]
    pub token_ttl: u64,

    /// Added latency per request, in milliseconds.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub latency: u64,

    /// Fault to inject: NAME[@[METHOD]PATH][*COUNT], e.g. html-502@/domain*2 or
    /// lost-answer@PUT/domain. Repeatable; the faults are listed below.
    #[arg(long, value_name = "RULE")]
    pub fault: Vec<FaultRule>,

    /// Extra generated domain records on the client account (for measurements).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub scale: usize,

    /// As many extra services and invoices as `--scale` domain records (else a fifth and a half).
    #[arg(long)]
    pub scale_all: bool,

    /// Answer only the seed's six routes (as some portals do), to try the fallbacks.
    #[arg(long)]
    pub seed_only: bool,
}
