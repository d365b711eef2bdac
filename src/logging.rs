//! Logging goes to a file only, and only when asked for (`--log-file`): nothing may be
//! printed over the dashboard. The level comes from `PORTAL_LOG` (default `debug` for this
//! crate). Secrets never reach a log: they live in `secrecy` types and headers are not logged.

use std::fs::OpenOptions;
use std::path::Path;
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

pub fn init(path: Option<&Path>) -> std::io::Result<()> {
    let Some(path) = path else { return Ok(()) };
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    let filter = EnvFilter::try_from_env("PORTAL_LOG").unwrap_or_else(|_| EnvFilter::new("portal_tui=debug"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false).with_writer(Mutex::new(file)).try_init();
    Ok(())
}
