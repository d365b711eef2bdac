//! What a screen offers the radar and the Overview, and takes of them: the kind of item its
//! list gives, what it holds for the radar (its list once read, the watched items it reads
//! itself), why its list is not on the radar, where an entry of its kind opens, the watched
//! items the radar read that it shows, and what the Plan hands it to act on. A screen
//! offers it from its own folder (`View::radar`); the radar, the Overview and the app reach
//! the screens only through it and the screen table, never by name. Every method has a
//! default: a screen that offers nothing writes none of this.

use super::{Cx, Req};
use crate::api::Query;
use crate::app::WatchItem;
use crate::radar::{Found, Kind, Watchlist};

pub use super::radar::Watched;

/// What a screen offers the radar and the Overview (see the module's header).
pub trait RadarSource {
    /// The kind of radar item the screen's list gives and its `Enter` opens.
    fn kind(&self) -> Option<Kind> {
        None
    }

    /// What the screen holds for the radar: its list once read, and the watched items of
    /// `watch` it reads itself.
    fn found<'a>(&'a self, _watch: &'a Watchlist) -> Vec<Found<'a>> {
        Vec::new()
    }

    /// Why none of its list's items is on the radar: its last reading failed with nothing
    /// older kept.
    fn unread(&self) -> Option<String> {
        None
    }

    /// The reads of the watched items of `watch` the screen makes itself (the radar asks
    /// them with its own).
    fn reads_watched(&self, _watch: &Watchlist) -> Vec<(Req, Query)> {
        Vec::new()
    }

    /// What the screen holds read of a watched item: a certificate on screen joins the
    /// radar at once, a listed service is on it as the list has it.
    fn holds_watched(&self, _item: &WatchItem) -> Option<Watched> {
        None
    }

    /// Shows the entry with this id, its detail open, as the radar's `Enter` does.
    fn open_item(&mut self, _id: String, _cx: &mut Cx) {}

    /// The entries with these ids marked, and only them, the list shown with no detail
    /// open, and `action` done on them as its key on the list does (the Plan's `R` and `c`:
    /// a renewal or a payment of the marked, confirmed and sent by the list's own code).
    fn act_on_marked(&mut self, _ids: &[String], _action: crate::config::keys::Action, _cx: &mut Cx) {}

    /// A watched item the radar read, for the screen that shows such items until the user
    /// picks one.
    fn show_watched(&mut self, _watched: &Watched) {}
}
