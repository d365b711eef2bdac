//! The radar screen's state: the profile's watchlist, what its lookups brought, and the
//! radar built from them (rebuilt on change, never on draw).

use crate::app::screens::radar::texts;
use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::api::models::{Certificate, Service, UpgradeOptions};
use crate::radar::{self, Coverage, Found, Item, Watchlist};

#[derive(Clone, Debug, Default)]
pub struct WatchState {
    pub list: Watchlist,
    /// The config file and profile the list is written back to (`None`: this run only).
    pub save_to: Option<(PathBuf, String)>,
    pub certificates: BTreeMap<u64, Result<Box<Certificate>, String>>,
    /// The watched services as read on their own (`GET /service/ID`).
    pub services: BTreeMap<u64, Result<Box<Service>, String>>,
    pub items: Vec<Item>,
    /// What the radar could not look at: the lists the portal does not give, the items
    /// whose lookup failed (see `rebuild`).
    pub coverage: Coverage,
    pub selected: usize,
}

impl WatchState {
    pub fn watches_domain(&self, name: &str) -> bool {
        self.list.domains.iter().any(|d| d.eq_ignore_ascii_case(name))
    }

    /// Whether `item` is on the watchlist.
    pub fn watches(&self, item: &WatchItem) -> bool {
        match item {
            WatchItem::Domain(name) => self.watches_domain(name),
            WatchItem::Certificate(id) => self.list.certificates.contains(id),
            WatchItem::Service(id) => self.list.services.contains(id),
        }
    }

    /// Rebuilds the radar from the certificates and services fetched and what the other
    /// screens offer it (`found`: the watched names, the portal's lists where it gave them).
    pub fn rebuild(&mut self, offered: Vec<Found<'_>>, today: time::Date) {
        let mut found: Vec<Found<'_>> = Vec::new();
        for id in &self.list.certificates {
            match self.certificates.get(id) {
                Some(Ok(cert)) => found.push(Found::Certificate(*id, Ok(cert))),
                Some(Err(e)) => found.push(Found::Certificate(*id, Err(e.clone()))),
                None => {}
            }
        }
        for id in &self.list.services {
            match self.services.get(id) {
                Some(Ok(service)) => found.push(Found::Service(*id, Ok(service))),
                Some(Err(e)) => found.push(Found::Service(*id, Err(e.clone()))),
                None => {}
            }
        }
        found.extend(offered);
        self.items = radar::build(&found, today, radar::SOON_DAYS);
        self.selected = self.selected.min(self.items.len().saturating_sub(1));
    }

    /// Adds an item; false when it was already watched.
    pub fn add(&mut self, item: WatchItem) -> bool {
        match item {
            WatchItem::Domain(name) if !self.watches_domain(&name) => self.list.domains.push(name),
            WatchItem::Certificate(id) if !self.list.certificates.contains(&id) => self.list.certificates.push(id),
            WatchItem::Service(id) if !self.list.services.contains(&id) => self.list.services.push(id),
            _ => return false,
        }
        true
    }

    /// Removes an item and what its lookup brought; false when it was not watched.
    pub fn remove(&mut self, item: &WatchItem) -> bool {
        let before = self.list.clone();
        match item {
            WatchItem::Domain(name) => {
                self.list.domains.retain(|d| !d.eq_ignore_ascii_case(name));
            }
            WatchItem::Certificate(id) => {
                self.list.certificates.retain(|c| c != id);
                self.certificates.remove(id);
            }
            WatchItem::Service(id) => {
                self.list.services.retain(|s| s != id);
                self.services.remove(id);
            }
        }
        self.list != before
    }
}

/// Something that can be watched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchItem {
    Domain(String),
    Certificate(u64),
    Service(u64),
}

impl WatchItem {
    pub fn describe(&self, language: crate::api::Language) -> String {
        match self {
            WatchItem::Domain(name) => name.clone(),
            WatchItem::Certificate(id) => texts::WatchCertificate.fill(language, &[("id", id)]),
            WatchItem::Service(id) => texts::WatchService.fill(language, &[("id", id)]),
        }
    }
}

/// A watched item as read, handed between the radar and the screens that show it.
#[derive(Clone, Debug)]
pub enum Watched {
    Certificate(u64, Box<Certificate>),
    /// A watched service itself (its next due date).
    Service(u64, Box<Service>),
    /// A watched service's upgrade options.
    Upgrades(u64, UpgradeOptions),
}
