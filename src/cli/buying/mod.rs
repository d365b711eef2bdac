//! Buying from the command line: `catalogue` (what the portal sells, every period and
//! price), `order PRODUCT` (a product ordered), `contacts`, and `zone create|delete` (a
//! hosted zone). `domain order` and `domain contacts` are in `cli/domain/`. An order is
//! confirmed with the portal's own quote (`POST /quote`), sent once through the one change
//! protocol (`protocol::apply`), and followed by the domains, services and invoices read
//! again, the new item and its invoice named.

pub(super) mod args;
mod cart;
pub(super) mod contacts;
mod earlier;

use std::collections::{BTreeMap, HashSet};

use serde_json::{Value, json};

use super::exit_code;
use super::protocol::{Changed, Context, Reread, apply, apply_answered, apply_asking, json_text, usage};
use crate::api::buying::{ProductPurchase, default_cycle, form_named, form_value, missing_required, quote_body};
use crate::api::models::{FormKind, ProductConfig, Quote};
use crate::api::{ApiError, Change, Language, Money, Operation, PortalClient, Query};
use crate::i18n::format::money_in;
use crate::i18n::preview::{self, OrderShown};
use args::{OrderArgs, ZoneCommand};

crate::words! {
    same: [CatalogueTld, CatalogueProduct, CataloguePeriod],
    CatalogueHeading: "{name} (category #{id})" | "{name} (danh mục #{id})",
    CatalogueProduct: "#{id} {name}" | "#{id} {name}",
    CatalogueNone: "no products in this category" | "danh mục này không có sản phẩm",
    CatalogueDomains: "Domains (GET /domain/order)" | "Tên miền (GET /domain/order)",
    CatalogueTld: "{tld} (#{id})" | "{tld} (#{id})",
    CatalogueTldPeriod: "{years} year(s): register {register} · transfer {transfer} · renew {renew}" | "{years} năm: đăng ký {register} · chuyển về {transfer} · gia hạn {renew}",
    CataloguePeriod: "{cycle} ({code}): {price}" | "{cycle} ({code}): {price}",
    CataloguePeriodSetup: "{cycle} ({code}): {price} + setup {setup}" | "{cycle} ({code}): {price} + phí cài đặt {setup}",
    NoCategory: "no category {asked}; the categories: {names}" | "không có danh mục {asked}; các danh mục: {names}",
    NoProduct: "no product {asked}; `catalogue` lists them" | "không có sản phẩm {asked}; xem danh sách bằng `catalogue`",
    NoCycle: "the product is not sold by the cycle {asked}; its cycles: {cycles}" | "sản phẩm không bán theo chu kỳ {asked}; các chu kỳ: {cycles}",
    NoOption: "no option {asked}; the options: {names}" | "không có tùy chọn {asked}; các tùy chọn: {names}",
    OptionValue: "{option} takes {takes}, not {given}" | "{option} nhận {takes}, không phải {given}",
    OptionReadOnly: "{option} is a field of a kind this tool does not fill ({kind}): it is shown, never sent" | "{option} là loại trường công cụ này không điền ({kind}): chỉ hiển thị, không gửi",
    SetForm: "--set takes NAME=VALUE, not {pair}" | "--set nhận TÊN=GIÁ_TRỊ, không phải {pair}",
    RequiredLeft: "{what} needs {field} ({id}): --set {id}=…" | "{what} cần {field} ({id}): --set {id}=…",
    NoPayMethod: "no payment method {asked}; the methods: {names}" | "không có phương thức thanh toán {asked}; các phương thức: {names}",
    OrderedLine: "{what} ordered — invoice #{invoice}, {total}, due {due}; `invoice pay {invoice}` pays it from the credit" | "đã đặt {what} — hóa đơn #{invoice}, {total}, hạn {due}; `invoice pay {invoice}` trả bằng số dư",
    OrderedNoInvoice: "{what} ordered — no new invoice is listed yet" | "đã đặt {what} — chưa có hóa đơn mới",
    NothingNew: "nothing new is listed yet: look at `{look}` and `invoices`" | "chưa thấy gì mới: xem `{look}` và `invoices`",
    ZoneHosted: "{name} is already hosted (zone #{zone}, service #{service})" | "{name} đã được lưu trữ (vùng #{zone}, dịch vụ #{service})",
    ZoneNotHosted: "{name} is not a hosted zone of this account (`dns NAME` shows where its records are)" | "{name} không phải vùng DNS lưu trữ của tài khoản này",
    ZoneMade: "{name} is hosted now: zone #{zone}, service #{service}" | "{name} đã được lưu trữ: vùng #{zone}, dịch vụ #{service}",
    ZoneNotListed: "{name} is not listed among the hosted zones yet" | "{name} chưa có trong danh sách vùng DNS",
    ZoneGone: "{name} is no longer hosted" | "{name} không còn được lưu trữ",
    ZoneStill: "{name} is still listed among the hosted zones" | "{name} vẫn còn trong danh sách vùng DNS",
    OrderOf: "order: {what}" | "đặt mua: {what}",
    ZoneOf: "hosted zone {name}" | "vùng DNS {name}",
}

