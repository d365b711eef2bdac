//! The local change log: one line per change attempted, appended to
//! `$XDG_STATE_HOME/portal-tui/changes.log` (mode 0600): when, which profile and portal,
//! what was asked (method, path and body: a change carries no secret) and the outcome.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::api::Change;

/// Where the log lives (beside the remembered sessions).
pub fn path() -> Option<PathBuf> {
    super::sessions::state_dir().map(|d| d.join("changes.log"))
}

/// How a change ended, as the log says it.
pub enum Outcome<'a> {
    Applied,
    Refused(&'a str),
    /// The answer was lost: the change may or may not have been applied.
    Unknown(&'a str),
}

/// Appends one line; the file is created with mode 0600.
pub fn append(path: &Path, profile: &str, portal: &str, change: &Change, outcome: Outcome<'_>) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    let when =
        time::OffsetDateTime::now_utc().format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
    let outcome = match outcome {
        Outcome::Applied => "applied".to_owned(),
        Outcome::Refused(why) => format!("refused: {why}"),
        Outcome::Unknown(why) => format!("unknown, the answer was lost: {why}"),
    };
    // Without a profile name: `-`.
    let profile = if profile.trim().is_empty() { "-" } else { profile };
    let line = format!(
        "{when}\tprofile={}\tportal={}\t{}\t{}\n",
        one_line(profile),
        one_line(portal),
        one_line(&change.describe()),
        one_line(&outcome)
    );
    file.write_all(line.as_bytes())
}

fn one_line(text: &str) -> String {
    crate::api::sanitize::line(text).replace('\t', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_appended_to_a_private_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state").join("changes.log");
        let change = Change::DnsDelete { domain_id: 5188, record_id: "3".into() };
        append(&path, "client", "my.example.vn", &change, Outcome::Applied).unwrap();
        append(&path, "client", "my.example.vn", &change, Outcome::Unknown("504 Gateway Timeout")).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].ends_with("\tprofile=client\tportal=my.example.vn\tDELETE /domain/5188/dns/3\tapplied"));
        assert!(lines[1].ends_with("unknown, the answer was lost: 504 Gateway Timeout"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }
}
