//! Everything the user configures and the tool keeps between runs: the config file and its
//! trust, the settings resolved from flags, environment and profile, the watchlist written
//! back, the keymap and the theme. (Remembered sessions are the portal client's:
//! `api::sessions`.)

pub mod change_log;
mod file;
pub mod keys;
pub mod process_group;
pub mod settings;
pub mod theme;
pub mod trust;
pub mod write;

// The session store is the portal client's, and atomic writing is shared by all: both
// live below `config`, and are reached here too, where config code and the terminal look.
pub use crate::api::sessions;
pub use crate::atomic_file;
pub use file::{Config, ConfigError, DEFAULT_CONFIG, KeyList, Loaded, Profile, default_path};
