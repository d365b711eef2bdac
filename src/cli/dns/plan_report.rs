//! What `dns apply` prints: the plan (one line a record: `+` create, `~` change, `-`
//! delete, `=` unchanged or kept, in colour on a terminal), what came of each change, and
//! the same as one JSON object with `--json`.

use std::io::IsTerminal;

use crossterm::style::Stylize;
use serde_json::{Value, json};

use crate::api::dns::plan::{Action, Kept, Plan, SAFETY_PERCENT, Step, TooMany};
use crate::api::models::DnsRecord;
use crate::api::{ApiError, ChangeOutcome, ChangeRequest, Check, DnsFields, Language, Sent};
use crate::cli::exit_code;
use crate::i18n::Text;
use crate::i18n::format::pad;

/// What came of one change of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Applied,
    /// Answered as done, but the records read again do not show it, or show other changes.
    NotAsExpected,
    Refused,
    /// It did not reach the portal (no connection made): nothing was applied.
    Failed,
    /// Sent, its answer unclear, and what was read again cannot tell: not sent again.
    Unknown,
    /// Sent, its answer unclear, and what was read again proves it is not there.
    NotApplied,
    /// Not sent: its record is not as the plan had it, or it was refused before sending.
    NotSent,
    /// Not reached: the run stopped before it.
    Skipped,
}

impl Outcome {
    pub fn of(sent: &Sent) -> Outcome {
        match ChangeOutcome::of(sent.sent, &sent.result) {
            ChangeOutcome::Done => match &sent.check {
                Some(check) if !check.landed || check.others_changed() => Outcome::NotAsExpected,
                _ => Outcome::Applied,
            },
            ChangeOutcome::Unknown => Outcome::Unknown,
            ChangeOutcome::NotApplied => Outcome::NotApplied,
            ChangeOutcome::Refused => Outcome::Refused,
            ChangeOutcome::Failed => Outcome::Failed,
            ChangeOutcome::NeverSent => Outcome::NotSent,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::NotAsExpected => "not_as_expected",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Unknown => "unknown",
            Outcome::NotApplied => "not_applied",
            Outcome::NotSent => "not_sent",
            Outcome::Skipped => "skipped",
        }
    }

    fn words(self, language: Language) -> &'static str {
        match self {
            Outcome::Applied | Outcome::NotAsExpected => Text::StepApplied,
            Outcome::Refused => Text::StepRefused,
            Outcome::Failed => Text::StepFailed,
            Outcome::Unknown => Text::StepUnknown,
            Outcome::NotApplied => Text::StepNotApplied,
            Outcome::NotSent | Outcome::Skipped => Text::StepNotSent,
        }
        .get(language)
    }
}

/// One change of the plan and what came of it.
pub struct Finished {
    step: Step,
    request: Option<ChangeRequest>,
    sent: bool,
    outcome: Outcome,
    error: Option<ApiError>,
    check: Option<Check>,
    /// Applied as read back after an unclear answer.
    read_back: bool,
}

/// What came of the plan's changes, in order.
#[derive(Default)]
pub struct Done {
    steps: Vec<Finished>,
}

impl Done {
    /// A change not sent (and why, when there is a reason).
    pub fn push(&mut self, step: &Step, request: Option<ChangeRequest>, outcome: Outcome, error: Option<ApiError>) {
        let step = step.clone();
        self.steps.push(Finished { step, request, sent: false, outcome, error, check: None, read_back: false });
    }

    pub fn push_sent(&mut self, step: &Step, sent: Sent, outcome: Outcome) {
        let Sent { request, sent, result, check, .. } = sent;
        let read_back = result.as_ref().is_ok_and(|a| a.read_back);
        let error = result.err();
        let step = step.clone();
        self.steps.push(Finished { step, request: Some(request), sent, outcome, error, check, read_back });
    }

    /// Whether the run stopped at a change that was not applied as expected.
    pub fn stopped(&self) -> bool {
        self.steps.iter().any(|s| s.outcome != Outcome::Applied)
    }

