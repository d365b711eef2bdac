//! The radar screen: the watched items and what the portal's lists say needs attention,
//! soonest first; its keys and answers, and the watchlist changes (`a`, `d`) made from any
//! screen. The radar reads the other screens' lists; it is rebuilt when they change.

pub(crate) mod draw;
mod state;
mod texts;

pub use state::{WatchItem, WatchState};

use super::{Cx, Peek, Request, Screens, View, certificates, domains, invoices, services, tickets, upgrades};
use crate::api::models::Certificate;
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::Screen;
use crate::config::keys::Action;
use crate::radar::Kind;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    /// A watched certificate.
    Certificate(u64),
    /// A watched service's upgrade options.
    Service(u64),
    /// A watched service itself: its next due date, for the radar.
    Due(u64),
}

impl Request for Req {
    /// One request per watched item: a newer one replaces only the same item's.
    fn supersedes(&self, older: &Req) -> bool {
        self == older
    }
}

/// What the rest of the app hands the radar.
#[derive(Debug)]
pub enum Visit {
    /// Signed in: every watched item is asked for, and the radar comes first when it has
    /// something on it.
    SignedIn,
    /// Watch (`add`) or stop watching what the screen shown offers (`a`, `d`).
    Watch { item: WatchItem, add: bool },
}

/// The screen's state, as the screen table names it.
pub type State = WatchState;

impl View for WatchState {
    type Req = Req;
    type Visit = Visit;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if let Some(at) = crate::app::scroll::moved(self.selected, action, cx.page, self.items.len()) {
            self.selected = at;
            return;
        }
        match action {
            Action::Open => self.open(cx),
            Action::Refresh => self.fetch_watched(cx),
            Action::Back => cx.back(false),
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::Certificate(id) => self.certificate_answer(id, answer.and_then(Data::into_certificate), cx),
            // The first watched service in the watchlist's order is shown until the user
            // looks one up; later ones never replace it.
            Req::Service(id) => {
                if let (Ok(options), true) = (answer.and_then(Data::into_upgrade), self.list.services.first() == Some(&id))
                {
                    cx.visit(upgrades::Visit::Watched(id, options));
                }
            }
            // A portal without a service's details leaves its due date unknown: said above
            // the radar, not a failed lookup.
            Req::Due(id) => match answer.and_then(Data::into_service) {
                Err(e) if e.not_offered() => cx.list_failed(Operation::Service, &e),
                service => {
                    self.services.insert(id, service.map_err(|e| crate::i18n::api_error(&e, cx.language)));
                    cx.radar_changed();
                }
            },
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        if self.items.is_empty() { vec![Profiles] } else { vec![Open, Unwatch, Refresh, Profiles] }
    }

    fn has_data(&self, _: &Peek) -> bool {
        !self.items.is_empty()
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        match visit {
            Visit::SignedIn => {
                if !self.list.domains.is_empty() || !self.list.certificates.is_empty() || !self.list.services.is_empty() {
                    cx.go(Screen::Radar);
                }
                self.fetch_watched(cx);
            }
            Visit::Watch { item, add } => self.change(item, add, cx),
        }
    }

    /// A click on `line` of the items on screen, scrolled just enough to show the selected
    /// one (the window the radar draws, below the coverage line).
    fn click(&mut self, line: usize, visible: usize) -> super::Click {
        // Below the line saying what the radar could not cover, when it is shown.
        let above = usize::from(!self.coverage.is_complete());
        let (Some(line), visible) = (line.checked_sub(above), visible.saturating_sub(above)) else {
            return super::Click::Nothing;
        };
        let item = self.selected.saturating_sub(visible.saturating_sub(1)) + line;
        if item >= self.items.len() {
            super::Click::Nothing
        } else if item == self.selected {
            super::Click::Open
        } else {
            self.selected = item;
            super::Click::Selected
        }
    }

    fn wheel_moves_rows(&self) -> bool {
        true
    }

    /// The selected item, as the watch keys take it here.
    fn watch_item(&self) -> Option<WatchItem> {
        let item = self.items.get(self.selected)?;
        match item.kind {
            Kind::Domain => Some(WatchItem::Domain(item.name.to_lowercase().into())),
            Kind::Certificate => item.id.parse().ok().map(WatchItem::Certificate),
            Kind::Service => item.id.parse().ok().map(WatchItem::Service),
            Kind::Invoice | Kind::Ticket => None,
        }
    }
}

impl WatchState {
    /// Asks for every watched item at once (the worker runs a few at a time).
    fn fetch_watched(&self, cx: &mut Cx) {
        // The lists the line above the radar says could not be read are read again too.
        for missed in &self.coverage.lists_failed {
            match missed.kind {
                Kind::Domain => cx.fetch(domains::Req::List, Query::Domains),
                Kind::Service => cx.fetch(services::Req::List, Query::Services),
                Kind::Invoice => cx.fetch(invoices::Req::List, Query::Invoices),
                Kind::Ticket => cx.fetch(tickets::Req::List, Query::Tickets),
                Kind::Certificate => cx.fetch(certificates::Req::List, Query::Certificates),
            }
        }
        for name in &self.list.domains {
            cx.fetch(domains::Req::Watched(name.clone()), Query::Domain(name.clone()));
        }
        for id in &self.list.certificates {
            cx.fetch(Req::Certificate(*id), Query::Certificate(*id));
        }
        for id in &self.list.services {
            cx.fetch(Req::Service(*id), Query::Upgrade(*id));
            if cx.offers(Operation::Service) {
                cx.fetch(Req::Due(*id), Query::Service(*id));
            }
        }
    }

