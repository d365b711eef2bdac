//! The `dns` subcommands' arguments (clap only; `dns::change` and DNS as code, in
//! `dns/mod.rs`, do what they say).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::asking::ConfirmArgs;

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

impl DnsCommand {
    /// The domain name the command is on: what is checked before any portal is asked.
    pub fn name(&self) -> &str {
        match self {
            DnsCommand::Add(a) | DnsCommand::Set(a) => &a.name,
            DnsCommand::Delete { name, .. } | DnsCommand::Export { name, .. } => name,
            DnsCommand::Apply(a) => &a.name,
        }
    }
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
    /// Time to live, in seconds (a registrar's DNS takes none).
    #[arg(long, value_name = "N")]
    pub ttl: Option<u32>,
    #[command(flatten)]
    pub confirm: ConfirmArgs,
}
