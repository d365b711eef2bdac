//! `radar --json` (`--format json`): one document. One profile: the day, the window, how
//! many are flagged, the profile and portal, what was not covered and the items. Several:
//! the same for each under `profiles`; `state` is `read`, `not_signed_in` or `failed` (with
//! its `error`).

use serde_json::{Value, json};

use super::radar_command::Report;
use super::radar_profiles::{Outcome, ProfileRadar};

pub fn document(report: &Report) -> String {
    let mut doc = json!({
        "today": report.today.to_string(),
        "within_days": report.within,
        "flagged": report.flagged(),
    });
    let mut profiles: Vec<Value> = report.profiles.iter().map(profile).collect();
    if report.single && profiles.len() == 1 {
        merge(&mut doc, profiles.remove(0));
    } else {
        doc["profiles"] = Value::Array(profiles);
    }
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

fn merge(doc: &mut Value, more: Value) {
    if let (Some(doc), Value::Object(more)) = (doc.as_object_mut(), more) {
        doc.extend(more);
    }
}

fn profile(p: &ProfileRadar) -> Value {
    let mut doc = json!({
        "profile": p.profile,
        "portal": p.portal,
        "flagged": p.flagged(),
        "duration_seconds": p.duration.as_secs_f64(),
    });
    match &p.outcome {
        Outcome::Read { items, coverage } => {
            doc["state"] = json!("read");
            doc["coverage"] = json!(coverage);
            doc["items"] = json!(items);
        }
        Outcome::NotSignedIn => {
            doc["state"] = json!("not_signed_in");
            doc["error"] = json!("not signed in: no remembered session and no password to use without asking");
            doc["items"] = json!([]);
        }
        Outcome::Failed { error, .. } => {
            doc["state"] = json!("failed");
            doc["error"] = json!(error);
            doc["items"] = json!([]);
        }
    }
    doc
}
