//! The domains screen: the portal's registrations, names looked up and names only a hosted
//! DNS zone holds, a registration's details and DNS records; its keys and answers. Beside
//! it: DNS records (`dns.rs`, the form drawn by `draw_dns_form.rs`), settings (`settings.rs`),
//! a name checked and ordered (`availability.rs`, `order*.rs`), contacts and zones.

mod availability;
mod bills;
mod dns;
pub(super) mod draw;
mod on_radar;
mod texts;
mod draw_availability;
mod form;
mod marked;
mod marked_settings;
mod settings;
mod state;
mod widths;
mod req;
mod order;
mod ordering;
mod zones;
mod contacts;
mod draw_contacts;
mod draw_order;
mod draw_dns_form;

pub use availability::{Check, Checked};
pub use form::{DnsForm, FormKey};
pub use settings::Settings;
pub use state::Row;
pub use widths::Widths;
pub use req::Req;
pub use order::{OrderForm, OrderField};

use crossterm::event::KeyEvent;

use super::{Cx, Peek, Settled, View};
use crate::api::models::{Availability, DomainRecord};
use crate::api::{ApiError, Data, DnsSource, Operation, Query};
use crate::app::{PromptKind, WatchItem};
use crate::config::keys::Action;
use crate::i18n::{Text, domain_name};

/// The screen's state: the list, the open registration and its DNS records, the form,
/// what a name typed came to. Its behaviour is in `state.rs` and the files beside it.
#[derive(Clone, Debug, Default)]
pub struct DomainsView {
    /// Names in the order they were first looked up.
    pub names: Vec<String>,
    pub records: Vec<DomainRecord>,
    /// Whether `records` holds the portal's whole list (`GET /domain`).
    pub listed: bool,
    /// Why the portal's whole list could not be read the last time it was asked for.
    pub list_error: Option<std::sync::Arc<ApiError>>,
    pub list: crate::app::listing::GroupedList,
    /// The record whose detail is open.
    pub detail: Option<usize>,
    pub detail_scroll: crate::app::Scroll,
    /// DNS records where they are kept (a registration, a hosted zone), as last read (or
    /// why they could not be).
    pub dns: std::collections::HashMap<DnsSource, Result<Vec<crate::api::models::DnsRecord>, String>>,
    /// The portal's hosted DNS zones (`GET /dns`).
    pub zones: Zones,
    /// How many of `records`, at their end, are names only a hosted zone holds (no
    /// registration of the account): listed so that they can be opened.
    pub zone_only: usize,
    /// The DNS record selected in the open detail (for changing or deleting it).
    pub dns_cursor: usize,
    /// The record types each registration takes, as the portal listed them.
    pub dns_types: std::collections::HashMap<u64, Vec<String>>,
    /// The DNS record to select once the records are read again (the one just changed).
    pub select_dns: Option<String>,
    /// Why the last lookup of a name failed, by name (the radar shows it for watched ones).
    pub errors: std::collections::BTreeMap<String, String>,
    /// The DNS form, open over the screen (a confirmation may be open over it in turn).
    pub form: Option<Box<DnsForm>>,
    /// The form of a DNS change in flight: opened again if the portal refuses it.
    pub sent_form: Option<Box<DnsForm>>,
    /// The open registration's settings read beside its details, and its transfer code
    /// when asked for.
    pub settings: Box<Settings>,
    /// The list's columns, measured over every record when the records change.
    pub widths: Widths,
    /// The name typed that is not the account's, checked for registration (shown above
    /// the list until Esc or the next name).
    pub checked: Option<Box<Checked>>,
    /// The registrations marked to be acted on together, by id.
    pub marks: crate::app::marks::Marks,
    /// The order form open over the screen, and the orders sent and made.
    pub orders: Box<ordering::Orders>,
    /// A hosted zone being made or deleted, between its prompts.
    pub zoning: Box<zones::Zoning>,
    /// The registrations' WHOIS contacts as read, and the form that changes them.
    pub whois: Box<contacts::Whois>,
}

