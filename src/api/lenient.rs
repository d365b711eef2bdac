//! Lenient field decoders: portals send numbers as text or numbers, flags as `"0"`/`"1"`,
//! numbers or booleans, `null` for missing values and `[]` for empty objects (PHP).
//! Text is sanitised here, at the boundary, so nothing downstream can print a hostile byte.

use serde::{Deserialize, Deserializer, Serializer};
use serde_json::Value;

use super::money::Money;
use crate::sanitize;

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(sanitize::line(s).into_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "1" } else { "0" }.to_owned()),
        _ => None,
    }
}

fn type_error<E: serde::de::Error>(expected: &str, got: &Value) -> E {
    let kind = match got {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    E::custom(format!("expected {expected}, found {kind}"))
}

/// Text from a string, number or boolean; `null` or missing is empty.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(String::new()),
        v => scalar_text(&v).ok_or_else(|| type_error("text", &v)),
    }
}

/// Like [`text`] but keeps line breaks (CSR, multi-line notes).
pub fn multiline_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) => Ok(sanitize::multiline(&s).into_owned()),
        Value::Null => Ok(String::new()),
        v => scalar_text(&v).ok_or_else(|| type_error("text", &v)),
    }
}

/// Optional text: a missing or `null` field stays `None` so the UI can say "missing".
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => scalar_text(&v).map(Some).ok_or_else(|| type_error("text", &v)),
    }
}

/// A `0`/`1` flag given as text, number or boolean.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let value = Value::deserialize(d)?;
    match &value {
        Value::Null => Ok(false),
        Value::Bool(b) => Ok(*b),
        Value::Number(n) => Ok(n.as_f64().is_some_and(|f| f != 0.0)),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "" | "0" | "false" | "no" | "off" => Ok(false),
            "1" | "true" | "yes" | "on" => Ok(true),
            _ => Err(serde::de::Error::custom(format!("expected a 0/1 flag, found {s:?}"))),
        },
        v => Err(type_error("a 0/1 flag", v)),
    }
}

/// Serialises a flag the way the portal sends it.
pub fn serialize_flag<S: Serializer>(flag: &bool, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if *flag { "1" } else { "0" })
}

/// An amount from decimal text or a JSON number; missing, empty or `n/a` is zero.
pub fn money<'de, D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
    let value = Value::deserialize(d)?;
    match &value {
        Value::Null => Ok(Money::ZERO),
        // serde_json prints a float with its shortest round-trip form, which is the literal
        // the portal wrote for any amount with fewer than 16 significant digits.
        Value::Number(n) => {
            Money::parse(&n.to_string()).ok_or_else(|| serde::de::Error::custom(format!("invalid amount {n}")))
        }
        Value::String(s) if s.trim().is_empty() || s.trim() == "n/a" => Ok(Money::ZERO),
        Value::String(s) => {
            Money::parse(s).ok_or_else(|| serde::de::Error::custom(format!("invalid amount {:?}", sanitize::line(s))))
        }
        v => Err(type_error("an amount", v)),
    }
}

/// A list of host names: `""` entries and non-text entries are dropped; one string is a list
/// of one.
pub fn name_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let value = Value::deserialize(d)?;
    let items = match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items,
        Value::String(s) => vec![Value::String(s)],
        v => return Err(type_error("a list of names", &v)),
    };
    Ok(items.iter().filter_map(scalar_text).map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect())
}

/// An object that PHP portals send as `[]` when empty; `null` is empty too.
pub fn object_or_empty<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    match Value::deserialize(d)? {
        Value::Null => Ok(T::default()),
        Value::Array(a) if a.is_empty() => Ok(T::default()),
        v @ Value::Object(_) => serde_json::from_value(v).map_err(serde::de::Error::custom),
        v => Err(type_error("an object", &v)),
    }
}

/// Every other field of an object, kept in the portal's order as sanitised text
/// (nested values as compact JSON).
pub fn extra_fields<'de, D: Deserializer<'de>>(d: D) -> Result<ExtraFields, D::Error> {
    let map = serde_json::Map::<String, Value>::deserialize(d)?;
    Ok(map
        .into_iter()
        .map(|(k, v)| {
            let text = match &v {
                Value::Null => String::new(),
                Value::Array(_) | Value::Object(_) => sanitize::line(&v.to_string()).into_owned(),
                other => scalar_text(other).unwrap_or_default(),
            };
            (sanitize::line(&k).into_owned(), text)
        })
        .collect())
}

/// Unknown fields in the order the portal sent them.
pub type ExtraFields = Vec<(String, String)>;

pub fn serialize_extra<S: Serializer>(fields: &ExtraFields, s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(fields.iter().map(|(k, v)| (k, v)))
}

/// Serialises an amount as a JSON number written from its exact decimal text, for the
/// fields the portal itself sends as numbers (upgrade prices). No float is involved.
pub fn serialize_money_number<S: Serializer>(amount: &Money, s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    let raw = serde_json::value::RawValue::from_string(amount.to_string()).map_err(serde::ser::Error::custom)?;
    raw.serialize(s)
}

/// Serialises numeric text as a JSON number (ids the portal sends as numbers), other text
/// as a string.
pub fn serialize_number_text<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    match text.parse::<u64>() {
        Ok(n) => s.serialize_u64(n),
        Err(_) => s.serialize_str(text),
    }
}
