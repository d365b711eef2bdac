//! Paying, cancelling, labelling and the SSL list: the payment methods (`GET /payment`),
//! what one service offers (`GET /service/@id/methods`), its label (`GET /service/@id/label`),
//! the SSL services (`GET /certificate`), and what an invoice still asks and the account's
//! credit can pay, read leniently.
//!
//! Which field is the credit that pays an invoice: `acc_credit` of `GET /balance`, as the
//! vendor documents it ("current account balance (unpaid invoices total), account credit"):
//! `acc_balance` is what the account owes, never money to spend. Where the portal has no
//! `GET /balance`, the details' `credit` is that same credit (`Balance::from_details`).

use compact_str::CompactString;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::{Balance, Invoice, Standing};
use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;
use crate::api::sanitize;

/// A way to pay, as `GET /payment` names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PaymentMethod {
    pub id: String,
    pub name: String,
}

/// `GET /payment` → `{"payments": {"10": "BankTransfer", "9": "PayPal"}}` (id → name, in the
/// portal's order); a list of `{id, name}` objects or of names is read too.
#[derive(Debug, Default)]
pub struct PaymentList {
    pub payments: Vec<PaymentMethod>,
}

impl<'de> Deserialize<'de> for PaymentList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let listed = match value {
            Value::Object(mut map) if map.contains_key("payments") => map.remove("payments").unwrap_or_default(),
            other => other,
        };
        let text = |v: &Value| match v {
            Value::String(s) => sanitize::line(s.trim()).into_owned(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        let payments = match listed {
            Value::Object(map) => map
                .iter()
                .map(|(id, name)| {
                    let name = match name {
                        Value::Object(o) => o.get("name").map(text).unwrap_or_default(),
                        other => text(other),
                    };
                    PaymentMethod { id: sanitize::line(id.trim()).into_owned(), name }
                })
                .collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(at, item)| match item {
                    Value::Object(o) => PaymentMethod {
                        id: o.get("id").map(text).unwrap_or_default(),
                        name: o.get("name").or_else(|| o.get("module")).map(text).unwrap_or_default(),
                    },
                    other => PaymentMethod { id: at.to_string(), name: text(other) },
                })
                .collect(),
            Value::Null => Vec::new(),
            other => {
                let kind = if other.is_string() { "a string" } else { "a scalar" };
                return Err(serde::de::Error::custom(format!("payments: expected an object or a list, found {kind}")));
            }
        };
        Ok(PaymentList { payments: payments.into_iter().filter(|p| !p.name.is_empty() || !p.id.is_empty()).collect() })
    }
}

/// One thing a service offers, as `GET /service/@id/methods` lists it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServiceMethod {
    pub name: String,
    pub method: CompactString,
    /// `/service/@id/cancel`.
    pub route: String,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl lenient::Salvage for ServiceMethod {
    fn unreadable(self, reason: String) -> ServiceMethod {
        ServiceMethod { name: self.name, route: self.route, unreadable: Some(reason), ..ServiceMethod::default() }
    }
}

lenient::portal_object!(ServiceMethod, "a service method", extra, {
    "name" => name: lenient::Text,
    "method" => method: lenient::Short,
    "route" => route: lenient::Text,
});

/// What a service offers that the tool can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceAction {
    /// `POST /service/@id/cancel`.
    Cancel,
    /// `POST /service/@id/label`.
    Label,
}

impl ServiceAction {
    fn suffix(self) -> &'static str {
        match self {
            ServiceAction::Cancel => "/cancel",
            ServiceAction::Label => "/label",
        }
    }
}

impl ServiceMethod {
    /// Whether this method is `action`: its route ends so, in any case.
    pub fn is(&self, action: ServiceAction) -> bool {
        self.unreadable.is_none()
            && self.route.trim().trim_end_matches('/').to_ascii_lowercase().ends_with(action.suffix())
    }
}

/// Whether the methods a service lists include `action`. A portal without the methods
/// route has no list: the caller treats that as "unknown, allow" and does not call this.
pub fn offers(methods: &[ServiceMethod], action: ServiceAction) -> bool {
    methods.iter().any(|m| m.is(action))
}

