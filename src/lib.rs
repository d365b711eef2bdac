//! portal-tui: a terminal dashboard and scripting CLI for HostBill-style client portals.
//! See ARCHITECTURE.md for the map.

pub mod allocator;
pub mod api;
pub mod app;
pub mod atomic_file;
pub mod cli;
pub mod command;
pub mod config;
pub mod demo;
pub mod file_name;
pub mod i18n;
pub mod paint;
pub mod plan;
pub mod radar;
pub mod term;
pub mod ui;
pub mod worker;
