//! The marked registrations renewed together (`R` on the list while some are marked): the
//! years asked once, one confirmation naming every one with its price and new expiry, the
//! total, the credit before and after (or what it leaves short) and those it does not
//! cover; then each renewal sent on its own, one at a time, by the change protocol (the
//! profile's batch, `app::changes`). What was done loses its mark (`renewal_changed`).

use super::{DomainsView, Req, texts};
use crate::api::domain_actions;
use crate::api::models::{Balance, DomainRecord};
use crate::api::spending::Spending;
use crate::api::{Operation, Query};
use crate::app::PromptKind;
use crate::app::confirmation::{Confirmation, Queued};
use crate::app::screens::Cx;
use crate::i18n::{Text, format, preview};

/// A marked registration left out of a renewal: its name, and why in words.
type NotSent = (String, String);

impl DomainsView {
    /// The marked registrations that are active, with their ids: the ones a renewal of the
    /// marked is made to.
    fn marked_active(&self) -> Vec<(&DomainRecord, u64)> {
        let active = |r: &&DomainRecord| r.status.trim().eq_ignore_ascii_case("active");
        self.marked().filter(active).filter_map(|r| Some((r, r.id.trim().parse().ok()?))).collect()
    }

    /// The marked registrations split in one pass: those a renewal is sent for (active, with
    /// an id, not billed on an unpaid invoice already: `crate::plan::Billing`), soonest
    /// expiry first, and those it leaves out, each named with why in words.
    fn marked_split(&self, cx: &Cx) -> (Vec<(&DomainRecord, u64)>, Vec<NotSent>) {
        let invoices = self.bills(cx);
        let billing = crate::plan::Billing::of(&invoices);
        let language = cx.language;
        let (mut sent, mut left_out) = (Vec::new(), Vec::new());
        // A name marked twice (an expired registration beside its active one) is told apart
        // by its id where it is left out.
        let mut names: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        self.marked().for_each(|r| *names.entry(crate::api::models::name_key(&r.name)).or_default() += 1);
        for record in self.marked() {
            let why = match record.status.trim().eq_ignore_ascii_case("active") {
                false => Some(Text::NotSentNotActive.fill(language, &[("status", &crate::i18n::status(&record.status, language))])),
                true => billing.billed(record, cx.today).map(|billed| billed.said(language)),
            };
            match (why, record.id.trim().parse::<u64>()) {
                (Some(why), _) => {
                    let name = match names.get(&crate::api::models::name_key(&record.name)) {
                        Some(2..) => format!("{} (#{})", record.name.trim(), record.id.trim()),
                        _ => record.name.trim().to_owned(),
                    };
                    left_out.push((name, why));
                }
                (None, Ok(id)) => sent.push((record, id)),
                (None, Err(_)) => {}
            }
        }
        // Soonest expiry first: the credit goes to what expires first.
        sent.sort_by_cached_key(|(record, id)| {
            let expires = crate::api::models::parse_date(&record.expires).unwrap_or(time::Date::MAX);
            (expires, crate::api::models::name_key(&record.name), *id)
        });
        (sent, left_out)
    }

