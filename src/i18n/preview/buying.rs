//! The previews of buying: a domain or a product ordered (what is bought, the period, the
//! portal's own quote, line by line with its total and currency, how it is paid, the credit
//! before and after paying from it, an order of the same already made and unpaid), a
//! domain's contacts changed, a hosted zone created or deleted. What it is made to (the
//! account, the portal) each face names its own way.

use std::collections::BTreeMap;

use super::Preview;
use crate::api::buying::{DomainPurchase, ProductPurchase};
use crate::api::cart::{CartItem, CartPurchase};
use crate::api::models::{Form, FormKind, Quote, ZoneRef};
use crate::api::{Language, Money};
use crate::i18n::Text;
use crate::i18n::format::money_in;

crate::words! {
    same: [LabelContactRole, CreditAfter, ProductNamed],
    CycleDaily: "Daily" | "Hàng ngày",
    CycleWeekly: "Weekly" | "Hàng tuần",
    CycleHourly: "Hourly" | "Hàng giờ",
    CycleYears: "Every {n} years" | "Mỗi {n} năm",
    TitleOrder: "Place this order?" | "Đặt mua?",
    TitleContacts: "Change the domain's contacts?" | "Đổi thông tin liên hệ của tên miền?",
    TitleContactAdd: "Add this contact?" | "Thêm liên hệ này?",
    TitleContactUpdate: "Change this contact?" | "Đổi liên hệ này?",
    TitleZoneCreate: "Create this hosted zone?" | "Tạo vùng DNS lưu trữ này?",
    TitleZoneDelete: "Delete this hosted zone and its records?" | "Xóa vùng DNS lưu trữ này cùng các bản ghi?",
    LabelBought: "Buying" | "Mua",
    LabelPeriod: "Period" | "Kỳ hạn",
    LabelOptions: "Options" | "Tùy chọn",
    LabelQuote: "Portal's quote" | "Báo giá của cổng",
    LabelPayBy: "Payment" | "Thanh toán",
    LabelCredit: "Credit, paying from it" | "Số dư, nếu trả bằng số dư",
    LabelAlready: "Already ordered" | "Đã đặt trước đó",
    LabelContactRole: "{role}" | "{role}",
    LabelZone: "Zone" | "Vùng DNS",
    LabelService: "Service" | "Dịch vụ",
    LabelGoesWith: "Goes with it" | "Mất cùng với nó",
    QuoteNoTotal: "the portal's quote gave no total that could be read: what will be billed is not known" | "báo giá của cổng không có tổng cộng đọc được: chưa biết số tiền sẽ bị tính",
    QuoteNoLines: "(no lines that could be read)" | "(không có dòng nào đọc được)",
    CreditAfter: "{before} → {after}" | "{before} → {after}",
    CreditShort: "{credit}: not enough to pay {total}" | "{credit}: không đủ để trả {total}",
    PayDefault: "the portal's default" | "mặc định của cổng",
    RegisterName: "register {name} ({tld})" | "đăng ký {name} ({tld})",
    TransferName: "transfer {name} in ({tld}), with its transfer code" | "chuyển {name} về ({tld}), kèm mã chuyển",
    ProductNamed: "{product}" | "{product}",
    ProductFor: "{product} for {domain}" | "{product} cho {domain}",
    PromoCode: "promotion code {code}" | "mã khuyến mãi {code}",
    NsLine: "nameservers {list}" | "máy chủ tên {list}",
    ContactLine: "{role} contact #{id}" | "liên hệ {role} #{id}",
    ContactEvery: "contact #{id} for every role" | "liên hệ #{id} cho mọi vai trò",
    ZoneLine: "{name} (zone #{zone}, service #{service})" | "{name} (vùng #{zone}, dịch vụ #{service})",
    RecordsGo: "{count} record(s)" | "{count} bản ghi",
    AlreadyLine: "{what} ordered, invoice #{invoice} unpaid" | "đã đặt {what}, hóa đơn #{invoice} chưa thanh toán",
    AlreadyPending: "{what} ordered, still pending" | "đã đặt {what}, vẫn đang chờ",
    DoOrderDomain: "order {name} ({action}, {years} year(s))" | "đặt mua {name} ({action}, {years} năm)",
    DoOrderProduct: "order product #{id} ({cycle})" | "đặt mua sản phẩm #{id} ({cycle})",
    DoOrderCart: "order {count} items at once: {what}" | "đặt mua {count} mục cùng lúc: {what}",
    DoContacts: "change the contacts of domain #{id} ({roles})" | "đổi liên hệ của tên miền #{id} ({roles})",
    DoContactAdd: "add the contact {who}" | "thêm liên hệ {who}",
    DoContactUpdate: "change contact #{id} ({fields})" | "đổi liên hệ #{id} ({fields})",
    DoZoneCreate: "create the hosted zone {name} under service #{service}" | "tạo vùng DNS {name} trong dịch vụ #{service}",
    DoZoneDelete: "delete the hosted zone {name} (zone {zone}, service {service})" | "xóa vùng DNS {name} (vùng {zone}, dịch vụ {service})",
}

