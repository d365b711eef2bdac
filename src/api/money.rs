//! Exact money: portal amounts are decimal text (`"1500000.000"`) or JSON numbers (`12.5`).
//! They are kept as decimals so that sums and deltas are exact; never as floats. A portal
//! can send amounts near the decimal maximum, so every sum and difference is checked: there
//! is no `+` or `-` on `Money`, and `None` is a total too large to hold.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(Decimal);

impl Money {
    pub const ZERO: Money = Money(Decimal::ZERO);

    /// Parses an amount as portals write it: `1500000.000`, and the ways Vietnamese
    /// portals write it for people: `1.500.000`, `1,500,000.00`, `1500000 VND`,
    /// `1.500.000 ₫`, `1 500 000`. A currency word or sign around it is dropped.
    pub fn parse(text: &str) -> Option<Money> {
        let text = text.trim();
        if let Ok(plain) = Decimal::from_str(text) {
            return Some(Money(plain));
        }
        let number = text
            .trim_matches(|c: char| c.is_alphabetic() || matches!(c, '₫' | '$' | '€' | ' ' | '\u{a0}'))
            .replace([' ', '\u{a0}'], "");
        let digits = number.strip_prefix('-').unwrap_or(&number);
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
            return None;
        }
        let dong = text.contains(['₫', 'đ', 'Đ']) || text.to_ascii_uppercase().contains("VND");
        let (thousands, decimal) = separators(digits, dong)?;
        let (integer, fraction) = match decimal {
            Some(d) => digits.split_once(d)?,
            None => (digits, ""),
        };
        let mut groups = integer.split(|c| Some(c) == thousands);
        let first = groups.next()?;
        let grouped = thousands.is_none() || ((1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3));
        if !grouped || first.is_empty() || fraction.contains(['.', ',']) || (decimal.is_some() && fraction.is_empty()) {
            return None;
        }
        let sign = if number.starts_with('-') { "-" } else { "" };
        let plain =
            format!("{sign}{}.{}", integer.replace(['.', ','], ""), if fraction.is_empty() { "0" } else { fraction });
        Decimal::from_str(&plain).ok().map(Money)
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    pub fn is_negative(&self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    /// Groups the integer part and picks the separators; trailing zero decimals are dropped
    /// (`1500000.000` → `1,500,000`, `12.50` → `12.50`).
    pub fn grouped(&self, thousands: char, decimal: char) -> String {
        let value = self.0.normalize();
        let scale = value.scale().max(if value.fract().is_zero() { 0 } else { 2 });
        let text = format!("{:.*}", scale as usize, value.abs());
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        let mut out = String::with_capacity(text.len() + int.len() / 3 + 1);
        if value.is_sign_negative() && !value.is_zero() {
            out.push('-');
        }
        group_thousands(int, thousands, &mut out);
        if !frac.is_empty() {
            out.push(decimal);
            out.push_str(frac);
        }
        out
    }
}

/// Which of `.` and `,` groups thousands and which marks decimals in `digits`. The one
/// that comes last, once, is the decimal one when both are used; one used several times
/// groups thousands; a lone comma is decimal unless exactly three digits follow it
/// (`1,500`); a lone dot is decimal (`1500000.000` is how portals write amounts) except in
/// an amount marked as đồng, which has no decimals (`90.000 ₫`).
fn separators(digits: &str, dong: bool) -> Option<(Option<char>, Option<char>)> {
    let (dots, commas) = (digits.matches('.').count(), digits.matches(',').count());
    let after = |c: char| digits.rsplit(c).next().map_or(0, str::len);
    Some(match (dots, commas) {
        (0, 0) => (None, None),
        (1, 0) if dong && after('.') == 3 => (Some('.'), None),
        (1, 0) => (None, Some('.')),
        (_, 0) => (Some('.'), None),
        (0, 1) if after(',') == 3 => (Some(','), None),
        (0, 1) => (None, Some(',')),
        (0, _) => (Some(','), None),
        (1, _) if digits.rfind('.') > digits.rfind(',') => (Some(','), Some('.')),
        (_, 1) if digits.rfind(',') > digits.rfind('.') => (Some('.'), Some(',')),
        _ => return None,
    })
}

/// Appends a run of ASCII digits with `separator` between groups of three: `10000` → `10,000`.
pub fn group_thousands(digits: &str, separator: char, out: &mut String) {
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(separator);
        }
        out.push(digit);
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Money {
    /// The sum, or `None` when it is too large to hold.
    pub fn checked_add(self, rhs: Money) -> Option<Money> {
        self.0.checked_add(rhs.0).map(Money)
    }

    /// The difference, or `None` when it is too large to hold.
    pub fn checked_sub(self, rhs: Money) -> Option<Money> {
        self.0.checked_sub(rhs.0).map(Money)
    }

    /// The sum of all, or `None` as soon as a partial sum is too large to hold.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Money>) -> Option<Money> {
        amounts.into_iter().try_fold(Money::ZERO, Money::checked_add)
    }

