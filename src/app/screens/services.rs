//! The services screen: every service the portal lists, grouped by status; a service's
//! details; from a service, its upgrade options or (an SSL service) its certificate.

use super::{Cx, Peek, Request, View};
use crate::api::models::Service;
use crate::api::{ApiError, Data, Operation, Query};
use crate::api::models::groups::{StatusGroup, services_by_status};
use crate::app::browse::{ListView, Listed};
use crate::app::listing::contains;
use crate::config::keys::Action;
use crate::i18n::Text;

pub type ServicesView = ListView<Service>;

impl Listed for Service {
    fn id(&self) -> &str {
        &self.id
    }
    fn groups(items: &[Service]) -> Vec<StatusGroup> {
        services_by_status(items)
    }
    fn matches(&self, needle: &str) -> bool {
        [&self.name, &self.domain, &self.id, &self.billingcycle, &self.label].iter().any(|t| contains(t, needle))
    }
    fn figure(&self, language: crate::api::Language) -> Option<String> {
        Some(crate::i18n::format::money(self.total, language))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    One(u64),
}

impl Request for Req {}

/// Opens the service with this id, when the list holds it.
#[derive(Debug)]
pub struct Open(pub String);

/// The screen's state, as the screen table names it.
pub type State = ServicesView;

impl View for ServicesView {
    type Req = Req;
    type Visit = Open;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => return refresh(self, cx),
            Action::ShowUpgrades => return self.upgrades(cx),
            Action::ShowCertificate => return self.certificate(cx),
            _ => {}
        }
        match self.browse(action, cx) {
            Ok(Some(id)) => cx.fetch(Req::One(id), Query::Service(id)),
            Ok(None) => {}
            Err(()) => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => self.list_answer(Operation::Services, answer.and_then(Data::into_services), cx),
            Req::One(_) => self.entry_answer(answer.and_then(Data::into_service), cx),
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        match () {
            () if self.detail.is_some() => vec![Back, ShowUpgrades, ShowCertificate, Refresh],
            () if self.items.is_empty() => vec![Refresh],
            () => vec![Open, Filter, ShowUpgrades, ShowCertificate, Refresh],
        }
    }

    fn start(&mut self, cx: &mut Cx) {
        refresh(self, cx);
    }

    fn has_data(&self, _: &Peek) -> bool {
        self.loaded
    }

    fn refreshes(&self, req: &Req) -> bool {
        *req == Req::List
    }

    fn visit(&mut self, Open(id): Open, cx: &mut Cx) {
        if self.select_id(&id) {
            cx.go(crate::app::Screen::Services);
            self.detail = None;
            self.action(Action::Open, cx);
        }
    }

    fn fit(&mut self, rows: usize) {
        ListView::fit(self, rows);
    }

    fn click(&mut self, line: usize, _: usize) -> super::Click {
        ListView::click(self, line)
    }

    fn set_filter(&mut self, text: &str) {
        ListView::set_filter(self, text);
    }
}

impl ServicesView {
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
            None => cx.say(Text::NotACertificate.fill(cx.language, &[("name", &service.name)])),
        }
    }
}

/// The list again, and the open service's details.
fn refresh(view: &ServicesView, cx: &mut Cx) {
    if !cx.offers(Operation::Services) {
        return;
    }
    cx.fetch(Req::List, Query::Services);
    if let Some(id) = view.open().and_then(Service::number) {
        cx.fetch(Req::One(id), Query::Service(id));
    }
}
