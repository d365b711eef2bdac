//! The domains screen's requests: what each asks the portal, which a newer one replaces,
//! and which are lookups that Esc cancels.

use super::super::Request;
use crate::api::models::ZoneRef;
use crate::api::DnsSource;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    /// A name the user looked up: its first record is selected when it comes.
    Lookup(String),
    /// A name read in the background (watchlist, refresh): it never moves the selection.
    Watched(String),
    /// The portal's whole list.
    List,
    Details(u64),
    /// A registration's DNS records.
    Dns(u64),
    /// The portal's hosted DNS zones.
    Zones,
    /// A hosted zone's records.
    Zone(ZoneRef),
    /// The record types a registration takes (for the form).
    Types(u64),
    /// A DNS change where the records are kept; `record_id` is the record changed (an
    /// update's).
    Change { source: DnsSource, record_id: Option<String> },
    /// A registration's registrar lock, read beside its details.
    Lock(u64),
    /// A registration's nameservers, read beside its details.
    Nameservers(u64),
    /// The prices by TLD, for a renewal.
    Order,
    /// An unpaid invoice read whole before a renewal is asked: what it bills.
    Bill(u64),
    /// A registration's transfer code, read on request.
    TransferCode(u64),
    /// A change to a registration's settings.
    Setting(u64),
    /// A registration's renewal, and its price when known (to tell from the balance read
    /// again after it how the portal took it).
    Renewal { id: u64, price: Option<crate::api::Money> },
    /// Whether a name that is not the account's can be registered (`POST /domain/lookup`).
    Availability(String),
    /// The prices by TLD, for an order's form.
    Prices,
    /// The extra fields a TLD's order asks (`GET /domain/order/@tld_id/form`).
    TldForm(u64),
    /// The account's contacts, for an order's form.
    Contacts,
    /// The payment methods, for an order's form.
    Payments,
    /// The portal's quote of the order in the form, for `name`.
    Quote(String),
    /// An order of `name` (a registration or a transfer).
    Ordered(String),
    /// The invoices read after an order, to name the order's invoice.
    OrderInvoices,
    /// A registration's contacts by role (`GET /domain/@id/contact`).
    DomainContacts(u64),
    /// A change of a registration's contacts.
    ContactsSet(u64),
    /// A hosted zone created or deleted.
    ZoneChange(String),
}

impl Request for Req {
    /// Lookups of different names run side by side.
    fn supersedes(&self, older: &Req) -> bool {
        match (self, older) {
            (Req::Lookup(a), Req::Lookup(b)) | (Req::Watched(a), Req::Watched(b)) => a == b,
            (Req::Details(a), Req::Details(b)) | (Req::Dns(a), Req::Dns(b)) | (Req::Types(a), Req::Types(b)) => {
                a == b
            }
            (Req::Zone(a), Req::Zone(b)) => a == b,
            (Req::Bill(a), Req::Bill(b)) => a == b,
            (Req::Change { .. } | Req::Setting(_) | Req::Renewal { .. }, _)
            | (_, Req::Change { .. } | Req::Setting(_) | Req::Renewal { .. }) => false,
            (Req::Ordered(_) | Req::ContactsSet(_) | Req::ZoneChange(_), _)
            | (_, Req::Ordered(_) | Req::ContactsSet(_) | Req::ZoneChange(_)) => false,
            (Req::DomainContacts(a), Req::DomainContacts(b)) | (Req::TldForm(a), Req::TldForm(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(older),
        }
    }

    /// The forms (a DNS record's, an order's), a renewal's prices and the transfer code need no waiting (Esc never
    /// cancels them), nor the zones (where a name's records are kept hangs on them), and a
    /// change sent stays sent.
    fn lookup(&self) -> bool {
        !matches!(
            self,
            Req::Types(_)
                | Req::Change { .. }
                | Req::Order
                | Req::Bill(_)
                | Req::TransferCode(_)
                | Req::Setting(_)
                | Req::Renewal { .. }
                | Req::Zones
                | Req::Prices
                | Req::TldForm(_)
                | Req::Contacts
                | Req::Payments
                | Req::Quote(_)
                | Req::Ordered(_)
                | Req::OrderInvoices
                | Req::DomainContacts(_)
                | Req::ContactsSet(_)
                | Req::ZoneChange(_)
        )
    }
}

