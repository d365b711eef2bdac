//! The table of reads: one row per read the tool makes of the portal. `Query` and `Data`,
//! each query's operation, path and example, `PortalClient::fetch` and
//! `PortalClient::as_sent` all come from it, so a new read is one row (and its operation).
//!
//! A row: `Query variant(argument: type = example) = path / segments`, then `=>` the keys
//! the part `--json` prints sits under (the first one present; `[]`: the whole answer), the
//! envelope the typed read decodes and its field, what `Data` holds (`boxed` model, `plain`
//! model, a `secret` model the client holds for redaction as soon as it is read, or a
//! `list` of models where an unreadable entry is kept, marked), and the
//! conversion out of `Data`; `with id: u64` when `Data` holds the argument beside the model.
//! The query, its operation and its `Data` variant share one name. Examples are ids the
//! demo portal holds.

use compact_str::CompactString;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::client::{Decoding, PortalClient};
use super::error::{ApiError, Operation, Result};
use super::http::transport::{self as transport, Reply};
use super::models::account::AccountEnvelope;
use super::models::balance::BalanceEnvelope;
use super::models::certificate::CertificateEnvelope;
use super::models::{
    Account, Balance, Certificate, Department, DepartmentList, DnsRecord, DnsRecords, DnsTypes, DomainDetails,
    DomainRecord, DomainRecords, Invoice, InvoiceEnvelope, InvoiceList, NameserverList, RegistrarLock, Service,
    ServiceEnvelope, ServiceList, Ticket, TicketList, TicketThread, TldList, TldPrices, TransferCode, UpgradeOptions,
};
use super::models::{
    Category, CategoryList, ContactEnvelope, ContactList, ContactSummary, DomainContacts, DomainContactsEnvelope,
    Fields, Form, FormList, OrderedServiceAnswer, Product, ProductConfig, ProductEnvelope, ProductList,
};
use super::models::{
    PaymentList, PaymentMethod, ServiceLabelAnswer, ServiceMethod, ServiceMethodList, SslService, SslServiceList,
};
use super::models::{Zone, ZoneAnswer, ZoneList, ZoneRef};

