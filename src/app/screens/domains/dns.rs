//! DNS records on a detail, wherever they are kept (the registration, or the name's hosted
//! zone: `GET /dns` says which names have one): reading them, `n`, `c`/Enter and `x`, the
//! form, what the confirmation names, the records read again after a change, and a
//! confirmation that no longer matches the records it was put up for.

use crate::app::screens::domains::texts;
use crossterm::event::KeyEvent;

use super::form::{DnsForm, FormKey};
use super::{DomainsView, Req, Zones};
use crate::api::dns::ids::{self as dns_ids, ReadOnly};
use crate::api::dns::rules::{self as dns_rules, DEFAULT_TYPES};
use crate::api::dns::source::ZONE_TYPES;
use crate::api::models::{DnsRecord, Zone};
use crate::api::{ApiError, Change, DnsSource, Operation, Query, Shown};
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::config::keys::Action;
use crate::i18n::Text;

/// Reads the records kept at `source`, where the portal offers them.
pub(super) fn fetch_dns(source: DnsSource, cx: &mut Cx) {
    let query = source.read();
    if !cx.offers(query.operation()) {
        return;
    }
    match source {
        DnsSource::Registrar(id) => cx.fetch(Req::Dns(id), query),
        DnsSource::Zone(zone) => cx.fetch(Req::Zone(zone), query),
    }
}

impl DomainsView {
    /// Reads the portal's hosted zones, where it offers them. Until the first answer where
    /// a name's records are kept is not known, so none are read or changed.
    pub(super) fn fetch_zones(&mut self, cx: &mut Cx) {
        if !cx.offers(Operation::Zones) {
            self.zones = Zones::NotOffered;
            return;
        }
        if matches!(self.zones, Zones::Unasked) {
            self.zones = Zones::Reading;
        }
        cx.fetch(Req::Zones, Query::Zones);
    }

