//! `radar --json` (`--format json`): one document. One profile: the day, the window, how
//! many are flagged, the profile and portal, what was not covered and the items. Several:
//! the same for each under `profiles`; `state` is `read`, `not_signed_in` or `failed` (with
//! its `error`).

use serde::Serialize;

use crate::cli::radar::Report;
use crate::cli::radar::profiles::{Outcome, ProfileRadar};
use crate::radar::{Coverage, Item};

/// The document, written straight from the items (a `Value` tree of a large account's
/// 300,000 items would take hundreds of MB).
#[derive(Serialize)]
struct Document<'a> {
    today: String,
    within_days: i64,
    flagged: usize,
    /// One profile alone: its fields beside the ones above.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    single: Option<ProfileDocument<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    profiles: Option<Vec<ProfileDocument<'a>>>,
}

#[derive(Serialize)]
struct ProfileDocument<'a> {
    profile: &'a str,
    portal: &'a str,
    /// Said once, above, for one profile alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    flagged: Option<usize>,
    duration_seconds: f64,
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    coverage: Option<&'a Coverage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    items: &'a [Item],
}

pub fn document(report: &Report) -> String {
    let mut profiles: Vec<ProfileDocument<'_>> = report.profiles.iter().map(profile).collect();
    let single =
        (report.single && profiles.len() == 1).then(|| ProfileDocument { flagged: None, ..profiles.remove(0) });
    let doc = Document {
        today: report.today.to_string(),
        within_days: report.within,
        flagged: report.flagged(),
        profiles: single.is_none().then_some(profiles),
        single,
    };
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

fn profile(p: &ProfileRadar) -> ProfileDocument<'_> {
    let (state, coverage, error, items): (_, _, _, &[Item]) = match &p.outcome {
        Outcome::Read { items, coverage } => ("read", Some(coverage), None, items),
        Outcome::NotSignedIn => (
            "not_signed_in",
            None,
            Some("not signed in: no remembered session and no password to use without asking"),
            &[],
        ),
        Outcome::Failed { error, .. } => ("failed", None, Some(error.as_str()), &[]),
    };
    ProfileDocument {
        profile: &p.profile,
        portal: &p.portal,
        flagged: Some(p.flagged()),
        duration_seconds: p.duration.as_secs_f64(),
        state,
        coverage,
        error,
        items,
    }
}
