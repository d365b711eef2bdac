//! What the demo portal sells, from `assets/demo/catalogue.json`: a Vietnamese catalogue in
//! VND (hosting, cloud VPS with extra CPU and RAM per GB, SSL), the domains of
//! `GET /domain/order` with a .vn form asking the registrant's ID number, a promotion code
//! (`KHAITRUONG`, 10% off the first period), an OV certificate whose order asks the
//! organisation's name (required), the account's contacts. The quote (`POST /quote`, in
//! `cart`) and the orders (`POST /domain/order`, `POST /order/@id`, a cart's `POST /order`)
//! are priced by one function, so a quote answers the sums its order bills; an order makes a
//! pending domain or service and an unpaid invoice (kept with the invoices upgrades write,
//! `billing`).

// Handlers answer with a `Response` either way; boxing the refusals would only add noise.
#![allow(clippy::result_large_err)]

use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::PortalState;
use super::data::DemoAccount;
use super::reply::{Lang, answer, answer_body, answer_id, answer_id_body, beyond_seed, error_200, lang, say};

pub(super) fn catalogue() -> &'static Value {
    static CATALOGUE: OnceLock<Value> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let mut value: Value =
            serde_json::from_str(include_str!("../../assets/demo/catalogue.json")).expect("the catalogue is JSON");
        super::data::resolve_dates(&mut value, crate::api::models::today());
        value
    })
}

/// The routes of buying, merged into the portal's (`POST /domain/order` merged with its
/// `GET` in `domain_actions`).
pub fn routes() -> Router<Arc<PortalState>> {
    Router::new()
        .route("/domain/order", routing::post(answer_body(order_domain)))
        .route("/category", routing::get(answer(categories)))
        .route("/category/{id}/product", routing::get(answer_id(products)))
        .route("/order/{id}", routing::get(answer_id(product_config)).post(answer_id_body(order_product)))
        .route("/domain/order/{id}/form", routing::get(answer_id(tld_form)))
        .route("/service/order/{num}", routing::get(answer_id(ordered_service)))
}

/// The registrations orders made at the account's portal.
pub(super) fn ordered_domains(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    super::kept::lock(state).buying.domains.get(&account.host).cloned().unwrap_or_default()
}

/// The services orders made at the account's portal.
pub(super) fn ordered_services(state: &PortalState, account: &DemoAccount) -> Vec<Value> {
    super::kept::lock(state).buying.services.get(&account.host).cloned().unwrap_or_default()
}

pub(super) fn text(value: &Value) -> String {
    super::billing::text(value).trim().to_owned()
}

fn decimal(value: &Value) -> Option<Decimal> {
    Decimal::from_str(&text(value)).ok()
}

/// An amount as a JSON number, as the product list sends prices.
fn number(amount: Decimal) -> Value {
    match u64::try_from(amount.normalize()) {
        Ok(whole) if amount.fract().is_zero() => json!(whole),
        _ => serde_json::Number::from_str(&amount.normalize().to_string()).map_or(Value::Null, Value::Number),
    }
}

pub(super) fn money(amount: Decimal) -> String {
    format!("{:.2}", amount.round_dp(2))
}

fn products_of(category: &str) -> impl Iterator<Item = &'static Value> {
    let category = category.trim().to_owned();
    catalogue()["products"].as_array().into_iter().flatten().filter(move |p| text(&p["category_id"]) == category)
}

fn product(id: &str) -> Option<&'static Value> {
    catalogue()["products"].as_array()?.iter().find(|p| text(&p["id"]) == id.trim())
}

fn category(id: &str) -> Option<&'static Value> {
    catalogue()["categories"].as_array()?.iter().find(|c| text(&c["id"]) == id.trim())
}

/// A product's forms (the VPS's options, or none).
fn forms_of(product: &Value) -> Vec<Value> {
    match &product["forms"] {
        Value::String(name) => catalogue()[format!("{name}_forms")].as_array().cloned().unwrap_or_default(),
        Value::Array(forms) => forms.clone(),
        _ => Vec::new(),
    }
}

/// A period's price: its own.
fn periods(product: &Value) -> Vec<(String, Decimal, bool)> {
    product["periods"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((text(&p["value"]), decimal(&p["price"])?, p["selected"] == true)))
        .collect()
}

