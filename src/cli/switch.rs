//! A yes or no read as people write it: the one value parser of every boolean flag clap
//! also reads from the environment (`PORTAL_ACME_NO_WAIT=1`, as lego's users write it).
//! `1`, `yes`, `y`, `true`, `t`, `on` are yes; `0`, `no`, `n`, `false`, `f`, `off` and
//! nothing at all are no; case and spaces aside. Anything else is refused, said in the
//! run's language (`parse::said`).

use clap::builder::{TypedValueParser, ValueParser};

/// The value parser of a boolean flag read from the environment too.
pub fn switch() -> ValueParser {
    ValueParser::new(clap::builder::StringValueParser::new().try_map(|text| read(&text)))
}

/// A word that is neither yes nor no.
#[derive(Debug)]
pub struct NotSwitch;

impl std::fmt::Display for NotSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a yes or no (1, yes, true, on; 0, no, false, off)")
    }
}

impl std::error::Error for NotSwitch {}

/// The yes or no `text` says.
pub fn read(text: &str) -> Result<bool, NotSwitch> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "yes" | "y" | "true" | "t" | "on" => Ok(true),
        "" | "0" | "no" | "n" | "false" | "f" | "off" => Ok(false),
        _ => Err(NotSwitch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_and_no_as_people_write_them() {
        for yes in ["1", "yes", "YES", " true ", "on", "y", "T"] {
            assert!(read(yes).unwrap(), "{yes:?}");
        }
        for no in ["", " ", "0", "no", "False", "off", "n", "f"] {
            assert!(!read(no).unwrap(), "{no:?}");
        }
        for neither in ["2", "yess", "enabled", "-1"] {
            assert!(read(neither).is_err(), "{neither:?}");
        }
    }
}