pub(in crate::cli) use earlier::{Earlier, Refused, already_ordered, refuse_again, with_earlier};

/// `catalogue [CATEGORY]`: every category (or the one named, by id, name or slug), its
/// products with every period and price, and the domains sold with their prices by period.
pub async fn catalogue(cx: &Context<'_>, asked: Option<&str>) -> Result<Changed, ApiError> {
    let language = cx.language;
    let categories = cx.client.categories().await?;
    let chosen: Vec<_> = match asked.map(str::trim) {
        None => categories.iter().collect(),
        Some(asked) => {
            let is = |a: &str| !a.is_empty() && a.eq_ignore_ascii_case(asked);
            let found: Vec<_> = categories.iter().filter(|c| is(&c.id) || is(&c.name) || is(&c.slug)).collect();
            if found.is_empty() {
                let names: Vec<&str> = categories.iter().map(|c| c.name.as_str()).collect();
                let fill: [(&str, &dyn std::fmt::Display); 2] =
                    [("asked", &format!("{asked:?}")), ("names", &names.join(", "))];
                return Err(usage(Operation::Categories, NoCategory.fill(language, &fill)));
            }
            found
        }
    };
    let domains_asked = asked.is_none() || chosen.iter().any(|c| is_domains(&c.slug, &c.name));
    if cx.json {
        let mut listed = Vec::new();
        for category in &chosen {
            let id = id_of(&category.id, Operation::Categories)?;
            let products = cx.client.as_sent(&Query::Products(id)).await?;
            listed
                .push(json!({ "id": category.id, "name": category.name, "slug": category.slug, "products": products }));
        }
        let tlds = match domains_asked {
            true => cx.client.as_sent(&Query::DomainOrder).await.unwrap_or(Value::Null),
            false => Value::Null,
        };
        let text = json_text(&json!({ "categories": listed, "tlds": tlds }));
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let currency = cx.client.currency().await;
    let amount = |m: Option<Money>| m.map_or_else(|| "—".to_owned(), |m| money_in(m, &currency, language));
    let mut text = String::new();
    for category in &chosen {
        let id = id_of(&category.id, Operation::Categories)?;
        text += &CatalogueHeading.fill(language, &[("name", &category.name), ("id", &category.id)]);
        text.push('\n');
        let products = cx.client.products(id).await?;
        if products.is_empty() {
            text += &format!("  {}\n", CatalogueNone.get(language));
        }
        for product in products {
            text += &format!("  {}", CatalogueProduct.fill(language, &[("id", &product.id), ("name", &product.name)]));
            if !product.description.is_empty() {
                text += &format!(" — {}", product.description);
            }
            text.push('\n');
            for period in &product.periods {
                let cycle = crate::i18n::cycle_code(&period.code, language);
                let price = amount(period.price);
                let line = match period.setup.filter(|s| !s.is_zero()) {
                    Some(setup) => CataloguePeriodSetup.fill(
                        language,
                        &[
                            ("cycle", &cycle),
                            ("code", &period.code),
                            ("price", &price),
                            ("setup", &amount(Some(setup))),
                        ],
                    ),
                    None => {
                        CataloguePeriod.fill(language, &[("cycle", &cycle), ("code", &period.code), ("price", &price)])
                    }
                };
                text += &format!("      {line}\n");
            }
        }
    }
    if domains_asked {
        if let Ok(tlds) = cx.client.domain_order().await {
            text += &format!("{}\n", CatalogueDomains.get(language));
            for tld in tlds {
                text += &format!("  {}\n", CatalogueTld.fill(language, &[("tld", &tld.tld), ("id", &tld.id)]));
                for p in &tld.periods {
                    let fill: [(&str, &dyn std::fmt::Display); 4] = [
                        ("years", &p.period),
                        ("register", &amount(Some(p.register))),
                        ("transfer", &amount(Some(p.transfer))),
                        ("renew", &amount(Some(p.renew))),
                    ];
                    text += &format!("      {}\n", CatalogueTldPeriod.fill(language, &fill));
                }
            }
        }
    }
    Ok(Changed { text, code: exit_code::SUCCESS })
}

fn is_domains(slug: &str, name: &str) -> bool {
    let both = format!("{slug} {name}").to_lowercase();
    both.contains("domain") || both.contains("tên miền")
}

/// An id the portal listed, as a number for its route.
fn id_of(id: &str, op: Operation) -> Result<u64, ApiError> {
    id.trim()
        .parse()
        .map_err(|_| ApiError::UnexpectedShape { op, detail: format!("an id that is not a number: {id:?}") })
}

/// The payment method asked for, checked against those the portal lists: its id and its
/// name (none asked: the portal's default).
pub(super) async fn pay_method(
    client: &PortalClient,
    asked: Option<&str>,
    op: Operation,
    language: Language,
) -> Result<(Option<String>, Option<String>), ApiError> {
    let Some(asked) = asked.map(str::trim) else { return Ok((None, None)) };
    let Ok(methods) = client.payment_methods().await else { return Ok((Some(asked.to_owned()), None)) };
    match methods.iter().find(|m| m.id == asked || m.name.eq_ignore_ascii_case(asked)) {
        Some(m) => Ok((Some(m.id.clone()), Some(format!("{} (#{})", m.name, m.id)))),
        None => {
            let names: Vec<String> = methods.iter().map(|m| format!("{} {}", m.id, m.name)).collect();
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("asked", &format!("{asked:?}")), ("names", &names.join(", "))];
            Err(usage(op, NoPayMethod.fill(language, &fill)))
        }
    }
}

