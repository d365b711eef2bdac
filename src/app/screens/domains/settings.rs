//! A registration's settings on its detail: the registrar lock and the nameservers read
//! beside the details, renewing (`R`, for some years, priced), autorenew, the registrar
//! lock and ID protection turned on or off (`A`, `K`, `I`), the nameservers (`S`), each
//! confirmed with what is sent and read again after; the transfer code (`E`) shown on
//! request only and copied with `y`, hidden again when the detail closes.

use crate::app::screens::domains::texts;
use std::collections::HashMap;

use compact_str::CompactString;
use secrecy::{ExposeSecret, SecretString};

use super::{DomainsView, Req};
use crate::api::domain_actions::{self, RenewalCharge};
use crate::api::models::{Balance, DomainRecord, RegistrarLock, TldPrices, TransferCode};
use crate::api::{ApiError, Change, Money, Operation, Query};
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::app::{PromptKind, Screen};
use crate::config::keys::Action;
use crate::i18n::{self, Text};

/// What the open registrations' settings were read as, beside their details.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The registrar lock by registration id: on or off, or why it could not be read.
    pub locks: HashMap<u64, Result<bool, String>>,
    /// The nameservers by registration id, from the portal's nameserver route.
    pub nameservers: HashMap<u64, Vec<CompactString>>,
    /// The portal's prices by TLD, read once when a renewal needs them.
    pub order: Option<Vec<TldPrices>>,
    /// A renewal (registration id, years) waiting for the prices to be read.
    pub renewal: Option<(u64, u32)>,
    /// A renewal of the marked registrations (for these years) waiting for the prices.
    pub renew_marked: Option<u32>,
    /// The unpaid invoices read whole, to know what they bill before a renewal is asked.
    pub bills: super::bills::Bills,
    /// The transfer code shown, and whose: only after its key, until the detail closes.
    pub transfer_code: Option<(u64, SecretString)>,
    /// How this portal takes a renewal's price, once what came of one said it.
    pub renewals: Option<RenewalCharge>,
    /// The last renewal that landed: the balance before it and its price, until the
    /// balance read again after it tells how the portal took it.
    pub landed: Option<(Balance, Money)>,
    /// A nameserver change put up: the registration and the nameservers it had then.
    pub ns_before: Option<(u64, Vec<String>)>,
    /// The nameservers a registration had before `S` moved it this run, by registration id:
    /// those that served its records kept at the registrar.
    pub served_by: HashMap<u64, Vec<String>>,
}

impl Settings {
    /// How this portal takes a renewal's price, as far as what came of the last ones says:
    /// a refusal for want of credit, or the balance `now` against the one before the last
    /// renewal that landed.
    pub fn renewal_charge(&self, now: Option<&Balance>) -> Option<RenewalCharge> {
        self.renewals.or_else(|| {
            let (before, price) = self.landed.as_ref()?;
            RenewalCharge::landed(before, now?, *price)
        })
    }
}

/// Reads what the detail shows beside the details: the registrar lock and the nameservers,
/// where the portal offers them.
pub(super) fn fetch_settings(id: u64, cx: &mut Cx) {
    if cx.offers(Operation::RegistrarLock) {
        cx.fetch(Req::Lock(id), Query::RegistrarLock(id));
    }
    if cx.offers(Operation::Nameservers) {
        cx.fetch(Req::Nameservers(id), Query::Nameservers(id));
    }
}

impl DomainsView {
    /// The open registration and its id, when a change can name it.
    pub(super) fn open_registration(&self) -> Option<(u64, &DomainRecord)> {
        let record = self.detail_record().filter(|r| r.unreadable.is_none())?;
        Some((record.id.trim().parse().ok()?, record))
    }

