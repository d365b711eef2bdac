//! What the tickets offer the radar: those awaiting the user's reply, and where one opens.

use super::{Open, TicketsView};
use crate::app::screens::{Cx, RadarSource, View};
use crate::radar::{Found, Kind, Watchlist};

impl RadarSource for TicketsView {
    fn kind(&self) -> Option<Kind> {
        Some(Kind::Ticket)
    }

    fn found<'a>(&'a self, _: &'a Watchlist) -> Vec<Found<'a>> {
        self.browse.loaded.then_some(Found::Tickets(&self.browse.items)).into_iter().collect()
    }

    fn unread(&self) -> Option<String> {
        self.browse.unread()
    }

    fn open_item(&mut self, number: String, cx: &mut Cx) {
        self.visit(Open(number), cx)
    }
}
