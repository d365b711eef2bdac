//! Hosted DNS zones created and deleted from the domains screen. `Z` asks the new zone's
//! name, then its DNS hosting service when there are several (those the zones listed are
//! under, and the services of a DNS hosting category), and puts up `ZoneCreate`. `D` on
//! the detail of a name with a hosted zone asks its name typed exactly, as cancelling a
//! service does, then puts up `ZoneDelete`, saying how many records go with it. Both are
//! confirmed, sent once, and followed by the zones read again.

use super::texts;
use super::{DomainsView, Req};
use crate::api::models::{Zone, ZoneRef};
use crate::api::{Change, DnsSource, Operation};
use crate::app::PromptKind;
use crate::app::confirmation::Confirmation;
use crate::app::screens::{Cx, Settled};
use crate::i18n::{Text, preview};

/// A zone being made or deleted, between its prompts.
#[derive(Clone, Debug, Default)]
pub struct Zoning {
    /// The name typed for a new zone, while its service is asked.
    naming: Option<String>,
    /// The zone to delete, its name and how many records go with it, while its name is
    /// typed.
    deleting: Option<(ZoneRef, String, usize)>,
}

impl DomainsView {
    /// The DNS hosting services a zone can be made under: each with its words.
    fn dns_services(&self, cx: &Cx) -> Vec<(u64, String)> {
        let mut found: Vec<(u64, String)> = Vec::new();
        let named = |id: u64| {
            let service = cx.others.services.browse.items.iter().find(|s| s.id.trim() == id.to_string());
            service.map_or_else(|| format!("#{id}"), |s| format!("#{id} {}", s.name.trim()))
        };
        if let super::Zones::Listed(zones) = &self.zones {
            for at in zones.iter().filter_map(Zone::at) {
                if !found.iter().any(|(id, _)| *id == at.service_id) {
                    found.push((at.service_id, named(at.service_id)));
                }
            }
        }
        let hosting = |s: &&crate::api::models::Service| {
            let kind = format!("{} {} {}", s.category, s.category_url, s.name).to_lowercase();
            s.category_url.trim().eq_ignore_ascii_case("dns") || kind.contains("dns hosting")
        };
        for service in cx.others.services.browse.items.iter().filter(hosting) {
            if let Ok(id) = service.id.trim().parse::<u64>()
                && !found.iter().any(|(known, _)| *known == id)
            {
                found.push((id, named(id)));
            }
        }
        found
    }

    /// `Z`: the new zone's name asked.
    pub(super) fn ask_zone_create(&mut self, cx: &mut Cx) {
        if !cx.offers(Operation::ZoneCreate) || matches!(self.zones, super::Zones::NotOffered) {
            return cx.say(texts::ZoneNotOffered.get(cx.language).to_owned());
        }
        if self.dns_services(cx).is_empty() {
            return cx.say(texts::ZoneNoService.get(cx.language).to_owned());
        }
        self.zoning.naming = None;
        cx.prompt(PromptKind::ZoneName, "");
    }

    /// `D` on a detail: the zone's name asked to be typed, to delete it.
    pub(super) fn ask_zone_delete(&mut self, cx: &mut Cx) {
        let language = cx.language;
        let Some(name) = self.detail_record().map(|r| r.name.trim().to_owned()) else { return cx.unchanged() };
        let Some(zone) = self.zone_named(&name).and_then(Zone::at) else {
            return cx.say(texts::ZoneNotHosted.fill(language, &[("name", &name)]));
        };
        let Some(Ok(records)) = self.dns.get(&DnsSource::Zone(zone)) else {
            return cx.say(texts::ZoneRecordsUnknown.fill(language, &[("name", &name)]));
        };
        let count = records.iter().filter(|r| !r.is_fixed()).count();
        self.zoning.deleting = Some((zone, name.clone(), count));
        cx.prompt_typed(PromptKind::ZoneDeleteTyped, &name);
    }

    /// What was typed at a zone's prompt; `None` for another prompt.
    pub(super) fn zone_submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Option<Result<(), String>> {
        Some(match kind {
            PromptKind::ZoneName => self.zone_name_typed(text, cx),
            PromptKind::ZoneService => self.zone_service_typed(text, cx),
            PromptKind::ZoneDeleteTyped => self.zone_delete_typed(text, cx),
            _ => return None,
        })
    }

    fn zone_name_typed(&mut self, text: &str, cx: &mut Cx) -> Result<(), String> {
        let language = cx.language;
        let name = crate::i18n::domain_name(text, language)?;
        if let Some(zone) = self.zone_named(&name) {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id)];
            return Err(texts::ZoneHosted.fill(language, &fill));
        }
        match self.dns_services(cx).as_slice() {
            [] => Err(texts::ZoneNoService.get(language).to_owned()),
            [(id, words)] => {
                cx.confirm(create(*id, words, name, cx));
                Ok(())
            }
            several => {
                let list: Vec<&str> = several.iter().map(|(_, w)| w.as_str()).collect();
                self.zoning.naming = Some(name);
                cx.prompt_about(PromptKind::ZoneService, "", &list.join(", "));
                Ok(())
            }
        }
    }

    fn zone_service_typed(&mut self, text: &str, cx: &mut Cx) -> Result<(), String> {
        let Some(name) = self.zoning.naming.clone() else { return Ok(()) };
        let services = self.dns_services(cx);
        let asked = text.trim().trim_start_matches('#');
        let Some((id, words)) = services.iter().find(|(id, _)| id.to_string() == asked) else {
            let list: Vec<&str> = services.iter().map(|(_, w)| w.as_str()).collect();
            let fill = [("asked", &asked as &dyn std::fmt::Display), ("list", &list.join(", "))];
            return Err(texts::ZoneNoSuchService.fill(cx.language, &fill));
        };
        self.zoning.naming = None;
        cx.confirm(create(*id, words, name, cx));
        Ok(())
    }

    fn zone_delete_typed(&mut self, text: &str, cx: &mut Cx) -> Result<(), String> {
        let language = cx.language;
        let Some((zone, name, count)) = self.zoning.deleting.clone() else { return Ok(()) };
        if !text.trim().eq_ignore_ascii_case(&name) {
            return Err(texts::ZoneTypedMismatch.fill(language, &[("word", &name)]));
        }
        self.zoning.deleting = None;
        let previewed = preview::zone_delete(&name, zone, count, language);
        let change = Change::ZoneDelete { zone, name: name.clone() };
        cx.confirm(confirmation(change, previewed, name, cx));
        Ok(())
    }

    /// A zone made or deleted: the zones read again when it may have landed.
    pub(super) fn zone_changed(&mut self, settled: Settled, cx: &mut Cx) {
        if let Some(query) = settled.read_again {
            cx.fetch(Req::Zones, query);
        }
    }
}

/// A new zone under service `id` (`words` names it) as its confirmation shows it.
fn create(id: u64, words: &str, name: String, cx: &Cx) -> Confirmation {
    let previewed = preview::zone_create(&name, words, cx.language);
    let change = Change::ZoneCreate { service_id: id, name: name.clone() };
    confirmation(change, previewed, name, cx)
}

/// Who, the preview, the request as sent.
fn confirmation(change: Change, previewed: preview::Preview, name: String, cx: &Cx) -> Confirmation {
    let mut rows = cx.who();
    rows.extend(previewed.rows());
    rows.push((Text::LabelRequest.get(cx.language).to_owned(), change.describe()));
    let req = Req::ZoneChange(name.clone()).into();
    Confirmation::new(change, previewed.title, rows, req, format!("zone {name}"))
}
