//! The command line: the arguments, the scripting commands with their text reports and
//! exit codes, and the log file.

mod acme;
mod acme_args;
mod args;
mod asking;
mod billing;
mod billing_args;
mod billing_report;
mod changes;
pub mod commands;
pub mod completions;
mod dns_code;
mod dns_code_ip;
mod dns_code_report;
mod domain_actions;
pub mod exit_code;
pub mod logging;
pub mod man;
pub mod parse;
mod protocol;
mod radar_args;
mod radar_command;
mod radar_json;
mod radar_nagios;
mod radar_profiles;
mod radar_prometheus;
mod radar_text;
mod radar_tsv;
mod registration;
pub mod report;
pub mod stderr;
mod ticket_report;
mod tickets;

pub use args::{Cli, Command, DemoServerArgs};
// Defined in `config`, which resolves it into settings; named here too, as the command line's.
pub use crate::config::PortalArgs;
