//! `radar --format prometheus`: the text exposition format, for node exporter's textfile
//! collector. Per item with a date, its days left and its date; per profile, whether
//! anything was read, how long it took and how many lookups failed. Each metric's HELP and
//! TYPE once, label values escaped, a series never twice; `--output` replaces the file
//! whole (a temporary file beside it, then renamed), readable by the exporter.

use std::fmt::Write;
use std::path::Path;

use crate::cli::radar::profiles::{Outcome, ProfileRadar};
use crate::cli::radar::tsv::name_of;
use crate::radar::Item;

const ITEM_METRICS: [(&str, &str); 2] = [
    ("portal_expiry_days", "Days until the item expires or falls due; negative once it has."),
    (
        "portal_expiry_timestamp_seconds",
        "When the item expires or falls due: the start of that day (UTC), in seconds since the Unix epoch.",
    ),
];

const PROFILE_METRICS: [(&str, &str); 3] = [
    ("portal_radar_success", "1 when the radar read the profile's portal, 0 when it could read nothing."),
    ("portal_radar_duration_seconds", "How long the profile's radar took: signing in and every lookup."),
    ("portal_radar_lookups_failed", "Lookups of the profile's radar (lists and watched items) that failed."),
];

pub fn exposition(profiles: &[ProfileRadar]) -> String {
    let pairs: Vec<(&ProfileRadar, &ProfileRadar)> = profiles.iter().map(|p| (p, p)).collect();
    exposition_kept(&pairs)
}

/// The metrics of profiles whose items come from one read (`figures`, the last that read
/// something) and whose success, duration and failures from another (`now`, the latest):
/// `radar serve` keeps a failing portal's last figures.
pub fn exposition_kept(profiles: &[(&ProfileRadar, &ProfileRadar)]) -> String {
    let mut out = String::new();
    for (at, (name, help)) in ITEM_METRICS.iter().enumerate() {
        preamble(&mut out, name, help);
        let mut seen = std::collections::HashSet::new();
        for (p, _) in profiles {
            for item in p.items().iter().filter(|i| !i.superseded) {
                let value = if at == 0 { item.days_left.map(|d| d.to_string()) } else { timestamp(item) };
                let Some(value) = value else { continue };
                let labels = item_labels(p, item);
                if seen.insert(labels.clone()) {
                    let _ = writeln!(out, "{name}{{{labels}}} {value}");
                }
            }
        }
    }
    for (name, help) in PROFILE_METRICS {
        preamble(&mut out, name, help);
        let mut seen = std::collections::HashSet::new();
        for (_, p) in profiles {
            let labels = labels(&[("profile", &p.profile), ("portal", &p.portal)]);
            if !seen.insert(labels.clone()) {
                continue;
            }
            let value = match (name, &p.outcome) {
                ("portal_radar_success", Outcome::Read { .. }) => "1".to_owned(),
                ("portal_radar_success", _) => "0".to_owned(),
                ("portal_radar_duration_seconds", _) => format!("{:.3}", p.duration.as_secs_f64()),
                (_, Outcome::Read { coverage, .. }) => coverage.failures().to_string(),
                // Nothing was looked up: no lookup failed, it was not made.
                (_, _) => continue,
            };
            let _ = writeln!(out, "{name}{{{labels}}} {value}");
        }
    }
    out
}

/// Writes the metrics to `path` atomically: the exporter never reads half a file. A new
/// file is readable by everyone (the exporter runs as another user); one replaced keeps
/// its permissions.
pub fn write(path: &Path, text: &str) -> std::io::Result<()> {
    crate::system::atomic_file::write(path, text.as_bytes(), crate::system::atomic_file::Mode::Published)
}

pub(super) fn preamble(out: &mut String, name: &str, help: &str) {
    let help = help.replace('\\', "\\\\").replace('\n', "\\n");
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
}

fn item_labels(p: &ProfileRadar, i: &Item) -> String {
    let kind = name_of(i.kind);
    labels(&[
        ("profile", &p.profile),
        ("portal", &p.portal),
        ("kind", &kind),
        ("name", &i.name),
        ("id", &i.id),
        ("status", &i.status),
    ])
}

/// `name="value",…` with each value escaped as the format asks: backslash, double quote
/// and line feed.
pub(super) fn labels(pairs: &[(&str, &str)]) -> String {
    let escaped = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    pairs.iter().map(|(k, v)| format!("{k}=\"{}\"", escaped(v))).collect::<Vec<_>>().join(",")
}

/// The start of the item's day, UTC, in seconds since the epoch.
fn timestamp(item: &Item) -> Option<String> {
    let date = crate::api::models::parse_date(&item.expires)?;
    Some(date.midnight().assume_utc().unix_timestamp().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(labels(&[("name", "a\"b\\c\nd"), ("id", "1")]), r#"name="a\"b\\c\nd",id="1""#);
    }
}
