//! `domain renew|autorenew|lock|privacy|ns|epp|check`: a registration's settings, read and
//! changed. Each change goes through the one change protocol as `dns add` does (`changes`):
//! confirmed with what is sent and what it costs, `--dry-run`, `--json`, the change log,
//! sent once, and followed by a fresh read of the registration. A setting already as asked
//! sends nothing. The transfer code is printed by `domain epp` alone and never logged.

use secrecy::ExposeSecret;

pub(super) mod args;
pub(in crate::cli) mod order;
mod renew_many;
mod settings_many;

use super::asking::ConfirmArgs;
use super::protocol::{Changed, Context, Reread, apply, json_text, usage};
use super::{exit_code, report};
use crate::api::dns::registration;
use crate::api::domain_actions::{self, RenewalCharge};
use crate::api::models::{Balance, DomainRecord};
use crate::api::{ApiError, Change, Data, ErrorKind, Language, Money, Operation, PortalClient, Query};
use crate::i18n::preview::Promises;
use crate::i18n::{Text, format, nameserver_problem, on_off};
use args::{DomainCommand, Switch};

/// Whether the command names a registration by its id (a number) rather than a name.
pub fn is_id(target: &str) -> bool {
    let target = target.trim().trim_start_matches('#');
    !target.is_empty() && target.chars().all(|c| c.is_ascii_digit())
}

/// Runs a `domain` action. A refusal is said in the reader's language (with `--json`, in
/// the JSON object).
pub async fn run(cx: &Context<'_>, action: &DomainCommand) -> Result<Changed, ApiError> {
    let result = act(cx, action).await;
    match result {
        Err(e) if !cx.json && !e.not_offered() && matches!(e.kind(), ErrorKind::Portal | ErrorKind::Usage) => {
            super::stderr::error(&crate::i18n::api_error(&e, cx.language), cx.language);
            Ok(Changed { text: String::new(), code: exit_code::for_error(&e) })
        }
        other => other,
    }
}

async fn act(cx: &Context<'_>, action: &DomainCommand) -> Result<Changed, ApiError> {
    let language = cx.language;
    // What is typed is checked before the portal is asked anything.
    let asked_nameservers = match action {
        DomainCommand::Check { name } => return check(cx, name).await,
        DomainCommand::Order { .. } => return order::order(cx, action).await,
        DomainCommand::Ns { set, default, .. } if set.is_some() || *default => {
            // `--set a,b,` and `--set a, b` as meant: the blank between commas is no name.
            let given: Vec<String> = set.iter().flatten().filter(|n| !n.trim().is_empty()).cloned().collect();
            let refused = |p| usage(Operation::DomainNameservers, nameserver_problem(&p, Text::NsCount, language));
            // Only --default asks for the portal's own: a --set left with no name is none.
            if !*default && given.is_empty() {
                return Err(refused(domain_actions::NameserverProblem::Count(0)));
            }
            let checked = domain_actions::nameservers(&given).map_err(refused)?;
            Some(checked)
        }
        _ => None,
    };
    if let DomainCommand::Renew { targets, expiring_within, years, confirm, .. } = action
        && (targets.len() != 1 || expiring_within.is_some())
    {
        return renew_many::run(cx, targets, *expiring_within, *years, *confirm).await;
    }
    let state = settings_many::checked(action, asked_nameservers.is_some(), language)?;
    if let Some((within, wanted, confirm)) = many_settings(action, asked_nameservers.clone()) {
        return settings_many::run(cx, &action.targets(), within, wanted, confirm).await;
    }
    let (record, id) = find(cx.client, action.target(), operation(action), language).await?;
    let name = if record.name.is_empty() { action.target().trim().to_owned() } else { record.name.to_string() };
    let on = |state: &Switch| *state == Switch::On;
    match action {
        DomainCommand::Renew { years, confirm, .. } => renew(cx, &record, &name, id, *years, *confirm).await,
        DomainCommand::Autorenew { confirm, .. } => {
            let change = Change::DomainAutorenew { domain_id: id, on: on(&state.unwrap_or(Switch::Off)) };
            switch(cx, change, record.autorenew, &name, *confirm).await
        }
        DomainCommand::Privacy { confirm, .. } => {
            let change = Change::DomainIdProtection { domain_id: id, on: on(&state.unwrap_or(Switch::Off)) };
            switch(cx, change, record.idprotection, &name, *confirm).await
        }
        DomainCommand::Lock { confirm, .. } => match action.state() {
            Some(state) => {
                let now = cx.client.registrar_lock(id).await.ok();
                switch(cx, Change::DomainLock { domain_id: id, on: on(&state) }, now, &name, *confirm).await
            }
            None => show_lock(cx, &name, id).await,
        },
        DomainCommand::Ns { confirm, .. } => match asked_nameservers {
            Some(wanted) => set_nameservers(cx, &record, &name, id, wanted, *confirm).await,
            None => show_nameservers(cx, &record, &name, id).await,
        },
        DomainCommand::Epp { .. } => transfer_code(cx, &name, id).await,
        DomainCommand::Contacts { set, confirm, .. } => order::contacts(cx, &name, id, set, *confirm).await,
        DomainCommand::Check { .. } | DomainCommand::Order { .. } => unreachable!("done above"),
    }
}

