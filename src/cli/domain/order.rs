//! `domain order NAME` and `domain contacts NAME`: a domain registered or transferred in,
//! checked before anything is sent (its TLD sold, the TLD form's required fields, the
//! nameservers, the contacts' roles, the name free — or taken, for a transfer), confirmed
//! with the portal's own quote and sent once; a registration's contacts shown and changed.

use std::collections::BTreeMap;

use serde_json::Value;

use super::args::DomainCommand;
use crate::api::buying::{DomainPurchase, contacts_set, missing_required, quote_body, tld_of};
use crate::api::models::CONTACT_ROLES;
use crate::api::{ApiError, Change, Operation, Query, domain_actions};
use crate::cli::asking::ConfirmArgs;
use crate::cli::buying::{
    ListedBefore, Made, Refused, already_ordered, form_values, pay_method, read_back, refuse_again, shown_order,
    with_earlier,
};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, Reread, apply, apply_answered, json_text, usage};
use crate::i18n::preview;
use crate::i18n::{Text, nameserver_problem};

crate::words! {
    NotSold: "{name}: its extension is not sold here; the extensions: {tlds}" | "{name}: đuôi tên miền này không được bán ở đây; các đuôi: {tlds}",
    NoPeriod: "{tld} is not registered for {years} year(s); its periods: {periods}" | "{tld} không đăng ký được {years} năm; các kỳ hạn: {periods}",
    Taken: "{name} is not available to register; if it is yours at another registrar, transfer it: --transfer --epp CODE" | "{name} không còn trống để đăng ký; nếu nó là của bạn ở nhà đăng ký khác, hãy chuyển về: --transfer --epp MÃ",
    FreeNotTransferred: "{name} is not registered: register it (without --transfer)" | "{name} chưa được đăng ký: hãy đăng ký (bỏ --transfer)",
    ContactForm: "--contact takes ROLE=ID (registrant, admin, tech or billing), not {pair}" | "--contact nhận VAI_TRÒ=MÃ (registrant, admin, tech hoặc billing), không phải {pair}",
    ContactsSetForm: "--set takes ROLE.FIELD=VALUE (registrant, admin, tech or billing), not {pair}" | "--set nhận VAI_TRÒ.TRƯỜNG=GIÁ_TRỊ (registrant, admin, tech hoặc billing), không phải {pair}",
    ContactsAlready: "the contacts of {name} are already as asked: nothing sent" | "thông tin liên hệ của {name} đã đúng như yêu cầu: không gửi gì",
    ContactsOf: "contacts of {name} (#{id})" | "liên hệ của {name} (#{id})",
    ContactsNone: "no contacts are listed for it" | "không có liên hệ nào",
    OrderHeading: "domain order {name}" | "đặt mua tên miền {name}",
}

/// `domain order NAME …`.
pub(super) async fn order(cx: &Context<'_>, action: &DomainCommand) -> Result<Changed, ApiError> {
    let DomainCommand::Order { name, years, transfer, epp, ns, contact, set, pay_method: pay, again, confirm } = action
    else {
        unreachable!("an order");
    };
    let language = cx.language;
    let op = Operation::OrderDomain;
    let asked = DomainAsked { name, years: *years, transfer: *transfer, epp: epp.as_deref(), ns, contact, set };
    let (mut purchase, tld, mut options) = checked_order(cx, &asked).await?;
    let name = purchase.name.clone();
    let (pay, pay_name) = pay_method(cx.client, pay.as_deref(), op, language).await?;
    purchase.pay_method = pay.clone();
    // An earlier order of the name still pending: with --yes, refused unless --again.
    let made = Made::Domain(&name);
    let earlier = match confirm.dry_run {
        true => Vec::new(),
        false => already_ordered(cx.client, &made).await,
    };
    if confirm.yes {
        match refuse_again(cx, op, &earlier, *again) {
            Ok(()) => {}
            Err(Refused::Error(e)) => return Err(e),
            Err(Refused::Said(said)) => return Ok(said),
        }
    }
    // Taken by the account's own earlier order, --again leaves it to the portal.
    free_or_taken(cx, &name, *transfer, *again && !earlier.is_empty()).await?;
    // Nameservers and contacts first, then the TLD form's values as typed.
    let mut lines = preview::domain_options(&purchase, language);
    lines.append(&mut options);
    let bought = preview::domain_bought(&purchase, &tld, language);
    let heading = OrderHeading.fill(language, &[("name", &name)]);
    let what = match confirm.dry_run {
        true => format!("{heading}: {bought}"),
        false => {
            let (quote, _) = cx.client.quote(&quote_body(purchase.quote_item(), pay.as_deref(), None)).await?;
            let period = Text::Years.fill(language, &[("n", years)]);
            let shown = shown_order(cx, bought, period, lines, &quote, pay_name, &earlier).await;
            heading + &preview::order(&shown, language).text()
        }
    };
    let before = ListedBefore::read(cx.client).await;
    let change = Change::OrderDomain { order: purchase };
    let (before, made) = (&before, &made);
    let reread = move |answer: Option<serde_json::Value>| async move {
        read_back(cx, before, std::slice::from_ref(made), answer.as_ref()).await
    };
    let changed = apply_answered(cx, *confirm, &change, (&format!("domain {name}"), &what), reread).await?;
    Ok(with_earlier(cx, changed, &earlier))
}

