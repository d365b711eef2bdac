//! Lenient field decoders: portals send numbers as text or numbers, flags as `"0"`/`"1"`,
//! numbers or booleans, `null` for missing values and `[]` for empty objects (PHP).
//! Text is sanitised here, at the boundary, so nothing downstream can print a hostile byte.

use std::borrow::Cow;
use std::fmt;

use compact_str::CompactString;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::money::Money;
use crate::api::sanitize;

mod lists;
mod object;

pub use lists::{List, Salvage, each_or_unreadable};
pub(crate) use object::portal_object;
pub use object::{
    Amount, Content, ContentField, ExtraValue, Field, Flag, Key, MultilineText, Names, ObjectOrEmpty, OptAmount,
    OptFlag, OptText, PortalObject, Short, Text, note_failure, push_extra,
};

/// One JSON value as the portal sent it. Text is borrowed from the answer when the parser
/// allows it (no escapes), so a clean field costs one allocation: the `String` it ends in.
pub(crate) enum Raw<'de> {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Text(Cow<'de, str>),
    Nested(Value),
}

impl Raw<'_> {
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Raw::Null => "null",
            Raw::Bool(_) => "a boolean",
            Raw::Number(_) => "a number",
            Raw::Text(_) => "a string",
            Raw::Nested(Value::Array(_)) => "an array",
            Raw::Nested(_) => "an object",
        }
    }

    /// Sanitised text of a scalar, inline when short (no allocation up to 24 bytes); `None`
    /// for null and nested values.
    pub(crate) fn into_short(self) -> Option<CompactString> {
        use compact_str::ToCompactString;
        match self {
            Raw::Text(s) => Some(CompactString::from(sanitize::line(&s))),
            Raw::Number(n) => Some(n.to_compact_string()),
            Raw::Bool(b) => Some(CompactString::const_new(if b { "1" } else { "0" })),
            Raw::Null | Raw::Nested(_) => None,
        }
    }

    /// Sanitised text of a scalar; `None` for null and nested values.
    pub(crate) fn into_text(self) -> Option<String> {
        match self {
            Raw::Text(s) => Some(owned_line(s)),
            Raw::Number(n) => Some(n.to_string()),
            Raw::Bool(b) => Some(if b { "1" } else { "0" }.to_owned()),
            Raw::Null | Raw::Nested(_) => None,
        }
    }
}