/// A setting's change asked of several registrations (or of those expiring within some
/// days): where they are, what is asked, and how it is confirmed. `None` for one.
fn many_settings(
    action: &DomainCommand,
    nameservers: Option<Vec<String>>,
) -> Option<(Option<i64>, settings_many::Wanted, ConfirmArgs)> {
    use settings_many::Wanted;
    let on = |state: &Switch| *state == Switch::On;
    let (within, wanted, confirm) = match action {
        DomainCommand::Autorenew { expiring_within, confirm, .. } => {
            (*expiring_within, Wanted::Autorenew(on(&action.state()?)), confirm)
        }
        DomainCommand::Privacy { expiring_within, confirm, .. } => {
            (*expiring_within, Wanted::IdProtection(on(&action.state()?)), confirm)
        }
        DomainCommand::Lock { expiring_within, confirm, .. } => {
            (*expiring_within, Wanted::Lock(on(&action.state()?)), confirm)
        }
        DomainCommand::Ns { confirm, .. } => (None, Wanted::Nameservers(nameservers?), confirm),
        _ => return None,
    };
    (within.is_some() || action.targets().len() != 1).then_some((within, wanted, *confirm))
}

/// The operation an action is, for what is said when it fails.
fn operation(action: &DomainCommand) -> Operation {
    match action {
        DomainCommand::Renew { .. } => Operation::DomainRenew,
        DomainCommand::Autorenew { .. } => Operation::DomainAutorenew,
        DomainCommand::Lock { .. } if action.state().is_some() => Operation::DomainLock,
        DomainCommand::Lock { .. } => Operation::RegistrarLock,
        DomainCommand::Privacy { .. } => Operation::DomainIdProtection,
        DomainCommand::Ns { set, default, .. } if set.is_some() || *default => Operation::DomainNameservers,
        DomainCommand::Ns { .. } => Operation::Nameservers,
        DomainCommand::Epp { .. } => Operation::TransferCode,
        DomainCommand::Check { .. } => Operation::DomainLookup,
        DomainCommand::Order { .. } => Operation::OrderDomain,
        DomainCommand::Contacts { set, .. } if !set.is_empty() => Operation::DomainContactsSet,
        DomainCommand::Contacts { .. } => Operation::DomainContacts,
    }
}

/// The registration named: by its id (its details), or by name (the active one, as `dns`
/// finds it).
pub(super) async fn find(
    client: &PortalClient,
    target: &str,
    op: Operation,
    language: Language,
) -> Result<(DomainRecord, u64), ApiError> {
    if is_id(target) {
        let digits = target.trim().trim_start_matches('#');
        let id = digits
            .parse()
            .map_err(|_| usage(op, Text::NumberTooLarge.fill(language, &[("what", &"id"), ("text", &digits)])))?;
        return Ok((client.domain_details(id).await?, id));
    }
    let name = crate::i18n::domain_name(target, language).unwrap_or_else(|_| target.trim().to_owned());
    let Some(chosen) = registration::in_use(client.domain_records(&name).await?) else {
        return Err(usage(op, Text::RepNoActiveRegistration.fill(language, &[("name", &name)])));
    };
    let id = registration::id(&chosen)?;
    Ok((chosen, id))
}

