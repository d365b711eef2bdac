//! What a portal sells and what an order needs (`GET /category`, `GET /category/@id/product`,
//! `GET /order/@product_id`, `GET /domain/order/@tld_id/form`, `GET /contact`,
//! `GET /contact/@id`, `GET /domain/@id/contact`, `POST /quote`), read leniently: ids and
//! flags as text or numbers, prices as numbers (the product list) or text (elsewhere), both
//! read exactly into [`Money`], never through a float; a list sent as an object keyed by id
//! read as a list; a form of a type not known kept, shown read-only.

use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use crate::api::money::Money;
use crate::api::sanitize;

/// Text of a scalar, sanitised; empty for null, nested values and missing fields.
pub(crate) fn text(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => sanitize::line(s.trim()).into_owned(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => if *b { "1" } else { "0" }.to_owned(),
        _ => String::new(),
    }
}

/// An amount as text or a number, exactly (a number's literal, as serde_json keeps it); `None`
/// for what is missing, empty or not an amount.
pub(crate) fn amount(value: Option<&Value>) -> Option<Money> {
    match value? {
        Value::Number(n) => Money::parse(&n.to_string()),
        Value::String(s) => Money::parse(s.trim().trim_end_matches(|c: char| c.is_alphabetic() || c == ' ')),
        _ => None,
    }
}

/// A flag as portals send them: `true`, `1`, `"1"`, `"true"`, `"on"`.
fn flag(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_u64().is_some_and(|n| n != 0),
        Some(Value::String(s)) => matches!(s.trim().to_ascii_lowercase().as_str(), "1" | "true" | "on" | "yes"),
        _ => false,
    }
}

/// The entries of a list, sent as an array or as an object keyed by id (the key kept as
/// `id` where the entry has none).
fn entries(value: Option<&Value>) -> Vec<Map<String, Value>> {
    let object = |key: Option<&String>, v: &Value| match v {
        Value::Object(map) => {
            let mut map = map.clone();
            if let (Some(key), false) = (key, map.contains_key("id")) {
                map.insert("id".into(), Value::String(key.clone()));
            }
            Some(map)
        }
        _ => None,
    };
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(|v| object(None, v)).collect(),
        Some(Value::Object(map)) => map.iter().filter_map(|(k, v)| object(Some(k), v)).collect(),
        _ => Vec::new(),
    }
}

/// The part of an answer under `key` (or the answer itself when it is the bare list): a list
/// or an object keyed by id; missing or `null` is none; anything else is not this answer.
fn part<'a, E: serde::de::Error>(answer: &'a Value, key: &str) -> Result<Option<&'a Value>, E> {
    let found = match answer {
        Value::Object(map) => map.get(key),
        Value::Array(_) => Some(answer),
        _ => return Err(E::custom(crate::api::lenient::found(&format!("an object with {key:?}"), kind(answer)))),
    };
    match found {
        None | Some(Value::Null) => Ok(None),
        Some(v @ (Value::Array(_) | Value::Object(_))) => Ok(Some(v)),
        Some(other) => {
            Err(E::custom(crate::api::lenient::found(&format!("{key:?} as a list or an object"), kind(other))))
        }
    }
}

/// An object under `key`, required: anything else is not this answer.
fn object_part<'a, E: serde::de::Error>(answer: &'a Value, key: &str) -> Result<&'a Map<String, Value>, E> {
    match answer.get(key) {
        Some(Value::Object(map)) => Ok(map),
        Some(other) => Err(E::custom(crate::api::lenient::found(&format!("{key:?} as an object"), kind(other)))),
        None => Err(E::custom(format!("no {key:?} in the answer"))),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A category of products (`GET /category`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub description: String,
    pub slug: String,
}

/// `GET /category` → `{"categories": [...]}`.
#[derive(Clone, Debug, Default)]
pub struct CategoryList {
    pub categories: Vec<Category>,
}

impl<'de> Deserialize<'de> for CategoryList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let categories = entries(part::<D::Error>(&answer, "categories")?)
            .iter()
            .map(|c| Category {
                id: text(c.get("id")),
                name: text(c.get("name")),
                description: text(c.get("description")),
                slug: text(c.get("slug")),
            })
            .collect();
        Ok(CategoryList { categories })
    }
}

