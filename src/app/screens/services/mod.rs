//! The services screen: every service the portal lists, grouped by status; a service's
//! details; from a service, its upgrade options or (an SSL service) its certificate, and
//! cancelling or labelling it where it offers that (`changes`).

mod changes;
pub(super) mod draw;
mod texts;

pub use changes::Cancelling;

use std::collections::HashMap;

use super::{Cx, Peek, Request, Settled, View};
use crate::api::models::{Service, ServiceAction, ServiceMethod, offers};
use crate::api::{ApiError, Data, Operation, Query};
use crate::api::models::groups::{StatusGroup, services_by_status};
use crate::app::browse::{ListView, Listed};
use crate::app::screens::Watched;
use crate::app::{PromptKind, Screen, WatchItem};
use crate::radar::{Found, Kind};
use crate::config::keys::Action;

#[derive(Clone, Debug, Default)]
pub struct ServicesView {
    pub browse: ListView<Service>,
    /// What each service opened lists it offers, by id: `None` when the portal has no such
    /// list (then any action is allowed, and the portal decides).
    pub methods: HashMap<u64, Option<Vec<ServiceMethod>>>,
    /// Each service's label as the portal's label route last gave it, by id.
    pub labels: HashMap<u64, String>,
    /// The service being cancelled: the reason typed, when it is to end (chosen in the
    /// dialog, then named in what is typed to confirm).
    pub cancelling: Option<Cancelling>,
    /// `x` or `t` pressed on a service whose offers were not known yet: done once they are.
    pub after_methods: Option<(u64, Action)>,
    /// The service whose password is shown (`w`), by id: hidden again when its detail
    /// closes, as a domain's transfer code is.
    pub password_shown: Option<compact_str::CompactString>,
}

impl ServicesView {
    /// The open service's password, when it is shown.
    pub fn password_shown(&self) -> Option<&secrecy::SecretString> {
        let service = self.browse.open()?;
        let shown = self.password_shown.as_ref().is_some_and(|id| *id == service.id);
        service.password.get().filter(|_| shown)
    }

    /// `w` on a service with a password: shows it, or hides it again.
    fn toggle_password(&mut self, cx: &mut Cx) {
        match self.browse.open().filter(|s| s.password.get().is_some()) {
            Some(service) if self.password_shown.as_ref() != Some(&service.id) => {
                self.password_shown = Some(service.id.clone());
            }
            Some(_) => self.password_shown = None,
            None => cx.unchanged(),
        }
    }
}

impl Listed for Service {
    fn id(&self) -> &str {
        &self.id
    }
    fn groups(items: &[Service]) -> Vec<StatusGroup> {
        services_by_status(items)
    }
    fn search_text(&self, add: &mut dyn FnMut(&str)) {
        [&self.name, &self.domain, &self.id, &self.billingcycle, &self.label].into_iter().for_each(|t| add(t));
    }
    fn figure(&self, language: crate::api::Language) -> Option<String> {
        Some(crate::i18n::format::money(self.total, language))
    }
    /// Its total, as the list shows it, in the account's currency.
    fn marked_amount(&self) -> crate::app::marks::Priced<'_> {
        self.unreadable.is_none().then_some((self.total, ""))
    }

    /// The name, the domain and the cycle.
    fn text_widths(&self, language: crate::api::Language) -> Vec<usize> {
        use unicode_width::UnicodeWidthStr;
        let cycle = crate::i18n::cycle(&self.billingcycle, language).width();
        vec![self.name.width(), self.domain.width(), cycle]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    One(u64),
    /// What the service offers (`GET /service/@id/methods`).
    Methods(u64),
    Label(u64),
    /// Cancelling or labelling this service.
    Change(u64),
}

impl Request for Req {
    /// What a service offers and its label are read beside it; a change is no lookup.
    fn lookup(&self) -> bool {
        matches!(self, Req::List | Req::One(_))
    }
}

/// What is handed to the services (the radar opens one by its id: `ListScreen::open_item`).
#[derive(Debug)]
pub enum Visit {
    /// A product was ordered when these services were listed: the newest one listed after
    /// it, selected once a list read again holds it (without the screen shown).
    Ordered(std::collections::HashSet<String>),
}

/// The screen's state, as the screen table names it.
pub type State = ServicesView;

