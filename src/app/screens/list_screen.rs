//! What every screen that browses one of the portal's whole-account lists does alike,
//! written once: reading the list (then the open entry's own answer) on start and on `r`,
//! which failed answers leave it out of date, what it offers the radar ([`RadarSource`],
//! from every [`ListScreen`]), and opening an entry by its id as the radar's `Enter` does.
//! A list screen says what differs (its list's read, its entries as the radar takes them,
//! what else it reads of an open entry) in `impl ListScreen`, and ties its `View` to it
//! with `list_screen_view!()` inside `impl View`.

use super::{Cx, RadarSource, View, Watched};
use crate::api::Query;
use crate::app::browse::{ListView, Listed, Made};
use crate::app::{Screen, WatchItem};
use crate::config::keys::Action;
use crate::radar::{Found, Kind, Watchlist};

/// A screen that browses one of the portal's whole-account lists.
pub trait ListScreen: View
where
    super::Req: From<Self::Req>,
{
    type Entry: Listed;
    /// The screen, as an entry opened from elsewhere shows it.
    const SCREEN: Screen;
    /// The kind of radar item its entries are.
    const KIND: Kind;

    fn browse(&self) -> &ListView<Self::Entry>;
    fn browse_mut(&mut self) -> &mut ListView<Self::Entry>;

    /// The request and the read of its whole list.
    fn list_query() -> (Self::Req, Query);

    /// Its entries as the radar takes them.
    fn found(&self) -> Found<'_>;

    /// What it reads of the open entry besides the list (its own answer).
    fn read_open(&self, _cx: &mut Cx) {}

    /// The list, where the portal offers it, then the open entry's own answer.
    fn refresh(&self, cx: &mut Cx) {
        let (req, query) = Self::list_query();
        if !cx.offers(query.operation()) {
            return;
        }
        cx.fetch(req, query);
        self.read_open(cx);
    }

    /// Opens the selected entry (`Enter` on the list).
    fn open_entry(&mut self, cx: &mut Cx) {
        self.action(Action::Open, cx);
    }

    /// Shows the entry with this id, its detail open, when the list holds it.
    fn open_item(&mut self, id: String, cx: &mut Cx) {
        if self.browse_mut().select_id(&id) {
            cx.go(Self::SCREEN);
            self.browse_mut().detail = None;
            self.open_entry(cx);
        }
    }

    /// What an order made, selected in the list without the screen shown: now when the
    /// list holds it, else once the list read again brings it (`listed`).
    fn select_made(&mut self, made: Made, cx: &mut Cx) {
        self.browse_mut().made = Some(made);
        self.listed(cx);
    }

    /// The list has come: what an order made selected in it, its detail opened (and read)
    /// where asked, until then nothing. Each list screen calls it after its list's answer.
    fn listed(&mut self, cx: &mut Cx) {
        if self.browse_mut().select_made() == Some(true) {
            self.open_entry(cx);
        }
    }

    /// See [`RadarSource::act_on_marked`].
    fn act_on_marked(&mut self, ids: &[String], action: Action, cx: &mut Cx) {
        self.browse_mut().mark_only(ids);
        self.browse_mut().detail = None;
        cx.go(Self::SCREEN);
        self.action(action, cx);
    }

    /// See [`RadarSource::holds_watched`].
    fn holds_watched(&self, _item: &WatchItem) -> Option<Watched> {
        None
    }

    /// See [`RadarSource::show_watched`].
    fn show_watched(&mut self, _watched: &Watched) {}
}

impl<T: ListScreen> RadarSource for T
where
    super::Req: From<T::Req>,
{
    fn kind(&self) -> Option<Kind> {
        Some(T::KIND)
    }

    fn found<'a>(&'a self, _: &'a Watchlist) -> Vec<Found<'a>> {
        self.browse().loaded.then(|| ListScreen::found(self)).into_iter().collect()
    }

    fn unread(&self) -> Option<String> {
        self.browse().unread()
    }

    fn holds_watched(&self, item: &WatchItem) -> Option<Watched> {
        ListScreen::holds_watched(self, item)
    }

    fn open_item(&mut self, id: String, cx: &mut Cx) {
        ListScreen::open_item(self, id, cx)
    }

    fn show_watched(&mut self, watched: &Watched) {
        ListScreen::show_watched(self, watched)
    }

    fn act_on_marked(&mut self, ids: &[String], action: Action, cx: &mut Cx) {
        ListScreen::act_on_marked(self, ids, action, cx)
    }
}

/// A list screen's `View` tied to its [`ListScreen`]: its list's read, start, the list it
/// browses, what it offers the radar, and which failed answers leave it out of date (its
/// list's; a screen that says otherwise writes `refreshes` after it).
macro_rules! list_screen_view {
    () => {
        fn list_read() -> Option<(Self::Req, crate::api::Query)> {
            Some(<Self as crate::app::screens::ListScreen>::list_query())
        }

        fn start(&mut self, cx: &mut crate::app::screens::Cx) {
            crate::app::screens::ListScreen::refresh(self, cx)
        }

        fn browsed(&self) -> Option<&dyn crate::app::screens::Browsing> {
            Some(crate::app::screens::ListScreen::browse(self))
        }

        fn browsed_mut(&mut self) -> Option<&mut dyn crate::app::screens::Browsing> {
            Some(crate::app::screens::ListScreen::browse_mut(self))
        }

        fn radar(&self) -> Option<&dyn crate::app::screens::RadarSource> {
            Some(self)
        }

        fn radar_mut(&mut self) -> Option<&mut dyn crate::app::screens::RadarSource> {
            Some(self)
        }
    };
}
pub(crate) use list_screen_view;