impl<'de> Deserialize<'de> for Raw<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Raw<'de>, E> {
        Ok(Raw::Null)
    }
    fn visit_none<E>(self) -> Result<Raw<'de>, E> {
        Ok(Raw::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw<'de>, D::Error> {
        Raw::deserialize(d)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Raw<'de>, E> {
        Ok(Raw::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Raw<'de>, E> {
        Ok(Raw::Number(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Raw<'de>, E> {
        Ok(Raw::Number(n.into()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Raw<'de>, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Raw::Null, Raw::Number))
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Raw<'de>, E> {
        Ok(Raw::Text(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> Result<Raw<'de>, E> {
        Ok(Raw::Text(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> Result<Raw<'de>, E> {
        Ok(Raw::Text(Cow::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Raw<'de>, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(Raw::Nested)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Raw<'de>, A::Error> {
        Value::deserialize(MapAccessDeserializer::new(map)).map(Raw::Nested)
    }
}

/// Sanitised owned text, reusing the parser's `String` when nothing needed removing.
pub(crate) fn owned_line(text: Cow<'_, str>) -> String {
    let cleaned = match sanitize::line(&text) {
        Cow::Owned(cleaned) => Some(cleaned),
        Cow::Borrowed(_) => None,
    };
    cleaned.unwrap_or_else(|| text.into_owned())
}

/// What a field decoder made of a value it read whole: the field, or why not. A wrong type
/// is data here, not a parse error, so the rest of the object still reads.
pub type Made<T> = Result<T, String>;

pub(crate) fn found(expected: &str, kind: &str) -> String {
    format!("expected {expected}, found {kind}")
}

fn wrong_type<T>(expected: &str, got: &Raw<'_>) -> Made<T> {
    Err(found(expected, got.kind()))
}

/// Text of a scalar: `None` for null, an error for arrays and objects.
pub(crate) fn scalar_of(raw: Raw<'_>) -> Made<Option<String>> {
    match raw {
        v @ Raw::Nested(_) => wrong_type("text", &v),
        v => Ok(v.into_text()),
    }
}

/// A record's content: a scalar's text, or a list of scalars' texts (an SOA's primary
/// server, contact, serial and timers); an object is kept whole as its JSON text, one part.
pub(crate) fn content_of(raw: Raw<'_>) -> Made<object::Content> {
    match raw {
        Raw::Nested(Value::Array(items)) => items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => Ok(sanitize::line(&s).into_owned()),
                Value::Number(n) => Ok(n.to_string()),
                Value::Null => Err(found("text", "null")),
                Value::Bool(_) => Err(found("text", "a boolean")),
                other => Err(found("text", Raw::Nested(other).kind())),
            })
            .collect::<Made<Vec<String>>>()
            .map(object::Content::Parts),
        Raw::Nested(object) => Ok(object::Content::Parts(vec![sanitize::line(&object.to_string()).into_owned()])),
        other => text_of(other).map(object::Content::Text),
    }
}

pub(crate) fn text_of(raw: Raw<'_>) -> Made<String> {
    scalar_of(raw).map(Option::unwrap_or_default)
}

pub(crate) fn short_of(raw: Raw<'_>) -> Made<CompactString> {
    match raw {
        v @ Raw::Nested(_) => wrong_type("text", &v),
        v => Ok(v.into_short().unwrap_or_default()),
    }
}

pub(crate) fn multiline_of(raw: Raw<'_>) -> Made<String> {
    match raw {
        Raw::Text(s) => Ok(sanitize::multiline(&s).into_owned()),
        other => text_of(other),
    }
}

pub(crate) fn flag_of(raw: Raw<'_>) -> Made<bool> {
    match &raw {
        Raw::Null => Ok(false),
        Raw::Bool(b) => Ok(*b),
        Raw::Number(n) => Ok(n.as_f64().is_some_and(|f| f != 0.0)),
        Raw::Text(s) => {
            let word = s.trim();
            let is = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(word));
            if is(&["", "0", "false", "no", "off"]) {
                Ok(false)
            } else if is(&["1", "true", "yes", "on"]) {
                Ok(true)
            } else {
                Err(format!("expected a 0/1 flag, found {:?}", sanitize::line(s)))
            }
        }
        Raw::Nested(_) => wrong_type("a 0/1 flag", &raw),
    }
}

/// A flag that may be missing: `None` for null (a field not sent is `None` too: its
/// field's default).
pub(crate) fn opt_flag_of(raw: Raw<'_>) -> Made<Option<bool>> {
    match raw {
        Raw::Null => Ok(None),
        other => flag_of(other).map(Some),
    }
}

/// An amount that may be missing: `None` for null.
pub(crate) fn opt_money_of(raw: Raw<'_>) -> Made<Option<Money>> {
    match raw {
        Raw::Null => Ok(None),
        other => money_of(other).map(Some),
    }
}

pub(crate) fn money_of(raw: Raw<'_>) -> Made<Money> {
    match &raw {
        Raw::Null => Ok(Money::ZERO),
        // serde_json prints a float with its shortest round-trip form, which is the literal
        // the portal wrote for any amount with fewer than 16 significant digits.
        Raw::Number(n) => Money::parse(&n.to_string()).ok_or_else(|| format!("invalid amount {n}")),
        Raw::Text(s) if s.trim().is_empty() || s.trim() == "n/a" => Ok(Money::ZERO),
        Raw::Text(s) => Money::parse(s).ok_or_else(|| format!("invalid amount {:?}", sanitize::line(s))),
        v => wrong_type("an amount", v),
    }
}

/// An object that PHP portals send as `[]` when empty; `null` is empty too.
pub(crate) fn object_of<T: serde::de::DeserializeOwned + Default>(raw: Raw<'_>) -> Made<T> {
    match raw {
        Raw::Null => Ok(T::default()),
        Raw::Nested(Value::Array(a)) if a.is_empty() => Ok(T::default()),
        Raw::Nested(v @ Value::Object(_)) => serde_json::from_value(v).map_err(|e| e.to_string()),
        v => wrong_type("an object", &v),
    }
}

/// Reads a value whole and makes a field of it, a value of the wrong kind being an error.
fn strict<'de, D: Deserializer<'de>, T>(d: D, make: impl FnOnce(Raw<'de>) -> Made<T>) -> Result<T, D::Error> {
    make(Raw::deserialize(d)?).map_err(serde::de::Error::custom)
}

/// Text from a string, number or boolean; `null` or missing is empty.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    strict(d, text_of)
}

/// [`text`] for the short texts of big lists (dates, statuses, ids, most names): kept inline
/// up to 24 bytes, so a list of thousands is not thousands of small allocations.
pub fn short_text<'de, D: Deserializer<'de>>(d: D) -> Result<CompactString, D::Error> {
    strict(d, short_of)
}

/// Like [`text`] but keeps line breaks (CSR, multi-line notes).
pub fn multiline_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    strict(d, multiline_of)
}

/// Optional text: a missing or `null` field stays `None` so the UI can say "missing".
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    strict(d, scalar_of)
}

/// A `0`/`1` flag given as text, number or boolean.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    strict(d, flag_of)
}

/// An amount from decimal text or a JSON number; missing, empty or `n/a` is zero.
pub fn money<'de, D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
    strict(d, money_of)
}

/// An object that PHP portals send as `[]` when empty; `null` is empty too.
pub fn object_or_empty<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    strict(d, object_of)
}

/// A list of host names: `""` entries and non-text entries are dropped; one string is a list
/// of one.
pub fn name_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CompactString>, D::Error> {
    d.deserialize_any(NamesVisitor)?.map_err(serde::de::Error::custom)
}

pub(crate) struct NamesVisitor;

impl<'de> Visitor<'de> for NamesVisitor {
    type Value = Made<Vec<CompactString>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of names")
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Ok(Vec::new()))
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(Ok(Vec::new()))
    }
    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Ok(host_name(Raw::Text(Cow::Borrowed(s))).into_iter().collect()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut names = Vec::with_capacity(seq.size_hint().unwrap_or(2));
        while let Some(item) = seq.next_element::<Raw>()? {
            names.extend(host_name(item));
        }
        Ok(Ok(names))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Err(found("a list of names", "an object")))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Err(found("a list of names", "a boolean")))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Err(found("a list of names", "a number")))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Err(found("a list of names", "a number")))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Err(found("a list of names", "a number")))
    }
}