reads! {
    /// The account signed in to.
    Details = "details"
        => ["client"] AccountEnvelope.client, boxed Account, into_account;
    /// One SSL service with its certificate, by the service's id.
    Certificate(id: u64 = 3301) = "certificate" / id
        => ["service"] CertificateEnvelope.service, boxed Certificate, into_certificate;
    /// Every registration carrying a domain name (portals answer under either key).
    Domain(name: String = "example.vn".into()) = "domain" / "name" / {name.trim()}
        => ["details", "domains"] DomainRecords.details, list DomainRecord, into_domain;
    /// What a service can be upgraded to, by the service's id.
    Upgrade(id: u64 = 2207) = "service" / id / "upgrade"
        => [] UpgradeOptions, plain UpgradeOptions, into_upgrade;
    /// The account's balance (not every portal offers it: see `ApiError::not_offered`).
    Balance = "balance"
        => ["details"] BalanceEnvelope.details, plain Balance, into_balance;
    /// Every service of the account.
    Services = "service"
        => ["services"] ServiceList.services, list Service, into_services;
    /// One service by its id.
    Service(id: u64 = 2207) = "service" / id
        => ["service"] ServiceEnvelope.service, boxed_secret Service, into_service;
    /// Every domain registration of the account.
    Domains = "domain"
        => ["domains"] DomainRecords.details, list DomainRecord, into_domains;
    /// A domain registration, with its nameservers, by its id.
    DomainDetails(id: u64 = 5188) = "domain" / id
        => ["details"] DomainDetails.details, boxed DomainRecord, into_domain_details;
    /// The DNS records of a domain registration, by its id.
    Dns(id: u64 = 5188) = "domain" / id / "dns"
        => ["records"] DnsRecords.records, list DnsRecord, into_dns, with id: u64;
    /// Every invoice of the account.
    Invoices = "invoice"
        => ["invoices"] InvoiceList.invoices, list Invoice, into_invoices;
    /// One invoice, with its items, by its id.
    Invoice(id: u64 = 90441) = "invoice" / id
        => ["invoice"] InvoiceEnvelope.invoice, boxed Invoice, into_invoice;
    /// The DNS record types a domain registration takes, by its id.
    DnsTypes(id: u64 = 5188) = "domain" / id / "dns" / "types"
        => ["types"] DnsTypes.types, plain Vec<String>, into_dns_types, with id: u64;
    /// Every support ticket of the account.
    Tickets = "tickets"
        => ["tickets"] TicketList.tickets, list Ticket, into_tickets;
    /// One support ticket with its replies, by its number (text).
    Ticket(number: String = "482913".into()) = "tickets" / {number.trim()}
        => [] TicketThread, boxed TicketThread, into_ticket;
    /// The departments a new ticket can go to.
    TicketDepartments = "ticket" / "departments"
        => ["departments"] DepartmentList.departments, list Department, into_ticket_departments;
    /// The prices of every TLD the portal sells, by period (what a renewal costs).
    DomainOrder = "domain" / "order"
        => ["tlds"] TldList.tlds, list TldPrices, into_domain_order;
    /// The nameservers of a domain registration, by its id.
    Nameservers(id: u64 = 5188) = "domain" / id / "ns"
        => ["nameservers"] NameserverList.nameservers, plain Vec<CompactString>, into_nameservers, with id: u64;
    /// Whether a registration's registrar lock is on, by its id.
    RegistrarLock(id: u64 = 5188) = "domain" / id / "reglock"
        => [] RegistrarLock, plain RegistrarLock, into_registrar_lock, with id: u64;
    /// A registration's transfer code (EPP), by its id: a secret, held for redaction once read.
    TransferCode(id: u64 = 5188) = "domain" / id / "epp"
        => [] TransferCode, secret TransferCode, into_transfer_code, with id: u64;
    /// The ways to pay an invoice the portal offers (id → name).
    Payments = "payment"
        => ["payments"] PaymentList.payments, plain Vec<PaymentMethod>, into_payments;
    /// What one service offers (cancel, label…), by the service's id.
    ServiceMethods(id: u64 = 2207) = "service" / id / "methods"
        => ["methods"] ServiceMethodList.methods, list ServiceMethod, into_service_methods, with id: u64;
    /// A service's label, by the service's id.
    ServiceLabel(id: u64 = 2207) = "service" / id / "label"
        => [] ServiceLabelAnswer.label, plain String, into_service_label, with id: u64;
    /// Every SSL service of the account, with its certificate's state and expiry.
    Certificates = "certificate"
        => ["sslservices"] SslServiceList.sslservices, list SslService, into_certificates;
    /// Every hosted DNS zone of the account, with the DNS hosting service holding it.
    Zones = "dns"
        => ["zones"] ZoneList.zones, list Zone, into_zones;
    /// A hosted zone's records (a list, or an object keyed by id), by its service's id and
    /// its own.
    ZoneRecords(zone: ZoneRef = ZoneRef { service_id: 2230, zone_id: 61 })
        = "service" / {zone.service_id} / "dns" / {zone.zone_id}
        => ["records"] ZoneAnswer.records, list DnsRecord, into_zone_records, with zone: ZoneRef;
    /// The categories of products the portal sells.
    Categories = "category"
        => ["categories"] CategoryList.categories, plain Vec<Category>, into_categories;
    /// The products of a category, with every period and its price, by the category's id.
    Products(category: u64 = 10) = "category" / category / "product"
        => ["products"] ProductList.products, plain Vec<Product>, into_products, with category: u64;
    /// A product's configuration for an order (its cycles and forms), by the product's id.
    ProductConfig(product: u64 = 333) = "order" / product
        => ["product"] ProductEnvelope.product, boxed ProductConfig, into_product_config, with product: u64;
    /// The extra fields a TLD's order needs, by the TLD's id.
    TldForm(tld: u64 = 1) = "domain" / "order" / tld / "form"
        => ["forms"] FormList.forms, plain Vec<Form>, into_tld_form, with tld: u64;
    /// The account's contacts.
    Contacts = "contact"
        => ["contacts"] ContactList.contacts, plain Vec<ContactSummary>, into_contacts;
    /// One contact with every field, by its id.
    Contact(id: u64 = 49) = "contact" / id
        => ["contact"] ContactEnvelope.contact, plain Fields, into_contact, with id: u64;
    /// The service an order made, by the order's number (`{"account_id": 1302}`, as
    /// Time4VPS documents it): what an order's answer numbered, found without a list.
    OrderedService(order: String = "72207".into()) = "service" / "order" / {order.trim()}
        => [] OrderedServiceAnswer.account_id, plain String, into_ordered_service;
    /// A registration's contacts by role (registrant, admin, tech, billing), by its id.
    DomainContacts(id: u64 = 5188) = "domain" / id / "contact"
        => ["contact_info"] DomainContactsEnvelope.contact_info, plain DomainContacts, into_domain_contacts, with id: u64;
}

