//! The domains screen: the portal's registrations and the names looked up, a
//! registration's details and DNS records; its keys and answers. Changing DNS records (the
//! form, what a confirmation names, and what came of it) is in `dns.rs`.

mod dns;
mod form;
mod state;

pub use form::{DnsForm, FormKey};
pub use state::{DomainsView, Row};

use crossterm::event::KeyEvent;

use super::{Cx, Peek, Request, Settled, View};
use crate::api::models::DomainRecord;
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::{PromptKind, Screen, WatchItem, domain_name};
use crate::config::keys::Action;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    /// A name the user looked up: its first record is selected when it comes.
    Lookup(String),
    /// A name read in the background (watchlist, refresh): it never moves the selection.
    Watched(String),
    /// The portal's whole list.
    List,
    Details(u64),
    Dns(u64),
    /// The record types a registration takes (for the form).
    Types(u64),
    /// A DNS change; `record_id` is the record changed (an update's).
    Change { domain_id: u64, record_id: Option<String> },
}

impl Request for Req {
    /// Lookups of different names run side by side.
    fn supersedes(&self, older: &Req) -> bool {
        match (self, older) {
            (Req::Lookup(a), Req::Lookup(b)) | (Req::Watched(a), Req::Watched(b)) => a == b,
            (Req::Details(a), Req::Details(b)) | (Req::Dns(a), Req::Dns(b)) | (Req::Types(a), Req::Types(b)) => {
                a == b
            }
            (Req::Change { .. }, _) | (_, Req::Change { .. }) => false,
            _ => std::mem::discriminant(self) == std::mem::discriminant(older),
        }
    }

    /// The form needs no waiting (Esc never cancels the types), and a change sent stays sent.
    fn lookup(&self) -> bool {
        !matches!(self, Req::Types(_) | Req::Change { .. })
    }
}

/// Opens the registration with this id, when the list holds it (the radar's).
#[derive(Debug)]
pub struct Open(pub String);

/// The screen's state, as the screen table names it.
pub type State = DomainsView;

impl View for DomainsView {
    type Req = Req;
    type Visit = Open;

    /// The list, or the open record's detail (a document).
    fn action(&mut self, action: Action, cx: &mut Cx) {
        let in_detail = self.detail.is_some();
        match action {
            Action::Refresh => self.refresh(cx),
            Action::Lookup => cx.prompt(PromptKind::Domain, ""),
            // Esc closes the detail, then clears the filter.
            Action::Back => {
                let stepped = !cx.busy && self.step_back();
                cx.back(stepped);
            }
            other if in_detail && self.move_in_detail(other, cx.page) => {}
            Action::AddRecord | Action::EditRecord | Action::DeleteRecord | Action::Open if in_detail => {
                self.dns_action(action, cx);
            }
            _ if in_detail => cx.unchanged(),
            other if self.list.apply(other, cx.page) => {}
            Action::Open => self.open(cx),
            Action::Filter => cx.prompt(PromptKind::Filter, &self.list.filter),
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::Lookup(name) => self.lookup_answer(name, answer.and_then(Data::into_domain), true, cx),
            Req::Watched(name) => self.lookup_answer(name, answer.and_then(Data::into_domain), false, cx),
            Req::List => match answer.and_then(Data::into_domains) {
                Ok(records) => {
                    self.set_listed(records);
                    cx.radar_changed();
                }
                Err(e) => cx.list_failed(Operation::Domains, &e),
            },
            // One registration's details: they replace what the list said of it.
            Req::Details(_) => match answer.and_then(Data::into_domain_details) {
                Ok(record) => self.set_details(*record),
                Err(e) => cx.list_failed(Operation::DomainDetails, &e),
            },
            Req::Dns(id) => self.dns_answer(id, answer.and_then(Data::into_dns), cx),
            Req::Types(id) => self.types_answer(id, answer.and_then(Data::into_dns_types), cx),
            Req::Change { .. } => {}
        }
    }

    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        if let Req::Change { domain_id, record_id } = req {
            self.dns_changed(domain_id, record_id, settled, cx);
        }
    }

    fn confirmed(&mut self, _: &Req, refused: Option<&str>) {
        self.dns_confirmed(refused);
    }

    fn hints(&self, peek: &Peek) -> Vec<Action> {
        use Action::*;
        match () {
            () if self.detail.is_some() && !peek.offers(Operation::Dns) => vec![Back, Watch, Refresh],
            // A read-only record is offered neither for a change nor for deletion.
            () if self.detail.is_some() && self.dns_count() > 0 && self.dns_read_only(self.dns_cursor).is_none() => {
                vec![Back, AddRecord, EditRecord, DeleteRecord, Watch, Refresh]
            }
            () if self.detail.is_some() => vec![Back, AddRecord, Watch, Refresh],
            () if self.records.is_empty() => vec![Lookup],
            () => vec![Lookup, Filter, Open, Watch, Refresh],
        }
    }

    /// The portal's whole list, where it offers one.
    fn start(&mut self, cx: &mut Cx) {
        if cx.offers(Operation::Domains) {
            cx.fetch(Req::List, Query::Domains);
        }
    }

    fn has_data(&self, _: &Peek) -> bool {
        !self.records.is_empty()
    }

    fn refreshes(&self, req: &Req) -> bool {
        matches!(req, Req::List | Req::Watched(_))
    }

    fn visit(&mut self, Open(id): Open, cx: &mut Cx) {
        if self.select_id(&id) {
            cx.go(Screen::Domains);
            self.open(cx);
        }
    }

    fn fit(&mut self, rows: usize) {
        self.list.scroll_into_view(rows);
    }

    fn click(&mut self, line: usize, _: usize) -> super::Click {
        if self.detail.is_some() { super::Click::Nothing } else { self.list.click_line(line) }
    }

    fn wheel_moves_rows(&self) -> bool {
        self.detail.is_none()
    }

    fn set_filter(&mut self, text: &str) {
        DomainsView::set_filter(self, text);
    }

    fn watch_item(&self) -> Option<WatchItem> {
        self.selected_record().map(|r| WatchItem::Domain(r.name.to_lowercase().into()))
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        if kind == PromptKind::Domain {
            let name = domain_name(text, cx.language)?;
            // A new name shows up in the list, not behind a filter.
            self.set_filter("");
            cx.fetch(Req::Lookup(name.clone()), Query::Domain(name));
        }
        Ok(())
    }

    fn modal(&self) -> bool {
        self.form.is_some()
    }

    fn modal_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        self.form_key(key, cx);
    }

    fn paste(&mut self, pasted: &super::Pasted) -> Option<bool> {
        let form = self.form.as_mut()?;
        let taken = form.paste(pasted.line);
        if taken {
            form.note = pasted.note.clone();
        }
        Some(taken)
    }
}

