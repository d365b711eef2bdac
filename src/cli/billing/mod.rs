//! The billing commands: `invoice pay` (from the account's credit), `service cancel` (a
//! typed confirmation: the service's domain or name), `service label`, `certificate ID
//! --crt` and `logout` (signing out at the portal, then the remembered session removed).
//! Changes go through the one change protocol (`protocol::apply`): refused before anything
//! is sent when they cannot be right, `--dry-run`, logged, sent once, read again after.

pub(super) mod args;
mod pay_many;
pub(super) mod text;
pub(super) mod upgrade;

use std::io::Write;
use std::path::{Path, PathBuf};

use super::protocol::{Changed, Context, Reread, apply, apply_asking, usage};
use super::{exit_code, report};
use crate::api::models::{ServiceAction, ServiceMethod, offers};
use crate::api::{ApiError, Change, Data, Ended, Language, Operation, PortalClient, Query, plan_payment};
use crate::config::settings::Partial;
use crate::i18n::Text;
use crate::i18n::preview::{PaymentPromise, Promises};
use args::{InvoiceCommand, ServiceCommand};

crate::words! {
    PayManyOneAmount: "--amount pays part of one invoice: name one" | "--amount trả một phần của một hóa đơn: hãy nêu một hóa đơn",
}

type Fill<'a> = &'a [(&'a str, &'a dyn std::fmt::Display)];

/// `invoice pay ID [--amount X]`.
pub async fn invoice_change(cx: &Context<'_>, command: &InvoiceCommand) -> Result<Changed, ApiError> {
    let InvoiceCommand::Pay { ids, all_due, amount, confirm, .. } = command;
    let (language, op) = (cx.language, Operation::InvoicePay);
    let id = match (ids.as_slice(), *all_due) {
        ([one], false) => *one,
        _ if amount.is_some() => return Err(usage(op, PayManyOneAmount.get(language))),
        _ => return pay_many::run(cx, ids, *all_due, *confirm).await,
    };
    let invoice = cx.client.invoice(id).await?;
    let balance = cx.client.credit_balance().await?;
    let currency = crate::api::payment_currency(&invoice, &balance);
    let amount = match amount {
        Some(text) => Some(crate::i18n::format::typed_money(text, currency, language).map_err(|why| {
            let why = crate::i18n::unreadable_amount(text, &why, currency, language);
            usage(op, Text::CliBadAmount.fill(language, &[("why", &why)]))
        })?),
        None => None,
    };
    let payment = plan_payment(id, &invoice, &balance, amount)
        .map_err(|r| usage(op, crate::i18n::pay_refusal(&r, id, currency, language)))?;
    // The dialog's preview, its rows in the report's aligned columns.
    let preview = crate::i18n::preview::invoice_pay(&payment, language);
    let rows: Vec<(&str, String)> = preview.rows.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    let fill: Fill = &[("number", &invoice.label()), ("id", &id)];
    let what = format!("{}\n{}", Text::CliPayHeading.fill(language, fill), report::fields(&rows, report::Empty::Shown))
        .trim_end()
        .to_owned();
    let reread = || async {
        if cx.json {
            let invoice = cx.client.as_sent(&Query::Invoice(id)).await?;
            // A portal without `GET /balance` has the credit in the details only.
            let balance = match cx.client.as_sent(&Query::Balance).await {
                Err(e) if e.not_offered() => serde_json::Value::Null,
                read => read?,
            };
            return Ok(Reread {
                text: String::new(),
                json: serde_json::json!({ "invoice": invoice, "balance": balance }),
                differs: None,
            });
        }
        let today = crate::api::models::today();
        let (invoice, balance) = (cx.client.invoice(id).await?, cx.client.credit_balance().await?);
        let text = report::invoice(&invoice, language, today) + "\n" + &report::balance(&balance, language);
        let read = [Some(Data::Invoice(Box::new(invoice))), Some(Data::Balance(balance))];
        let differs = PaymentPromise(payment.clone()).not_as_promised(&read, language);
        Ok(Reread { text, json: serde_json::Value::Null, differs })
    };
    apply(cx, *confirm, &payment.change(), None, &format!("invoice #{id}"), &what, reread).await
}

