//! What the integration tests share: every module of the test binary (`main.rs`) takes
//! what it needs (`use crate::support;`); what none uses is no warning.
//!
//! - `portal`: a demo portal in this process, and settings and clients for a portal;
//! - `harness`: the dashboard's `App` driven with keys and the real worker, drawn by `screen`;
//! - `screen`: a screen drawn into a `TestBackend`, as text or as insta snapshots;
//! - `binary`, `cli`, `pty`, `demo_server`: the built binary in a clean environment, as a
//!   command, in a pseudo-terminal, or serving the demo portal;
//! - `completion`: Tab completion, as bash runs it;
//! - `zone_load`: whether a zone file loads in name servers' parsers (hickory's, BIND's).

#![allow(dead_code, unused_imports, unused_macros)]

pub mod binary;
pub mod cli;
pub mod completion;
pub mod demo_server;
pub mod harness;
pub mod portal;
pub mod pty;
pub mod screen;
pub mod zone_load;

pub use portal::{client, demo, demo_with, jwt_client, settings, settings_for};

/// An amount as the portal writes it.
pub fn money(text: &str) -> portal_tui::api::Money {
    portal_tui::api::Money::parse(text).unwrap()
}
