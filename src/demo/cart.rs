//! The demo's cart: `POST /quote` prices every item it is given (the lines of each, the
//! promotion code on the products), and `POST /order` with `items` orders them all at once
//! as the vendor documents it ("several services at once"): each item checked as its own
//! order is (`buying::checked_domain`, `buying::checked_product`), nothing made when one is
//! refused, then a pending registration or service per item and one unpaid invoice for them
//! all.

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::PortalState;
use super::buying::{Priced, checked_domain, checked_product, currency, fields, invoice_for, money, priced, text};
use super::buying::{make_domain, make_service};
use super::data::DemoAccount;
use super::reply::{Lang, answer_body, beyond_seed, error_200, lang, say};

pub fn routes() -> Router<Arc<PortalState>> {
    Router::new().route("/quote", routing::post(answer_body(quote))).route("/order", routing::post(answer_body(order)))
}

/// A cart's request: the account, the language, the body's items and its promotion code;
/// or the portal's refusal (no session, no items).
struct Cart<'s> {
    account: &'s DemoAccount,
    lang: Lang,
    items: Vec<Value>,
    promocode: Option<String>,
}

fn cart<'s>(state: &'s PortalState, headers: &HeaderMap, body: &[u8]) -> Result<Cart<'s>, Response> {
    let account = beyond_seed(state, headers)?;
    let lang = lang(headers);
    let sent = fields(body);
    let promocode = Some(text(&sent["promocode"])).filter(|c| !c.is_empty());
    match sent["items"].as_array() {
        Some(items) if !items.is_empty() => Ok(Cart { account, lang, items: items.clone(), promocode }),
        _ => Err(error_200(say(lang, "Missing parameter: items", "Thiếu tham số: items"))),
    }
}

/// `POST /quote` with `items`, `pay_method`, `promocode`: the lines and the total the order
/// of them all would bill.
fn quote(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let Cart { account, lang, items, promocode } = match cart(&state, &headers, &body) {
        Ok(cart) => cart,
        Err(refusal) => return refusal,
    };
    let mut all = Vec::new();
    for item in &items {
        match priced(account, item, promocode.as_deref(), lang) {
            Ok(priced) => all.push(priced),
            Err(refusal) => return refusal,
        }
    }
    let lines: Vec<Value> = all
        .iter()
        .flat_map(|p| p.lines.iter())
        .map(|(name, amount)| json!({"name": name, "price": money(*amount)}))
        .collect();
    let total: Decimal = all.iter().map(|p| p.total).sum();
    let discount: Decimal =
        all.iter().flat_map(|p| p.lines.iter()).map(|(_, a)| *a).filter(Decimal::is_sign_negative).sum();
    Json(json!({
        "success": true,
        "items": lines,
        "summary": {
            "subtotal": money(total - discount), "discount": money(-discount),
            "total": money(total), "currency": currency(account),
        },
    }))
    .into_response()
}

/// `POST /order` with `items` (each a domain's or a product's order with its `type`),
/// `pay_method`, `promocode`: every item checked first, then all made and billed on one
/// invoice.
fn order(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let Cart { account, lang, items, promocode } = match cart(&state, &headers, &body) {
        Ok(cart) => cart,
        Err(refusal) => return refusal,
    };
    let mut checked: Vec<(&Value, bool, Priced)> = Vec::new();
    for item in &items {
        let domain = text(&item["type"]) == "domain";
        let priced = match domain {
            true => checked_domain(&state, account, item, lang),
            false => checked_product(item, promocode.as_deref(), lang),
        };
        match priced {
            Ok(priced) => checked.push((item, domain, priced)),
            Err(refusal) => return refusal,
        }
    }
    super::kept::lock(&state).buying.orders.push((account.host.clone(), "/order".into(), fields(&body)));
    let made: Vec<(&str, String, &Priced)> = checked
        .iter()
        .map(|(item, domain, priced)| match domain {
            true => ("Domain", make_domain(&state, account, item, priced), priced),
            false => ("Hosting", make_service(&state, account, item, priced), priced),
        })
        .collect();
    let billed: Vec<(&str, &str, &Priced)> =
        made.iter().map(|(kind, id, priced)| (*kind, id.as_str(), *priced)).collect();
    let invoice = invoice_for(&state, account, &billed);
    let ids: Vec<Value> = made.iter().map(|(kind, id, _)| json!({"type": kind, "id": id})).collect();
    let info = say(lang, "Your order has been placed", "Đơn hàng đã được đặt");
    Json(json!({ "success": true, "invoice_id": invoice, "items": ids, "info": [info] })).into_response()
}
