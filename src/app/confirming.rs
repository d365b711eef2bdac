//! What keeps a confirmation honest: it takes no key for a moment after it opens (the
//! loop drops the keys already waiting then, and says when the moment has passed), and it
//! is checked against the records when they are read again while it is open.

use super::changes::{Changing, Confirmation, Dialog};
use super::{App, Command};
use crate::api::models::DnsRecord;
use crate::api::{Change, dns_ids, dns_rules};
use crate::i18n::Text;

impl App {
    /// Puts a confirmation up: it settles first (see `Confirmation::settling`).
    pub(super) fn put_up(&mut self, confirmation: Confirmation) {
        self.profile.dialog = Some(Dialog::Confirm(Box::new(Confirmation { settling: true, ..confirmation })));
        self.confirmation_opened = true;
    }

    /// A confirmation comes into view with its profile (it may have opened by itself in
    /// the background): it settles again, as one that just opened.
    pub(super) fn resettle(&mut self) {
        if let Some(Dialog::Confirm(c)) = &mut self.profile.dialog {
            c.settling = true;
            self.confirmation_opened = true;
        }
    }

    /// Whether a confirmation was put up since the last call: the loop then drops the keys
    /// that were already waiting and says when a moment has passed (`Msg::Settled`).
    pub fn take_confirmation_opened(&mut self) -> bool {
        std::mem::take(&mut self.confirmation_opened)
    }

    /// Whether the open confirmation still ignores keys.
    pub fn settling(&self) -> bool {
        matches!(&self.profile.dialog, Some(Dialog::Confirm(c)) if c.settling)
    }

    /// The moment after a confirmation opened has passed: it takes keys now.
    pub(super) fn settled(&mut self) -> Vec<Command> {
        match &mut self.profile.dialog {
            Some(Dialog::Confirm(c)) if c.settling => c.settling = false,
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    /// The records of `domain_id` were read again while a confirmation may be open: it is
    /// checked against what is listed now, and closed, nothing sent, when the record it
    /// changes is gone, changed or no longer addressable, or the record it adds is there.
    pub(super) fn recheck_dns_confirmation(&mut self, domain_id: u64) {
        let Some(Dialog::Confirm(c)) = &self.profile.dialog else { return };
        if !matches!(c.changing, Changing::Dns { domain_id: at, .. } if at == domain_id) {
            return;
        }
        let Some(Ok(records)) = self.profile.domains.dns.get(&domain_id.to_string()) else { return };
        let language = self.profile.language;
        let said = match (&c.change, &c.listed) {
            (Change::DnsUpdate { record_id, .. } | Change::DnsDelete { record_id, .. }, Some(listed)) => {
                let now = records.iter().position(|r| r.id.trim() == record_id);
                let same = now.is_some_and(|at| {
                    dns_ids::address(records, at).is_ok()
                        && DnsRecord { id: listed.id.clone(), ..records[at].clone() } == *listed
                });
                (!same).then(|| Text::ConfirmRecordGone.fill(language, &[("id", record_id)]))
            }
            (Change::DnsAdd { record, .. }, _) => {
                let (domain, priority) =
                    c.form.as_ref().map_or((String::new(), true), |f| (f.domain.clone(), f.has_priority()));
                let held =
                    records.iter().any(|r| r.unreadable.is_none() && dns_rules::holds(r, record, &domain, priority));
                held.then(|| Text::ConfirmRecordHeld.get(language).to_owned())
            }
            _ => None,
        };
        if let Some(said) = said {
            self.profile.dialog = None;
            self.profile.info = None;
            self.profile.error = Some(said);
        }
    }
}
