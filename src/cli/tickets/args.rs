//! The `ticket` subcommands' arguments (clap only; `tickets` does what they say).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::asking::ConfirmArgs;

/// A change to a support ticket, or one of its files saved. Each change is confirmed and
/// followed by the ticket (or the list) read again.
#[derive(Debug, Subcommand)]
pub enum TicketCommand {
    /// Reply to a ticket (POST /tickets/NUMBER); a closed ticket is reopened by it.
    // The number first, as it is typed (clap would put the message's group before it).
    #[command(override_usage = "portal-tui ticket reply [OPTIONS] <NUMBER> <--body-file <FILE>|->")]
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