    /// The exit code: that of the change the run stopped at.
    pub fn code(&self) -> u8 {
        let Some(stop) = self.steps.iter().find(|s| s.outcome != Outcome::Applied) else {
            return exit_code::SUCCESS;
        };
        match (stop.outcome, &stop.error) {
            (Outcome::NotAsExpected, _) => exit_code::NOT_AS_EXPECTED,
            (Outcome::Unknown, _) => exit_code::NETWORK,
            (_, Some(e)) => exit_code::for_error(e),
            _ => exit_code::PORTAL,
        }
    }
}

/// Whether to colour what goes to standard output.
fn coloured() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The sign and word of an action, padded, in its colour on a terminal.
fn action_words(action: Action, width: usize, colour: bool, language: Language) -> String {
    let (sign, word) = match action {
        Action::Create => ("+", Text::PlanCreate),
        Action::Change => ("~", Text::PlanChange),
        Action::Delete => ("-", Text::PlanDelete),
        Action::Unchanged => ("=", Text::PlanUnchanged),
        Action::Kept(_) => ("=", Text::PlanKept),
    };
    let text = format!("{sign} {}", pad(word.get(language), width));
    if !colour {
        return text;
    }
    match action {
        Action::Create => text.green().to_string(),
        Action::Change => text.yellow().to_string(),
        Action::Delete => text.red().to_string(),
        Action::Unchanged | Action::Kept(_) => text.dim().to_string(),
    }
}

/// The record a step is about, in one line: before → after.
fn what(step: &Step, language: Language) -> String {
    let was = step.was.as_ref().map(|r| format!("#{} {}", r.id.trim(), crate::i18n::dns::listed_line(r, language)));
    let wanted = step.wanted.as_ref().map(|r| crate::i18n::dns::sent_line(r, language));
    let mut text = match (step.action, was, wanted) {
        (Action::Change, Some(was), Some(wanted)) => format!("{was} → {wanted}"),
        (Action::Create, _, Some(wanted)) => wanted,
        (_, Some(was), _) => was,
        (_, None, wanted) => wanted.unwrap_or_default(),
    };
    let why = match step.action {
        Action::Kept(Kept::Unlisted) => Some(Text::PlanKeptUnlisted),
        Action::Kept(Kept::Managed) => Some(Text::PlanKeptManaged),
        Action::Kept(Kept::Ignored) => Some(Text::PlanKeptIgnored),
        Action::Kept(Kept::Unreadable) => Some(Text::PlanKeptUnreadable),
        Action::Kept(Kept::NoZoneForm) => Some(Text::PlanKeptNoZoneForm),
        Action::Kept(Kept::Fixed) => Some(Text::PlanKeptFixed),
        _ => None,
    };
    if let Some(why) = why {
        text += &format!(": {}", why.get(language));
    }
    if let (Some(line), Action::Create | Action::Change) = (step.line, step.action) {
        text += &format!("  ({})", Text::PlanLine.fill(language, &[("line", &line)]));
    }
    // One line, whatever the portal's content holds (a TXT's line breaks).
    crate::api::sanitize::line(&text).into_owned()
}

/// The widest action word in the language.
fn word_width(language: Language) -> usize {
    use unicode_width::UnicodeWidthStr;
    [Text::PlanCreate, Text::PlanChange, Text::PlanDelete, Text::PlanUnchanged, Text::PlanKept]
        .iter()
        .map(|t| t.get(language).width())
        .max()
        .unwrap_or(0)
}

