//! DNS records on a registration's detail: `n`, `c`/Enter and `x`, the form, what the
//! confirmation names, the records read again after a change, and a confirmation that no
//! longer matches the records it was put up for.

use crossterm::event::KeyEvent;

use super::form::{DnsForm, FormKey};
use super::{DomainsView, Req};
use crate::api::dns_ids::{self, ReadOnly};
use crate::api::dns_rules::{self, DEFAULT_TYPES};
use crate::api::models::DnsRecord;
use crate::api::{ApiError, Change, DnsFields, Operation, Query, Shown};
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::config::keys::Action;
use crate::i18n::Text;

impl DomainsView {
    /// The open registration's id, name and DNS records, when they are shown.
    fn open_dns(&self) -> Option<(u64, String, Option<&Vec<DnsRecord>>)> {
        let record = self.detail_record().filter(|r| r.unreadable.is_none())?;
        let id = record.id.trim().parse::<u64>().ok()?;
        let listed = self.dns.get(record.id.as_str()).and_then(|r| r.as_ref().ok());
        Some((id, record.name.to_string(), listed))
    }

    /// The DNS record under the cursor in the open detail, its id as a change names it
    /// (trimmed), or why no change can name it.
    fn selected_dns(&self) -> Option<(u64, String, Result<DnsRecord, ReadOnly>)> {
        let (id, name, listed) = self.open_dns()?;
        let listed = listed?;
        let record = listed.get(self.dns_cursor)?;
        if record.unreadable.is_some() {
            return None;
        }
        let addressed = dns_ids::address(listed, self.dns_cursor).map(|at| DnsRecord { id: at.into(), ..record.clone() });
        Some((id, name, addressed))
    }

    /// Says why the selected record cannot be changed.
    fn say_read_only(&self, why: ReadOnly, cx: &mut Cx) {
        let listed = self.listed_dns().unwrap_or_default();
        let id = listed.get(self.dns_cursor).map(|r| r.id.to_string()).unwrap_or_default();
        *cx.info = None;
        *cx.error = Some(why.reason(&id, cx.language));
    }

    /// `n`, `c`/Enter and `x` on a domain's detail.
    pub(super) fn dns_action(&mut self, action: Action, cx: &mut Cx) {
        if !cx.offers(Operation::Dns) {
            return cx.unchanged();
        }
        match action {
            Action::AddRecord => {
                let Some((id, name, _)) = self.open_dns() else { return cx.unchanged() };
                self.form = Some(Box::new(DnsForm::add(id, &name, self.types_of(id))));
                self.ask_types(id, cx);
            }
            Action::EditRecord | Action::Open => {
                let Some((id, name, record)) = self.selected_dns() else { return cx.unchanged() };
                match record {
                    Ok(record) => {
                        self.form = Some(Box::new(DnsForm::edit(id, &name, self.types_of(id), &record)));
                        self.ask_types(id, cx);
                    }
                    Err(why) => self.say_read_only(why, cx),
                }
            }
            Action::DeleteRecord => {
                let Some((id, name, record)) = self.selected_dns() else { return cx.unchanged() };
                match record {
                    Ok(record) => {
                        let change = Change::DnsDelete { domain_id: id, record_id: record.id.to_string() };
                        cx.confirm(confirm(change, &name, Some(&record), None, cx));
                    }
                    Err(why) => self.say_read_only(why, cx),
                }
            }
            _ => cx.unchanged(),
        }
    }

    /// The types a registration takes: the portal's list once it answered, else the usual.
    fn types_of(&self, id: u64) -> Vec<String> {
        match self.dns_types.get(&id) {
            Some(types) if !types.is_empty() => types.clone(),
            _ => DEFAULT_TYPES.iter().map(|t| t.to_string()).collect(),
        }
    }

