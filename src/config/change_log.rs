//! The local change log: two lines per change attempted, appended to
//! `$XDG_STATE_HOME/portal-tui/changes.log`, one written before the change is sent and one
//! with what came of it, so a run stopped in between (SIGTERM, a lost connection) still
//! leaves the change in the log, as `sending` without an outcome.
//!
//! A line is seven fields separated by tabs (tabs and control characters inside a field are
//! replaced, so each line stays one line):
//!
//! ```text
//! WHEN                  CHANGE     PROFILE         PORTAL               SUBJECT             REQUEST                    STATE
//! 2026-05-01T09:30:00Z  #3f09c2a1  profile=client  portal=my.example.vn  domain example.vn  DELETE /domain/5188/dns/3  sending
//! 2026-05-01T09:30:01Z  #3f09c2a1  profile=client  portal=my.example.vn  domain example.vn  DELETE /domain/5188/dns/3  applied
//! ```
//!
//! `WHEN` is RFC 3339 in UTC; `CHANGE` is a short id that pairs the two lines of one change;
//! `profile=-` is a run without a profile; `SUBJECT` names the domain or the service in
//! words; `REQUEST` is the method, path and body as sent (a change carries no secret);
//! `STATE` is `sending`, then `applied`, `refused: WHY` (the portal said no), `failed: WHY`
//! (the request did not reach the portal), `unknown, the answer was unclear: WHY` (the
//! change may or may not have been applied), `not applied, the answer was unclear: WHY`,
//! or `applied, read back after an unclear answer`, as `api::ChangeOutcome` classifies it once for
//! every face; a change never sent writes no line. When the figures read after an
//! applied change differ from what its confirmation promised (the credit after a payment,
//! the expiry after a renewal), a third line with the same `CHANGE` says `read back: WHY`.
//!
//! The demo portal's changes go to a file of their own, `changes-demo.log` beside it, and
//! their portal reads `portal=my.example.vn (demo)`: the user's log stays the record of
//! their real accounts (the demo's hosts look like real ones), read and grepped without
//! filtering, and a demo line quoted out of its file still says what it was.
//!
//! The file is opened without following a symbolic link and without blocking (a FIFO
//! would hold the change's answer hostage), and only when it is a regular file of the
//! user's; it is made 0600 when it is not already. Each line is one `write_all` in append
//! mode, so lines of two runs never interleave.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::api::{ChangeOutcome, Stage};

/// Where a run's changes are logged, and whether they are the demo portal's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Log {
    pub path: PathBuf,
    pub demo: bool,
}

impl Log {
    /// The log of this run (beside the remembered sessions): the user's own, or the demo
    /// portal's when the changes go to the embedded demo (`--demo`). The one place that
    /// decides it, for the dashboard and the scripting commands alike.
    pub fn for_run(demo: bool) -> Option<Log> {
        crate::api::session::store::state_dir().map(|dir| Log::in_dir(&dir, demo))
    }

    fn in_dir(dir: &Path, demo: bool) -> Log {
        let name = if demo { "changes-demo.log" } else { "changes.log" };
        Log { path: dir.join(name), demo }
    }

    fn write(&self, journal: &Journal, state: &str) -> io::Result<()> {
        let when =
            time::OffsetDateTime::now_utc().format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        let profile = if journal.profile.trim().is_empty() { "-" } else { journal.profile.as_str() };
        let portal = if self.demo { format!("{} (demo)", journal.portal) } else { journal.portal.clone() };
        let line = format!(
            "{when}\t#{:08x}\tprofile={}\tportal={}\t{}\t{}\t{}\n",
            journal.id,
            one_line(profile),
            one_line(&portal),
            one_line(&journal.subject),
            one_line(&journal.request),
            one_line(state)
        );
        open(&self.path)?.write_all(line.as_bytes()).map_err(|e| about(&self.path, e))
    }
}

/// One change's lines in the change log, the one journal of every face (the dashboard's
/// worker, the commands' protocol, `dns apply`): its intent before it is sent
/// ([`Journal::before`]), what came of it after ([`Journal::after`], classified once by
/// [`ChangeOutcome`]), and a third line when the figures read back are not the ones
/// promised. Without a log (no state folder) it writes nothing.
#[derive(Clone, Debug)]
pub struct Journal {
    log: Option<Log>,
    /// The profile's name; empty without one.
    profile: String,
    /// The portal's host.
    portal: String,
    /// The domain or the service in words: `domain example.vn`, `service #2207 VPS Pro`.
    subject: String,
    /// `METHOD /path body`, as sent (`Change::describe`).
    request: String,
    /// Pairs the lines of this change.
    id: u32,
}

