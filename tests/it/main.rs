//! The integration tests, as one test binary: each file beside this one is a module of it
//! (a group of tests, named for what it checks), and `support/` is what they share. One
//! binary links the crate once instead of once per file. A new file is a `mod` line here
//! (`one_binary.rs` fails on a file left out, and on a test binary beside this one).
//!
//! Tests run in parallel threads of this one process: a test changes no process-wide state
//! (environment variables, the current directory, global hooks); what would need it is
//! passed explicitly instead.

mod support;

mod acme;
mod api_billing;
mod api_domain_actions;
mod api_faults;
mod api_operations;
mod api_reads;
mod api_redirects;
mod api_sessions;
mod api_tickets;
mod api_tls;
mod api_zones;
mod app_update;
mod architecture;
mod balance_as_documented;
mod buying;
mod buying_as_documented;
mod buying_cart;
mod cli;
mod cli_as_typed;
mod cli_batch;
mod cli_billing;
mod cli_bulk_settings;
mod cli_change_protocol;
mod cli_changes;
mod cli_completions;
mod cli_contacts;
mod cli_dns_code;
mod cli_domain_actions;
mod cli_help;
mod cli_help_in_vietnamese;
mod cli_hook_and_zone_edges;
mod cli_plan;
mod cli_profiles;
mod cli_radar_formats;
mod cli_radar_serve;
mod cli_scripting_edges;
mod cli_shared_sessions;
mod cli_sign_in;
mod cli_tickets;
mod cli_zone_code;
mod cli_zones;
mod dashboard_account;
mod dashboard_amounts;
mod dashboard_availability;
mod dashboard_billing;
mod dashboard_built;
mod dashboard_bulk_settings;
mod dashboard_buying;
mod dashboard_cancel_pending;
mod dashboard_cancel_when;
mod dashboard_catalogue;
mod dashboard_certificates;
mod dashboard_changes;
mod dashboard_dns_checks;
mod dashboard_dns_form;
mod dashboard_domain_actions;
mod dashboard_eighty;
mod dashboard_files;
mod dashboard_follows;
mod dashboard_marking;
mod dashboard_navigation;
mod dashboard_overview;
mod dashboard_overview_rows;
mod dashboard_plan;
mod dashboard_profiles;
mod dashboard_radar_coverage;
mod dashboard_resilience;
mod dashboard_said;
mod dashboard_screens;
mod dashboard_sessions;
mod dashboard_tickets;
mod dashboard_watchlist;
mod dashboard_zones;
mod demo_lists;
mod demo_settles;
mod dns_services_recorded;
mod docs;
mod e2e_pty;
mod fault_matrix;
mod one_binary;
mod resize_storm;
mod secrets;
mod terminal_restore;
mod tmux_copy;
mod unclear_answers;