    /// Where `record`'s registrar records are not served now: its nameservers moved this run
    /// (`S`) to others that share none with those it had (`Settings::served_by`); then
    /// those nameservers, and the ones that served the records.
    pub fn records_not_served(&self, record: &DomainRecord) -> Option<(Vec<String>, &[String])> {
        let id = record.id.trim().parse::<u64>().ok()?;
        let before = self.settings.served_by.get(&id)?;
        if !matches!(self.dns_source(record), Some(crate::api::DnsSource::Registrar(_))) {
            return None;
        }
        let key = |n: &String| n.trim().trim_end_matches('.').to_lowercase();
        let now = self.shown_nameservers(record);
        let shared = now.iter().any(|n| before.iter().any(|b| key(b) == key(n)));
        (!shared && !now.is_empty()).then_some((now, before.as_slice()))
    }

    /// The nameservers the detail shows: as the nameserver route said, else the details.
    pub fn shown_nameservers(&self, record: &DomainRecord) -> Vec<String> {
        let read = record.id.trim().parse::<u64>().ok().and_then(|id| self.settings.nameservers.get(&id));
        read.unwrap_or(&record.nameservers).iter().map(ToString::to_string).collect()
    }

    /// The transfer code, when it is shown for the open registration.
    pub fn transfer_code_shown(&self) -> Option<&SecretString> {
        let (id, _) = self.open_registration()?;
        self.settings.transfer_code.as_ref().filter(|(of, _)| *of == id).map(|(_, code)| code)
    }

    /// `R`, `A`, `K`, `I`, `S`, `E` and `y` on a registration's detail.
    pub(super) fn settings_action(&mut self, action: Action, cx: &mut Cx) {
        let open = self.open_registration().map(|(id, _)| id);
        if let Some(id) = open.filter(|_| action == Action::Renew)
            && self.bills_unread(super::bills::Then::One(id), cx)
        {
            return;
        }
        let Some((id, record)) = self.open_registration() else { return cx.unchanged() };
        let name = record.name.to_string();
        let switch = |change: Change, was: bool, cx: &mut Cx| {
            let preview = i18n::preview::switch(&change, Some(was), cx.language);
            cx.confirm(confirmation(change, &name, preview, Req::Setting(id), cx));
        };
        match action {
            // An old registration that an active one of its name replaces is not paid for.
            // One billed on an unpaid invoice already is renewed by paying it: never twice.
            Action::Renew => match i18n::preview::renewal_replaced(record, id, &self.records, cx.language) {
                Some(refused) => *cx.error = Some(refused),
                None => match crate::plan::Billing::of(&self.bills(cx)).billed(record, cx.today) {
                    Some(billed) => *cx.error = Some(format!("{name}: {}", billed.said(cx.language))),
                    None => cx.prompt(PromptKind::RenewYears, "1"),
                },
            },
            Action::ToggleAutorenew | Action::ToggleIdProtection => {
                let (now, word) = match action {
                    Action::ToggleAutorenew => (record.autorenew, Text::WordAutorenew),
                    _ => (record.idprotection, Text::WordIdProtection),
                };
                // A setting the portal did not say is not turned "the other way".
                let Some(now) = now else {
                    let key = cx.keymap.label(Screen::Domains.context(), Action::Refresh);
                    let fill: [(&str, &dyn std::fmt::Display); 3] =
                        [("what", &word.get(cx.language)), ("name", &name), ("key", &key)];
                    return cx.say(texts::SettingNotKnown.fill(cx.language, &fill));
                };
                let change = match action {
                    Action::ToggleAutorenew => Change::DomainAutorenew { domain_id: id, on: !now },
                    _ => Change::DomainIdProtection { domain_id: id, on: !now },
                };
                switch(change, now, cx)
            }
            Action::ToggleLock => match self.settings.locks.get(&id) {
                Some(Ok(on)) => switch(Change::DomainLock { domain_id: id, on: !on }, *on, cx),
                _ if !cx.offers(Operation::RegistrarLock) => cx.say(i18n::not_offered(Operation::RegistrarLock, cx.language)),
                _ => {
                    let key = cx.keymap.label(Screen::Domains.context(), Action::Refresh);
                    cx.say(texts::LockNotKnown.fill(cx.language, &[("name", &name), ("key", &key)]));
                }
            },
            Action::SetNameservers => cx.prompt(PromptKind::Nameservers, &self.shown_nameservers(record).join(" ")),
            Action::ShowTransferCode if cx.offers(Operation::TransferCode) => {
                cx.fetch(Req::TransferCode(id), Query::TransferCode(id));
            }
            Action::ShowTransferCode => cx.say(i18n::not_offered(Operation::TransferCode, cx.language)),
            Action::Copy => cx.copy(self.transfer_code_shown().map(|code| code.expose_secret().to_owned())),
            _ => cx.unchanged(),
        }
    }

