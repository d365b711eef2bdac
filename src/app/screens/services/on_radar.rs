//! What the services offer the radar: their due dates, a watched one as the list has it,
//! and where one opens.

use super::{Open, ServicesView};
use crate::app::WatchItem;
use crate::app::screens::{Cx, RadarSource, View, Watched};
use crate::radar::{Found, Kind, Watchlist};

impl RadarSource for ServicesView {
    fn kind(&self) -> Option<Kind> {
        Some(Kind::Service)
    }

    fn found<'a>(&'a self, _: &'a Watchlist) -> Vec<Found<'a>> {
        self.browse.loaded.then_some(Found::Services(&self.browse.items)).into_iter().collect()
    }

    fn unread(&self) -> Option<String> {
        self.browse.unread()
    }

    /// A watched service this list holds is on the radar as the list has it: what a change
    /// to it read back (a cancellation filed) shows at once, not only after the radar's own
    /// read of it comes again with `r`.
    fn holds_watched(&self, item: &WatchItem) -> Option<Watched> {
        let WatchItem::Service(id) = item else { return None };
        let listed = self.browse.items.iter().find(|s| s.number() == Some(*id));
        listed.filter(|_| self.browse.loaded).map(|service| Watched::Service(*id, Box::new(service.clone())))
    }

    fn open_item(&mut self, id: String, cx: &mut Cx) {
        self.visit(Open(id), cx)
    }
}
