//! The command line: the arguments, the scripting commands with their text reports and
//! exit codes, and the log file.

mod acme;
mod args;
mod asking;
mod batch;
mod billing;
mod buying;
pub mod commands;
pub mod completions;
mod dns;
mod domain;
mod every_profile;
pub mod exit_code;
mod failure;
pub mod help_words;
pub mod logging;
pub mod man;
pub mod parse;
mod plan;
mod progress;
mod protocol;
mod radar;
mod registration;
pub mod report;
pub mod stderr;
pub mod switch;
mod tickets;

pub use args::{Cli, Command, DemoServerArgs};
// Defined in `config`, which resolves it into settings; named here too, as the command line's.
pub use crate::config::PortalArgs;
