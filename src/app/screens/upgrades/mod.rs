//! The upgrades screen: the picker for one service's options, its keys and answers; `o`
//! asks the portal's estimate for the choices, and the estimate puts the request up for
//! confirmation (the protocol is `app::profile::changes`).

pub(super) mod draw;
mod on_radar;
mod texts;
mod picker;

use std::collections::BTreeMap;
use std::time::SystemTime;

pub use picker::{Recurring, Requested, Totals, UpgradeView};

use super::{Cx, Peek, Request, Settled, View};
use crate::api::{ApiError, Change, ChangeAnswer, Data, Estimate, Operation, Query};
use crate::app::confirmation::Confirmation;
use crate::i18n::numeric_id;
use crate::app::{PromptKind, Screen, WatchItem};
use crate::config::keys::Action;
use crate::i18n::Text;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    /// The options of a service.
    Options(u64),
    /// The portal's estimate for these choices (it changes nothing).
    Estimate { service_id: u64, resources: BTreeMap<String, String> },
    /// The request for these choices.
    Upgrade { service_id: u64, resources: BTreeMap<String, String> },
}

impl Request for Req {
    /// An estimate is read beside the picker: it neither dates the screen nor leaves it stale.
    fn lookup(&self) -> bool {
        !matches!(self, Req::Estimate { .. })
    }
}

/// What another screen hands the upgrades screen.
#[derive(Debug)]
pub enum Visit {
    /// Show this service's options (from the services screen).
    Pick(u64),
}

/// The screen's state, as the screen table names it.
pub type State = UpgradeView;

impl View for UpgradeView {
    type Req = Req;
    type Visit = Visit;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        let page = cx.page;
        match action {
            Action::Up => self.move_cursor(-1),
            Action::Down => self.move_cursor(1),
            Action::PageUp => self.move_cursor(-page),
            Action::PageDown => self.move_cursor(page),
            Action::Home => self.move_to(false),
            Action::End => self.move_to(true),
            // On a quantity, Space asks how many (typed, then checked).
            Action::Choose => match self.quantity_at_cursor() {
                Some(ri) => self.ask_quantity(ri, cx),
                None => self.choose(),
            },
            Action::ChoosePrev => self.step_choice(-1),
            Action::ChooseNext => self.step_choice(1),
            Action::Refresh => match self.service_id {
                Some(id) => cx.fetch(Req::Options(id), Query::Upgrade(id)),
                None => cx.unchanged(),
            },
            Action::Lookup => cx.prompt(PromptKind::Service, ""),
            Action::Copy => {
                let summary = self.summary(cx.language, self.service_total(&cx.others.services.browse.items), cx.others.account.currency());
                cx.copy(Some(summary).filter(|s| !s.is_empty()));
            }
            Action::Save if self.options.is_some() => {
                cx.prompt(PromptKind::SaveSummary, &format!("upgrade-{}.txt", self.service_id.unwrap_or_default()));
            }
            Action::Order => self.order(cx),
            Action::Back => cx.back(false),
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        let Req::Options(id) = req else { return };
        match answer.and_then(Data::into_upgrade) {
            Ok(options) => {
                if self.service_id == Some(id) && self.options.as_ref() != Some(&options) {
                    recheck_confirmation(id, cx);
                }
                self.failed = None;
                self.set_options(id, options);
                self.picked = true;
                *cx.error = None;
            }
            Err(e) => {
                cx.fail(&e);
                // Another service's options are not left on screen (nor offered for an
                // order) as if they were this one's: the failure is said in their place.
                if self.service_id != Some(id) || self.options.is_none() {
                    *self = UpgradeView { service_id: Some(id), requested: std::mem::take(&mut self.requested), ..UpgradeView::default() };
                    self.picked = true;
                    self.failed = Some(std::sync::Arc::new(e));
                }
            }
        }
    }

    fn estimated(&mut self, req: Req, answer: Result<Estimate, ApiError>, cx: &mut Cx) {
        let Req::Estimate { service_id, .. } = req else { return };
        match answer {
            Ok(estimate) => self.estimate_came(service_id, estimate, cx),
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::UpgradeEstimate);
                cx.say(crate::i18n::not_offered(Operation::UpgradeEstimate, cx.language));
            }
            Err(e) => cx.fail(&e),
        }
    }

    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        let Req::Upgrade { service_id, resources } = req else { return };
        if let Ok(answer) = settled.result {
            // The invoice that bills it is said on the status line by the change protocol,
            // as for every change; the screen keeps it beside the request.
            self.requested.push(requested(service_id, resources, answer, settled.at));
        }
        if let Some(query) = settled.read_again {
            cx.fetch(Req::Options(service_id), query);
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        match () {
            () if self.failed.is_some() => vec![Lookup, Refresh],
            () if self.options.is_none() => vec![Lookup],
            () => vec![Lookup, Choose, Order, Copy, Save, Watch, Refresh],
        }
    }

    fn why_not(&self, _: Action, _: &Peek) -> crate::i18n::Text {
        match self.options {
            None => crate::i18n::Text::WhyNoService,
            Some(_) => crate::i18n::Text::WhyNotNow,
        }
    }

    fn has_data(&self, _: &Peek) -> bool {
        self.options.is_some()
    }

    fn refreshes(&self, req: &Req) -> bool {
        matches!(req, Req::Options(id) if self.service_id == Some(*id))
    }

    fn radar(&self) -> Option<&dyn super::RadarSource> {
        Some(self)
    }

    fn radar_mut(&mut self) -> Option<&mut dyn super::RadarSource> {
        Some(self)
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        match visit {
            Visit::Pick(id) => {
                cx.go(Screen::Upgrades);
                self.picked = true;
                cx.fetch(Req::Options(id), Query::Upgrade(id));
            }
        }
    }

    fn watch_item(&self) -> Option<WatchItem> {
        self.service_id.map(WatchItem::Service)
    }

    fn wheel_moves_rows(&self) -> bool {
        true
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        match kind {
            PromptKind::Service => {
                let what = Text::PromptService.get(cx.language).to_lowercase();
                let id = numeric_id(text, &what, cx.language)?;
                cx.fetch(Req::Options(id), Query::Upgrade(id));
            }
            PromptKind::Quantity => {
                let resource = self.quantity_at_cursor().and_then(|ri| Some((ri, self.options.as_ref()?.resources.get(ri)?)));
                let Some((ri, resource)) = resource else { return Ok(()) };
                let n = crate::i18n::quantity::parse(text, resource.quantities(), cx.language)?;
                self.set_quantity(ri, n);
            }
            PromptKind::SaveSummary => {
                let contents = self.summary(cx.language, self.service_total(&cx.others.services.browse.items), cx.others.account.currency());
                cx.save(text, contents)?;
            }
            _ => {}
        }
        Ok(())
    }
}

