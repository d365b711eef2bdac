//! What the domains offer the radar: the watched names (read here) and every registration
//! once the portal's list is read, why the list is not on it, and where one opens.

use super::{DomainsView, Req};
use crate::api::Query;
use crate::app::Screen;
use crate::app::screens::{Cx, RadarSource};
use crate::radar::{Found, Kind, Watchlist};

impl RadarSource for DomainsView {
    fn kind(&self) -> Option<Kind> {
        Some(Kind::Domain)
    }

    /// The records on hand of each watched name (or why its lookup failed), then every
    /// registration when they are the portal's whole list.
    fn found<'a>(&'a self, watch: &'a Watchlist) -> Vec<Found<'a>> {
        let records = self.registrations();
        let mut found = Vec::new();
        for name in &watch.domains {
            match self.errors.get(name) {
                Some(e) => found.push(Found::Domain(name, Err(e.clone()))),
                None => {
                    let mine: Vec<_> = records.iter().filter(|r| r.name.eq_ignore_ascii_case(name)).collect();
                    if !mine.is_empty() {
                        found.push(Found::Domain(name, Ok(mine)));
                    }
                }
            }
        }
        if self.listed {
            found.push(Found::Domains(records));
        }
        found
    }

    fn unread(&self) -> Option<String> {
        self.list_error.as_ref().filter(|_| !self.listed).map(|e| e.to_string())
    }

    fn reads_watched(&self, watch: &Watchlist) -> Vec<(crate::app::screens::Req, Query)> {
        watch.domains.iter().map(|name| (Req::Watched(name.clone()).into(), Query::Domain(name.clone()))).collect()
    }

    /// Opens the registration with this id, when the list holds it.
    fn open_item(&mut self, id: String, cx: &mut Cx) {
        if self.select_id(&id) {
            cx.go(Screen::Domains);
            self.open(cx);
        }
    }

    /// The Plan's registrations marked here, the list shown, and `R` on them.
    fn act_on_marked(&mut self, ids: &[String], action: crate::config::keys::Action, cx: &mut Cx) {
        self.mark_only(ids);
        self.checked = None;
        if self.detail.take().is_some() {
            self.settings.transfer_code = None;
        }
        cx.go(Screen::Domains);
        crate::app::screens::View::action(self, action, cx);
    }
}