impl PortalClient {
    /// The portal's answer to `query` as it sent it, for `--json`: the part the typed read
    /// reads (see the table), with numbers, nesting and unknown fields as they came. Only
    /// control characters and terminal escapes are taken out of the text.
    pub async fn as_sent(&self, query: &Query) -> Result<Value> {
        let mut answer: Value = self.answer(query).await?;
        let part = match query.under() {
            [] => Some(answer),
            // A bare list: the portal sent the data without its key.
            _ if answer.is_array() => Some(answer),
            keys => keys.iter().find_map(|key| answer.get_mut(*key).map(Value::take)),
        };
        let missing =
            || ApiError::UnexpectedShape { op: query.operation(), detail: "the expected data is missing".into() };
        let part = part.ok_or_else(missing)?;
        if let (Query::TransferCode(_), Ok(code)) = (query, TransferCode::deserialize(&part)) {
            self.holding(code);
        }
        if let (Query::Service(_), Ok(service)) = (query, Service::deserialize(&part)) {
            self.holding(service);
        }
        Ok(super::lenient::cleaned(part))
    }

    /// [`Self::as_sent`] as the text `--json` prints (pretty, with a final line break). A
    /// whole-account list is written out as it is read, with no tree of the whole answer
    /// in memory: 100,000 domains are some 30 MiB of answer, and a tree ten times that.
    pub async fn as_sent_text(&self, query: &Query) -> Result<String> {
        if query.operation().body_cap() < super::MAX_LIST_BODY {
            let value = self.as_sent(query).await?;
            return Ok(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n");
        }
        let answer: super::http::sent_text::SentText = self.answer(query).await?;
        let missing =
            || ApiError::UnexpectedShape { op: query.operation(), detail: "the expected data is missing".into() };
        let mut text = answer.part(query.under()).ok_or_else(missing)?;
        text.push('\n');
        Ok(text)
    }

    /// The portal's answer to `query`, read as `T`.
    async fn answer<T: DeserializeOwned + Send>(&self, query: &Query) -> Result<T> {
        let segments = query.segments();
        self.read(query.operation(), &segments.iter().map(String::as_str).collect::<Vec<_>>()).await
    }
}

/// The reads one at a time, typed, for the scripting commands: each is [`PortalClient::fetch`]
/// of one row, what it read taken out of `Data`.
impl PortalClient {
    pub async fn account(&self) -> Result<Account> {
        self.fetch(&Query::Details).await?.into_account().map(|account| *account)
    }

    pub async fn certificate(&self, id: u64) -> Result<Certificate> {
        self.fetch(&Query::Certificate(id)).await?.into_certificate().map(|certificate| *certificate)
    }

    /// A record the tool cannot read is among them, marked `unreadable`; only when none
    /// could be read is the answer an error.
    pub async fn domain_records(&self, name: &str) -> Result<Vec<DomainRecord>> {
        self.fetch(&Query::Domain(name.to_owned())).await?.into_domain()
    }

