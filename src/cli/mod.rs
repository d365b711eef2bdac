//! The command line: the arguments, the scripting commands with their text reports and
//! exit codes, and the log file.

mod args;
mod changes;
pub mod commands;
pub mod exit_code;
pub mod logging;
mod registration;
pub mod report;

pub use args::{Cli, Command, DemoServerArgs, PortalArgs};
