//! `radar --format nagios`: a check as the Nagios plugin API defines it (Icinga, Naemon,
//! Sensu and Zabbix take it too). One status line `RADAR STATE - text | perfdata`, then a
//! line for each item needing attention; exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.
//!
//! An item the radar flags is CRITICAL when it expired, is overdue or suspended, or expires
//! or falls due within `--critical` days; WARNING within `--warning` days or when its
//! lookup failed. What else the radar flags (autorenew off, pending, unpaid before it falls
//! due, awaiting a reply) raises no alert, and the status line says how many and why, so
//! that its counts add up to the text report's "N of M need attention". A profile that
//! could not be read at all is UNKNOWN, never OK. Several profiles: the worst
//! of them, CRITICAL over WARNING over UNKNOWN over OK (as `max_state_alt` in the
//! monitoring plugins).

use crate::api::Language;
use crate::cli::radar::Report;
use crate::cli::radar::profiles::{Outcome, ProfileRadar};
use crate::cli::radar::tsv::name_of;
use crate::i18n::Text;
use crate::radar::{Flag, Item};

pub const UNKNOWN: u8 = 3;

/// A check's state, ordered from the least to the most serious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum State {
    Ok,
    Unknown,
    Warning,
    Critical,
}

impl State {
    fn code(self) -> u8 {
        match self {
            State::Ok => 0,
            State::Warning => 1,
            State::Critical => 2,
            State::Unknown => UNKNOWN,
        }
    }

    fn word(self) -> &'static str {
        match self {
            State::Ok => "OK",
            State::Warning => "WARNING",
            State::Critical => "CRITICAL",
            State::Unknown => "UNKNOWN",
        }
    }
}

/// The thresholds, in days.
#[derive(Clone, Copy)]
struct Limits {
    warning: i64,
    critical: i64,
}

/// The check's output and its exit code.
pub fn check(report: &Report, warning: i64, critical: i64) -> (String, u8) {
    let limits = Limits { warning, critical };
    let language = report.language();
    let many = !report.single;
    let state = report.profiles.iter().map(|p| profile_state(p, limits)).max().unwrap_or(State::Unknown);
    let summaries: Vec<String> = report
        .profiles
        .iter()
        .map(|p| {
            let summary = summary(p, limits, language);
            if many { format!("{}: {summary}", p.name()) } else { summary }
        })
        .collect();
    let text = one_line(&summaries.join("; "));
    let perfdata = perfdata(&report.profiles, limits, many);
    let mut out = format!("RADAR {} - {text}", state.word());
    if !perfdata.is_empty() {
        out += &format!(" | {}", perfdata.join(" "));
    }
    out.push('\n');
    for p in &report.profiles {
        for line in details(p, limits, language) {
            let line = if many { format!("{}: {line}", p.name()) } else { line };
            out += &one_line(&line);
            out.push('\n');
        }
    }
    (out, state.code())
}

/// The check when nothing could be set up (the configuration, the arguments).
pub fn unknown(message: &str) -> String {
    format!("RADAR UNKNOWN - {}\n", one_line(message))
}

fn item_state(item: &Item, limits: Limits) -> State {
    // What the radar shows unflagged (an old registration, a service ending as asked).
    if item.superseded || !item.is_flagged() {
        return State::Ok;
    }
    if item.flags.iter().any(|f| matches!(f, Flag::Expired | Flag::Overdue | Flag::Suspended)) {
        return State::Critical;
    }
    match item.days_left {
        Some(d) if d <= limits.critical => State::Critical,
        Some(d) if d <= limits.warning => State::Warning,
        _ if item.flags.contains(&Flag::LookupFailed) => State::Warning,
        _ => State::Ok,
    }
}

fn profile_state(p: &ProfileRadar, limits: Limits) -> State {
    match &p.outcome {
        Outcome::Read { items, .. } => items.iter().map(|i| item_state(i, limits)).max().unwrap_or(State::Ok),
        Outcome::NotSignedIn | Outcome::Failed { .. } => State::Unknown,
    }
}

/// A profile in words: how many items and which need attention, or why it was not read;
/// and the lists the portal does not give.
fn summary(p: &ProfileRadar, limits: Limits, language: Language) -> String {
    let (items, coverage) = match &p.outcome {
        Outcome::Read { items, coverage } => (items, coverage),
        Outcome::NotSignedIn => return Text::RadarNotSignedIn.get(language).to_owned(),
        Outcome::Failed { error, .. } => return Text::RadarUnread.fill(language, &[("error", error)]),
    };
    let count = |state| items.iter().filter(|i| item_state(i, limits) == state).count();
    let (critical, warning) = (count(State::Critical), count(State::Warning));
    let mut text = if critical + warning == 0 {
        Text::NagiosCalm.fill(language, &[("count", &items.len()), ("days", &limits.warning)])
    } else {
        const NAMED: usize = 5;
        let mut worst: Vec<&Item> = items.iter().filter(|i| item_state(i, limits) != State::Ok).collect();
        worst.sort_by_key(|i| std::cmp::Reverse(item_state(i, limits)));
        let mut named: Vec<String> = worst.iter().take(NAMED).map(|i| briefly(i, language)).collect();
        if worst.len() > NAMED {
            named.push(Text::NagiosMore.fill(language, &[("n", &(worst.len() - NAMED))]));
        }
        let values: [(&str, &dyn std::fmt::Display); 4] =
            [("critical", &critical), ("warning", &warning), ("count", &items.len()), ("items", &named.join(", "))];
        Text::NagiosProblems.fill(language, &values)
    };
    if let Some(unalerted) = unalerted(items, limits, language) {
        text += &format!("; {unalerted}");
    }
    let not_offered = coverage.not_offered(language);
    if !not_offered.is_empty() {
        text += &format!(" [{}]", Text::CoverageNotCovered.fill(language, &[("what", &not_offered.join("; "))]));
    }
    text
}

