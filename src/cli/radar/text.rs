//! `radar`'s text report, for a cron mail: a summary line, what could not be looked at, and
//! the items, flagged first in the order `radar::build` gives; with several profiles, a
//! profile column and a line for each profile that could not be read.

use crate::api::Language;
use crate::cli::radar::Report;
use crate::cli::radar::profiles::{Outcome, ProfileRadar};
use crate::cli::report::{header, table};
use crate::i18n::Text;
use crate::radar::Item;

pub fn report(report: &Report) -> String {
    let language = report.language();
    let within = report.within;
    let count: usize = report.profiles.iter().map(|p| p.items().len()).sum();
    let mut out = match report.flagged() {
        0 => Text::RepRadarCalm.fill(language, &[("days", &within)]),
        n => Text::RepRadarFlagged.fill(language, &[("flagged", &n), ("count", &count), ("days", &within)]),
    } + "\n";
    let many = !report.single;
    for profile in &report.profiles {
        for line in notes(profile, language) {
            out += &if many { format!("{}: {line}\n", profile.name()) } else { line + "\n" };
        }
    }
    let rows: Vec<Vec<String>> = report
        .profiles
        .iter()
        .flat_map(|p| p.items().iter().map(move |i| (p, i)))
        .map(|(p, i)| {
            let row = row(i, language);
            if many { std::iter::once(p.name().to_owned()).chain(row).collect() } else { row }
        })
        .collect();
    use Text::*;
    let mut columns = vec![
        None,
        Some(RepKind),
        Some(RepName),
        Some(RepId),
        Some(RepStatus),
        Some(RepExpires),
        Some(RepLeft),
        Some(RepAttention),
    ];
    if many {
        columns.insert(0, Some(RepProfile));
    }
    out += &table(&header(language, &columns), &rows);
    out
}

/// What a profile's radar could not look at, or why it was not read.
fn notes(profile: &ProfileRadar, language: Language) -> Vec<String> {
    match &profile.outcome {
        Outcome::Read { coverage, .. } => coverage.lines(language),
        Outcome::NotSignedIn => vec![Text::RadarNotSignedIn.get(language).to_owned()],
        Outcome::Failed { error, .. } => vec![Text::RadarUnread.fill(language, &[("error", error)])],
    }
}

fn row(i: &Item, language: Language) -> Vec<String> {
    let what = crate::radar::kind_word(i.kind, language);
    let mark = if i.is_flagged() { "!" } else { " " };
    vec![
        mark.into(),
        what.into(),
        i.name.to_string(),
        i.id.to_string(),
        if language == Language::English {
            i.status.to_string()
        } else {
            crate::i18n::status(&i.status, language).into_owned()
        },
        crate::i18n::format::date(&i.expires, language),
        i.left(language),
        i.attention(language),
    ]
}