    /// The years of a renewal or the nameservers, as typed into the prompt: put up for
    /// confirmation, or what is wrong with them said under the prompt.
    pub(super) fn settings_submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        let years = || {
            let years = text.trim().parse::<u32>().ok().filter(|y| (1..=10).contains(y));
            years.ok_or_else(|| texts::RenewYearsRange.get(cx.language).to_owned())
        };
        // On the list, the marked registrations are renewed together.
        if kind == PromptKind::RenewYears && self.detail.is_none() && !self.marks.is_empty() {
            let years = years()?;
            self.renew_marked(years, cx);
            return Ok(());
        }
        if kind == PromptKind::Nameservers && self.detail.is_none() && !self.marks.is_empty() {
            let typed: Vec<String> = text.split([' ', ',', ';']).filter(|n| !n.is_empty()).map(str::to_owned).collect();
            let wanted = domain_actions::nameservers(&typed)
                .map_err(|p| i18n::nameserver_problem(&p, texts::NsCountPrompt, cx.language))?;
            self.marked_nameservers(wanted, cx);
            return Ok(());
        }
        let Some((id, record)) = self.open_registration() else { return Ok(()) };
        match kind {
            PromptKind::RenewYears => {
                let years = years()?;
                let priced = domain_actions::priced_by_itself(record) || self.settings.order.is_some();
                if priced || !cx.offers(Operation::DomainOrder) {
                    let order = self.settings.order.as_deref().unwrap_or_default();
                    let charge = self.settings.renewal_charge(cx.others.account.balance.as_ref());
                    cx.confirm(renewal(record, id, years, order, charge, cx));
                } else {
                    self.settings.renewal = Some((id, years));
                    cx.fetch(Req::Order, Query::DomainOrder);
                }
            }
            PromptKind::Nameservers => {
                let typed: Vec<String> = text.split([' ', ',', ';']).filter(|n| !n.is_empty()).map(str::to_owned).collect();
                let wanted = domain_actions::nameservers(&typed)
                    .map_err(|p| i18n::nameserver_problem(&p, texts::NsCountPrompt, cx.language))?;
                let now = self.shown_nameservers(record);
                let name = record.name.to_string();
                if !wanted.is_empty() && domain_actions::same_nameservers(&now, &wanted) {
                    let names = now.join(", ");
                    cx.say(Text::CliNameserversAlready.fill(cx.language, &[("name", &name), ("names", &names)]));
                    return Ok(());
                }
                let preview = i18n::preview::nameservers(&now, &wanted, cx.language);
                self.settings.ns_before = Some((id, now));
                let change = Change::DomainNameservers { domain_id: id, nameservers: wanted };
                cx.confirm(confirmation(change, &name, preview, Req::Setting(id), cx));
            }
            _ => {}
        }
        Ok(())
    }

    /// The registrar lock as read; a portal without the route says so once, on its line.
    pub(super) fn lock_answer(&mut self, id: u64, answer: Result<(u64, RegistrarLock), ApiError>, cx: &mut Cx) {
        let read = match answer {
            Ok((_, lock)) => Ok(lock.on),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::RegistrarLock);
                return;
            }
            Err(e) => Err(i18n::api_error(&e, cx.language)),
        };
        self.settings.locks.insert(id, read);
        self.recheck_setting(id, cx);
    }

    /// The nameservers as the portal's route lists them; without the route (or when it
    /// fails) the details' list is shown.
    pub(super) fn nameservers_answer(
        &mut self,
        id: u64,
        answer: Result<(u64, Vec<CompactString>), ApiError>,
        cx: &mut Cx,
    ) {
        match answer {
            Ok((_, names)) => {
                self.settings.nameservers.insert(id, names);
                self.recheck_setting(id, cx);
            }
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::Nameservers);
            }
            Err(e) => {
                self.settings.nameservers.remove(&id);
                tracing::debug!(error = %e, "the nameservers could not be read; the details' are shown");
            }
        }
    }

    /// The prices by TLD, read for a renewal: its confirmation goes up now (without a
    /// price when they could not be read).
    pub(super) fn order_answer(&mut self, answer: Result<Vec<TldPrices>, ApiError>, cx: &mut Cx) {
        match answer {
            Ok(order) => self.settings.order = Some(order),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::DomainOrder);
            }
            Err(e) => tracing::debug!(error = %e, "the prices could not be read; the renewal says so"),
        }
        if let Some(checked) = self.checked.as_mut() {
            checked.reading_prices = false;
        }
        if let Some(years) = self.settings.renew_marked.take() {
            return self.renew_marked(years, cx);
        }
        let Some((id, years)) = self.settings.renewal.take() else { return };
        match self.open_registration() {
            Some((open, record)) if open == id => {
                let order = self.settings.order.as_deref().unwrap_or_default();
                let charge = self.settings.renewal_charge(cx.others.account.balance.as_ref());
                cx.confirm(renewal(record, id, years, order, charge, cx));
            }
            _ => cx.unchanged(),
        }
    }

    /// The transfer code, read on request: shown while the detail it was asked on is open.
    pub(super) fn transfer_code_answer(&mut self, id: u64, answer: Result<(u64, TransferCode), ApiError>, cx: &mut Cx) {
        match answer {
            Ok((_, code)) => match self.open_registration() {
                Some((open, record)) if open == id => {
                    let name = record.name.to_string();
                    self.settings.transfer_code = Some((id, code.code));
                    cx.say(texts::TransferCodeShownInfo.fill(cx.language, &[("name", &name)]));
                }
                _ => cx.unchanged(),
            },
            Err(e) => cx.list_failed(Operation::TransferCode, &e),
        }
    }

    /// What came of a setting's change: the details read again (the change's own read),
    /// and the lock and nameservers beside them, whenever it may have been applied.
    /// What came of a renewal: the registration read again, and the balance (the credit it
    /// spent, or what it added to what is owed); how the portal took it, learnt where what
    /// came of it says (a refusal for want of credit, the balance read again after it).
    pub(super) fn renewal_changed(&mut self, id: u64, price: Option<Money>, settled: Settled, cx: &mut Cx) {
        // Renewed: it is not marked any more (what was not done stays marked).
        if settled.result.is_ok() {
            self.unmark(&id.to_string());
        }
        let before = cx.others.account.balance.clone();
        self.settings.renewals = self.settings.renewal_charge(before.as_ref());
        if let Some(charge) = settled.result.as_ref().err().and_then(RenewalCharge::refused) {
            self.settings.renewals = Some(charge);
        }
        self.settings.landed = match (settled.result, before, price) {
            (Ok(_), Some(before), Some(price)) => Some((before, price)),
            _ => None,
        };
        if settled.read_again.is_some() {
            crate::app::screens::account::read_credit_again(cx);
        }
        self.setting_changed(id, settled, cx);
    }

    pub(super) fn setting_changed(&mut self, id: u64, settled: Settled, cx: &mut Cx) {
        // Done: it is not marked any more (what was not done stays marked).
        if settled.result.is_ok() {
            self.unmark(&id.to_string());
        }
        // A nameserver change that may have landed: the nameservers before it are kept (the
        // first ones of this run), to say whether the records kept here are still served.
        if let Some((changed, before)) = self.settings.ns_before.take_if(|(ns_id, _)| *ns_id == id)
            && settled.read_again.is_some()
        {
            self.settings.served_by.entry(changed).or_insert(before);
        }
        if let Some(query) = settled.read_again {
            cx.fetch(Req::Details(id), query);
            fetch_settings(id, cx);
        }
    }

    /// The open confirmation of a setting's change no longer changes anything when what
    /// was read again already is as it asks: it closes and says so (nothing is sent).
    pub(super) fn recheck_setting(&mut self, id: u64, cx: &mut Cx) {
        let Some(c) = cx.confirmation else { return };
        // A confirmation of the marked names each registration already so apart.
        if c.req != crate::app::screens::Req::Domains(Req::Setting(id)) || !c.batch.is_empty() {
            return;
        }
        let Some(record) = self.records.iter().find(|r| r.id.trim() == id.to_string()) else { return };
        let name = record.name.to_string();
        let now = match &c.change {
            Change::DomainAutorenew { .. } => record.autorenew,
            Change::DomainIdProtection { .. } => record.idprotection,
            Change::DomainLock { .. } => self.settings.locks.get(&id).and_then(|l| l.as_ref().ok().copied()),
            Change::DomainNameservers { nameservers, .. } => {
                let now = self.shown_nameservers(record);
                if !nameservers.is_empty() && domain_actions::same_nameservers(&now, nameservers) {
                    let names = now.join(", ");
                    cx.close_confirmation(Text::CliNameserversAlready.fill(cx.language, &[("name", &name), ("names", &names)]));
                }
                return;
            }
            _ => None,
        };
        if let Some(already) = i18n::already_as_asked(&c.change, now, &name, cx.language) {
            cx.close_confirmation(already);
        }
    }
}

