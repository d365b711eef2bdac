//! How values read on screen and in reports: money in the reader's convention, countdowns.

use crate::api::models::days_until;
use crate::api::{Language, Marks, Money, Unreadable};
use crate::i18n::Text;

/// The marks the reader writes amounts with: `1,500,000.50` or `1.500.000,50`.
pub fn marks(language: Language) -> Marks {
    match language {
        Language::English => Marks { thousands: ',', decimal: '.' },
        Language::Vietnamese => Marks { thousands: '.', decimal: ',' },
    }
}

/// Money in the reader's convention: `1,500,000` or `1.500.000`.
pub fn money(amount: Money, language: Language) -> String {
    let marks = marks(language);
    amount.grouped(marks.thousands, marks.decimal)
}

/// An amount of `currency` typed by the reader, read as [`money`] and [`money_in`] write
/// one (their exact inverse, `Money::read_typed`): `412.500` in Vietnamese and `412,500`
/// in English are both four hundred and twelve thousand five hundred.
pub fn typed_money(text: &str, currency: &str, language: Language) -> Result<Money, Unreadable> {
    Money::read_typed(text, marks(language), currency)
}

/// What a prompt for an amount of `currency` is filled with: `amount` as [`money`] writes
/// it, cut down to the currency's minor unit, so that [`typed_money`] reads it back whole.
pub fn money_to_type(amount: Money, currency: &str, language: Language) -> String {
    money(amount.in_minor_unit(currency), language)
}

/// A quantity or a rate the portal wrote as a decimal (`2.00`, `10.5`): with as few
/// decimals as it needs and the reader's decimal mark (`2`, `10,5`); anything else as sent.
pub fn quantity(text: &str, language: Language) -> String {
    let Ok(value) = text.trim().parse::<rust_decimal::Decimal>() else { return text.to_owned() };
    let value = value.normalize().to_string();
    match language {
        Language::English => value,
        Language::Vietnamese => value.replace('.', ","),
    }
}

/// A count as the reader groups digits: `10,000` or `10.000`.
/// `n` things in words, English's singular for one (`1 registration`, `3 registrations`);
/// `one` and `many` are the noun's two forms with `{n}` (Vietnamese's are alike).
pub fn counted(n: usize, [one, many]: [Text; 2], language: Language) -> String {
    let text = if n == 1 { one } else { many };
    text.fill(language, &[("n", &count(n, language))])
}

/// The registrations counted (`1 registration`).
pub const REGISTRATIONS: [Text; 2] = [Text::RegistrationsOne, Text::RegistrationsMany];
/// The invoices counted (`1 invoice`).
pub const INVOICES: [Text; 2] = [Text::InvoicesOne, Text::InvoicesMany];
/// The years counted (`1 year`).
pub const YEARS: [Text; 2] = [Text::YearsOne, Text::YearsMany];
/// The profiles counted (`1 profile`).
pub const PROFILES: [Text; 2] = [Text::ProfilesOne, Text::ProfilesMany];

pub fn count(n: usize, language: Language) -> String {
    let separator = match language {
        Language::English => ',',
        Language::Vietnamese => '.',
    };
    let mut out = String::new();
    crate::api::group_thousands(&n.to_string(), separator, &mut out);
    out
}

/// A sum or difference of portal amounts, or "too large" when it could not be held.
pub fn total(amount: Option<Money>, language: Language) -> String {
    match amount {
        Some(amount) => money(amount, language),
        None => Text::TooLarge.get(language).to_owned(),
    }
}

/// [`total`] with its currency, as [`money_in`] writes one ("too large" alone).
pub fn total_in(amount: Option<Money>, currency: &str, language: Language) -> String {
    match amount {
        Some(amount) => money_in(amount, currency, language),
        None => Text::TooLarge.get(language).to_owned(),
    }
}