/// Months a HostBill cycle code stands for.
fn months(cycle: &str) -> Option<u32> {
    Some(match cycle {
        "m" => 1,
        "q" => 3,
        "s" => 6,
        "a" => 12,
        "b" => 24,
        "t" => 36,
        _ => return None,
    })
}

fn cycle_words(cycle: &str, lang: Lang) -> String {
    let (en, vi) = match cycle {
        "m" => ("Monthly", "Hàng tháng"),
        "q" => ("Quarterly", "Hàng quý"),
        "s" => ("Semi-Annually", "Nửa năm"),
        "a" => ("Annually", "Hàng năm"),
        "b" => ("Biennially", "2 năm"),
        "t" => ("Triennially", "3 năm"),
        other => (other, other),
    };
    say(lang, en, vi)
}

/// `GET /service/order/@order_num`: the service an order made, `{"account_id": 2301}` as
/// Time4VPS documents it. The demo numbers an order `7` and the service's id (its seeded
/// services too, as if each had been ordered).
fn ordered_service(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(num): Path<String>) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let id = num.trim().strip_prefix('7').unwrap_or_default();
    let ordered = || ordered_services(&state, account).iter().any(|s| text(&s["id"]) == id);
    match id.parse::<u64>() {
        Ok(number) if account.service(id).is_some() || ordered() => {
            Json(json!({ "account_id": number })).into_response()
        }
        _ => error_200(say(lang(&headers), "Order not found", "Không tìm thấy đơn hàng")),
    }
}

/// `GET /category`.
fn categories(State(state): State<Arc<PortalState>>, headers: HeaderMap) -> Response {
    match beyond_seed(&state, &headers) {
        Ok(_) => Json(json!({ "categories": catalogue()["categories"] })).into_response(),
        Err(refusal) => refusal,
    }
}

/// `GET /category/@id/product`: prices as numbers, as the vendor's example has them.
fn products(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refusal) = beyond_seed(&state, &headers) {
        return refusal;
    }
    if category(&id).is_none() {
        return error_200(say(lang(&headers), "Category not found", "Không tìm thấy danh mục"));
    }
    let listed: Vec<Value> = products_of(&id)
        .map(|p| {
            let periods: Vec<Value> = periods(p)
                .into_iter()
                .map(|(cycle, price, selected)| {
                    json!({"title": cycle, "value": cycle, "price": number(price), "setup": 0, "selected": selected})
                })
                .collect();
            json!({
                "id": p["id"], "type": p["type"], "name": p["name"], "stock": p["stock"], "paytype": p["paytype"],
                "description": p["description"], "qty": p["qty"], "tags": p["tags"], "periods": periods,
            })
        })
        .collect();
    Json(json!({ "products": listed })).into_response()
}

/// `GET /order/@product_id`: its cycles and forms, in the vendor's shape.
fn product_config(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refusal) = beyond_seed(&state, &headers) {
        return refusal;
    }
    let Some(p) = product(&id) else {
        return error_200(say(lang(&headers), "Product not found", "Không tìm thấy sản phẩm"));
    };
    let periods = periods(p);
    let (recurring, price) = periods
        .iter()
        .find(|(_, _, s)| *s)
        .or(periods.first())
        .map_or_else(|| (String::new(), Decimal::ZERO), |(c, price, _)| (c.clone(), *price));
    let items: Vec<Value> = periods
        .iter()
        .map(|(c, price, selected)| {
            json!({"title": c, "value": c, "price": money(*price), "setup": "0.00", "selected": selected})
        })
        .collect();
    let category_name = category(&text(&p["category_id"])).map(|c| c["name"].clone()).unwrap_or_default();
    let config = json!({
        "product": [
            {"type": "select", "id": "cycle", "name": "cycle", "items": items, "value": recurring, "price": money(price), "setup": "0.00"},
            {"type": "input", "id": "domain", "name": "domain", "value": null},
        ],
        "forms": forms_of(p),
        "addons": [],
        "subproducts": [],
    });
    let answer = json!({
        "id": p["id"], "category_name": category_name, "category_id": p["category_id"], "name": p["name"],
        "price": money(price), "recurring": recurring, "setup": "0.00", "config": config,
        "recurring_price": number(price), "prorata_date": null,
    });
    Json(json!({ "product": answer })).into_response()
}

