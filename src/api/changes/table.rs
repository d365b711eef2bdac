//! The table of changes: one row per change the tool makes to an account. `Change`, each
//! change's request, operation, subject, what it makes stale and whether it may be sent
//! again after a 401 all come from it, so a new change is one row (and its operation).
//!
//! A row: `Change variant { fields }`, then `=` the method, the path's segments (each one
//! segment, encoded as one) and the body (`Option<Value>`), built from the fields; `=>` the
//! operation, the subject (what it changes, [`Subject`]), `again` the read of what it
//! changed (what its screen reads again to show what it did), `stale` what else it makes
//! stale (the whole-account lists that show it, the credit it moved), `resend` what is done
//! after a 401 to it ([`Resend`]). The fields are bound by reference in every part.

use std::collections::BTreeMap;

use reqwest::Method;
use serde_json::{Value, json};

use super::{ChangeRequest, Resend, Subject};
use crate::api::error::Operation;
use crate::api::models::{DnsFields, ZoneRef};
use crate::api::money::Money;
use crate::api::reads::Query;
use crate::api::tickets::Message;

changes! {
    /// `POST /domain/@id/dns`.
    DnsAdd { domain_id: u64, record: DnsFields }
        = POST ["domain", domain_id, "dns"], record_body(record)
        => DnsAdd, Subject::DomainDns(*domain_id), again Query::Dns(*domain_id), stale [], resend Resend::Again;
    /// `PUT /domain/@id/dns/@index`.
    DnsUpdate { domain_id: u64, record_id: String, record: DnsFields }
        = PUT ["domain", domain_id, "dns", record_id], record_body(record)
        => DnsUpdate, Subject::DomainDns(*domain_id), again Query::Dns(*domain_id), stale [], resend Resend::Again;
    /// `DELETE /domain/@id/dns/@index`.
    DnsDelete { domain_id: u64, record_id: String }
        = DELETE ["domain", domain_id, "dns", record_id], None
        => DnsDelete, Subject::DomainDns(*domain_id), again Query::Dns(*domain_id), stale [], resend Resend::Again;
    /// `POST /service/@id/upgrade` with `send`: an upgrade ordered, resource id → item id
    /// (the same route without `send` is the estimate, a read: `api::estimate`). An order
    /// leaves nothing a documented read shows (an invoice, maybe, later): never sent twice.
    Upgrade { service_id: u64, resources: BTreeMap<String, String> }
        = POST ["service", service_id, "upgrade"], Some(json!({ "resources": resources, "send": true }))
        => UpgradeRequest, Subject::Service(*service_id), again Query::Upgrade(*service_id),
           stale [Query::Services, Query::Invoices], resend Resend::Never;
    /// `POST /tickets/@number` with `body`: a reply to a support ticket.
    TicketReply { number: String, body: Message }
        = POST ["tickets", number.trim()], Some(json!({ "body": body.as_str() }))
        => TicketReply, Subject::Ticket(number.trim().to_owned()), again Query::Ticket(number.trim().to_owned()),
           stale [Query::Tickets], resend Resend::Again;
    /// `POST /tickets` with `dept_id`, `subject`, `body`: a new support ticket.
    TicketNew { dept_id: String, subject: String, body: Message }
        = POST ["tickets"], Some(json!({ "dept_id": dept_id.trim(), "subject": subject, "body": body.as_str() }))
        => TicketNew, Subject::Tickets, again Query::Tickets, stale [], resend Resend::Again;
    /// `PUT /tickets/@number/close`.
    TicketClose { number: String }
        = PUT ["tickets", number.trim(), "close"], None
        => TicketClose, Subject::Ticket(number.trim().to_owned()), again Query::Ticket(number.trim().to_owned()),
           stale [Query::Tickets], resend Resend::Again;
    /// `PUT /tickets/@number/open`.
    TicketReopen { number: String }
        = PUT ["tickets", number.trim(), "open"], None
        => TicketReopen, Subject::Ticket(number.trim().to_owned()), again Query::Ticket(number.trim().to_owned()),
           stale [Query::Tickets], resend Resend::Again;
    /// `POST /domain/@id/renew` with `years`: paid from the account's credit; sent again
    /// after a 401 only when the expiry read again did not move.
    DomainRenew { domain_id: u64, years: u32 }
        = POST ["domain", domain_id, "renew"], Some(json!({ "years": years }))
        => DomainRenew, Subject::Registration(*domain_id), again Query::DomainDetails(*domain_id),
           stale [Query::Domains, Query::Balance, Query::Invoices],
           resend Resend::WhenNotLanded(Query::DomainDetails(*domain_id));
    /// `PUT /domain/@id/autorenew` with `autorenew` true or false.
    DomainAutorenew { domain_id: u64, on: bool }
        = PUT ["domain", domain_id, "autorenew"], Some(json!({ "autorenew": on }))
        => DomainAutorenew, Subject::Registration(*domain_id), again Query::DomainDetails(*domain_id),
           stale [Query::Domains], resend Resend::Again;
    /// `PUT /domain/@id/reglock` with `switch` true or false: the registrar lock.
    DomainLock { domain_id: u64, on: bool }
        = PUT ["domain", domain_id, "reglock"], Some(json!({ "switch": on }))
        => DomainLock, Subject::Registration(*domain_id), again Query::DomainDetails(*domain_id),
           stale [Query::Domains], resend Resend::Again;
    /// `PUT /domain/@id/idprotection` with `switch` true or false.
    DomainIdProtection { domain_id: u64, on: bool }
        = PUT ["domain", domain_id, "idprotection"], Some(json!({ "switch": on }))
        => DomainIdProtection, Subject::Registration(*domain_id), again Query::DomainDetails(*domain_id),
           stale [Query::Domains], resend Resend::Again;
    /// `PUT /domain/@id/ns` with `nameservers` (checked by `domain_rules::nameservers`);
    /// none: the portal's default nameservers.
    DomainNameservers { domain_id: u64, nameservers: Vec<String> }
        = PUT ["domain", domain_id, "ns"], Some(json!({ "nameservers": nameservers }))
        => DomainNameservers, Subject::Registration(*domain_id), again Query::DomainDetails(*domain_id),
           stale [Query::Domains], resend Resend::Again;
    /// `POST /invoice/@id/credit`: pays the invoice from the account's credit, `amount` of
    /// it, or without one what pays it whole (the portal pays what it still asks).
    InvoicePay { invoice_id: u64, amount: Option<Money> }
        = POST ["invoice", invoice_id, "credit"], amount.map(|a| json!({ "amount": a.to_string() }))
        => InvoicePay, Subject::Invoice(*invoice_id), again Query::Invoice(*invoice_id),
           stale [Query::Invoices, Query::Balance], resend Resend::WhenNotLanded(Query::Invoice(*invoice_id));
    /// `POST /service/@id/cancel` with `immediate` (`"true"`: now; `"false"`: at the end of
    /// the billing period) and `reason`.
    ServiceCancel { service_id: u64, immediate: bool, reason: String }
        = POST ["service", service_id, "cancel"], Some(json!({ "immediate": immediate.to_string(), "reason": reason }))
        => ServiceCancel, Subject::Service(*service_id), again Query::Service(*service_id),
           stale [Query::Services], resend Resend::WhenNotLanded(Query::Service(*service_id));
    /// `POST /service/@id/label` with `label`.
    ServiceLabel { service_id: u64, label: String }
        = POST ["service", service_id, "label"], Some(json!({ "label": label }))
        => ServiceLabelSet, Subject::Service(*service_id), again Query::ServiceLabel(*service_id),
           stale [Query::Services], resend Resend::Again;
    /// `POST /service/@sid/dns/@zid/records`: a record added to a hosted zone (see
    /// `dns::source` for the DNS changes made alike wherever the records are kept).
    ZoneRecordAdd { zone: ZoneRef, record: DnsFields }
        = POST ["service", zone.service_id, "dns", zone.zone_id, "records"], record_body(record)
        => ZoneRecordAdd, Subject::Zone(*zone), again Query::ZoneRecords(*zone), stale [], resend Resend::Again;
    /// `PUT /service/@sid/dns/@zid/records/@rid`.
    ZoneRecordUpdate { zone: ZoneRef, record_id: String, record: DnsFields }
        = PUT ["service", zone.service_id, "dns", zone.zone_id, "records", record_id], record_body(record)
        => ZoneRecordUpdate, Subject::Zone(*zone), again Query::ZoneRecords(*zone), stale [], resend Resend::Again;
    /// `DELETE /service/@sid/dns/@zid/records/@rid`.
    ZoneRecordDelete { zone: ZoneRef, record_id: String }
        = DELETE ["service", zone.service_id, "dns", zone.zone_id, "records", record_id], None
        => ZoneRecordDelete, Subject::Zone(*zone), again Query::ZoneRecords(*zone), stale [], resend Resend::Again;
}

/// A DNS record as a change sends it.
fn record_body(record: &DnsFields) -> Option<Value> {
    serde_json::to_value(record).ok()
}

/// The table's machinery: the enum, then each part of a change from its row.
macro_rules! changes {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident { $($field:ident: $type:ty),+ }
            = $method:ident [$($segment:expr),+], $body:expr
            => $op:ident, $subject:expr, again $again:expr, stale [$($stale:expr),*], resend $resend:expr;
    )*) => {
        /// One change, as it will be sent (see the table in `api::changes::table`).
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

            /// What is done after the change is answered 401 (see [`Resend`]): renewals,
            /// payments, cancellations and upgrade orders are never sent twice blindly.
            pub fn after_refused_session(&self) -> Resend {
                match self {
                    $(Change::$name { $($field),+ } => $resend,)*
                }
            }
        }
    };
}
use changes;