/// What was listed before an order, to find what it made.
pub(super) struct ListedBefore {
    domains: Option<HashSet<String>>,
    services: Option<HashSet<String>>,
    invoices: Option<HashSet<String>>,
}

impl ListedBefore {
    pub(super) async fn read(client: &PortalClient) -> ListedBefore {
        let ids = |list: Vec<String>| Some(list.into_iter().collect::<HashSet<String>>());
        ListedBefore {
            domains: client.domains().await.ok().and_then(|l| ids(l.iter().map(|d| d.id.trim().to_owned()).collect())),
            services: client
                .services()
                .await
                .ok()
                .and_then(|l| ids(l.iter().map(|s| s.id.trim().to_owned()).collect())),
            invoices: client
                .invoices()
                .await
                .ok()
                .and_then(|l| ids(l.iter().map(|i| i.id.trim().to_owned()).collect())),
        }
    }
}

/// What an order makes: a registration of a name, or a service of a product.
pub(super) enum Made<'a> {
    Domain(&'a str),
    Service { product: &'a str, domain: Option<&'a str> },
}

/// A number the order's answer gives under one of `keys` (a number or a text), if any: the
/// vendor documents no answer beyond success, so it is read where it is found.
fn numbered(answer: Option<&Value>, keys: &[&str]) -> Option<String> {
    let answer = answer?;
    keys.iter().find_map(|key| match answer.get(*key)? {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => {
            Some(s.trim().to_owned()).filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        }
        _ => None,
    })
}

