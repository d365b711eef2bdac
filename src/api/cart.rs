//! A cart: several items bought in one order (`POST /order` with `items`, `pay_method`),
//! quoted together (`POST /quote` with the same items) and billed on one invoice, as the
//! vendor documents it ("several services at once"). An item is a domain registered or
//! transferred in (`DomainPurchase`) or a product ordered (`ProductPurchase`), each sent
//! as the single order of it sends it, with its `type`. The order is a row of the table of
//! changes (`changes::rows`, `OrderCart`): it moves money, so it is never sent twice.

use serde_json::{Value, json};

use super::buying::{DomainPurchase, ProductPurchase};

/// One item of a cart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CartItem {
    Domain(DomainPurchase),
    Product { product_id: u64, purchase: ProductPurchase },
}

impl CartItem {
    /// The item as `POST /order` sends it: the single order's fields and its `type` (a
    /// transfer's code with it; the payment method and the promotion code are the cart's).
    pub fn order_item(&self) -> Value {
        let mut item = match self {
            CartItem::Domain(order) => {
                let mut item = order.body();
                item["type"] = json!("domain");
                item
            }
            CartItem::Product { product_id, purchase } => purchase.quote_item(*product_id),
        };
        if let Some(fields) = item.as_object_mut() {
            fields.remove("pay_method");
            fields.remove("promocode");
        }
        item
    }

    /// The item as `POST /quote` prices it: as ordered, without a transfer's code.
    pub fn quote_item(&self) -> Value {
        let mut item = self.order_item();
        if let Some(fields) = item.as_object_mut() {
            fields.remove("epp");
        }
        item
    }
}

/// Several items ordered at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CartPurchase {
    pub items: Vec<CartItem>,
    pub pay_method: Option<String>,
    pub promocode: Option<String>,
}

impl CartPurchase {
    /// The body of `POST /order`: the items, the payment method and the promotion code
    /// where given.
    pub fn body(&self) -> Value {
        self.with_cart_fields(json!({ "items": self.items.iter().map(CartItem::order_item).collect::<Vec<_>>() }))
    }

    /// The body of `POST /quote` for the whole cart.
    pub fn quote_body(&self) -> Value {
        let items: Vec<Value> = self.items.iter().map(CartItem::quote_item).collect();
        self.with_cart_fields(json!({ "items": items, "output": "full" }))
    }

    fn with_cart_fields(&self, mut body: Value) -> Value {
        if let Some(method) = &self.pay_method {
            body["pay_method"] = json!(method);
        }
        if let Some(code) = &self.promocode {
            body["promocode"] = json!(code);
        }
        body
    }

    /// The domains the cart orders.
    pub fn domains(&self) -> impl Iterator<Item = &DomainPurchase> {
        self.items.iter().filter_map(|i| match i {
            CartItem::Domain(order) => Some(order),
            CartItem::Product { .. } => None,
        })
    }

    /// The products the cart orders.
    pub fn products(&self) -> impl Iterator<Item = &ProductPurchase> {
        self.items.iter().filter_map(|i| match i {
            CartItem::Product { purchase, .. } => Some(purchase),
            CartItem::Domain(_) => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cart_sends_each_item_as_its_own_order_would_with_its_type() {
        let domain = DomainPurchase {
            name: "hoasen-tea.vn".into(),
            years: 1,
            tld_id: "1".into(),
            epp: Some("Xk7#pQ2".into()),
            transfer: true,
            pay_method: Some("ignored".into()),
            ..Default::default()
        };
        let product = ProductPurchase {
            product: "Cloud VPS VN-2".into(),
            cycle: "m".into(),
            custom: [("72".to_owned(), "2".to_owned())].into(),
            promocode: Some("per item".into()),
            ..Default::default()
        };
        let cart = CartPurchase {
            items: vec![CartItem::Product { product_id: 341, purchase: product }, CartItem::Domain(domain)],
            pay_method: Some("10".into()),
            promocode: Some("KHAITRUONG".into()),
        };
        assert_eq!(
            cart.body(),
            json!({"items": [
                {"type": "product", "product_id": "341", "cycle": "m", "custom": {"72": "2"}},
                {"type": "domain", "name": "hoasen-tea.vn", "years": 1, "action": "transfer", "tld_id": "1", "epp": "Xk7#pQ2"},
            ], "pay_method": "10", "promocode": "KHAITRUONG"})
        );
        let quoted = cart.quote_body();
        assert_eq!(quoted["output"], "full");
        assert!(quoted["items"][1].get("epp").is_none(), "a quote never carries the code: {quoted}");
        assert_eq!(cart.domains().count(), 1);
        assert_eq!(cart.products().next().map(|p| p.product.as_str()), Some("Cloud VPS VN-2"));
    }
}
