//! A quantity of an upgrade's `input` resource as a person types it, for the dashboard's
//! prompt and `upgrade --choose` alike: read, checked against what the resource takes, and
//! what it takes in words.

use crate::api::Language;
use crate::api::models::Quantities;

crate::words! {
    QuantityNotANumber: "not a whole number: {text}" | "không phải số nguyên: {text}",
    QuantityNotAllowed: "{n} is not a quantity it takes ({allowed})" | "{n} không phải số lượng được nhận ({allowed})",
    QuantityFrom: "from {min}" | "từ {min}",
    QuantityStep: "{range}, in steps of {step}" | "{range}, mỗi bước {step}",
}

/// A quantity as typed, or why it is not one the resource takes.
pub fn parse(text: &str, allowed: Quantities, language: Language) -> Result<u32, String> {
    let text = text.trim();
    let Ok(n) = text.parse::<u32>() else {
        return Err(QuantityNotANumber.fill(language, &[("text", &text)]));
    };
    if allowed.allows(n) {
        return Ok(n);
    }
    Err(QuantityNotAllowed.fill(language, &[("n", &n), ("allowed", &describe(allowed, language))]))
}

/// `0–8`, `from 2`, `0–8, in steps of 2`.
pub fn describe(allowed: Quantities, language: Language) -> String {
    let range = if allowed.max == u32::MAX {
        QuantityFrom.fill(language, &[("min", &allowed.min)])
    } else {
        format!("{}–{}", allowed.min, allowed.max)
    };
    match allowed.step {
        1 => range,
        step => QuantityStep.fill(language, &[("range", &range), ("step", &step)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Money;
    use crate::api::Quantity;

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
        let q =
            Quantity { now: 1, chosen: 3, price: Money::parse("80000").unwrap(), setup: Money::parse("5").unwrap() };
        assert_eq!(q.chosen_price(), Money::parse("240000"));
        assert_eq!(q.setup_price(), Money::parse("10"), "the setup of the two added");
    }
}