/// `GET /domain/order/@tld_id/form`.
fn tld_form(State(state): State<Arc<PortalState>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    if !account.domain_order.iter().any(|t| text(&t["id"]) == id.trim()) {
        return error_200(say(lang(&headers), "This extension is not offered", "Không hỗ trợ đuôi tên miền này"));
    }
    let forms = catalogue()["tld_forms"].get(id.trim()).cloned().unwrap_or_else(|| json!([]));
    Json(json!({ "forms": forms })).into_response()
}

/// What an item costs, line by line: the lines, the total, and what recurs after.
pub(super) struct Priced {
    pub(super) lines: Vec<(String, Decimal)>,
    pub(super) total: Decimal,
    recurring: Decimal,
}

/// An item of a quote or an order priced, or the portal's refusal: the one pricing of both.
pub(super) fn priced(
    account: &DemoAccount,
    item: &Value,
    promocode: Option<&str>,
    lang: Lang,
) -> Result<Priced, Response> {
    let refuse = |en: &str, vi: &str| Err(error_200(say(lang, en, vi)));
    match text(&item["type"]).as_str() {
        "domain" => priced_domain(account, item, lang),
        "product" | "" if !text(&item["product_id"]).is_empty() => priced_product(item, promocode, lang),
        _ => refuse("Unknown item type", "Loại mục không hợp lệ"),
    }
}

/// The TLD sold for `name` (the longest that fits).
fn tld_for<'a>(account: &'a DemoAccount, name: &str) -> Option<&'a Value> {
    let suffix = |t: &Value| text(&t["tld"]).trim_start_matches('.').to_owned();
    account
        .domain_order
        .iter()
        .filter(|t| name.strip_suffix(&suffix(t)).is_some_and(|rest| rest.len() > 1 && rest.ends_with('.')))
        .max_by_key(|t| suffix(t).len())
}

fn priced_domain(account: &DemoAccount, item: &Value, lang: Lang) -> Result<Priced, Response> {
    let refuse = |en: &str, vi: &str| error_200(say(lang, en, vi));
    let name = text(&item["name"]).trim_end_matches('.').to_lowercase();
    let Some(tld) = tld_for(account, &name) else {
        return Err(refuse("This extension is not offered", "Không hỗ trợ đuôi tên miền này"));
    };
    if !text(&item["tld_id"]).is_empty() && text(&item["tld_id"]) != text(&tld["id"]) {
        return Err(refuse("The TLD does not match the name", "Đuôi tên miền không khớp với tên"));
    }
    let Some(years) = text(&item["years"]).parse::<u32>().ok().filter(|y| (1..=10).contains(y)) else {
        return Err(refuse("Missing parameter: years", "Thiếu tham số: years"));
    };
    let transfer = text(&item["action"]) == "transfer";
    let periods = tld["periods"].as_array().cloned().unwrap_or_default();
    let period = periods.iter().find(|p| text(&p["period"]) == years.to_string());
    let period = if transfer { period.or(periods.first()) } else { period };
    let key = if transfer { "transfer" } else { "register" };
    let Some(price) = period.and_then(|p| decimal(&p[key])) else {
        return Err(refuse("No price for this period", "Không có giá cho kỳ hạn này"));
    };
    let renew = periods.iter().find(|p| text(&p["period"]) == "1").and_then(|p| decimal(&p["renew"]));
    let line = match transfer {
        true => say(lang, &format!("Domain transfer - {name}"), &format!("Chuyển tên miền - {name}")),
        false => say(
            lang,
            &format!("Domain registration - {name} - {years} year(s)"),
            &format!("Đăng ký tên miền - {name} - {years} năm"),
        ),
    };
    Ok(Priced { lines: vec![(line, price)], total: price, recurring: renew.unwrap_or(price) })
}

