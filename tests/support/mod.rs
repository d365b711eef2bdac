//! What the integration tests share. Each test file is a crate of its own that takes all
//! of it (`mod support;`) and uses what it needs: what one leaves unused is no warning.
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
