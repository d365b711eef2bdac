//! Where the `portal-tui` binary is: cargo's own path for tests; next to the running
//! program's directory for examples (`target/release/examples/..` → `target/release`).

use std::path::PathBuf;

pub fn path() -> PathBuf {
    match option_env!("CARGO_BIN_EXE_portal-tui") {
        Some(bin) => PathBuf::from(bin),
        None => {
            let exe = std::env::current_exe().expect("the running program's path");
            exe.parent().and_then(|dir| dir.parent()).expect("a cargo target directory").join("portal-tui")
        }
    }
}
