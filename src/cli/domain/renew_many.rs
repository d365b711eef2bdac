//! `domain renew NAME NAME…` and `domain renew --expiring-within DAYS`: several
//! registrations renewed in one command. Without `--yes` the plan is printed (each
//! registration, its expiry before and after, its price; the total, the credit now and
//! after, and from which item on the credit no longer covers them) and nothing is sent;
//! with it they are renewed one at a time (`cli::batch`).

use super::find;
use crate::api::dns::registration;
use crate::api::domain_actions;
use crate::api::models::{Balance, DomainRecord, parse_date, today};
use crate::api::spending::Spending;
use crate::api::{ApiError, Change, Language, Money, Operation};
use crate::cli::asking::ConfirmArgs;
use crate::cli::batch::{Batch, Item};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, usage};
use crate::i18n::{format, preview};

crate::words! {
    RenewManyNone: "nothing to renew: no active registration expires within {days} days" | "không có gì để gia hạn: không có đăng ký nào còn hiệu lực hết hạn trong {days} ngày",
    RenewManyHeading: "{who}: renew {registrations} for {years}" | "{who}: gia hạn {registrations}, mỗi đăng ký {years}",
    RenewManyItem: "renew {name} (#{id}) for {years} year(s)" | "gia hạn {name} (#{id}) {years} năm",
    RenewManySendHint: "nothing was sent: add --yes to renew them one at a time" | "chưa gửi gì: thêm --yes để gia hạn từng đăng ký một",
    RenewManyNotActive: "{name} (#{id}) is {status}, not active: renew it on its own (domain renew {id})" | "{name} (#{id}) đang ở trạng thái {status}, không còn hiệu lực: hãy gia hạn riêng (domain renew {id})",
}

/// The registrations to renew, each with its id, priced against the credit.
type Planned = Spending<(DomainRecord, u64)>;

pub async fn run(
    cx: &Context<'_>,
    targets: &[String],
    within: Option<i64>,
    years: u32,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    let op = Operation::DomainRenew;
    let mut chosen: Vec<(DomainRecord, u64)> = Vec::new();
    match within {
        Some(days) => {
            let until = today() + time::Duration::days(days);
            for record in cx.client.domains().await? {
                let active = record.status.trim().eq_ignore_ascii_case("active");
                if active && parse_date(&record.expires).is_some_and(|d| d <= until) {
                    let id = registration::id(&record)?;
                    chosen.push((record, id));
                }
            }
            chosen.sort_by_key(|(r, _)| parse_date(&r.expires));
            if chosen.is_empty() {
                let text = RenewManyNone.fill(language, &[("days", &days)]) + "\n";
                return Ok(Changed { text, code: exit_code::SUCCESS });
            }
        }
        None => {
            for target in targets {
                let (record, id) = find(cx.client, target, op, language).await?;
                if !record.status.trim().eq_ignore_ascii_case("active") {
                    let fill: [(&str, &dyn std::fmt::Display); 3] =
                        [("name", &record.name), ("id", &id), ("status", &record.status)];
                    return Err(usage(op, RenewManyNotActive.fill(language, &fill)));
                }
                chosen.push((record, id));
            }
        }
    }
    chosen.dedup_by_key(|(_, id)| *id);
    // What is billed on an unpaid invoice already is listed as not sent, and never sent.
    let invoices = super::bills(cx).await;
    let mut not_sent = String::new();
    let billing = crate::plan::Billing::of(&invoices);
    chosen.retain(|(record, id)| match billing.billed(record, today()) {
        Some(billed) => {
            not_sent += &not_sent_line(cx, record, *id, years, &billed.said(language));
            false
        }
        None => true,
    });
    if chosen.is_empty() {
        let text = match cx.json {
            true => not_sent,
            false => format!("{}:\n{not_sent}", crate::i18n::Text::LabelNotSent.get(language)),
        };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let order = match chosen.iter().all(|(r, _)| domain_actions::priced_by_itself(r)) {
        true => Vec::new(),
        false => cx.client.domain_order().await.unwrap_or_default(),
    };
    let balance = cx.client.credit_balance().await.ok();
    let currency = match balance.as_ref().map(|b| b.currency.trim()).filter(|c| !c.is_empty()) {
        Some(known) => known.to_owned(),
        None => cx.client.currency().await,
    };
    let credit = balance.as_ref().and_then(Balance::available_credit);
    let priced = chosen.into_iter().map(|(record, id)| {
        let price = domain_actions::renewal_price(&record, years, &order).map(|p| p.amount);
        ((record, id), price, String::new())
    });
    let planned: Planned = Spending::plan(priced, credit, &currency);
    let items: Vec<Item> = planned
        .items
        .iter()
        .map(|p| {
            let (record, id) = &p.item;
            let name = record.name.trim().to_owned();
            let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("id", id), ("years", &years)];
            Item {
                change: Change::DomainRenew { domain_id: *id, years },
                subject: format!("domain {name}"),
                what: RenewManyItem.fill(language, &fill),
            }
        })
        .collect();
    if !confirm.yes || confirm.dry_run {
        let text = plan_text(cx, &planned, years, &currency, &not_sent);
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let mut batch = Batch::new(cx, items.len());
    for item in &items {
        batch.send(item).await;
    }
    let done = batch.finish();
    Ok(Changed { text: not_sent + &done.text, code: done.code })
}

/// A registration left out (its renewal billed on an unpaid invoice already): a line of
/// the list of those not sent, or with `--json` an object as the batch's are.
fn not_sent_line(cx: &Context<'_>, record: &DomainRecord, id: u64, years: u32, why: &str) -> String {
    let name = record.name.trim();
    if cx.json {
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("id", &id), ("years", &years)];
        let value = serde_json::json!({
            "what": RenewManyItem.fill(cx.language, &fill),
            "request": Change::DomainRenew { domain_id: id, years }.request().to_json(),
            "outcome": "not_sent", "sent": false, "error": why,
        });
        return format!("{value}\n");
    }
    let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("id", &id), ("why", &why)];
    format!("  {}\n", crate::i18n::Text::NotSentRenewal.fill(cx.language, &fill))
}

