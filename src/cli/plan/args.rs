//! Command-line definitions (clap) of `plan`.

use clap::{Args, ValueEnum};

/// What `plan` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PlanFormat {
    /// A table for people: what falls due, then the totals by profile and by month.
    #[default]
    Text,
    /// One JSON document (the same as --json).
    Json,
    /// One item a line, comma-separated, a header first.
    Csv,
    /// An iCalendar file: one all-day event per item, with its amount, for any calendar.
    Ics,
}

#[derive(Debug, Args)]
pub struct PlanArgs {
    /// What falls due within this many days (60, 60d, 8w), what is overdue included.
    #[arg(long, default_value = "60", value_parser = days, value_name = "DAYS")]
    pub within: i64,
    /// What to print.
    #[arg(long, value_enum, default_value_t = PlanFormat::Text, value_name = "FORMAT")]
    pub format: PlanFormat,
    /// Every profile of the configuration file at once (one that would need a password
    /// typed is reported as not signed in). A list after the profile option picks some.
    #[arg(long)]
    pub all_profiles: bool,
}

/// Days as people write them: `60`, `60d`, `8w` (`plan --within`, `domain renew
/// --expiring-within`).
pub(crate) fn days(text: &str) -> Result<i64, String> {
    let text = text.trim().to_ascii_lowercase();
    let (digits, unit) = match text.strip_suffix('d') {
        Some(digits) => (digits, 1),
        None => match text.strip_suffix('w') {
            Some(digits) => (digits, 7),
            None => (text.as_str(), 1),
        },
    };
    match digits.parse::<i64>() {
        Ok(n) if (0..=3660).contains(&n) => Ok(n * unit),
        _ => Err(format!("{text:?}: a number of days (60, 60d, 8w), up to ten years")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_as_people_write_them() {
        assert_eq!(super::days("60"), Ok(60));
        assert_eq!(super::days("30d"), Ok(30));
        assert_eq!(super::days("8W"), Ok(56));
        assert!(super::days("-1").is_err() && super::days("soon").is_err());
    }
}