/// What `domain order` asks, and a cart's `[[domain]]` alike.
pub(in crate::cli) struct DomainAsked<'a> {
    pub name: &'a str,
    pub years: u32,
    pub transfer: bool,
    pub epp: Option<&'a str>,
    pub ns: &'a [String],
    pub contact: &'a [String],
    pub set: &'a [String],
}

/// A domain's order checked before anything is sent: the name, the nameservers, the
/// contacts' roles, the TLD sold and its period, the TLD form's values and required fields.
/// The order (its payment method not chosen yet), the TLD's name, and the form's values in
/// words.
pub(in crate::cli) async fn checked_order(
    cx: &Context<'_>,
    asked: &DomainAsked<'_>,
) -> Result<(DomainPurchase, String, Vec<String>), ApiError> {
    let language = cx.language;
    let op = Operation::OrderDomain;
    let name = crate::i18n::domain_name(asked.name, language).map_err(|e| usage(op, e))?;
    // What is typed first: nameservers and contacts.
    let given: Vec<String> = asked.ns.iter().filter(|n| !n.trim().is_empty()).cloned().collect();
    let nameservers = domain_actions::nameservers(&given)
        .map_err(|p| usage(Operation::DomainNameservers, nameserver_problem(&p, Text::NsCount, language)))?;
    let mut contacts = BTreeMap::new();
    for pair in asked.contact {
        let role_id = pair.split_once('=').map(|(r, i)| (r.trim().to_ascii_lowercase(), i.trim().to_owned()));
        match role_id {
            Some((role, id)) if CONTACT_ROLES.contains(&role.as_str()) && !id.is_empty() => {
                contacts.insert(role, id);
            }
            _ => return Err(usage(op, ContactForm.fill(language, &[("pair", &format!("{pair:?}"))]))),
        }
    }
    // The TLD sold, its period, its form's values and required fields: read, never sent.
    let tlds = cx.client.domain_order().await?;
    let Some(tld) = tld_of(&name, &tlds) else {
        let list: Vec<&str> = tlds.iter().map(|t| t.tld.as_str()).collect();
        return Err(usage(op, NotSold.fill(language, &[("name", &name), ("tlds", &list.join(", "))])));
    };
    let periods: Vec<&str> = tld.periods.iter().map(|p| p.period.trim()).collect();
    if !asked.transfer && !periods.is_empty() && !periods.contains(&asked.years.to_string().as_str()) {
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("tld", &tld.tld), ("years", &asked.years), ("periods", &periods.join(", "))];
        return Err(usage(op, NoPeriod.fill(language, &fill)));
    }
    let tld_id: u64 = tld.id.trim().parse().unwrap_or_default();
    let forms = match cx.client.tld_form(tld_id).await {
        Ok(forms) => forms,
        Err(e) if e.not_offered() => Vec::new(),
        Err(e) => return Err(e),
    };
    let (data, options) = form_values(&forms, asked.set, op, language)?;
    if let Some(form) = missing_required(&forms, &data).first() {
        let what = OrderHeading.fill(language, &[("name", &name)]);
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("what", &what), ("field", &form.title), ("id", &form.id)];
        return Err(usage(op, crate::cli::buying::RequiredLeft.fill(language, &fill)));
    }
    let purchase = DomainPurchase {
        name,
        years: asked.years,
        transfer: asked.transfer,
        tld_id: tld.id.trim().to_owned(),
        pay_method: None,
        epp: asked.epp.map(|e| e.trim().to_owned()),
        nameservers,
        contacts,
        data,
    };
    Ok((purchase, tld.tld.to_string(), options))
}