impl DomainsView {
    /// Esc's step back: closes the detail, then clears the filter; false when neither was.
    fn step_back(&mut self) -> bool {
        if self.detail.take().is_some() {
            return true;
        }
        let filtered = !self.list.filter.is_empty();
        self.set_filter("");
        filtered
    }

    /// The portal's list (where it offers one), the names looked up that it does not hold,
    /// and an open detail's DNS records.
    fn refresh(&mut self, cx: &mut Cx) {
        let listed = cx.offers(Operation::Domains);
        if listed {
            cx.fetch(Req::List, Query::Domains);
        }
        for name in &self.names {
            if !(listed && self.listed && self.records.iter().any(|r| r.name.eq_ignore_ascii_case(name))) {
                cx.fetch(Req::Watched(name.clone()), Query::Domain(name.clone()));
            }
        }
        if let Some(id) = self.detail_record().and_then(|r| r.id.trim().parse::<u64>().ok()) {
            fetch_details(id, cx);
        }
    }

    /// Opens the selected registration: at once with what is known, then its details and
    /// DNS records as the portal has them now.
    fn open(&mut self, cx: &mut Cx) {
        self.open_detail();
        if let Some(id) = self.detail_record().and_then(|r| r.id.trim().parse::<u64>().ok()) {
            fetch_details(id, cx);
        }
    }

    /// An answer for `name`; `looked_up` when the user asked for it (its first record is
    /// then selected), else it only fills the list.
    fn lookup_answer(&mut self, name: String, result: Result<Vec<DomainRecord>, ApiError>, looked_up: bool, cx: &mut Cx) {
        match result {
            Ok(records) => {
                self.set_records(&name, records, looked_up);
                *cx.error = None;
                self.errors.remove(&name);
            }
            Err(e) => {
                *cx.error = Some(crate::i18n::api_error_for(&e, &name, cx.language));
                *cx.info = None;
                self.errors.insert(name, crate::i18n::api_error(&e, cx.language));
            }
        }
        cx.radar_changed();
    }
}

fn fetch_details(id: u64, cx: &mut Cx) {
    if cx.offers(Operation::DomainDetails) {
        cx.fetch(Req::Details(id), Query::DomainDetails(id));
    }
    if cx.offers(Operation::Dns) {
        cx.fetch(Req::Dns(id), Query::Dns(id));
    }
}
