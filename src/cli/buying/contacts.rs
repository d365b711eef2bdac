//! `contacts`: the account's contacts listed (`GET /contact`), one shown with every field
//! (`contacts show ID`, `GET /contact/ID`), one added (`contacts add --set FIELD=VALUE…`,
//! `POST /contact`) or changed (`contacts edit ID --set FIELD=VALUE…`, `PUT /contact/ID`).
//! What is sent is checked first (a field a contact has, the email and names a new one
//! needs, an email not held by another contact already), confirmed, sent once through the
//! one change protocol, and read back.

use std::collections::BTreeMap;

use serde_json::Value;

use super::super::exit_code;
use super::super::protocol::{Changed, Context, Reread, apply, json_text, usage};
use super::args::ContactsCommand;
use crate::api::models::{CONTACT_FIELDS, CONTACT_NEEDS, ContactSummary, Fields};
use crate::api::{ApiError, Change, Language, Operation, Query};
use crate::i18n::preview;

crate::words! {
    NoContacts: "no contacts" | "không có liên hệ nào",
    ContactHeading: "contact #{id}" | "liên hệ #{id}",
    SetForm: "--set takes FIELD=VALUE, not {pair}" | "--set nhận TRƯỜNG=GIÁ_TRỊ, không phải {pair}",
    SetTwice: "--set names {field} twice" | "--set nêu {field} hai lần",
    NoSet: "nothing to send: give the fields with --set FIELD=VALUE" | "không có gì để gửi: đưa các trường bằng --set TRƯỜNG=GIÁ_TRỊ",
    UnknownField: "{field} is not a field of a contact; the fields are {fields}" | "{field} không phải một trường của liên hệ; các trường là {fields}",
    NotItsField: "contact #{id} has no field {field}; its fields are {fields}" | "liên hệ #{id} không có trường {field}; các trường của nó là {fields}",
    Needs: "a new contact needs {fields}" | "một liên hệ mới cần {fields}",
    NotEmail: "{value} is not an email address" | "{value} không phải một địa chỉ email",
    EmailHeld: "contact #{id} has the email {email} already: change it with `contacts edit {id}`" | "liên hệ #{id} đã có email {email}: đổi nó bằng `contacts edit {id}`",
    Already: "contact #{id} is already as asked: nothing sent" | "liên hệ #{id} đã đúng như yêu cầu: không gửi gì",
    Added: "contact #{id} added: {who}" | "đã thêm liên hệ #{id}: {who}",
    NotListed: "the contacts read again list no contact with the email {email}" | "danh sách liên hệ đọc lại không có liên hệ nào với email {email}",
    NewContact: "a new contact" | "một liên hệ mới",
}

/// `contacts [show ID | add | edit ID]`.
pub async fn run(cx: &Context<'_>, action: Option<&ContactsCommand>) -> Result<Changed, ApiError> {
    match action {
        None => list(cx).await,
        Some(ContactsCommand::Show { id }) => {
            let text = if cx.json {
                json_text(&cx.client.as_sent(&Query::Contact(*id)).await?)
            } else {
                shown(cx, *id).await?
            };
            Ok(Changed { text, code: exit_code::SUCCESS })
        }
        Some(ContactsCommand::Add { set, confirm }) => add(cx, set, *confirm).await,
        Some(ContactsCommand::Edit { id, set, confirm }) => edit(cx, *id, set, *confirm).await,
    }
}

/// The account's contacts, a line each.
async fn list(cx: &Context<'_>) -> Result<Changed, ApiError> {
    if cx.json {
        return Ok(Changed { text: json_text(&cx.client.as_sent(&Query::Contacts).await?), code: exit_code::SUCCESS });
    }
    let contacts = cx.client.contacts().await?;
    let mut text: String = contacts.iter().map(|c| line(c) + "\n").collect();
    if contacts.is_empty() {
        text = format!("{}\n", NoContacts.get(cx.language));
    }
    Ok(Changed { text, code: exit_code::SUCCESS })
}

fn line(c: &ContactSummary) -> String {
    let name = format!("{} {}", c.firstname, c.lastname);
    let mut line = format!("#{}\t{}\t{}", c.id, name.trim(), c.email);
    if !c.companyname.is_empty() {
        line += &format!("\t{}", c.companyname);
    }
    line
}

/// One contact, a field a line.
async fn shown(cx: &Context<'_>, id: u64) -> Result<String, ApiError> {
    let fields = cx.client.contact(id).await?;
    Ok(fields_text(id, &fields, cx.language))
}

fn fields_text(id: u64, fields: &Fields, language: Language) -> String {
    let wide = fields.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let mut text = ContactHeading.fill(language, &[("id", &id)]) + "\n";
    for (field, value) in fields {
        text += &format!("  {field:<wide$}  {}\n", if value.is_empty() { "—" } else { value });
    }
    text
}

/// The `--set FIELD=VALUE` pairs, each field once.
fn pairs(set: &[String], op: Operation, language: Language) -> Result<BTreeMap<String, String>, ApiError> {
    let mut asked = BTreeMap::new();
    for pair in set.iter().filter(|p| !p.trim().is_empty()) {
        let Some((field, value)) = pair.split_once('=').filter(|(f, _)| !f.trim().is_empty()) else {
            return Err(usage(op, SetForm.fill(language, &[("pair", &format!("{pair:?}"))])));
        };
        let field = field.trim().to_ascii_lowercase();
        if asked.insert(field.clone(), value.trim().to_owned()).is_some() {
            return Err(usage(op, SetTwice.fill(language, &[("field", &field)])));
        }
    }
    if asked.is_empty() {
        return Err(usage(op, NoSet.get(language)));
    }
    Ok(asked)
}