/// A billing period a product is sold for, with its price (`m`, `q`, `s`, `a`, `b`, `t`…).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Period {
    /// The cycle's code, what an order sends as `cycle`.
    pub code: String,
    pub title: String,
    pub price: Option<Money>,
    pub setup: Option<Money>,
    pub selected: bool,
}

fn period(p: &Map<String, Value>) -> Period {
    let code = match text(p.get("value")) {
        v if v.is_empty() => text(p.get("title")),
        v => v,
    };
    Period {
        code,
        title: text(p.get("title")),
        price: amount(p.get("price")),
        setup: amount(p.get("setup")),
        selected: flag(p.get("selected")),
    }
}

/// A product as a category lists it (`GET /category/@id/product`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Product {
    pub id: String,
    pub name: String,
    pub description: String,
    pub paytype: String,
    pub periods: Vec<Period>,
}

/// `GET /category/@id/product` → `{"products": [...]}`: prices are numbers here.
#[derive(Clone, Debug, Default)]
pub struct ProductList {
    pub products: Vec<Product>,
}

impl<'de> Deserialize<'de> for ProductList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let products = entries(part::<D::Error>(&answer, "products")?)
            .iter()
            .map(|p| Product {
                id: text(p.get("id")),
                name: text(p.get("name")),
                description: text(p.get("description")),
                paytype: text(p.get("paytype")),
                periods: entries(p.get("periods")).iter().map(period).collect(),
            })
            .collect();
        Ok(ProductList { products })
    }
}

/// One choice of a form: an item of a select or radio, the one item of a quantity or a
/// checkbox.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormItem {
    pub id: String,
    pub title: String,
    pub value: String,
    pub price: Option<Money>,
    pub setup: Option<Money>,
    pub selected: bool,
}

/// The kind of a form, as HostBill names them; any other is kept and shown read-only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormKind {
    Select,
    Radio,
    Checkbox,
    Quantity,
    Input,
    Other(String),
}

impl FormKind {
    fn of(kind: &str) -> FormKind {
        match kind.trim().to_ascii_lowercase().as_str() {
            "select" => FormKind::Select,
            "radio" => FormKind::Radio,
            "checkbox" => FormKind::Checkbox,
            "qty" | "quantity" | "slider" => FormKind::Quantity,
            "input" | "text" | "textarea" => FormKind::Input,
            other => FormKind::Other(other.to_owned()),
        }
    }

    pub fn name(&self) -> &str {
        match self {
            FormKind::Select => "select",
            FormKind::Radio => "radio",
            FormKind::Checkbox => "checkbox",
            FormKind::Quantity => "quantity",
            FormKind::Input => "input",
            FormKind::Other(other) => other,
        }
    }
}

/// A field of a product's or a TLD's order form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub id: String,
    pub title: String,
    /// The field to send (`custom[ID]`), as the portal names it.
    pub name: String,
    pub required: bool,
    pub items: Vec<FormItem>,
    /// A quantity's bounds, where the portal gives them.
    pub min: Option<u64>,
    pub max: Option<u64>,
    pub description: String,
}

impl Form {
    /// The item chosen without asking: the one marked selected, else none.
    pub fn default_item(&self) -> Option<&FormItem> {
        self.items.iter().find(|i| i.selected)
    }

    /// Whether the tool knows how to fill it (an unknown kind is shown, never sent).
    pub fn is_known(&self) -> bool {
        !matches!(self.kind, FormKind::Other(_))
    }
}

