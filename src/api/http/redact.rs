//! One redaction for every text shown or written: the request log, errors (the status
//! line, the popup, stderr, the change log) and the log file. A portal may echo anything
//! back (an `Authorization` header in an error page, the password in a login error), so
//! two things are done to any text, whatever its shape:
//!
//! - the values the client holds (the password, every token and refresh token of this run,
//!   the Basic string) are replaced wherever they appear, in their raw, JSON-escaped and
//!   URL-encoded forms;
//! - the values of keys named like secrets (`authorization`, `cookie`, `session`, `jwt`,
//!   `token`, `pass`, `secret`, `api_key`, `epp`…) are masked in JSON and in `key: value` /
//!   `key=value` text, and so are bare `Bearer <token>` and `Basic <base64>` credentials.

use std::borrow::Cow;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;

use crate::api::error::{ApiError, Lost, Operation, Refusal, Said, TlsFailure};

/// What a masked value reads as.
pub const MASK: &str = "••••••";

/// Parts of key names whose values are masked: `token` covers `refresh_token` and
/// `X-Auth-Token`, `pass` covers `password` and `passwd`, `cookie` covers `Set-Cookie`;
/// `epp` is a domain's transfer code, as an order or a transfer sends it.
const SECRET_KEYS: &[&str] = &[
    "authorization",
    "cookie",
    "session",
    "sessid",
    "jwt",
    "token",
    "refresh",
    "pass",
    "secret",
    "api_key",
    "api-key",
    "apikey",
    "credential",
    "epp",
];

/// Held values shorter than this are not searched for: replacing every `abc` in every text
/// would garble it, and where the masks fell would spell the password out anyway.
const MIN_HELD: usize = 4;

/// A bare `Bearer` credential is at least this long (prose rarely says "bearer" before a
/// word this long; tokens are far longer).
const MIN_BEARER: usize = 12;

/// The secrets a client holds, and the redaction of any text against them.
#[derive(Clone, Default)]
pub struct Redactor {
    /// Longest first, so that a value holding another is replaced whole.
    held: Vec<SecretString>,
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redactor").field("held", &self.held.len()).finish()
    }
}

impl Redactor {
    /// Holds `secret` from now on, with the forms it takes inside JSON and URLs.
    pub fn hold(&mut self, secret: &str) {
        if secret.len() < MIN_HELD {
            return;
        }
        let json = serde_json::to_string(secret).unwrap_or_default();
        let json = json.trim_matches('"');
        let url: String = url::form_urlencoded::byte_serialize(secret.as_bytes()).collect();
        for form in [secret, json, &url] {
            if !self.held.iter().any(|h| h.expose_secret() == form) {
                self.held.push(SecretString::from(form.to_owned()));
            }
        }
        self.held.sort_by_key(|h| std::cmp::Reverse(h.expose_secret().len()));
    }

    /// Whether `secret` (as given) is held already.
    pub fn holds(&self, secret: &str) -> bool {
        self.held.iter().any(|h| h.expose_secret() == secret)
    }

    fn longest(&self) -> usize {
        self.held.first().map_or(0, |h| h.expose_secret().len())
    }