/// [`money_delta`] with its currency (`±0` and "too large" alone).
pub fn money_delta_in(amount: Option<Money>, currency: &str, language: Language) -> String {
    match amount {
        Some(a) if !a.is_zero() => with_currency(money_delta(amount, language), currency, language),
        _ => money_delta(amount, language),
    }
}

/// A number of records, singular or plural as the language says it: `1 record`, `10,000 records`.
pub fn records(n: usize, language: Language) -> String {
    let text = if n == 1 { Text::RecordsOne } else { Text::RecordsMany };
    text.fill(language, &[("n", &count(n, language))])
}

/// A size in bytes, singular or plural as the language says it: `1 byte`, `2,048 bytes`.
pub fn bytes(n: u64, language: Language) -> String {
    let text = if n == 1 { Text::RepBytesOne } else { Text::RepBytes };
    let n = usize::try_from(n).map_or_else(|_| n.to_string(), |n| count(n, language));
    text.fill(language, &[("n", &n)])
}

/// A number of lines, singular or plural as the language says it: `1 line`, `3 lines`.
pub fn lines(n: usize, language: Language) -> String {
    let text = if n == 1 { Text::LinesOne } else { Text::LinesMany };
    text.fill(language, &[("n", &count(n, language))])
}

/// A signed difference: `+150,000.50`, `-90,000`, `±0`; "too large" when it overflowed.
pub fn money_delta(amount: Option<Money>, language: Language) -> String {
    let Some(amount) = amount else { return Text::TooLarge.get(language).to_owned() };
    if amount.is_zero() {
        "±0".to_owned()
    } else if amount.is_negative() {
        money(amount, language)
    } else {
        format!("+{}", money(amount, language))
    }
}

/// Money with its currency: `1,500,000 VND`, and in Vietnamese `1.500.000 ₫`.
pub fn money_in(amount: Money, currency: &str, language: Language) -> String {
    let marks = marks(language);
    let cents = crate::api::has_cents(currency);
    with_currency(amount.grouped_cents(marks.thousands, marks.decimal, cents), currency, language)
}

/// An amount already written (a sum, a difference: `+150,000.50`) with its currency after
/// it, as [`money_in`] writes one; as it is when the currency is not known.
pub fn with_currency(amount: String, currency: &str, language: Language) -> String {
    let currency = match (language, currency.trim()) {
        (Language::Vietnamese, c) if c.eq_ignore_ascii_case("VND") => "₫",
        (_, c) => c,
    };
    if currency.is_empty() { amount } else { format!("{amount} {currency}") }
}

/// The columns a currency adds after an amount (its space included).
pub fn currency_width(currency: &str, language: Language) -> usize {
    use unicode_width::UnicodeWidthStr;
    with_currency(String::new(), currency, language).width()
}

/// A portal date (`2026-12-03`, maybe with a time after it) as the reader writes it:
/// unchanged in English, `03/12/2026` in Vietnamese. Text that is not such a date is
/// shown as sent.
pub fn date(text: &str, language: Language) -> String {
    let (Some(day), Some(rest)) = (text.get(..10), text.get(10..)) else { return text.to_owned() };
    let number = |range: std::ops::Range<usize>| day.get(range).and_then(|t| t.parse::<u16>().ok());
    let is_date = day.as_bytes()[4] == b'-'
        && day.as_bytes()[7] == b'-'
        && number(0..4).is_some_and(|y| y > 0)
        && number(5..7).is_some_and(|m| (1..=12).contains(&m))
        && number(8..10).is_some_and(|d| (1..=31).contains(&d));
    match language {
        Language::Vietnamese if is_date => format!("{}/{}/{}{rest}", &day[8..10], &day[5..7], &day[..4]),
        _ => text.to_owned(),
    }
}

/// A month (`2026-12`) as the language writes it beside its dates: `12/2026` in
/// Vietnamese; anything else as it is.
pub fn month(text: &str, language: Language) -> String {
    let first = date(&format!("{text}-01"), language);
    match first.strip_prefix("01/") {
        Some(month) if text.len() == 7 => month.to_owned(),
        _ => text.to_owned(),
    }
}

