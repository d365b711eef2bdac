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
        self.grouped_cents(thousands, decimal, false)
    }

    /// [`Money::grouped`], with two decimals always where `cents` (an amount of a currency
    /// written with cents: `10.00 USD` beside `9.99 USD`).
    pub fn grouped_cents(&self, thousands: char, decimal: char, cents: bool) -> String {
        let value = self.0.normalize();
        let scale = value.scale().max(if value.fract().is_zero() && !cents { 0 } else { 2 });
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

/// The digits after the decimal mark a currency's amounts have (its ISO 4217 minor unit):
/// none for đồng, yen and won, two for the others.
pub fn minor_unit(currency: &str) -> u32 {
    match currency.trim().to_ascii_uppercase().as_str() {
        "VND" | "JPY" | "KRW" => 0,
        _ => 2,
    }
}

/// Whether amounts of `currency` are written with cents: an ISO code (three letters) of a
/// currency with a minor unit of two digits. An unknown or empty currency is not, so an
/// amount whose currency is not known is written as it is.
pub fn has_cents(currency: &str) -> bool {
    let code = currency.trim();
    code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic()) && minor_unit(code) == 2
}

/// The marks a language writes amounts with: one between groups of three digits, one
/// before the decimals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    pub thousands: char,
    pub decimal: char,
}

impl Marks {
    /// The same two marks the other way round (how the other language writes amounts).
    fn swapped(self) -> Marks {
        Marks { thousands: self.decimal, decimal: self.thousands }
    }
}

/// Why a typed amount is not read (see [`Money::read_typed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// No digits at all.
    NotANumber,
    /// A `+` or `-` before it.
    Sign,
    /// A power of ten (`1e2`).
    Exponent,
    /// A blank inside the digits (`1 000`).
    Blank,
    /// A character that has no place in an amount (`1_000`, `4O0`).
    Stray(char),
    /// A currency other than the one the amount is in (`5 USD` for a VND invoice).
    OtherCurrency(String),
    /// More decimals than the currency has (`0,5` đồng, `0.001` dollar).
    Decimals { allowed: u32 },
    /// The marks not where the language puts them (`1.00.000`, `1,2,3`).
    Grouping,
    /// Written with the other language's marks, which read it as `meant`.
    OtherWay { meant: Money },
    /// A single decimal mark before three digits that also reads as a thousands group:
    /// `1.000` in English for đồng could be a thousand (grouped) or one (decimal).
    Ambiguous { grouped: Money, decimal: Money },
    /// More digits than an amount holds.
    TooLarge,
}

impl Money {
    /// Reads an amount typed by a person, as the inverse of how the product writes amounts
    /// for them (`Money::grouped` with `marks`): digits, `marks.thousands` between groups
    /// of three (or none at all), `marks.decimal` before at most the currency's minor unit
    /// of decimals; `currency` (or `₫`/`đ` for VND) before or after it is what the product
    /// itself writes and is allowed. No sign, exponent, underscore or blank inside; an
    /// amount the other language's marks would read differently, where both readings are
    /// amounts, is refused with the two (`Unreadable::Ambiguous`).
    pub fn read_typed(text: &str, marks: Marks, currency: &str) -> Result<Money, Unreadable> {
        let number = without_unit(text.trim(), currency)?;
        if let Some(c) = number.chars().find(|c| !c.is_ascii_digit() && *c != '.' && *c != ',') {
            return Err(match c {
                'e' | 'E' => Unreadable::Exponent,
                c if c.is_whitespace() => Unreadable::Blank,
                c => Unreadable::Stray(c),
            });
        }
        let minor = minor_unit(currency) as usize;
        let own = Plain::read(number, marks);
        // One decimal mark before exactly three digits, and no other mark: also a thousands
        // group written the other way, unless the currency's decimals are three.
        if let Some(own) = own.as_ref().filter(|p| p.fraction.len() == 3 && !p.grouped && minor != 3) {
            if let Some(grouped) = Plain::read(number, marks.swapped()).filter(|p| p.grouped) {
                return Err(Unreadable::Ambiguous { grouped: grouped.money()?, decimal: own.money()? });
            }
        }
        match own {
            Some(own) if own.fraction.len() > minor => Err(Unreadable::Decimals { allowed: minor as u32 }),
            Some(own) => own.money(),
            None => match Plain::read(number, marks.swapped()) {
                Some(other) if other.fraction.len() <= minor => Err(Unreadable::OtherWay { meant: other.money()? }),
                // Decimals either way (`0.001` đồng in Vietnamese): those the currency has not.
                Some(_) => Err(Unreadable::Decimals { allowed: minor as u32 }),
                None => Err(Unreadable::Grouping),
            },
        }
    }

    /// The amount cut down to the currency's minor unit (never rounded up): what of it
    /// can be typed and paid.
    pub fn in_minor_unit(self, currency: &str) -> Money {
        Money(self.0.round_dp_with_strategy(minor_unit(currency), rust_decimal::RoundingStrategy::ToZero))
    }
}

/// The digits of an amount read with a language's marks: its integer and decimal digits,
/// and whether it was grouped.
struct Plain {
    integer: String,
    fraction: String,
    grouped: bool,
}