/// The plan with `--json`: an object a line for each registration (`planned`, with its
/// price, its expiry before and after, whether the credit covers it), those not sent, then
/// the sums (`total` per currency, the credit now and after or what it leaves short).
fn plan_json(planned: &Planned, years: u32, currency: &str, not_sent: &str, language: Language) -> String {
    let mut text = String::new();
    for p in &planned.items {
        let (record, id) = &p.item;
        let renewed = domain_actions::renewed_expiry(record, years).map(|d| d.to_string());
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &record.name.trim()), ("id", id), ("years", &years)];
        let value = serde_json::json!({
            "what": RenewManyItem.fill(language, &fill),
            "request": Change::DomainRenew { domain_id: *id, years }.request().to_json(),
            "outcome": "planned", "sent": false, "name": record.name.trim(), "id": id,
            "expires": record.expires.trim(), "renewed_to": renewed,
            "price": p.price.map(|m| m.to_string()), "currency": currency, "covered": p.covered,
        });
        text += &format!("{value}\n");
    }
    text += not_sent;
    let totals: Vec<serde_json::Value> = planned
        .totals
        .iter()
        .map(|(own, amount)| {
            let own = if own.is_empty() { currency } else { own.as_str() };
            serde_json::json!({ "currency": own, "amount": amount.map(|m| m.to_string()) })
        })
        .collect();
    let (after, short) = match planned.after {
        Some(Ok(after)) => (Some(after.to_string()), None),
        Some(Err(short)) => (None, Some(short.to_string())),
        None => (None, None),
    };
    let value = serde_json::json!({
        "total": totals, "credit": planned.credit.map(|m| m.to_string()), "credit_after": after,
        "short": short, "sent": false,
    });
    text + &format!("{value}\n")
}

/// The plan: each registration, the total, the credit now and after; then those not sent
/// and why.
fn plan_text(cx: &Context<'_>, planned: &Planned, years: u32, currency: &str, not_sent: &str) -> String {
    let language = cx.language;
    if cx.json {
        return plan_json(planned, years, currency, not_sent, language);
    }
    let money = |m: Option<Money>| preview::amount_or_unknown(m, currency, language);
    let count = planned.items.len();
    let registrations = crate::i18n::format::counted(count, crate::i18n::format::REGISTRATIONS, language);
    let years_said = crate::i18n::format::counted(years as usize, crate::i18n::format::YEARS, language);
    let fill: [(&str, &dyn std::fmt::Display); 3] =
        [("who", &cx.who()), ("registrations", &registrations), ("years", &years_said)];
    let mut text = RenewManyHeading.fill(language, &fill) + "\n";
    let width = planned.items.iter().map(|p| p.item.0.name.chars().count()).max().unwrap_or(0);
    for p in &planned.items {
        let (record, id) = &p.item;
        let was = format::date(&record.expires, language);
        let now = domain_actions::renewed_expiry(record, years)
            .map_or_else(|| "—".to_owned(), |d| format::date(&d.to_string(), language));
        let beyond = if p.covered { String::new() } else { format!("  {}", preview::beyond(true, language)) };
        text += &format!("  {:width$}  #{:<6} {was} → {now}  {:>16}{beyond}\n", record.name.trim(), id, money(p.price));
    }
    text += &preview::totals_line(planned, currency, language);
    text.push('\n');
    if !not_sent.is_empty() {
        text += &format!("{}:\n{not_sent}", crate::i18n::Text::LabelNotSent.get(language));
    }
    text += RenewManySendHint.get(language);
    text.push('\n');
    text
}
