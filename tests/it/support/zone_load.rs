//! Whether a zone file loads where name servers read it: hickory's zone parser (the parser
//! of Hickory DNS, a dev-dependency, so `cargo test` always checks), and BIND's
//! `named-checkzone` when it is installed (`apt-get install bind9-utils`; without it the
//! check is skipped with a note on stderr).

use std::process::Command;

use hickory_proto::rr::Name;
use hickory_proto::serialize::txt::Parser;

/// The `(owner, type)` of each record hickory's parser reads in `text`, sorted; a failure
/// to parse fails the test.
pub fn hickory(text: &str, domain: &str) -> Vec<(String, String)> {
    let origin = Name::from_ascii(format!("{domain}.")).unwrap();
    let (_, sets) = Parser::new(text, None, Some(origin)).parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut records: Vec<(String, String)> = sets
        .values()
        .flat_map(|set| set.records_without_rrsigs().map(|r| (r.name().to_ascii(), r.record_type().to_string())))
        .collect();
    records.sort();
    records
}

/// `named-checkzone DOMAIN FILE`'s verdict on `text`: `Some(output)` when it loaded the
/// zone (a failure fails the test), `None` when the tool is not installed.
pub fn named_checkzone(text: &str, domain: &str) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{domain}.zone"));
    std::fs::write(&file, text).unwrap();
    let out = match Command::new("named-checkzone").arg(domain).arg(&file).output() {
        Ok(out) => out,
        Err(_) => {
            eprintln!("note: named-checkzone is not installed (apt-get install bind9-utils): BIND's check skipped");
            return None;
        }
    };
    let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "named-checkzone refused the zone:\n{said}\n{text}");
    Some(said)
}
