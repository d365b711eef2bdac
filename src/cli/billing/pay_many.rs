//! `invoice pay ID ID…` and `invoice pay --all-due`: several invoices paid from the credit
//! in one command, soonest due first. Without `--yes` the plan is printed (each invoice,
//! what it still asks, the total, the credit now and after, and from which invoice on the
//! credit no longer covers them) and nothing is sent; with it they are paid one at a time
//! (`cli::batch`), each checked against the invoice and the credit read just before it, as
//! one payment is: what the credit left cannot pay is not sent.

use crate::api::models::{Balance, Invoice, Standing, parse_date};
use crate::api::spending::Spending;
use crate::api::{ApiError, Money, plan_payment};
use crate::cli::asking::ConfirmArgs;
use crate::cli::batch::{Batch, Item};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context};
use crate::i18n::{format, preview};

crate::words! {
    PayManyNone: "nothing to pay: no invoice is unpaid" | "không có gì để trả: không có hóa đơn nào chưa thanh toán",
    PayManyHeading: "{who}: pay {invoices} from the credit" | "{who}: trả {invoices} bằng số dư",
    PayManyItem: "pay invoice {number} (#{id})" | "trả hóa đơn {number} (#{id})",
    PayManySendHint: "nothing was sent: add --yes to pay them one at a time" | "chưa gửi gì: thêm --yes để trả từng hóa đơn một",
}

pub async fn run(cx: &Context<'_>, ids: &[u64], all_due: bool, confirm: ConfirmArgs) -> Result<Changed, ApiError> {
    let language = cx.language;
    let mut invoices: Vec<(u64, Invoice)> = Vec::new();
    if all_due {
        for invoice in cx.client.invoices().await? {
            if invoice.standing() == Standing::Unpaid {
                if let Ok(id) = invoice.id.trim().parse::<u64>() {
                    invoices.push((id, invoice));
                }
            }
        }
        invoices.sort_by_key(|(_, i)| parse_date(i.due()));
    } else {
        for id in ids {
            invoices.push((*id, cx.client.invoice(*id).await?));
        }
    }
    invoices.dedup_by_key(|(id, _)| *id);
    if invoices.is_empty() {
        return Ok(Changed { text: PayManyNone.get(language).to_owned() + "\n", code: exit_code::SUCCESS });
    }
    let balance = cx.client.credit_balance().await?;
    let item = |id: u64, invoice: &Invoice| {
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("number", &invoice.label()), ("id", &id)];
        let change = crate::api::Change::InvoicePay { invoice_id: id, amount: None };
        Item { change, subject: format!("invoice #{id}"), what: PayManyItem.fill(language, &fill) }
    };
    if !confirm.yes || confirm.dry_run {
        return Ok(Changed { text: plan_text(cx, &invoices, &balance), code: exit_code::SUCCESS });
    }
    let mut batch = Batch::new(cx, invoices.len());
    for (id, listed) in &invoices {
        // The invoice and the credit as they are now: the payments before it moved them.
        let read = async { Ok::<_, ApiError>((cx.client.invoice(*id).await?, cx.client.credit_balance().await?)) };
        let (invoice, balance) = match read.await {
            Ok(read) => read,
            Err(e) => {
                batch.skipped(&item(*id, listed), &crate::i18n::api_error(&e, language));
                continue;
            }
        };
        match plan_payment(*id, &invoice, &balance, None) {
            Ok(payment) => {
                let item = Item { change: payment.change(), ..item(*id, &invoice) };
                batch.send(&item).await;
            }
            Err(refusal) => {
                let currency = crate::api::payment_currency(&invoice, &balance);
                let why = crate::i18n::pay_refusal(&refusal, *id, currency, language);
                batch.skipped(&item(*id, &invoice), &why);
            }
        }
    }
    Ok(batch.finish())
}

/// The plan: each invoice and what it still asks, the total, the credit now and after.
fn plan_text(cx: &Context<'_>, invoices: &[(u64, Invoice)], balance: &Balance) -> String {
    let language = cx.language;
    let currency = balance.currency.trim();
    let money = |m: Option<Money>| preview::amount_or_unknown(m, currency, language);
    let counted = crate::i18n::format::counted(invoices.len(), crate::i18n::format::INVOICES, language);
    let fill: [(&str, &dyn std::fmt::Display); 2] = [("who", &cx.who()), ("invoices", &counted)];
    let mut text = PayManyHeading.fill(language, &fill) + "\n";
    let width = invoices.iter().map(|(_, i)| i.label().chars().count()).max().unwrap_or(0);
    // Every amount is taken as the credit's currency, as the payment is.
    let due = invoices.iter().map(|(id, invoice)| ((*id, invoice), invoice.still_due(), String::new()));
    let plan = Spending::plan(due, balance.available_credit(), currency);
    for p in &plan.items {
        let (id, invoice) = p.item;
        let beyond = if p.covered { String::new() } else { format!("  {}", preview::beyond(false, language)) };
        let date = format::date(invoice.due(), language);
        text += &format!("  {:width$}  #{id:<7} {date}  {:>16}{beyond}\n", invoice.label(), money(p.price));
    }
    text += &preview::totals_line(&plan, currency, language);
    text.push('\n');
    text += PayManySendHint.get(language);
    text.push('\n');
    text
}
