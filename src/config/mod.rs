//! Everything the user configures and the tool keeps between runs: the config file and its
//! trust, the settings resolved from flags, environment and profile, the watchlist written
//! back, remembered sessions, the keymap and the theme.

pub mod atomic_file;
pub mod change_log;
mod file;
pub mod keys;
mod portal_args;
pub mod process_group;
pub mod sessions;
pub mod settings;
pub mod theme;
pub mod trust;
pub mod write;

pub use file::{Config, ConfigError, DEFAULT_CONFIG, KeyList, Loaded, Profile, default_path};
pub use portal_args::PortalArgs;