/// After an order: the domains, services and invoices read again, each new item and its
/// invoice named (`hoasen-tea.vn ordered — invoice #90713, 750,000 VND, due …`; a cart's
/// items one after the other). Where the portal's answer numbers the order of one service,
/// the service is read by that number (`GET /service/order/NUM`), and an invoice it names is
/// the one read; else they are what is listed now that was not before.
pub(super) async fn read_back(
    cx: &Context<'_>,
    before: &ListedBefore,
    made: &[Made<'_>],
    answer: Option<&Value>,
) -> Result<Reread, ApiError> {
    let language = cx.language;
    let client = cx.client;
    let new = |known: &Option<HashSet<String>>, id: &str| known.as_ref().is_none_or(|k| !k.contains(id.trim()));
    let wants = |domain: bool| made.iter().any(|m| matches!(m, Made::Domain(_)) == domain);
    let domains = if wants(true) { client.domains().await? } else { Default::default() };
    let services = if wants(false) { client.services().await? } else { Default::default() };
    // An order's number that cannot be read back leaves the lists to tell.
    let numbered_service = match numbered(answer, &["order_id", "order_num", "orderid", "order_number"]) {
        Some(order) if made.len() == 1 && wants(false) => client.ordered_service(&order).await.ok().flatten(),
        _ => None,
    };
    let (mut items, mut whats, mut looks) = (Vec::new(), Vec::new(), Vec::new());
    for made in made {
        let (item, what, look): (Option<Value>, String, &str) = match made {
            Made::Domain(name) => {
                let found = domains
                    .iter()
                    .find(|d| d.name.trim().eq_ignore_ascii_case(name.trim()) && new(&before.domains, &d.id));
                let item =
                    found.map(|d| json!({ "id": d.id.as_str(), "name": d.name.as_str(), "status": d.status.as_str() }));
                (item, (*name).to_owned(), "domains")
            }
            Made::Service { product, domain } => {
                let ours = |s: &&crate::api::models::Service| {
                    s.name.trim().eq_ignore_ascii_case(product.trim())
                        || domain.is_some_and(|d| s.domain.trim().eq_ignore_ascii_case(d.trim()))
                };
                let by_number = numbered_service.and_then(|id| services.iter().find(|s| s.id.trim() == id.to_string()));
                let found = by_number.or_else(|| services.iter().filter(ours).find(|s| new(&before.services, &s.id)));
                let item = found.map(|s| json!({ "id": s.id.as_str(), "name": s.name.as_str(), "domain": s.domain.as_str(), "status": s.status.as_str() }));
                let what = match found {
                    Some(s) => format!("{} #{}", s.name.trim(), s.id.trim()),
                    None => (*product).to_owned(),
                };
                (item, what, "services")
            }
        };
        items.push(item);
        whats.push(what);
        if !looks.contains(&look) {
            looks.push(look);
        }
    }
    let named = match numbered(answer, &["invoice_id", "invoiceid"]).and_then(|id| id.parse::<u64>().ok()) {
        Some(id) => client.invoice(id).await.ok(),
        None => None,
    };
    let invoice = match named {
        Some(invoice) => Some(invoice),
        None => {
            let invoices = client.invoices().await?;
            let fresh = invoices
                .iter()
                .filter(|i| new(&before.invoices, &i.id))
                .max_by_key(|i| i.id.trim().parse::<u64>().unwrap_or(0));
            match fresh.and_then(|i| i.id.trim().parse::<u64>().ok()) {
                Some(id) => Some(client.invoice(id).await?),
                None => None,
            }
        }
    };
    let found = items.iter().any(Option::is_some);
    let what = whats.join(", ");
    let look = looks.join(", ");
    let json = json!({
        "made": match items.as_slice() {
            [one] => one.clone().unwrap_or(Value::Null),
            all => Value::Array(all.iter().map(|i| i.clone().unwrap_or(Value::Null)).collect()),
        },
        "invoice": invoice.as_ref().map(|i| json!({
            "id": i.id.as_str(), "total": i.total.to_string(), "currency": i.currency.as_str(),
            "duedate": i.duedate.as_str(), "status": i.status.as_str(),
        })),
    });
    let text = match (found, &invoice) {
        (_, Some(i)) => {
            let currency = match i.currency.trim() {
                "" => client.currency().await,
                c => c.to_owned(),
            };
            let total = money_in(i.total, &currency, language);
            let due = crate::i18n::format::date(&i.duedate, language);
            let fill: [(&str, &dyn std::fmt::Display); 4] =
                [("what", &what), ("invoice", &i.id.trim()), ("total", &total), ("due", &due)];
            OrderedLine.fill(language, &fill)
        }
        (true, None) => OrderedNoInvoice.fill(language, &[("what", &what)]),
        (false, None) => NothingNew.fill(language, &[("look", &look)]),
    };
    Ok(Reread { text: text + "\n", json, differs: None })
}

/// `order PRODUCT`: the product found (by id or name), its cycle and options checked against
/// its order form, the portal's quote, the confirmation, the order sent once, and what it
/// made read back.
pub async fn order(cx: &Context<'_>, a: &OrderArgs) -> Result<Changed, ApiError> {
    if let Some(path) = &a.cart {
        return cart::order_cart(cx, a, path).await;
    }
    let language = cx.language;
    let op = Operation::OrderProduct;
    let product_id = find_product(cx.client, a.product.as_deref().unwrap_or_default(), language).await?;
    let config = cx.client.product_config(product_id).await?;
    let cycle = cycle_of(&config, a.cycle.as_deref(), language)?;
    let (custom, options) = options_of(&config, &a.set, language)?;
    let domain = match a.domain.as_deref() {
        Some(name) => Some(crate::i18n::domain_name(name, language).map_err(|e| usage(op, e))?),
        None => None,
    };
    let (pay, pay_name) = pay_method(cx.client, a.pay_method.as_deref(), op, language).await?;
    let purchase = ProductPurchase {
        product: config.name.clone(),
        cycle: cycle.clone(),
        domain: domain.clone(),
        pay_method: pay.clone(),
        custom,
        promocode: a.promo.as_ref().map(|c| c.trim().to_owned()).filter(|c| !c.is_empty()),
    };
    let made = Made::Service { product: &config.name, domain: domain.as_deref() };
    let earlier = match a.confirm.dry_run {
        true => Vec::new(),
        false => already_ordered(cx.client, &made).await,
    };
    if a.confirm.yes {
        match refuse_again(cx, op, &earlier, a.again) {
            Ok(()) => {}
            Err(Refused::Error(e)) => return Err(e),
            Err(Refused::Said(said)) => return Ok(said),
        }
    }
    let bought = preview::product_bought(&purchase, language);
    let what = match a.confirm.dry_run {
        true => OrderOf.fill(language, &[("what", &bought)]),
        false => {
            let body = quote_body(purchase.quote_item(product_id), pay.as_deref(), purchase.promocode.as_deref());
            let (quote, _) = cx.client.quote(&body).await?;
            let shown = shown_order(
                cx,
                bought.clone(),
                crate::i18n::cycle_code(&cycle, language),
                options,
                &quote,
                pay_name,
                &earlier,
            )
            .await;
            OrderOf.fill(language, &[("what", &bought)]) + &preview::order(&shown, language).text()
        }
    };
    let before = ListedBefore::read(cx.client).await;
    let change = Change::OrderProduct { product_id, order: purchase };
    let (before, made) = (&before, &made);
    let reread = move |answer: Option<Value>| async move {
        read_back(cx, before, std::slice::from_ref(made), answer.as_ref()).await
    };
    let changed = apply_answered(cx, a.confirm, &change, (&format!("product #{product_id}"), &what), reread).await?;
    Ok(with_earlier(cx, changed, &earlier))
}

/// What an order's confirmation shows: the quote, the payment, the credit now and an order
/// of the same still unpaid.
pub(super) async fn shown_order<'a>(
    cx: &Context<'_>,
    bought: String,
    period: String,
    options: Vec<String>,
    quote: &'a Quote,
    pay_method: Option<String>,
    earlier: &[Earlier],
) -> OrderShown<'a> {
    let credit = cx.client.balance().await.ok().and_then(|b| b.credit);
    let already = earlier.iter().map(|e| e.line(cx.language)).collect();
    // The account's currency, for a quote that names none; the quote's own otherwise.
    let currency = if quote.currency.is_some() { String::new() } else { cx.client.currency().await };
    OrderShown { bought, period, options, quote, currency, pay_method, credit, already }
}