/// What an order's confirmation is made from, for either order.
pub struct OrderShown<'a> {
    /// What is bought, in words (`register hoasen-tea.vn (.vn)`).
    pub bought: String,
    /// The period in words (`1 year(s)`, `Annually`).
    pub period: String,
    /// The options chosen, a line each.
    pub options: Vec<String>,
    pub quote: &'a Quote,
    /// The account's currency, when the quote names none.
    pub currency: String,
    /// The payment method's name (none: the portal's default).
    pub pay_method: Option<String>,
    /// The account's credit now, when it was read.
    pub credit: Option<Money>,
    /// Orders of the same already made and unpaid, a line each.
    pub already: Vec<String>,
}

impl OrderShown<'_> {
    /// The currency the quote is in: its own, else the account's.
    pub fn currency(&self) -> &str {
        self.quote.currency.as_deref().unwrap_or(&self.currency)
    }
}

/// A domain's order in words: `register hoasen-tea.vn (.vn)`.
pub fn domain_bought(order: &DomainPurchase, tld: &str, language: Language) -> String {
    let text = if order.transfer { TransferName } else { RegisterName };
    text.fill(language, &[("name", &order.name), ("tld", &tld)])
}

/// A domain order's nameservers and contacts, a line each (the TLD form's values are said
/// by each face as it read them).
pub fn domain_options(order: &DomainPurchase, language: Language) -> Vec<String> {
    let mut lines = Vec::new();
    if !order.nameservers.is_empty() {
        lines.push(NsLine.fill(language, &[("list", &order.nameservers.join(", "))]));
    }
    // One contact for every role is said once.
    let ids: std::collections::BTreeSet<&String> = order.contacts.values().collect();
    match (ids.first(), ids.len(), order.contacts.len()) {
        (Some(id), 1, 4) => lines.push(ContactEvery.fill(language, &[("id", id)])),
        _ => {
            for (role, id) in &order.contacts {
                lines.push(ContactLine.fill(language, &[("role", role), ("id", id)]));
            }
        }
    }
    lines
}

/// A product's order in words: `Cloud VPS 2 for hoasen-tea.vn`, with its promotion code.
pub fn product_bought(order: &ProductPurchase, language: Language) -> String {
    let mut text = match &order.domain {
        Some(domain) => ProductFor.fill(language, &[("product", &order.product), ("domain", domain)]),
        None => ProductNamed.fill(language, &[("product", &order.product)]),
    };
    if let Some(code) = &order.promocode {
        text += &format!(", {}", PromoCode.fill(language, &[("code", code)]));
    }
    text
}

/// An option of an order as its confirmation shows it: `RAM: 2 GB`, `Hệ điều hành: Ubuntu
/// 24.04`, `Sao lưu hằng tuần: on`, from the value the form sends.
pub fn option_line(form: &Form, sent: &str, language: Language) -> String {
    format!("{}: {}", form.title, option_value(form, sent, language))
}

/// The value an option sends, in words: an item's title, a quantity with its unit, on or
/// off, the text.
pub fn option_value(form: &Form, sent: &str, language: Language) -> String {
    let item = form.items.iter().find(|i| i.id == sent || (i.id.is_empty() && i.value == sent));
    match (&form.kind, item) {
        (FormKind::Select | FormKind::Radio, Some(item)) => item.title.clone(),
        (FormKind::Quantity, _) => {
            let unit = form.items.first().map(|i| i.title.as_str()).unwrap_or_default();
            format!("{sent} {unit}").trim().to_owned()
        }
        (FormKind::Checkbox, _) => crate::i18n::on_off(sent == "1", language).to_owned(),
        _ => sent.to_owned(),
    }
}

/// `hoasen-tea.vn ordered, invoice #90713 unpaid`, or still pending without one.
pub fn already_line(what: &str, invoice: Option<&str>, language: Language) -> String {
    match invoice {
        Some(invoice) => AlreadyLine.fill(language, &[("what", &what), ("invoice", &invoice)]),
        None => AlreadyPending.fill(language, &[("what", &what)]),
    }
}

