//! The preview of a service's upgrade order: the items that change, the recurring money
//! before → after, the one-time setup (both worked out by [`UpgradeTotals`], the same for
//! both faces), and the portal's estimate, which is what it will charge.

use std::collections::BTreeMap;

use super::Preview;
use crate::api::models::{UpgradeItem, UpgradeResource};
use crate::api::{Estimate, Language, Money, Quantity, UpgradeTotals};
use crate::i18n::Text;
use crate::i18n::format::{money_delta_in, total_in};

/// What an upgrade's preview is made from: a line per item that changes (`CPU: 2 → 4
/// (+0.20 VND)`), the sums of the choices, the service's own recurring total when known,
/// the portal's estimate once asked, and the account's currency.
pub struct UpgradeOrder<'a> {
    pub lines: &'a [String],
    pub totals: UpgradeTotals,
    pub service_total: Option<Money>,
    pub estimate: Option<&'a Estimate>,
    pub currency: &'a str,
}

/// An upgrade order: its items, the recurring money before → after (the difference), the
/// setup, and the portal's estimate where it was asked.
pub fn upgrade(u: &UpgradeOrder<'_>, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let mut rows = Vec::new();
    for (i, line) in u.lines.iter().enumerate() {
        rows.push((if i == 0 { label(Text::LabelItems) } else { String::new() }, line.clone()));
    }
    let r = u.totals.recurring(u.service_total);
    let amount = |m| total_in(m, u.currency, language);
    let (before, after, delta) = (amount(r.before), amount(r.after), money_delta_in(r.delta, u.currency, language));
    let recurring = if r.service { Text::LabelRecurringService } else { Text::LabelRecurringOptions };
    rows.push((label(recurring), format!("{before} → {after} ({delta})")));
    rows.push((label(Text::LabelOneTimeSetup), amount(u.totals.setup)));
    // The portal's estimate, what it will charge; nothing where it said nothing.
    if let Some(estimate) = u.estimate.map(|e| e.text(u.currency, language)).filter(|e| !e.is_empty()) {
        rows.push((label(Text::LabelEstimate), estimate));
    }
    Preview { title: Text::ConfirmUpgradeTitle, rows }
}

/// `CPU: 2 vCPU → 4 vCPU (+150,000.50 VND)`: a resource's current item (none: `(none)`),
/// the one chosen, and what it adds to the recurring price, in `currency`.
pub fn item_line(
    resource: &UpgradeResource,
    current: Option<&UpgradeItem>,
    chosen: &UpgradeItem,
    (language, currency): (Language, &str),
) -> String {
    let current_name = current.map_or(NoneChosen.get(language), |i| i.name.as_str());
    let delta = chosen.price.checked_sub(current.map_or(Money::ZERO, |i| i.price));
    let delta = money_delta_in(delta, currency, language);
    format!("{}: {} → {} ({delta})", resource.name, current_name, chosen.name)
}

/// `IPv4: 0 → 2 (+160,000 VND)`: a quantity resource's quantity now, the one chosen, and
/// what it adds.
pub fn quantity_line(resource: &UpgradeResource, q: Quantity, (language, currency): (Language, &str)) -> String {
    let delta = q.chosen_price().zip(q.current_price()).and_then(|(after, before)| after.checked_sub(before));
    let delta = money_delta_in(delta, currency, language);
    format!("{}: {} → {} ({delta})", resource.name, q.now, q.chosen)
}

crate::words! {
    DoUpgrade: "upgrade request for service #{id}" | "yêu cầu nâng cấp dịch vụ #{id}",
    NoneChosen: "(none)" | "(không có)",
}

/// An upgrade ordered: its name as an operation, and what the status line says while it is
/// sent (see `preview`).
pub struct Upgrade;
impl Upgrade {
    pub const NAME: Text = Text::Own(&["upgrade request", "yêu cầu nâng cấp"]);
    pub fn words(service_id: &u64, _resources: &BTreeMap<String, String>, language: Language) -> String {
        DoUpgrade.fill(language, &[("id", service_id)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn an_upgrade_is_previewed_in_both_languages() {
        let m = |t: &str| Money::parse(t);
        let totals = UpgradeTotals { current: m("540000"), chosen: m("690000.50"), setup: m("75000.50") };
        let answer = serde_json::json!({"estimate": {"difference": "150000.50", "setup": "75000.50"}});
        let estimate = Estimate::from_answer(BTreeMap::new(), &answer);
        let lines = ["CPU: 2 vCPU → 4 vCPU".to_owned(), "RAM: 4 GB → 8 GB".to_owned()];
        for language in [Language::English, Language::Vietnamese] {
            for service_total in [None, m("540000")] {
                let u =
                    UpgradeOrder { lines: &lines, totals, service_total, estimate: Some(&estimate), currency: "VND" };
                let preview = upgrade(&u, language);
                super::super::tests::filled(&preview);
                assert_eq!(preview.rows.len(), 5, "{:?}", preview.rows);
            }
        }
        let u = UpgradeOrder { lines: &lines, totals, service_total: None, estimate: None, currency: "VND" };
        let text = upgrade(&u, Language::English).text();
        assert!(text.starts_with("\n  Items: CPU: 2 vCPU → 4 vCPU\n    RAM: 4 GB → 8 GB"), "{text}");
        assert!(text.contains("\n  Options' recurring sum: 540,000 VND → 690,000.50 VND (+150,000.50 VND)"), "{text}");
        assert!(text.contains("\n  One-time setup: 75,000.50 VND"), "{text}");
        assert!(!text.contains("estimate"), "none asked, none said: {text}");
    }
}