/// The product named: its id, or the product of that name in any category.
async fn find_product(client: &PortalClient, asked: &str, language: Language) -> Result<u64, ApiError> {
    let asked = asked.trim().trim_start_matches('#');
    if let Ok(id) = asked.parse::<u64>() {
        return Ok(id);
    }
    for category in client.categories().await? {
        let Ok(id) = category.id.trim().parse::<u64>() else { continue };
        let products = client.products(id).await.unwrap_or_default();
        if let Some(p) = products.iter().find(|p| p.name.trim().eq_ignore_ascii_case(asked)) {
            return id_of(&p.id, Operation::Products);
        }
    }
    Err(usage(Operation::OrderProduct, NoProduct.fill(language, &[("asked", &format!("{asked:?}"))])))
}

/// The cycle asked (a code, or the cycle in words), or the product's default.
fn cycle_of(config: &ProductConfig, asked: Option<&str>, language: Language) -> Result<String, ApiError> {
    let codes: Vec<&str> = config.cycles.iter().map(|c| c.value.as_str()).collect();
    let Some(asked) = asked.map(str::trim) else { return Ok(default_cycle(config)) };
    let matches = |code: &str| {
        code.eq_ignore_ascii_case(asked)
            || crate::i18n::cycle_code(code, Language::English).eq_ignore_ascii_case(asked)
            || crate::i18n::cycle_code(code, Language::Vietnamese).eq_ignore_ascii_case(asked)
    };
    match codes.iter().find(|c| matches(c)) {
        Some(code) => Ok((*code).to_owned()),
        // A portal that lists no cycles takes the code as given.
        None if codes.is_empty() => Ok(asked.to_owned()),
        None => {
            let cycles: Vec<String> =
                codes.iter().map(|c| format!("{c} ({})", crate::i18n::cycle_code(c, language))).collect();
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("asked", &format!("{asked:?}")), ("cycles", &cycles.join(", "))];
            Err(usage(Operation::OrderProduct, NoCycle.fill(language, &fill)))
        }
    }
}