impl UpgradeView {
    /// Opens the prompt for a quantity resource's quantity, the chosen one in it and what
    /// it takes in its label.
    fn ask_quantity(&self, ri: usize, cx: &mut Cx) {
        let (Some(resource), Some(q)) = (self.options.as_ref().and_then(|o| o.resources.get(ri)), self.quantity(ri))
        else {
            return cx.unchanged();
        };
        let allowed = crate::i18n::quantity::describe(resource.quantities(), cx.language);
        let item = resource.items.first().map_or(resource.name.as_str(), |i| i.name.as_str());
        cx.prompt_about(PromptKind::Quantity, &q.chosen.to_string(), &format!("{item} ({allowed})"));
    }

    /// `o`: the portal's estimate for the items chosen, which then opens the confirmation
    /// of the request.
    fn order(&mut self, cx: &mut Cx) {
        let (Some(service_id), Some(_)) = (self.service_id, &self.options) else { return cx.unchanged() };
        if !cx.offers(Operation::UpgradeEstimate) {
            return cx.say(crate::i18n::not_offered(Operation::UpgradeEstimate, cx.language));
        }
        let resources = self.order_resources();
        if resources.is_empty() {
            return cx.say(texts::UpgradeNothingChosen.get(cx.language).to_owned());
        }
        if cx.change_in_flight {
            *cx.error = Some(texts::ChangeBusy.get(cx.language).to_owned());
            return;
        }
        cx.say(texts::UpgradeAsking.get(cx.language).to_owned());
        *cx.error = None;
        cx.estimate(Req::Estimate { service_id, resources: resources.clone() }, service_id, resources);
    }

    /// The estimate arrived: kept beside the picker, and the request put up for
    /// confirmation when the choices are still the ones estimated.
    fn estimate_came(&mut self, service_id: u64, estimate: Estimate, cx: &mut Cx) {
        let language = cx.language;
        let resources = estimate.resources.clone();
        if self.service_id != Some(service_id) {
            return;
        }
        self.estimate = Some(estimate.clone());
        *cx.info = None;
        // The request is put up only where it was asked for, for the choices estimated.
        if self.order_resources() != resources || !cx.shown || cx.confirmation.is_some() {
            return;
        }
        let change = Change::Upgrade { service_id, resources: resources.clone() };
        let label = |t: Text| t.get(language).to_owned();
        let mut rows = cx.who();
        let services = &cx.others.services.browse.items;
        let service = match self.service_name(services) {
            Some(name) => format!("#{service_id} {name}"),
            None => format!("#{service_id}"),
        };
        rows.push((label(Text::LabelService), service.clone()));
        let currency = cx.others.account.currency();
        let lines = self.order_lines(language, currency);
        let u = crate::i18n::preview::UpgradeOrder {
            lines: &lines,
            totals: self.totals(),
            service_total: self.service_total(services),
            estimate: Some(&estimate),
            currency,
        };
        let preview = crate::i18n::preview::upgrade(&u, language);
        rows.extend(preview.rows());
        // The same request already went out: said first, and asked again in the title.
        let again = self.requested_now().map(|r| r.words(language));
        if let Some(requested) = &again {
            let ask = texts::RequestAgain.fill(language, &[("requested", requested)]);
            rows.insert(0, (label(texts::LabelAlready), ask));
        }
        rows.push((label(Text::LabelRequest), change.describe()));
        let title = if again.is_some() { texts::ConfirmUpgradeAgainTitle } else { preview.title };
        let req = Req::Upgrade { service_id, resources };
        cx.confirm(Confirmation::new(change, title, rows, req.into(), format!("service {service}")));
    }
}

/// An upgrade request the portal took, kept so the picker shows it as requested and `o`
/// asks before the same request goes out again.
fn requested(service_id: u64, resources: BTreeMap<String, String>, answer: &ChangeAnswer, at: SystemTime) -> Requested {
    Requested { service_id, resources, at, invoice: answer.invoice() }
}

/// New options for a service whose request is up for confirmation: what it was checked
/// against is gone, so it closes and says so.
fn recheck_confirmation(service_id: u64, cx: &mut Cx) {
    let Some(c) = cx.confirmation else { return };
    let asked = match &c.req {
        super::Req::Upgrades(Req::Upgrade { service_id, .. }) => Some(*service_id),
        _ => None,
    };
    if asked == Some(service_id) {
        cx.close_confirmation(texts::ConfirmUpgradeStale.get(cx.language).to_owned());
    }
}
