//! The radar screen: the watched items, soonest first; its keys and answers, and the
//! watchlist changes (`a`, `d`) made from any screen.

use super::screens::View;
use super::{App, Command, Local, Screen, Slot, WatchItem, fetch};
use crate::api::models::{Certificate, UpgradeOptions};
use crate::api::{ApiError, Query};
use crate::config::keys::Action;
use crate::i18n::Text;

impl App {
    pub(super) fn radar_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        let watch = &mut self.profile.watch;
        match action {
            Action::Up => watch.move_by(-1),
            Action::Down => watch.move_by(1),
            Action::PageUp => watch.move_by(-page),
            Action::PageDown => watch.move_by(page),
            Action::Home => watch.selected = 0,
            Action::End => watch.selected = watch.items.len().saturating_sub(1),
            Action::Open => return self.open_radar_item(),
            Action::Refresh => return self.fetch_watched(false),
            Action::Back => return self.back(|_| false),
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    pub(super) fn radar_certificate_answer(&mut self, id: u64, result: Result<Box<Certificate>, ApiError>) {
        let language = self.profile.language;
        self.profile.watch.certificates.insert(id, result.map_err(|e| crate::i18n::api_error(&e, language)));
        self.rebuild_radar();
        // Until the user picks one, the screen shows the first watched certificate in the
        // watchlist's order, once every one before it has answered: never whichever came last.
        let watch = &self.profile.watch;
        let answered: Vec<_> =
            watch.list.certificates.iter().map_while(|id| watch.certificates.get(id).map(|r| (*id, r))).collect();
        let first = answered.into_iter().find_map(|(id, r)| r.as_ref().ok().map(|c| (id, c.clone())));
        if let Some((id, cert)) = first {
            self.visit(super::screens::Visit::Certificates(super::screens::certificates::Visit::Watched(id, cert)));
        }
    }

    pub(super) fn radar_service_answer(&mut self, id: u64, result: Result<UpgradeOptions, ApiError>) {
        // The first watched service in the watchlist's order is shown until the user looks
        // one up; later ones never replace it.
        let first = self.profile.watch.list.services.first() == Some(&id);
        if let (Ok(options), true) = (result, first) {
            self.visit(super::screens::Visit::Upgrades(super::screens::upgrades::Visit::Watched(id, options)));
        }
    }

    /// Asks for every watched item at once (the worker runs a few at a time); the radar
    /// comes first when there is something on it.
    pub(super) fn fetch_watched(&mut self, show_radar: bool) -> Vec<Command> {
        let list = self.profile.watch.list.clone();
        if show_radar && (!list.domains.is_empty() || !list.certificates.is_empty()) {
            self.profile.screen = Screen::Radar;
        }
        let mut commands = Vec::new();
        for query in list.queries() {
            let slot = match &query {
                Query::Domain(name) => Slot::WatchDomain(name.clone()),
                Query::Certificate(id) => Slot::WatchCertificate(*id),
                Query::Upgrade(id) => Slot::WatchService(*id),
                // A watchlist names domains, certificates and services only.
                _ => continue,
            };
            commands.extend(self.send(slot, fetch(query)));
        }
        commands
    }

    /// Shows the selected radar item on its own screen, its detail open (a service's or an
    /// invoice's own answer is asked for, as `Enter` on its list does).
    fn open_radar_item(&mut self) -> Vec<Command> {
        let Some(item) = self.profile.watch.items.get(self.profile.watch.selected) else { return Vec::new() };
        match item.kind {
            crate::radar::Kind::Domain => {
                if self.profile.domains.select_id(&item.id) {
                    self.profile.screen = Screen::Domains;
                    return self.open_domain();
                }
            }
            crate::radar::Kind::Service => {
                let open = super::screens::services::Open(item.id.to_string());
                return self.visit(super::screens::Visit::Services(open));
            }
            crate::radar::Kind::Invoice => {
                let open = super::screens::invoices::Open(item.id.to_string());
                return self.visit(super::screens::Visit::Invoices(open));
            }
            crate::radar::Kind::Certificate => {
                let id: Option<u64> = item.id.parse().ok();
                if let Some((id, Ok(cert))) =
                    id.and_then(|id| self.profile.watch.certificates.get(&id).map(|c| (id, c)))
                {
                    let show = super::screens::certificates::Visit::Show(id, cert.clone());
                    return self.visit(super::screens::Visit::Certificates(show));
                }
            }
        }
        Vec::new()
    }

    /// What `a` and `d` act on: the item the current screen shows.
    fn current_item(&self) -> Option<WatchItem> {
        match self.profile.screen {
            Screen::Domains => {
                self.profile.domains.selected_record().map(|r| WatchItem::Domain(r.name.to_lowercase().into()))
            }
            Screen::Certificates => self.profile.screens.certificates.watch_item(),
            Screen::Upgrades => self.profile.screens.upgrades.watch_item(),
            Screen::Radar => {
                self.profile.watch.items.get(self.profile.watch.selected).and_then(|item| match item.kind {
                    crate::radar::Kind::Domain => Some(WatchItem::Domain(item.name.to_lowercase().into())),
                    crate::radar::Kind::Certificate => item.id.parse().ok().map(WatchItem::Certificate),
                    crate::radar::Kind::Service => item.id.parse().ok().map(WatchItem::Service),
                    crate::radar::Kind::Invoice => None,
                })
            }
            _ => None,
        }
    }

    pub(super) fn change_watchlist(&mut self, add: bool) -> Vec<Command> {
        let Some(item) = self.current_item() else {
            return self.unchanged();
        };
        let language = self.profile.language;
        let what = item.describe(language);
        let changed = if add { self.profile.watch.add(item.clone()) } else { self.profile.watch.remove(&item) };
        if !changed {
            let text = if add { Text::AlreadyWatching } else { Text::NotWatched };
            self.profile.info = Some(text.fill(language, &[("what", &what)]));
            return Vec::new();
        }
        // A certificate on screen joins the radar at once.
        let shown = &self.profile.screens.certificates;
        if let (true, WatchItem::Certificate(id), Some(cert)) = (add, &item, &shown.certificate)
            && shown.id == Some(*id)
        {
            self.profile.watch.certificates.insert(*id, Ok(cert.clone()));
        }
        self.rebuild_radar();
        self.profile.error = None;
        let change = if add { Text::Watching } else { Text::StoppedWatching }.fill(language, &[("what", &what)]);
        match self.profile.watch.save_to.clone() {
            Some((path, profile)) => {
                self.profile.info = Some(change.clone());
                let watch = self.profile.watch.list.clone();
                self.send(Slot::SaveWatchlist(change), Local::SaveWatchlist { path, profile, watch })
            }
            None => {
                self.profile.info = Some(Text::WatchThisRun.fill(language, &[("change", &change)]));
                Vec::new()
            }
        }
    }
}
