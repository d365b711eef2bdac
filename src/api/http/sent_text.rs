//! A list's answer as the portal sent it, for `--json`, written out as it is read: no
//! `serde_json::Value` tree of the whole account is built (one takes ten times the answer's
//! size), only the text printed. Strings are cleaned as everywhere else (control
//! characters and terminal escapes taken out); numbers, nesting, field order and unknown
//! fields stay as they came. The layout is `serde_json::to_string_pretty`'s.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, de::Error as _};
use serde_json::ser::{Formatter, PrettyFormatter};

use crate::api::sanitize;

/// An answer read for `--json`: each of its top-level fields already written out (an
/// object's), or the whole of it (a bare list, or anything else).
pub(crate) enum SentText {
    Fields(Vec<(String, String)>),
    Whole(String),
}

impl SentText {
    /// The part under the first of `keys` the answer has; a bare answer is its own part.
    pub(crate) fn part(self, keys: &[&str]) -> Option<String> {
        match self {
            SentText::Whole(text) => Some(text),
            SentText::Fields(fields) => {
                let position = keys.iter().find_map(|key| fields.iter().position(|(name, _)| name == key))?;
                fields.into_iter().nth(position).map(|(_, text)| text)
            }
        }
    }
}

impl<'de> Deserialize<'de> for SentText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Top)
    }
}

struct Top;

impl<'de> Visitor<'de> for Top {
    type Value = SentText;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the portal's answer")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SentText, A::Error> {
        let mut fields = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let text = map.next_value_seed(Written)?;
            fields.push((key, text));
        }
        Ok(SentText::Fields(fields))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<SentText, A::Error> {
        let mut writer = Writer::default();
        Pretty { writer: &mut writer }.visit_seq(seq)?;
        Ok(SentText::Whole(writer.finish()))
    }
}

/// One value written out on its own, as its own document.
struct Written;

impl<'de> DeserializeSeed<'de> for Written {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        let mut writer = Writer::default();
        d.deserialize_any(Pretty { writer: &mut writer })?;
        Ok(writer.finish())
    }
}

#[derive(Default)]
struct Writer {
    out: Vec<u8>,
    format: PrettyFormatter<'static>,
}

impl Writer {
    fn finish(self) -> String {
        // Only whole UTF-8 strings and ASCII were written.
        String::from_utf8(self.out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    fn string<E: de::Error>(&mut self, text: &str) -> Result<(), E> {
        serde_json::to_writer(&mut self.out, &*sanitize::multiline(text)).map_err(E::custom)
    }
}

/// Writes the value it visits (and everything inside it) into the writer.
struct Pretty<'w> {
    writer: &'w mut Writer,
}

impl<'de> DeserializeSeed<'de> for Pretty<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

fn io<E: de::Error>(result: std::io::Result<()>) -> Result<(), E> {
    result.map_err(E::custom)
}

impl<'de> Visitor<'de> for Pretty<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        let w = self.writer;
        io(w.format.write_bool(&mut w.out, v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        let w = self.writer;
        io(w.format.write_i64(&mut w.out, v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        let w = self.writer;
        io(w.format.write_u64(&mut w.out, v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        let w = self.writer;
        // As `Value` writes it: a number that is not finite is `null`.
        if v.is_finite() { io(w.format.write_f64(&mut w.out, v)) } else { io(w.format.write_null(&mut w.out)) }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.writer.string(v)
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        let w = self.writer;
        io(w.format.write_null(&mut w.out))
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let w = self.writer;
        io(w.format.begin_array(&mut w.out))?;
        let mut first = true;
        while seq.next_element_seed(Element { writer: &mut *w, first })?.is_some() {
            first = false;
        }
        io(w.format.end_array(&mut w.out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let w = self.writer;
        io(w.format.begin_object(&mut w.out))?;
        let mut first = true;
        while let Some(key) = map.next_key::<KeyText>()? {
            io(w.format.begin_object_key(&mut w.out, first))?;
            w.string::<A::Error>(&key.0)?;
            io(w.format.end_object_key(&mut w.out))?;
            io(w.format.begin_object_value(&mut w.out))?;
            map.next_value_seed(Pretty { writer: &mut *w })?;
            io(w.format.end_object_value(&mut w.out))?;
            first = false;
        }
        io(w.format.end_object(&mut w.out))
    }
}

/// One element of a list, with the separator before it.
struct Element<'w> {
    writer: &'w mut Writer,
    first: bool,
}

impl<'de> DeserializeSeed<'de> for Element<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let w = self.writer;
        w.format.begin_array_value(&mut w.out, self.first).map_err(D::Error::custom)?;
        d.deserialize_any(Pretty { writer: &mut *w })?;
        w.format.end_array_value(&mut w.out).map_err(D::Error::custom)
    }
}

/// An object's key, borrowed from the answer where it can be.
struct KeyText<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for KeyText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        std::borrow::Cow::<'de, str>::deserialize(d).map(KeyText)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn both(text: &str) -> (String, String) {
        let value: Value = serde_json::from_str(text).unwrap();
        let expected = serde_json::to_string_pretty(&crate::api::lenient::cleaned(value)).unwrap();
        let written = match serde_json::from_str::<SentText>(text).unwrap() {
            SentText::Whole(text) => text,
            SentText::Fields(fields) => {
                // Put back together as an object, to compare with the whole.
                let parts: Vec<String> =
                    fields.iter().map(|(k, v)| format!("{}: {}", serde_json::to_string(k).unwrap(), v)).collect();
                let value: Value = serde_json::from_str(&format!("{{{}}}", parts.join(","))).unwrap();
                serde_json::to_string_pretty(&value).unwrap()
            }
        };
        (expected, written)
    }

    #[test]
    fn a_list_is_written_as_value_would_write_it() {
        let text = r#"[{"id": 7, "name": "ví-dụ.vn", "total": 1.50, "big": 18446744073709551615,
            "neg": -3, "none": null, "on": true, "zone": {"ttl": 300, "empty": {}, "list": []},
            "tags": ["a", "b\u001b[31mred"], "nested": [[1, 2], []]}, {}, []]"#;
        let (expected, written) = both(text);
        assert_eq!(written, expected);
        assert!(!written.contains('\u{1b}'), "escapes are taken out: {written}");
        assert!(written.contains("\"ví-dụ.vn\""));
    }

    #[test]
    fn an_object_keeps_its_fields_in_order_and_picks_the_part_asked_for() {
        let text = r#"{"page": 1, "domains": [{"z": 1, "a": 2}], "details": {"x": "y"}}"#;
        let sent: SentText = serde_json::from_str(text).unwrap();
        let part = sent.part(&["details", "domains"]).unwrap();
        assert_eq!(part, "{\n  \"x\": \"y\"\n}");
        let sent: SentText = serde_json::from_str(text).unwrap();
        assert_eq!(sent.part(&["domains"]).unwrap(), "[\n  {\n    \"z\": 1,\n    \"a\": 2\n  }\n]");
        let sent: SentText = serde_json::from_str(text).unwrap();
        assert!(sent.part(&["services"]).is_none());
    }

    #[test]
    fn keys_and_empty_containers_match() {
        let (expected, written) = both(r#"{"x": {"a\u0007b": {}}, "c": [], "d": [{}], "e": "line\nnext"}"#);
        assert_eq!(written, expected);
    }
}
