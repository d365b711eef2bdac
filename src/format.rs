//! How values read on screen and in reports: money in the reader's convention, countdowns.

use crate::api::models::{Account, days_until};
use crate::api::{Language, Money};

/// Money in the reader's convention: `1,500,000` or `1.500.000`.
pub fn money(amount: Money, language: Language) -> String {
    match language {
        Language::English => amount.grouped(',', '.'),
        Language::Vietnamese => amount.grouped('.', ','),
    }
}

/// A signed difference: `+150,000.50`, `-90,000`, `±0`.
pub fn money_delta(amount: Money, language: Language) -> String {
    if amount.is_zero() {
        "±0".to_owned()
    } else if amount.is_negative() {
        money(amount, language)
    } else {
        format!("+{}", money(amount, language))
    }
}

/// The account's main fields with their labels, as the dashboard and `details` show them.
pub fn account_overview(account: &Account, language: Language) -> [(&'static str, String); 9] {
    [
        ("Name", account.full_name()),
        ("Company", account.companyname.clone()),
        ("E-mail", account.email.clone()),
        ("Address", account.address()),
        ("Phone", account.phonenumber.clone()),
        ("Country", account.country.clone()),
        ("Status", account.status.clone()),
        ("Credit", credit(account, language)),
        ("Last login", format!("{}  {}", account.lastlogin, account.ip).trim().to_owned()),
    ]
}

/// The credit as money in the reader's convention, with the account's currency code when
/// the portal sends one; text that is not an amount is shown as sent.
fn credit(account: &Account, language: Language) -> String {
    let Some(amount) = Money::parse(&account.credit) else { return account.credit.clone() };
    let currency = account.extra.iter().find(|(k, _)| k == "currency_code").map(|(_, v)| v.as_str()).unwrap_or("");
    format!("{} {currency}", money(amount, language)).trim_end().to_owned()
}

/// A countdown a person reads: `in 12 days`, `today`, `40 days ago`.
pub fn countdown(date: &str, today: time::Date) -> String {
    match days_until(date, today) {
        None => String::new(),
        Some(0) => "today".to_owned(),
        Some(1) => "in 1 day".to_owned(),
        Some(d) if d > 0 => format!("in {d} days"),
        Some(-1) => "1 day ago".to_owned(),
        Some(d) => format!("{} days ago", -d),
    }
}

/// A duration in the largest two units: `6d 23h`, `4h 10m`, `55s`.
pub fn duration(d: std::time::Duration) -> String {
    let s = d.as_secs();
    let (days, hours, minutes) = (s / 86_400, s / 3600 % 24, s / 60 % 60);
    if days > 0 {
        format!("{days}d {hours}h")
    } else if hours > 0 {
        format!("{hours}h {minutes}m")
    } else if minutes > 0 {
        format!("{minutes}m {}s", s % 60)
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn deltas_and_durations() {
        let m = |t| Money::parse(t).unwrap();
        assert_eq!(money_delta(m("150000.5"), Language::English), "+150,000.50");
        assert_eq!(money_delta(m("-90000"), Language::Vietnamese), "-90.000");
        assert_eq!(money_delta(Money::ZERO, Language::English), "±0");
        assert_eq!(duration(Duration::from_secs(6 * 86_400 + 23 * 3600 + 5)), "6d 23h");
        assert_eq!(duration(Duration::from_secs(4 * 3600 + 600)), "4h 10m");
        assert_eq!(duration(Duration::from_secs(55)), "55s");
    }
}
