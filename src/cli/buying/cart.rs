//! `order --cart FILE`: several products and domains ordered at once (`POST /order` with
//! `items`), as a client area's cart checks out: each item checked as its own order is (a
//! product's cycle and options against its form, a domain's TLD, period, form fields and
//! whether it is free or taken), the whole cart quoted by the portal (`POST /quote` with
//! every item), one confirmation, sent once, and every item it made read back with the one
//! invoice billing them. The file is TOML:
//!
//! ```toml
//! promo = "KHAITRUONG"          # optional, for the whole cart
//! pay_method = "10"             # optional; --pay-method wins
//!
//! [[product]]
//! product = "Cloud VPS VN-2"    # its id or its name
//! cycle = "m"
//! set = ["RAM=2"]
//! domain = "hoasen-tea.vn"
//!
//! [[domain]]
//! name = "hoasen-tea.vn"
//! years = 1                     # transfer = true, epp = "…" to transfer it in
//! set = ["idnumber=079186001234"]
//! ns = ["ns1.hoasen.vn", "ns2.hoasen.vn"]
//! contact = ["registrant=49"]
//! ```

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::args::OrderArgs;
use super::{
    ListedBefore, Made, Refused, already_ordered, cycle_of, find_product, options_of, pay_method, read_back,
    refuse_again, shown_order, with_earlier,
};
use crate::api::buying::ProductPurchase;
use crate::api::cart::{CartItem, CartPurchase};
use crate::api::{ApiError, Change, Operation};
use crate::cli::domain::order::{DomainAsked, checked_order, free_or_taken};
use crate::cli::protocol::{Changed, Context, apply_answered, usage};
use crate::i18n::preview;

crate::words! {
    CartUnread: "cannot read the cart {path}: {error}" | "không đọc được giỏ hàng {path}: {error}",
    CartBad: "the cart {path} is not as expected: {error}" | "giỏ hàng {path} không đúng dạng: {error}",
    CartEmpty: "the cart {path} holds no [[product]] nor [[domain]]" | "giỏ hàng {path} không có [[product]] hay [[domain]] nào",
    CartHeading: "order of a cart of {count} items" | "đặt mua giỏ hàng {count} mục",
    CartTwice: "the cart {path} orders {name} twice" | "giỏ hàng {path} đặt mua {name} hai lần",
}

/// The cart as the file gives it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CartFile {
    pay_method: Option<String>,
    promo: Option<String>,
    #[serde(default)]
    product: Vec<ProductLine>,
    #[serde(default)]
    domain: Vec<DomainLine>,
}

/// A product: as `order PRODUCT` takes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProductLine {
    product: IdOrName,
    cycle: Option<String>,
    #[serde(default)]
    set: Vec<String>,
    domain: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum IdOrName {
    Id(u64),
    Name(String),
}

/// A domain: as `domain order NAME` takes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DomainLine {
    name: String,
    #[serde(default = "one_year")]
    years: u32,
    #[serde(default)]
    transfer: bool,
    epp: Option<String>,
    #[serde(default)]
    ns: Vec<String>,
    #[serde(default)]
    contact: Vec<String>,
    #[serde(default)]
    set: Vec<String>,
}

fn one_year() -> u32 {
    1
}

/// The cart file read (`-`: standard input) and parsed, or why not.
fn read_cart(path: &Path, cx: &Context<'_>) -> Result<CartFile, ApiError> {
    let (op, language) = (Operation::OrderCart, cx.language);
    let shown = path.display().to_string();
    let text = match shown.as_str() {
        "-" => std::io::read_to_string(std::io::stdin()),
        _ => std::fs::read_to_string(path),
    }
    .map_err(|e| usage(op, CartUnread.fill(language, &[("path", &shown), ("error", &e)])))?;
    let cart: CartFile = toml_edit::de::from_str(&text)
        .map_err(|e| usage(op, CartBad.fill(language, &[("path", &shown), ("error", &e.message().trim())])))?;
    if cart.product.is_empty() && cart.domain.is_empty() {
        return Err(usage(op, CartEmpty.fill(language, &[("path", &shown)])));
    }
    // A name twice is a slip, never two registrations of it.
    let mut names: Vec<String> = cart.domain.iter().map(|d| crate::api::models::name_key(&d.name)).collect();
    names.sort();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(usage(op, CartTwice.fill(language, &[("path", &shown), ("name", &pair[0])])));
    }
    Ok(cart)
}

