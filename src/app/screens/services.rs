//! The services screen: every service the portal lists, grouped by status; a service's
//! details; from a service, its upgrade options or (an SSL service) its certificate.

use super::{Cx, Peek, Request, View};
use crate::api::models::Service;
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::browse::ListView;
use crate::config::keys::Action;

pub type ServicesView = ListView<Service>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    One(u64),
}

impl Request for Req {}

/// Opens the service with this id, when the list holds it.
#[derive(Debug)]
pub struct Open(pub String);

impl View for ServicesView {
    type Req = Req;
    type Visit = Open;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if action == Action::Refresh {
            return refresh(self, cx);
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

    fn set_filter(&mut self, text: &str) {
        ListView::set_filter(self, text);
    }
}

/// The list again, and the open service's details.
pub fn refresh(view: &ServicesView, cx: &mut Cx) {
    if !cx.offers(Operation::Services) {
        return;
    }
    cx.fetch(Req::List, Query::Services);
    if let Some(id) = view.open().and_then(Service::number) {
        cx.fetch(Req::One(id), Query::Service(id));
    }
}
