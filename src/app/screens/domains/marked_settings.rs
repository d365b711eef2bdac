//! A setting changed on every marked registration at once (`A`, `K`, `I`, `S` on the list
//! while some are marked, the keys a detail uses for one): autorenew, the registrar lock or
//! ID protection turned on for them all when any of them is not known to be on, else off;
//! the nameservers typed once for them all. One confirmation names every registration with
//! its setting before → after (those already so are named and not sent) and, for ID
//! protection, that the portal may charge for it; then each change is sent on its own, one
//! at a time, by the change protocol (the profile's batch, `app::changes`). What was done
//! loses its mark (`setting_changed`); what was not stays marked.

use super::{DomainsView, Req};
use crate::api::models::DomainRecord;
use crate::api::{Change, Operation, domain_actions};
use crate::app::PromptKind;
use crate::app::confirmation::{Confirmation, Queued};
use crate::app::screens::Cx;
use crate::config::keys::Action;
use crate::i18n::{self, Text};

crate::words! {
    MarkedSettingChange: "{what}, {count} registrations, one at a time" | "{what}, {count} đăng ký, lần lượt từng cái",
    MarkedSettingTitle: "Change the marked domains?" | "Thay đổi các tên miền đã đánh dấu?",
    MarkedSettingAlready: "already {state}: not sent" | "đã {state}: không gửi",
    MarkedSettingAlreadyNs: "already these: not sent" | "đã là các máy chủ này: không gửi",
    MarkedSettingNone: "Every marked registration already is as asked: there is nothing to send." | "Mọi đăng ký đã đánh dấu đều đã như vậy: không có gì để gửi.",
    MarkedSettingNoneReadable: "No marked registration can be changed (none has an id the portal gave)." | "Không đăng ký đã đánh dấu nào thay đổi được (không có mã do cổng cấp).",
    MarkedIdProtectionPrice: "not listed: the portal may charge for ID protection (an invoice, if any, is said after each)" | "không niêm yết: cổng có thể tính phí bảo vệ thông tin (hóa đơn, nếu có, được báo sau từng đăng ký)",
    MarkedSettingRequests: "{count} requests, one per registration; Esc stops before the next" | "{count} yêu cầu, mỗi đăng ký một; Esc dừng trước yêu cầu kế",
    MarkedSettingRequestOne: "1 request" | "1 yêu cầu",
}

/// What a marked registration's setting is now, when known.
fn setting_now(view: &DomainsView, action: Action, record: &DomainRecord, id: u64) -> Option<bool> {
    match action {
        Action::ToggleAutorenew => record.autorenew,
        Action::ToggleIdProtection => record.idprotection,
        _ => view.settings.locks.get(&id).and_then(|read| read.as_ref().ok().copied()),
    }
}

impl DomainsView {
    /// The marked registrations that a change can name, with their ids.
    fn marked_registrations(&self) -> Vec<(&DomainRecord, u64)> {
        let named = |r: &&DomainRecord| r.unreadable.is_none() && !self.is_zone_only(r);
        self.marked().filter(named).filter_map(|r| Some((r, r.id.trim().parse().ok()?))).collect()
    }

    /// `A`, `K`, `I` or `S` on the list with registrations marked.
    pub(super) fn marked_setting(&mut self, action: Action, cx: &mut Cx) {
        let op = match action {
            Action::ToggleAutorenew => Operation::DomainAutorenew,
            Action::ToggleLock => Operation::DomainLock,
            Action::ToggleIdProtection => Operation::DomainIdProtection,
            _ => Operation::DomainNameservers,
        };
        if !cx.offers(op) {
            return cx.say(i18n::not_offered(op, cx.language));
        }
        let chosen = self.marked_registrations();
        if chosen.is_empty() {
            return cx.say(MarkedSettingNoneReadable.get(cx.language).to_owned());
        }
        if action == Action::SetNameservers {
            // The nameservers they share, when they all have the same, to start from.
            let shown: Vec<Vec<String>> = chosen.iter().map(|(r, _)| self.shown_nameservers(r)).collect();
            let shared = shown.windows(2).all(|w| domain_actions::same_nameservers(&w[0], &w[1]));
            let start = if shared { shown.first().map(|n| n.join(" ")).unwrap_or_default() } else { String::new() };
            return cx.prompt(PromptKind::Nameservers, &start);
        }
        // On for them all when any is not known to be on; off when every one is.
        let on = !chosen.iter().all(|(record, id)| setting_now(self, action, record, *id) == Some(true));
        let items = chosen.iter().map(|(record, id)| {
            let now = setting_now(self, action, record, *id);
            let change = match action {
                Action::ToggleAutorenew => Change::DomainAutorenew { domain_id: *id, on },
                Action::ToggleLock => Change::DomainLock { domain_id: *id, on },
                _ => Change::DomainIdProtection { domain_id: *id, on },
            };
            let preview = i18n::preview::switch(&change, now, cx.language);
            let already = (now == Some(on)).then(|| {
                MarkedSettingAlready.fill(cx.language, &[("state", &i18n::on_off(on, cx.language))])
            });
            let line = match now {
                Some(now) => format!("{} → {}", i18n::on_off(now, cx.language), i18n::on_off(on, cx.language)),
                None => format!("— → {}", i18n::on_off(on, cx.language)),
            };
            (*record, change, preview, already.unwrap_or(line), now == Some(on))
        });
        let items: Vec<_> = items.collect();
        let what = i18n::switch_words(&items[0].1, None, cx.language);
        let priced = (action == Action::ToggleIdProtection && on).then(|| MarkedIdProtectionPrice.get(cx.language));
        self.confirm_marked(items, &what, priced, cx);
    }