fn email_checked(fields: &BTreeMap<String, String>, op: Operation, language: Language) -> Result<(), ApiError> {
    match fields.get("email") {
        Some(email) if !is_email(email) => Err(usage(op, NotEmail.fill(language, &[("value", &format!("{email:?}"))]))),
        _ => Ok(()),
    }
}

fn is_email(text: &str) -> bool {
    text.split_once('@')
        .is_some_and(|(who, at)| !who.is_empty() && at.contains('.') && !text.contains(char::is_whitespace))
}

/// `contacts add --set FIELD=VALUE…`.
async fn add(cx: &Context<'_>, set: &[String], confirm: crate::cli::asking::ConfirmArgs) -> Result<Changed, ApiError> {
    let (op, language) = (Operation::ContactAdd, cx.language);
    let fields = pairs(set, op, language)?;
    if let Some(field) = fields.keys().find(|f| !CONTACT_FIELDS.contains(&f.as_str())) {
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("field", field), ("fields", &CONTACT_FIELDS.join(", "))];
        return Err(usage(op, UnknownField.fill(language, &fill)));
    }
    if CONTACT_NEEDS.iter().any(|f| fields.get(*f).is_none_or(|v| v.is_empty())) {
        return Err(usage(op, Needs.fill(language, &[("fields", &CONTACT_NEEDS.join(", "))])));
    }
    email_checked(&fields, op, language)?;
    let email = fields["email"].clone();
    let held = cx.client.contacts().await?;
    if let Some(c) = held.iter().find(|c| c.email.trim().eq_ignore_ascii_case(&email)) {
        return Err(usage(op, EmailHeld.fill(language, &[("id", &c.id), ("email", &email)])));
    }
    let shown: Vec<(String, String, String)> =
        fields.iter().map(|(k, v)| (k.clone(), String::new(), v.clone())).collect();
    let subject = NewContact.get(language).to_owned();
    let what = subject.clone() + &preview::contact(None, &shown).text();
    let change = Change::ContactAdd { fields };
    let reread = || async {
        if cx.json {
            return Ok(Reread { text: String::new(), json: cx.client.as_sent(&Query::Contacts).await?, differs: None });
        }
        let now = cx.client.contacts().await?;
        let made = now.iter().find(|c| c.email.trim().eq_ignore_ascii_case(&email));
        let text = match made {
            Some(c) => {
                let who = format!("{} {} <{}>", c.firstname.trim(), c.lastname.trim(), c.email.trim());
                Added.fill(language, &[("id", &c.id), ("who", &who.trim())])
            }
            None => NotListed.fill(language, &[("email", &email)]),
        };
        Ok(Reread { text: text + "\n", json: Value::Null, differs: None })
    };
    apply(cx, confirm, &change, None, &subject, &what, reread).await
}

/// `contacts edit ID --set FIELD=VALUE…`: only the fields that change are sent.
async fn edit(
    cx: &Context<'_>,
    id: u64,
    set: &[String],
    confirm: crate::cli::asking::ConfirmArgs,
) -> Result<Changed, ApiError> {
    let (op, language) = (Operation::ContactUpdate, cx.language);
    let asked = pairs(set, op, language)?;
    let held = cx.client.contact(id).await?;
    let has = |field: &str| held.iter().any(|(k, _)| k == field) || CONTACT_FIELDS.contains(&field);
    if let Some(field) = asked.keys().find(|f| !has(f) || f.as_str() == "id") {
        let names: Vec<&str> = held.iter().map(|(k, _)| k.as_str()).filter(|k| *k != "id").collect();
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("id", &id), ("field", field), ("fields", &names.join(", "))];
        return Err(usage(op, NotItsField.fill(language, &fill)));
    }
    email_checked(&asked, op, language)?;
    let before =
        |field: &str| held.iter().find(|(k, _)| k == field).map(|(_, v)| v.trim().to_owned()).unwrap_or_default();
    let changes: Vec<(String, String, String)> =
        asked.iter().filter(|(k, v)| before(k) != **v).map(|(k, v)| (k.clone(), before(k), v.clone())).collect();
    if changes.is_empty() {
        return Ok(Changed { text: Already.fill(language, &[("id", &id)]) + "\n", code: exit_code::SUCCESS });
    }
    let fields: BTreeMap<String, String> = changes.iter().map(|(k, _, v)| (k.clone(), v.clone())).collect();
    let subject = ContactHeading.fill(language, &[("id", &id)]);
    let what = subject.clone() + &preview::contact(Some(id), &changes).text();
    let change = Change::ContactUpdate { contact_id: id, fields };
    let reread = || async {
        if cx.json {
            return Ok(Reread {
                text: String::new(),
                json: cx.client.as_sent(&Query::Contact(id)).await?,
                differs: None,
            });
        }
        Ok(Reread { text: shown(cx, id).await?, json: Value::Null, differs: None })
    };
    apply(cx, confirm, &change, None, &subject, &what, reread).await
}