/// `OPTION=VALUE` pairs against the product's forms: the values to send by form id, and a
/// line each for the confirmation; a required option left without a value is refused.
fn options_of(
    config: &ProductConfig,
    set: &[String],
    language: Language,
) -> Result<(BTreeMap<String, String>, Vec<String>), ApiError> {
    let op = Operation::OrderProduct;
    let (values, lines) = form_values(&config.forms, set, op, language)?;
    if let Some(form) = missing_required(&config.forms, &values).first() {
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("what", &config.name), ("field", &form.title), ("id", &form.id)];
        return Err(usage(op, RequiredLeft.fill(language, &fill)));
    }
    Ok((values, lines))
}

/// `NAME=VALUE` pairs read against `forms`: the values by form id and a line each.
pub(super) fn form_values(
    forms: &[crate::api::models::Form],
    set: &[String],
    op: Operation,
    language: Language,
) -> Result<(BTreeMap<String, String>, Vec<String>), ApiError> {
    let mut values = BTreeMap::new();
    let mut lines = Vec::new();
    for pair in set.iter().filter(|p| !p.trim().is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(usage(op, SetForm.fill(language, &[("pair", &format!("{pair:?}"))])));
        };
        let Some(form) = form_named(forms, key) else {
            let names: Vec<String> = forms.iter().map(|f| format!("{} ({})", f.title, f.id)).collect();
            let fill: [(&str, &dyn std::fmt::Display); 2] =
                [("asked", &format!("{key:?}")), ("names", &names.join(", "))];
            return Err(usage(op, NoOption.fill(language, &fill)));
        };
        if let FormKind::Other(kind) = &form.kind {
            return Err(usage(op, OptionReadOnly.fill(language, &[("option", &form.title), ("kind", kind)])));
        }
        let sent = form_value(form, value).map_err(|takes| {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("option", &form.title), ("takes", &takes), ("given", &format!("{value:?}"))];
            usage(op, OptionValue.fill(language, &fill))
        })?;
        lines.push(preview::option_line(form, &sent, language));
        values.insert(form.id.clone(), sent);
    }
    Ok((values, lines))
}