fn form(f: &Map<String, Value>) -> Form {
    let number = |key: &str| text(f.get(key)).parse::<u64>().ok();
    let config = f.get("config").and_then(Value::as_object);
    let bound = |key: &str| number(key).or_else(|| config.and_then(|c| text(c.get(key)).parse().ok()));
    Form {
        kind: FormKind::of(&text(f.get("type"))),
        id: text(f.get("id")),
        title: match text(f.get("title")) {
            t if t.is_empty() => text(f.get("name")),
            t => t,
        },
        name: text(f.get("name")),
        required: flag(f.get("required")),
        items: entries(f.get("items"))
            .iter()
            .map(|i| FormItem {
                id: text(i.get("id")),
                title: text(i.get("title")),
                value: text(i.get("value")),
                price: amount(i.get("price")),
                setup: amount(i.get("setup")),
                selected: flag(i.get("selected")),
            })
            .collect(),
        min: bound("min"),
        max: bound("max"),
        description: text(f.get("description")),
    }
}

/// `GET /domain/order/@tld_id/form` → `{"forms": [...]}`: the extra fields a TLD needs.
#[derive(Clone, Debug, Default)]
pub struct FormList {
    pub forms: Vec<Form>,
}

impl<'de> Deserialize<'de> for FormList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        Ok(FormList { forms: entries(part::<D::Error>(&answer, "forms")?).iter().map(form).collect() })
    }
}

/// A product's configuration (`GET /order/@product_id`): its periods and its forms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductConfig {
    pub id: String,
    pub name: String,
    pub category_name: String,
    /// The cycle chosen when none is asked (`recurring`).
    pub recurring: String,
    pub price: Option<Money>,
    pub setup: Option<Money>,
    /// The billing cycles (the `cycle` select of `config.product`).
    pub cycles: Vec<FormItem>,
    pub forms: Vec<Form>,
    /// Whether the order names a domain (`config.product` has its `domain` input).
    pub takes_domain: bool,
}

/// `GET /order/@product_id` → `{"product": {...}}`.
#[derive(Clone, Debug, Default)]
pub struct ProductEnvelope {
    pub product: ProductConfig,
}

impl<'de> Deserialize<'de> for ProductEnvelope {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let p = object_part::<D::Error>(&answer, "product")?;
        let config = p.get("config");
        let product_fields: Vec<Form> = entries(config.and_then(|c| c.get("product"))).iter().map(form).collect();
        let takes_domain = product_fields.iter().any(|f| f.id == "domain" || f.name == "domain");
        let cycles = product_fields
            .into_iter()
            .find(|f| f.id == "cycle" || f.name == "cycle")
            .map(|f| f.items)
            .unwrap_or_default();
        let product = ProductConfig {
            id: text(p.get("id")),
            name: text(p.get("name")),
            category_name: text(p.get("category_name")),
            recurring: text(p.get("recurring")),
            price: amount(p.get("price")),
            setup: amount(p.get("setup")),
            cycles,
            forms: entries(config.and_then(|c| c.get("forms"))).iter().map(form).collect(),
            takes_domain,
        };
        Ok(ProductEnvelope { product })
    }
}

/// A contact of the account as `GET /contact` lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContactSummary {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub companyname: String,
}

/// `GET /contact` → `{"contacts": [...]}`.
#[derive(Clone, Debug, Default)]
pub struct ContactList {
    pub contacts: Vec<ContactSummary>,
}

impl<'de> Deserialize<'de> for ContactList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let contacts = entries(part::<D::Error>(&answer, "contacts")?)
            .iter()
            .map(|c| ContactSummary {
                id: text(c.get("id")),
                email: text(c.get("email")),
                firstname: text(c.get("firstname")),
                lastname: text(c.get("lastname")),
                companyname: text(c.get("companyname")),
            })
            .collect();
        Ok(ContactList { contacts })
    }
}

/// A set of fields as the portal sent them, in its order: a contact, a domain's role.
pub type Fields = Vec<(String, String)>;

fn fields_of(value: Option<&Value>) -> Fields {
    match value {
        Some(Value::Object(map)) => map
            .iter()
            .filter(|(_, v)| !v.is_object() && !v.is_array())
            .map(|(k, v)| (k.clone(), text(Some(v))))
            .collect(),
        _ => Vec::new(),
    }
}