/// The registration read again after a change: its details as `domain NAME` shows them,
/// and with `--json` the portal's answer (what `Change::read_again` names).
async fn reread(cx: &Context<'_>, change: &Change, name: &str, id: u64) -> Result<Reread, ApiError> {
    if cx.json {
        let query = change.read_again().unwrap_or(Query::DomainDetails(id));
        return Ok(Reread { text: String::new(), json: cx.client.as_sent(&query).await?, differs: None });
    }
    let record = cx.client.domain_details(id).await?;
    let currency = cx.client.currency().await;
    let mut text = report::domain_records(&[record], &currency, cx.language, crate::api::models::today());
    if let Change::DomainLock { .. } = change {
        let state = cx.client.registrar_lock(id).await.map(|on| on_off(on, cx.language).to_owned());
        let state = state.unwrap_or_else(|e| crate::i18n::api_error(&e, cx.language));
        text += &(lock_line(name, id, &state, cx.language) + "\n");
    }
    Ok(Reread { text, json: serde_json::Value::Null, differs: None })
}

fn lock_line(name: &str, id: u64, state: &str, language: Language) -> String {
    let what = Text::WordRegistrarLock.get(language);
    Text::CliStateOf.fill(language, &[("what", &what), ("name", &name), ("id", &id), ("state", &state)])
}

/// Sends `change` by the one protocol, after the confirmation naming the registration and
/// the change; `also` adds lines to it.
async fn send(
    cx: &Context<'_>,
    change: Change,
    name: &str,
    words: String,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let id = change.registration().unwrap_or_default();
    let what = Text::CliDomainChange.fill(cx.language, &[("name", &name), ("id", &id), ("what", &words)]);
    let again = || reread(cx, &change, name, id);
    apply(cx, confirm, &change, None, &format!("domain {name}"), &what, again).await
}

/// Autorenew, the registrar lock or ID protection turned on or off; nothing is sent when it
/// already is (`now`, when it could be read).
async fn switch(
    cx: &Context<'_>,
    change: Change,
    now: Option<bool>,
    name: &str,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    if let Some(already) = crate::i18n::already_as_asked(&change, now, name, language) {
        return Ok(Changed { text: already + "\n", code: exit_code::SUCCESS });
    }
    let words = crate::i18n::switch_words(&change, now, language);
    send(cx, change, name, words, confirm).await
}

/// `domain renew`: the price (the registration's own yearly amount, or its TLD's price for
/// the period), how it is paid (the credit at once or an invoice: a command cannot tell
/// before, so it says both and promises no credit after), the credit now, and the expiry
/// date before and after. Once sent, the balance is read again with the registration and
/// what the portal did is said where its figures show it.
async fn renew(
    cx: &Context<'_>,
    record: &DomainRecord,
    name: &str,
    id: u64,
    years: u32,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    // An old registration that an active one of its name replaces is not paid for.
    if !record.name.trim().is_empty() && !record.status.trim().eq_ignore_ascii_case("active") {
        let of_name = cx.client.domain_records(&record.name).await?;
        if let Some(refused) = crate::i18n::preview::renewal_replaced(record, id, &of_name, language) {
            return Err(usage(Operation::DomainRenew, refused));
        }
    }
    // Billed already on an unpaid invoice: paying that invoice renews it; never twice.
    let invoices = bills(cx).await;
    if let Some(billed) = crate::plan::Billing::of(&invoices).billed(record, crate::api::models::today()) {
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("id", &id), ("why", &billed.said(language))];
        return Err(usage(Operation::DomainRenew, Text::NotSentRenewal.fill(language, &fill)));
    }
    let order = match domain_actions::priced_by_itself(record) {
        true => Vec::new(),
        false => cx.client.domain_order().await.unwrap_or_default(),
    };
    let price = domain_actions::renewal_price(record, years, &order).map(|p| p.amount);
    let before = cx.client.credit_balance().await.ok();
    let currency = match before.as_ref().map(|b| b.currency.trim()).filter(|c| !c.is_empty()) {
        Some(known) => known.to_owned(),
        None => cx.client.currency().await,
    };
    let credit = before.as_ref().and_then(Balance::available_credit);
    // A command cannot tell before how the portal takes a renewal: it says both.
    let facts =
        crate::i18n::preview::Renewal { record, years, order: &order, credit, currency: &currency, charge: None };
    let preview = crate::i18n::preview::renewal(&facts, language);
    let change = Change::DomainRenew { domain_id: id, years };
    // The registration named, then the preview's rows (the change among them), one a line.
    let what = Text::CliDomainChange.fill(language, &[("name", &name), ("id", &id), ("what", &"")]);
    let what = what.trim_end().to_owned() + &preview.text();
    let promised = crate::api::domain_actions::renewed_expiry(record, years);
    let expired_before = crate::api::models::parse_date(&record.expires);
    let again = || async {
        let mut read = reread(cx, &change, name, id).await?;
        if !cx.json {
            read.text += &renewal_outcome(cx, before.as_ref(), price).await;
            // The expiry read back against the one promised (one that did not move is a
            // renewal billed on an invoice to pay).
            if let (Some(before), Some(expires)) = (expired_before, promised) {
                let now = cx.client.domain_details(id).await.ok().map(|d| Data::DomainDetails(Box::new(d)));
                let promise = crate::i18n::preview::RenewalPromise { domain_id: id, before, expires };
                read.differs = promise.not_as_promised(&[now], language);
            }
        }
        Ok(read)
    };
    apply(cx, confirm, &change, None, &format!("domain {name}"), &what, again).await
}