impl Journal {
    /// A change about to be sent, with an id of its own.
    pub fn new(log: Option<Log>, profile: &str, portal: &str, subject: &str, request: &str) -> Journal {
        Journal::with_id(log, profile, portal, subject, request, rand::random())
    }

    /// A change whose lines are paired by `id` (chosen before it is sent, so that a line
    /// written after its answer pairs with them too).
    pub fn with_id(log: Option<Log>, profile: &str, portal: &str, subject: &str, request: &str, id: u32) -> Journal {
        let (profile, portal, subject, request) =
            (profile.to_owned(), portal.to_owned(), subject.to_owned(), request.to_owned());
        Journal { log, profile, portal, subject, request, id }
    }

    /// The line written before the change is sent: `sending`.
    pub fn before(&self) -> io::Result<()> {
        self.line("sending")
    }

    /// The line written when the change's answer came (or was lost), `why` an error's
    /// words: `applied`, `refused: WHY`, `failed: WHY`, `unknown, the answer was unclear: WHY`,
    /// `not applied, the answer was unclear: WHY` or `not sent: WHY`.
    pub fn after(&self, outcome: ChangeOutcome, why: &str) -> io::Result<()> {
        let state = match outcome {
            ChangeOutcome::Done => "applied".to_owned(),
            ChangeOutcome::Refused => format!("refused: {why}"),
            ChangeOutcome::Failed => format!("failed: {why}"),
            ChangeOutcome::Unknown => format!("unknown, the answer was unclear: {why}"),
            ChangeOutcome::NotApplied => format!("not applied, the answer was unclear: {why}"),
            ChangeOutcome::NeverSent => format!("not sent: {why}"),
        };
        self.line(&state)
    }

    /// The third line, when the figures read after the change are not the ones promised.
    pub fn read_back(&self, said: &str) -> io::Result<()> {
        self.line(&format!("read back: {said}"))
    }

    /// The line for where a change stands in the change protocol (`PortalClient::apply`):
    /// `sending` before it goes out, its outcome after (it went out: it was heard sending).
    pub fn hear(&self, stage: Stage<'_>) -> io::Result<()> {
        match stage {
            Stage::Sending => self.before(),
            // Applied as read back after an unclear answer: said so.
            Stage::Finished(Ok(answer)) if answer.read_back => self.line("applied, read back after an unclear answer"),
            Stage::Finished(result) => {
                let why = result.as_ref().err().map(ToString::to_string).unwrap_or_default();
                self.after(ChangeOutcome::of(true, result), &why)
            }
        }
    }

    fn line(&self, state: &str) -> io::Result<()> {
        match &self.log {
            Some(log) => log.write(self, state),
            None => Ok(()),
        }
    }
}

/// Opens the log for appending; its folder is created 0700, the file 0600.
fn open(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|e| about(dir, e))?;
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| refused_open(path, e))?;
    // Checked on the file opened, not on the path, which may have changed since.
    let meta = file.metadata().map_err(|e| about(path, e))?;
    if !meta.file_type().is_file() {
        return Err(io::Error::other(format!(
            "{} is not a regular file; the change log is not written",
            path.display()
        )));
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if meta.uid() != unsafe { libc::geteuid() } {
        return Err(io::Error::other(format!(
            "{} belongs to another user; the change log is not written",
            path.display()
        )));
    }
    if meta.mode() & 0o077 != 0 {
        file.set_permissions(std::fs::Permissions::from_mode(0o600)).map_err(|e| about(path, e))?;
    }
    Ok(file)
}

/// Why the log could not be opened, in words: a link, a FIFO or a folder where the file
/// should be.
fn refused_open(path: &Path, e: io::Error) -> io::Error {
    let why = match e.raw_os_error() {
        Some(libc::ELOOP) => "is a symbolic link",
        // A FIFO without a reader (with one, the check on the opened file refuses it).
        Some(libc::ENXIO) => "is not a regular file",
        Some(libc::EISDIR) => "is a folder",
        _ => return about(path, e),
    };
    io::Error::new(e.kind(), format!("{} {why}; the change log is not written", path.display()))
}

