//! Logging goes to a file only, and only when asked for (`--log-file`): nothing may be
//! printed over the dashboard. The level comes from `PORTAL_LOG` (default `debug` for this
//! crate). Secrets never reach a log: they live in `secrecy` types and headers are not logged.

use std::fs::OpenOptions;
use std::path::Path;
use std::sync::Mutex;

use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

pub fn init(path: Option<&Path>) -> std::io::Result<()> {
    let Some(path) = path else { return Ok(()) };
    let file = open(path)?;
    // `PORTAL_LOG` as `trace`, `debug` or `portal_tui=trace,reqwest=debug`.
    let default = || "portal_tui=debug".parse::<Targets>().expect("a valid filter");
    let filter = std::env::var("PORTAL_LOG").ok().and_then(|v| v.parse::<Targets>().ok()).unwrap_or_else(default);
    let layer = tracing_subscriber::fmt::layer().with_ansi(false).with_writer(Mutex::new(file));
    let _ = tracing_subscriber::registry().with(layer).with(filter).try_init();
    Ok(())
}

/// Opens the log for appending: created readable by the user only (0600); a symbolic link
/// is never followed (it could point into someone else's file), and an existing file must
/// be the user's.
pub fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
        options.mode(0o600).custom_flags(libc::O_NOFOLLOW);
        let file = options.open(path).map_err(|e| {
            if e.raw_os_error() == Some(libc::ELOOP) {
                std::io::Error::other(format!("{} is a symbolic link; give the file itself", path.display()))
            } else {
                e
            }
        })?;
        // SAFETY: geteuid has no preconditions and cannot fail.
        if file.metadata()?.uid() != unsafe { libc::geteuid() } {
            return Err(std::io::Error::other(format!("{} belongs to another user", path.display())));
        }
        Ok(file)
    }
    #[cfg(not(unix))]
    options.open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn log_files_are_private_and_links_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("portal.log");
        super::open(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let other = dir.path().join("someone-elses");
        std::fs::write(&other, "theirs\n").unwrap();
        let link = dir.path().join("link.log");
        std::os::unix::fs::symlink(&other, &link).unwrap();
        let e = super::open(&link).unwrap_err().to_string();
        assert!(e.ends_with("is a symbolic link; give the file itself"), "{e}");
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "theirs\n");
    }
}
