//! Command-line definitions (clap) of buying: `order`, `contacts show|add|edit`, and `zone
//! create|delete` (see `buying` for what they do; `catalogue` takes no more than a name).

use clap::Subcommand;

use crate::cli::asking::ConfirmArgs;

/// What `order` takes besides the product.
#[derive(Debug, clap::Args)]
pub struct OrderArgs {
    /// The product: its id (a number, as `catalogue` lists it) or its name.
    #[arg(required_unless_present = "cart")]
    pub product: Option<String>,
    /// The billing cycle: m, q, s, a, b or t (monthly … triennially), as `catalogue` lists
    /// the product's; none: the product's default.
    #[arg(long, value_name = "C")]
    pub cycle: Option<String>,
    /// Options, by id or title: a quantity (RAM=2), an item of a choice ("Hệ điều hành=AlmaLinux
    /// 9"), a checkbox (on/off), text. Separated by commas or repeated.
    #[arg(long, value_delimiter = ',', action = clap::ArgAction::Append, value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
    /// The domain the product is for.
    #[arg(long, value_name = "NAME")]
    pub domain: Option<String>,
    /// A promotion code.
    #[arg(long, value_name = "CODE")]
    pub promo: Option<String>,
    /// The payment method's id (`GET /payment`); none: the portal's default.
    #[arg(long, value_name = "ID")]
    pub pay_method: Option<String>,
    /// Order it even though an earlier order of the same product is still pending or
    /// unpaid (with --yes, that is refused otherwise).
    #[arg(long)]
    pub again: bool,
    /// Order several products and domains at once (POST /order), quoted together and
    /// billed on one invoice: a TOML file of `[[product]]` and `[[domain]]` tables
    /// (docs/buying.md), or - for standard input.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["product", "cycle", "set", "domain"])]
    pub cart: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub confirm: ConfirmArgs,
}

/// A hosted DNS zone created or deleted.
#[derive(Debug, Subcommand)]
pub enum ZoneCommand {
    /// Create a hosted zone under a DNS hosting service (POST /service/SID/dns).
    Create {
        /// The zone's domain name, e.g. hoasen-tea.vn.
        name: String,
        /// The DNS hosting service to hold it (its id, as `services` lists it).
        #[arg(long, value_name = "SID")]
        service: u64,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Delete a hosted zone and every record in it (DELETE /service/SID/dns/ZID). Confirmed
    /// by typing the zone's name; --yes for scripts.
    Delete {
        /// The zone's domain name.
        name: String,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
}

impl ZoneCommand {
    pub fn name(&self) -> &str {
        match self {
            ZoneCommand::Create { name, .. } | ZoneCommand::Delete { name, .. } => name,
        }
    }
}

/// What `contacts` does besides listing them.
#[derive(Debug, Subcommand)]
pub enum ContactsCommand {
    /// One contact with every field (GET /contact/ID).
    Show {
        /// The contact's id, as `contacts` lists it.
        id: u64,
    },
    /// Add a contact to the account (POST /contact): its email, first and last name at
    /// least; the new contact's id is read back.
    Add {
        /// A field and its value: email, firstname, lastname, companyname, address1,
        /// address2, city, state, postcode, country, phonenumber, type. Repeated, one field
        /// each (a value may hold commas).
        #[arg(long, action = clap::ArgAction::Append, value_name = "FIELD=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
    /// Change a contact's fields (PUT /contact/ID): only those given are sent, each one the
    /// contact has.
    Edit {
        /// The contact's id, as `contacts` lists it.
        id: u64,
        /// A field and its new value, as `contacts show ID` names them. Repeated, one field
        /// each (a value may hold commas).
        #[arg(long, action = clap::ArgAction::Append, value_name = "FIELD=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        confirm: ConfirmArgs,
    },
}