    /// The zones: the names only a zone holds join the list, and the open detail's records
    /// are read where they are kept. A portal without DNS hosting is said once, in the
    /// detail, and its records are the registrar's; a failure keeps the zones known before.
    pub(super) fn zones_answer(&mut self, result: Result<Vec<Zone>, ApiError>, cx: &mut Cx) {
        let before = self.detail_source();
        match result {
            Ok(zones) => self.set_zones(Zones::Listed(zones)),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::Zones);
                self.set_zones(Zones::NotOffered);
            }
            Err(e) => {
                cx.fail(&e);
                if !matches!(self.zones, Zones::Listed(_)) {
                    self.set_zones(Zones::Failed(crate::i18n::api_error(&e, cx.language)));
                }
            }
        }
        let now = self.detail_source();
        if let Some(source) = now.filter(|s| before != Some(*s) || !self.dns.contains_key(s)) {
            if before != now {
                self.dns_cursor = 0;
            }
            fetch_dns(source, cx);
        }
    }

    /// The open detail's DNS: where its records are kept, the name, and the records as
    /// last read.
    fn open_dns(&self) -> Option<(DnsSource, String, Option<&Vec<DnsRecord>>)> {
        let record = self.detail_record().filter(|r| r.unreadable.is_none())?;
        let source = self.dns_source(record)?;
        let listed = self.dns.get(&source).and_then(|r| r.as_ref().ok());
        Some((source, record.name.to_string(), listed))
    }

    /// The DNS record under the cursor in the open detail, its id as a change names it
    /// (trimmed), or why no change can name it.
    fn selected_dns(&self) -> Option<(DnsSource, String, Result<DnsRecord, ReadOnly>)> {
        let (source, name, listed) = self.open_dns()?;
        let listed = listed?;
        let at = self.dns_selected()?;
        let record = listed.get(at)?;
        if record.unreadable.is_some() {
            return None;
        }
        let addressed = dns_ids::address(listed, at).map(|at| DnsRecord { id: at.into(), ..record.clone() });
        Some((source, name, addressed))
    }

    /// Says why the selected record cannot be changed.
    fn say_read_only(&self, why: ReadOnly, cx: &mut Cx) {
        let listed = self.listed_dns().unwrap_or_default();
        let id = listed.get(self.dns_cursor).map(|r| r.id.to_string()).unwrap_or_default();
        *cx.info = None;
        *cx.error = Some(why.reason(&id, cx.language));
    }

    /// `n`, `c`/Enter and `x` on a detail.
    pub(super) fn dns_action(&mut self, action: Action, cx: &mut Cx) {
        if !self.detail_source().is_some_and(|source| cx.offers(source.read().operation())) {
            return cx.unchanged();
        }
        match action {
            Action::AddRecord => {
                let Some((source, name, _)) = self.open_dns() else { return cx.unchanged() };
                self.form = Some(Box::new(DnsForm::add(source, &name, self.types_of(source))));
                self.ask_types(source, cx);
            }
            Action::EditRecord | Action::Open | Action::DeleteRecord if self.dns_count() > 0 && self.dns_selected().is_none() => {
                // The records are off screen: what a change would act on is not seen yet.
                let down = cx.keymap.label(crate::config::keys::Context::Domains, Action::Down);
                cx.say(texts::DnsNoneSelected.fill(cx.language, &[("key", &down)]));
            }
            Action::EditRecord | Action::Open => {
                let Some((source, name, record)) = self.selected_dns() else { return cx.unchanged() };
                match record {
                    Ok(record) => {
                        self.form = Some(Box::new(DnsForm::edit(source, &name, self.types_of(source), &record)));
                        self.ask_types(source, cx);
                    }
                    Err(why) => self.say_read_only(why, cx),
                }
            }
            Action::DeleteRecord => {
                let Some((source, name, record)) = self.selected_dns() else { return cx.unchanged() };
                match record {
                    Ok(record) => {
                        let change = Change::dns_delete(source, record.id.to_string());
                        let listed = self.dns.get(&source).and_then(|r| r.as_deref().ok()).unwrap_or_default();
                        cx.confirm(confirm(change, source, &name, (Some(&record), listed), cx));
                    }
                    Err(why) => self.say_read_only(why, cx),
                }
            }
            _ => cx.unchanged(),
        }
    }

    /// The types the records take: a registration's as the portal listed them once it
    /// answered, else the usual; a hosted zone's (it has no route that lists them).
    fn types_of(&self, source: DnsSource) -> Vec<String> {
        let listed = match source {
            DnsSource::Registrar(id) => self.dns_types.get(&id).filter(|types| !types.is_empty()),
            DnsSource::Zone(_) => return ZONE_TYPES.iter().map(|t| t.to_string()).collect(),
        };
        listed.cloned().unwrap_or_else(|| DEFAULT_TYPES.iter().map(|t| t.to_string()).collect())
    }

    fn ask_types(&self, source: DnsSource, cx: &mut Cx) {
        let DnsSource::Registrar(id) = source else { return };
        if !self.dns_types.contains_key(&id) && cx.offers(Operation::DnsTypes) {
            cx.fetch(Req::Types(id), Query::DnsTypes(id));
        }
    }

    /// The portal's record types: an open form takes them; a portal without the route keeps
    /// the usual ones, and any other failure too (the form says what the portal refuses).
    pub(super) fn types_answer(&mut self, id: u64, result: Result<(u64, Vec<String>), ApiError>, cx: &mut Cx) {
        match result {
            Ok((_, types)) => {
                match &mut self.form {
                    Some(form) if form.source == DnsSource::Registrar(id) => form.set_types(types.clone()),
                    // Kept for the next form: nothing on screen changes.
                    _ => cx.unchanged(),
                }
                self.dns_types.insert(id, types);
            }
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::DnsTypes);
            }
            Err(e) => tracing::debug!(error = %e, "the DNS types could not be read; the usual ones are offered"),
        }
    }

    /// Keys while the form is open: Enter puts the change up for confirmation, Esc closes
    /// it, the rest edit it.
    pub(super) fn form_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(form) = self.form.as_mut() else { return cx.unchanged() };
        if cx.is_key(&key, Action::Back) {
            self.form = None;
            return;
        }
        if cx.is_key(&key, Action::Open) {
            let listed = self.dns.get(&form.source).and_then(|r| r.as_deref().ok()).unwrap_or_default();
            if let Ok(change) = form.change(listed, cx.language) {
                let (source, domain, old) = (form.source, form.domain.clone(), form.editing.clone());
                cx.confirm(confirm(change, source, &domain, (old.as_ref(), listed), cx));
            }
            return;
        }
        if form.on_key(key) == FormKey::Ignored {
            cx.unchanged();
        }
    }

    /// The change was confirmed (the form, if any, goes with it, kept to open again if the
    /// portal refuses it), or refused as another is in flight (the form says so).
    pub(super) fn dns_confirmed(&mut self, refused: Option<&str>) {
        match refused {
            Some(said) => {
                if let Some(form) = self.form.as_mut() {
                    form.error = Some(said.to_owned());
                }
            }
            None => self.sent_form = self.form.take(),
        }
    }

    /// The records read again after a change (the one added or changed selected then); a
    /// refused change opens its form again with the portal's reason, nothing typed lost.
    pub(super) fn dns_changed(
        &mut self,
        source: DnsSource,
        record_id: Option<String>,
        settled: Settled,
        cx: &mut Cx,
    ) {
        let form = self.sent_form.take();
        if settled.read_again.is_some() {
            fetch_dns(source, cx);
        }
        match settled.result {
            // A portal that answers a new record without its id (DNS.services): the one the
            // records read again show the change made.
            Ok(answer) => {
                self.select_dns = record_id
                    .or_else(|| added_id(&answer.answer))
                    .or_else(|| settled.check.and_then(|c| c.record.clone()));
            }
            Err(e) if e.may_have_applied() || e.not_offered() => {}
            Err(_) => {
                if let Some(mut form) = form {
                    form.error = cx.error.clone();
                    self.form = Some(form);
                }
            }
        }
    }

    /// The records kept at `source`, read: shown when it is the open detail's.
    pub(super) fn dns_answer(&mut self, source: DnsSource, result: Result<Vec<DnsRecord>, ApiError>, cx: &mut Cx) {
        let answer = match result {
            Ok(records) => Ok(records),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(source.read().operation());
                return;
            }
            Err(e) => Err(crate::i18n::api_error(&e, cx.language)),
        };
        let changed = match (&answer, self.select_dns.take()) {
            (Ok(records), Some(record_id)) => records.iter().position(|r| r.id == record_id),
            _ => None,
        };
        // Records shown for the first time open on the first one a change can be made to,
        // not on the zone's own SOA.
        let first_time = !matches!(self.dns.get(&source), Some(Ok(_)));
        let first_open = match &answer {
            Ok(records) if first_time => records.iter().position(|r| !r.is_fixed()),
            _ => None,
        };
        self.dns.insert(source, answer);
        let shown = self.detail_source() == Some(source);
        match (changed, first_open) {
            // The record just added or changed, under the cursor and in view.
            (Some(at), _) if shown => {
                self.dns_cursor = at;
                self.detail_scroll.reveal(self.dns_line() + at);
            }
            (_, Some(at)) if shown && self.dns_cursor == 0 => self.dns_cursor = at,
            _ => self.dns_cursor = self.dns_cursor.min(self.dns_count().saturating_sub(1)),
        }
        self.recheck(source, cx);
    }

    /// The records at `source` were read again while a confirmation of a change to them is
    /// open: a record changed or deleted that no longer holds what it showed, or a record
    /// added that the list now holds, closes it (and its form) and says so.
    fn recheck(&mut self, source: DnsSource, cx: &mut Cx) {
        let Some(c) = cx.confirmation else { return };
        if !matches!(&c.req, crate::app::screens::Req::Domains(Req::Change { source: at, .. }) if *at == source) {
            return;
        }
        let Some(Ok(records)) = self.dns.get(&source) else { return };
        let language = cx.language;
        let listed = c.shown.as_ref().and_then(|s| s.record.as_ref());
        let said = match (c.change.dns_record_id(), c.change.dns_record(), listed) {
            (Some(record_id), _, Some(listed)) => {
                let now = records.iter().position(|r| r.id.trim() == record_id);
                let same = now.is_some_and(|at| {
                    dns_ids::address(records, at).is_ok()
                        && DnsRecord { id: listed.id.clone(), ..records[at].clone() } == *listed
                });
                (!same).then(|| texts::ConfirmRecordGone.fill(language, &[("id", &record_id)]))
            }
            (None, Some(record), _) => {
                let (domain, priority) =
                    self.form.as_ref().map_or((String::new(), true), |f| (f.domain.clone(), f.has_priority()));
                let held =
                    records.iter().any(|r| r.unreadable.is_none() && dns_rules::holds(r, record, &domain, priority));
                held.then(|| texts::ConfirmRecordHeld.get(language).to_owned())
            }
            _ => None,
        };
        // The form it came from goes with it: what it would send no longer fits.
        if let Some(said) = said {
            self.form = None;
            cx.close_confirmation(said);
        }
    }
}