/// The portal's hosted DNS zones, as far as they are known.
#[derive(Clone, Debug, Default)]
pub enum Zones {
    /// Not asked for (a state built without a portal): the records are the registrar's.
    #[default]
    Unasked,
    /// Asked for the first time: where a name's records are kept is not known yet.
    Reading,
    Listed(Vec<crate::api::models::Zone>),
    /// The portal has no DNS hosting (`GET /dns` unknown to it).
    NotOffered,
    /// The zones could not be read, and why: the records shown are the registrar's.
    Failed(String),
}

/// The status the names only a hosted zone holds are listed under (in words:
/// `Text::StatusHostedZone`).
pub const ZONE_ONLY_STATUS: &str = "Hosted zone";

/// Nothing is handed to the domains: the radar opens one by id (`RadarSource::open_item`).
#[derive(Debug)]
pub enum Visit {}

/// The screen's state, as the screen table names it.
pub type State = DomainsView;

impl View for DomainsView {
    type Req = Req;
    type Visit = Visit;

    /// The list, or the open record's detail (a document).
    fn list_read() -> Option<(Req, Query)> {
        Some((Req::List, Query::Domains))
    }

    /// A registration as the list holds it (a renewal's promise is checked against it).
    fn holds(&self, query: &Query, _: &std::collections::HashSet<Operation>) -> Option<Data> {
        let Query::DomainDetails(id) = query else { return None };
        let record = self.records.iter().find(|r| r.id == id.to_string())?;
        Some(Data::DomainDetails(Box::new(record.clone())))
    }

    fn radar(&self) -> Option<&dyn super::RadarSource> {
        Some(self)
    }

    fn radar_mut(&mut self) -> Option<&mut dyn super::RadarSource> {
        Some(self)
    }

    fn draw_dialog(&self, frame: &mut ratatui::Frame, area: ratatui::layout::Rect, paint: &crate::paint::Paint) {
        self.form.as_deref().inspect(|form| draw_dns_form::dns_form(frame, area, paint, form));
    }

