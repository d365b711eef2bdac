//! The table of changes: one row per change the tool makes to an account. Every part of a
//! change comes from its row: `Change` and its request, operation, subject, re-read, what
//! it makes stale and whether it may be sent again after a 401 (`table.rs`), the operation
//! (`api::operation`), and its name and status-line words (`i18n::preview`, where each
//! change has one unit struct of the same name beside its preview). So a new change is
//! one row here, its words and preview in its family's file, its demo handler (with an
//! example of it, `demo/examples.rs`) and its key: ARCHITECTURE.md, "A new change".
//!
//! A row: `Change variant { fields } => Operation { … }`, the variant and its fields, then
//! the operation it is (its name in errors and logs), then: `send` the method, the path's
//! segments (each one segment, encoded as one) and the body (`Option<Value>`), built from
//! the fields; `subject` what it changes (`Subject`); `again` the read of what it changed
//! (what its screen reads again to show what it did); `stale` what else it makes stale
//! (the whole-account lists that show it, the credit it moved); `proof` the reads that
//! show whether it is there, read just before it is sent and again after an unclear answer,
//! and the judge of them (`proof.rs`: applied, absent, no sign, cannot tell; `records` for
//! a DNS change, judged by its records instead); `resend` whether it may be sent a second
//! time after a 401 when the reads prove it absent (`Resend`: never for what moves money).
//! The fields are bound by reference in every part.
//!
//! The rows are given to a macro named by the caller (`change_rows!(then)` expands to
//! `then! { rows }`), so each part is built in its own layer; the names in a row are
//! resolved there. A part that needs only the variant, its fields and its operation
//! matches a row as `$name:ident { $($field:ident: $type:ty),+ } => $op:ident { $($rest:tt)* }`.
//! This file imports nothing.