/// What the radar flags that raises no alert: how many, and their flags (each once).
fn unalerted(items: &[Item], limits: Limits, language: Language) -> Option<String> {
    let quiet: Vec<&Item> = items.iter().filter(|i| i.is_flagged() && item_state(i, limits) == State::Ok).collect();
    if quiet.is_empty() {
        return None;
    }
    let mut flags: Vec<Flag> = Vec::new();
    for flag in quiet.iter().flat_map(|i| &i.flags) {
        if !flags.contains(flag) {
            flags.push(*flag);
        }
    }
    let what = flags.iter().map(|f| f.label(language)).collect::<Vec<_>>().join(", ");
    Some(Text::NagiosUnalerted.fill(language, &[("n", &quiet.len()), ("what", &what)]))
}

/// An item in a few words: what and which, and the days left or what is wrong.
fn briefly(item: &Item, language: Language) -> String {
    let name = if item.name.is_empty() { format!("#{}", item.id) } else { item.name.to_string() };
    let how = match item.days_left {
        Some(_) => item.left(language),
        None => item.flags.iter().map(|f| f.label(language)).collect::<Vec<_>>().join(", "),
    };
    format!("{} {name} {how}", crate::radar::kind_word(item.kind, language))
}

/// One line per item that is not OK (a failed lookup among them), then the lists the
/// portal does not give.
fn details(p: &ProfileRadar, limits: Limits, language: Language) -> Vec<String> {
    let Outcome::Read { items, coverage } = &p.outcome else { return Vec::new() };
    let mut lines: Vec<String> = items
        .iter()
        .filter(|i| item_state(i, limits) != State::Ok)
        .map(|i| {
            let left = if i.days_left.is_some() { format!(", {}", i.left(language)) } else { String::new() };
            let date = if i.expires.is_empty() { String::new() } else { format!(" ({})", i.expires) };
            let id = if i.id.is_empty() { String::new() } else { format!("#{}", i.id) };
            let which = [i.name.as_str(), &id].into_iter().filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
            let kind = crate::radar::kind_word(i.kind, language);
            let state = item_state(i, limits).word();
            format!("{state}: {kind} {which}: {}{left}{date}", i.attention(language))
        })
        .collect();
    let not_offered = coverage.not_offered(language).into_iter();
    lines.extend(not_offered.map(|what| Text::CoverageNotCovered.fill(language, &[("what", &what)])));
    lines
}

/// Performance data: per profile the soonest date and how many items are critical and
/// warning, then each item with a date, `'label'=days;@~:WARNING;@~:CRITICAL` (a Nagios
/// range: alert at that many days or fewer).
fn perfdata(profiles: &[ProfileRadar], limits: Limits, many: bool) -> Vec<String> {
    let thresholds = format!("@~:{};@~:{}", limits.warning, limits.critical);
    let mut out = Vec::new();
    let mut labels = std::collections::HashSet::new();
    for p in profiles {
        let Outcome::Read { items, .. } = &p.outcome else { continue };
        let prefix = if many { format!("{} ", p.name()) } else { String::new() };
        let dated: Vec<&Item> = items.iter().filter(|i| !i.superseded && i.days_left.is_some()).collect();
        if let Some(soonest) = dated.iter().filter_map(|i| i.days_left).min() {
            out.push(format!("{}={soonest};{thresholds}", label(&format!("{prefix}soonest"))));
        }
        let count = |state| items.iter().filter(|i| item_state(i, limits) == state).count();
        for (name, state) in [("critical", State::Critical), ("warning", State::Warning)] {
            out.push(format!("{}={};;;0", label(&format!("{prefix}{name}")), count(state)));
        }
        for i in dated {
            let name = if i.name.is_empty() { format!("#{}", i.id) } else { i.name.to_string() };
            let plain = format!("{prefix}{} {name}", name_of(i.kind));
            let unique = if labels.insert(plain.clone()) {
                plain
            } else {
                let with_id = format!("{plain} #{}", i.id);
                if !labels.insert(with_id.clone()) {
                    continue;
                }
                with_id
            };
            out.push(format!("{}={};{thresholds}", label(&unique), i.days_left.unwrap_or_default()));
        }
    }
    out
}

/// A label quoted as the plugin API asks: in single quotes, a quote doubled, no `=`.
fn label(text: &str) -> String {
    let text: String = one_line(text).chars().map(|c| if c == '=' { '_' } else { c }).collect();
    format!("'{}'", text.replace('\'', "''"))
}

/// Text for the status line: one line, no `|` (it starts the performance data).
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if matches!(c, '\n' | '\r') {
                ' '
            } else if c == '|' {
                '/'
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_quoted_and_states_ordered() {
        assert_eq!(label("domain o'neil=1.vn"), "'domain o''neil_1.vn'");
        assert_eq!(one_line("a|b\nc"), "a/b c");
        assert!(State::Critical > State::Warning && State::Warning > State::Unknown && State::Unknown > State::Ok);
    }
}