    fn action(&mut self, action: Action, cx: &mut Cx) {
        let in_detail = self.detail.is_some();
        match action {
            Action::Refresh => self.refresh(cx),
            Action::Lookup => cx.prompt(PromptKind::Domain, ""),
            // Esc closes the detail (or the name checked), then clears the filter.
            Action::Back => {
                if cx.busy && self.checked.as_ref().is_some_and(|c| c.state == Check::Asking) {
                    self.checked = None;
                }
                let stepped = !cx.busy && self.step_back();
                cx.back(stepped);
            }
            other if in_detail && self.move_in_detail(other, cx.page) => {}
            Action::AddRecord | Action::EditRecord | Action::DeleteRecord | Action::Open if in_detail => {
                self.dns_action(action, cx);
            }
            Action::Renew
            | Action::ToggleAutorenew
            | Action::ToggleLock
            | Action::ToggleIdProtection
            | Action::SetNameservers
            | Action::ShowTransferCode
            | Action::Copy
                if in_detail =>
            {
                self.settings_action(action, cx);
            }
            Action::DeleteZone if in_detail => self.ask_zone_delete(cx),
            Action::EditContacts if in_detail => self.ask_contacts(cx),
            _ if in_detail => cx.unchanged(),
            Action::CreateZone => self.ask_zone_create(cx),
            Action::OrderDomain if self.checked.is_some() => self.ask_order(cx),
            Action::Renew if !self.marks.is_empty() => self.ask_renew_marked(cx),
            Action::Renew => self.say_how_to_renew(cx),
            Action::ToggleAutorenew | Action::ToggleLock | Action::ToggleIdProtection | Action::SetNameservers
                if !self.marks.is_empty() =>
            {
                self.marked_setting(action, cx);
            }
            other if self.mark(other) => {}
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
                    self.list_error = None;
                    self.set_listed(records);
                    self.select_ordered();
                    cx.radar_changed();
                }
                Err(e) => {
                    cx.list_failed(Operation::Domains, &e);
                    if !e.not_offered() {
                        self.list_error = Some(std::sync::Arc::new(e));
                    }
                }
            },
            // One registration's details: they replace what the list said of it.
            Req::Details(id) => match answer.and_then(Data::into_domain_details) {
                Ok(record) => {
                    self.set_details(*record);
                    self.recheck_setting(id, cx);
                }
                Err(e) => cx.list_failed(Operation::DomainDetails, &e),
            },
            Req::Dns(id) => {
                let records = answer.and_then(Data::into_dns).map(|(_, records)| records);
                self.dns_answer(DnsSource::Registrar(id), records, cx);
            }
            Req::Zone(zone) => {
                let records = answer.and_then(Data::into_zone_records).map(|(_, records)| records);
                self.dns_answer(DnsSource::Zone(zone), records, cx);
            }
            Req::Zones => self.zones_answer(answer.and_then(Data::into_zones), cx),
            Req::Types(id) => self.types_answer(id, answer.and_then(Data::into_dns_types), cx),
            Req::Lock(id) => self.lock_answer(id, answer.and_then(Data::into_registrar_lock), cx),
            Req::Nameservers(id) => self.nameservers_answer(id, answer.and_then(Data::into_nameservers), cx),
            Req::Order => self.order_answer(answer.and_then(Data::into_domain_order), cx),
            Req::Bill(id) => self.bill_answer(id, answer, cx),
            Req::TransferCode(id) => self.transfer_code_answer(id, answer.and_then(Data::into_transfer_code), cx),
            Req::Prices | Req::TldForm(_) | Req::Contacts | Req::Payments => self.order_read(&req, answer, cx),
            Req::OrderInvoices => self.order_invoices(answer, cx),
            Req::DomainContacts(id) => self.contacts_answer(id, answer, cx),
            // Changes, availability and quotes come by `changed`, `looked_up` and `quoted`.
            _ => {}
        }
        self.keep_dns_selection_in_view();
    }

    fn looked_up(&mut self, req: Req, answer: Result<Availability, ApiError>, cx: &mut Cx) {
        if let Req::Availability(name) = req {
            self.availability_answer(name, answer, cx);
        }
    }

    fn quoted(&mut self, req: Req, answer: Result<crate::api::models::Quote, ApiError>, cx: &mut Cx) {
        if let Req::Quote(name) = req {
            self.order_quoted(&name, answer, cx);
        }
    }

    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        match req {
            Req::Ordered(name) => self.order_changed(name, settled, cx),
            Req::ZoneChange(_) => self.zone_changed(settled, cx),
            Req::ContactsSet(id) => self.contacts_changed(id, settled, cx),
            Req::Change { source, record_id } => {
                // After a lost answer, the record the change made, read again, is selected.
                let lost = settled.result.as_ref().is_err_and(crate::api::ApiError::may_have_applied);
                let made = settled.check.filter(|_| lost).and_then(|c| c.record.clone());
                self.dns_changed(source, record_id, settled, cx);
                if made.is_some() {
                    self.select_dns = made;
                }
            }
            Req::Setting(id) => self.setting_changed(id, settled, cx),
            Req::Renewal { id, price } => self.renewal_changed(id, price, settled, cx),
            _ => {}
        }
    }

    fn confirmed(&mut self, req: &Req, refused: Option<&str>) {
        match req {
            Req::Change { .. } => self.dns_confirmed(refused),
            Req::Ordered(_) => self.order_confirmed(refused),
            Req::ContactsSet(_) => self.contacts_confirmed(refused),
            _ => {}
        }
    }

    /// In a detail: its settings first, then its DNS records' keys; the hint line keeps
    /// what fits its width (help lists them all).
    fn hints(&self, peek: &Peek) -> Vec<Action> {
        use Action::*;
        if self.detail.is_none() {
            let back = self.checked.is_some().then_some(Back);
            let order = self.checked.as_ref().and_then(|c| c.answer()).map(|_| OrderDomain);
            if self.records.is_empty() {
                return [Some(Lookup), order, back].into_iter().flatten().collect();
            }
            // A name only a hosted zone holds has no expiry to watch.
            let watch = self.watch_item().is_some().then_some(Watch);
            let zone = matches!(self.zones, Zones::Listed(_)).then_some(CreateZone);
            let first = [Some(Lookup), order, back, Some(Filter), Some(Open), Some(Mark)].into_iter().flatten();
            let last = watch.into_iter().chain(zone).chain([Refresh]);
            return first.chain(self.marked_hints(peek)).chain(last).collect();
        }
        let mut hints = vec![Back];
        // The DNS records fill the detail: their keys come first, the settings' after.
        match self.detail_source() {
            None => {}
            Some(source) if !peek.offers(source.read().operation()) => {}
            // A read-only record is offered neither for a change nor for deletion.
            Some(_) if self.dns_selected().is_some_and(|at| self.dns_read_only(at).is_none()) => {
                hints.extend([AddRecord, EditRecord, DeleteRecord]);
            }
            Some(_) => hints.push(AddRecord),
        }
        if self.open_registration().is_some() {
            let settings = [
                (Renew, Operation::DomainRenew),
                (ToggleAutorenew, Operation::DomainAutorenew),
                (ToggleLock, Operation::DomainLock),
                (ToggleIdProtection, Operation::DomainIdProtection),
                (SetNameservers, Operation::DomainNameservers),
            ];
            // The lock turns only from a state read.
            let offered = |(action, op): &(Action, Operation)| {
                peek.offers(*op) && (*action != ToggleLock || peek.offers(Operation::RegistrarLock))
            };
            hints.extend(settings.into_iter().filter(offered).map(|(action, _)| action));
            if peek.offers(Operation::DomainContacts) {
                hints.push(EditContacts);
            }
            match self.transfer_code_shown() {
                Some(_) => hints.push(Copy),
                None if peek.offers(Operation::TransferCode) => hints.push(ShowTransferCode),
                None => {}
            }
        }
        if self.detail_record().and_then(|r| self.zone_named(&r.name)).is_some() {
            hints.push(DeleteZone);
        }
        if self.watch_item().is_some() {
            hints.push(Watch);
        }
        hints.push(Refresh);
        hints
    }

    /// The portal's whole list and its hosted DNS zones, where it offers them.
    fn start(&mut self, cx: &mut Cx) {
        if cx.offers(Operation::Domains) {
            cx.fetch(Req::List, Query::Domains);
        }
        self.fetch_zones(cx);
    }

    fn has_data(&self, _: &Peek) -> bool {
        !self.records.is_empty()
    }

    /// The account's domains (`GET /domain`), once asked for.
    fn list(&self) -> Option<(Operation, Option<&ApiError>)> {
        Some((Operation::Domains, self.list_error.as_deref()))
    }

    fn refreshes(&self, req: &Req) -> bool {
        matches!(req, Req::List | Req::Watched(_) | Req::Zones)
    }

    /// The list's rows, less those the panel of a name checked takes above it.
    fn fit(&mut self, rows: usize) {
        let panel = self.panel_height(rows + 3);
        self.list.scroll_into_view(rows.saturating_sub(panel));
    }

    fn click(&mut self, line: usize, _: usize) -> super::Click {
        if self.detail.is_some() { super::Click::Nothing } else { self.list.click_line(line) }
    }

    fn wheel_moves_rows(&self) -> bool {
        self.detail.is_none()
    }

    /// In a detail `Enter` changes the DNS record it is on, as `c` does.
    fn says(&self, action: Action) -> Option<crate::i18n::Text> {
        (self.detail.is_some() && action == Action::Open).then_some(crate::i18n::Text::KeyEditRecord)
    }

    /// In a domain's detail `Enter` changes the record it is on, as `c` does.
    fn goes_with(&self, action: Action) -> Option<Action> {
        match action {
            Action::Open => self.detail.is_some().then_some(Action::EditRecord),
            Action::MarkAll | Action::ClearMarks => Some(Action::Mark),
            _ => None,
        }
    }

    fn why_not(&self, action: Action, peek: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        use Action::*;
        let records = [AddRecord, EditRecord, DeleteRecord, Open];
        let settings =
            [Renew, ToggleAutorenew, ToggleLock, ToggleIdProtection, SetNameservers, ShowTransferCode, Copy, EditContacts];
        if self.detail.is_none() {
            return match action {
                _ if records.contains(&action) || settings.contains(&action) => Text::WhyInDetail,
                _ if self.records.is_empty() => Text::WhyListEmpty,
                _ => Text::WhyNotNow,
            };
        }
        match action {
            _ if records.contains(&action) => match (self.detail_source(), self.dns_selected()) {
                (None, _) => Text::WhyNoRecords,
                (Some(source), _) if !peek.offers(source.read().operation()) => Text::WhyNoRecords,
                (Some(_), Some(at)) if self.dns_read_only(at).is_some() => Text::WhyRecordReadOnly,
                (Some(_), _) => Text::WhyNoRecordSelected,
            },
            _ if settings.contains(&action) && self.open_registration().is_none() => Text::WhyNotRegistration,
            ShowTransferCode if self.transfer_code_shown().is_some() => Text::WhyCodeShown,
            Copy if self.transfer_code_shown().is_none() && peek.offers(Operation::TransferCode) => Text::WhyCodeHidden,
            _ if settings.contains(&action) => Text::WhyNotOffered,
            _ => Text::WhyOnList,
        }
    }

    fn set_filter(&mut self, text: &str) {
        DomainsView::set_filter(self, text);
    }

    /// A registration's name (a name only a hosted zone holds has no expiry to watch).
    fn watch_item(&self) -> Option<WatchItem> {
        let record = self.selected_record().filter(|r| !self.is_zone_only(r))?;
        Some(WatchItem::Domain(record.name.to_lowercase().into()))
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        if let Some(done) = self.zone_submit(kind, text, cx) {
            return done;
        }
        if kind != PromptKind::Domain {
            return self.settings_submit(kind, text, cx);
        }
        let name = domain_name(text, cx.language)?;
        // A name that is not the account's (the whole list says so): can it be registered?
        if self.listed && !self.holds(&name) {
            return self.check(&name, cx);
        }
        // Nor is anything sent for a name no one could register.
        if !self.holds(&name) && crate::api::domain_actions::lookup_name(&name).is_none() {
            return Err(Text::AvailNotAName.fill(cx.language, &[("name", &name)]));
        }
        self.checked = None;
        // A new name shows up in the list, not behind a filter.
        self.set_filter("");
        cx.fetch(Req::Lookup(name.clone()), Query::Domain(name));
        Ok(())
    }

    fn modal(&self) -> bool {
        self.form.is_some() || self.orders.form.is_some() || self.whois.form.is_some()
    }

    fn modal_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        if self.orders.form.is_some() {
            self.order_key(key, cx);
        } else if self.whois.form.is_some() {
            self.contacts_key(key, cx);
        } else {
            self.form_key(key, cx);
        }
    }

    fn paste(&mut self, pasted: &super::Pasted) -> Option<bool> {
        if let Some(form) = self.orders.form.as_mut() {
            return Some(form.paste(pasted.line));
        }
        if let Some(form) = self.whois.form.as_mut() {
            return Some(form.paste(pasted.line));
        }
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
        if self.checked.take().is_some() {
            return true;
        }
        if self.detail.take().is_some() {
            self.settings.transfer_code = None;
            return true;
        }
        let filtered = !self.list.filter.is_empty();
        self.set_filter("");
        filtered
    }

    /// The portal's list and zones (where it offers them), the names looked up that it does
    /// not hold, and an open detail's DNS records.
    fn refresh(&mut self, cx: &mut Cx) {
        let listed = cx.offers(Operation::Domains);
        if listed {
            cx.fetch(Req::List, Query::Domains);
        }
        self.fetch_zones(cx);
        for name in &self.names {
            if !(listed && self.listed && self.records.iter().any(|r| r.name.eq_ignore_ascii_case(name))) {
                cx.fetch(Req::Watched(name.clone()), Query::Domain(name.clone()));
            }
        }
        self.fetch_open(cx);
    }

    /// Opens the selected registration (or name only a zone holds): at once with what is
    /// known, then its details and DNS records as the portal has them now.
    fn open(&mut self, cx: &mut Cx) {
        self.checked = None;
        self.open_detail();
        self.fetch_open(cx);
    }

    /// The open registration's details and settings, and the open detail's DNS records
    /// where they are kept (once that is known: see `zones_answer`).
    fn fetch_open(&self, cx: &mut Cx) {
        let Some(record) = self.detail_record() else { return };
        if let Some(id) = record.id.trim().parse::<u64>().ok().filter(|_| !self.is_zone_only(record)) {
            if cx.offers(Operation::DomainDetails) {
                cx.fetch(Req::Details(id), Query::DomainDetails(id));
            }
            settings::fetch_settings(id, cx);
            contacts::fetch_contacts(id, cx);
        }
        if let Some(source) = self.detail_source() {
            dns::fetch_dns(source, cx);
        }
    }

    /// An answer for `name`; `looked_up` when the user asked for it (its first record is
    /// then selected), else it only fills the list.
    fn lookup_answer(&mut self, name: String, result: Result<Vec<DomainRecord>, ApiError>, looked_up: bool, cx: &mut Cx) {
        match result {
            // The account holds no registration of a name typed: can it be registered?
            Ok(records) if looked_up && records.is_empty() && !self.holds(&name) => self.not_held(&name, None, cx),
            Ok(records) => {
                self.set_records(&name, records, looked_up);
                *cx.error = None;
                self.errors.remove(&name);
            }
            // A name no registration holds but a hosted zone does: found, as the zone.
            Err(_) if looked_up && self.select_zone_only(&name) => {
                *cx.error = None;
                self.errors.remove(&name);
            }
            Err(e) if looked_up && !self.holds(&name) && (matches!(e, ApiError::Portal { .. }) || e.not_offered()) => {
                let said = crate::i18n::api_error_for(&e, &name, cx.language);
                self.not_held(&name, Some(said), cx);
            }
            Err(e) => {
                *cx.error = Some(crate::i18n::api_error_for(&e, &name, cx.language));
                *cx.info = None;
                self.errors.insert(name, crate::i18n::api_error(&e, cx.language));
            }
        }
        cx.radar_changed();
    }

    /// A name typed that the portal says the account does not hold (in `said`, its words):
    /// checked instead, what it said kept on the panel.
    fn not_held(&mut self, name: &str, said: Option<String>, cx: &mut Cx) {
        *cx.error = None;
        self.errors.remove(name);
        if let Err(said) = self.check_after(name, said, cx) {
            cx.say(said);
        }
    }

    /// Selects the name only a hosted zone holds, `name`, closing any detail; false when
    /// there is none.
    fn select_zone_only(&mut self, name: &str) -> bool {
        let from = self.records.len() - self.zone_only;
        let records = &self.records;
        let found = self.list.select_where(|i| i >= from && records[i].name.eq_ignore_ascii_case(name.trim()));
        if found {
            self.detail = None;
            self.settings.transfer_code = None;
        }
        found
    }
}
