//! Lenient field decoders: portals send numbers as text or numbers, flags as `"0"`/`"1"`,
//! numbers or booleans, `null` for missing values and `[]` for empty objects (PHP).
//! Text is sanitised here, at the boundary, so nothing downstream can print a hostile byte.

use std::borrow::Cow;
use std::fmt;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::money::Money;
use crate::api::sanitize;

/// One JSON value as the portal sent it. Text is borrowed from the answer when the parser
/// allows it (no escapes), so a clean field costs one allocation: the `String` it ends in.
enum Raw<'de> {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Text(Cow<'de, str>),
    Nested(Value),
}

impl Raw<'_> {
    fn kind(&self) -> &'static str {
        match self {
            Raw::Null => "null",
            Raw::Bool(_) => "a boolean",
            Raw::Number(_) => "a number",
            Raw::Text(_) => "a string",
            Raw::Nested(Value::Array(_)) => "an array",
            Raw::Nested(_) => "an object",
        }
    }

    /// Sanitised text of a scalar; `None` for null and nested values.
    fn into_text(self) -> Option<String> {
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
fn owned_line(text: Cow<'_, str>) -> String {
    let cleaned = match sanitize::line(&text) {
        Cow::Owned(cleaned) => Some(cleaned),
        Cow::Borrowed(_) => None,
    };
    cleaned.unwrap_or_else(|| text.into_owned())
}

fn type_error<E: serde::de::Error>(expected: &str, got: &Raw<'_>) -> E {
    E::custom(format!("expected {expected}, found {}", got.kind()))
}

/// Text of a scalar: `None` for null, an error for arrays and objects.
fn scalar<E: serde::de::Error>(raw: Raw<'_>) -> Result<Option<String>, E> {
    match raw {
        v @ Raw::Nested(_) => Err(type_error("text", &v)),
        v => Ok(v.into_text()),
    }
}

/// Text from a string, number or boolean; `null` or missing is empty.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(scalar(Raw::deserialize(d)?)?.unwrap_or_default())
}

/// Like [`text`] but keeps line breaks (CSR, multi-line notes).
pub fn multiline_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Raw::deserialize(d)? {
        Raw::Text(s) => Ok(sanitize::multiline(&s).into_owned()),
        other => Ok(scalar(other)?.unwrap_or_default()),
    }
}

/// Optional text: a missing or `null` field stays `None` so the UI can say "missing".
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    scalar(Raw::deserialize(d)?)
}

/// A `0`/`1` flag given as text, number or boolean.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let value = Raw::deserialize(d)?;
    match &value {
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
                Err(serde::de::Error::custom(format!("expected a 0/1 flag, found {:?}", sanitize::line(s))))
            }
        }
        Raw::Nested(_) => Err(type_error("a 0/1 flag", &value)),
    }
}

/// An amount from decimal text or a JSON number; missing, empty or `n/a` is zero.
pub fn money<'de, D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
    let value = Raw::deserialize(d)?;
    match &value {
        Raw::Null => Ok(Money::ZERO),
        // serde_json prints a float with its shortest round-trip form, which is the literal
        // the portal wrote for any amount with fewer than 16 significant digits.
        Raw::Number(n) => {
            Money::parse(&n.to_string()).ok_or_else(|| serde::de::Error::custom(format!("invalid amount {n}")))
        }
        Raw::Text(s) if s.trim().is_empty() || s.trim() == "n/a" => Ok(Money::ZERO),
        Raw::Text(s) => {
            Money::parse(s).ok_or_else(|| serde::de::Error::custom(format!("invalid amount {:?}", sanitize::line(s))))
        }
        v => Err(type_error("an amount", v)),
    }
}

/// A list of host names: `""` entries and non-text entries are dropped; one string is a list
/// of one.
pub fn name_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Names;
    impl<'de> Visitor<'de> for Names {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of names")
        }
        fn visit_unit<E>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_none<E>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_str<E>(self, s: &str) -> Result<Vec<String>, E> {
            Ok(name(Raw::Text(Cow::Borrowed(s))).into_iter().collect())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut names = Vec::with_capacity(seq.size_hint().unwrap_or(2));
            while let Some(item) = seq.next_element::<Raw>()? {
                names.extend(name(item));
            }
            Ok(names)
        }
    }
    fn name(item: Raw<'_>) -> Option<String> {
        let text = item.into_text()?;
        let trimmed = text.trim();
        match trimmed.len() {
            0 => None,
            n if n == text.len() => Some(text),
            _ => Some(trimmed.to_owned()),
        }
    }
    d.deserialize_any(Names)
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

/// A list item that can stand for one the tool could not read, so the rest still show.
pub trait Salvage {
    fn unreadable(id: String, name: String, reason: String) -> Self;
}

/// A list where one item the tool cannot read (a wrong type in one field, say) does not
/// lose the others: it becomes [`Salvage::unreadable`] with its id, name and the reason.
/// Each item is first taken whole (borrowed from the answer), then decoded.
pub fn each_or_unreadable<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Salvage,
{
    struct Items<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de> + Salvage> Visitor<'de> for Items<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(raw) = seq.next_element::<&'de serde_json::value::RawValue>()? {
                let item = match serde_json::from_str::<T>(raw.get()) {
                    Ok(item) => item,
                    Err(e) => salvage(raw.get(), e),
                };
                items.push(item);
            }
            Ok(items)
        }
    }
    d.deserialize_seq(Items(std::marker::PhantomData))
}