/// `GET /service/order/@order_num` → `{"account_id": 1302}`: the service the order made
/// (a number or a text; none is an empty id).
#[derive(Debug, Default, Deserialize)]
pub struct OrderedServiceAnswer {
    #[serde(default, deserialize_with = "crate::api::lenient::text")]
    pub account_id: String,
}

/// `GET /contact/@id` → `{"contact": {...}}`: every field kept.
#[derive(Clone, Debug, Default)]
pub struct ContactEnvelope {
    pub contact: Fields,
}

impl<'de> Deserialize<'de> for ContactEnvelope {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let contact = object_part::<D::Error>(&answer, "contact")?;
        Ok(ContactEnvelope { contact: fields_of(Some(&Value::Object(contact.clone()))) })
    }
}

/// The fields a contact of the account has (`GET /contact/@id`, less its id, `company`,
/// `lastlogin` and privileges): what `POST /contact` and `PUT /contact/@id` take.
pub const CONTACT_FIELDS: [&str; 12] = [
    "email",
    "firstname",
    "lastname",
    "companyname",
    "address1",
    "address2",
    "city",
    "state",
    "postcode",
    "country",
    "phonenumber",
    "type",
];

/// The fields a contact is not added without.
pub const CONTACT_NEEDS: [&str; 3] = ["email", "firstname", "lastname"];

/// The roles a domain's contacts are held under, in the order they are shown.
pub const CONTACT_ROLES: [&str; 4] = ["registrant", "admin", "tech", "billing"];

/// A registration's contacts, by role (`contact_info.{registrant,admin,tech,billing}`);
/// roles the portal adds kept after those.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DomainContacts {
    pub roles: Vec<(String, Fields)>,
}

impl DomainContacts {
    pub fn role(&self, role: &str) -> Option<&Fields> {
        self.roles.iter().find(|(r, _)| r.eq_ignore_ascii_case(role)).map(|(_, f)| f)
    }
}

/// `GET /domain/@id/contact` → `{"contact_info": {"registrant": {...}, ...}}`.
#[derive(Clone, Debug, Default)]
pub struct DomainContactsEnvelope {
    pub contact_info: DomainContacts,
}

impl<'de> Deserialize<'de> for DomainContactsEnvelope {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let answer = Value::deserialize(d)?;
        let key = if answer.get("contact_info").is_some() { "contact_info" } else { "contacts" };
        let map = object_part::<D::Error>(&answer, key)?;
        let mut roles: Vec<(String, Fields)> = Vec::new();
        {
            for role in CONTACT_ROLES {
                if let Some(fields) = map.iter().find(|(k, _)| k.eq_ignore_ascii_case(role)).map(|(_, v)| v) {
                    roles.push((role.to_owned(), fields_of(Some(fields))));
                }
            }
            for (key, fields) in map {
                if !CONTACT_ROLES.iter().any(|r| r.eq_ignore_ascii_case(key)) && fields.is_object() {
                    roles.push((sanitize::line(key).into_owned(), fields_of(Some(fields))));
                }
            }
        }
        Ok(DomainContactsEnvelope { contact_info: DomainContacts { roles } })
    }
}

/// A line of a quote: what it is and what it costs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuoteLine {
    pub name: String,
    pub amount: Option<Money>,
}

/// The portal's own quote of an order (`POST /quote`), its shape undocumented: a total, lines
/// and a currency read where they are found (at the top, under `summary`, `cart` or
/// `quote`); what could not be read is `None` or empty, and said so.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quote {
    pub total: Option<Money>,
    pub currency: Option<String>,
    pub lines: Vec<QuoteLine>,
}