/// Free to register, or taken to transfer, as the portal's lookup says (where it has one);
/// `ours`: taken by the account's own earlier order, which the portal is left to judge.
pub(in crate::cli) async fn free_or_taken(
    cx: &Context<'_>,
    name: &str,
    transfer: bool,
    ours: bool,
) -> Result<(), ApiError> {
    let (op, language) = (Operation::OrderDomain, cx.language);
    match cx.client.lookup(name).await {
        Ok(found) if !transfer && !found.available && !ours => Err(usage(op, Taken.fill(language, &[("name", &name)]))),
        Ok(found) if transfer && found.available => {
            Err(usage(op, FreeNotTransferred.fill(language, &[("name", &name)])))
        }
        Ok(_) => Ok(()),
        Err(e) if e.not_offered() => Ok(()),
        Err(e) => Err(e),
    }
}

/// A registration's contacts as text: each role, each field.
fn contacts_text(contacts: &crate::api::models::DomainContacts, language: crate::api::Language) -> String {
    let mut text = String::new();
    for (role, fields) in &contacts.roles {
        text += &format!("  {role}\n");
        for (field, value) in fields {
            text += &format!("    {field}: {value}\n");
        }
    }
    if contacts.roles.is_empty() {
        text += &format!("  {}\n", ContactsNone.get(language));
    }
    text
}

/// `domain contacts NAME [--set ROLE.FIELD=VALUE,…]`.
pub(super) async fn contacts(
    cx: &Context<'_>,
    name: &str,
    id: u64,
    set: &[String],
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    let heading = ContactsOf.fill(language, &[("name", &name), ("id", &id)]);
    let show = || async {
        if cx.json {
            return Ok::<_, ApiError>((String::new(), cx.client.as_sent(&Query::DomainContacts(id)).await?));
        }
        let now = cx.client.domain_contacts(id).await?;
        Ok((format!("{heading}\n{}", contacts_text(&now, language)), Value::Null))
    };
    let asked: Vec<&String> = set.iter().filter(|p| !p.trim().is_empty()).collect();
    if asked.is_empty() {
        let (text, json) = show().await?;
        let text = if cx.json { json_text(&json) } else { text };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let now = cx.client.domain_contacts(id).await?;
    let op = Operation::DomainContactsSet;
    let mut wanted = Vec::new();
    for pair in asked {
        let parsed = pair.split_once('=').and_then(|(key, value)| {
            let (role, field) = key.split_once('.')?;
            Some((role.trim().to_ascii_lowercase(), field.trim().to_owned(), value.trim().to_owned()))
        });
        let Some((role, field, value)) =
            parsed.filter(|(r, f, _)| CONTACT_ROLES.contains(&r.as_str()) && !f.is_empty())
        else {
            return Err(usage(op, ContactsSetForm.fill(language, &[("pair", &format!("{pair:?}"))])));
        };
        wanted.push((role, field, value));
    }
    // Each role that changes is sent whole: its fields as held, with the changes.
    let (sent, changes) = contacts_set(&now, &wanted);
    if changes.is_empty() {
        let text = ContactsAlready.fill(language, &[("name", &name)]) + "\n";
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let what = heading.clone() + &preview::contacts(&changes, language).text();
    let change = Change::DomainContactsSet { domain_id: id, contacts: sent };
    let reread = || async {
        let (text, json) = show().await?;
        Ok(Reread { text, json, differs: None })
    };
    apply(cx, confirm, &change, None, &format!("domain {name}"), &what, reread).await
}
