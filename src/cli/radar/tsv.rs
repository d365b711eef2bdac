//! `radar --format tsv`: one item a line, tab-separated, for `cut`, `awk` and spreadsheets;
//! a header line first unless `--no-header`. The columns never change with the language or
//! the number of profiles; a profile that could not be read is one line of its own, its
//! kind `profile` and the reason in `error`.

use crate::cli::radar::profiles::{Outcome, ProfileRadar};
use crate::radar::Item;

pub const COLUMNS: [&str; 10] =
    ["profile", "portal", "kind", "name", "id", "status", "expires", "days_left", "flags", "error"];

pub fn table(profiles: &[ProfileRadar], with_header: bool) -> String {
    let mut out = String::new();
    if with_header {
        out += &COLUMNS.join("\t");
        out.push('\n');
    }
    for p in profiles {
        let unread =
            |flag: &str, error: &str| line(&[&p.profile, &p.portal, "profile", "", "", "", "", "", flag, error]);
        match &p.outcome {
            Outcome::Read { items, .. } => items.iter().for_each(|i| out += &item(p, i)),
            Outcome::NotSignedIn => out += &unread("not_signed_in", "not signed in"),
            Outcome::Failed { error, .. } => out += &unread("unread", error),
        }
    }
    out
}

fn item(p: &ProfileRadar, i: &Item) -> String {
    let flags: Vec<String> = i.flags.iter().map(name_of).collect();
    let days = i.days_left.map(|d| d.to_string()).unwrap_or_default();
    let kind = name_of(i.kind);
    line(&[
        &p.profile,
        &p.portal,
        &kind,
        &i.name,
        &i.id,
        &i.status,
        &i.expires,
        &days,
        &flags.join(","),
        i.error.as_deref().unwrap_or(""),
    ])
}

/// A kind's or a flag's name as `--json` spells it.
pub(super) fn name_of(value: impl serde::Serialize) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// The fields, a tab, a line break or a carriage return in one made a space.
fn line(fields: &[&str]) -> String {
    let cleaned: Vec<String> = fields
        .iter()
        .map(|f| f.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c }).collect())
        .collect();
    cleaned.join("\t") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_in_a_field_never_makes_a_column() {
        assert_eq!(line(&["a\tb", "c\nd"]), "a b\tc d\n");
    }
}
