//! Cancelling and labelling the service whose detail is open, as web portals ask: a
//! cancellation needs a reason, then when it ends (at the end of the billing period unless
//! "now" is chosen in the dialog), then the service's domain (or name) typed exactly to a
//! prompt naming which, then the confirmation that says what ends when; a label is typed
//! over the current one and confirmed. Only what the service's methods offer (or cannot be
//! known) is put up.

use crossterm::event::KeyEvent;

use super::{Req, ServicesView};
use crate::api::models::{Service, ServiceAction};
use crate::api::{Change, Operation};
use crate::app::screens::Cx;
use crate::app::{Confirmation, PromptKind};
use crate::config::keys::Action;
use crate::i18n::Text;

/// A cancellation being asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cancelling {
    pub id: u64,
    pub reason: String,
    /// Now rather than at the end of the billing period (never the default).
    pub now: bool,
    /// Whether the dialog choosing when is open.
    pub choosing: bool,
}

impl ServicesView {
    /// The open service when it offers `action`; else says why not (nothing is asked).
    fn offering(&self, action: ServiceAction, cx: &mut Cx) -> Option<(u64, &Service)> {
        let Some((id, service)) = self.browse.open().and_then(|s| Some((s.number()?, s))) else {
            cx.unchanged();
            return None;
        };
        let language = cx.language;
        match self.offered(service, action, cx.offers(Operation::ServiceMethods)) {
            Some(true) => Some((id, service)),
            Some(false) => {
                let listed = self.methods.get(&id).cloned().flatten().unwrap_or_default();
                cx.say(crate::i18n::action_not_offered(id, &listed, action, language));
                None
            }
            None => {
                cx.say(Text::ServiceMethodsReading.get(language).to_owned());
                None
            }
        }
    }

    /// `x`: why the service is cancelled, asked first.
    pub(super) fn ask_reason(&mut self, cx: &mut Cx) {
        let Some((id, service)) = self.offering(ServiceAction::Cancel, cx) else { return };
        if service.has_ended() {
            let status = crate::i18n::status(&service.status, cx.language);
            return cx.say(Text::CliCancelAlready.fill(cx.language, &[("id", &id), ("status", &status)]));
        }
        let reason = self.cancelling.take().filter(|c| c.id == id).map(|c| c.reason);
        cx.prompt(PromptKind::CancelReason, reason.as_deref().unwrap_or_default());
    }

    /// The reason typed: then when it ends is chosen, at the end of the billing period
    /// first.
    pub(super) fn reason_typed(&mut self, text: &str, cx: &mut Cx) -> Result<(), String> {
        let Some(id) = self.browse.open().and_then(Service::number) else { return Ok(()) };
        let reason = crate::api::ticket_subject(text).ok_or_else(|| Text::CancelReasonEmpty.get(cx.language))?;
        self.cancelling = Some(Cancelling { id, reason, now: false, choosing: true });
        Ok(())
    }

    /// A key in the dialog choosing when: ↑ the end of the billing period, ↓ now, Enter asks for the domain typed (the
    /// prompt naming the choice), Esc leaves it (the reason is offered again next time).
    pub(super) fn when_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(cancelling) = self.cancelling.as_mut() else { return cx.unchanged() };
        if cx.is_key(&key, Action::Back) {
            cancelling.choosing = false;
        } else if cx.is_key(&key, Action::Up) {
            cancelling.now = false;
        } else if cx.is_key(&key, Action::Down) {
            cancelling.now = true;
        } else if cx.is_key(&key, Action::Open) {
            let Some(service) = self.browse.open().filter(|s| s.number() == Some(cancelling.id)) else {
                self.cancelling = None;
                return;
            };
            cancelling.choosing = false;
            let kind = if cancelling.now { PromptKind::CancelNowTyped } else { PromptKind::CancelTyped };
            cx.prompt_typed(kind, &service.typed_confirmation());
        } else {
            cx.unchanged();
        }
    }

    /// What was typed to confirm: exactly the domain (or name) puts the cancellation up;
    /// anything else sends nothing, and says so.
    pub(super) fn confirmation_typed(&mut self, text: &str, cx: &mut Cx) {
        let language = cx.language;
        let Some(service) = self.browse.open() else { return };
        let Some(Cancelling { id, reason, now, .. }) = self.cancelling.clone().filter(|c| service.number() == Some(c.id))
        else {
            return;
        };
        let word = service.typed_confirmation();
        if text.trim() != word {
            return cx.say(Text::CancelTypedMismatch.fill(language, &[("word", &word)]));
        }
        self.cancelling = None;
        let change = Change::ServiceCancel { service_id: id, immediate: now, reason: reason.clone() };
        let mut rows = cx.who();
        rows.push((Text::LabelService.get(language).to_owned(), service_words(id, service)));
        rows.push((Text::LabelEnds.get(language).to_owned(), crate::i18n::cancel_when(now, &service.next_due, language)));
        rows.push((Text::LabelReason.get(language).to_owned(), reason));
        rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
        let title = if now { Text::ConfirmCancelServiceNowTitle } else { Text::ConfirmCancelServiceTitle };
        cx.confirm(Confirmation::new(change, title, rows, Req::Change(id).into(), format!("service #{id}")));
    }

    /// `t`: the label, typed over the current one (as the label route last gave it, else
    /// the service's own field).
    pub(super) fn ask_label(&mut self, cx: &mut Cx) {
        let Some((id, service)) = self.offering(ServiceAction::Label, cx) else { return };
        let current = self.labels.get(&id).map_or(service.label.as_str(), String::as_str).trim().to_owned();
        cx.prompt(PromptKind::ServiceLabel, &current);
    }

    /// The label typed: the same as now sends nothing; another is put up for confirmation.
    pub(super) fn label_typed(&mut self, text: &str, cx: &mut Cx) {
        let language = cx.language;
        let Some((id, service)) = self.browse.open().and_then(|s| Some((s.number()?, s))) else { return };
        let label = crate::api::sanitize::line(text).trim().to_owned();
        let old = self.labels.get(&id).map_or(service.label.as_str(), String::as_str).trim().to_owned();
        if old == label {
            return cx.say(Text::CliLabelAlready.fill(language, &[("id", &id), ("label", &label)]));
        }
        let change = Change::ServiceLabel { service_id: id, label: label.clone() };
        let mut rows = cx.who();
        rows.push((Text::LabelService.get(language).to_owned(), service_words(id, service)));
        rows.push((Text::LabelLabel.get(language).to_owned(), format!("“{old}” → “{label}”")));
        rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
        let title = Text::ConfirmLabelServiceTitle;
        cx.confirm(Confirmation::new(change, title, rows, Req::Change(id).into(), format!("service #{id}")));
    }
}

/// `#2208 Hosting Basic (banhmihoian.com.vn)`.
fn service_words(id: u64, service: &Service) -> String {
    match service.domain.trim() {
        "" => format!("#{id} {}", service.name),
        domain => format!("#{id} {} ({domain})", service.name),
    }
}