/// The plan, a line a record, and a line of sums.
pub fn plan(plan: &Plan, language: Language) -> String {
    let (width, colour) = (word_width(language), coloured());
    let mut text = String::new();
    for step in &plan.steps {
        text += &format!("  {}  {}\n", action_words(step.action, width, colour, language), what(step, language));
    }
    let kept = plan.steps.iter().filter(|s| matches!(s.action, Action::Kept(_))).count();
    let counts: [(&str, &dyn std::fmt::Display); 5] = [
        ("create", &plan.count(Action::Create)),
        ("change", &plan.count(Action::Change)),
        ("delete", &plan.count(Action::Delete)),
        ("unchanged", &plan.count(Action::Unchanged)),
        ("kept", &kept),
    ];
    text + &Text::PlanSummary.fill(language, &counts) + "\n"
}

/// Why a plan needs `--force`: what it changes and deletes, and their share of the records.
pub fn too_many(too_many: &TooMany, language: Language) -> String {
    let text = match (too_many.changes, too_many.deletes) {
        (_, 0) => Text::PlanTooManyChange,
        (0, _) => Text::PlanTooManyDelete,
        _ => Text::PlanTooManyBoth,
    };
    let fill: [(&str, &dyn std::fmt::Display); 6] = [
        ("count", &too_many.count()),
        ("changes", &too_many.changes),
        ("deletes", &too_many.deletes),
        ("existing", &too_many.existing),
        ("percent", &tenths(too_many.tenths_of_percent(), language)),
        ("limit", &SAFETY_PERCENT),
    ];
    text.fill(language, &fill)
}

/// Tenths as read: `33`, `30.1` (`30,1` in Vietnamese).
fn tenths(tenths: usize, language: Language) -> String {
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        tenth => {
            let mark = if language == Language::Vietnamese { ',' } else { '.' };
            format!("{}{mark}{tenth}", tenths / 10)
        }
    }
}

/// What came of each change, and where the run ended.
pub fn steps(done: &Done, language: Language) -> String {
    let (width, colour) = (word_width(language), coloured());
    let outcome_width = done.steps.iter().map(|s| s.outcome.words(language).chars().count()).max().unwrap_or(0);
    let mut text = String::new();
    for s in &done.steps {
        let words = pad(s.outcome.words(language), outcome_width);
        let action = action_words(s.step.action, width, colour, language);
        text += &format!("{words}  {action}  {}\n", what(&s.step, language));
        let indent = " ".repeat(outcome_width + 2);
        let mut said = Vec::new();
        match s.outcome {
            Outcome::Unknown => {
                said.push(Text::ApplyLost.get(language).to_owned());
                let landed = s.check.as_ref().map(|c| c.landed);
                said.extend(landed.map(|l| {
                    if l { Text::CliLandedAfterLost } else { Text::CliNotLandedAfterLost }.get(language).to_owned()
                }));
            }
            Outcome::NotAsExpected => {
                said.push(Text::ApplyNotAsExpected.get(language).to_owned());
                if let Some(check) = &s.check {
                    if !check.landed {
                        said.push(Text::CliNotLanded.get(language).to_owned());
                    }
                    if check.others_changed() {
                        said.push(Text::CliOthersChanged.get(language).to_owned());
                        said.extend(check.gone.iter().map(|l| format!("  - {l}")));
                        said.extend(check.appeared.iter().map(|l| format!("  + {l}")));
                    }
                }
            }
            Outcome::Applied if s.read_back => said.push(Text::CliLandedAfterLost.get(language).to_owned()),
            _ => {}
        }
        if let Some(e) = &s.error {
            said.insert(0, crate::i18n::api_error(e, language));
        }
        for line in said {
            text += &format!("{indent}{line}\n");
        }
    }
    let count = |o: Outcome| done.steps.iter().filter(|s| s.outcome == o).count();
    let applied = count(Outcome::Applied) + count(Outcome::NotAsExpected);
    let total = done.steps.len();
    let summary = match done.stopped() {
        false => Text::ApplyDone.fill(language, &[("applied", &applied), ("total", &total)]),
        true => {
            let fill: [(&str, &dyn std::fmt::Display); 4] = [
                ("applied", &applied),
                ("total", &total),
                ("unknown", &count(Outcome::Unknown)),
                (
                    "left",
                    &(count(Outcome::NotSent)
                        + count(Outcome::NotApplied)
                        + count(Outcome::Skipped)
                        + count(Outcome::Refused)
                        + count(Outcome::Failed)),
                ),
            ];
            Text::ApplyStopped.fill(language, &fill)
        }
    };
    text + &summary + "\n"
}