/// A ticket's last message as a list shows it: a time (`2016-12-30 12:20:28`, as some
/// portals send it) as the list shows dates (its day, `date`), a duration as `since` words it.
pub fn last_reply(text: &str, language: Language) -> String {
    if text.trim().len() >= 10 && crate::api::models::parse_date(text).is_some() {
        return date(text.trim().get(..10).unwrap_or(text), language);
    }
    since(text, language)
}

/// A portal's time since the last message (`2h 15m`, `1d 4h`, `2w 1d`) in the reader's
/// units: as sent in English; in Vietnamese `2g 15ph`, `1ng 4g`, `2tuần 1ng`, as short as
/// the column. Text worded otherwise is shown as sent.
pub fn since(text: &str, language: Language) -> String {
    if language != Language::Vietnamese {
        return text.to_owned();
    }
    let worded: Option<Vec<String>> = text
        .split_whitespace()
        .map(|part| {
            let at = part.find(|c: char| !c.is_ascii_digit()).filter(|&at| at > 0)?;
            let (n, unit) = part.split_at(at);
            let unit = match unit {
                "w" => "tuần",
                "d" => "ng",
                "h" => "g",
                "m" | "min" => "ph",
                "s" => "giây",
                _ => return None,
            };
            Some(format!("{n}{unit}"))
        })
        .collect();
    match worded {
        Some(parts) if !parts.is_empty() => parts.join(" "),
        _ => text.to_owned(),
    }
}

/// Days left as a table column says them: `12d`, `today`, `-35d` once past (`12 ng`,
/// `hôm nay`, `-35 ng` in a narrow one), `—` without a date; `worded` where the table has
/// room for words: `12 ngày`, `-35 ngày` (English keeps `12d`, which is not cryptic).
/// Whether it is soon or late the colour and the radar's notes say; a detail says it in
/// words ([`countdown`]).
pub fn days_left_as(days: Option<i64>, language: Language, worded: bool) -> String {
    match days {
        None => "—".to_owned(),
        Some(0) => Text::Today.get(language).to_owned(),
        Some(n) if worded => Text::DaysLeftWords.fill(language, &[("n", &n)]),
        Some(n) => Text::DaysLeftCell.fill(language, &[("n", &n)]),
    }
}

/// Days left until a portal date as the scripting reports say them: their columns are as
/// wide as what they hold, so in words (`12 ngày`; English `12d`).
pub fn days_left_until(date: &str, today: time::Date, language: Language) -> String {
    days_left_as(days_until(date, today), language, true)
}

/// Whether a days-left column `width` wide says them in words (see [`days_left_as`]).
pub fn days_left_worded(language: Language, width: u16) -> bool {
    days_left_width_as(language, true) <= usize::from(width)
}

/// The widest [`days_left_as`] a column is sized for, whatever it holds now: four digits
/// either way, or `today`. A column that never moves as the days go by.
pub fn days_left_width_as(language: Language, worded: bool) -> usize {
    use unicode_width::UnicodeWidthStr;
    [Some(-9999), Some(9999), Some(0)].iter().map(|d| days_left_as(*d, language, worded).width()).max().unwrap_or(0)
}

/// A countdown in words, as a detail says it: `in 12 days`, `today`, `40 days ago`.
pub fn countdown(date: &str, today: time::Date, language: Language) -> String {
    match days_until(date, today) {
        None => String::new(),
        Some(0) => Text::Today.get(language).to_owned(),
        Some(1) => Text::InOneDay.get(language).to_owned(),
        Some(d) if d > 0 => Text::InDays.fill(language, &[("n", &d)]),
        Some(-1) => Text::OneDayAgo.get(language).to_owned(),
        Some(d) => Text::DaysAgo.fill(language, &[("n", &-d)]),
    }
}

