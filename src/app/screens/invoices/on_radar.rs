//! What the invoices offer the radar: the unpaid ones, and where one opens.

use super::{InvoicesView, Open};
use crate::app::screens::{Cx, RadarSource, View};
use crate::radar::{Found, Kind, Watchlist};

impl RadarSource for InvoicesView {
    fn kind(&self) -> Option<Kind> {
        Some(Kind::Invoice)
    }

    fn found<'a>(&'a self, _: &'a Watchlist) -> Vec<Found<'a>> {
        self.browse.loaded.then_some(Found::Invoices(&self.browse.items)).into_iter().collect()
    }

    fn unread(&self) -> Option<String> {
        self.browse.unread()
    }

    fn open_item(&mut self, id: String, cx: &mut Cx) {
        self.visit(Open(id), cx)
    }
}