/// An order: what is bought, the period, its options, the portal's quote line by line and
/// its total, how it is paid and the credit before and after paying from it, and an order
/// of the same still unpaid.
pub fn order(o: &OrderShown<'_>, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let currency = o.currency();
    let amount = |m: Option<Money>| m.map_or_else(|| "—".to_owned(), |m| money_in(m, currency, language));
    let mut rows = vec![(label(LabelBought), o.bought.clone()), (label(LabelPeriod), o.period.clone())];
    for (i, line) in o.options.iter().enumerate() {
        rows.push((if i == 0 { label(LabelOptions) } else { String::new() }, line.clone()));
    }
    if o.quote.lines.is_empty() {
        rows.push((label(LabelQuote), label(QuoteNoLines)));
    }
    for (i, line) in o.quote.lines.iter().enumerate() {
        let name = if line.name.is_empty() { "—" } else { line.name.as_str() };
        rows.push((if i == 0 { label(LabelQuote) } else { String::new() }, format!("{name}: {}", amount(line.amount))));
    }
    let total = match o.quote.total {
        Some(total) => amount(Some(total)),
        None => label(QuoteNoTotal),
    };
    // The shared label: a confirmation too tall for the screen keeps it in view.
    rows.push((label(Text::LabelTotal), total));
    rows.push((label(LabelPayBy), o.pay_method.clone().unwrap_or_else(|| label(PayDefault))));
    if let (Some(credit), Some(total)) = (o.credit, o.quote.total) {
        let value = match credit.checked_sub(total).filter(|after| !after.is_negative()) {
            Some(after) => {
                CreditAfter.fill(language, &[("before", &amount(Some(credit))), ("after", &amount(Some(after)))])
            }
            None => CreditShort.fill(language, &[("credit", &amount(Some(credit))), ("total", &amount(Some(total)))]),
        };
        rows.push((label(LabelCredit), value));
    }
    for (i, line) in o.already.iter().enumerate() {
        rows.push((if i == 0 { label(LabelAlready) } else { String::new() }, line.clone()));
    }
    Preview { title: TitleOrder, rows }
}

/// A domain's contacts changed: each field, before → after, by role.
pub fn contacts(changes: &[(String, String, String, String)], language: Language) -> Preview {
    let rows = changes
        .iter()
        .map(|(role, field, before, after)| {
            let before = if before.is_empty() { "—" } else { before.as_str() };
            (LabelContactRole.fill(language, &[("role", role)]), format!("{field}: “{before}” → “{after}”"))
        })
        .collect();
    Preview { title: TitleContacts, rows }
}

/// A contact added (`before` empty) or changed: each field sent, with what it held before
/// where it changes one.
pub fn contact(contact_id: Option<u64>, changes: &[(String, String, String)]) -> Preview {
    let rows = changes
        .iter()
        .map(|(field, before, after)| match contact_id {
            None => (field.clone(), after.clone()),
            Some(_) => {
                let before = if before.is_empty() { "—" } else { before.as_str() };
                (field.clone(), format!("“{before}” → “{after}”"))
            }
        })
        .collect();
    Preview { title: if contact_id.is_some() { TitleContactUpdate } else { TitleContactAdd }, rows }
}

/// A hosted zone created under a service.
pub fn zone_create(name: &str, service: &str, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    Preview {
        title: TitleZoneCreate,
        rows: vec![(label(LabelZone), name.to_owned()), (label(LabelService), service.to_owned())],
    }
}

