//! Everything the user configures and the tool keeps between runs: the config file and its
//! trust, the settings resolved from flags, environment and profile, the watchlist written
//! back, the keymap and the theme. (Remembered sessions are the portal client's:
//! `api::session::store`.)

pub mod change_log;
mod file;
pub mod keys;
mod portal_args;
pub mod process_group;
pub mod save_profile;
pub mod settings;
pub mod theme;
pub mod trust;
pub mod write;

// The session store is the portal client's (`api::session::store`); the terminal's crash report
// still finds the state directory through this path.
pub use crate::api::session::store as sessions;
pub use file::{Config, ConfigError, DEFAULT_CONFIG, KeyList, Loaded, Profile, default_path};
pub use portal_args::PortalArgs;
