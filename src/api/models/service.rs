use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One service (`GET /service` lists them; `GET /service/@id` gives one with more fields).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Service {
    pub id: CompactString,
    pub name: CompactString,
    pub domain: CompactString,
    pub status: CompactString,
    pub billingcycle: CompactString,
    pub next_due: CompactString,
    pub next_invoice: CompactString,
    /// The recurring amount.
    pub total: Money,
    pub firstpayment: Money,
    pub date_created: CompactString,
    pub category: CompactString,
    pub category_url: CompactString,
    pub label: CompactString,
    pub username: CompactString,
    pub extra: ExtraFields,
    /// Why the portal's entry could not be read, when it could not (see `DomainRecord`).
    pub unreadable: Option<String>,
}

impl Service {
    /// Whether the service is an SSL certificate (its certificate detail can be opened).
    pub fn is_certificate(&self) -> bool {
        let ssl = |text: &str| text.to_ascii_lowercase().contains("ssl");
        ssl(&self.category_url) || ssl(&self.category) || ssl(&self.name)
    }

    /// The id as a number, for the routes that take one.
    pub fn number(&self) -> Option<u64> {
        self.id.trim().parse().ok()
    }

    /// Whether it has ended already (cancelled, terminated, or ended as fraud): nothing
    /// left to cancel, and nothing due.
    pub fn has_ended(&self) -> bool {
        ["cancelled", "canceled", "terminated", "fraud"].contains(&self.status.trim().to_ascii_lowercase().as_str())
    }

    /// When it is next due: never once it has ended (the date a portal still sends is the
    /// last period's, not a payment anyone owes).
    pub fn due(&self) -> &str {
        if self.has_ended() { "" } else { &self.next_due }
    }

    /// What a user types to confirm cancelling it, as web portals ask: its domain, else its
    /// name, else its id.
    pub fn typed_confirmation(&self) -> String {
        [self.domain.trim(), self.name.trim()]
            .into_iter()
            .find(|t| !t.is_empty())
            .map_or_else(|| self.id.trim().to_owned(), str::to_owned)
    }
}

impl lenient::Salvage for Service {
    fn unreadable(self, reason: String) -> Service {
        Service { id: self.id, name: self.name, unreadable: Some(reason), ..Service::default() }
    }
}

lenient::portal_object!(Service, "a service", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "domain" => domain: lenient::Short,
    "status" => status: lenient::Short,
    "billingcycle" => billingcycle: lenient::Short,
    "next_due" => next_due: lenient::Short,
    "next_invoice" => next_invoice: lenient::Short,
    "total" => total: lenient::Amount,
    "firstpayment" => firstpayment: lenient::Amount,
    "date_created" => date_created: lenient::Short,
    "category" => category: lenient::Short,
    "category_url" => category_url: lenient::Short,
    "label" => label: lenient::Short,
    "username" => username: lenient::Short,
});

/// `GET /service` → `{"services": [...]}`.
#[derive(Debug, Deserialize)]
pub struct ServiceList {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub services: Vec<Service>,
}

/// `GET /service/@id` → `{"service": {...}}`.
#[derive(Debug, Deserialize)]
pub struct ServiceEnvelope {
    pub service: Service,
}
