//! What the portal returns, decoded leniently (see `lenient`). Field names follow the portal
//! so that `--json` output speaks the portal's language.

pub(crate) mod account;
pub(crate) mod balance;
pub(crate) mod billing;
pub(crate) mod buying;
pub(crate) mod certificate;
mod dns;
mod domain;
mod domain_actions;
pub mod groups;
pub(crate) mod invoice;
pub(crate) mod service;
pub(crate) mod ticket;
mod upgrade;
mod zone;

pub use account::Account;
pub use balance::Balance;
pub use billing::{
    PaymentList, PaymentMethod, ServiceAction, ServiceLabelAnswer, ServiceMethod, ServiceMethodList, SslService,
    SslServiceList, offers,
};
pub use buying::{
    CONTACT_FIELDS, CONTACT_NEEDS, CONTACT_ROLES, Category, CategoryList, ContactEnvelope, ContactList, ContactSummary,
    DomainContacts, DomainContactsEnvelope, Fields, Form, FormItem, FormKind, FormList, OrderedServiceAnswer, Period,
    Product, ProductConfig, ProductEnvelope, ProductList, Quote, QuoteLine,
};
pub use certificate::{CertState, Certificate, Contact, Contacts, Organization, was_issued};
pub use dns::{DnsFields, DnsRecord, DnsRecords, DnsTypes, has_priority, unquoted};
pub use domain::{DomainDetails, DomainRecord, DomainRecords};
pub use domain_actions::{
    Availability, NameserverList, PeriodPrices, RegistrarLock, TldList, TldPrices, TransferCode, tld_of, years_after,
};
pub use invoice::{Invoice, InvoiceEnvelope, InvoiceItem, InvoiceList, Standing};
pub use service::{CancelKind, PendingCancellation, Service, ServiceEnvelope, ServiceList, ServicePassword};
pub use ticket::{
    Attachment, Department, DepartmentList, LastReply, Ticket, TicketList, TicketReply, TicketState, TicketThread,
    is_answered_status, is_closed_status, sort_for_listing,
};
pub use upgrade::{Quantities, UpgradeItem, UpgradeOptions, UpgradeResource};
pub use zone::{Zone, ZoneAnswer, ZoneList, ZoneRef, name_key, zone_named};

/// Today's date on this machine (UTC when the local offset cannot be read safely).
pub fn today() -> time::Date {
    time::OffsetDateTime::now_local().unwrap_or_else(|_| time::OffsetDateTime::now_utc()).date()
}

/// What a read holds that is a secret (a transfer code, a service's password): the client
/// holds it for redaction as soon as it is read (`PortalClient::holding`).
pub trait HoldsSecret {
    fn secret(&self) -> Option<&secrecy::SecretString>;
}

impl HoldsSecret for TransferCode {
    fn secret(&self) -> Option<&secrecy::SecretString> {
        Some(&self.code)
    }
}

impl HoldsSecret for Service {
    fn secret(&self) -> Option<&secrecy::SecretString> {
        self.password.get()
    }
}

/// Parses a portal date (`YYYY-MM-DD`, or the date part of `YYYY-MM-DD HH:MM:SS`).
pub fn parse_date(text: &str) -> Option<time::Date> {
    let date = text.trim().get(..10)?;
    time::Date::parse(date, time::macros::format_description!("[year]-[month]-[day]")).ok()
}

/// Whole days from `today` to the portal date; negative once it has passed.
pub fn days_until(date: &str, today: time::Date) -> Option<i64> {
    parse_date(date).map(|d| (d - today).whole_days())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn dates_and_countdowns() {
        assert_eq!(parse_date("2026-12-01"), Some(date!(2026 - 12 - 01)));
        assert_eq!(parse_date("2026-12-01 10:11:12"), Some(date!(2026 - 12 - 01)));
        assert_eq!(parse_date("0000-00-00"), None);
        assert_eq!(parse_date(""), None);
        assert_eq!(days_until("2026-12-01", date!(2026 - 11 - 21)), Some(10));
        assert_eq!(days_until("2026-11-20", date!(2026 - 11 - 21)), Some(-1));
    }
}
