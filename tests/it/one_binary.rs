//! The integration tests stay one test binary (`main.rs`): every file here is one of its
//! modules, so none is left out unnoticed, and tests/ holds no test binary of its own (each
//! links the whole crate again: minutes of a cold `cargo test`).

use std::path::Path;

const HOW: &str = "a test file is tests/it/NAME.rs, with `mod NAME;` in tests/it/main.rs";

#[test]
fn every_file_is_a_module_of_the_one_binary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    let mut left_out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") else { continue };
        if !main.lines().any(|line| line.trim() == format!("mod {module};")) {
            left_out.push(name);
        }
    }
    assert!(left_out.is_empty(), "not in main.rs, so never built or run: {left_out:?} ({HOW})");
}

#[test]
fn tests_holds_no_other_test_binary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut others = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Cargo makes a test binary of each tests/*.rs and each tests/*/main.rs.
        if name != "it" && (name.ends_with(".rs") || path.join("main.rs").exists()) {
            others.push(name);
        }
    }
    assert!(others.is_empty(), "a test binary of its own: {others:?} ({HOW})");
}