/// The balance read again after a renewal, and what the portal did where its figures show
/// it (the credit down by the price, or what is owed up by it); nothing when it cannot be
/// read.
async fn renewal_outcome(cx: &Context<'_>, before: Option<&Balance>, price: Option<Money>) -> String {
    let language = cx.language;
    let Ok(after) = cx.client.credit_balance().await else { return String::new() };
    let mut text = report::balance(&after, language);
    let money = |m: Option<Money>| m.map_or_else(|| "—".to_owned(), |m| format::money_in(m, &after.currency, language));
    let charge = before.zip(price).and_then(|(before, price)| RenewalCharge::landed(before, &after, price));
    let said =
        match (charge, before) {
            (Some(RenewalCharge::Credit), Some(before)) => Text::CliRenewCharged
                .fill(language, &[("before", &money(before.credit)), ("after", &money(after.credit))]),
            (Some(RenewalCharge::Invoice), Some(before)) => Text::CliRenewInvoiced
                .fill(language, &[("before", &money(before.unpaid)), ("after", &money(after.unpaid))]),
            _ => return text,
        };
    text += &format!("{said}\n");
    text
}

/// The nameservers as the portal has them: its nameserver route, or the registration's
/// details where the portal has no such route.
pub(super) async fn current_nameservers(
    cx: &Context<'_>,
    record: &DomainRecord,
    id: u64,
) -> Result<(Vec<String>, bool), ApiError> {
    match cx.client.nameservers(id).await {
        Ok(names) => Ok((names.iter().map(ToString::to_string).collect(), false)),
        Err(e) if e.not_offered() => Ok((record.nameservers.iter().map(ToString::to_string).collect(), true)),
        Err(e) => Err(e),
    }
}