    /// `R` on the list with nothing marked: how to renew.
    pub(super) fn say_how_to_renew(&self, cx: &mut Cx) {
        use crate::config::keys::{Action, Context};
        let label = |action| cx.keymap.label(Context::Domains, action);
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("open", &label(Action::Open)), ("mark", &label(Action::Mark)), ("key", &label(Action::Renew))];
        cx.say(texts::RenewHowTo.fill(cx.language, &fill));
    }

    /// `R` on the list with registrations marked: how many years, asked once for them all.
    pub(super) fn ask_renew_marked(&mut self, cx: &mut Cx) {
        if !cx.offers(Operation::DomainRenew) {
            return cx.say(crate::i18n::not_offered(Operation::DomainRenew, cx.language));
        }
        if self.marked_active().is_empty() {
            return cx.say(texts::RenewMarkedNoneActive.get(cx.language).to_owned());
        }
        if self.bills_unread(super::bills::Then::Marked, cx) {
            return;
        }
        let (sent, left_out) = self.marked_split(cx);
        if let Some((name, why)) = left_out.first().filter(|_| sent.is_empty()) {
            return cx.say(format!("{name}: {why}"));
        }
        cx.prompt(PromptKind::RenewYears, "1");
    }

    /// The years typed: every marked active registration's renewal in one confirmation,
    /// once the prices by TLD are read where a registration is not priced by itself.
    pub(super) fn renew_marked(&mut self, years: u32, cx: &mut Cx) {
        let (chosen, not_sent) = self.marked_split(cx);
        let priced = chosen.iter().all(|(r, _)| domain_actions::priced_by_itself(r)) || self.settings.order.is_some();
        if !priced && cx.offers(Operation::DomainOrder) {
            self.settings.renew_marked = Some(years);
            return cx.fetch(Req::Order, Query::DomainOrder);
        }
        let language = cx.language;
        let order = self.settings.order.as_deref().unwrap_or_default();
        let charge = self.settings.renewal_charge(cx.others.account.balance.as_ref());
        let balance = cx.others.account.credit_balance(cx.offers(Operation::Balance));
        let currency = match balance.as_ref().map(|b| b.currency.trim()).filter(|c| !c.is_empty()) {
            Some(currency) => currency.to_owned(),
            None => cx.others.account.currency().to_owned(),
        };
        let credit = balance.as_ref().and_then(Balance::available_credit);
        let items = chosen.iter().map(|(record, id)| {
            let price = domain_actions::renewal_price(record, years, order).map(|p| p.amount);
            let confirmation = super::settings::renewal(record, *id, years, order, charge, cx);
            ((*record, Queued { confirmation, name: record.name.trim().to_owned() }), price, String::new())
        });
        let plan = Spending::plan(items, credit, &currency);
        let mut rows = cx.who();
        let registrations = format::counted(plan.items.len(), format::REGISTRATIONS, language);
        let years_said = format::counted(years as usize, format::YEARS, language);
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("registrations", &registrations), ("years", &years_said)];
        rows.push((Text::LabelChange.get(language).to_owned(), texts::RenewMarkedChange.fill(language, &fill)));
        for spent in &plan.items {
            let (record, _) = &spent.item;
            let now = domain_actions::renewed_expiry(record, years)
                .map_or_else(|| "—".to_owned(), |d| format::date(&d.to_string(), language));
            let price = preview::amount_or_unknown(spent.price, &currency, language);
            let mut line = texts::RenewMarkedItem.fill(language, &[("price", &price), ("expires", &now)]);
            if !spent.covered {
                line += &format!(" — {}", preview::BeyondShort.get(language));
            }
            rows.push((record.name.trim().to_owned(), line));
        }
        if plan.items.iter().any(|spent| !spent.covered) {
            rows.push((preview::BeyondShort.get(language).to_owned(), preview::BeyondRenewalWhy.get(language).to_owned()));
        }
        rows.extend(crate::app::confirmation::not_sent_rows(not_sent, language));
        rows.push((Text::LabelTotal.get(language).to_owned(), preview::totals(&plan, &currency, language)));
        rows.push((Text::LabelCredit.get(language).to_owned(), preview::credit_after(&plan, &currency, language)));
        let queued: Vec<Queued> = plan.items.into_iter().map(|spent| spent.item.1).collect();
        let Some(first) = queued.first() else { return cx.unchanged() };
        let request = first.confirmation.change.describe();
        let more = match queued.len() {
            1 => texts::RenewMarkedRequestOne.get(language).to_owned(),
            n => texts::RenewMarkedRequests.fill(language, &[("count", &n)]),
        };
        rows.push((Text::LabelRequest.get(language).to_owned(), format!("{request} · {more}")));
        let confirmation = Confirmation {
            title: texts::ConfirmRenewMarkedTitle,
            rows,
            promise: None,
            batch: queued.clone(),
            ..first.confirmation.clone()
        };
        cx.confirm(confirmation);
    }
}
