//! A command that failed, as it is said: one `error:` line on stderr, and with `--json`
//! also one JSON object on stdout, so that a script reading stdout as JSON always reads
//! JSON: `{"error": {"kind": "auth", "message": "…"}, "exit_code": 3}`.

use std::io::Write;

use crate::api::Language;
use crate::cli::exit_code;

/// What kind of failure an exit code is, as the JSON names it.
pub fn kind(code: u8) -> &'static str {
    match code {
        exit_code::USAGE => "usage",
        exit_code::AUTH => "auth",
        exit_code::PORTAL => "portal",
        exit_code::NETWORK => "network",
        exit_code::NOT_AS_EXPECTED => "not_as_expected",
        _ => "failed",
    }
}

/// The JSON object of a failure, one line.
pub fn json(code: u8, message: &str) -> String {
    let value = serde_json::json!({
        "error": { "kind": kind(code), "message": message },
        "exit_code": code,
    });
    format!("{value}\n")
}

/// Says the failure (on stderr; with `json` on stdout too) and gives `code`.
pub fn say(json_out: bool, code: u8, message: &str, language: Language) -> u8 {
    super::stderr::error(message, language);
    if json_out {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(json(code, message).as_bytes()).and_then(|_| stdout.flush());
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_one_json_object() {
        let text = json(exit_code::AUTH, "wrong e-mail or \"password\"");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["error"]["kind"], "auth");
        assert_eq!(value["error"]["message"], "wrong e-mail or \"password\"");
        assert_eq!(value["exit_code"], 3);
        assert_eq!(text.lines().count(), 1);
    }
}
