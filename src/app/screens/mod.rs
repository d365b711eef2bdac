//! The screens: each a module that owns its feature (its state, its keys, its requests and
//! their answers, its hints, whether it has data) behind one [`View`] trait, reaching the
//! rest of the app only through a [`Cx`].

pub mod account;
pub mod certificates;
mod cx;
pub mod invoices;
pub mod log;
pub mod services;
pub mod upgrades;

use std::collections::HashSet;
use std::fmt::Debug;

pub use cx::{Cx, Effect};

use crate::api::{ApiError, ChangeAnswer, Data, Operation};
use crate::app::log::RequestLog;
use crate::app::{PromptKind, Screen, WatchItem};
use crate::config::keys::Action;

/// What every screen is.
pub trait View: Default {
    /// What the screen asks the portal for; its answers come back with it.
    type Req: Request;
    /// What another screen may hand it (see [`Visit`]).
    type Visit;

    /// A key's action on this screen (the ones every screen shares are taken before).
    fn action(&mut self, action: Action, cx: &mut Cx);

    /// The portal's answer to one of this screen's requests.
    fn answer(&mut self, req: Self::Req, answer: Result<Data, ApiError>, cx: &mut Cx);

    /// What came of a change this screen put up, or of an estimate it asked for. The
    /// status line has said it already; the screen reads again what the change touched.
    fn changed(
        &mut self,
        _req: Self::Req,
        _result: &Result<ChangeAnswer, ApiError>,
        _at: std::time::SystemTime,
        _cx: &mut Cx,
    ) {
    }

    /// The actions the hint line offers now.
    fn hints(&self, peek: &Peek) -> Vec<Action>;

    /// Whether the screen shows fetched data (which a failed refresh leaves in place).
    fn has_data(&self, peek: &Peek) -> bool;

    /// Whether a failed answer to `req` leaves the data on screen out of date: a refresh of
    /// what is shown does; a lookup of something new is only its own error.
    fn refreshes(&self, _req: &Self::Req) -> bool {
        true
    }

    /// Something another screen hands this one.
    fn visit(&mut self, _visit: Self::Visit, _cx: &mut Cx) {}

    /// Keeps the selection inside a list of `rows` rows.
    fn fit(&mut self, _rows: usize) {}

    /// The filter typed into the prompt, where the screen has one.
    fn set_filter(&mut self, _text: &str) {}

    /// What the watch keys act on here.
    fn watch_item(&self) -> Option<WatchItem> {
        None
    }

    /// The text typed into a prompt this screen opened; `Err` says what is wrong with it,
    /// under the prompt, which stays open.
    fn submit(&mut self, _kind: PromptKind, _text: &str, _cx: &mut Cx) -> Result<(), String> {
        Ok(())
    }
}

/// A screen's request: what a newer one replaces, and whether it is one of the screen's
/// own lookups.
pub trait Request: Clone + Debug + Eq {
    /// Whether this request replaces `older`, still running (by default: one of a kind).
    fn supersedes(&self, older: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(older)
    }

    /// Whether it is a lookup of the screen: Esc there cancels it and its answer says how
    /// fresh the screen is. A read beside the screen (the balance, the record types a form
    /// offers) is not.
    fn lookup(&self) -> bool {
        true
    }
}

/// What a screen may read of the app without changing it.
pub struct Peek<'a> {
    pub not_offered: &'a HashSet<Operation>,
    pub log: &'a RequestLog,
}

impl Peek<'_> {
    pub fn offers(&self, op: Operation) -> bool {
        !self.not_offered.contains(&op)
    }
}

/// Every screen's state, for one profile.
#[derive(Default)]
pub struct Screens {
    pub account: account::AccountView,
    pub certificates: certificates::CertificateView,
    pub services: services::ServicesView,
    pub invoices: invoices::InvoicesView,
    pub log: log::LogView,
    pub upgrades: upgrades::UpgradeView,
}

/// A screen's request, as the app keeps it while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    Account(account::Req),
    Certificates(certificates::Req),
    Services(services::Req),
    Invoices(invoices::Req),
    Upgrades(upgrades::Req),
}

impl From<account::Req> for Req {
    fn from(req: account::Req) -> Req {
        Req::Account(req)
    }
}

impl From<certificates::Req> for Req {
    fn from(req: certificates::Req) -> Req {
        Req::Certificates(req)
    }
}

impl From<services::Req> for Req {
    fn from(req: services::Req) -> Req {
        Req::Services(req)
    }
}

impl From<upgrades::Req> for Req {
    fn from(req: upgrades::Req) -> Req {
        Req::Upgrades(req)
    }
}

impl From<invoices::Req> for Req {
    fn from(req: invoices::Req) -> Req {
        Req::Invoices(req)
    }
}

impl Req {
    pub fn screen(&self) -> Screen {
        match self {
            Req::Account(_) => Screen::Account,
            Req::Certificates(_) => Screen::Certificates,
            Req::Services(_) => Screen::Services,
            Req::Invoices(_) => Screen::Invoices,
            Req::Upgrades(_) => Screen::Upgrades,
        }
    }

    pub fn supersedes(&self, older: &Req) -> bool {
        match (self, older) {
            (Req::Account(a), Req::Account(b)) => a.supersedes(b),
            (Req::Certificates(a), Req::Certificates(b)) => a.supersedes(b),
            (Req::Services(a), Req::Services(b)) => a.supersedes(b),
            (Req::Invoices(a), Req::Invoices(b)) => a.supersedes(b),
            (Req::Upgrades(a), Req::Upgrades(b)) => a.supersedes(b),
            _ => false,
        }
    }

    pub fn lookup(&self) -> bool {
        match self {
            Req::Account(r) => r.lookup(),
            Req::Certificates(r) => r.lookup(),
            Req::Services(r) => r.lookup(),
            Req::Invoices(r) => r.lookup(),
            Req::Upgrades(r) => r.lookup(),
        }
    }
}

/// Something handed from one screen to another.
#[derive(Debug)]
pub enum Visit {
    Account(<account::AccountView as View>::Visit),
    Certificates(certificates::Visit),
    Services(<services::ServicesView as View>::Visit),
    Invoices(<invoices::InvoicesView as View>::Visit),
    Upgrades(upgrades::Visit),
}