impl Quote {
    pub fn from_answer(answer: &Value) -> Quote {
        let places: Vec<&Value> = std::iter::once(answer)
            .chain(["summary", "cart", "quote", "totals"].iter().filter_map(|k| answer.get(*k)))
            .collect();
        let find =
            |keys: &[&str]| places.iter().find_map(|p| keys.iter().find_map(|k| p.get(*k).filter(|v| !v.is_null())));
        let total = find(&["total", "grand_total", "amount"]).and_then(|v| amount(Some(v)));
        let currency = find(&["currency", "currency_code"]).map(|v| match v {
            Value::Object(c) => text(c.get("code").or_else(|| c.get("iso"))),
            other => text(Some(other)),
        });
        let lines = places
            .iter()
            .find_map(|p| {
                ["items", "lines", "products"].iter().find_map(|k| p.get(*k)).filter(|v| v.is_array() || v.is_object())
            })
            .map(|items| {
                entries(Some(items))
                    .iter()
                    .map(|l| QuoteLine {
                        name: ["name", "title", "description", "product"]
                            .iter()
                            .map(|k| text(l.get(*k)))
                            .find(|t| !t.is_empty())
                            .unwrap_or_default(),
                        amount: ["price", "amount", "total", "linetotal"].iter().find_map(|k| amount(l.get(*k))),
                    })
                    .collect()
            })
            .unwrap_or_default();
        Quote { total, currency: currency.filter(|c| !c.is_empty()), lines }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_service_an_order_made_is_a_number_or_a_text() {
        let read = |text: &str| serde_json::from_str::<OrderedServiceAnswer>(text).map(|a| a.account_id);
        assert_eq!(read(r#"{"account_id":1302}"#).unwrap(), "1302", "as Time4VPS documents it");
        assert_eq!(read(r#"{"account_id":"1302"}"#).unwrap(), "1302");
        assert_eq!(read("{}").unwrap(), "", "none named");
        assert!(read(r#"{"account_id":{"id":1}}"#).is_err());
    }

    #[test]
    fn prices_are_read_exactly_as_numbers_or_text() {
        let list: ProductList = serde_json::from_str(
            r#"{"products":[{"id":"333","name":"Starter","periods":[{"title":"m","value":"m","price":9.99,"setup":0,"selected":true},{"title":"a","value":"a","price":"109.89"}]}]}"#,
        )
        .unwrap();
        let periods = &list.products[0].periods;
        assert_eq!(periods[0].price, Money::parse("9.99"));
        assert_eq!(periods[1].price, Money::parse("109.89"));
        assert!(periods[0].selected);
        let big: ProductList =
            serde_json::from_str(r#"{"products":{"7":{"name":"VPS","periods":[{"value":"m","price":1234567890.5}]}}}"#)
                .unwrap();
        assert_eq!(big.products[0].id, "7");
        assert_eq!(big.products[0].periods[0].price, Money::parse("1234567890.5"));
    }

    #[test]
    fn forms_of_unknown_kinds_are_kept() {
        let forms: FormList = serde_json::from_str(
            r#"{"forms":[{"type":"select","id":"1618","title":"Disk","name":"custom[1618]","required":false,"items":[{"title":"512MB","value":1,"id":10330,"price":0}]},{"type":"colour","id":"9","title":"Theme"}]}"#,
        )
        .unwrap();
        assert_eq!(forms.forms[0].kind, FormKind::Select);
        assert_eq!(forms.forms[0].items[0].id, "10330");
        assert_eq!(forms.forms[1].kind, FormKind::Other("colour".into()));
        assert!(!forms.forms[1].is_known());
    }

    #[test]
    fn a_quote_is_read_where_it_is_found() {
        let quote = Quote::from_answer(&serde_json::json!({"summary": {"total": "350000.00", "currency": "VND"},
            "items": [{"name": "hoasen-tea.vn", "price": 350000}]}));
        assert_eq!(quote.total, Money::parse("350000"));
        assert_eq!(quote.currency.as_deref(), Some("VND"));
        assert_eq!(quote.lines.len(), 1);
        assert_eq!(Quote::from_answer(&serde_json::json!({"success": true})), Quote::default());
    }
}