impl View for ServicesView {
    type Req = Req;
    type Visit = Visit;

    super::list_screen_view!();

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => return super::ListScreen::refresh(self, cx),
            Action::ShowUpgrades => return self.upgrades(cx),
            Action::ShowCertificate => return self.certificate(cx),
            Action::CancelService => return self.ask_reason(cx),
            Action::LabelService => return self.ask_label(cx),
            Action::ShowPassword => return self.toggle_password(cx),
            // Leaving the detail hides the password.
            Action::Back => self.password_shown = None,
            _ => {}
        }
        match self.browse.browse(action, cx) {
            Ok(Some(id)) => read_service(id, cx),
            Ok(None) => {}
            Err(()) => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => {
                self.browse.list_answer(Operation::Services, answer.and_then(Data::into_services), cx);
                super::ListScreen::listed(self, cx);
            }
            Req::One(_) => self.browse.entry_answer(answer.and_then(Data::into_service), cx),
            Req::Methods(id) => match answer.and_then(Data::into_service_methods) {
                Ok((_, listed)) => {
                    self.methods.insert(id, Some(listed));
                    self.after_methods_read(id, cx);
                }
                // Not known: the actions are allowed, and nothing is said.
                Err(e) => {
                    cx.list_failed(Operation::ServiceMethods, &e);
                    self.methods.insert(id, None);
                    self.after_methods_read(id, cx);
                }
            },
            Req::Label(id) => match answer.and_then(Data::into_service_label) {
                Ok((_, label)) => {
                    self.labels.insert(id, label);
                }
                Err(e) => cx.list_failed(Operation::ServiceLabel, &e),
            },
            Req::Change(_) => {}
        }
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        let Visit::Ordered(before) = visit;
        let made = crate::app::Made { entry: crate::app::MadeEntry::NewSince(before), open: false };
        super::ListScreen::select_made(self, made, cx);
    }

    /// Whatever came of a change, the service, its label and the list are read again.
    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        let (Req::Change(id), Some(_)) = (req, settled.read_again) else { return };
        cx.fetch(Req::List, Query::Services);
        read_service(id, cx);
    }

    fn hints(&self, peek: &Peek) -> Vec<Action> {
        use Action::*;
        let route = peek.offers(Operation::ServiceMethods);
        let Some(service) = self.browse.open() else {
            // On the list, what the selected service offers may not be read yet: `x` and
            // `t` are offered unless it is known they are not (pressed, they read it first).
            let Some(s) = self.browse.selected() else {
                return if self.browse.items.is_empty() { vec![Refresh] } else { vec![Open, Filter, Mark, Refresh] };
            };
            let maybe = |action| self.offered(s, action, route) != Some(false);
            let cancel = maybe(ServiceAction::Cancel) && !s.has_ended() && !s.cancelling();
            let clear = (!self.browse.marks.is_empty()).then_some(ClearMarks);
            return [Open, Filter, Mark]
                .into_iter()
                .chain(clear)
                .chain(cancel.then_some(CancelService))
                .chain([ShowUpgrades])
                .chain(s.is_certificate().then_some(ShowCertificate))
                .chain(maybe(ServiceAction::Label).then_some(LabelService))
                .chain([Refresh])
                .collect();
        };
        let offered = |action| self.offered(service, action, route) == Some(true);
        // Not offered again once a cancellation is requested (the detail says why).
        let cancel = offered(ServiceAction::Cancel) && !service.has_ended() && !service.cancelling();
        let label = offered(ServiceAction::Label);
        let certificate = service.is_certificate();
        [Back].into_iter()
            .chain(service.password.get().is_some().then_some(ShowPassword))
            .chain(cancel.then_some(CancelService))
            .chain(label.then_some(LabelService))
            .chain([ShowUpgrades])
            .chain(certificate.then_some(ShowCertificate))
            .chain([Refresh])
            .collect()
    }

    fn why_not(&self, action: Action, peek: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        let route = peek.offers(Operation::ServiceMethods);
        let Some(service) = self.browse.current() else { return Text::WhyListEmpty };
        let open = self.browse.open().is_some();
        match action {
            Action::CancelService if service.has_ended() => Text::WhyServiceEnded,
            Action::CancelService if service.cancelling() => Text::WhyCancelRequested,
            Action::CancelService if self.offered(service, ServiceAction::Cancel, route) == Some(false) => {
                Text::WhyServiceOffersNot
            }
            Action::LabelService if self.offered(service, ServiceAction::Label, route) == Some(false) => {
                Text::WhyServiceOffersNot
            }
            Action::ShowCertificate if !service.is_certificate() => Text::WhyNotCertificate,
            _ if open => Text::WhyOnList,
            _ => Text::WhyInDetail,
        }
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        match kind {
            PromptKind::CancelReason => self.reason_typed(text, cx),
            PromptKind::CancelTyped | PromptKind::CancelNowTyped => {
                self.confirmation_typed(text, cx);
                Ok(())
            }
            PromptKind::ServiceLabel => {
                self.label_typed(text, cx);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The dialog choosing when a cancelled service ends.
    fn modal(&self) -> bool {
        self.cancelling.as_ref().is_some_and(|c| c.choosing)
    }

    fn modal_key(&mut self, key: crossterm::event::KeyEvent, cx: &mut Cx) {
        self.when_key(key, cx);
    }
}

impl ServicesView {
    /// Whether `service` offers `action`: `Some(true)` when its methods list it or cannot
    /// be known (`methods_route` false: the portal has no such list), `None` while they
    /// are being read.
    pub fn offered(&self, service: &Service, action: ServiceAction, methods_route: bool) -> Option<bool> {
        let id = service.number()?;
        match self.methods.get(&id) {
            Some(Some(listed)) => Some(offers(listed, action)),
            Some(None) => Some(true),
            None if !methods_route => Some(true),
            None => None,
        }
    }

    /// The entry on screen (the open one, else the selected one).
    pub fn current(&self) -> Option<&Service> {
        self.browse.current()
    }

    /// The upgrade picker for the service on screen: no id to type.
    fn upgrades(&self, cx: &mut Cx) {
        match self.current().and_then(Service::number) {
            Some(id) => cx.visit(super::upgrades::Visit::Pick(id)),
            None => cx.unchanged(),
        }
    }

    /// The certificate detail of the SSL service on screen.
    fn certificate(&self, cx: &mut Cx) {
        let Some(service) = self.current() else { return cx.unchanged() };
        match service.number().filter(|_| service.is_certificate()) {
            Some(id) => cx.visit(super::certificates::Visit::Pick(id)),
            None => cx.say(texts::NotACertificate.fill(cx.language, &[("name", &service.name)])),
        }
    }
}

/// The running services' due dates are on the radar; the open one's details are read again
/// after the list.
impl super::ListScreen for ServicesView {
    type Entry = Service;
    const SCREEN: Screen = Screen::Services;
    const KIND: Kind = Kind::Service;

    fn browse(&self) -> &ListView<Service> {
        &self.browse
    }

    fn browse_mut(&mut self) -> &mut ListView<Service> {
        &mut self.browse
    }

    fn list_query() -> (Req, Query) {
        (Req::List, Query::Services)
    }

    fn found(&self) -> Found<'_> {
        Found::Services(&self.browse.items)
    }

    fn read_open(&self, cx: &mut Cx) {
        if let Some(id) = self.browse.open().and_then(Service::number) {
            read_service(id, cx);
        }
    }

    /// A watched service this list holds is on the radar as the list has it: what a change
    /// to it read back (a cancellation filed) shows at once, not only after the radar's own
    /// read of it comes again with `r`.
    fn holds_watched(&self, item: &WatchItem) -> Option<Watched> {
        let WatchItem::Service(id) = item else { return None };
        let listed = self.browse.items.iter().find(|s| s.number() == Some(*id));
        listed.filter(|_| self.browse.loaded).map(|service| Watched::Service(*id, Box::new(service.clone())))
    }
}

/// One service's details, what it offers and its label, where the portal has those routes.
fn read_service(id: u64, cx: &mut Cx) {
    cx.fetch(Req::One(id), Query::Service(id));
    if cx.offers(Operation::ServiceMethods) {
        cx.fetch(Req::Methods(id), Query::ServiceMethods(id));
    }
    if cx.offers(Operation::ServiceLabel) {
        cx.fetch(Req::Label(id), Query::ServiceLabel(id));
    }
}
