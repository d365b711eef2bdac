//! Buying: what an order sends (`DomainPurchase`, `ProductPurchase`, the bodies of
//! `POST /domain/order` and `POST /order/@product_id`, built once), the portal's own quote of
//! it (`POST /quote`, a read made with a POST: never confirmed nor logged as a change), and
//! what is checked before anything is sent (a TLD's required fields, a product's options).
//! The orders themselves are rows of the table of changes (`changes::rows`).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::client::PortalClient;
use super::error::{Operation, Result};
use super::models::{DomainContacts, Form, FormKind, Invoice, ProductConfig, Quote, Service, Standing, TldPrices};

/// A domain registered or transferred in, as `POST /domain/order` sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DomainPurchase {
    pub name: String,
    pub years: u32,
    /// A transfer from another registrar (with `epp`), else a registration.
    pub transfer: bool,
    pub tld_id: String,
    pub pay_method: Option<String>,
    pub epp: Option<String>,
    /// 2 to 4, or none for the portal's defaults.
    pub nameservers: Vec<String>,
    /// Contact ids by role (`registrant`, `admin`, `tech`, `billing`).
    pub contacts: BTreeMap<String, String>,
    /// The TLD form's values, by the field's id.
    pub data: BTreeMap<String, String>,
}

impl DomainPurchase {
    pub fn action(&self) -> &'static str {
        if self.transfer { "transfer" } else { "register" }
    }

    /// The body of `POST /domain/order`: the documented fields, those not given left out.
    pub fn body(&self) -> Value {
        let mut body = json!({
            "name": self.name,
            "years": self.years,
            "action": self.action(),
            "tld_id": self.tld_id,
        });
        if let Some(method) = &self.pay_method {
            body["pay_method"] = json!(method);
        }
        if let Some(epp) = &self.epp {
            body["epp"] = json!(epp);
        }
        if !self.nameservers.is_empty() {
            body["nameservers"] = json!(self.nameservers);
        }
        for (role, id) in &self.contacts {
            body[role.as_str()] = json!(id);
        }
        if !self.data.is_empty() {
            body["data"] = json!(self.data);
        }
        body
    }

    /// The order as an item of `POST /quote`.
    pub fn quote_item(&self) -> Value {
        let mut item = self.body();
        item["type"] = json!("domain");
        if let Some(fields) = item.as_object_mut() {
            fields.remove("pay_method");
            fields.remove("epp");
        }
        item
    }
}

/// A product ordered, as `POST /order/@product_id` sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductPurchase {
    /// The product's name, for what is said and for finding the service it made.
    pub product: String,
    pub cycle: String,
    pub domain: Option<String>,
    pub pay_method: Option<String>,
    /// The form's values by the form's id: an item's id, a quantity, `1` for a checkbox, text.
    pub custom: BTreeMap<String, String>,
    pub promocode: Option<String>,
}

impl ProductPurchase {
    /// The body of `POST /order/@product_id`.
    pub fn body(&self) -> Value {
        let mut body = json!({ "cycle": self.cycle });
        if let Some(domain) = &self.domain {
            body["domain"] = json!(domain);
        }
        if let Some(method) = &self.pay_method {
            body["pay_method"] = json!(method);
        }
        if !self.custom.is_empty() {
            body["custom"] = json!(self.custom);
        }
        if let Some(code) = &self.promocode {
            body["promocode"] = json!(code);
        }
        body
    }

    /// The order as an item of `POST /quote`.
    pub fn quote_item(&self, product_id: u64) -> Value {
        let mut item = self.body();
        item["type"] = json!("product");
        item["product_id"] = json!(product_id.to_string());
        if let Some(fields) = item.as_object_mut() {
            fields.remove("pay_method");
        }
        item
    }
}

/// The body of `POST /quote` for one item: `promocode` with it where one is given.
pub fn quote_body(item: Value, pay_method: Option<&str>, promocode: Option<&str>) -> Value {
    let mut body = json!({ "items": [item], "output": "full" });
    if let Some(method) = pay_method {
        body["pay_method"] = json!(method);
    }
    if let Some(code) = promocode {
        body["promocode"] = json!(code);
    }
    body
}