impl Plain {
    /// `number` (digits and marks only) read with `marks`; `None` when they are not where
    /// the language puts them: a decimal mark more than once, digits on both sides of it,
    /// groups of three after a first of one to three that does not start with 0.
    fn read(number: &str, marks: Marks) -> Option<Plain> {
        let (integer, fraction) = match number.split_once(marks.decimal) {
            Some((i, f)) if !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()) => (i, f),
            Some(_) => return None,
            None => (number, ""),
        };
        let mut groups = integer.split(marks.thousands);
        let first = groups.next()?;
        let grouped = integer.contains(marks.thousands);
        let first_ok = !first.is_empty() && (!grouped || (first.len() <= 3 && !first.starts_with('0')));
        if !first_ok || !groups.all(|g| g.len() == 3) {
            return None;
        }
        Some(Plain { integer: integer.replace(marks.thousands, ""), fraction: fraction.to_owned(), grouped })
    }

    fn money(&self) -> Result<Money, Unreadable> {
        let text =
            if self.fraction.is_empty() { self.integer.clone() } else { format!("{}.{}", self.integer, self.fraction) };
        Decimal::from_str_exact(&text).map(Money).map_err(|_| Unreadable::TooLarge)
    }
}

/// The number in `text`, a unit naming `currency` before or after it taken off (`412.500 ₫`,
/// `5 USD` for a USD amount); a sign or another currency refused.
fn without_unit<'a>(text: &'a str, currency: &str) -> Result<&'a str, Unreadable> {
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    let Some(start) = text.find(numeric) else {
        return Err(if text.starts_with(['-', '+', '−']) { Unreadable::Sign } else { Unreadable::NotANumber });
    };
    let end = text.rfind(numeric).map_or(start, |i| i + 1);
    let (before, number, after) = (text[..start].trim(), &text[start..end], text[end..].trim());
    if before.ends_with(['-', '+', '−']) {
        return Err(Unreadable::Sign);
    }
    let unit = match (before, after) {
        ("", unit) | (unit, "") => unit,
        (unit, _) => return Err(stray(unit)),
    };
    if unit.is_empty() || names_currency(unit, currency) {
        return Ok(number);
    }
    let currency_like = unit.chars().all(char::is_alphabetic) || unit.chars().all(|c| "$€£¥₫₩₹฿".contains(c));
    Err(if currency_like { Unreadable::OtherCurrency(unit.to_owned()) } else { stray(unit) })
}

fn stray(unit: &str) -> Unreadable {
    unit.chars().next().map_or(Unreadable::NotANumber, Unreadable::Stray)
}

/// Whether `unit` is `currency` as the product writes it: its code, or đồng's sign.
fn names_currency(unit: &str, currency: &str) -> bool {
    let currency = currency.trim();
    !currency.is_empty()
        && (unit.eq_ignore_ascii_case(currency)
            || (currency.eq_ignore_ascii_case("VND") && matches!(unit, "₫" | "đ" | "Đ")))
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

    /// How many decimal places the amount is written with.
    pub fn scale(self) -> u32 {
        self.0.scale()
    }

    /// The amount as a whole number of `10^-scale` units (`12.5` at 2: 1250), for many to
    /// be added fast and exactly; `None` when `scale` is below the amount's own or the
    /// units are too many to hold.
    pub fn units(self, scale: u32) -> Option<i128> {
        let more = scale.checked_sub(self.0.scale())?;
        self.0.mantissa().checked_mul(10i128.checked_pow(more)?)
    }

    /// The amount of `units` at `scale` (see [`Money::units`]), or `None` when it is too
    /// large to hold.
    pub fn from_units(units: i128, scale: u32) -> Option<Money> {
        Decimal::try_from_i128_with_scale(units, scale).ok().map(Money)
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
    fn units_are_exact_and_come_back() {
        assert_eq!(m("12.5").units(2), Some(1250));
        assert_eq!(m("-0.01").units(3), Some(-10));
        assert_eq!(m("12.55").units(1), None, "fewer places than the amount's own");
        assert_eq!(m("79228162514264337593543950335").units(28), None, "too many units");
        assert_eq!(Money::from_units(1250, 2), Some(m("12.50")));
        assert_eq!(Money::from_units(i128::MAX, 0), None, "beyond what a decimal holds");
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
    fn a_currencys_minor_unit_and_an_amount_cut_down_to_it() {
        assert_eq!([minor_unit("VND"), minor_unit(" jpy "), minor_unit("KRW")], [0, 0, 0]);
        assert_eq!([minor_unit("USD"), minor_unit("EUR"), minor_unit("")], [2, 2, 2]);
        assert_eq!(m("12750000.500").in_minor_unit("VND"), m("12750000"));
        assert_eq!(m("0.999").in_minor_unit("VND"), Money::ZERO, "never rounded up");
        assert_eq!(m("12.349").in_minor_unit("USD"), m("12.34"));
        let english = Marks { thousands: ',', decimal: '.' };
        assert_eq!(Money::read_typed("1,234.56", english, "USD"), Ok(m("1234.56")));
        assert_eq!(
            Money::read_typed("1,234.56", english.swapped(), "USD"),
            Err(Unreadable::OtherWay { meant: m("1234.56") })
        );
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