    /// `count` times the amount (a price for several years), or `None` when it is too
    /// large to hold.
    pub fn checked_times(self, count: u32) -> Option<Money> {
        self.0.checked_mul(Decimal::from(count)).map(Money)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn sums_are_exact() {
        let total = Money::checked_sum(["0.10", "0.20", "1500000.000"].iter().map(|t| m(t)));
        assert_eq!(total, Some(m("1500000.30")));
        assert_eq!(m("0.3").checked_sub(m("0.1")).and_then(|d| d.checked_sub(m("0.2"))), Some(Money::ZERO));
    }

    const MAX: &str = "79228162514264337593543950335";

    #[test]
    fn sums_past_the_maximum_are_none() {
        assert_eq!(m(MAX).checked_add(m("1")), None);
        assert_eq!(m(&format!("-{MAX}")).checked_sub(m("1")), None);
        assert_eq!(Money::checked_sum([m(MAX), m(MAX), m(&format!("-{MAX}"))]), None);
        assert_eq!(m(MAX).checked_sub(m(MAX)), Some(Money::ZERO));
        assert_eq!(m(MAX).checked_times(2), None);
        assert_eq!(m("480000.50").checked_times(3), Some(m("1440001.50")));
        assert_eq!(m(MAX).grouped(',', '.'), "79,228,162,514,264,337,593,543,950,335");
    }

    fn extreme() -> impl proptest::strategy::Strategy<Value = Money> {
        use proptest::prelude::*;
        prop_oneof![
            Just(m(MAX)),
            Just(m(&format!("-{MAX}"))),
            Just(m("0.0000000000000000000000000001")),
            Just(Money::ZERO),
            (any::<i128>(), 0u32..=28).prop_map(|(n, scale)| {
                let n = n.clamp(-(2i128.pow(96) - 1), 2i128.pow(96) - 1);
                Money(Decimal::from_i128_with_scale(n, scale))
            }),
        ]
    }

    proptest::proptest! {
        #[test]
        fn checked_operations_never_panic_and_agree(a in extreme(), b in extreme()) {
            let sum = a.checked_add(b);
            let difference = a.checked_sub(b);
            // Exactly the sums the decimal type can hold are given; the others are `None`.
            proptest::prop_assert_eq!(sum.is_some(), a.0.checked_add(b.0).is_some());
            // Amounts of up to half the maximum always add and subtract.
            let half = Decimal::MAX / Decimal::TWO;
            if a.0.abs() <= half && b.0.abs() <= half {
                proptest::prop_assert!(sum.is_some() && difference.is_some());
            }
            proptest::prop_assert_eq!(a.checked_add(b), b.checked_add(a));
            proptest::prop_assert_eq!(difference.is_some(), a.0.checked_sub(b.0).is_some());
            for amount in [sum, difference].into_iter().flatten() {
                let _ = amount.grouped('.', ',');
            }
        }
    }

    #[test]
    fn grouping_per_locale() {
        assert_eq!(m("1500000.000").grouped('.', ','), "1.500.000");
        assert_eq!(m("1500000.000").grouped(',', '.'), "1,500,000");
        assert_eq!(m("12.5").grouped(',', '.'), "12.50");
        assert_eq!(m("-1234.567").grouped(',', '.'), "-1,234.567");
        assert_eq!(m("0").grouped(',', '.'), "0");
        assert_eq!(m("999").grouped(',', '.'), "999");
    }

    #[test]
    fn rejects_non_numbers() {
        assert!(Money::parse("n/a").is_none());
        assert!(Money::parse("").is_none());
        assert!(Money::parse("VND").is_none());
        assert!(Money::parse("1.5.0").is_none());
        assert!(Money::parse("12,34,5").is_none());
        assert!(Money::parse("1,2.3,4").is_none());
    }

    #[test]
    fn the_ways_vietnamese_portals_write_amounts() {
        let million = Some(m("1500000"));
        for text in
            ["1.500.000", "1,500,000.00", "1500000 VND", "1.500.000 ₫", "1.500.000,00", "1 500 000 đ", "VND 1,500,000"]
        {
            assert_eq!(Money::parse(text), million, "{text}");
        }
        assert_eq!(Money::parse("1500000.000"), million, "the portal's own form");
        assert_eq!(Money::parse("12,5"), Some(m("12.5")), "a decimal comma");
        assert_eq!(Money::parse("1,500"), Some(m("1500")));
        assert_eq!(Money::parse("-90.000 ₫"), Some(m("-90000")));
        assert_eq!(Money::parse("12.50"), Some(m("12.5")));
    }
}
