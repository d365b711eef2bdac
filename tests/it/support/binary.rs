#![allow(dead_code)]
//! Where the `portal-tui` binary is, and the clean environment every test runs it in (as a
//! command, `cli`; in a pseudo-terminal, `pty`). Also mounted by the measurement harness
//! (`examples/binary_perf.rs`), beside `pty` and `demo_server`.

use std::path::PathBuf;

/// Cargo's own path for tests; next to the running program's directory for examples
/// (`target/release/examples/..` → `target/release`).
pub fn path() -> PathBuf {
    match option_env!("CARGO_BIN_EXE_portal-tui") {
        Some(bin) => PathBuf::from(bin),
        None => {
            let exe = std::env::current_exe().expect("the running program's path");
            exe.parent().and_then(|dir| dir.parent()).expect("a cargo target directory").join("portal-tui")
        }
    }
}

/// A configuration folder that does not exist.
pub const NO_CONFIG_HOME: &str = "/nonexistent-portal-tui-test";

/// What a clean run changes in the environment it inherits, removals (`None`) first: no
/// `PORTAL_*` variable, configuration or remembered session from the machine it runs on.
pub fn clean_env() -> Vec<(String, Option<String>)> {
    let portal = std::env::vars().map(|(key, _)| key).filter(|key| key.starts_with("PORTAL_"));
    let mut env: Vec<_> = portal.map(|key| (key, None)).collect();
    env.push(("XDG_CONFIG_HOME".to_owned(), Some(NO_CONFIG_HOME.to_owned())));
    env
}