    fn ask_types(&self, id: u64, cx: &mut Cx) {
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
                    Some(form) if form.domain_id == id => form.set_types(types.clone()),
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
            let listed = self.dns.get(&form.domain_id.to_string()).and_then(|r| r.as_deref().ok()).unwrap_or_default();
            if let Ok(change) = form.change(listed, cx.language) {
                let new = match &change {
                    Change::DnsAdd { record, .. } | Change::DnsUpdate { record, .. } => Some(record.clone()),
                    _ => None,
                };
                let (domain, old) = (form.domain.clone(), form.editing.clone());
                cx.confirm(confirm(change, &domain, old.as_ref(), new.as_ref(), cx));
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
        domain_id: u64,
        record_id: Option<String>,
        settled: Settled,
        cx: &mut Cx,
    ) {
        let form = self.sent_form.take();
        if let Some(query) = settled.read_again {
            cx.fetch(Req::Dns(domain_id), query);
        }
        match settled.result {
            Ok(answer) => {
                self.select_dns = record_id.or_else(|| {
                    answer.answer.get("record_id").map(|v| match v {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                });
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

    pub(super) fn dns_answer(&mut self, id: u64, result: Result<(u64, Vec<DnsRecord>), ApiError>, cx: &mut Cx) {
        let answer = match result {
            Ok((_, records)) => Ok(records),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::Dns);
                return;
            }
            Err(e) => Err(crate::i18n::api_error(&e, cx.language)),
        };
        let changed = match (&answer, self.select_dns.take()) {
            (Ok(records), Some(record_id)) => records.iter().position(|r| r.id == record_id),
            _ => None,
        };
        self.dns.insert(id.to_string(), answer);
        match changed {
            // The record just added or changed, under the cursor and in view.
            Some(at) => {
                self.dns_cursor = at;
                self.detail_scroll.reveal(self.dns_line() + at);
            }
            None => self.dns_cursor = self.dns_cursor.min(self.dns_count().saturating_sub(1)),
        }
        self.recheck(id, cx);
    }

    /// The records of `domain_id` were read again while a confirmation of a change to them
    /// is open: a record changed or deleted that no longer holds what it showed, or a record
    /// added that the list now holds, closes it (and its form) and says so.
    fn recheck(&mut self, domain_id: u64, cx: &mut Cx) {
        let Some(c) = cx.confirmation else { return };
        if !matches!(&c.req, crate::app::screens::Req::Domains(Req::Change { domain_id: at, .. }) if *at == domain_id)
        {
            return;
        }
        let Some(Ok(records)) = self.dns.get(&domain_id.to_string()) else { return };
        let language = cx.language;
        let listed = c.shown.as_ref().and_then(|s| s.record.as_ref());
        let said = match (&c.change, listed) {
            (Change::DnsUpdate { record_id, .. } | Change::DnsDelete { record_id, .. }, Some(listed)) => {
                let now = records.iter().position(|r| r.id.trim() == record_id);
                let same = now.is_some_and(|at| {
                    dns_ids::address(records, at).is_ok()
                        && DnsRecord { id: listed.id.clone(), ..records[at].clone() } == *listed
                });
                (!same).then(|| Text::ConfirmRecordGone.fill(language, &[("id", record_id)]))
            }
            (Change::DnsAdd { record, .. }, _) => {
                let (domain, priority) =
                    self.form.as_ref().map_or((String::new(), true), |f| (f.domain.clone(), f.has_priority()));
                let held =
                    records.iter().any(|r| r.unreadable.is_none() && dns_rules::holds(r, record, &domain, priority));
                held.then(|| Text::ConfirmRecordHeld.get(language).to_owned())
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

/// What the confirmation of a DNS change names: who, the domain, the change, the record
/// before and after, and the request as sent.
fn confirm(change: Change, domain: &str, old: Option<&DnsRecord>, new: Option<&DnsFields>, cx: &Cx) -> Confirmation {
    let language = cx.language;
    let label = |t: Text| t.get(language).to_owned();
    let (domain_id, what) = match &change {
        Change::DnsAdd { domain_id, .. } => (*domain_id, Text::DoAdd.get(language).to_owned()),
        Change::DnsUpdate { domain_id, record_id, .. } => (*domain_id, Text::DoUpdate.fill(language, &[("id", record_id)])),
        Change::DnsDelete { domain_id, record_id } => (*domain_id, Text::DoDelete.fill(language, &[("id", record_id)])),
        other => (other.dns_domain().unwrap_or_default(), String::new()),
    };
    let mut rows = cx.who();
    rows.push((label(Text::LabelDomain), format!("{domain} (#{domain_id})")));
    rows.push((label(Text::LabelChange), what));
    if let Some(old) = old {
        rows.push((label(Text::LabelBefore), dns_rules::listed_line(old)));
    }
    if let Some(new) = new {
        rows.push((label(Text::LabelAfter), dns_rules::sent_line(new)));
    }
    rows.push((label(Text::LabelRequest), change.describe()));
    let record_id = match &change {
        Change::DnsUpdate { record_id, .. } => Some(record_id.clone()),
        _ => None,
    };
    let req = Req::Change { domain_id, record_id };
    let shown = Shown { domain: domain.to_owned(), record: old.cloned() };
    Confirmation { shown: Some(shown), ..Confirmation::new(change, Text::ConfirmTitle, rows, req.into(), format!("domain {domain}")) }
}
