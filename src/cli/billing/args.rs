//! Command-line definitions (clap) of the billing actions: `invoice pay`, `service cancel`
//! and `service label` (see `billing` for what they do).

use clap::Subcommand;

use crate::cli::asking::ConfirmArgs;

/// A change to an invoice.
#[derive(Debug, Subcommand)]
pub enum InvoiceCommand {
    /// Pay an invoice from the account's credit (POST /invoice/ID/credit): what it still
    /// asks, or --amount of it. Refused before anything is sent when it is paid already, or
    /// the amount is more than is due or than the credit. Several ids, or --all-due for
    /// every unpaid invoice, soonest due first: without --yes the plan (each invoice, the
    /// total, the credit after) is printed and nothing is sent; with it they are paid one
    /// at a time, each as long as the credit covers it.
    Pay {
        /// The invoice ids (numbers).
        #[arg(value_name = "ID", required_unless_present = "all_due")]
        ids: Vec<u64>,
        /// Every unpaid invoice.
        #[arg(long, conflicts_with_all = ["ids", "amount"])]
        all_due: bool,
        /// Each profile's unpaid invoices in turn, each paid from its own credit (with
        /// --all-due; never asks for a password).
        #[arg(long)]
        all_profiles: bool,
        /// Pay this much of it instead of all that is due, written as the language chosen
        /// writes amounts: 412500 or 412,500 in English, 412.500 in Vietnamese; decimals
        /// only as many as the currency has (none for VND). One invoice only.
        #[arg(long, value_name = "AMOUNT")]
        amount: Option<String>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
}

/// A change to a service, or its label read.
#[derive(Debug, Subcommand)]
pub enum ServiceCommand {
    /// Cancel a service (POST /service/ID/cancel): at the end of its billing period, or
    /// --now. Confirmed by typing the service's domain (or name); --yes for scripts.
    Cancel {
        /// The service id (a number).
        id: u64,
        /// Why the service is cancelled (the portal requires one).
        #[arg(long)]
        reason: String,
        /// End it now, not at the end of the billing period.
        #[arg(long)]
        now: bool,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// A service's label (GET /service/ID/label), or with TEXT a new one (POST
    /// /service/ID/label; "" takes it off).
    Label {
        /// The service id (a number).
        id: u64,
        /// The new label.
        text: Option<String>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
}