/// `order --cart FILE`.
pub(super) async fn order_cart(cx: &Context<'_>, a: &OrderArgs, path: &Path) -> Result<Changed, ApiError> {
    let (op, language) = (Operation::OrderCart, cx.language);
    let file = read_cart(path, cx)?;
    let (mut items, mut bought, mut periods, mut options) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for line in &file.product {
        let product_id = match &line.product {
            IdOrName::Id(id) => *id,
            IdOrName::Name(name) => find_product(cx.client, name, language).await?,
        };
        let config = cx.client.product_config(product_id).await?;
        let cycle = cycle_of(&config, line.cycle.as_deref(), language)?;
        let (custom, chosen) = options_of(&config, &line.set, language)?;
        let domain = match line.domain.as_deref() {
            Some(name) => Some(crate::i18n::domain_name(name, language).map_err(|e| usage(op, e))?),
            None => None,
        };
        let purchase =
            ProductPurchase { product: config.name.clone(), cycle, domain, pay_method: None, custom, promocode: None };
        bought.push(preview::product_bought(&purchase, language));
        periods.push(crate::i18n::cycle_code(&purchase.cycle, language));
        options.extend(chosen.into_iter().map(|o| format!("{}: {o}", config.name.trim())));
        items.push(CartItem::Product { product_id, purchase });
    }
    for line in &file.domain {
        let asked = DomainAsked {
            name: &line.name,
            years: line.years,
            transfer: line.transfer,
            epp: line.epp.as_deref(),
            ns: &line.ns,
            contact: &line.contact,
            set: &line.set,
        };
        let (purchase, tld, chosen) = checked_order(cx, &asked).await?;
        bought.push(preview::domain_bought(&purchase, &tld, language));
        periods.push(crate::i18n::Text::Years.fill(language, &[("n", &purchase.years)]));
        let lines = preview::domain_options(&purchase, language).into_iter().chain(chosen);
        options.extend(lines.map(|o| format!("{}: {o}", purchase.name)));
        items.push(CartItem::Domain(purchase));
    }
    let asked_pay = a.pay_method.as_deref().or(file.pay_method.as_deref());
    let (pay, pay_name) = pay_method(cx.client, asked_pay, op, language).await?;
    let promocode = a.promo.as_ref().or(file.promo.as_ref()).map(|c| c.trim().to_owned()).filter(|c| !c.is_empty());
    if let Some(code) = &promocode {
        bought.push(preview::PromoCode.fill(language, &[("code", code)]));
    }
    let cart = CartPurchase { items, pay_method: pay, promocode };
    // What each item makes, to find it after (and an earlier order of it before).
    let names: Vec<(bool, String, Option<String>)> = cart
        .items
        .iter()
        .map(|item| match item {
            CartItem::Domain(d) => (true, d.name.clone(), None),
            CartItem::Product { purchase, .. } => (false, purchase.product.clone(), purchase.domain.clone()),
        })
        .collect();
    let made: Vec<Made<'_>> = names
        .iter()
        .map(|(domain, name, for_domain)| match domain {
            true => Made::Domain(name),
            false => Made::Service { product: name, domain: for_domain.as_deref() },
        })
        .collect();
    let mut earlier = Vec::new();
    if !a.confirm.dry_run {
        for made in &made {
            earlier.extend(already_ordered(cx.client, made).await);
        }
    }
    if a.confirm.yes {
        match refuse_again(cx, op, &earlier, a.again) {
            Ok(()) => {}
            Err(Refused::Error(e)) => return Err(e),
            Err(Refused::Said(said)) => return Ok(said),
        }
    }
    for domain in cart.domains() {
        free_or_taken(cx, &domain.name, domain.transfer, a.again && !earlier.is_empty()).await?;
    }
    let heading = CartHeading.fill(language, &[("count", &cart.items.len())]);
    let what = match a.confirm.dry_run {
        true => format!("{heading}: {}", bought.join("; ")),
        false => {
            let (quote, _) = cx.client.quote(&cart.quote_body()).await?;
            let shown =
                shown_order(cx, bought.join("; "), periods.join("; "), options, &quote, pay_name, &earlier).await;
            heading.clone() + &preview::order(&shown, language).text()
        }
    };
    let before = ListedBefore::read(cx.client).await;
    let change = Change::OrderCart { order: cart };
    let (before, made) = (&before, &made);
    let reread = move |answer: Option<Value>| async move { read_back(cx, before, made, answer.as_ref()).await };
    let changed = apply_answered(cx, a.confirm, &change, ("cart", &what), reread).await?;
    Ok(with_earlier(cx, changed, &earlier))
}