/// What a service lists it offers; `None` when the portal has no methods route (then
/// whether it offers an action is unknown, and the action is allowed).
async fn methods(client: &PortalClient, id: u64) -> Result<Option<Vec<ServiceMethod>>, ApiError> {
    match client.service_methods(id).await {
        Ok(methods) => Ok(Some(methods)),
        Err(e) if e.not_offered() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Refuses an action the service's methods list does not offer.
async fn check_offered(cx: &Context<'_>, id: u64, action: ServiceAction, op: Operation) -> Result<(), ApiError> {
    let Some(listed) = methods(cx.client, id).await? else { return Ok(()) };
    if offers(&listed, action) {
        return Ok(());
    }
    Err(usage(op, crate::i18n::action_not_offered(id, &listed, action, cx.language)))
}

/// `service cancel ID --reason TEXT [--now]` and `service label ID [TEXT]`.
pub async fn service_change(cx: &Context<'_>, command: &ServiceCommand) -> Result<Changed, ApiError> {
    let language = cx.language;
    match command {
        ServiceCommand::Cancel { id, reason, now, confirm } => {
            let (id, op) = (*id, Operation::ServiceCancel);
            let reason =
                crate::api::ticket_subject(reason).ok_or_else(|| usage(op, Text::CliEmptyReason.get(language)))?;
            let service = cx.client.service(id).await?;
            if service.has_ended() {
                let status = crate::i18n::status(&service.status, language);
                return Err(usage(op, Text::CliCancelAlready.fill(language, &[("id", &id), ("status", &status)])));
            }
            // A second request is refused here, as the dashboard's `x` is, not by the portal.
            if let Some(pending) = service.cancellation.as_ref().filter(|_| service.cancelling()) {
                let said = crate::i18n::cancel_pending(id, &service.name, pending, &service.next_due, language);
                return Err(usage(op, said));
            }
            check_offered(cx, id, ServiceAction::Cancel, op).await?;
            let fill: Fill = &[("id", &id), ("name", &service.name), ("domain", &service.domain)];
            let today = crate::api::models::today();
            let preview = crate::i18n::preview::service_cancel(*now, &service.next_due, &reason, today, language);
            let what = Text::CliCancelHeading.fill(language, fill) + &preview.text();
            let typed = service.typed_confirmation(id);
            let change = Change::ServiceCancel { service_id: id, immediate: *now, reason };
            let reread = || async {
                if cx.json {
                    return Ok(Reread {
                        text: String::new(),
                        json: cx.client.as_sent(&Query::Service(id)).await?,
                        differs: None,
                    });
                }
                let today = crate::api::models::today();
                Ok(Reread {
                    text: report::service(
                        &cx.client.service(id).await?,
                        &cx.client.currency().await,
                        language,
                        today,
                        false,
                    ),
                    json: serde_json::Value::Null,
                    differs: None,
                })
            };
            let subject = format!("service #{id}");
            apply_asking(cx, *confirm, Some(&typed), &change, None, &subject, &what, reread).await
        }
        ServiceCommand::Label { id, text: None, .. } => {
            let label = cx.client.service_label(*id).await?;
            let text = if cx.json {
                serde_json::to_string_pretty(&cx.client.as_sent(&Query::ServiceLabel(*id)).await?).unwrap_or_default()
            } else {
                text::label(*id, &label, language)
            };
            Ok(Changed { text: text.trim_end().to_owned() + "\n", code: exit_code::SUCCESS })
        }
        ServiceCommand::Label { id, text: Some(label), confirm } => {
            let (id, op) = (*id, Operation::ServiceLabelSet);
            let label = crate::api::sanitize::line(label).trim().to_owned();
            let service = cx.client.service(id).await?;
            check_offered(cx, id, ServiceAction::Label, op).await?;
            let old = match cx.client.service_label(id).await {
                Ok(old) => old,
                Err(e) if e.not_offered() => service.label.to_string(),
                Err(e) => return Err(e),
            };
            if old.trim() == label {
                let text = Text::CliLabelAlready.fill(language, &[("id", &id), ("label", &label)]) + "\n";
                return Ok(Changed { text, code: exit_code::SUCCESS });
            }
            let preview = crate::i18n::preview::service_label(&old, &label, language);
            let what = Text::CliLabelHeading.fill(language, &[("id", &id), ("name", &service.name)]) + &preview.text();
            let change = Change::ServiceLabel { service_id: id, label };
            let reread = || async {
                if cx.json {
                    return Ok(Reread {
                        text: String::new(),
                        json: cx.client.as_sent(&Query::ServiceLabel(id)).await?,
                        differs: None,
                    });
                }
                let text = text::label(id, &cx.client.service_label(id).await?, language);
                Ok(Reread { text, json: serde_json::Value::Null, differs: None })
            };
            apply(cx, *confirm, &change, None, &format!("service #{id}"), &what, reread).await
        }
    }
}

/// `certificate ID --crt [-o PATH] [--force]`: the PEM printed, or saved without ever
/// replacing a file unless `--force`.
pub async fn certificate_crt(
    cx: &Context<'_>,
    id: u64,
    output: Option<&Path>,
    force: bool,
) -> Result<Changed, ApiError> {
    let (op, language) = (Operation::CertificateCrt, cx.language);
    let Some(output) = output else {
        let pem = cx.client.certificate_crt(id).await?;
        let text = match cx.json {
            true => {
                serde_json::to_string_pretty(&serde_json::json!({ "id": id, "crt": pem })).unwrap_or_default() + "\n"
            }
            false => pem,
        };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    };
    let domain = match cx.client.certificate(id).await {
        Ok(cert) => cert.domain,
        Err(e) if e.not_offered() => String::new(),
        Err(e) => return Err(e),
    };
    let path: PathBuf = match output.is_dir() {
        true => output.join(crate::system::file_name::certificate(&domain, &id.to_string(), "crt")),
        false => output.to_owned(),
    };
    let exists = || usage(op, Text::CliFileExists.fill(language, &[("path", &path.display())]));
    if !force && std::fs::symlink_metadata(&path).is_ok() {
        return Err(exists());
    }
    let pem = cx.client.certificate_crt(id).await?;
    let written = match force {
        true => {
            crate::system::atomic_file::write(&path, pem.as_bytes(), crate::system::atomic_file::Mode::KeepExisting)
        }
        false => crate::system::atomic_file::write_new(&path, pem.as_bytes()),
    };
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(exists()),
        Err(e) => {
            let fill: Fill = &[("path", &path.display()), ("error", &e)];
            return Err(usage(op, Text::CliWriteFailed.fill(language, fill)));
        }
        Ok(()) => {}
    }
    let text = if cx.json {
        let value =
            serde_json::json!({ "id": id, "domain": domain, "saved": path.display().to_string(), "bytes": pem.len() });
        serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
    } else {
        let fill: Fill = &[("id", &id), ("domain", &domain), ("path", &path.display())];
        Text::CliCrtSaved.fill(language, fill) + "\n"
    };
    Ok(Changed { text, code: exit_code::SUCCESS })
}

/// `logout`: signs out at the portal with the remembered session (`PortalClient::end_session`:
/// the refresh token revoked, the access token ended), then removes the session file,
/// whatever the portal said. A portal without these routes is said to have kept nothing
/// to end: only the local session was removed. Exit 5 when the portal could not be reached
/// (the session may live on there until it expires).
pub async fn logout(partial: &Partial) -> u8 {
    // Settings given only by flags and the environment remember a session too: named by
    // their user.
    let remembered = partial.remembered_settings().and_then(|s| s.remember).map(|file| file.path);
    let Some(name) = partial.profile.clone().or_else(|| remembered.as_ref().and(partial.username.clone())) else {
        return fail(exit_code::USAGE, Text::CliLogoutNoProfile.get(partial.language), partial.language);
    };
    let Some(path) = remembered.or_else(|| crate::api::session::store::path_for(&name)) else {
        let said = Text::CliLogoutNoPlace.fill(partial.language, &[("name", &name)]);
        return fail(exit_code::USAGE, &said, partial.language);
    };
    let settings = partial.resume_settings();
    let language = settings.as_ref().map_or(partial.language, |s| s.language);
    let host = settings.as_ref().map(|s| s.host.clone()).unwrap_or_default();
    let ended = match settings.map(PortalClient::new) {
        Some(Ok(client)) => match client.resume().await {
            Ok(true) => Some(client.end_session().await),
            _ => None,
        },
        _ => None,
    };
    let removed = match crate::api::session::store::delete(&path) {
        Ok(removed) => removed,
        Err(e) => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("path", &path.display()), ("error", &e)];
            return fail(exit_code::USAGE, &Text::CliLogoutCannotDelete.fill(language, &fill), language);
        }
    };
    let fill: Fill = &[("host", &host), ("name", &name)];
    let (text, code) = match ended {
        None if !removed => (Text::CliLogoutNoSession.fill(language, fill), exit_code::SUCCESS),
        None | Some(Ok(None)) => (Text::CliLogoutForgot.fill(language, fill), exit_code::SUCCESS),
        Some(Ok(Some(end))) if end.not_offered() => {
            (Text::CliLogoutNotOffered.fill(language, fill), exit_code::SUCCESS)
        }
        Some(Ok(Some(end))) if end.logout == Ended::AlreadyEnded => {
            (Text::CliLogoutAlready.fill(language, fill), exit_code::SUCCESS)
        }
        Some(Ok(Some(_))) => (Text::CliLogoutEnded.fill(language, fill), exit_code::SUCCESS),
        Some(Err(e)) => {
            let error = crate::i18n::api_error(&e, language);
            let fill: Fill = &[("host", &host), ("name", &name), ("error", &error)];
            return fail(exit_code::for_error(&e), &Text::CliLogoutFailed.fill(language, fill), language);
        }
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(format!("{text}\n").as_bytes()).and_then(|_| stdout.flush());
    code
}

fn fail(code: u8, message: &str, language: Language) -> u8 {
    super::stderr::error(message, language);
    code
}