    pub async fn upgrade_options(&self, service_id: u64) -> Result<UpgradeOptions> {
        self.fetch(&Query::Upgrade(service_id)).await?.into_upgrade()
    }

    pub async fn balance(&self) -> Result<Balance> {
        self.fetch(&Query::Balance).await?.into_balance()
    }

    pub async fn services(&self) -> Result<Vec<Service>> {
        self.fetch(&Query::Services).await?.into_services()
    }

    pub async fn service(&self, id: u64) -> Result<Service> {
        self.fetch(&Query::Service(id)).await?.into_service().map(|service| *service)
    }

    pub async fn domains(&self) -> Result<Vec<DomainRecord>> {
        self.fetch(&Query::Domains).await?.into_domains()
    }

    pub async fn domain_details(&self, id: u64) -> Result<DomainRecord> {
        self.fetch(&Query::DomainDetails(id)).await?.into_domain_details().map(|record| *record)
    }

    pub async fn dns_records(&self, domain_id: u64) -> Result<Vec<DnsRecord>> {
        self.fetch(&Query::Dns(domain_id)).await?.into_dns().map(|(_, records)| records)
    }

    pub async fn invoices(&self) -> Result<Vec<Invoice>> {
        self.fetch(&Query::Invoices).await?.into_invoices()
    }

    pub async fn invoice(&self, id: u64) -> Result<Invoice> {
        self.fetch(&Query::Invoice(id)).await?.into_invoice().map(|invoice| *invoice)
    }

    pub async fn dns_types(&self, domain_id: u64) -> Result<Vec<String>> {
        self.fetch(&Query::DnsTypes(domain_id)).await?.into_dns_types().map(|(_, types)| types)
    }

    /// The tickets as the portal lists them (see `models::sort_for_listing` for an order).
    pub async fn tickets(&self) -> Result<Vec<Ticket>> {
        self.fetch(&Query::Tickets).await?.into_tickets()
    }

    /// One ticket and its replies.
    pub async fn ticket(&self, number: &str) -> Result<TicketThread> {
        self.fetch(&Query::Ticket(number.to_owned())).await?.into_ticket().map(|thread| *thread)
    }

    pub async fn ticket_departments(&self) -> Result<Vec<Department>> {
        self.fetch(&Query::TicketDepartments).await?.into_ticket_departments()
    }

    pub async fn payment_methods(&self) -> Result<Vec<PaymentMethod>> {
        self.fetch(&Query::Payments).await?.into_payments()
    }

    /// What the service offers; a portal without the route answers an error that is
    /// [`ApiError::not_offered`]: then whether it offers an action is not known.
    pub async fn service_methods(&self, id: u64) -> Result<Vec<ServiceMethod>> {
        self.fetch(&Query::ServiceMethods(id)).await?.into_service_methods().map(|(_, methods)| methods)
    }

    pub async fn service_label(&self, id: u64) -> Result<String> {
        self.fetch(&Query::ServiceLabel(id)).await?.into_service_label().map(|(_, label)| label)
    }

    pub async fn certificates(&self) -> Result<Vec<SslService>> {
        self.fetch(&Query::Certificates).await?.into_certificates()
    }

    /// The hosted DNS zones; a portal without DNS hosting answers an error that is
    /// [`ApiError::not_offered`].
    pub async fn zones(&self) -> Result<Vec<Zone>> {
        self.fetch(&Query::Zones).await?.into_zones()
    }

    pub async fn zone_records(&self, zone: ZoneRef) -> Result<Vec<DnsRecord>> {
        self.fetch(&Query::ZoneRecords(zone)).await?.into_zone_records().map(|(_, records)| records)
    }
}

/// The reads of a registration's settings and of prices, typed (see `domain_actions`).
impl PortalClient {
    pub async fn domain_order(&self) -> Result<Vec<TldPrices>> {
        self.fetch(&Query::DomainOrder).await?.into_domain_order()
    }

    pub async fn nameservers(&self, domain_id: u64) -> Result<Vec<CompactString>> {
        self.fetch(&Query::Nameservers(domain_id)).await?.into_nameservers().map(|(_, names)| names)
    }

