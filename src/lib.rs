//! portal-tui: a terminal dashboard and scripting CLI for HostBill-style client portals.

pub mod api;
pub mod app;
pub mod atomic_file;
pub mod cli;
pub mod clipboard;
pub mod config;
pub mod config_write;
pub mod crash;
pub mod demo;
pub mod domain_groups;
pub mod exit_code;
pub mod format;
pub mod i18n;
pub mod keys;
pub mod logging;
pub mod radar;
pub mod report;
pub mod sanitize;
pub mod scripting;
pub mod session_store;
pub mod settings;
pub mod theme;
pub mod tui;
pub mod ui;
pub mod worker;