    /// `text` with the held values replaced and secret-named values masked.
    pub fn text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let mut out = Cow::Borrowed(text);
        for held in &self.held {
            let held = held.expose_secret();
            if out.contains(held) {
                out = Cow::Owned(out.replace(held, MASK));
            }
        }
        let masked = match mask_text(&out) {
            Cow::Owned(masked) => Some(masked),
            Cow::Borrowed(_) => None,
        };
        masked.map_or(out, Cow::Owned)
    }

    /// The same error with every text in it redacted (the portal's words, details, URLs).
    pub fn error(&self, error: ApiError) -> ApiError {
        let t = |s: String| match self.text(&s) {
            Cow::Borrowed(_) => s,
            Cow::Owned(redacted) => redacted,
        };
        match error {
            ApiError::Auth { op, reason } => ApiError::Auth { op, reason: self.refusal(reason) },
            ApiError::Portal { op, said } => {
                ApiError::Portal { op, said: said.into_iter().map(|s| self.said(s)).collect() }
            }
            ApiError::Status { op, status, body } => ApiError::Status { op, status: t(status), body },
            ApiError::InvalidJson { op, detail } => ApiError::InvalidJson { op, detail: t(detail) },
            ApiError::UnexpectedShape { op, detail } => ApiError::UnexpectedShape { op, detail: t(detail) },
            ApiError::Refused { op, url } => ApiError::Refused { op, url: t(url) },
            ApiError::Dns { op, host } => ApiError::Dns { op, host: t(host) },
            ApiError::Tls { op, host, why } => {
                let why = match why {
                    TlsFailure::Other(text) => TlsFailure::Other(t(text)),
                    known => known,
                };
                ApiError::Tls { op, host: t(host), why }
            }
            ApiError::Redirected { op, to } => ApiError::Redirected { op, to: t(to) },
            ApiError::RedirectLoop { op, url } => ApiError::RedirectLoop { op, url: t(url) },
            ApiError::Connection { op, lost: Lost::CouldNotConnect(origin) } => {
                ApiError::Connection { op, lost: Lost::CouldNotConnect(t(origin)) }
            }
            ApiError::InvalidInput { op, detail } => ApiError::InvalidInput { op, detail: t(detail) },
            other => other,
        }
    }

    fn refusal(&self, reason: Refusal) -> Refusal {
        match reason {
            Refusal::Said(said) => Refusal::Said(said.into_iter().map(|s| self.said(s)).collect()),
            Refusal::CheckCredentials(inner) => Refusal::CheckCredentials(Box::new(self.refusal(*inner))),
            Refusal::AfterLogin(inner) => Refusal::AfterLogin(Box::new(self.refusal(*inner))),
            other => other,
        }
    }

    fn said(&self, said: Said) -> Said {
        match said {
            Said::Words(words) => Said::Words(self.text(&words).into_owned()),
            code => code,
        }
    }

    /// An answer's body as the request log keeps it: the first `kept` bytes, redacted; the
    /// login and token answers (all token and no news) and the transfer code's are
    /// withheld whole: `None`.
    pub fn logged_body(&self, op: Operation, body: &[u8], kept: usize) -> Option<Vec<u8>> {
        if matches!(
            op,
            Operation::Login | Operation::Refresh | Operation::TransferCode | Operation::Logout | Operation::Revoke
        ) {
            return None;
        }
        // A held value across the cut is still found whole, then the cut is made.
        let window = &body[..body.len().min(kept.saturating_add(self.longest()))];
        let text = String::from_utf8_lossy(window);
        let redacted = self.text(&text);
        let mut end = redacted.len().min(kept);
        while !redacted.is_char_boundary(end) {
            end -= 1;
        }
        Some(redacted.as_bytes()[..end].to_vec())
    }
}

/// Whether a key's value is a secret, by its name.
pub fn is_secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    SECRET_KEYS.iter().any(|k| key.contains(k))
}

/// Masks the values of secret-named keys at any depth (objects and arrays under them too).
pub fn mask_json(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if is_secret_key(key) {
                    *v = Value::String(MASK.into());
                } else {
                    mask_json(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask_json),
        _ => {}
    }
}

/// Masks secret-named values in `key: value` and `key=value` text (JSON text too, kept
/// valid) and bare `Bearer` / `Basic` credentials: what needs no held value to find.
pub fn mask_text(text: &str) -> Cow<'_, str> {
    let lower = text.to_ascii_lowercase();
    let bytes = text.as_bytes();
    let mut spans: Vec<Span> = Vec::new();
    for key in SECRET_KEYS {
        for (at, _) in lower.match_indices(key) {
            spans.extend(value_after(bytes, lower.as_bytes(), at + key.len(), *key == "cookie"));
        }
    }
    for scheme in ["bearer", "basic"] {
        for (at, _) in lower.match_indices(scheme) {
            if at == 0 || !bytes[at - 1].is_ascii_alphanumeric() {
                spans.extend(credential_after(bytes, at + scheme.len(), scheme == "basic"));
            }
        }
    }
    if spans.is_empty() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(replace_spans(text, spans))
}