/// A hosted zone deleted, and how many records go with it.
pub fn zone_delete(name: &str, zone: ZoneRef, records: usize, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let zone_line = ZoneLine.fill(language, &[("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id)]);
    let rows =
        vec![(label(LabelZone), zone_line), (label(LabelGoesWith), RecordsGo.fill(language, &[("count", &records)]))];
    Preview { title: TitleZoneDelete, rows }
}

/// A domain ordered.
pub struct OrderDomain;
impl OrderDomain {
    pub const NAME: Text = Text::Own(&["ordering a domain", "đặt mua tên miền"]);
    pub fn words(order: &DomainPurchase, language: Language) -> String {
        DoOrderDomain.fill(language, &[("name", &order.name), ("action", &order.action()), ("years", &order.years)])
    }
}

/// A product ordered.
pub struct OrderProduct;
impl OrderProduct {
    pub const NAME: Text = Text::Own(&["ordering a product", "đặt mua sản phẩm"]);
    pub fn words(product_id: &u64, order: &ProductPurchase, language: Language) -> String {
        let cycle = crate::i18n::cycle_code(&order.cycle, language);
        DoOrderProduct.fill(language, &[("id", product_id), ("cycle", &cycle)])
    }
}

/// Several items ordered at once.
pub struct OrderCart;
impl OrderCart {
    pub const NAME: Text = Text::Own(&["ordering a cart", "đặt mua giỏ hàng"]);
    pub fn words(order: &CartPurchase, language: Language) -> String {
        let what: Vec<&str> = order
            .items
            .iter()
            .map(|item| match item {
                CartItem::Domain(domain) => domain.name.trim(),
                CartItem::Product { purchase, .. } => purchase.product.trim(),
            })
            .collect();
        DoOrderCart.fill(language, &[("count", &order.items.len()), ("what", &what.join(", "))])
    }
}

/// A domain's contacts changed.
pub struct DomainContactsSet;
impl DomainContactsSet {
    pub const NAME: Text = Text::Own(&["changing a domain's contacts", "đổi liên hệ của tên miền"]);
    pub fn words(domain_id: &u64, contacts: &BTreeMap<String, BTreeMap<String, String>>, language: Language) -> String {
        let roles: Vec<&str> = contacts.keys().map(String::as_str).collect();
        DoContacts.fill(language, &[("id", domain_id), ("roles", &roles.join(", "))])
    }
}

/// A contact added to the account.
pub struct ContactAdd;
impl ContactAdd {
    pub const NAME: Text = Text::Own(&["adding a contact", "thêm liên hệ"]);
    pub fn words(fields: &BTreeMap<String, String>, language: Language) -> String {
        let field = |k: &str| fields.get(k).map(|v| v.trim()).unwrap_or_default();
        let name = format!("{} {}", field("firstname"), field("lastname"));
        let who = match (name.trim(), field("email")) {
            ("", email) => email.to_owned(),
            (name, "") => name.to_owned(),
            (name, email) => format!("{name} <{email}>"),
        };
        DoContactAdd.fill(language, &[("who", &who)])
    }
}

/// A contact's fields changed.
pub struct ContactUpdate;
impl ContactUpdate {
    pub const NAME: Text = Text::Own(&["changing a contact", "đổi liên hệ"]);
    pub fn words(contact_id: &u64, fields: &BTreeMap<String, String>, language: Language) -> String {
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        DoContactUpdate.fill(language, &[("id", contact_id), ("fields", &names.join(", "))])
    }
}

/// A hosted zone created.
pub struct ZoneCreate;
impl ZoneCreate {
    pub const NAME: Text = Text::Own(&["creating a hosted zone", "tạo vùng DNS lưu trữ"]);
    pub fn words(service_id: &u64, name: &str, language: Language) -> String {
        DoZoneCreate.fill(language, &[("name", &name), ("service", service_id)])
    }
}

/// A hosted zone deleted.
pub struct ZoneDelete;
impl ZoneDelete {
    pub const NAME: Text = Text::Own(&["deleting a hosted zone", "xóa vùng DNS lưu trữ"]);
    pub fn words(zone: &ZoneRef, name: &str, language: Language) -> String {
        DoZoneDelete.fill(language, &[("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::QuoteLine;

    #[test]
    fn an_order_is_previewed_in_both_languages() {
        let quote = Quote {
            total: Money::parse("750000"),
            currency: Some("VND".into()),
            lines: vec![QuoteLine { name: "hoasen-tea.vn".into(), amount: Money::parse("750000") }],
        };
        for language in [Language::English, Language::Vietnamese] {
            let o = OrderShown {
                bought: "register hoasen-tea.vn (.vn)".into(),
                period: "1 year(s)".into(),
                options: vec!["CMND: 079123456789".into()],
                quote: &quote,
                currency: "VND".into(),
                pay_method: Some("VNPay".into()),
                credit: Money::parse("660000"),
                already: vec![already_line("hoasen-tea.vn", Some("90701"), language)],
            };
            let preview = order(&o, language);
            super::super::tests::filled(&preview);
            super::super::tests::filled(&zone_delete("a.vn", ZoneRef { service_id: 1, zone_id: 2 }, 3, language));
        }
        let o = OrderShown {
            bought: "x".into(),
            period: "y".into(),
            options: Vec::new(),
            quote: &quote,
            currency: "VND".into(),
            pay_method: None,
            credit: Money::parse("1000000"),
            already: Vec::new(),
        };
        let text = order(&o, Language::English).text();
        assert!(text.contains("\n  Total: 750,000 VND"), "{text}");
        assert!(text.contains("\n  Credit, paying from it: 1,000,000 VND → 250,000 VND"), "{text}");
    }
}
