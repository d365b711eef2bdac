//! The machinery of the table of changes (`rows.rs`): `Change` and each change's request,
//! operation, subject, re-read, what it makes stale, what proves it there or absent and
//! whether it may be sent again after a 401, from its row.

use std::collections::BTreeMap;

use reqwest::Method;
use serde_json::{Value, json};

use super::proof::{
    Reads, Verdict, cancelled, contact_added, contact_holds, contacts_read, detail_flag, labelled, lock,
    nameservers_read, opened, ordered_cart, ordered_domain, ordered_service, paid, records, renewed, replied,
    ticket_status, upgrade_invoiced, zone_listed,
};
use super::{ChangeRequest, Resend, Subject};
use crate::api::buying::{DomainPurchase, ProductPurchase};
use crate::api::cart::CartPurchase;
use crate::api::error::Operation;
use crate::api::models::{DnsFields, ZoneRef};
use crate::api::money::Money;
use crate::api::reads::Query;
use crate::api::tickets::Message;

super::rows::change_rows!(changes);

/// A DNS record as a change sends it.
fn record_body(record: &DnsFields) -> Option<Value> {
    serde_json::to_value(record).ok()
}

/// Calls a row's judge with the reads before and after (its closure's types given here).
fn judge_with(judge: impl FnOnce(&Reads, &Reads) -> Verdict, before: &Reads, after: &Reads) -> Verdict {
    judge(before, after)
}

/// The table's machinery: the enum, then each part of a change from its row.
macro_rules! changes {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident { $($field:ident: $type:ty),+ } => $op:ident {
            send $method:ident [$($segment:expr),+], $body:expr;
            subject $subject:expr;
            again $again:expr;
            stale [$($stale:expr),*];
            proof [$($proof:expr),*] $judge:expr;
            resend $resend:expr;
        }
    )*) => {
        /// One change, as it will be sent (see the table in `api::changes::rows`).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Change {
            $($(#[doc = $doc])* $name { $($field: $type),+ },)*
        }

        #[allow(unused_variables, reason = "a part of a row uses only some of its fields")]
        impl Change {
            pub fn operation(&self) -> Operation {
                match self {
                    $(Change::$name { .. } => Operation::$op,)*
                }
            }

            /// The request this change is, built once: the confirmation, `--dry-run`, both
            /// logs and the client all take it from here.
            pub fn request(&self) -> ChangeRequest {
                let (method, segments, body) = match self {
                    $(Change::$name { $($field),+ } => {
                        (Method::$method, vec![$(ToString::to_string(&$segment)),+], $body)
                    })*
                };
                ChangeRequest { method, segments, body }
            }

            /// What this change is made to: the registration, the domain's records, the
            /// hosted zone, the service, the invoice, the ticket.
            pub fn subject(&self) -> Subject {
                match self {
                    $(Change::$name { $($field),+ } => $subject,)*
                }
            }

            /// What to read again after this change to show what it did: the records it
            /// touched, the ticket it answered, the list a new ticket joined.
            pub fn read_again(&self) -> Option<Query> {
                match self {
                    $(Change::$name { $($field),+ } => Some($again),)*
                }
            }

            /// What else this change makes stale besides [`Change::read_again`]: the
            /// whole-account lists that show what it touched (and the radar and the
            /// Overview counted from them) and the credit it moved. Read again at once
            /// after it may have landed.
            pub fn makes_stale(&self) -> Vec<Query> {
                match self {
                    $(Change::$name { $($field),+ } => vec![$($stale),*],)*
                }
            }

            /// The reads that show whether this change is there (its row's `proof`): read just
            /// before it is sent, and again after an unclear answer.
            pub fn proof_reads(&self) -> Vec<Query> {
                match self {
                    $(Change::$name { $($field),+ } => vec![$($proof),*],)*
                }
            }

            /// What the reads of [`Change::proof_reads`] before it was sent and after say of
            /// it, as its row's judge has it (`proof.rs`). A DNS change is judged by its
            /// records instead: `CannotTell` here.
            pub fn judge(&self, before: &Reads, after: &Reads) -> Verdict {
                match self {
                    $(Change::$name { $($field),+ } => judge_with($judge, before, after),)*
                }
            }

            /// Whether the change may be sent a second time after a 401, when the reads
            /// prove it absent (see [`Resend`]): never what moves money.
            pub fn resend(&self) -> Resend {
                match self {
                    $(Change::$name { $($field),+ } => $resend,)*
                }
            }
        }
    };
}
use changes;
