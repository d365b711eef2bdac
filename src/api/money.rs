//! Exact money: portal amounts are decimal text (`"1500000.000"`) or JSON numbers (`12.5`).
//! They are kept as decimals so that sums and deltas are exact; never as floats.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Sub};
use std::str::FromStr;

use rust_decimal::Decimal;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(Decimal);

impl Money {
    pub const ZERO: Money = Money(Decimal::ZERO);

    /// Parses decimal text as portals send it; surrounding spaces are ignored.
    pub fn parse(text: &str) -> Option<Money> {
        Decimal::from_str(text.trim()).ok().map(Money)
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

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0 - rhs.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl serde::Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
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
        let total: Money = ["0.10", "0.20", "1500000.000"].iter().map(|t| m(t)).sum();
        assert_eq!(total, m("1500000.30"));
        assert_eq!(m("0.3") - m("0.1") - m("0.2"), Money::ZERO);
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
    }
}
