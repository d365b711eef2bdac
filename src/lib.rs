//! portal-tui: a terminal dashboard and scripting CLI for HostBill-style client portals.
//! See ARCHITECTURE.md for the map.

pub mod api;
pub mod app;
pub mod cli;
pub mod command;
pub mod config;
pub mod demo;
pub mod i18n;
pub mod paint;
pub mod plan;
pub mod radar;
pub mod system;
pub mod term;
pub mod ui;
pub mod worker;