fn priced_product(item: &Value, promocode: Option<&str>, lang: Lang) -> Result<Priced, Response> {
    let refuse = |en: &str, vi: &str| error_200(say(lang, en, vi));
    let Some(p) = product(&text(&item["product_id"])) else {
        return Err(refuse("Product not found", "Không tìm thấy sản phẩm"));
    };
    let cycle = text(&item["cycle"]);
    let Some((_, base, _)) = periods(p).into_iter().find(|(c, _, _)| *c == cycle) else {
        return Err(refuse("This billing cycle is not offered", "Không có chu kỳ thanh toán này"));
    };
    let Some(months) = months(&cycle) else {
        return Err(refuse("Invalid billing cycle", "Chu kỳ không hợp lệ"));
    };
    let name = text(&p["name"]);
    let mut lines = vec![(format!("{name} ({})", cycle_words(&cycle, lang)), base)];
    let forms = forms_of(p);
    let custom = item["custom"].as_object().cloned().unwrap_or_default();
    for key in custom.keys() {
        if !forms.iter().any(|f| text(&f["id"]) == *key) {
            return Err(refuse(&format!("Unknown option {key}"), &format!("Không có tùy chọn {key}")));
        }
    }
    for form in &forms {
        let id = text(&form["id"]);
        let title = text(&form["title"]);
        let items = form["items"].as_array().cloned().unwrap_or_default();
        let given = custom.get(&id).map(text).filter(|v| !v.is_empty());
        let per_month = |i: &Value| decimal(&i["price"]).unwrap_or_default();
        let times = Decimal::from(months);
        match text(&form["type"]).as_str() {
            "qty" => {
                let Some(given) = given else { continue };
                let (min, max) = (form["min"].as_u64().unwrap_or(0), form["max"].as_u64().unwrap_or(u64::MAX));
                let Some(n) = given.parse::<u64>().ok().filter(|n| (min..=max).contains(n)) else {
                    return Err(refuse(&format!("{title}: {min} to {max}"), &format!("{title}: từ {min} đến {max}")));
                };
                if n > 0 {
                    let unit = items.first().map(per_month).unwrap_or_default();
                    let unit_name = items.first().map(|i| text(&i["title"])).unwrap_or_default();
                    lines.push((format!("{title}: {n} × {unit_name}"), unit * Decimal::from(n) * times));
                }
            }
            "select" | "radio" => {
                let chosen = match &given {
                    Some(v) => items.iter().find(|i| text(&i["id"]) == *v || text(&i["value"]) == *v),
                    None => items.iter().find(|i| i["selected"] == true),
                };
                let Some(chosen) = chosen else {
                    if form["required"] == true || given.is_some() {
                        return Err(refuse(&format!("{title}: choose one"), &format!("{title}: hãy chọn một mục")));
                    }
                    continue;
                };
                if !per_month(chosen).is_zero() || given.is_some() {
                    lines.push((format!("{title}: {}", text(&chosen["title"])), per_month(chosen) * times));
                }
            }
            "input" if form["required"] == true && given.is_none() => {
                return Err(refuse(&format!("Required field: {title}"), &format!("Trường bắt buộc: {title}")));
            }
            "checkbox" if given.as_deref() == Some("1") => {
                let price = items.first().map(per_month).unwrap_or_default();
                lines.push((title, price * times));
            }
            _ => {}
        }
    }
    let sum: Decimal = lines.iter().map(|(_, a)| *a).sum();
    let mut total = sum;
    if let Some(code) = promocode.map(str::trim).filter(|c| !c.is_empty()) {
        let promotion = catalogue()["promotions"]
            .as_object()
            .and_then(|p| p.iter().find(|(k, _)| k.eq_ignore_ascii_case(code)).map(|(k, v)| (k.clone(), v.clone())));
        let Some((code, promotion)) = promotion else {
            return Err(refuse("Invalid promotion code", "Mã khuyến mãi không hợp lệ"));
        };
        let percent = decimal(&promotion["percent"]).unwrap_or_default();
        let off = (sum * percent / Decimal::from(100)).round_dp(0);
        lines.push((
            say(lang, &format!("Promotion {code}: -{percent}%"), &format!("Khuyến mãi {code}: -{percent}%")),
            -off,
        ));
        total -= off;
    }
    Ok(Priced { lines, total, recurring: sum })
}

/// The body's fields: JSON (form fields are not taken here).
pub(super) fn fields(body: &[u8]) -> Value {
    serde_json::from_slice(body).unwrap_or(Value::Null)
}

pub(super) fn currency(account: &DemoAccount) -> String {
    account.client.get("currency_code").and_then(Value::as_str).unwrap_or("VND").to_owned()
}