/// The rows, given to the macro `$then`.
macro_rules! change_rows {
    ($then:ident) => {
        $then! {
            /// `POST /domain/@id/dns`.
            DnsAdd { domain_id: u64, record: DnsFields } => DnsAdd {
                send POST ["domain", domain_id, "dns"], record_body(record);
                subject Subject::DomainDns(*domain_id);
                again Query::Dns(*domain_id);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `PUT /domain/@id/dns/@index`.
            DnsUpdate { domain_id: u64, record_id: String, record: DnsFields } => DnsUpdate {
                send PUT ["domain", domain_id, "dns", record_id], record_body(record);
                subject Subject::DomainDns(*domain_id);
                again Query::Dns(*domain_id);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `DELETE /domain/@id/dns/@index`.
            DnsDelete { domain_id: u64, record_id: String } => DnsDelete {
                send DELETE ["domain", domain_id, "dns", record_id], None;
                subject Subject::DomainDns(*domain_id);
                again Query::Dns(*domain_id);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `POST /service/@id/upgrade` with `send`: an upgrade ordered, resource id → item id
            /// (the same route without `send` is the estimate, a read: `api::estimate`). An order
            /// shows as the invoice that bills it, when the portal makes one at once.
            Upgrade { service_id: u64, resources: BTreeMap<String, String> } => UpgradeRequest {
                send POST ["service", service_id, "upgrade"], Some(json!({ "resources": resources, "send": true }));
                subject Subject::Service(*service_id);
                again Query::Upgrade(*service_id);
                stale [Query::Services, Query::Invoices, Query::Balance];
                proof [Query::Invoices] upgrade_invoiced;
                resend Resend::Never;
            }
            /// `POST /tickets/@number` with `body`: a reply to a support ticket.
            TicketReply { number: String, body: Message } => TicketReply {
                send POST ["tickets", number.trim()], Some(json!({ "body": body.as_str() }));
                subject Subject::Ticket(number.trim().to_owned());
                again Query::Ticket(number.trim().to_owned());
                stale [Query::Tickets];
                proof [Query::Ticket(number.trim().to_owned())] |before, after| replied(before, after, body.as_str());
                resend Resend::WhenAbsent;
            }
            /// `POST /tickets` with `dept_id`, `subject`, `body`: a new support ticket.
            TicketNew { dept_id: String, subject: String, body: Message } => TicketNew {
                send POST ["tickets"],
                    Some(json!({ "dept_id": dept_id.trim(), "subject": subject, "body": body.as_str() }));
                subject Subject::Tickets;
                again Query::Tickets;
                stale [];
                proof [Query::Tickets] |before, after| opened(before, after, subject);
                resend Resend::WhenAbsent;
            }
            /// `PUT /tickets/@number/close`.
            TicketClose { number: String } => TicketClose {
                send PUT ["tickets", number.trim(), "close"], None;
                subject Subject::Ticket(number.trim().to_owned());
                again Query::Ticket(number.trim().to_owned());
                stale [Query::Tickets];
                proof [Query::Ticket(number.trim().to_owned())] |before, after| ticket_status(before, after, false);
                resend Resend::WhenAbsent;
            }
            /// `PUT /tickets/@number/open`.
            TicketReopen { number: String } => TicketReopen {
                send PUT ["tickets", number.trim(), "open"], None;
                subject Subject::Ticket(number.trim().to_owned());
                again Query::Ticket(number.trim().to_owned());
                stale [Query::Tickets];
                proof [Query::Ticket(number.trim().to_owned())] |before, after| ticket_status(before, after, true);
                resend Resend::WhenAbsent;
            }
            /// `POST /domain/@id/renew` with `years`: charged to the account's credit, or billed on
            /// an invoice to pay (the expiry then moves when it is paid), as the portal does.
            DomainRenew { domain_id: u64, years: u32 } => DomainRenew {
                send POST ["domain", domain_id, "renew"], Some(json!({ "years": years }));
                subject Subject::Registration(*domain_id);
                again Query::DomainDetails(*domain_id);
                stale [Query::Domains, Query::Balance, Query::Invoices];
                proof [Query::DomainDetails(*domain_id), Query::Invoices] renewed;
                resend Resend::Never;
            }
            /// `PUT /domain/@id/autorenew` with `autorenew` true or false.
            DomainAutorenew { domain_id: u64, on: bool } => DomainAutorenew {
                send PUT ["domain", domain_id, "autorenew"], Some(json!({ "autorenew": on }));
                subject Subject::Registration(*domain_id);
                again Query::DomainDetails(*domain_id);
                stale [Query::Domains];
                proof [Query::DomainDetails(*domain_id)] |before, after| detail_flag(before, after, |d| d.autorenew, *on);
                resend Resend::WhenAbsent;
            }
            /// `PUT /domain/@id/reglock` with `switch` true or false: the registrar lock.
            DomainLock { domain_id: u64, on: bool } => DomainLock {
                send PUT ["domain", domain_id, "reglock"], Some(json!({ "switch": on }));
                subject Subject::Registration(*domain_id);
                again Query::DomainDetails(*domain_id);
                stale [Query::Domains];
                proof [Query::RegistrarLock(*domain_id)] |before, after| lock(before, after, *on);
                resend Resend::WhenAbsent;
            }
            /// `PUT /domain/@id/idprotection` with `switch` true or false.
            DomainIdProtection { domain_id: u64, on: bool } => DomainIdProtection {
                send PUT ["domain", domain_id, "idprotection"], Some(json!({ "switch": on }));
                subject Subject::Registration(*domain_id);
                again Query::DomainDetails(*domain_id);
                stale [Query::Domains];
                proof [Query::DomainDetails(*domain_id)] |before, after| detail_flag(before, after, |d| d.idprotection, *on);
                resend Resend::WhenAbsent;
            }
            /// `PUT /domain/@id/ns` with `nameservers` (checked by `domain_rules::nameservers`);
            /// none: the portal's default nameservers.
            DomainNameservers { domain_id: u64, nameservers: Vec<String> } => DomainNameservers {
                send PUT ["domain", domain_id, "ns"], Some(json!({ "nameservers": nameservers }));
                subject Subject::Registration(*domain_id);
                again Query::DomainDetails(*domain_id);
                stale [Query::Domains];
                proof [Query::DomainDetails(*domain_id)] |before, after| nameservers_read(before, after, nameservers);
                resend Resend::WhenAbsent;
            }
            /// `POST /invoice/@id/credit`: pays the invoice from the account's credit, `amount` of
            /// it, or without one what pays it whole (the portal pays what it still asks). An
            /// invoice paid whole moves its services on a cycle and lifts a suspension.
            InvoicePay { invoice_id: u64, amount: Option<Money> } => InvoicePay {
                send POST ["invoice", invoice_id, "credit"], amount.map(|a| json!({ "amount": a.to_string() }));
                subject Subject::Invoice(*invoice_id);
                again Query::Invoice(*invoice_id);
                stale [Query::Invoices, Query::Balance, Query::Services];
                proof [Query::Invoice(*invoice_id)] paid;
                resend Resend::Never;
            }
            /// `POST /service/@id/cancel` with `immediate` (`"true"`: now; `"false"`: at the end of
            /// the billing period) and `reason`.
            ServiceCancel { service_id: u64, immediate: bool, reason: String } => ServiceCancel {
                send POST ["service", service_id, "cancel"],
                    Some(json!({ "immediate": immediate.to_string(), "reason": reason }));
                subject Subject::Service(*service_id);
                again Query::Service(*service_id);
                stale [Query::Services];
                proof [Query::Service(*service_id)] cancelled;
                resend Resend::Never;
            }
            /// `POST /service/@id/label` with `label`.
            ServiceLabel { service_id: u64, label: String } => ServiceLabelSet {
                send POST ["service", service_id, "label"], Some(json!({ "label": label }));
                subject Subject::Service(*service_id);
                again Query::ServiceLabel(*service_id);
                stale [Query::Services];
                proof [Query::ServiceLabel(*service_id)] |before, after| labelled(before, after, label);
                resend Resend::WhenAbsent;
            }
            /// `POST /service/@sid/dns/@zid/records`: a record added to a hosted zone (see
            /// `dns::source` for the DNS changes made alike wherever the records are kept).
            ZoneRecordAdd { zone: ZoneRef, record: DnsFields } => ZoneRecordAdd {
                send POST ["service", zone.service_id, "dns", zone.zone_id, "records"], record_body(record);
                subject Subject::ZoneRecords(*zone);
                again Query::ZoneRecords(*zone);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `PUT /service/@sid/dns/@zid/records/@rid`.
            ZoneRecordUpdate { zone: ZoneRef, record_id: String, record: DnsFields } => ZoneRecordUpdate {
                send PUT ["service", zone.service_id, "dns", zone.zone_id, "records", record_id], record_body(record);
                subject Subject::ZoneRecords(*zone);
                again Query::ZoneRecords(*zone);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `DELETE /service/@sid/dns/@zid/records/@rid`.
            ZoneRecordDelete { zone: ZoneRef, record_id: String } => ZoneRecordDelete {
                send DELETE ["service", zone.service_id, "dns", zone.zone_id, "records", record_id], None;
                subject Subject::ZoneRecords(*zone);
                again Query::ZoneRecords(*zone);
                stale [];
                proof [] records;
                resend Resend::WhenAbsent;
            }
            /// `POST /domain/order`: a domain registered or transferred in (`DomainPurchase`). It
            /// moves money: never sent twice; what it made is found in the domains and
            /// invoices read before and after.
            OrderDomain { order: DomainPurchase } => OrderDomain {
                send POST ["domain", "order"], Some(order.body());
                subject Subject::Order;
                again Query::Domains;
                stale [Query::Invoices, Query::Balance];
                proof [Query::Domains, Query::Invoices] |before, after| ordered_domain(before, after, &order.name);
                resend Resend::Never;
            }
            /// `POST /order/@product_id`: a product ordered (`ProductPurchase`). It moves money:
            /// never sent twice; what it made is found in the services and invoices read
            /// before and after.
            OrderProduct { product_id: u64, order: ProductPurchase } => OrderProduct {
                send POST ["order", product_id], Some(order.body());
                subject Subject::Order;
                again Query::Services;
                stale [Query::Invoices, Query::Balance];
                proof [Query::Services, Query::Invoices] |before, after| ordered_service(before, after, order);
                resend Resend::Never;
            }
            /// `POST /order` with `items`: several domains and products ordered at once
            /// (`CartPurchase`), billed on one invoice. It moves money: never sent twice; what
            /// it made is found in the services, domains and invoices read before and after.
            OrderCart { order: CartPurchase } => OrderCart {
                send POST ["order"], Some(order.body());
                subject Subject::Order;
                again Query::Services;
                stale [Query::Domains, Query::Invoices, Query::Balance];
                proof [Query::Services, Query::Domains, Query::Invoices] |before, after| ordered_cart(before, after, order);
                resend Resend::Never;
            }
            /// `PUT /domain/@id/contact`: the roles changed, each with all its fields.
            DomainContactsSet { domain_id: u64, contacts: BTreeMap<String, BTreeMap<String, String>> } => DomainContactsSet {
                send PUT ["domain", domain_id, "contact"], Some(json!(contacts));
                subject Subject::Registration(*domain_id);
                again Query::DomainContacts(*domain_id);
                stale [];
                proof [Query::DomainContacts(*domain_id)] |before, after| contacts_read(before, after, contacts);
                resend Resend::WhenAbsent;
            }
            /// `POST /contact`: a contact added to the account, with the fields given.
            ContactAdd { fields: BTreeMap<String, String> } => ContactAdd {
                send POST ["contact"], Some(json!(fields));
                subject Subject::Contacts;
                again Query::Contacts;
                stale [];
                proof [Query::Contacts] |before, after| contact_added(before, after, fields);
                resend Resend::WhenAbsent;
            }
            /// `PUT /contact/@id`: a contact's fields changed, only those sent.
            ContactUpdate { contact_id: u64, fields: BTreeMap<String, String> } => ContactUpdate {
                send PUT ["contact", contact_id], Some(json!(fields));
                subject Subject::Contact(*contact_id);
                again Query::Contact(*contact_id);
                stale [Query::Contacts];
                proof [Query::Contact(*contact_id)] |before, after| contact_holds(before, after, fields);
                resend Resend::WhenAbsent;
            }
            /// `POST /service/@sid/dns` with `name`: a hosted zone created under a DNS hosting
            /// service.
            ZoneCreate { service_id: u64, name: String } => ZoneCreate {
                send POST ["service", service_id, "dns"], Some(json!({ "name": name }));
                subject Subject::Zones;
                again Query::Zones;
                stale [];
                proof [Query::Zones] |before, after| zone_listed(before, after, name, None, true);
                resend Resend::WhenAbsent;
            }
            /// `DELETE /service/@sid/dns/@zid`: a hosted zone deleted with all its records.
            ZoneDelete { zone: ZoneRef, name: String } => ZoneDelete {
                send DELETE ["service", zone.service_id, "dns", zone.zone_id], None;
                subject Subject::Zone(*zone);
                again Query::Zones;
                stale [];
                proof [Query::Zones] |before, after| zone_listed(before, after, name, Some(*zone), false);
                resend Resend::WhenAbsent;
            }
        }
    };
}
pub(crate) use change_rows;