    fn certificate_answer(&mut self, id: u64, result: Result<Box<Certificate>, ApiError>, cx: &mut Cx) {
        self.certificates.insert(id, result.map_err(|e| crate::i18n::api_error(&e, cx.language)));
        cx.radar_changed();
        // Until the user picks one, the certificate screen shows the first watched
        // certificate in the watchlist's order, once every one before it has answered:
        // never whichever came last.
        let answered: Vec<_> =
            self.list.certificates.iter().map_while(|id| self.certificates.get(id).map(|r| (*id, r))).collect();
        if let Some((id, cert)) = answered.into_iter().find_map(|(id, r)| r.as_ref().ok().map(|c| (id, c.clone()))) {
            cx.visit(certificates::Visit::Watched(id, cert));
        }
    }

    /// Shows the selected item on its own screen, its detail open (a service's or an
    /// invoice's own answer is asked for, as `Enter` on its list does).
    fn open(&self, cx: &mut Cx) {
        let Some(item) = self.items.get(self.selected) else { return };
        let id = item.id.to_string();
        match item.kind {
            Kind::Domain => cx.visit(domains::Open(id)),
            Kind::Service => cx.visit(services::Open(id)),
            Kind::Invoice => cx.visit(invoices::Open(id)),
            Kind::Ticket => cx.visit(tickets::Open(id)),
            // A watched one read already is shown as it is; a listed one is read.
            Kind::Certificate => match id.parse().ok().map(|id| (id, self.certificates.get(&id))) {
                Some((id, Some(Ok(cert)))) => cx.visit(certificates::Visit::Show(id, cert.clone())),
                Some((id, _)) => cx.visit(certificates::Visit::Pick(id)),
                None => cx.unchanged(),
            },
        }
        // Esc on the item's screen comes back to this row (after the visit, so the screen
        // it shows is known; none, nothing to come back from).
        cx.return_here(Screen::Radar);
    }

    /// `a` or `d`: the item joins or leaves the watchlist, which is saved back where it came
    /// from (or kept for this run).
    fn change(&mut self, item: WatchItem, add: bool, cx: &mut Cx) {
        let language = cx.language;
        let what = item.describe(language);
        let changed = if add { self.add(item.clone()) } else { self.remove(&item) };
        if !changed {
            let text = if add { texts::AlreadyWatching } else { texts::NotWatched };
            return cx.say(text.fill(language, &[("what", &what)]));
        }
        // A certificate on screen joins the radar at once.
        let shown = &cx.others.certificates;
        if let (true, WatchItem::Certificate(id), Some(cert)) = (add, &item, &shown.certificate)
            && shown.id == Some(*id)
        {
            self.certificates.insert(*id, Ok(cert.clone()));
        }
        cx.radar_changed();
        *cx.error = None;
        let change = if add { texts::Watching } else { texts::StoppedWatching }.fill(language, &[("what", &what)]);
        match self.save_to.clone() {
            Some((path, profile)) => {
                cx.say_done(change.clone());
                cx.save_watchlist(change, path, profile, self.list.clone());
            }
            None => cx.say_done(texts::WatchThisRun.fill(language, &[("change", &change)])),
        }
    }
}

/// The radar from everything on hand: watched items and the portal's lists; and what it
/// could not cover, the lists the portal showed it does not offer among it.
pub fn rebuild(screens: &mut Screens, not_offered: &std::collections::HashSet<crate::api::Operation>, today: time::Date) {
    let Screens { radar, domains, services, invoices, tickets, certificates, .. } = screens;
    // A list that failed with nothing older kept: none of its items is on the radar.
    let unread = |kind, loaded: bool, error: &Option<std::sync::Arc<crate::api::ApiError>>| {
        error.as_ref().filter(|_| !loaded).map(|e| (kind, e.to_string()))
    };
    use crate::radar::Kind;
    let failed: Vec<_> = [
        unread(Kind::Domain, domains.listed, &domains.list_error),
        unread(Kind::Service, services.browse.loaded, &services.browse.list_error),
        unread(Kind::Invoice, invoices.browse.loaded, &invoices.browse.list_error),
        unread(Kind::Ticket, tickets.browse.loaded, &tickets.browse.list_error),
        unread(Kind::Certificate, certificates.browse.loaded, &certificates.browse.list_error),
    ]
    .into_iter()
    .flatten()
    .collect();
    // A watched service the Services screen holds is on the radar as that screen has it:
    // what a change to it read back (a cancellation filed) shows at once, not only after
    // the radar's own read of it comes again with `r`.
    for id in &radar.list.services {
        let listed = services.browse.items.iter().find(|s| s.number() == Some(*id));
        if let Some(service) = listed.filter(|_| services.browse.loaded) {
            radar.services.insert(*id, Ok(Box::new(service.clone())));
        }
    }
    let services = services.browse.loaded.then_some(crate::radar::Found::Services(&services.browse.items));
    let invoices = invoices.browse.loaded.then_some(crate::radar::Found::Invoices(&invoices.browse.items));
    let tickets = tickets.browse.loaded.then_some(crate::radar::Found::Tickets(&tickets.browse.items));
    // Every listed certificate, a watched one once (`radar::build` keeps the first found).
    let listed: Vec<_> = certificates.browse.items.iter().map(|c| c.service.clone()).collect();
    let certificates = certificates.browse.loaded.then_some(crate::radar::Found::Certificates(&listed));
    let lists: Vec<_> = services.into_iter().chain(invoices).chain(tickets).chain(certificates).collect();
    radar.rebuild(domains.registrations(), domains.listed, &domains.errors, lists, today);
    radar.coverage = crate::radar::Coverage::of_dashboard(not_offered, failed, &radar.list.services, &radar.items);
}
