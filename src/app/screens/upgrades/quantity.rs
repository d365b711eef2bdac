//! Quantity resources (`input`) in the upgrade picker: how many of the one item the
//! service takes, set by steps (←/→) or typed (checked against what the answer allows),
//! and what that adds to the totals.

use crate::app::screens::upgrades::texts;
use crate::api::Money;
use crate::api::models::{Quantities, UpgradeResource};
use crate::api::Language;

/// A quantity resource's quantity now and the one chosen, with its item's prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantity {
    pub now: u32,
    pub chosen: u32,
    pub price: Money,
    pub setup: Money,
}

impl Quantity {
    pub fn of(resource: &UpgradeResource, chosen: u32) -> Option<Quantity> {
        let item = resource.items.first().filter(|_| resource.is_quantity())?;
        Some(Quantity { now: resource.quantity_now(), chosen, price: item.price, setup: item.setup_price })
    }

    /// The recurring price of the quantity now.
    pub fn current_price(&self) -> Option<Money> {
        self.price.checked_times(self.now)
    }

    /// The recurring price of the quantity chosen.
    pub fn chosen_price(&self) -> Option<Money> {
        self.price.checked_times(self.chosen)
    }

    /// The one-time setup of the units added (none for units taken away).
    pub fn setup_price(&self) -> Option<Money> {
        self.setup.checked_times(self.chosen.saturating_sub(self.now))
    }

    pub fn changed(&self) -> bool {
        self.chosen != self.now
    }
}

/// A quantity as typed, or why it is not one the resource takes.
pub fn parse(text: &str, allowed: Quantities, language: Language) -> Result<u32, String> {
    let text = text.trim();
    let Ok(n) = text.parse::<u32>() else {
        return Err(texts::QuantityNotANumber.fill(language, &[("text", &text)]));
    };
    if allowed.allows(n) {
        return Ok(n);
    }
    Err(texts::QuantityNotAllowed.fill(language, &[("n", &n), ("allowed", &describe(allowed, language))]))
}

/// `0–8`, `from 2`, `0–8, in steps of 2`.
pub fn describe(allowed: Quantities, language: Language) -> String {
    let range = if allowed.max == u32::MAX {
        texts::QuantityFrom.fill(language, &[("min", &allowed.min)])
    } else {
        format!("{}–{}", allowed.min, allowed.max)
    };
    match allowed.step {
        1 => range,
        step => texts::QuantityStep.fill(language, &[("range", &range), ("step", &step)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_are_checked_against_what_the_answer_allows() {
        let allowed = Quantities { min: 0, max: 8, step: 2 };
        let en = Language::English;
        assert_eq!(parse(" 4 ", allowed, en), Ok(4));
        assert_eq!(parse("3", allowed, en), Err("3 is not a quantity it takes (0–8, in steps of 2)".into()));
        assert_eq!(parse("10", allowed, en), Err("10 is not a quantity it takes (0–8, in steps of 2)".into()));
        assert_eq!(parse("two", allowed, en), Err("not a whole number: two".into()));
        assert_eq!(parse("-1", allowed, en), Err("not a whole number: -1".into()));
        assert_eq!(describe(Quantities { min: 1, max: u32::MAX, step: 1 }, en), "from 1");
        assert_eq!((allowed.stepped(4, 1), allowed.stepped(8, 1), allowed.stepped(0, -1)), (6, 8, 0));
        let q = Quantity { now: 1, chosen: 3, price: Money::parse("80000").unwrap(), setup: Money::parse("5").unwrap() };
        assert_eq!(q.chosen_price(), Money::parse("240000"));
        assert_eq!(q.setup_price(), Money::parse("10"), "the setup of the two added");
    }
}
