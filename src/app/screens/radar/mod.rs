//! The radar screen: the watched items and what the portal's lists say needs attention,
//! soonest first; its keys and answers, and the watchlist changes (`a`, `d`) made from any
//! screen. The radar reads the other screens' lists, as each offers them
//! (`RadarSource`, never by name); it is rebuilt when they change.

pub(crate) mod draw;
mod state;
mod texts;

pub use state::{WatchItem, WatchState, Watched};

use super::{Cx, Peek, RadarSource, Request, Screens, View};
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
                    cx.show_watched(Watched::Upgrades(id, options));
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
        let others = cx.others;
        // The lists the line above the radar says could not be read are read again too.
        for missed in &self.coverage.lists_failed {
            let lists = others.views().into_iter().filter(|view| view.radar().and_then(|r| r.kind()) == Some(missed.kind));
            for (req, query) in lists.filter_map(|view| view.list_read()) {
                cx.fetch(req, query);
            }
        }
        // The watched items another screen reads itself (the domains).
        for source in others.views().into_iter().filter_map(|view| view.radar()) {
            for (req, query) in source.reads_watched(&self.list) {
                cx.fetch(req, query);
            }
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
            cx.show_watched(Watched::Certificate(id, cert));
        }
    }

    /// Shows the selected item on its own screen, its detail open (a service's or an
    /// invoice's own answer is asked for, as `Enter` on its list does).
    fn open(&self, cx: &mut Cx) {
        let Some(item) = self.items.get(self.selected) else { return };
        cx.open_item(item.kind, item.id.to_string());
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
        let sources = cx.others.views().into_iter().filter_map(|view| view.radar());
        for held in sources.filter_map(|source| source.holds_watched(&item)).filter(|_| add) {
            if let Watched::Certificate(id, cert) = held {
                self.certificates.insert(id, Ok(cert));
            }
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

/// The radar from everything on hand: watched items and the portal's lists, as each screen
/// offers them (`RadarSource`); and what it could not cover, the lists the portal showed it
/// does not offer among it.
pub fn rebuild(screens: &mut Screens, not_offered: &std::collections::HashSet<crate::api::Operation>, today: time::Date) {
    let mut radar = std::mem::take(&mut screens.radar);
    let watch = radar.list.clone();
    let sources: Vec<&dyn RadarSource> = screens.views().into_iter().filter_map(|view| view.radar()).collect();
    // A list that failed with nothing older kept: none of its items is on the radar.
    let failed: Vec<_> = sources.iter().filter_map(|source| Some((source.kind()?, source.unread()?))).collect();
    // A watched item another screen holds is on the radar as that screen has it.
    for id in &watch.services {
        for held in sources.iter().filter_map(|source| source.holds_watched(&WatchItem::Service(*id))) {
            if let Watched::Service(id, service) = held {
                radar.services.insert(id, Ok(service));
            }
        }
    }
    let found: Vec<_> = sources.iter().flat_map(|source| source.found(&watch)).collect();
    radar.rebuild(found, today);
    radar.coverage = crate::radar::Coverage::of_dashboard(not_offered, failed, &radar.list.services, &radar.items);
    screens.radar = radar;
}