/// A part of a text to mask, and whether the mask goes in quotes (a JSON number or literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Span {
    start: usize,
    end: usize,
    quoted: bool,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    i
}

/// Where a run of value bytes ends: at a blank, a separator or a quote.
fn run_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| !b.is_ascii_whitespace() && !b",;&<>\"'}])".contains(b)) {
        i += 1;
    }
    i
}

/// The value of the key whose name's matched part ends at `i`, if a `:` or `=` follows it.
fn value_after(bytes: &[u8], lower: &[u8], mut i: usize, to_line_end: bool) -> Option<Span> {
    while bytes.get(i).is_some_and(|b| is_name_byte(*b)) {
        i += 1;
    }
    let quoted_key = matches!(bytes.get(i), Some(b'"' | b'\''));
    if quoted_key {
        i += 1;
    }
    i = skip_blanks(bytes, i);
    let separator = *bytes.get(i).filter(|b| matches!(b, b':' | b'='))?;
    i = skip_blanks(bytes, i + 1);
    match bytes.get(i)? {
        quote @ (b'"' | b'\'') => {
            let start = i + 1;
            let mut j = start;
            while let Some(b) = bytes.get(j) {
                match b {
                    b'\\' => j += 2,
                    b if b == quote => break,
                    _ => j += 1,
                }
            }
            let end = j.min(bytes.len());
            (end > start).then_some(Span { start, end, quoted: false })
        }
        b'{' | b'[' => None,
        _ if to_line_end && separator == b':' && !quoted_key => {
            let end = bytes[i..].iter().position(|b| matches!(b, b'\n' | b'\r' | b'<')).map_or(bytes.len(), |p| i + p);
            (end > i).then_some(Span { start: i, end, quoted: false })
        }
        _ => {
            let end = run_end(bytes, i);
            let word = &lower[i..end];
            if word == b"bearer" || word == b"basic" {
                // `Authorization: Bearer <token>`: the scheme stays, the credential goes.
                let start = skip_blanks(bytes, end);
                let end = run_end(bytes, start);
                return (end > start).then_some(Span { start, end, quoted: false });
            }
            (end > i).then_some(Span { start: i, end, quoted: quoted_key })
        }
    }
}

/// A bare credential after `Bearer` or `Basic` (a run of token characters; for Basic, one
/// that decodes as `user:password`).
fn credential_after(bytes: &[u8], i: usize, basic: bool) -> Option<Span> {
    let start = skip_blanks(bytes, i);
    if start == i {
        return None;
    }
    let is_token = |b: &u8| b.is_ascii_alphanumeric() || b"-._~+/=".contains(b);
    let end = bytes[start..].iter().position(|b| !is_token(b)).map_or(bytes.len(), |p| start + p);
    let credential = &bytes[start..end];
    let looks_right = if basic {
        STANDARD.decode(credential).is_ok_and(|raw| raw.contains(&b':'))
    } else {
        credential.len() >= MIN_BEARER
    };
    looks_right.then_some(Span { start, end, quoted: false })
}

