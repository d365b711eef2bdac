//! Every operation of the User API the tool performs: signing in, the reads (written here)
//! and the changes (one per row of the table of changes, `api::changes::rows`). Their names
//! in words, and `label` and `Display`, are in `i18n::errors`.

/// The enum: the reads and sign-ins written here, then each change's operation from its row.
macro_rules! operations {
    ($($(#[doc = $doc:literal])* $name:ident { $($field:ident: $type:ty),+ } => $op:ident { $($rest:tt)* })*) => {
        operation_enum! {
            reads {
                Login,
                Refresh,
                Details,
                Certificate,
                Domain,
                Upgrade,
                /// `GET /balance`, beyond the seed's six, as are the ones below.
                Balance,
                /// `GET /service`.
                Services,
                /// `GET /service/@id`.
                Service,
                /// `GET /domain`.
                Domains,
                /// `GET /domain/@id`.
                DomainDetails,
                /// `GET /domain/@id/dns`.
                Dns,
                /// `GET /invoice`.
                Invoices,
                /// `GET /invoice/@id`.
                Invoice,
                /// `GET /domain/@id/dns/types`.
                DnsTypes,
                /// `GET /tickets`.
                Tickets,
                /// `GET /tickets/@number`.
                Ticket,
                /// `GET /ticket/departments`.
                TicketDepartments,
                /// `GET /ticket/attachment/@file?number=…`: a file's bytes.
                TicketAttachment,
                /// `POST /service/@id/upgrade` without `send`.
                UpgradeEstimate,
                /// `GET /domain/order`: the prices of each TLD, by period.
                DomainOrder,
                /// `GET /domain/@id/ns`.
                Nameservers,
                /// `GET /domain/@id/reglock`.
                RegistrarLock,
                /// `GET /domain/@id/epp`: the transfer code, a secret (its answer is withheld from the
                /// request log, and the code is redacted from every text once read).
                TransferCode,
                /// `POST /domain/lookup`: whether a name is free; it changes nothing.
                DomainLookup,
                /// `GET /payment`: the payment methods.
                Payments,
                /// `GET /service/@id/methods`.
                ServiceMethods,
                /// `GET /service/@id/label`.
                ServiceLabel,
                /// `GET /certificate`: the SSL services.
                Certificates,
                /// `GET /certificate/@id/crt`: the issued certificate.
                CertificateCrt,
                /// `POST /logout`: ends the access token.
                Logout,
                /// `POST /revoke`: ends the refresh token (and the access token).
                Revoke,
                /// `GET /dns`: the hosted DNS zones.
                Zones,
                /// `GET /service/@sid/dns/@zid`: a hosted zone's records.
                ZoneRecords,
                /// `GET /category`: what the portal sells, by category.
                Categories,
                /// `GET /category/@id/product`: a category's products and their periods.
                Products,
                /// `GET /order/@product_id`: a product's configuration for an order.
                ProductConfig,
                /// `GET /domain/order/@tld_id/form`: the extra fields a TLD's order needs.
                TldForm,
                /// `GET /contact`.
                Contacts,
                /// `GET /contact/@id`.
                Contact,
                /// `GET /domain/@id/contact`: a registration's contacts by role.
                DomainContacts,
                /// `GET /service/order/@order_num`: the service an order made.
                OrderedService,
                /// `POST /quote`: the portal's own quote of an order; it changes nothing.
                Quote,
            }
            changes { $($(#[doc = $doc])* $op,)* }
        }
    };
}

/// The enum from both lists, with every operation in order and which of them are changes.
macro_rules! operation_enum {
    (
        reads { $($(#[doc = $read_doc:literal])* $read:ident,)* }
        changes { $($(#[doc = $change_doc:literal])* $change:ident,)* }
    ) => {
        /// Every operation of the User API the tool performs. A change's operation is sent
        /// once and never retried (`api::changes`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Operation {
            $($(#[doc = $read_doc])* $read,)*
            $($(#[doc = $change_doc])* $change,)*
        }

        impl Operation {
            /// Every operation: the reads and sign-ins, then the changes in the table's order.
            pub const ALL: &[Operation] = &[$(Operation::$read,)* $(Operation::$change,)*];

            /// Whether this is a change's operation (a row of the table of changes).
            pub const fn is_change(self) -> bool {
                matches!(self, $(Operation::$change)|*)
            }
        }
    };
}

crate::api::changes::change_rows!(operations);

impl Operation {
    /// The largest answer this operation takes. A whole-account list can be large (a
    /// reseller with 100,000 domains answers some 30 MiB): [`MAX_LIST_BODY`]. Any other
    /// answer comes nowhere near [`MAX_BODY`].
    pub const fn body_cap(self) -> usize {
        match self {
            Operation::Domains
            | Operation::Services
            | Operation::Invoices
            | Operation::Tickets
            | Operation::Certificates => MAX_LIST_BODY,
            _ => MAX_BODY,
        }
    }
}

/// Answers above this are refused, lists excepted: no real answer of this API comes near it.
pub const MAX_BODY: usize = 8 * 1024 * 1024;

/// A whole-account list's answers above this are refused.
pub const MAX_LIST_BODY: usize = 256 * 1024 * 1024;
