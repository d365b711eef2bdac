//! One change of each kind, made to the demo portal's own data: what the tests send to try
//! every change the tool makes, under every fault (`tests/it/fault_matrix.rs`). A new
//! change's demo handler comes with its example here; a test below names a change that has
//! none.

use std::collections::BTreeMap;

use crate::api::buying::{DomainPurchase, ProductPurchase};
use crate::api::cart::{CartItem, CartPurchase};
use crate::api::models::ZoneRef;
use crate::api::{Change, DnsFields, Message, Operation};

/// The hosted zone the demo's zone changes are made to.
pub const EXAMPLE_ZONE: ZoneRef = ZoneRef { service_id: 2230, zone_id: 61 };

/// The upgrade the demo's VPS (2207) is estimated and ordered with: resource 11 → item 42.
pub fn example_resources() -> BTreeMap<String, String> {
    [("11".to_owned(), "42".to_owned())].into_iter().collect()
}

/// The registration the demo's domain order example makes: a free .vn name, its registrant's
/// ID number (the .vn form's required field) given.
pub fn example_domain_order() -> DomainPurchase {
    DomainPurchase {
        name: "hoasen-tea.vn".into(),
        years: 1,
        tld_id: "1".into(),
        data: [("idnumber".to_owned(), "079186001234".to_owned())].into(),
        ..DomainPurchase::default()
    }
}

/// The order the demo's product order example makes: the cloud VPS with 2 GB more RAM, a
/// month, with the promotion code.
pub fn example_product_order() -> ProductPurchase {
    ProductPurchase {
        product: "Cloud VPS VN-2".into(),
        cycle: "m".into(),
        custom: [("72".to_owned(), "2".to_owned())].into(),
        promocode: Some("KHAITRUONG".into()),
        ..ProductPurchase::default()
    }
}

/// The cart the demo's cart example orders: the cloud VPS of `example_product_order` for
/// hoasen-tea.vn and the registration of that name, with the promotion code, at once.
pub fn example_cart_order() -> CartPurchase {
    let purchase = ProductPurchase { domain: Some("hoasen-tea.vn".into()), promocode: None, ..example_product_order() };
    CartPurchase {
        items: vec![CartItem::Product { product_id: 341, purchase }, CartItem::Domain(example_domain_order())],
        pay_method: None,
        promocode: Some("KHAITRUONG".into()),
    }
}

/// One change of each kind, in the order of the table of changes; each is one the demo
/// portal accepts on its seed data.
pub fn example_changes() -> Vec<Change> {
    let record =
        || DnsFields { name: "home".into(), kind: "A".into(), priority: 0, content: "203.0.113.7".into(), ttl: None };
    let message = || Message::new("Website đã chạy lại bình thường, cảm ơn anh.").expect("a message of one line");
    vec![
        Change::DnsAdd { domain_id: 5188, record: record() },
        Change::DnsUpdate { domain_id: 5188, record_id: "1".into(), record: record() },
        Change::DnsDelete { domain_id: 5188, record_id: "1".into() },
        Change::Upgrade { service_id: 2207, resources: example_resources() },
        Change::TicketReply { number: "482913".into(), body: message() },
        Change::TicketNew { dept_id: "1".into(), subject: "Lỗi 502".into(), body: message() },
        Change::TicketClose { number: "482913".into() },
        Change::TicketReopen { number: "481902".into() },
        Change::DomainRenew { domain_id: 5120, years: 1 },
        Change::DomainAutorenew { domain_id: 5120, on: true },
        Change::DomainLock { domain_id: 5188, on: false },
        Change::DomainIdProtection { domain_id: 5120, on: true },
        Change::DomainNameservers {
            domain_id: 5120,
            nameservers: vec!["ns1.example.vn".into(), "ns2.example.vn".into()],
        },
        Change::InvoicePay { invoice_id: 90412, amount: None },
        Change::ServiceCancel { service_id: 2208, immediate: false, reason: "Chuyển sang VPS".into() },
        Change::ServiceLabel { service_id: 2207, label: "Máy chủ web".into() },
        Change::ZoneRecordAdd { zone: EXAMPLE_ZONE, record: record() },
        Change::ZoneRecordUpdate { zone: EXAMPLE_ZONE, record_id: "1001".into(), record: record() },
        Change::ZoneRecordDelete { zone: EXAMPLE_ZONE, record_id: "1001".into() },
        Change::OrderDomain { order: example_domain_order() },
        Change::OrderProduct { product_id: 341, order: example_product_order() },
        Change::OrderCart { order: example_cart_order() },
        Change::DomainContactsSet {
            domain_id: 5188,
            contacts: [("admin".to_owned(), [("email".to_owned(), "quantri@example.vn".to_owned())].into())].into(),
        },
        Change::ContactAdd {
            fields: [
                ("email".to_owned(), "kythuat@hoasen-tea.vn".to_owned()),
                ("firstname".to_owned(), "Minh".to_owned()),
                ("lastname".to_owned(), "Trần".to_owned()),
            ]
            .into(),
        },
        Change::ContactUpdate {
            contact_id: 50,
            fields: [("phonenumber".to_owned(), "+84.2838221234".to_owned())].into(),
        },
        Change::ZoneCreate { service_id: 2230, name: "hoasen-tea.vn".into() },
        Change::ZoneDelete { zone: EXAMPLE_ZONE, name: "dulichdalat.com".into() },
    ]
}

/// The example of the change whose operation is `op`; `None` for a read.
pub fn example_change(op: Operation) -> Option<Change> {
    example_changes().into_iter().find(|change| change.operation() == op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_change_has_one_example() {
        let examples: Vec<Operation> = example_changes().iter().map(Change::operation).collect();
        for op in Operation::ALL.iter().filter(|op| op.is_change()) {
            let count = examples.iter().filter(|e| *e == op).count();
            assert_eq!(count, 1, "{op:?}: {count} examples in src/demo/examples.rs; a change has one");
        }
        assert!(examples.iter().all(|op| op.is_change()));
    }
}