/// `text` padded with spaces to `width` columns (wide and combining characters counted as
/// a terminal shows them).
pub fn pad(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// A date with its countdown, `2026-12-03 (in 12 days)`; a date the tool cannot read is
/// shown as the portal wrote it, alone.
pub fn date_and_countdown(text: &str, today: time::Date, language: Language) -> String {
    match countdown(text, today, language) {
        c if c.is_empty() => date(text, language),
        c => format!("{} ({c})", date(text, language)),
    }
}

/// A duration in the largest two units: `6d 23h`, `4h 10m`, `55s`.
pub fn duration(d: std::time::Duration, language: Language) -> String {
    let s = d.as_secs();
    let (days, hours, minutes, seconds) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if days > 0 {
        Text::DurationDays.fill(language, &[("d", &days), ("h", &hours)])
    } else if hours > 0 {
        Text::DurationHours.fill(language, &[("h", &hours), ("m", &minutes)])
    } else if minutes > 0 {
        Text::DurationMinutes.fill(language, &[("m", &minutes), ("s", &seconds)])
    } else {
        Text::DurationSeconds.fill(language, &[("s", &seconds)])
    }
}

/// How long before its end a countdown shows seconds: before that it moves each minute,
/// and an idle dashboard wakes once a minute for it, not each second.
pub const SECONDS_SHOWN_UNDER: std::time::Duration = std::time::Duration::from_secs(600);

/// A countdown's time left (the session's): as [`duration`] in its last ten minutes,
/// before that in whole minutes (`6d 23h`, `4h 10m`, `42m`, then `9m 59s`).
pub fn countdown_duration(d: std::time::Duration, language: Language) -> String {
    let s = d.as_secs();
    if d < SECONDS_SHOWN_UNDER || s >= 3600 {
        return duration(d, language);
    }
    Text::DurationWholeMinutes.fill(language, &[("m", &(s / 60))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn typed(text: &str, currency: &str, language: Language) -> Result<Money, Unreadable> {
        typed_money(text, currency, language)
    }

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn a_size_of_one_byte_is_singular() {
        assert_eq!(bytes(1, Language::English), "1 byte");
        assert_eq!(bytes(0, Language::English), "0 bytes");
        assert_eq!(bytes(2048, Language::English), "2,048 bytes");
        assert_eq!(bytes(2048, Language::Vietnamese), "2.048 byte");
    }

    #[test]
    fn the_time_since_a_message_in_the_readers_units() {
        let (en, vi) = (Language::English, Language::Vietnamese);
        assert_eq!(since("2h 15m", en), "2h 15m");
        assert_eq!(since("2h 15m", vi), "2g 15ph");
        assert_eq!(since("92d 3h", vi), "92ng 3g");
        assert_eq!(since("2w 1d", vi), "2tuần 1ng");
        assert_eq!(since("vừa xong", vi), "vừa xong", "worded otherwise: as sent");
        assert_eq!(since("", vi), "");
    }

    #[test]
    fn amounts_typed_are_read_as_the_reader_writes_them() {
        let (en, vi) = (Language::English, Language::Vietnamese);
        for (text, language) in [("412.500", vi), ("412,500", en), ("412500", vi), ("412500", en)] {
            assert_eq!(typed(text, "VND", language), Ok(m("412500")), "{text} in {language:?}");
        }
        assert_eq!(typed("500.000", "VND", vi), Ok(m("500000")));
        assert_eq!(typed("1.500.000", "VND", vi), Ok(m("1500000")));
        assert_eq!(typed("1,500,000", "VND", en), Ok(m("1500000")));
        assert_eq!(typed("1.234,50", "USD", vi), Ok(m("1234.5")));
        assert_eq!(typed("1,234.50", "USD", en), Ok(m("1234.5")));
        assert_eq!(typed("12,5", "EUR", vi), Ok(m("12.5")));
        assert_eq!(typed("12.5", "EUR", en), Ok(m("12.5")));
        assert_eq!(typed("0", "VND", en), Ok(Money::ZERO));
        assert_eq!(typed("0412500", "VND", vi), Ok(m("412500")), "plain digits mean themselves");
        // The currency as the product writes it after the amount, or its code.
        assert_eq!(typed("412.500 ₫", "VND", vi), Ok(m("412500")));
        assert_eq!(typed("412,500 VND", "VND", en), Ok(m("412500")));
        assert_eq!(typed("412.500đ", "vnd", vi), Ok(m("412500")));
        assert_eq!(typed("  5 usd ", "USD", en), Ok(m("5")));
    }

    #[test]
    fn amounts_typed_otherwise_are_refused_with_why() {
        use Unreadable::*;
        for language in [Language::English, Language::Vietnamese] {
            let refused = |text: &str, currency: &str| typed(text, currency, language).unwrap_err();
            assert_eq!(refused("1e2", "VND"), Exponent, "{language:?}");
            assert_eq!(refused("1E6", "USD"), Exponent);
            assert_eq!(refused("5 USD", "VND"), OtherCurrency("USD".into()));
            assert_eq!(refused("$5", "VND"), OtherCurrency("$".into()));
            assert_eq!(refused("5 ₫", "USD"), OtherCurrency("₫".into()));
            assert_eq!(refused("1_000", "VND"), Stray('_'));
            assert_eq!(refused("4O0000", "VND"), Stray('O'));
            assert_eq!(refused("1 000", "VND"), Blank);
            assert_eq!(refused("-5", "VND"), Sign);
            assert_eq!(refused("+5", "VND"), Sign);
            assert_eq!(refused("", "VND"), NotANumber);
            assert_eq!(refused("VND", "VND"), NotANumber);
            assert_eq!(refused("99999999999999999999999999999999", "VND"), TooLarge);
        }
        let (en, vi) = (Language::English, Language::Vietnamese);
        // Decimals the currency does not have.
        assert_eq!(typed("0.001", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("0,001", "VND", vi), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("0.001", "VND", vi), Err(Unreadable::Decimals { allowed: 0 }), "decimals either way");
        assert_eq!(typed("0,001", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("412500,000", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("0,5", "VND", vi), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("0.5", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("412,50", "VND", vi), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("412500.000", "VND", en), Err(Unreadable::Decimals { allowed: 0 }), "the portal's form");
        assert_eq!(typed("1,000.000", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("1234.000", "VND", en), Err(Unreadable::Decimals { allowed: 0 }), "1234 is no group");
        assert_eq!(typed("1.5", "JPY", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("1,5", "KRW", vi), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("12.3456", "USD", en), Err(Unreadable::Decimals { allowed: 2 }));
        assert_eq!(typed("12,3456", "USD", vi), Err(Unreadable::Decimals { allowed: 2 }));
        // Groups of three, or none.
        for (text, language) in [("1.00.000", vi), ("1,00,000", en), ("1,2,3", en), ("1.2.3", vi), ("412,", en)] {
            assert_eq!(typed(text, "VND", language), Err(Unreadable::Grouping), "{text}");
        }
        assert_eq!(typed("0,500,000", "VND", en), Err(Unreadable::Grouping), "a group never starts a 0");
        assert_eq!(typed(",5", "USD", vi), Err(Unreadable::Grouping));
        // The other language's marks, where they read as an amount.
        assert_eq!(typed("1.000.000", "VND", en), Err(Unreadable::OtherWay { meant: m("1000000") }));
        assert_eq!(typed("1,000,000", "VND", vi), Err(Unreadable::OtherWay { meant: m("1000000") }));
        assert_eq!(typed("1.234,50", "USD", en), Err(Unreadable::OtherWay { meant: m("1234.5") }));
        assert_eq!(typed("1,234.50", "USD", vi), Err(Unreadable::OtherWay { meant: m("1234.5") }));
        assert_eq!(typed("12,34", "USD", en), Err(Unreadable::OtherWay { meant: m("12.34") }));
        assert_eq!(typed("12,34", "VND", en), Err(Unreadable::Decimals { allowed: 0 }), "decimals the other way");
    }

    #[test]
    fn a_decimal_mark_before_three_digits_that_also_groups_is_ambiguous() {
        let (en, vi) = (Language::English, Language::Vietnamese);
        let ambiguous =
            |grouped: &str, decimal: &str| Err(Unreadable::Ambiguous { grouped: m(grouped), decimal: m(decimal) });
        assert_eq!(typed("1.000", "VND", en), ambiguous("1000", "1"));
        assert_eq!(typed("500.000", "VND", en), ambiguous("500000", "500"));
        assert_eq!(typed("412.500", "VND", en), ambiguous("412500", "412.5"));
        assert_eq!(typed("1,000", "VND", vi), ambiguous("1000", "1"));
        assert_eq!(typed("412,500", "VND", vi), ambiguous("412500", "412.5"));
        assert_eq!(typed("1.500", "USD", en), ambiguous("1500", "1.5"));
        assert_eq!(typed("1,234", "EUR", vi), ambiguous("1234", "1.234"));
        // The same separator as the language's thousands mark is a group, not ambiguous.
        assert_eq!(typed("1,000", "VND", en), Ok(m("1000")));
        assert_eq!(typed("1.000", "VND", vi), Ok(m("1000")));
        // Where the other reading is no amount, the language's own reading decides.
        assert_eq!(typed("0.001", "VND", en), Err(Unreadable::Decimals { allowed: 0 }));
        assert_eq!(typed("12.50", "USD", en), Ok(m("12.5")), "two decimals are never a group");
    }

    #[test]
    fn refusals_say_what_was_typed_and_why() {
        let (en, vi) = (Language::English, Language::Vietnamese);
        let said = |text: &str, currency: &str, language: Language| {
            let why = typed(text, currency, language).unwrap_err();
            crate::i18n::unreadable_amount(text, &why, currency, language)
        };
        assert_eq!(said("1.000", "VND", en), "1.000 could be 1,000 VND or 1 VND: write 1000 or 1,000 (1 for 1 VND)");
        assert_eq!(said("412.500", "VND", en), "412.500 could be 412,500 VND or 412.50 VND: write 412500 or 412,500");
        assert_eq!(
            said("412,500", "VND", vi),
            "412,500 có thể là 412.500 ₫ hoặc 412,50 ₫: hãy viết 412500 hoặc 412.500"
        );
        assert_eq!(said("5 USD", "VND", en), "5 USD: the invoice is in VND, not USD: type the amount in VND");
        assert_eq!(said("0,5", "VND", vi), "0,5: số tiền VND không có phần lẻ thập phân");
        assert_eq!(said("0.001", "USD", en), "0.001: amounts in USD have at most 2 decimals");
        assert_eq!(said("1_000", "VND", en), "1_000 is not an amount: “_” has no place in one");
        assert_eq!(said("1e2", "VND", vi), "1e2: hãy viết đủ các chữ số, không dùng lũy thừa của 10");
        assert_eq!(
            said("1.000.000", "VND", en),
            "1.000.000 is written the Vietnamese way: in English write 1000000 or 1,000,000"
        );
        assert_eq!(
            said("1.234,5", "USD", en),
            "1.234,5 is written the Vietnamese way: in English write 1234.50 or 1,234.50"
        );
        assert!(said("1.00.000", "VND", vi).contains("“.” giữa các nhóm ba chữ số"));
    }

    /// An amount of `currency` in its minor unit, from zero to far beyond any invoice.
    fn amount_in(currency: &'static str) -> impl proptest::strategy::Strategy<Value = Money> {
        use proptest::prelude::*;
        let minor = crate::api::minor_unit(currency);
        (0u64..=u64::MAX, 0u32..=minor).prop_map(move |(n, scale)| {
            Money::parse(&rust_decimal::Decimal::from_i128_with_scale(i128::from(n), scale).to_string()).unwrap()
        })
    }

    proptest::proptest! {
        #[test]
        fn what_the_product_writes_reads_back_the_same(vnd in amount_in("VND"), usd in amount_in("USD")) {
            for language in [Language::English, Language::Vietnamese] {
                for (amount, currency) in [(vnd, "VND"), (usd, "USD")] {
                    let written = money(amount, language);
                    proptest::prop_assert_eq!(typed(&written, currency, language), Ok(amount), "{}", written);
                    let with_currency = money_in(amount, currency, language);
                    proptest::prop_assert_eq!(typed(&with_currency, currency, language), Ok(amount));
                    proptest::prop_assert_eq!(money_to_type(amount, currency, language), written);
                }
            }
        }

        #[test]
        fn a_prompt_is_filled_with_what_reads_back(n in 0u64..=u64::MAX, scale in 0u32..=3) {
            // A credit with decimals the currency has not: cut down, never up.
            let credit = Money::parse(&rust_decimal::Decimal::from_i128_with_scale(i128::from(n), scale).to_string()).unwrap();
            for language in [Language::English, Language::Vietnamese] {
                for currency in ["VND", "USD"] {
                    let filled = money_to_type(credit, currency, language);
                    let read = typed(&filled, currency, language);
                    proptest::prop_assert!(read.as_ref().is_ok_and(|r| *r <= credit), "{} {:?}", filled, read);
                    proptest::prop_assert_eq!(read, Ok(credit.in_minor_unit(currency)));
                }
            }
        }
    }

    #[test]
    fn quantities_take_the_readers_decimal_mark() {
        assert_eq!(quantity("1.00", Language::English), "1");
        assert_eq!(quantity("1.00", Language::Vietnamese), "1");
        assert_eq!(quantity("2.50", Language::English), "2.5");
        assert_eq!(quantity("2.50", Language::Vietnamese), "2,5");
        assert_eq!(quantity("10", Language::Vietnamese), "10");
        assert_eq!(quantity("n/a", Language::Vietnamese), "n/a", "anything else as sent");
    }

    #[test]
    fn deltas_and_durations() {
        let m = |t| Money::parse(t).unwrap();
        assert_eq!(money_delta(Some(m("150000.5")), Language::English), "+150,000.50");
        assert_eq!(money_delta(Some(m("-90000")), Language::Vietnamese), "-90.000");
        assert_eq!(money_delta(Some(Money::ZERO), Language::English), "±0");
        assert_eq!(money_delta(None, Language::English), "too large");
        assert_eq!(total(None, Language::Vietnamese), "quá lớn");
        assert_eq!(records(1, Language::English), "1 record");
        assert_eq!(records(10_000, Language::English), "10,000 records");
        assert_eq!(records(1, Language::Vietnamese), "1 bản ghi");
        let en = Language::English;
        assert_eq!(duration(Duration::from_secs(6 * 86_400 + 23 * 3600 + 5), en), "6d 23h");
        assert_eq!(duration(Duration::from_secs(4 * 3600 + 600), en), "4h 10m");
        assert_eq!(duration(Duration::from_secs(55), en), "55s");
        assert_eq!(duration(Duration::from_secs(4 * 3600 + 600), Language::Vietnamese), "4 giờ 10 phút");
        // A countdown moves each minute until its last ten.
        assert_eq!(countdown_duration(Duration::from_secs(3599), en), "59m");
        assert_eq!(countdown_duration(Duration::from_secs(600), en), "10m");
        assert_eq!(countdown_duration(Duration::from_secs(599), en), "9m 59s");
        assert_eq!(countdown_duration(Duration::from_secs(3600 + 61), en), "1h 1m");
        assert_eq!(countdown_duration(Duration::from_secs(42 * 60 + 5), Language::Vietnamese), "42 phút");
    }

    #[test]
    fn dates_and_money_per_language() {
        let vi = Language::Vietnamese;
        assert_eq!(date("2026-12-03", vi), "03/12/2026");
        assert_eq!(date("2026-11-20 08:15:00", vi), "20/11/2026 08:15:00");
        assert_eq!(date("2026-12-03", Language::English), "2026-12-03");
        assert_eq!(date("0000-00-00", vi), "0000-00-00", "the portal's 'no date': as sent");
        assert_eq!(date("Tiếng Việt ở đây", vi), "Tiếng Việt ở đây");
        assert_eq!((month("2026-12", vi), month("2026-12", Language::English)), ("12/2026".into(), "2026-12".into()));
        assert_eq!(month("2026-13", vi), "2026-13", "not a month: as it is");
        assert_eq!(date("soon", vi), "soon");
        let today = time::macros::date!(2026 - 11 - 21);
        assert_eq!(date_and_countdown("2026-12-03", today, Language::English), "2026-12-03 (in 12 days)");
        assert_eq!(date_and_countdown("next year", today, vi), "next year", "as sent, never an empty ()");
        assert_eq!(date_and_countdown("20261-12-03", today, vi), "20261-12-03", "a long year is not cut");
        assert_eq!(date_and_countdown("", today, vi), "");
        assert_eq!(date("", vi), "");
        assert_eq!(days_left_as(Some(12), Language::English, false), "12d");
        assert_eq!(days_left_as(Some(-35), Language::English, false), "-35d");
        assert_eq!(days_left_as(Some(0), Language::English, false), "today");
        assert_eq!(days_left_as(None, Language::English, false), "—");
        assert_eq!(days_left_as(Some(12), vi, false), "12 ng");
        assert_eq!(days_left_as(Some(-35), vi, false), "-35 ng");
        assert_eq!(days_left_as(Some(0), vi, false), "hôm nay");
        assert_eq!(days_left_until("2026-12-03", today, Language::English), "12d");
        assert_eq!(days_left_until("soon", today, Language::English), "—");
        assert_eq!((days_left_width_as(Language::English, false), days_left_width_as(vi, false)), (6, 8));
        assert_eq!(days_left_as(Some(12), vi, true), "12 ngày");
        assert_eq!(days_left_as(Some(-35), vi, true), "-35 ngày");
        assert_eq!(days_left_as(Some(0), vi, true), "hôm nay");
        assert_eq!(days_left_as(None, vi, true), "—");
        assert_eq!(days_left_as(Some(12), Language::English, true), "12d", "English keeps its form");
        assert_eq!((days_left_width_as(Language::English, true), days_left_width_as(vi, true)), (6, 10));
        let amount = Money::parse("1500000").unwrap();
        assert_eq!(money_in(amount, "VND", vi), "1.500.000 ₫");
        assert_eq!(money_in(amount, "VND", Language::English), "1,500,000 VND");
        assert_eq!(money_in(amount, "", Language::English), "1,500,000");
        let (ten, cents) = (Money::parse("10.00").unwrap(), Money::parse("9.5").unwrap());
        assert_eq!(money_in(ten, "USD", Language::English), "10.00 USD", "beside 9.99 USD, as a price list writes it");
        assert_eq!(money_in(ten, "EUR", vi), "10,00 EUR");
        assert_eq!(money_in(cents, "usd", Language::English), "9.50 usd");
        assert_eq!(money_in(ten, "JPY", Language::English), "10 JPY", "no minor unit");
        assert_eq!(money_in(ten, "VNĐ", Language::English), "10 VNĐ", "not a code: as it is");
        assert_eq!(money_in(ten, "", Language::English), "10");
        assert_eq!(count(10_000, Language::English), "10,000");
        assert_eq!(count(1_234_567, vi), "1.234.567");
        assert_eq!(count(999, vi), "999");
        assert_eq!(count(0, Language::English), "0");
    }
}