/// A listed record as `--json` shows it.
pub fn listed_json(r: &DnsRecord) -> Value {
    let mut value = json!({
        "id": r.id.trim(), "name": r.name, "type": r.kind, "content": r.content,
        "ttl": number(&r.ttl), "priority": number(&r.priority),
    });
    if let Some(why) = &r.unreadable {
        value["unreadable"] = json!(why);
    }
    value
}

/// A TTL or a priority as the portal listed it, as `--json` gives a record to send one: a
/// number; `null` when it gave none, its text when that is not a number.
fn number(text: &str) -> Value {
    match text.trim() {
        "" => Value::Null,
        t => t.parse::<u64>().map_or_else(|_| json!(t), |n| json!(n)),
    }
}

fn action_name(action: Action) -> &'static str {
    match action {
        Action::Create => "create",
        Action::Change => "change",
        Action::Delete => "delete",
        Action::Unchanged => "unchanged",
        Action::Kept(_) => "kept",
    }
}

fn step_json(step: &Step) -> Value {
    let mut value = json!({ "action": action_name(step.action) });
    if let Action::Kept(why) = step.action {
        value["kept"] = json!(match why {
            Kept::Unlisted => "unlisted",
            Kept::Managed => "managed",
            Kept::Ignored => "ignored",
            Kept::Unreadable => "unreadable",
            Kept::NoZoneForm => "no_zone_form",
            Kept::Fixed => "fixed",
        });
    }
    if let Some(line) = step.line {
        value["line"] = json!(line);
    }
    if let Some(was) = &step.was {
        value["was"] = listed_json(was);
    }
    if let Some(wanted) = &step.wanted {
        value["record"] = serde_json::to_value::<&DnsFields>(wanted).unwrap_or_default();
    }
    value
}

/// The plan as `--json` shows it: a line of it, an object.
pub fn plan_json(plan: &Plan) -> Value {
    plan.steps.iter().map(step_json).collect()
}

/// What came of each change as `--json` shows it.
pub fn steps_json(done: &Done) -> Value {
    done.steps
        .iter()
        .map(|s| {
            let mut value = step_json(&s.step);
            value["outcome"] = json!(s.outcome.name());
            value["sent"] = json!(s.sent);
            value["request"] = s.request.as_ref().map(ChangeRequest::to_json).unwrap_or(Value::Null);
            value["error"] = s.error.as_ref().map(|e| json!(e.to_string())).unwrap_or(Value::Null);
            if let Some(check) = &s.check {
                value["check"] = json!({ "landed": check.landed, "gone": check.gone, "appeared": check.appeared });
            }
            value
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Change, Lost, Operation};

    fn sent(sent: bool, result: crate::api::Result<crate::api::ChangeAnswer>) -> Sent {
        let request = Change::DnsDelete { domain_id: 7, record_id: "3".into() }.request();
        Sent { request, sent, result, check: None, verdict: None }
    }

    #[test]
    fn a_change_that_never_reached_the_portal_failed_and_was_not_refused() {
        let lost = || ApiError::Connection { op: Operation::DnsDelete, lost: Lost::CouldNotConnect("refused".into()) };
        let outcome = Outcome::of(&sent(true, Err(lost())));
        assert_eq!(outcome, Outcome::Failed);
        assert_eq!(outcome.name(), "failed");
        assert_eq!(outcome.words(Language::English), "failed: it did not reach the portal");
        // Refused before it went out: not sent, whatever the error.
        assert_eq!(Outcome::of(&sent(false, Err(lost()))), Outcome::NotSent);
    }
}
