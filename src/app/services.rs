//! The services screen: every service the portal lists, grouped by status; a service's
//! details; from a service, its upgrade options or (an SSL service) its certificate.

use super::browse::ListView;
use super::{App, Command, Screen, Slot, fetch};
use crate::api::models::Service;
use crate::api::{Operation, Query};
use crate::config::keys::Action;
use crate::i18n::Text;

pub type ServicesView = ListView<Service>;

impl App {
    pub(super) fn services_action(&mut self, action: Action) -> Vec<Command> {
        match action {
            Action::Refresh => self.refresh_services(),
            Action::ShowUpgrades => self.service_upgrades(),
            Action::ShowCertificate => self.service_certificate(),
            other => self
                .browse_action(other, |p| &mut p.services, |id| (Slot::Service(id), Query::Service(id)))
                .unwrap_or_else(|| self.unchanged()),
        }
    }

    /// The list again, and the open service's details.
    pub(super) fn refresh_services(&mut self) -> Vec<Command> {
        if !self.offers(Operation::Services) {
            return Vec::new();
        }
        let mut commands = self.send(Slot::ServiceList, fetch(Query::Services));
        if let Some(id) = self.profile.services.open().and_then(Service::number) {
            commands.extend(self.send(Slot::Service(id), fetch(Query::Service(id))));
        }
        commands
    }

    /// The upgrade picker for the service on screen: no id to type.
    fn service_upgrades(&mut self) -> Vec<Command> {
        let Some(id) = self.profile.services.current().and_then(Service::number) else { return self.unchanged() };
        self.profile.screen = Screen::Upgrades;
        self.profile.upgrades.picked = true;
        self.send(Slot::Upgrade(id), fetch(Query::Upgrade(id)))
    }

    /// The certificate detail of the SSL service on screen.
    fn service_certificate(&mut self) -> Vec<Command> {
        let Some(service) = self.profile.services.current() else { return self.unchanged() };
        let Some(id) = service.number().filter(|_| service.is_certificate()) else {
            self.profile.info = Some(Text::NotACertificate.fill(self.profile.language, &[("name", &service.name)]));
            return Vec::new();
        };
        self.profile.screen = Screen::Certificates;
        self.profile.certificates.picked = true;
        self.send(Slot::Certificate(id), fetch(Query::Certificate(id)))
    }
}
