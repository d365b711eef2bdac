//! Command-line definitions (clap) only; see `commands` and `term` for what they do.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use super::asking::ConfirmArgs;
pub use super::billing::args::{InvoiceCommand, ServiceCommand};
use super::dns::args::DnsCommand;
use super::domain::args::DomainCommand;
use super::tickets::args::TicketCommand;
use crate::config::PortalArgs;
use crate::demo::FaultRule;

use super::help_words::GLOBAL;

/// The command line as clap reads it and its help shows it: `demo-server`'s help without
/// the options that choose a portal, a profile or an output, which it does not read (it
/// is the portal).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let cli = Cli::command();
    // Each given to it hidden before clap hands it the global one, which it then keeps.
    let unused: Vec<clap::Arg> =
        cli.get_arguments().filter(|a| a.is_global_set() && a.get_id() != "log_file").cloned().collect();
    cli.mut_subcommand("demo-server", |demo| unused.into_iter().fold(demo, |demo, arg| demo.arg(arg.hide(true))))
}

#[derive(Debug, Parser)]
#[command(
    name = "portal-tui",
    version,
    about = "Terminal dashboard and scripting CLI for HostBill-style client portals"
)]
pub struct Cli {
    // The dashboard's own options first: their heading comes first in every language.
    /// Mouse in the dashboard: click selects, the wheel scrolls (off by default so the
    /// terminal's own copy and paste keeps working; also `mouse = true` in the config).
    #[arg(long, help_heading = None::<&str>)]
    pub mouse: bool,

    /// Print a commented default configuration file and exit.
    #[arg(long, help_heading = None::<&str>)]
    pub print_default_config: bool,

    // Every option from here to `command` is global: under its own heading, after the
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
        /// Show the service's password, where the portal sends one (hidden otherwise, and
        /// left out of --json).
        #[arg(long)]
        show_password: bool,
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
    /// Every SSL certificate of the account, soonest to expire first (GET /certificate).
    Certificates,
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
        /// Send the upgrade request (after a confirmation showing the portal's estimate), not
        /// only ask for the estimate.
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
    /// What falls due in the coming days, with what it costs: domains by expiry (their
    /// renewal price), services by next due date, unpaid invoices; each profile's total
    /// against its credit and what that leaves short, and the totals month by month.
    /// Several profiles at once with --all-profiles; --format csv or ics (an iCalendar
    /// file, one event per item) for spreadsheets and calendars.
    Plan(super::plan::args::PlanArgs),
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
    /// What the portal sells: each category's products with every period and price (GET
    /// /category, GET /category/ID/product), and the domains with their prices by period.
    Catalogue {
        /// Only this category: its id, name or slug.
        category: Option<String>,
    },
    /// Order a product (POST /order/ID), or with --cart several products and domains at once
    /// (POST /order): checked against their order forms, confirmed with the portal's own
    /// quote (POST /quote), sent once; what it made and its invoice read back.
    Order(super::buying::args::OrderArgs),
    /// The account's contacts (GET /contact), whose ids `domain order --contact` takes; one
    /// shown, added or changed.
    Contacts {
        #[command(subcommand)]
        action: Option<super::buying::args::ContactsCommand>,
    },
    /// A hosted DNS zone created under a DNS hosting service, or deleted with its records.
    Zone {
        #[command(subcommand)]
        action: super::buying::args::ZoneCommand,
    },
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