    /// The nameservers typed for the marked registrations: one confirmation for them all.
    pub(super) fn marked_nameservers(&mut self, wanted: Vec<String>, cx: &mut Cx) {
        let language = cx.language;
        let chosen = self.marked_registrations();
        let items = chosen.iter().map(|(record, id)| {
            let now = self.shown_nameservers(record);
            let already = !wanted.is_empty() && domain_actions::same_nameservers(&now, &wanted);
            let preview = i18n::preview::nameservers(&now, &wanted, language);
            let change = Change::DomainNameservers { domain_id: *id, nameservers: wanted.clone() };
            let line = match already {
                true => MarkedSettingAlreadyNs.get(language).to_owned(),
                false => i18n::nameserver_change_words(Some(&now), &wanted, language),
            };
            (*record, change, preview, line, already)
        });
        let items: Vec<_> = items.collect();
        let what = i18n::nameserver_change_words(None, &wanted, language);
        self.confirm_marked(items, &what, None, cx);
    }

    /// One confirmation for them all: a line for each registration (what changes, or that
    /// it already is so), the price where there may be one, the requests; each change is
    /// queued as its own confirmation would put it.
    fn confirm_marked(
        &self,
        items: Vec<(&DomainRecord, Change, i18n::preview::Preview, String, bool)>,
        what: &str,
        priced: Option<&str>,
        cx: &mut Cx,
    ) {
        let language = cx.language;
        let sent = items.iter().filter(|item| !item.4).count();
        if sent == 0 {
            return cx.say(MarkedSettingNone.get(language).to_owned());
        }
        let mut rows = cx.who();
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("what", &what), ("count", &sent)];
        rows.push((Text::LabelChange.get(language).to_owned(), MarkedSettingChange.fill(language, &fill)));
        let mut queued = Vec::new();
        for (record, change, preview, line, already) in items {
            let name = record.name.trim().to_owned();
            rows.push((name.clone(), line));
            if already {
                continue;
            }
            let id = change.registration().unwrap_or_default();
            let confirmation = super::settings::confirmation(change, &name, preview, Req::Setting(id), cx);
            queued.push(Queued { confirmation, name });
        }
        if let Some(priced) = priced {
            rows.push((Text::LabelPrice.get(language).to_owned(), priced.to_owned()));
        }
        let Some(first) = queued.first() else { return cx.unchanged() };
        let more = match queued.len() {
            1 => MarkedSettingRequestOne.get(language).to_owned(),
            n => MarkedSettingRequests.fill(language, &[("count", &n)]),
        };
        let request = first.confirmation.change.describe();
        rows.push((Text::LabelRequest.get(language).to_owned(), format!("{request} · {more}")));
        let confirmation =
            Confirmation { title: MarkedSettingTitle, rows, promise: None, batch: queued.clone(), ..first.confirmation.clone() };
        cx.confirm(confirmation);
    }

    /// The keys the list offers for the marked: renewing them and changing their settings,
    /// where the portal offers it.
    pub(super) fn marked_hints(&self, peek: &crate::app::screens::Peek) -> Vec<Action> {
        if self.marks.is_empty() {
            return Vec::new();
        }
        // Renewing and clearing first, as before these keys acted on the marked.
        let clear = (Action::ClearMarks, None);
        let keys = [
            (Action::Renew, Some(Operation::DomainRenew)),
            clear,
            (Action::ToggleAutorenew, Some(Operation::DomainAutorenew)),
            (Action::ToggleLock, Some(Operation::DomainLock)),
            (Action::ToggleIdProtection, Some(Operation::DomainIdProtection)),
            (Action::SetNameservers, Some(Operation::DomainNameservers)),
        ];
        let offered = keys.into_iter().filter(|(_, op)| op.is_none_or(|op| peek.offers(op)));
        offered.map(|(action, _)| action).collect()
    }
}
