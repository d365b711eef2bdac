use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One service (`GET /service` lists them; `GET /service/@id` gives one with more fields).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Service {
    pub id: String,
    pub name: String,
    pub domain: String,
    pub status: String,
    pub billingcycle: String,
    pub next_due: String,
    pub next_invoice: String,
    /// The recurring amount.
    pub total: Money,
    pub firstpayment: Money,
    pub date_created: String,
    pub category: String,
    pub category_url: String,
    pub label: String,
    pub username: String,
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
}

impl lenient::Salvage for Service {
    fn unreadable(id: String, name: String, reason: String) -> Service {
        Service { id, name, unreadable: Some(reason), ..Service::default() }
    }
}

lenient::portal_object!(Service, "a service", extra, {
    "id" => id: lenient::Text,
    "name" => name: lenient::Text,
    "domain" => domain: lenient::Text,
    "status" => status: lenient::Text,
    "billingcycle" => billingcycle: lenient::Text,
    "next_due" => next_due: lenient::Text,
    "next_invoice" => next_invoice: lenient::Text,
    "total" => total: lenient::Amount,
    "firstpayment" => firstpayment: lenient::Amount,
    "date_created" => date_created: lenient::Text,
    "category" => category: lenient::Text,
    "category_url" => category_url: lenient::Text,
    "label" => label: lenient::Text,
    "username" => username: lenient::Text,
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