/// [`each_or_unreadable`] as a decoder type.
pub struct EachOrUnreadable<T>(pub Vec<T>);

impl<'de, T: Deserialize<'de> + Salvage> Deserialize<'de> for EachOrUnreadable<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        each_or_unreadable(d).map(EachOrUnreadable)
    }
}

/// What can be said of an item that did not decode: its id and name where it has them, and
/// which field could not be read (found by decoding the fields one at a time; this is the
/// rare path).
fn salvage<'de, T: Deserialize<'de> + Salvage>(raw: &str, error: serde_json::Error) -> T {
    let value: Value = serde_json::from_str(raw).unwrap_or(Value::Null);
    let culprit = value.as_object().and_then(|fields| {
        fields.iter().find_map(|(key, field)| {
            let alone = Value::Object([(key.clone(), field.clone())].into_iter().collect());
            T::deserialize(alone).err().map(|e| format!("{}: {e}", sanitize::line(key)))
        })
    });
    let field = |key: &str| match value.get(key) {
        Some(Value::String(s)) => sanitize::line(s).into_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    // serde's message names the place in the item's own text: that says nothing here.
    let reason = culprit.unwrap_or_else(|| error.to_string());
    let reason = reason.split(" at line ").next().unwrap_or(&reason);
    T::unreadable(field("id"), field("name"), sanitize::line(reason).into_owned())
}

/// [`object_or_empty`] as a decoder type.
pub struct ObjectOrEmpty<T>(pub T);

impl<'de, T: serde::de::DeserializeOwned + Default> Deserialize<'de> for ObjectOrEmpty<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        object_or_empty(d).map(ObjectOrEmpty)
    }
}

/// An object that PHP portals send as `[]` when empty; `null` is empty too.
pub fn object_or_empty<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    match Raw::deserialize(d)? {
        Raw::Null => Ok(T::default()),
        Raw::Nested(Value::Array(a)) if a.is_empty() => Ok(T::default()),
        Raw::Nested(v @ Value::Object(_)) => serde_json::from_value(v).map_err(serde::de::Error::custom),
        v => Err(type_error("an object", &v)),
    }
}

/// An object key, borrowed from the answer when it has no escapes.
pub struct Key<'de>(Cow<'de, str>);

impl<'de> Key<'de> {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Hands the key on to another decoder (a field name needs no more than a `&str`).
    pub fn into_deserializer<E: serde::de::Error>(self) -> serde::de::value::CowStrDeserializer<'de, E> {
        serde::de::IntoDeserializer::into_deserializer(self.0)
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Raw::deserialize(d)? {
            Raw::Text(key) => Ok(Key(key)),
            other => Err(type_error("a field name", &other)),
        }
    }
}

/// The value of a field no model names, as sanitised text: nested values as compact JSON.
pub struct ExtraValue(pub String);

impl<'de> Deserialize<'de> for ExtraValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(ExtraValue(match Raw::deserialize(d)? {
            Raw::Nested(v) => sanitize::line(&v.to_string()).into_owned(),
            other => other.into_text().unwrap_or_default(),
        }))
    }
}

/// Keeps an unknown field: its sanitised name and value, in the order sent.
pub fn push_extra(extra: &mut ExtraFields, key: Key<'_>, value: ExtraValue) {
    extra.push((owned_line(key.0), value.0));
}

/// A lenient decoder as a type, so that a field can be read with `MapAccess::next_value`.
macro_rules! decoder {
    ($($(#[$doc:meta])* $name:ident($out:ty) = $decode:path;)*) => {$(
        $(#[$doc])*
        pub struct $name(pub $out);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $decode(d).map($name)
            }
        }
    )*};
}

decoder! {
    /// [`text`]
    Text(String) = text;
    /// [`opt_text`]
    OptText(Option<String>) = opt_text;
    /// [`multiline_text`]
    MultilineText(String) = multiline_text;
    /// [`flag`]
    Flag(bool) = flag;
    /// [`money`]
    Amount(Money) = money;
    /// [`name_list`]
    Names(Vec<String>) = name_list;
}

/// A portal object with one decoder per known field and every other field kept in `extra`,
/// decoded in one pass. (serde's `flatten` would buffer each object whole before decoding
/// it, which made a big domain list a third slower to read.)
///
/// `portal_object!(Type, "what it is", extra, { "key" => field: Decoder, ... })` where each
/// `Decoder` is one of this module's decoder types and `Type: Default`.
macro_rules! portal_object {
    ($ty:ty, $expecting:literal, $extra:ident, { $($key:literal => $field:ident: $decoder:ty),* $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<$ty, A::Error> {
                        let mut object = <$ty>::default();
                        while let Some(key) = map.next_key::<$crate::api::lenient::Key<'de>>()? {
                            match key.as_str() {
                                $($key => object.$field = map.next_value::<$decoder>()?.0,)*
                                _ => $crate::api::lenient::push_extra(&mut object.$extra, key, map.next_value()?),
                            }
                        }
                        Ok(object)
                    }
                }
                d.deserialize_map(Fields)
            }
        }
    };
}
pub(crate) use portal_object;

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
        assert!(record.autorenew && !record.idprotection);
        assert_eq!(record.firstpayment, Money::parse("12.5").unwrap());
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