fn replace_spans(text: &str, mut spans: Vec<Span>) -> String {
    spans.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for span in spans {
        if span.end <= done {
            continue;
        }
        let start = span.start.max(done);
        out.push_str(&text[done..start]);
        if span.quoted {
            out.push('"');
            out.push_str(MASK);
            out.push('"');
        } else {
            out.push_str(MASK);
        }
        done = span.end;
    }
    out.push_str(&text[done..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(values: &[&str]) -> Redactor {
        let mut r = Redactor::default();
        values.iter().for_each(|v| r.hold(v));
        r
    }

    #[test]
    fn held_values_are_replaced_in_every_form() {
        let r = holding(&["hunter2-xyz", "pa\"ss/word"]);
        assert_eq!(r.text("wrong password hunter2-xyz!"), format!("wrong password {MASK}!"));
        assert_eq!(r.text(r#"{"error":"bad pa\"ss/word"}"#), format!(r#"{{"error":"bad {MASK}"}}"#));
        assert_eq!(r.text("/login?p=pa%22ss%2Fword"), format!("/login?p={MASK}"));
        assert!(matches!(r.text("nothing to hide"), Cow::Borrowed(_)));
        assert_eq!(holding(&["abc"]).text("abc"), "abc", "too short to search for");
    }

    #[test]
    fn secret_named_values_are_masked_in_text() {
        let cases = [
            ("Authorization: Bearer eyJhbGciOi.x.y\n", format!("Authorization: Bearer {MASK}\n")),
            ("<pre>authorization: Basic dXNlcjpwYXNz</pre>", format!("<pre>authorization: Basic {MASK}</pre>")),
            ("Cookie: PHPSESSID=abc; lang=vi\r\nHost: x", format!("Cookie: {MASK}\r\nHost: x")),
            ("?token=abc&page=2", format!("?token={MASK}&page=2")),
            ("password = 'p w'", format!("password = '{MASK}'")),
            ("got Bearer abcdefghijklmnop, then", format!("got Bearer {MASK}, then")),
            ("the basic plan, Basic dXNlcjpwYXNz", format!("the basic plan, Basic {MASK}")),
        ];
        for (text, masked) in cases {
            assert_eq!(mask_text(text), masked, "{text}");
        }
        for kept in ["token expired", "Basic hosting", "a bearer of news", "invalid method"] {
            assert_eq!(mask_text(kept), kept);
        }
    }

    #[test]
    fn json_text_stays_json_when_masked() {
        let text = r#"{"refresh_token":"r1","pin":{"passcode":1234},"session":{"id":5},"name":"An"}"#;
        let masked = mask_text(text);
        let value: Value = serde_json::from_str(&masked).expect("still JSON");
        assert_eq!(value["refresh_token"], MASK);
        assert_eq!(value["pin"]["passcode"], MASK);
        assert_eq!(value["name"], "An");
        // A nested value is the JSON mask's to take whole.
        let mut value: Value = serde_json::from_str(text).unwrap();
        mask_json(&mut value);
        assert_eq!(value["session"], MASK);
    }

    #[test]
    fn errors_are_redacted_inside() {
        let r = holding(&["hunter2-xyz"]);
        let said = vec![Said::WrongLogin, Said::Words("wrong password hunter2-xyz".into())];
        let refused =
            ApiError::Auth { op: Operation::Login, reason: Refusal::CheckCredentials(Box::new(Refusal::Said(said))) };
        let text = r.error(refused).to_string();
        assert!(!text.contains("hunter2-xyz") && text.contains("wrong e-mail or password"), "{text}");
        let detail = ApiError::InvalidJson { op: Operation::Details, detail: "at hunter2-xyz".into() };
        assert!(!r.error(detail).to_string().contains("hunter2-xyz"));
    }

    #[test]
    fn login_answers_are_withheld_and_others_cut_after_redaction() {
        let r = holding(&["tok-0123456789"]);
        assert_eq!(r.logged_body(Operation::Login, b"{\"token\":\"x\"}", 16), None);
        assert_eq!(r.logged_body(Operation::Refresh, b"not json", 16), None);
        assert_eq!(r.logged_body(Operation::TransferCode, b"{\"epp_code\":\"x\"}", 16), None);
        // The held value straddles the cut: it is found whole, then cut.
        let body = format!("{}tok-0123456789 and more", "a".repeat(10));
        let kept = r.logged_body(Operation::Details, body.as_bytes(), 16).unwrap();
        let kept = String::from_utf8(kept).unwrap();
        assert!(!kept.contains("tok-01"), "{kept}");
        assert!(kept.len() <= 16);
    }
}