/// The invoice an order is billed on: unpaid, due in a week, a line per priced line of each
/// item it made (`type`, its id, its pricing).
pub(super) fn invoice_for(state: &PortalState, account: &DemoAccount, made: &[(&str, &str, &Priced)]) -> String {
    let mut writes = super::kept::lock(state);
    let id = 90_700 + writes.billing.ordered.entry(account.host.clone()).or_default().len() + 1;
    drop(writes);
    let total: Decimal = made.iter().map(|(_, _, priced)| priced.total).sum();
    let first = made.first().map_or("", |(_, item_id, _)| *item_id);
    let mut invoice = super::billing::upgrade_invoice(state, account, first, id, total);
    let items: Vec<Value> = made
        .iter()
        .flat_map(|(item_type, item_id, priced)| priced.lines.iter().map(move |line| (item_type, item_id, line)))
        .enumerate()
        .map(|(at, (item_type, item_id, (description, amount)))| {
            json!({"id": (at + 1).to_string(), "type": item_type, "item_id": item_id, "description": description,
                "amount": money(*amount), "qty": "1", "taxed": "0", "linetotal": money(*amount)})
        })
        .collect();
    invoice["items"] = json!(items);
    super::kept::lock(state).billing.ordered.entry(account.host.clone()).or_default().push(invoice);
    id.to_string()
}

fn registered(state: &PortalState, account: &DemoAccount, name: &str) -> bool {
    !account.domain_records(name).is_empty() || super::kept::lock(state).buying.ordered_name(&account.host, name)
}

/// `POST /domain/order`: `name`, `years`, `action` register|transfer, `tld_id`, `pay_method`,
/// `epp`, `nameservers` (2–4), contact ids by role, `data` (the TLD form's values, its
/// required fields checked). A pending registration and an unpaid invoice.
fn order_domain(State(state): State<Arc<PortalState>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = fields(&body);
    let priced = match checked_domain(&state, account, &sent, lang) {
        Ok(priced) => priced,
        Err(refusal) => return refusal,
    };
    super::kept::lock(&state).buying.orders.push((account.host.clone(), "/domain/order".into(), sent.clone()));
    let id = make_domain(&state, account, &sent, &priced);
    let invoice = invoice_for(&state, account, &[("Domain", &id, &priced)]);
    let info = say(lang, "Your order has been placed", "Đơn hàng đã được đặt");
    Json(json!({ "success": true, "order_id": format!("7{id}"), "invoice_id": invoice, "info": [info] }))
        .into_response()
}

/// A domain's order checked as the portal checks it (the name, the action, free or taken,
/// the transfer code, the nameservers, the contacts, the TLD form's required fields) and
/// priced; or the portal's refusal.
pub(super) fn checked_domain(
    state: &PortalState,
    account: &DemoAccount,
    sent: &Value,
    lang: Lang,
) -> Result<Priced, Response> {
    let refuse = |en: &str, vi: &str| Err(error_200(say(lang, en, vi)));
    let name = text(&sent["name"]).trim_end_matches('.').to_lowercase();
    if name.is_empty() {
        return refuse("Missing parameter: name", "Thiếu tham số: name");
    }
    let action = text(&sent["action"]);
    if action != "register" && action != "transfer" {
        return refuse("Missing parameter: action", "Thiếu tham số: action");
    }
    let mut item = sent.clone();
    item["type"] = json!("domain");
    let priced = priced_domain(account, &item, lang)?;
    let taken = registered(state, account, &name) || super::domain_actions::TAKEN_ELSEWHERE.contains(&name.as_str());
    match action.as_str() {
        "register" if taken => return refuse("This domain is not available", "Tên miền này không còn trống"),
        "transfer" if registered(state, account, &name) => {
            return refuse("This domain is already in your account", "Tên miền này đã có trong tài khoản");
        }
        "transfer" if text(&sent["epp"]).is_empty() => return refuse("Missing parameter: epp", "Thiếu tham số: epp"),
        _ => {}
    }
    let nameservers = sent["nameservers"].as_array().map_or(0, Vec::len);
    if nameservers != 0 && !(2..=4).contains(&nameservers) {
        return refuse("Give 2 to 4 nameservers", "Cần 2 đến 4 máy chủ tên");
    }
    let known_contact =
        |id: &str| catalogue()["contacts"].as_array().into_iter().flatten().any(|c| text(&c["id"]) == id);
    for role in crate::api::models::CONTACT_ROLES {
        let id = text(&sent[role]);
        if !id.is_empty() && !known_contact(&id) {
            return refuse(&format!("Contact not found: {role}"), &format!("Không tìm thấy liên hệ: {role}"));
        }
    }
    let tld_id = text(&sent["tld_id"]);
    let forms = catalogue()["tld_forms"].get(&tld_id).and_then(Value::as_array).cloned().unwrap_or_default();
    for form in forms.iter().filter(|f| f["required"] == true) {
        if text(&sent["data"][text(&form["id"])]).is_empty() {
            let title = text(&form["title"]);
            return refuse(&format!("Required field: {title}"), &format!("Trường bắt buộc: {title}"));
        }
    }
    Ok(priced)
}

