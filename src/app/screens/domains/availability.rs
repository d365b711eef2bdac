//! A name typed at `/` that is not one of the account's: whether it can be registered
//! (`POST /domain/lookup`, a read that changes nothing: asked once, never confirmed) and
//! what registering it costs by period (the lookup's own prices, else its TLD's from
//! `GET /domain/order`, as `domain check` prices it). The answer goes to this screen, which
//! shows it above the list until Esc or the next name.

use super::{DomainsView, Req};
use crate::api::models::{Availability, PeriodPrices};
use crate::api::{ApiError, Operation, Query, domain_actions};
use crate::app::screens::Cx;
use crate::i18n::Text;

/// A name checked, and what is known of it so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// As typed (lower case, no scheme or final dot): what was sent.
    pub name: String,
    pub state: Check,
    /// Whether the TLD's prices are being read for it.
    pub reading_prices: bool,
    /// What the portal said when the name was looked up among the account's (it knew
    /// no such registration), kept to be shown.
    pub not_held: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// Sent; the answer is not in yet.
    Asking,
    /// The portal's answer.
    Answered(Availability),
    /// The portal could not say, in its words (or why it could not be asked).
    Failed(String),
    /// The portal does not offer lookups.
    NotOffered,
}

impl Checked {
    /// The answer, once in.
    pub fn answer(&self) -> Option<&Availability> {
        match &self.state {
            Check::Answered(found) => Some(found),
            _ => None,
        }
    }
}

impl DomainsView {
    /// Whether `name` is one of the account's (a registration listed or looked up, or a
    /// name only a hosted zone holds).
    pub(super) fn holds(&self, name: &str) -> bool {
        self.records.iter().any(|r| r.name.trim().eq_ignore_ascii_case(name))
    }

    /// Asks whether `name` can be registered: refused here, with the reason, when it is
    /// not a name that could be; said at once where the portal has shown it offers no
    /// lookups.
    pub(super) fn check(&mut self, name: &str, cx: &mut Cx) -> Result<(), String> {
        self.check_after(name, None, cx)
    }

    /// [`Self::check`], `not_held` what the portal said of the name among the account's.
    pub(super) fn check_after(&mut self, name: &str, not_held: Option<String>, cx: &mut Cx) -> Result<(), String> {
        if domain_actions::lookup_name(name).is_none() {
            return Err(Text::AvailNotAName.fill(cx.language, &[("name", &name)]));
        }
        if let Some(domain) = domain_actions::host_under(name, self.records.iter().map(|r| r.name.as_str())) {
            return Err(Text::AvailHostUnder.fill(cx.language, &[("name", &name), ("domain", &domain)]));
        }
        self.detail = None;
        self.settings.transfer_code = None;
        if !cx.offers(Operation::DomainLookup) {
            self.checked = Some(Box::new(Checked { name: name.to_owned(), state: Check::NotOffered, reading_prices: false, not_held }));
            return Ok(());
        }
        self.checked = Some(Box::new(Checked { name: name.to_owned(), state: Check::Asking, reading_prices: false, not_held }));
        cx.look_up(Req::Availability(name.to_owned()), name.to_owned());
        Ok(())
    }

    /// The portal's answer for `name` (an answer for a name no longer shown is dropped);
    /// without prices of its own, the TLD's are read once.
    pub(super) fn availability_answer(&mut self, name: String, answer: Result<Availability, ApiError>, cx: &mut Cx) {
        let Some(checked) = self.checked.as_mut().filter(|c| c.name == name) else { return cx.unchanged() };
        checked.state = match answer {
            Ok(found) => {
                let wants_order = found.periods.is_empty() && self.settings.order.is_none();
                if wants_order && cx.offers(Operation::DomainOrder) {
                    checked.reading_prices = true;
                    cx.fetch(Req::Order, Query::DomainOrder);
                }
                Check::Answered(found)
            }
            Err(e) if e.not_offered() => {
                cx.not_offered.insert(Operation::DomainLookup);
                Check::NotOffered
            }
            Err(e) => Check::Failed(crate::i18n::api_error(&e, cx.language)),
        };
    }

    /// The prices of the name checked, by period, readable ones only (none while unknown).
    pub fn checked_prices(&self) -> Vec<&PeriodPrices> {
        let Some(found) = self.checked.as_deref().and_then(Checked::answer) else { return Vec::new() };
        let order = self.settings.order.as_deref().unwrap_or_default();
        domain_actions::lookup_prices(found, order).iter().filter(|p| p.unreadable.is_none()).collect()
    }

    /// The lines the panel of the name checked takes above the list, its border included:
    /// a line for each thing it says, the portal's words counted as two (they wrap at 80
    /// columns), so at 120 columns a line may be left blank. Drawing and the list's scrolling both use it, so the selection stays in
    /// view below it.
    pub fn panel_rows(&self) -> usize {
        let Some(checked) = &self.checked else { return 0 };
        let said = match &checked.state {
            Check::Asking | Check::NotOffered => 1,
            Check::Failed(_) => 2,
            Check::Answered(found) => {
                let prices = match self.checked_prices().len() {
                    0 => 1,
                    periods => periods + 2,
                };
                1 + usize::from(found.premium) + prices + if found.available { 2 } else { 1 }
            }
        };
        said + 2 * usize::from(checked.not_held.is_some()) + 2
    }

    /// The panel's lines in a body of `height` lines: what it says, leaving the list
    /// [`LIST_KEPT`] lines when there is one.
    pub fn panel_height(&self, height: usize) -> usize {
        let kept = if self.records.is_empty() { 0 } else { LIST_KEPT };
        self.panel_rows().min(height.saturating_sub(kept)).max(3.min(self.panel_rows()))
    }
}

/// The lines the list keeps below the panel of a name checked.
pub const LIST_KEPT: usize = 6;