impl PortalClient {
    /// The portal's own quote of `body` (`quote_body`): what it will bill, read leniently.
    pub async fn quote(&self, body: &Value) -> Result<(Quote, Value)> {
        let answer = self.quote_as_sent(body).await?;
        Ok((Quote::from_answer(&answer), answer))
    }

    /// The quote as the portal sent it (for `--json`), control characters taken out.
    pub async fn quote_as_sent(&self, body: &Value) -> Result<Value> {
        self.post_read(Operation::Quote, &["quote"], body).await
    }
}

/// The TLD of `name` among those sold: the longest suffix that fits with a label before it.
pub fn tld_of<'a>(name: &str, tlds: &'a [TldPrices]) -> Option<&'a TldPrices> {
    let name = name.trim().trim_end_matches('.').to_ascii_lowercase();
    tlds.iter()
        .filter(|t| {
            let suffix = t.tld.trim().trim_start_matches('.').to_ascii_lowercase();
            !suffix.is_empty() && name.strip_suffix(&suffix).is_some_and(|rest| rest.len() > 1 && rest.ends_with('.'))
        })
        .max_by_key(|t| t.tld.trim().len())
}

/// A value given for a form, checked against it: an item of a select or radio (by id, value
/// or title), a quantity within its bounds, a checkbox on or off, text; what the form
/// sends. `Err` names what it takes.
pub fn form_value(form: &Form, given: &str) -> std::result::Result<String, String> {
    let given = given.trim();
    let is = |a: &str| !a.is_empty() && a.eq_ignore_ascii_case(given);
    match &form.kind {
        FormKind::Select | FormKind::Radio => form
            .items
            .iter()
            .find(|i| is(&i.id) || is(&i.title) || is(&i.value))
            .map(|i| if i.id.is_empty() { i.value.clone() } else { i.id.clone() })
            .ok_or_else(|| form.items.iter().map(|i| i.title.clone()).collect::<Vec<_>>().join(", ")),
        FormKind::Quantity => {
            let n: u64 = given.parse().map_err(|_| "a whole number".to_owned())?;
            let (min, max) = (form.min.unwrap_or(0), form.max.unwrap_or(u64::MAX));
            match (min..=max).contains(&n) {
                true => Ok(n.to_string()),
                false if max == u64::MAX => Err(format!("{min}…")),
                false => Err(format!("{min}–{max}")),
            }
        }
        FormKind::Checkbox => match given.to_ascii_lowercase().as_str() {
            "1" | "on" | "yes" | "true" | "bật" | "có" => Ok("1".into()),
            "0" | "off" | "no" | "false" | "tắt" | "không" => Ok("0".into()),
            _ => Err("on, off".into()),
        },
        FormKind::Input => Ok(given.to_owned()),
        FormKind::Other(kind) => Err(format!("({kind})")),
    }
}

/// The required fields of `forms` left without a value in `values` (by the form's id).
pub fn missing_required<'a>(forms: &'a [Form], values: &BTreeMap<String, String>) -> Vec<&'a Form> {
    forms
        .iter()
        .filter(|f| f.required && f.is_known())
        .filter(|f| values.get(&f.id).is_none_or(|v| v.trim().is_empty()) && f.default_item().is_none())
        .collect()
}

/// Contacts by role, each role's fields by name: what `PUT /domain/@id/contact` sends.
pub type ContactRoles = BTreeMap<String, BTreeMap<String, String>>;

/// A contact's field changed: role, field, before, after.
pub type FieldChange = (String, String, String, String);