/// The pending registration a domain's order makes: its id.
pub(super) fn make_domain(state: &PortalState, account: &DemoAccount, sent: &Value, priced: &Priced) -> String {
    let name = text(&sent["name"]).trim_end_matches('.').to_lowercase();
    let nameservers: Vec<String> = sent["nameservers"].as_array().into_iter().flatten().map(text).collect();
    let mut kept = super::kept::lock(state);
    kept.buying.made += 1;
    let id = (5300 + kept.buying.made).to_string();
    let record = json!({
        "id": id, "name": name, "expires": "", "recurring_amount": money(priced.recurring),
        "date_created": state.today.to_string(), "status": "Pending", "period": text(&sent["years"]), "autorenew": "0",
        "nameservers": nameservers,
    });
    kept.buying.domains.entry(account.host.clone()).or_default().push(record);
    id
}

/// `POST /order/@product_id`: `cycle`, `domain`, `pay_method`, `custom`, `promocode`. A
/// pending service and an unpaid invoice.
fn order_product(
    State(state): State<Arc<PortalState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let account = match beyond_seed(&state, &headers) {
        Ok(account) => account,
        Err(refusal) => return refusal,
    };
    let lang = lang(&headers);
    let sent = fields(&body);
    let mut item = sent.clone();
    item["type"] = json!("product");
    item["product_id"] = json!(id.trim());
    let promocode = Some(text(&sent["promocode"])).filter(|c| !c.is_empty());
    let priced = match checked_product(&item, promocode.as_deref(), lang) {
        Ok(priced) => priced,
        Err(refusal) => return refusal,
    };
    super::kept::lock(&state).buying.orders.push((account.host.clone(), format!("/order/{}", id.trim()), sent));
    let service_id = make_service(&state, account, &item, &priced);
    let invoice = invoice_for(&state, account, &[("Hosting", &service_id, &priced)]);
    let info = say(lang, "Your order has been placed", "Đơn hàng đã được đặt");
    Json(json!({ "success": true, "order_id": format!("7{service_id}"), "invoice_id": invoice, "info": [info] }))
        .into_response()
}

/// A product's item (`product_id`, `cycle`, `custom`…) checked and priced, or the portal's
/// refusal.
pub(super) fn checked_product(item: &Value, promocode: Option<&str>, lang: Lang) -> Result<Priced, Response> {
    let priced = priced_product(item, promocode, lang)?;
    match product(&text(&item["product_id"])) {
        Some(_) => Ok(priced),
        None => Err(error_200(say(lang, "Product not found", "Không tìm thấy sản phẩm"))),
    }
}

/// The pending service a product's item makes: its id.
pub(super) fn make_service(state: &PortalState, account: &DemoAccount, item: &Value, priced: &Priced) -> String {
    let p = product(&text(&item["product_id"])).cloned().unwrap_or_default();
    let category = category(&text(&p["category_id"])).cloned().unwrap_or_default();
    let mut kept = super::kept::lock(state);
    kept.buying.made += 1;
    let service_id = (2300 + kept.buying.made).to_string();
    let service = json!({
        "id": service_id, "domain": text(&item["domain"]), "total": money(priced.recurring), "status": "Pending",
        "billingcycle": cycle_words(&text(&item["cycle"]), Lang::En), "next_due": state.today.to_string(),
        "category": category["name"], "category_url": category["slug"], "name": p["name"],
        "date_created": state.today.to_string(),
    });
    kept.buying.services.entry(account.host.clone()).or_default().push(service);
    service_id
}