/// `GET /service/@id/methods` → `{"methods": [...]}` (`null` when there are none).
#[derive(Debug, Deserialize)]
pub struct ServiceMethodList {
    #[serde(default, deserialize_with = "list_or_null")]
    pub methods: Vec<ServiceMethod>,
}

fn list_or_null<'de, D: Deserializer<'de>, T: lenient::Salvage>(d: D) -> Result<Vec<T>, D::Error> {
    use lenient::Field as _;
    lenient::List::<T>::deserialize(d)?.made().map_err(serde::de::Error::custom)
}

/// `GET /service/@id/label` → `{"label": "…"}`; no label is an empty one.
#[derive(Debug, Default, Deserialize)]
pub struct ServiceLabelAnswer {
    #[serde(default, deserialize_with = "lenient::text")]
    pub label: String,
}

/// One SSL service as `GET /certificate` lists it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SslService {
    pub id: CompactString,
    pub domain: String,
    pub total: Money,
    pub status: CompactString,
    pub billingcycle: CompactString,
    pub next_due: CompactString,
    pub category: String,
    pub category_url: CompactString,
    pub name: String,
    pub cert_email: String,
    /// The certificate's own state (`Issued`, `Expired`, empty while pending).
    pub cert_status: CompactString,
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`.
    pub cert_expires: CompactString,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl SslService {
    /// The service id as a number, for `GET /certificate/@id`.
    pub fn number(&self) -> Option<u64> {
        self.id.trim().parse().ok()
    }

    /// Whole days until the certificate expires (negative once it has); `None` without a
    /// readable date.
    pub fn days_left(&self, today: time::Date) -> Option<i64> {
        super::days_until(&self.cert_expires, today)
    }
}

impl lenient::Salvage for SslService {
    fn unreadable(self, reason: String) -> SslService {
        SslService { id: self.id, domain: self.domain, unreadable: Some(reason), ..SslService::default() }
    }
}

lenient::portal_object!(SslService, "an SSL service", extra, {
    "id" => id: lenient::Short,
    "domain" => domain: lenient::Text,
    "total" => total: lenient::Amount,
    "status" => status: lenient::Short,
    "billingcycle" => billingcycle: lenient::Short,
    "next_due" => next_due: lenient::Short,
    "category" => category: lenient::Text,
    "category_url" => category_url: lenient::Short,
    "name" => name: lenient::Text,
    "cert_email" => cert_email: lenient::Text,
    "cert_status" => cert_status: lenient::Short,
    "cert_expires" => cert_expires: lenient::Short,
});

/// `GET /certificate` → `{"sslservices": [...]}` (`null` when there are none).
#[derive(Debug, Deserialize)]
pub struct SslServiceList {
    #[serde(default, deserialize_with = "list_or_null")]
    pub sslservices: Vec<SslService>,
}

impl Invoice {
    /// What is still to pay: the portal's own `balance` or `amount_due` when it sends one,
    /// else the total less what was already credited (`credit`); never below zero. `None`
    /// when the sum cannot be held.
    pub fn still_due(&self) -> Option<Money> {
        let stated = ["balance", "amount_due"]
            .iter()
            .find_map(|key| self.extra.iter().find(|(k, _)| k == key).and_then(|(_, v)| Money::parse(v)));
        let due = match stated {
            Some(due) => due,
            None => self.total.checked_sub(self.credit)?,
        };
        Some(if due.is_negative() { Money::ZERO } else { due })
    }

    /// Whether there is nothing left to pay: marked paid, or nothing due.
    pub fn is_paid(&self) -> bool {
        self.standing() == Standing::Paid
            || (self.standing() == Standing::Unpaid && self.still_due() == Some(Money::ZERO))
    }
}

impl Balance {
    /// The account's credit an invoice can be paid from: `acc_credit` (see this module),
    /// never below zero; `None` when the portal did not say it.
    pub fn available_credit(&self) -> Option<Money> {
        self.credit.map(|c| if c.is_negative() { Money::ZERO } else { c })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_methods_in_each_shape() {
        let read = |json: &str| -> Vec<(String, String)> {
            let list: PaymentList = serde_json::from_str(json).unwrap();
            list.payments.into_iter().map(|p| (p.id, p.name)).collect()
        };
        let pair = |id: &str, name: &str| (id.to_owned(), name.to_owned());
        assert_eq!(
            read(r#"{"payments":{"10":"BankTransfer","9":"PayPal"}}"#),
            [pair("10", "BankTransfer"), pair("9", "PayPal")],
            "in the portal's order"
        );
        assert_eq!(read(r#"{"payments":[{"id":7,"name":"VNPay\u001b[2J"}]}"#), [pair("7", "VNPay")]);
        assert_eq!(read(r#"{"payments":null}"#), []);
        assert!(serde_json::from_str::<PaymentList>(r#"{"payments":"none"}"#).is_err());
    }

    #[test]
    fn a_service_offers_what_its_routes_end_with() {
        let list: ServiceMethodList = serde_json::from_str(
            r#"{"methods":[{"name":"Cancel Service","method":"POST","route":"/service/@id/CANCEL/"},
                           {"name":"Odd","method":[],"route":"/service/@id/label"}]}"#,
        )
        .unwrap();
        assert!(offers(&list.methods, ServiceAction::Cancel));
        assert!(!offers(&list.methods, ServiceAction::Label), "an unreadable entry offers nothing");
        let none: ServiceMethodList = serde_json::from_str(r#"{"methods":null}"#).unwrap();
        assert!(!offers(&none.methods, ServiceAction::Cancel));
        let cancellation = ServiceMethod { route: "/service/@id/cancellation".into(), ..Default::default() };
        assert!(!cancellation.is(ServiceAction::Cancel), "the suffix is matched whole");
    }

    #[test]
    fn what_is_still_due() {
        let money = |t: &str| Money::parse(t).unwrap();
        let invoice = |status: &str, total: &str, credit: &str, extra: &[(&str, &str)]| Invoice {
            status: status.into(),
            total: money(total),
            credit: money(credit),
            extra: extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
            ..Invoice::default()
        };
        assert_eq!(invoice("Unpaid", "682000.00", "0", &[]).still_due(), Some(money("682000")));
        assert_eq!(invoice("Unpaid", "682000.00", "82000", &[]).still_due(), Some(money("600000")));
        let stated = invoice("Unpaid", "682000.00", "0", &[("balance", "100000.00")]);
        assert_eq!(stated.still_due(), Some(money("100000")), "the portal's own balance first");
        assert_eq!(invoice("Unpaid", "10", "20", &[]).still_due(), Some(Money::ZERO));
        assert!(invoice("Unpaid", "10", "10", &[]).is_paid());
        assert!(invoice("Paid", "10", "0", &[]).is_paid());
        assert!(!invoice("Cancelled", "10", "0", &[]).is_paid());
        let owing = Balance { unpaid: Some(money("1500000")), credit: Some(money("400000")), ..Balance::default() };
        assert_eq!(owing.available_credit(), Some(money("400000")), "acc_credit, never what is owed");
        let overdrawn = Balance { credit: Some(money("-5")), ..Balance::default() };
        assert_eq!(overdrawn.available_credit(), Some(Money::ZERO));
        assert_eq!(Balance { unpaid: Some(money("10")), ..Balance::default() }.available_credit(), None);
    }

    #[test]
    fn ssl_services_are_read_leniently() {
        let list: SslServiceList = serde_json::from_str(
            r#"{"sslservices":[{"id":3302,"domain":"phosaigon.vn","total":"2590000.00","cert_status":"Issued",
                "cert_expires":"2026-12-16 23:59:59","extra_field":1},{"id":"9","total":[]}]}"#,
        )
        .unwrap();
        let today = time::macros::date!(2026 - 11 - 21);
        assert_eq!(list.sslservices[0].number(), Some(3302));
        assert_eq!(list.sslservices[0].days_left(today), Some(25));
        assert_eq!(list.sslservices[0].extra, [("extra_field".to_owned(), "1".to_owned())]);
        assert!(list.sslservices[1].unreadable.is_some(), "kept, marked");
    }
}