/// A setting's change as its confirmation names it: who, the registration, its preview's
/// rows (the change, before → after, the price…) and the request as sent.
pub(super) fn confirmation(
    change: Change,
    name: &str,
    preview: i18n::preview::Preview,
    req: Req,
    cx: &Cx,
) -> Confirmation {
    let language = cx.language;
    let id = change.registration().unwrap_or_default();
    let mut all = cx.who();
    all.push((Text::LabelDomain.get(language).to_owned(), format!("{name} (#{id})")));
    all.extend(preview.rows());
    all.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
    Confirmation::new(change, preview.title, all, req.into(), format!("domain {name}"))
}

/// A renewal for `years`, as its preview shows it (`i18n::preview::renewal`): the credit in
/// the account's currency (the balance's, else the details'), and how the portal will take
/// it where what came of an earlier one said (`charge`).
pub(super) fn renewal(
    record: &DomainRecord,
    id: u64,
    years: u32,
    order: &[TldPrices],
    charge: Option<RenewalCharge>,
    cx: &Cx,
) -> Confirmation {
    let change = Change::DomainRenew { domain_id: id, years };
    let price = domain_actions::renewal_price(record, years, order).map(|p| p.amount);
    let balance = cx.others.account.credit_balance(cx.offers(Operation::Balance));
    let currency = balance.as_ref().map(|b| b.currency.trim().to_owned()).unwrap_or_default();
    let credit = balance.as_ref().and_then(Balance::available_credit);
    let facts = i18n::preview::Renewal { record, years, order, credit, currency: &currency, charge };
    let preview = i18n::preview::renewal(&facts, cx.language);
    let before = crate::api::models::parse_date(&record.expires);
    let after = domain_actions::renewed_expiry(record, years);
    let promise =
        before.zip(after).map(|(before, expires)| crate::app::Promise::new(i18n::preview::RenewalPromise { domain_id: id, before, expires }));
    Confirmation { promise, ..confirmation(change, &record.name, preview, Req::Renewal { id, price }, cx) }
}
