//! What an invoice paid whole does in the demo portal beyond the credit, as HostBill does:
//! a renewal billed on an invoice of its own (`renewals-invoiced`) moves the registration's
//! expiry then, and what an order made (`buying`) becomes active, a registration with its
//! expiry its period on, a service with its next due date a cycle on. (A seeded service's
//! next due date is moved by `billing` itself.)

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};

use super::PortalState;
use super::billing::text;
use super::data::DemoAccount;

/// `POST /invoice/@id/credit` (`billing::pay`), and what the invoice bills settled when that
/// paid it whole.
pub(super) fn pay(state: State<Arc<PortalState>>, headers: HeaderMap, id: Path<String>, body: Bytes) -> Response {
    let account = super::reply::beyond_seed(&state, &headers).ok();
    let standing = |state: &PortalState| {
        account.and_then(|a| super::billing::invoice(state, a, id.trim())).map(|i| text(&i["status"]))
    };
    let was = standing(&state);
    let answer = super::billing::pay(State(state.0.clone()), headers, Path(id.0.clone()), body);
    if let (Some(account), Some(was)) = (account, was) {
        if was.eq_ignore_ascii_case("unpaid") && standing(&state).is_some_and(|now| now.eq_ignore_ascii_case("paid")) {
            paid(&state, account, id.trim());
        }
    }
    answer
}

/// Invoice `invoice_id` of `account` was paid whole.
fn paid(state: &PortalState, account: &DemoAccount, invoice_id: &str) {
    let renewal = super::kept::lock(state).billing.renewal_of.remove(&(account.host.clone(), invoice_id.to_owned()));
    if let Some((domain_id, years)) = renewal {
        if let Some(seeded) = account.domain_by_id(&domain_id) {
            let mut record = super::domain_actions::current(state, &account.host, seeded);
            if super::domain_actions::renewed(&mut record, years).is_some() {
                super::domain_actions::keep(state, &account.host, record);
            }
        }
        return;
    }
    let billed: Vec<(String, String)> = super::billing::invoice(state, account, invoice_id)
        .and_then(|i| i["items"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|item| (text(&item["type"]).to_ascii_lowercase(), text(&item["item_id"])))
        .collect();
    let today = state.today;
    let mut writes = super::kept::lock(state);
    let bought = &mut writes.buying;
    for (kind, id) in billed {
        let made = match kind.as_str() {
            "domain" => bought.domains.get_mut(&account.host),
            "hosting" => bought.services.get_mut(&account.host),
            _ => None,
        };
        let Some(item) = made.into_iter().flatten().find(|m| text(&m["id"]) == id) else { continue };
        if !text(&item["status"]).eq_ignore_ascii_case("pending") {
            continue;
        }
        item["status"] = json!("Active");
        if kind == "domain" {
            let years = text(&item["period"]).parse::<u32>().unwrap_or(1);
            if let Some(until) = crate::api::models::years_after(today, years) {
                let date = date(until);
                item["expires"] = json!(date);
                item["next_due"] = json!(date);
            }
        } else {
            item["next_due"] = json!(date(cycle_on(today, &item["billingcycle"])));
        }
    }
}

/// `day` a billing cycle on (named as the demo lists it: `Monthly`, `Annually`…).
fn cycle_on(day: time::Date, cycle: &Value) -> time::Date {
    let months: u32 = match text(cycle).to_ascii_lowercase().as_str() {
        "quarterly" => 3,
        "semi-annually" => 6,
        "annually" => 12,
        "biennially" => 24,
        "triennially" => 36,
        _ => 1,
    };
    let total = day.year() * 12 + (day.month() as i32 - 1) + months as i32;
    let (year, month) =
        (total.div_euclid(12), time::Month::try_from((total.rem_euclid(12) + 1) as u8).unwrap_or(day.month()));
    let mut on = day.day();
    loop {
        if let Ok(d) = time::Date::from_calendar_date(year, month, on) {
            return d;
        }
        on -= 1;
    }
}

fn date(d: time::Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month() as u8, d.day())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_cycle_on_keeps_the_day_or_the_months_last() {
        assert_eq!(cycle_on(date!(2026 - 12 - 02), &json!("Monthly")), date!(2027 - 01 - 02));
        assert_eq!(cycle_on(date!(2026 - 01 - 31), &json!("Monthly")), date!(2026 - 02 - 28));
        assert_eq!(cycle_on(date!(2026 - 12 - 02), &json!("Annually")), date!(2027 - 12 - 02));
        assert_eq!(cycle_on(date!(2026 - 11 - 30), &json!("Quarterly")), date!(2027 - 02 - 28));
    }
}
