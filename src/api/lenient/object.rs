//! Portal objects read in one pass: a decoder per known field, every other field kept as
//! text. A field of the wrong kind does not stop the reading: the object says which field
//! it was, so a list can keep the item as unreadable and read on.

use std::borrow::Cow;

use compact_str::CompactString;
use serde::{Deserialize, Deserializer};

use super::{ExtraFields, Made, Money, NamesVisitor, Raw, owned_line, sanitize};

/// An object of the portal's, read by [`portal_object!`].
pub trait PortalObject: Sized + Default {
    /// What it is, for messages: "a domain record".
    const WHAT: &'static str;

    /// Reads every field. One that cannot be read keeps its default, and the first such is
    /// named beside the object (`"expires: expected text, found an array"`).
    fn from_fields<'de, A: serde::de::MapAccess<'de>>(map: A) -> Result<(Self, Option<String>), A::Error>;
}

/// A field decoder: it reads the field's value whole, whatever it is, and says what it
/// made of it. Only broken JSON is an error of the parser.
pub trait Field<'de>: Deserialize<'de> {
    type Out;
    fn made(self) -> Made<Self::Out>;
}

/// Keeps the first field that could not be read.
pub fn note_failure(failed: &mut Option<String>, key: &str, reason: String) {
    if failed.is_none() {
        *failed = Some(format!("{key}: {reason}"));
    }
}

/// The field decoders that read a value whole first ([`Raw`]), then make the field.
macro_rules! decoder {
    ($($(#[$doc:meta])* $name:ident($out:ty) = $make:path;)*) => {$(
        $(#[$doc])*
        pub struct $name(Made<$out>);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                Raw::deserialize(d).map(|raw| $name($make(raw)))
            }
        }

        impl<'de> Field<'de> for $name {
            type Out = $out;
            fn made(self) -> Made<$out> {
                self.0
            }
        }
    )*};
}

decoder! {
    /// [`super::text`]
    Text(String) = super::text_of;
    /// [`super::short_text`]
    Short(CompactString) = super::short_of;
    /// [`super::opt_text`]
    OptText(Option<String>) = super::scalar_of;
    /// [`super::multiline_text`]
    MultilineText(String) = super::multiline_of;
    /// [`super::flag`]
    Flag(bool) = super::flag_of;
    /// [`super::money`]
    Amount(Money) = super::money_of;
    /// A flag that may be missing (`None`: not said).
    OptFlag(Option<bool>) = super::opt_flag_of;
    /// An amount that may be missing (`None`: not said).
    OptAmount(Option<Money>) = super::opt_money_of;
}

/// A record's content: one text, or the items of a list (an SOA's seven). See
/// [`super::content_of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    Text(String),
    Parts(Vec<String>),
}

impl Default for Content {
    fn default() -> Content {
        Content::Text(String::new())
    }
}

decoder! {
    /// [`Content`]
    ContentField(Content) = super::content_of;
}

/// [`super::name_list`]
pub struct Names(Made<Vec<CompactString>>);

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NamesVisitor).map(Names)
    }
}

impl<'de> Field<'de> for Names {
    type Out = Vec<CompactString>;
    fn made(self) -> Made<Vec<CompactString>> {
        self.0
    }
}

/// [`super::object_or_empty`]
pub struct ObjectOrEmpty<T>(Made<T>);

impl<'de, T: serde::de::DeserializeOwned + Default> Deserialize<'de> for ObjectOrEmpty<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Raw::deserialize(d).map(|raw| ObjectOrEmpty(super::object_of(raw)))
    }
}

impl<'de, T: serde::de::DeserializeOwned + Default> Field<'de> for ObjectOrEmpty<T> {
    type Out = T;
    fn made(self) -> Made<T> {
        self.0
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
            other => Err(serde::de::Error::custom(super::found("a field name", other.kind()))),
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

/// A portal object with one decoder per known field and every other field kept in `extra`,
/// decoded in one pass. (serde's `flatten` would buffer each object whole before decoding
/// it, which made a big domain list a third slower to read.) Read on its own, a field that
/// cannot be read is an error naming it; in a list, the item becomes unreadable instead
/// (see [`super::each_or_unreadable`]).
///
/// `portal_object!(Type, "what it is", extra, { "key" => field: Decoder, ... })` where each
/// `Decoder` is one of this module's [`Field`] decoders and `Type: Default`.
macro_rules! portal_object {
    ($ty:ty, $expecting:literal, $extra:ident, { $($key:literal => $field:ident: $decoder:ty),* $(,)? }) => {
        $crate::api::lenient::portal_object!($ty, $expecting, $extra, then (|_object: &mut $ty| ()), {
            $($key => $field: $decoder),*
        });
    };
    // `then`: what is made of the fields once all are read (one field's meaning may hang on
    // another's, sent before or after it).
    ($ty:ty, $expecting:literal, $extra:ident, then $then:tt, { $($key:literal => $field:ident: $decoder:ty),* $(,)? }) => {
        impl $crate::api::lenient::PortalObject for $ty {
            const WHAT: &'static str = $expecting;

            fn from_fields<'de, A: serde::de::MapAccess<'de>>(
                mut map: A,
            ) -> Result<($ty, Option<String>), A::Error> {
                use $crate::api::lenient::Field as _;
                let mut object = <$ty>::default();
                let mut failed = None;
                while let Some(key) = map.next_key::<$crate::api::lenient::Key<'de>>()? {
                    match key.as_str() {
                        $($key => match map.next_value::<$decoder>()?.made() {
                            Ok(value) => object.$field = value,
                            Err(reason) => $crate::api::lenient::note_failure(&mut failed, $key, reason),
                        },)*
                        _ => $crate::api::lenient::push_extra(&mut object.$extra, key, map.next_value()?),
                    }
                }
                ($then)(&mut object);
                Ok((object, failed))
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<$ty, A::Error> {
                        match <$ty as $crate::api::lenient::PortalObject>::from_fields(map)? {
                            (object, None) => Ok(object),
                            (_, Some(reason)) => Err(serde::de::Error::custom(reason)),
                        }
                    }
                }
                d.deserialize_map(Fields)
            }
        }
    };
}
pub(crate) use portal_object;