fn host_name(item: Raw<'_>) -> Option<CompactString> {
    let text = item.into_short()?;
    let trimmed = text.trim();
    match trimmed.len() {
        0 => None,
        n if n == text.len() => Some(text),
        _ => Some(CompactString::from(trimmed)),
    }
}

/// A portal value as sent, with control characters and terminal escapes taken out of its
/// text (keys too); line breaks stay.
pub fn cleaned(value: Value) -> Value {
    match value {
        Value::String(s) => Value::String(owned_multiline(s)),
        Value::Array(items) => items.into_iter().map(cleaned).collect(),
        Value::Object(map) => map.into_iter().map(|(k, v)| (owned_multiline(k), cleaned(v))).collect(),
        other => other,
    }
}

fn owned_multiline(text: String) -> String {
    match sanitize::multiline(&text) {
        Cow::Owned(clean) => clean,
        Cow::Borrowed(_) => text,
    }
}

/// Unknown fields in the order the portal sent them.
pub type ExtraFields = Vec<(String, String)>;

#[cfg(test)]
mod tests {
    use crate::api::models::{Account, DomainRecord};
    use crate::api::money::Money;

    const RECORD: &str = r#"{
        "id": 7, "name": "ví-dụ.vn", "zone": {"ttl": 300},
        "autorenew": "Yes", "idprotection": 0, "firstpayment": 12.5, "recurring_amount": " n/a ",
        "nameservers": [" ns1.example.vn ", "", null, 2],
        "note\u001b[31m": "say \"hi\"\u001b]0;title\u0007!", "expires": null, "period": true
    }"#;

    fn check(record: &DomainRecord) {
        assert_eq!(record.id, "7");
        assert_eq!(record.name, "ví-dụ.vn");
        assert_eq!((record.autorenew, record.idprotection), (Some(true), Some(false)));
        assert_eq!(record.firstpayment, Money::parse("12.5"));
        assert_eq!(record.recurring_amount, Money::ZERO);
        assert_eq!(record.nameservers, ["ns1.example.vn", "2"]);
        assert_eq!(record.expires, "");
        assert_eq!(record.period, "1");
        // Unknown fields stay in the portal's order; nested values as compact JSON; escape
        // sequences removed from names and values alike.
        assert_eq!(
            record.extra,
            [("zone".to_owned(), r#"{"ttl":300}"#.to_owned()), ("note".to_owned(), r#"say "hi"!"#.to_owned())]
        );
    }

    #[test]
    fn records_decode_from_text_and_from_values() {
        check(&serde_json::from_str(RECORD).unwrap());
        // A `Value` hands over owned strings instead of borrowed ones: same result.
        check(&serde_json::from_value(serde_json::from_str(RECORD).unwrap()).unwrap());
    }

    #[test]
    fn a_single_name_and_missing_fields() {
        let record: DomainRecord = serde_json::from_str(r#"{"nameservers": "ns1.example.vn"}"#).unwrap();
        assert_eq!(record.nameservers, ["ns1.example.vn"]);
        assert_eq!(record, DomainRecord { nameservers: record.nameservers.clone(), ..DomainRecord::default() });
        assert_eq!((record.autorenew, record.idprotection, record.firstpayment), (None, None, None), "not said");
        let null: DomainRecord = serde_json::from_str(r#"{"idprotection": null, "autorenew": "0"}"#).unwrap();
        assert_eq!((null.idprotection, null.autorenew), (None, Some(false)));
    }

    #[test]
    fn a_list_read_again_keeps_what_the_details_said() {
        let details: DomainRecord = serde_json::from_str(
            r#"{"id": "5", "name": "a.vn", "idprotection": "1", "autorenew": "1", "firstpayment": "10",
                "next_due": "2027-01-01", "nameservers": ["ns1.a.vn"]}"#,
        )
        .unwrap();
        let mut listed: DomainRecord =
            serde_json::from_str(r#"{"id": "5", "name": "a.vn", "autorenew": "0"}"#).unwrap();
        listed.keep_known(&details);
        assert_eq!((listed.idprotection, listed.autorenew), (Some(true), Some(false)), "the list's own flag wins");
        assert_eq!((listed.firstpayment, listed.next_due.as_str()), (Money::parse("10"), "2027-01-01"));
        assert_eq!(listed.nameservers, ["ns1.a.vn"]);
    }

    #[test]
    fn wrong_shapes_are_errors_that_say_what_was_expected() {
        let error = |json: &str| serde_json::from_str::<DomainRecord>(json).unwrap_err().to_string();
        assert!(error("[1, 2]").contains("a domain record"), "{}", error("[1, 2]"));
        assert!(error(r#"{"name": ["a"]}"#).contains("expected text, found an array"));
        assert!(error(r#"{"autorenew": "maybe"}"#).contains(r#"expected a 0/1 flag, found "maybe""#));
        assert!(error(r#"{"firstpayment": "12,5,0"}"#).contains("invalid amount"));
        assert!(error(r#"{"nameservers": {"a": 1}}"#).contains("a list of names"));
        let account = serde_json::from_str::<Account>(r#"{"email": {"a": 1}}"#).unwrap_err().to_string();
        assert!(account.contains("expected text, found an object"), "{account}");
    }
}
