//! Cancelling and labelling the service on screen (the open one, else the one selected in
//! the list), as web portals ask: a
//! cancellation needs a reason, then when it ends (at the end of the billing period unless
//! "now" is chosen in the dialog), then the service's domain (or name) typed exactly to a
//! prompt naming which, then the confirmation that says what ends when; a label is typed
//! over the current one and confirmed. Only what the service's methods offer (or cannot be
//! known) is put up.

use crate::app::screens::services::texts;
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
    /// The service on screen (open, else selected), when its id is `id`.
    fn on_screen(&self, id: u64) -> Option<&Service> {
        self.current().filter(|s| s.number() == Some(id))
    }

    /// The service on screen when it offers `action`; else says why not (nothing is
    /// asked). Where what it offers is still to be read, it is read first and `action`
    /// done once it is (`after_methods_read`).
    fn offering(&mut self, action: ServiceAction, cx: &mut Cx) -> Option<u64> {
        let Some(id) = self.current().and_then(Service::number) else {
            cx.unchanged();
            return None;
        };
        let language = cx.language;
        let route = cx.offers(Operation::ServiceMethods);
        let service = self.current()?;
        match self.offered(service, action, route) {
            Some(true) => Some(id),
            Some(false) => {
                let listed = self.methods.get(&id).cloned().flatten().unwrap_or_default();
                cx.say(crate::i18n::action_not_offered(id, &listed, action, language));
                None
            }
            None => {
                let pressed = if action == ServiceAction::Cancel { Action::CancelService } else { Action::LabelService };
                self.after_methods = Some((id, pressed));
                cx.fetch(Req::Methods(id), crate::api::Query::ServiceMethods(id));
                cx.say(texts::ServiceMethodsReading.get(language).to_owned());
                None
            }
        }
    }

    /// What this service offers is read: `x` or `t` pressed meanwhile on it goes on.
    pub(super) fn after_methods_read(&mut self, id: u64, cx: &mut Cx) {
        match self.after_methods.take() {
            Some((pressed, action)) if pressed == id && self.on_screen(id).is_some() => match action {
                Action::CancelService => self.ask_reason(cx),
                _ => self.ask_label(cx),
            },
            other => self.after_methods = other.filter(|(pressed, _)| *pressed != id),
        }
    }

    /// `x`: why the service is cancelled, asked first; refused, with why, on a service that
    /// has ended or has a cancellation requested already (the portal would refuse it).
    pub(super) fn ask_reason(&mut self, cx: &mut Cx) {
        let language = cx.language;
        if let Some(service) = self.current().filter(|s| s.cancelling()) {
            let (id, pending) = (service.number().unwrap_or_default(), service.cancellation.as_ref());
            let pending = pending.cloned().unwrap_or_default();
            return cx.say(crate::i18n::cancel_pending(id, &service.name, &pending, &service.next_due, language));
        }
        let Some(id) = self.offering(ServiceAction::Cancel, cx) else { return };
        let Some(service) = self.on_screen(id) else { return };
        if service.has_ended() {
            let status = crate::i18n::status(&service.status, language);
            return cx.say(Text::CliCancelAlready.fill(language, &[("id", &id), ("status", &status)]));
        }
        let reason = self.cancelling.take().filter(|c| c.id == id).map(|c| c.reason);
        cx.prompt(PromptKind::CancelReason, reason.as_deref().unwrap_or_default());
    }

    /// The reason typed: then when it ends is chosen, at the end of the billing period
    /// first.
    pub(super) fn reason_typed(&mut self, text: &str, cx: &mut Cx) -> Result<(), String> {
        let Some(id) = self.current().and_then(Service::number) else { return Ok(()) };
        let reason = crate::api::ticket_subject(text).ok_or_else(|| texts::CancelReasonEmpty.get(cx.language))?;
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
            let Some(service) = self.browse.current().filter(|s| s.number() == Some(cancelling.id)) else {
                self.cancelling = None;
                return;
            };
            cancelling.choosing = false;
            let kind = if cancelling.now { PromptKind::CancelNowTyped } else { PromptKind::CancelTyped };
            cx.prompt_typed(kind, &service.typed_confirmation(cancelling.id));
        } else {
            cx.unchanged();
        }
    }

    /// What was typed to confirm: exactly the domain (or name) puts the cancellation up;
    /// anything else sends nothing, and says so.
    pub(super) fn confirmation_typed(&mut self, text: &str, cx: &mut Cx) {
        let language = cx.language;
        let Some(service) = self.browse.current() else { return };
        let Some(Cancelling { id, reason, now, .. }) = self.cancelling.clone().filter(|c| service.number() == Some(c.id))
        else {
            return;
        };
        let word = service.typed_confirmation(id);
        if word.trim().is_empty() || text.trim() != word {
            return cx.say(texts::CancelTypedMismatch.fill(language, &[("word", &word)]));
        }
        self.cancelling = None;
        let preview = crate::i18n::preview::service_cancel(now, &service.next_due, &reason, cx.today, language);
        let change = Change::ServiceCancel { service_id: id, immediate: now, reason };
        let confirmation = previewed(change, preview, service_words(id, service), cx);
        cx.confirm(confirmation);
    }

    /// `t`: the label, typed over the current one (as the label route last gave it, else
    /// the service's own field).
    pub(super) fn ask_label(&mut self, cx: &mut Cx) {
        let Some(id) = self.offering(ServiceAction::Label, cx) else { return };
        let Some(service) = self.on_screen(id) else { return };
        let current = self.labels.get(&id).map_or(service.label.as_str(), String::as_str).trim().to_owned();
        cx.prompt(PromptKind::ServiceLabel, &current);
    }

    /// The label typed: the same as now sends nothing; another is put up for confirmation.
    pub(super) fn label_typed(&mut self, text: &str, cx: &mut Cx) {
        let language = cx.language;
        let Some((id, service)) = self.current().and_then(|s| Some((s.number()?, s))) else { return };
        let label = crate::api::sanitize::line(text).trim().to_owned();
        let old = self.labels.get(&id).map_or(service.label.as_str(), String::as_str).trim().to_owned();
        if old == label {
            return cx.say(Text::CliLabelAlready.fill(language, &[("id", &id), ("label", &label)]));
        }
        let preview = crate::i18n::preview::service_label(&old, &label, language);
        let change = Change::ServiceLabel { service_id: id, label };
        let confirmation = previewed(change, preview, service_words(id, service), cx);
        cx.confirm(confirmation);
    }
}

/// A service's change as its confirmation names it: who, the service, its preview's rows
/// and the request as sent.
fn previewed(change: Change, preview: crate::i18n::preview::Preview, service: String, cx: &Cx) -> Confirmation {
    let language = cx.language;
    let id = match change.subject() {
        crate::api::Subject::Service(id) => id,
        _ => 0,
    };
    let mut rows = cx.who();
    rows.push((Text::LabelService.get(language).to_owned(), service));
    rows.extend(preview.rows());
    rows.push((Text::LabelRequest.get(language).to_owned(), change.describe()));
    Confirmation::new(change, preview.title, rows, Req::Change(id).into(), format!("service #{id}"))
}

/// `#2208 Hosting Basic (banhmihoian.com.vn)`.
fn service_words(id: u64, service: &Service) -> String {
    match service.domain.trim() {
        "" => format!("#{id} {}", service.name),
        domain => format!("#{id} {} ({domain})", service.name),
    }
}