/// `zone create|delete NAME`.
pub async fn zone(cx: &Context<'_>, action: &ZoneCommand) -> Result<Changed, ApiError> {
    let language = cx.language;
    let name = crate::i18n::domain_name(action.name(), language).unwrap_or_else(|_| action.name().trim().to_owned());
    let zones = cx.client.zones().await?;
    let listed = zones.iter().find(|z| z.name.trim().trim_end_matches('.').eq_ignore_ascii_case(&name));
    let reread = |created: bool| {
        let name = name.clone();
        async move {
            if cx.json {
                return Ok(Reread {
                    text: String::new(),
                    json: cx.client.as_sent(&Query::Zones).await?,
                    differs: None,
                });
            }
            let zones = cx.client.zones().await?;
            let now = zones.iter().find(|z| z.name.trim().trim_end_matches('.').eq_ignore_ascii_case(&name));
            let text = match (created, now) {
                (true, Some(z)) => {
                    let fill: [(&str, &dyn std::fmt::Display); 3] =
                        [("name", &name), ("zone", &z.zone_id), ("service", &z.service_id)];
                    ZoneMade.fill(language, &fill)
                }
                (true, None) => ZoneNotListed.fill(language, &[("name", &name)]),
                (false, None) => ZoneGone.fill(language, &[("name", &name)]),
                (false, Some(_)) => ZoneStill.fill(language, &[("name", &name)]),
            };
            Ok(Reread { text: text + "\n", json: Value::Null, differs: None })
        }
    };
    let subject = ZoneOf.fill(language, &[("name", &name)]);
    match action {
        ZoneCommand::Create { service, confirm, .. } => {
            if let Some(z) = listed {
                let fill: [(&str, &dyn std::fmt::Display); 3] =
                    [("name", &name), ("zone", &z.zone_id), ("service", &z.service_id)];
                return Err(usage(Operation::ZoneCreate, ZoneHosted.fill(language, &fill)));
            }
            let what = subject.clone() + &preview::zone_create(&name, &format!("#{service}"), language).text();
            let change = Change::ZoneCreate { service_id: *service, name: name.clone() };
            apply(cx, *confirm, &change, None, &subject, &what, || reread(true)).await
        }
        ZoneCommand::Delete { confirm, .. } => {
            let Some(zone) = listed.and_then(|z| z.at()) else {
                return Err(usage(Operation::ZoneDelete, ZoneNotHosted.fill(language, &[("name", &name)])));
            };
            let records = cx.client.zone_records(zone).await.map(|r| r.iter().filter(|r| !r.is_fixed()).count());
            let what = subject.clone() + &preview::zone_delete(&name, zone, records.unwrap_or(0), language).text();
            let change = Change::ZoneDelete { zone, name: name.clone() };
            apply_asking(cx, *confirm, Some(&name), &change, None, &subject, &what, || reread(false)).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_numbers_what_an_order_made_where_it_can() {
        let answer = json!({"success": true, "order_id": "72301", "invoice_id": 90701, "info": ["ok"]});
        assert_eq!(numbered(Some(&answer), &["order_id", "order_num"]).as_deref(), Some("72301"));
        assert_eq!(numbered(Some(&answer), &["invoice_id"]).as_deref(), Some("90701"), "a number too");
        assert_eq!(numbered(Some(&json!({"order_num": " 12 "})), &["order_id", "order_num"]).as_deref(), Some("12"));
        for unread in
            [json!({"order_id": "n/a"}), json!({"order_id": ""}), json!({"order_id": {"id": 1}}), json!("Success")]
        {
            assert_eq!(numbered(Some(&unread), &["order_id"]), None, "{unread}");
        }
        assert_eq!(numbered(None, &["order_id"]), None, "a lost answer numbers nothing");
    }
}