    pub async fn registrar_lock(&self, domain_id: u64) -> Result<bool> {
        self.fetch(&Query::RegistrarLock(domain_id)).await?.into_registrar_lock().map(|(_, lock)| lock.on)
    }

    /// The transfer code: a secret, held for redaction from now on (see `TransferCode`).
    pub async fn transfer_code(&self, domain_id: u64) -> Result<TransferCode> {
        self.fetch(&Query::TransferCode(domain_id)).await?.into_transfer_code().map(|(_, code)| code)
    }
}

impl Data {
    /// An answer of another kind than asked for is an error (said rather than assumed).
    fn other(self, op: Operation) -> ApiError {
        ApiError::UnexpectedShape { op, detail: format!("got the answer to {}", self.operation()) }
    }
}

/// The table's machinery: the enums, then each part of a read from its row.
macro_rules! reads {
    (@data $shape:ident $model:ty) => { reads!(@holds $shape $model) };
    (@data $shape:ident $model:ty, $carried:ty) => { ($carried, reads!(@holds $shape $model)) };
    (@value $held:expr) => { $held };
    (@value $held:expr, $carried:expr) => { ($carried, $held) };
    (@holds boxed $model:ty) => { Box<$model> };
    (@holds boxed_secret $model:ty) => { Box<$model> };
    (@holds plain $model:ty) => { $model };
    (@holds secret $model:ty) => { $model };
    (@holds list $model:ty) => { Vec<$model> };
    (@held $client:ident $op:ident boxed $read:ident) => { Box::new($read) };
    (@held $client:ident $op:ident boxed_secret $read:ident) => { Box::new($client.holding($read)) };
    (@held $client:ident $op:ident plain $read:ident) => { $read };
    (@held $client:ident $op:ident secret $read:ident) => { $client.holding($read) };
    (@held $client:ident $op:ident list $read:ident) => {
        $client.readable_list($op, $read, |entry| entry.unreadable.as_ref())?
    };
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $(($($arg:ident: $type:ty = $example:expr),+))? = $($segment:tt)/+
            => [$($key:literal),*] $envelope:ident $(.$field:ident)?, $shape:ident $model:ty, $into:ident
            $(, with $carried:ident: $carried_type:ty)?;
    )*) => {
        /// A read of the portal (see the table in `api::reads`).
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Query {
            $($(#[doc = $doc])* $name $(($($type),+))?,)*
        }

        /// What a [`Query`] read, as the dashboard takes it.
        #[derive(Clone, Debug)]
        pub enum Data {
            $($(#[doc = $doc])* $name(reads!(@data $shape $model $(, $carried_type)?)),)*
        }

        impl Query {
            pub fn operation(&self) -> Operation {
                match self {
                    $(Query::$name { .. } => Operation::$name,)*
                }
            }

            /// One query of each read, with arguments the demo portal knows.
            pub fn examples() -> Vec<Query> {
                vec![$(Query::$name $(($($example),+))?,)*]
            }

            /// The path under the portal's base URL, segment by segment.
            pub(super) fn segments(&self) -> Vec<String> {
                match self {
                    $(Query::$name $(($($arg),+))? => vec![$(ToString::to_string(&$segment)),+],)*
                }
            }

            /// The keys the part `--json` prints may sit under, the first present one;
            /// none: the whole answer.
            fn under(&self) -> &'static [&'static str] {
                match self {
                    $(Query::$name { .. } => &[$($key),*],)*
                }
            }
        }

        impl Data {
            /// The operation that read it.
            pub fn operation(&self) -> Operation {
                match self {
                    $(Data::$name(_) => Operation::$name,)*
                }
            }

            $(
                pub fn $into(self) -> Result<reads!(@data $shape $model $(, $carried_type)?)> {
                    match self {
                        Data::$name(held) => Ok(held),
                        other => Err(other.other(Operation::$name)),
                    }
                }
            )*
        }

        impl PortalClient {
            /// Reads what `query` names, as the dashboard shows it: one exchange for every
            /// read (`PortalClient::get_url`), and the row's decoding handed to it.
            pub async fn fetch(&self, query: &Query) -> Result<Data> {
                let decode: Decoding<'_, Data> = match query {
                    $(
                    #[allow(unused_variables, reason = "only an argument `Data` holds is used")]
                    Query::$name $(($($arg),+))? => &|op: Operation, reply: &Reply| {
                        let envelope: $envelope = transport::decode(op, reply)?;
                        let read = envelope $(.$field)?;
                        let held = reads!(@held self op $shape read);
                        Ok(Data::$name(reads!(@value held $(, *$carried)?)))
                    },)*
                };
                let op = query.operation();
                let segments = query.segments();
                let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
                let url = self.url(op, &segments).map_err(|e| self.redact_error(e))?;
                let data = self.get_url(op, url, decode).await.map_err(|e| self.redact_error(e))?;
                as_asked(data, query)
            }
        }
    };
}
use reads;

/// A read by name answers for that name only. Some portals look a name up by suffix or
/// `LIKE` (asked for `shop.example.vn`, they answer `example.vn`'s registration): what is
/// named otherwise is not this name's, and nothing is read or written there for it. A
/// record without a name is kept (unknown is not another name); a by-name read left with
/// none of its own says whose it was.
fn as_asked(data: Data, query: &Query) -> Result<Data> {
    let (records, asked) = match (data, query) {
        (Data::Domain(records), Query::Domain(asked)) => (records, asked),
        (data, _) => return Ok(data),
    };
    // Compared by what a domain name can hold: what a portal wraps a name in (a mark, an
    // escape already taken out) does not make it another name; another label does.
    let key = |name: &str| -> String {
        let name = crate::api::models::name_key(name);
        name.chars().filter(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_')).collect()
    };
    let (own, others): (Vec<DomainRecord>, Vec<DomainRecord>) =
        records.into_iter().partition(|r| r.name.trim().is_empty() || key(&r.name) == key(asked));
    if own.is_empty() && !others.is_empty() {
        let mut answered: Vec<String> = others.iter().map(|r| crate::api::models::name_key(&r.name)).collect();
        answered.dedup();
        let asked = crate::api::models::name_key(asked);
        return Err(ApiError::NotThisName { op: Operation::Domain, asked, answered });
    }
    Ok(Data::Domain(own))
}

/// The reads of what a portal sells and of contacts, typed (see `api::buying`).
impl PortalClient {
    pub async fn categories(&self) -> Result<Vec<Category>> {
        self.fetch(&Query::Categories).await?.into_categories()
    }

    pub async fn products(&self, category: u64) -> Result<Vec<Product>> {
        self.fetch(&Query::Products(category)).await?.into_products().map(|(_, products)| products)
    }

    pub async fn product_config(&self, product: u64) -> Result<ProductConfig> {
        self.fetch(&Query::ProductConfig(product)).await?.into_product_config().map(|(_, config)| *config)
    }

    pub async fn tld_form(&self, tld: u64) -> Result<Vec<Form>> {
        self.fetch(&Query::TldForm(tld)).await?.into_tld_form().map(|(_, forms)| forms)
    }

    pub async fn contacts(&self) -> Result<Vec<ContactSummary>> {
        self.fetch(&Query::Contacts).await?.into_contacts()
    }

    pub async fn contact(&self, id: u64) -> Result<Fields> {
        self.fetch(&Query::Contact(id)).await?.into_contact().map(|(_, fields)| fields)
    }

    pub async fn domain_contacts(&self, domain_id: u64) -> Result<DomainContacts> {
        self.fetch(&Query::DomainContacts(domain_id)).await?.into_domain_contacts().map(|(_, contacts)| contacts)
    }

    /// The id of the service an order made, by the order's number; `None` when the answer
    /// names none.
    pub async fn ordered_service(&self, order: &str) -> Result<Option<u64>> {
        let id = self.fetch(&Query::OrderedService(order.trim().to_owned())).await?.into_ordered_service()?;
        Ok(id.trim().parse().ok())
    }
}