fn about(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

fn one_line(text: &str) -> String {
    crate::api::sanitize::line(text).replace('\t', " ")
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};

    use super::*;

    fn log(path: &Path) -> Log {
        Log { path: path.to_path_buf(), demo: false }
    }

    fn journal_in(log: Log) -> Journal {
        Journal::new(Some(log), "client", "my.example.vn", "domain example.vn", "DELETE /domain/5188/dns/3")
    }

    /// A journal of the log at `path`.
    struct At<'a>(&'a Path);

    impl At<'_> {
        fn sending(&self, journal: &Journal) -> io::Result<()> {
            Journal { log: Some(log(self.0)), ..journal.clone() }.before()
        }
        fn finished(&self, journal: &Journal, outcome: ChangeOutcome, why: &str) -> io::Result<()> {
            Journal { log: Some(log(self.0)), ..journal.clone() }.after(outcome, why)
        }
    }

    fn entry() -> Journal {
        journal_in(log(Path::new("/nonexistent")))
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_change_is_two_paired_lines_naming_the_domain_in_words() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state").join("changes.log");
        let (first, second) = (entry(), entry());
        At(&path).sending(&first).unwrap();
        At(&path).sending(&second).unwrap();
        At(&path).finished(&second, ChangeOutcome::Unknown, "504 Gateway Timeout").unwrap();
        At(&path).finished(&first, ChangeOutcome::Done, "").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), 4, "{text}");
        for line in &lines {
            assert_eq!(line.len(), 7, "{line:?}");
            assert_eq!(
                line[2..6],
                ["profile=client", "portal=my.example.vn", "domain example.vn", "DELETE /domain/5188/dns/3"]
            );
        }
        assert_ne!(lines[0][1], lines[1][1], "each change has an id of its own");
        assert_eq!((lines[0][1], lines[0][6]), (lines[3][1], "sending"));
        assert_eq!(lines[3][6], "applied");
        assert_eq!((lines[1][1], lines[1][6]), (lines[2][1], "sending"));
        assert_eq!(lines[2][6], "unknown, the answer was unclear: 504 Gateway Timeout");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
    }

    #[test]
    fn the_demo_portals_lines_go_to_a_file_of_their_own_and_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let (user, demo) = (Log::in_dir(dir.path(), false), Log::in_dir(dir.path(), true));
        assert_eq!(user.path, dir.path().join("changes.log"));
        assert_eq!(demo.path, dir.path().join("changes-demo.log"));
        journal_in(demo.clone()).before().unwrap();
        let text = std::fs::read_to_string(&demo.path).unwrap();
        assert!(text.contains("\tportal=my.example.vn (demo)\t"), "{text}");
        assert!(!user.path.exists());
    }

    #[test]
    fn a_symbolic_link_is_refused_and_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("someone-elses");
        std::fs::write(&other, "theirs\n").unwrap();
        let link = dir.path().join("changes.log");
        std::os::unix::fs::symlink(&other, &link).unwrap();
        let e = At(&link).sending(&entry()).unwrap_err().to_string();
        assert!(e.ends_with("changes.log is a symbolic link; the change log is not written"), "{e}");
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "theirs\n");
    }

    #[test]
    fn a_fifo_is_refused_without_hanging() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("changes.log");
        let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let refused = |path: PathBuf| {
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || tx.send(At(&path).sending(&entry()).map_err(|e| e.to_string())));
            rx.recv_timeout(std::time::Duration::from_secs(5)).expect("refused without hanging").unwrap_err()
        };
        let e = refused(path.clone());
        assert!(e.ends_with("changes.log is not a regular file; the change log is not written"), "{e}");
        // With a reader at the other end the open succeeds; the opened file is refused.
        let _reader = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(&path).unwrap();
        let e = refused(path);
        assert!(e.ends_with("changes.log is not a regular file; the change log is not written"), "{e}");
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("changes.log");
        std::fs::create_dir(&path).unwrap();
        let e = At(&path).sending(&entry()).unwrap_err().to_string();
        assert!(e.ends_with("changes.log is a folder; the change log is not written"), "{e}");
    }

    #[test]
    fn a_file_others_can_read_is_made_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("changes.log");
        std::fs::write(&path, "").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        At(&path).sending(&entry()).unwrap();
        assert_eq!(mode(&path), 0o600);
    }

    #[test]
    fn a_change_never_sent_is_no_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("changes.log");
        let journal = journal_in(log(&path));
        // Refused before it went out: the protocol never tells the journal, nothing is written.
        let timeout = crate::api::ApiError::Timeout {
            op: crate::api::Operation::DnsDelete,
            after: std::time::Duration::from_secs(30),
        };
        let outcome = ChangeOutcome::of(false, &Err(timeout));
        assert_eq!(outcome, ChangeOutcome::NeverSent, "a lost read before sending is not a lost change");
        assert!(!path.exists());
        // Written after an intent, it says so, never "unknown".
        journal.before().unwrap();
        journal.after(outcome, "timed out").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let states: Vec<&str> = text.lines().map(|l| l.rsplit('\t').next().unwrap()).collect();
        assert_eq!(states, ["sending", "not sent: timed out"]);
        // Without a log, nothing is written and nothing fails.
        let none = Journal::new(None, "", "my.example.vn", "domain example.vn", "DELETE /domain/5188/dns/3");
        assert!(none.before().is_ok() && none.after(ChangeOutcome::Done, "").is_ok());
    }
}
