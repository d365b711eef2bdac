//! What happens on a panic: the dashboard's hook restores the terminal first (see `tui`),
//! then this one writes the full report (message, place, backtrace) to the log file, or to
//! a crash file when no log is kept, and prints a short note pointing to it on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Installs the panic hook; `log` is the `--log-file`, if any.
pub fn install(log: Option<&Path>) {
    let log = log.map(Path::to_path_buf);
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        let place = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        let backtrace = std::backtrace::Backtrace::force_capture();
        let report = format!("portal-tui {} panicked at {place}: {message}\n{backtrace}\n", env!("CARGO_PKG_VERSION"));
        let written = match &log {
            Some(path) => {
                tracing::error!(%place, %message, "panic\n{backtrace}");
                Some(path.clone())
            }
            None => write_crash_file(&report),
        };
        let mut note = format!("portal-tui crashed (a bug): {message}\n  at {place}\n");
        match written {
            Some(path) => note += &format!("  the full report is in {}\n", path.display()),
            None => note += "  run with --log-file PATH to keep a full report\n",
        }
        let _ = std::io::stderr().write_all(note.as_bytes());
        // The installed binary (`dist`) aborts on a panic instead of unwinding: once the
        // terminal is restored and the report written, end as an unwound panic does (101),
        // not with SIGABRT and a core dump.
        #[cfg(panic = "abort")]
        std::process::exit(101);
    }));
}

/// A private file in the state directory (or the temporary directory) holding `report`.
fn write_crash_file(report: &str) -> Option<PathBuf> {
    let dir = crate::config::sessions::state_dir().unwrap_or_else(std::env::temp_dir);
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    let path = dir.join(format!("crash-{stamp}-{}.log", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path).ok()?;
    file.write_all(report.as_bytes()).ok()?;
    Some(path)
}