/// The id of the record a change added, as the portal answered it: a registrar's
/// `record_id`, a hosted zone's `record.id`.
fn added_id(answer: &serde_json::Value) -> Option<String> {
    let id = answer.get("record_id").or_else(|| answer.get("record").and_then(|r| r.get("id")))?;
    let id = match id {
        serde_json::Value::String(s) => s.trim().to_owned(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return None,
    };
    (!id.is_empty()).then_some(id)
}

/// What the confirmation of a DNS change to the records kept at `source` names: who, the
/// domain and where its records are kept, its preview (the change, the record before and
/// after), and the request as sent.
fn confirm(
    change: Change,
    source: DnsSource,
    domain: &str,
    (old, listed): (Option<&DnsRecord>, &[DnsRecord]),
    cx: &Cx,
) -> Confirmation {
    let language = cx.language;
    let label = |t: Text| t.get(language).to_owned();
    let preview = crate::i18n::preview::dns_change(&change, domain, old, listed, language);
    let place = match source {
        DnsSource::Zone(zone) => {
            format!("{domain} — {}", texts::ZoneWhich.fill(language, &[("service", &zone.service_id)]))
        }
        DnsSource::Registrar(id) => format!("{domain} (#{id})"),
    };
    let mut rows = cx.who();
    rows.push((label(Text::LabelDomain), place));
    rows.extend(preview.rows());
    rows.push((label(Text::LabelRequest), change.describe()));
    let record_id = change.dns_record().and(change.dns_record_id()).map(str::to_owned);
    let req = Req::Change { source, record_id };
    let shown = Shown { domain: domain.to_owned(), record: old.cloned() };
    Confirmation { shown: Some(shown), ..Confirmation::new(change, preview.title, rows, req.into(), format!("domain {domain}")) }
}
