//! Command-line definitions (clap) of `radar` (see `radar_command` for what it does).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

/// What `radar` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RadarFormat {
    /// A table for people (a cron mail).
    #[default]
    Text,
    /// One JSON document (the same as --json).
    Json,
    /// One item a line, tab-separated, a header first (unless --no-header).
    Tsv,
    /// A Nagios / Icinga check: one status line with performance data, exit 0 OK,
    /// 1 WARNING, 2 CRITICAL, 3 UNKNOWN.
    Nagios,
    /// Prometheus text exposition for node exporter's textfile collector.
    Prometheus,
}

/// Nagios's thresholds unless given: WARNING within 30 days, CRITICAL within 7.
pub const WARNING_DAYS: i64 = 30;
pub const CRITICAL_DAYS: i64 = 7;

#[derive(Debug, Args)]
pub struct RadarArgs {
    /// Flag what expires within this many days.
    #[arg(long, default_value_t = crate::radar::SOON_DAYS, value_name = "DAYS")]
    pub within: i64,
    /// What to print.
    #[arg(long, value_enum, default_value_t = RadarFormat::Text, value_name = "FORMAT")]
    pub format: RadarFormat,
    /// Nagios: WARNING when something expires or falls due within this many days.
    #[arg(long, default_value_t = WARNING_DAYS, value_name = "DAYS")]
    pub warning: i64,
    /// Nagios: CRITICAL when something expires or falls due within this many days (or has).
    #[arg(long, default_value_t = CRITICAL_DAYS, value_name = "DAYS")]
    pub critical: i64,
    /// Prometheus: write the metrics to this file (replaced whole, atomically) instead of
    /// printing them.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// TSV: no header line.
    #[arg(long)]
    pub no_header: bool,
    /// Every profile of the configuration file at once (signed in concurrently; one that
    /// would need a password typed is reported as not signed in). A list after the profile option picks some.
    #[arg(long)]
    pub all_profiles: bool,
    #[command(subcommand)]
    pub serve: Option<RadarCommand>,
}

/// What `radar` does instead of printing a report.
#[derive(Debug, Subcommand)]
pub enum RadarCommand {
    /// Serve the metrics of `--format prometheus` over HTTP (GET /metrics), for Prometheus
    /// to scrape: the portal is read at most once per --interval however often it is
    /// scraped; a portal that fails keeps its last figures with portal_tui_up 0.
    Serve(ServeArgs),
}

/// Where the metrics are served (loopback unless another address is given) and how often
/// the portal may be read.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:9879";

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on: loopback unless another is given (ADDRESS:PORT, or a
    /// PORT alone on 127.0.0.1).
    #[arg(long, default_value = DEFAULT_LISTEN, value_name = "ADDRESS:PORT")]
    pub listen: String,
    /// The portal is read at most once per this interval (5m, 90s, 1h), however often
    /// the metrics are scraped.
    #[arg(long, default_value = "5m", value_parser = humantime::parse_duration, value_name = "DURATION")]
    pub interval: std::time::Duration,
    /// Every profile of the configuration file (one that would need a password typed is
    /// reported as not signed in). A list after the profile option picks some.
    #[arg(long)]
    pub all_profiles: bool,
}
