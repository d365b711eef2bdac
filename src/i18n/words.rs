//! Words the portal sends that read better in the reader's language: statuses, billing
//! cycles, an upgrade estimate's fields; and the portal's roles.

use super::{Language, Text, format};

/// A status the portal sent, in the reader's language when it is one of the usual ones;
/// anything else is shown as sent.
pub fn status(raw: &str, language: Language) -> std::borrow::Cow<'_, str> {
    let known = match raw.trim().to_ascii_lowercase().as_str() {
        "active" => Text::StatusActive,
        "expired" => Text::StatusExpired,
        "pending" => Text::StatusPending,
        "issued" => Text::StatusIssued,
        "expiring soon" => Text::StatusExpiringSoon,
        "cancelled" | "canceled" => Text::StatusCancelled,
        "suspended" => Text::StatusSuspended,
        "terminated" => Text::StatusTerminated,
        "fraud" => Text::StatusFraud,
        "paid" => Text::StatusPaid,
        "unpaid" => Text::StatusUnpaid,
        "refunded" => Text::StatusRefunded,
        "open" => Text::StatusOpen,
        "answered" => Text::StatusAnswered,
        "customer-reply" | "customer reply" => Text::StatusCustomerReply,
        "closed" => Text::StatusClosed,
        "in-progress" | "in progress" => Text::StatusInProgress,
        "on hold" | "on-hold" => Text::StatusOnHold,
        "awaiting your reply" => Text::StatusAwaitingYou,
        "hosted zone" => Text::StatusHostedZone,
        _ => return std::borrow::Cow::Borrowed(raw),
    };
    match language {
        // English keeps the portal's own spelling.
        Language::English => std::borrow::Cow::Borrowed(raw),
        Language::Vietnamese => std::borrow::Cow::Borrowed(known.get(language)),
    }
}

/// A billing cycle the portal sent, in the reader's language when it is a usual one.
pub fn cycle(raw: &str, language: Language) -> std::borrow::Cow<'_, str> {
    let known = match raw.trim().to_ascii_lowercase().replace(['-', ' '], "").as_str() {
        "monthly" => Text::CycleMonthly,
        "quarterly" => Text::CycleQuarterly,
        "semiannually" => Text::CycleSemiAnnually,
        "annually" => Text::CycleAnnually,
        "biennially" => Text::CycleBiennially,
        "triennially" => Text::CycleTriennially,
        "free" => Text::CycleFree,
        "onetime" => Text::CycleOneTime,
        _ => return std::borrow::Cow::Borrowed(raw),
    };
    match language {
        Language::English => std::borrow::Cow::Borrowed(raw),
        Language::Vietnamese => std::borrow::Cow::Borrowed(known.get(language)),
    }
}

/// A HostBill billing-cycle code (`m`, `q`, `s`, `a`, `b`, `t`, and `d`, `w`, `h`, `p4`…) in
/// words: `Monthly`, `Hàng tháng`; a code not known, as it is.
pub fn cycle_code(code: &str, language: Language) -> String {
    let known = match code.trim().to_ascii_lowercase().as_str() {
        "m" => Text::CycleMonthly,
        "q" => Text::CycleQuarterly,
        "s" => Text::CycleSemiAnnually,
        "a" => Text::CycleAnnually,
        "b" => Text::CycleBiennially,
        "t" => Text::CycleTriennially,
        "free" => Text::CycleFree,
        "once" | "onetime" => Text::CycleOneTime,
        "d" => return crate::i18n::preview::CycleDaily.get(language).to_owned(),
        "w" => return crate::i18n::preview::CycleWeekly.get(language).to_owned(),
        "h" => return crate::i18n::preview::CycleHourly.get(language).to_owned(),
        other => match other.strip_prefix('p').and_then(|n| n.parse::<u32>().ok()) {
            Some(years) => return crate::i18n::preview::CycleYears.fill(language, &[("n", &years)]),
            None => return code.trim().to_owned(),
        },
    };
    known.get(language).to_owned()
}

/// An upgrade estimate's fields in a line: `difference 150,000.50 · setup 0`. Amounts read
/// as amounts do everywhere else, the usual names are translated, anything else is as sent.
pub fn estimate(fields: &[(String, String)], currency: &str, language: Language) -> String {
    let field = |(key, value): &(String, String)| {
        let key = match key.as_str() {
            "difference" => Text::EstimateDifference.get(language),
            "setup" => Text::EstimateSetup.get(language),
            other => other,
        };
        match crate::api::Money::parse(value) {
            Some(amount) => format!("{key} {}", format::money_in(amount, currency, language)),
            None => format!("{key} {value}"),
        }
    };
    fields.iter().map(field).collect::<Vec<_>>().join(" · ")
}

/// An upgrade's estimate in words, for the picker and its confirmation.
impl crate::api::Estimate {
    /// `difference 0.20 VND · setup 5.05 VND` (the account's `currency`); when the portal
    /// sent no figures, what else it said, or that it sent none (its bare `upgrade_estimate`
    /// says no more than the label beside it: "Portal's estimate").
    pub fn text(&self, currency: &str, language: Language) -> String {
        if !self.fields.is_empty() {
            return estimate(&self.fields, currency, language);
        }
        let bare = |s: &&crate::api::Said| matches!(s, crate::api::Said::Words(w) if w.eq_ignore_ascii_case("upgrade_estimate"));
        let more: Vec<crate::api::Said> = self.info.iter().filter(|s| !bare(s)).cloned().collect();
        if more.is_empty() {
            return Text::EstimateNoFigures.get(language).to_owned();
        }
        super::said(&more, language)
    }
}

/// A role as the header and the switcher name it.
pub fn role(role: crate::api::Role, language: Language) -> &'static str {
    match role {
        crate::api::Role::Client => Text::RoleClient.get(language),
        crate::api::Role::Reseller => Text::RoleReseller.get(language),
    }
}

#[cfg(test)]
mod tests {
    use crate::api::{Estimate, Language, Said};

    #[test]
    fn an_estimate_without_figures_says_so_not_that_it_is_an_estimate() {
        let none = || Estimate { resources: Default::default(), fields: Vec::new(), info: Vec::new() };
        let bare = Estimate { info: vec![Said::Words("upgrade_estimate".into())], ..none() };
        assert_eq!(
            bare.text("VND", Language::English),
            "no figures sent (the totals above come from the listed prices)"
        );
        assert_eq!(bare.text("VND", Language::Vietnamese), "cổng không gửi số liệu (các tổng ở trên tính từ bảng giá)");
        let said = Estimate { info: vec![Said::Words("Giá tạm tính".into())], ..none() };
        assert_eq!(said.text("VND", Language::English), "Giá tạm tính");
        let figures = Estimate { fields: vec![("setup".into(), "5.05".into())], ..bare };
        assert!(figures.text("VND", Language::English).contains("5.05"));
    }
}