/// A registration's contacts changed as asked (`(role, field, value)`, against `now`, as
/// read): each role that changes, sent whole (its fields as held, with the changes), and
/// each field that changes as `(role, field, before, after)`. A field already as asked
/// sends nothing; nothing to change sends no role.
pub fn contacts_set(now: &DomainContacts, asked: &[(String, String, String)]) -> (ContactRoles, Vec<FieldChange>) {
    let mut sent: ContactRoles = BTreeMap::new();
    let mut changes = Vec::new();
    for (role, field, value) in asked {
        let held = now.role(role).cloned().unwrap_or_default();
        let before = held.iter().find(|(k, _)| k == field).map(|(_, v)| v.clone()).unwrap_or_default();
        let fields = sent.entry(role.clone()).or_insert_with(|| held.into_iter().collect());
        if before.trim() != value.trim() {
            changes.push((role.clone(), field.clone(), before, value.clone()));
        }
        fields.insert(field.clone(), value.clone());
    }
    sent.retain(|role, _| changes.iter().any(|(r, ..)| r == role));
    (sent, changes)
}

/// The form `key` names: by id, title or field name, case aside.
pub fn form_named<'a>(forms: &'a [Form], key: &str) -> Option<&'a Form> {
    let key = key.trim();
    forms.iter().find(|f| {
        [&f.id, &f.title, &f.name].iter().any(|k| !k.is_empty() && k.eq_ignore_ascii_case(key))
            || f.name.eq_ignore_ascii_case(&format!("custom[{key}]"))
    })
}

/// The cycle an order takes when none is chosen: the one the portal marks selected, else
/// the product's `recurring`, else the first it sells.
pub fn default_cycle(config: &ProductConfig) -> String {
    let selected = config.cycles.iter().find(|c| c.selected).map(|c| c.value.clone());
    selected
        .or_else(|| Some(config.recurring.clone()).filter(|r| !r.is_empty()))
        .or_else(|| config.cycles.first().map(|c| c.value.clone()))
        .unwrap_or_default()
}

/// The value a form takes when the user has not chosen one: its selected item where it
/// has one, else none (a quantity or a text left as the portal has it).
pub fn default_value(form: &Form) -> Option<String> {
    match form.kind {
        FormKind::Select | FormKind::Radio => {
            form.default_item().map(|i| if i.id.is_empty() { i.value.clone() } else { i.id.clone() })
        }
        _ => None,
    }
}

/// Orders of `product` already made and not active yet: the account's pending services of
/// that product (for `domain`, where one is given), as both faces name them before an
/// order is confirmed.
pub fn pending_orders<'a>(services: &'a [Service], product: &str, domain: Option<&str>) -> Vec<&'a Service> {
    services
        .iter()
        .filter(|s| {
            s.status.trim().eq_ignore_ascii_case("pending") && s.name.trim().eq_ignore_ascii_case(product.trim())
        })
        .filter(|s| domain.is_none_or(|d| s.domain.trim().eq_ignore_ascii_case(d.trim())))
        .collect()
}

/// The unpaid invoice, among `invoices` read with their items, that bills the item
/// `item_id` (a service or a registration an order made): a line's `item_id` names it.
pub fn unpaid_invoice_of<'a>(item_id: &str, invoices: &'a [Invoice]) -> Option<&'a Invoice> {
    invoices
        .iter()
        .filter(|i| i.standing() == Standing::Unpaid)
        .find(|invoice| invoice.items.iter().any(|i| i.item_id.trim() == item_id.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domain_order_sends_the_documented_fields() {
        let order = DomainPurchase {
            name: "hoasen-tea.vn".into(),
            years: 1,
            tld_id: "1".into(),
            pay_method: Some("10".into()),
            nameservers: vec!["ns1.example.vn".into(), "ns2.example.vn".into()],
            contacts: [("registrant".to_owned(), "49".to_owned())].into(),
            data: [("cmnd".to_owned(), "079123456789".to_owned())].into(),
            ..DomainPurchase::default()
        };
        assert_eq!(
            order.body(),
            json!({"name": "hoasen-tea.vn", "years": 1, "action": "register", "tld_id": "1", "pay_method": "10",
                "nameservers": ["ns1.example.vn", "ns2.example.vn"], "registrant": "49",
                "data": {"cmnd": "079123456789"}})
        );
        assert_eq!(order.quote_item()["type"], "domain");
    }
}
