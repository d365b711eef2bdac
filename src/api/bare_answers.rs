//! Answers that are a bare word instead of JSON: Tino answers a renewal it refuses with
//! `insufficient_credit`, a transfer code may come as the code itself, and some portals
//! answer a lookup with `ok`.

use serde_json::Value;

use super::error::{ApiError, Operation, Result, Said};
use super::sanitize;

/// Reads whose answer may be a bare word rather than JSON: the transfer code itself, and a
/// lookup's `ok`.
pub(super) fn bare_text_is_data(op: Operation) -> bool {
    matches!(op, Operation::TransferCode | Operation::DomainLookup)
}

/// The most of a bare answer a refusal carries.
const BARE_KEPT: usize = 300;

/// A change answered with a bare word instead of JSON (Tino's `insufficient_credit`): the
/// portal's refusal, in its words, since the portal said something and it is no success
/// (nothing is read again for it). Only a bare word that says success (`ok`, `success`,
/// `true`, `1`, `done`) is one. Text that is no such code word (a PHP warning printed
/// before the answer, half a page, bytes) is not an answer at all: like an HTML page it is
/// unreadable, so the change may have been applied.
pub(super) fn bare_answer(op: Operation, body: &[u8]) -> Result<Value> {
    let text = String::from_utf8_lossy(body);
    let word = sanitize::line(text.trim()).into_owned();
    if ["ok", "success", "true", "1", "done"].iter().any(|w| w.eq_ignore_ascii_case(&word)) {
        return Ok(Value::String(word));
    }
    if !is_code_word(text.trim()) {
        return Err(ApiError::NotJson { op, kind: crate::api::error::BodyKind::Text });
    }
    Err(ApiError::Portal { op, said: vec![Said::from_code(&word)] })
}

/// A code word as portals answer with: letters, digits, `_`, `-` and `.`, one token.
fn is_code_word(text: &str) -> bool {
    (1..=BARE_KEPT).contains(&text.len())
        && text.bytes().any(|b| b.is_ascii_alphabetic())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

#[cfg(test)]
mod tests {
    use reqwest::StatusCode;

    use super::*;
    use crate::api::http::transport::{Reply, decode, decode_change};

    fn reply(status: u16, body: &str) -> Reply {
        Reply {
            status: StatusCode::from_u16(status).unwrap(),
            retry_after: None,
            rate: None,
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn a_bare_word_to_a_change_is_a_refusal_in_its_words() {
        let refused = decode_change(Operation::DomainRenew, &reply(200, "insufficient_credit\n")).unwrap_err();
        assert!(
            matches!(&refused, ApiError::Portal { said, .. } if said == &[Said::Words("insufficient_credit".into())])
        );
        assert!(!refused.may_have_applied());
        assert_eq!(decode_change(Operation::DomainLock, &reply(200, "OK")).unwrap(), Value::String("OK".into()));
        // A proxy's page or a 5xx is still an answer lost.
        assert!(decode_change(Operation::DomainRenew, &reply(200, "<html>")).unwrap_err().may_have_applied());
        assert!(decode_change(Operation::DomainRenew, &reply(502, "bad gateway")).unwrap_err().may_have_applied());
        // Text that is no code word is no answer: it may have been applied.
        let noise = "Warning: mysqli_connect(): Too many connections in /var/www/api.php on line 12";
        assert!(decode_change(Operation::DomainRenew, &reply(200, noise)).unwrap_err().may_have_applied());
        // A read's bare word is no answer, but for the reads that may answer so.
        assert!(matches!(
            decode::<Value, _>(Operation::Domain, &reply(200, "insufficient_credit")),
            Err(ApiError::NotJson { .. })
        ));
        let code: Value = decode(Operation::TransferCode, &reply(200, " Xy-12#ab\u{1b}[2J ")).unwrap();
        assert_eq!(code, Value::String("Xy-12#ab".into()));
    }
}