async fn show_nameservers(cx: &Context<'_>, record: &DomainRecord, name: &str, id: u64) -> Result<Changed, ApiError> {
    if cx.json {
        let text = json_text(&cx.client.as_sent(&Query::Nameservers(id)).await?);
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let language = cx.language;
    let (names, from_details) = current_nameservers(cx, record, id).await?;
    let mut text = Text::CliNameserversOf.fill(language, &[("name", &name), ("id", &id)]) + "\n";
    if from_details {
        text += &format!("  {}\n", Text::CliNameserversFromDetails.get(language));
    }
    if names.is_empty() {
        text += &format!("  {}\n", Text::CliNoneListed.get(language));
    }
    text += &names.iter().map(|n| format!("  {n}\n")).collect::<String>();
    Ok(Changed { text, code: exit_code::SUCCESS })
}

async fn set_nameservers(
    cx: &Context<'_>,
    record: &DomainRecord,
    name: &str,
    id: u64,
    wanted: Vec<String>,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    let now = current_nameservers(cx, record, id).await.map(|(names, _)| names).ok();
    if let Some(now) = now.as_ref().filter(|now| !wanted.is_empty() && domain_actions::same_nameservers(now, &wanted)) {
        let names = now.join(", ");
        let text = Text::CliNameserversAlready.fill(language, &[("name", &name), ("names", &names)]);
        return Ok(Changed { text: text + "\n", code: exit_code::SUCCESS });
    }
    let words = crate::i18n::nameserver_change_words(now.as_deref(), &wanted, language);
    send(cx, Change::DomainNameservers { domain_id: id, nameservers: wanted }, name, words, confirm).await
}

async fn show_lock(cx: &Context<'_>, name: &str, id: u64) -> Result<Changed, ApiError> {
    if cx.json {
        let text = json_text(&cx.client.as_sent(&Query::RegistrarLock(id)).await?);
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let state = on_off(cx.client.registrar_lock(id).await?, cx.language);
    Ok(Changed { text: lock_line(name, id, state, cx.language) + "\n", code: exit_code::SUCCESS })
}

/// `domain epp`: the one place the transfer code is printed.
async fn transfer_code(cx: &Context<'_>, name: &str, id: u64) -> Result<Changed, ApiError> {
    if cx.json {
        let text = json_text(&cx.client.as_sent(&Query::TransferCode(id)).await?);
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let code = cx.client.transfer_code(id).await?;
    let fill: [(&str, &dyn std::fmt::Display); 3] =
        [("name", &name), ("id", &id), ("code", &code.code.expose_secret())];
    Ok(Changed { text: Text::CliTransferCode.fill(cx.language, &fill) + "\n", code: exit_code::SUCCESS })
}

/// `domain check`: whether the name is free (exit 0) or not (exit 1), and its prices: from
/// the answer, or from the portal's prices for its TLD.
async fn check(cx: &Context<'_>, name: &str) -> Result<Changed, ApiError> {
    let language = cx.language;
    let name = crate::i18n::domain_name(name, language).unwrap_or_else(|_| name.trim().to_owned());
    // Refused before anything is sent, as the dashboard refuses it.
    if domain_actions::lookup_name(&name).is_none() {
        return Err(usage(Operation::DomainLookup, Text::AvailNotAName.fill(language, &[("name", &name)])));
    }
    // A name below a registrable one (`www.example.vn`) may be a host of the account's own.
    let suffix_labels = domain_actions::price_suffix(&[], &name).split('.').count();
    if name.trim_end_matches('.').split('.').count() > suffix_labels + 1 {
        let own = cx.client.domains().await.unwrap_or_default();
        if let Some(domain) = domain_actions::host_under(&name, own.iter().map(|r| r.name.as_str())) {
            let said = Text::AvailHostUnder.fill(language, &[("name", &name), ("domain", &domain)]);
            return Err(usage(Operation::DomainLookup, said));
        }
    }
    if cx.json {
        let answer = cx.client.lookup_as_sent(&name).await?;
        let free = crate::api::models::Availability::from_answer(&name, &answer).is_ok_and(|a| a.available);
        return Ok(Changed {
            text: json_text(&answer),
            code: if free { exit_code::SUCCESS } else { exit_code::FLAGGED },
        });
    }
    let found = cx.client.lookup(&name).await?;
    let said = if found.available { Text::CliAvailable } else { Text::CliTaken };
    let mut text = said.fill(language, &[("name", &name)]) + "\n";
    if found.premium {
        text += &format!("{}\n", Text::CliPremium.get(language));
    }
    let order = match found.periods.is_empty() {
        true => cx.client.domain_order().await.unwrap_or_default(),
        false => Vec::new(),
    };
    let periods = domain_actions::lookup_prices(&found, &order);
    let suffix = format!(".{}", domain_actions::price_suffix(&order, &name));
    text += &Text::CliPricesOf.fill(language, &[("name", &suffix)]);
    text += "\n";
    text += &match periods.is_empty() {
        true => format!("  {}\n", Text::CliNoPrices.get(language)),
        false => report::prices(periods, &cx.client.currency().await, language),
    };
    let code = if found.available { exit_code::SUCCESS } else { exit_code::FLAGGED };
    Ok(Changed { text, code })
}

/// The invoices, every unpaid one that may bill a renewal read whole (`api::bills`), for
/// `plan::Billing` before a renewal is sent; none when the list cannot be read (then a
/// registration's own `next_invoice` still tells).
async fn bills(cx: &Context<'_>) -> Vec<crate::api::models::Invoice> {
    let read = cx.client.invoices_with_items(crate::api::models::today(), usize::MAX).await;
    read.map(|w| w.invoices).unwrap_or_default()
}
