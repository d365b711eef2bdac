//! Lists where one item the tool cannot read does not lose the others.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::object::{Field, PortalObject};
use super::{Made, found};

/// A list item that can stand for one the tool could not read, so the rest still show.
pub trait Salvage: PortalObject {
    /// What is left of an item that could not be read: what identifies it (its id and
    /// name, when they were read), and why.
    fn unreadable(self, reason: String) -> Self;
}

/// A list where one item the tool cannot read (a wrong type in one field, say) does not
/// lose the others: it becomes [`Salvage::unreadable`] with its id, name and the reason.
/// Read in one pass, item by item.
pub fn each_or_unreadable<'de, D: Deserializer<'de>, T: Salvage>(d: D) -> Result<Vec<T>, D::Error> {
    d.deserialize_any(Items { null_is_empty: false, item: PhantomData })?.map_err(serde::de::Error::custom)
}

/// [`each_or_unreadable`] as a field decoder for a list inside an object; `null` is an
/// empty list there.
pub struct List<T>(Made<Vec<T>>);

impl<'de, T: Salvage> Deserialize<'de> for List<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Items { null_is_empty: true, item: PhantomData }).map(List)
    }
}

impl<'de, T: Salvage> Field<'de> for List<T> {
    type Out = Vec<T>;
    fn made(self) -> Made<Vec<T>> {
        self.0
    }
}

struct Items<T> {
    null_is_empty: bool,
    item: PhantomData<T>,
}

impl<T> Items<T> {
    fn not_a_list<E>(&self, kind: &str) -> Result<Made<Vec<T>>, E> {
        Ok(Err(found("a list", kind)))
    }
}

impl<'de, T: Salvage> Visitor<'de> for Items<T> {
    type Value = Made<Vec<T>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(Entry(item)) = seq.next_element::<Entry<T>>()? {
            items.push(item);
        }
        Ok(Ok(items))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        if self.null_is_empty { Ok(Ok(Vec::new())) } else { self.not_a_list("null") }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        self.not_a_list("an object")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        self.not_a_list("a boolean")
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        self.not_a_list("a number")
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        self.not_a_list("a number")
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        self.not_a_list("a number")
    }
    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        self.not_a_list("a string")
    }
}

/// One item of a list: the object, or what is left of it when it could not be read.
struct Entry<T>(T);

impl<'de, T: Salvage> Deserialize<'de> for Entry<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(EntryVisitor(PhantomData))
    }
}

struct EntryVisitor<T>(PhantomData<T>);

impl<T: Salvage> EntryVisitor<T> {
    fn not_an_object<E>(kind: &str) -> Result<Entry<T>, E> {
        Ok(Entry(T::default().unreadable(found(T::WHAT, kind))))
    }
}

impl<'de, T: Salvage> Visitor<'de> for EntryVisitor<T> {
    type Value = Entry<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::WHAT)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry<T>, A::Error> {
        Ok(Entry(match T::from_fields(map)? {
            (item, None) => item,
            (item, Some(reason)) => item.unreadable(reason),
        }))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Entry<T>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Self::not_an_object("an array")
    }
    fn visit_unit<E>(self) -> Result<Entry<T>, E> {
        Self::not_an_object("null")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Entry<T>, E> {
        Self::not_an_object("a boolean")
    }
    fn visit_i64<E>(self, _: i64) -> Result<Entry<T>, E> {
        Self::not_an_object("a number")
    }
    fn visit_u64<E>(self, _: u64) -> Result<Entry<T>, E> {
        Self::not_an_object("a number")
    }
    fn visit_f64<E>(self, _: f64) -> Result<Entry<T>, E> {
        Self::not_an_object("a number")
    }
    fn visit_str<E>(self, _: &str) -> Result<Entry<T>, E> {
        Self::not_an_object("a string")
    }
}

#[cfg(test)]
mod tests {
    use crate::api::models::{DomainRecords, InvoiceList};

    fn domains(json: &str) -> Vec<crate::api::models::DomainRecord> {
        serde_json::from_str::<DomainRecords>(json).unwrap().details
    }

    #[test]
    fn a_field_of_the_wrong_kind_marks_its_item_and_the_reading_goes_on() {
        let records = domains(
            r#"{"details": [
                {"expires": {"y": [2026, 1]}, "nameservers": {"a": "b"}, "id": "7", "name": "a.vn"},
                {"id": 8, "name": "b.vn", "nameservers": ["ns1.b.vn"]},
                5, "c.vn", null, [1, {"id": 9}],
                {"id": 10, "name": "d.vn", "autorenew": "maybe"}
            ]}"#,
        );
        let summary: Vec<_> =
            records.iter().map(|r| (r.id.as_str(), r.name.as_str(), r.unreadable.as_deref().unwrap_or(""))).collect();
        assert_eq!(
            summary,
            [
                ("7", "a.vn", "expires: expected text, found an object"),
                ("8", "b.vn", ""),
                ("", "", "expected a domain record, found a number"),
                ("", "", "expected a domain record, found a string"),
                ("", "", "expected a domain record, found null"),
                ("", "", "expected a domain record, found an array"),
                ("10", "d.vn", r#"autorenew: expected a 0/1 flag, found "maybe""#),
            ]
        );
        assert_eq!(records[1].nameservers, ["ns1.b.vn"]);
    }

    #[test]
    fn an_item_read_alone_is_an_error_naming_the_field() {
        let e = serde_json::from_str::<crate::api::models::DomainRecord>(r#"{"id": 1, "status": [1]}"#).unwrap_err();
        assert!(e.to_string().starts_with("status: expected text, found an array"), "{e}");
    }

    #[test]
    fn a_list_that_is_not_one_is_an_error_and_items_inside_an_object_may_be_null() {
        for (json, kind) in [(r#"{"details": null}"#, "null"), (r#"{"details": {"id": 1}}"#, "an object")] {
            let e = serde_json::from_str::<DomainRecords>(json).unwrap_err().to_string();
            assert!(e.starts_with(&format!("expected a list, found {kind}")), "{e}");
        }
        let invoices: InvoiceList = serde_json::from_str(
            r#"{"invoices": [
                {"id": 1, "items": null},
                {"id": 2, "items": [{"id": 5, "amount": "x"}, {"id": 6, "amount": "10"}]},
                {"id": 3, "number": "S-3", "items": {"id": 7}}
            ]}"#,
        )
        .unwrap();
        let [one, two, three] = &invoices.invoices[..] else { panic!("{invoices:?}") };
        assert!(one.unreadable.is_none() && one.items.is_empty());
        assert!(two.unreadable.is_none());
        assert_eq!(two.items[0].unreadable.as_deref(), Some(r#"amount: invalid amount "x""#));
        assert!(two.items[1].unreadable.is_none());
        assert_eq!(three.unreadable.as_deref(), Some("items: expected a list, found an object"));
        assert_eq!((three.id.as_str(), three.number.as_str()), ("3", "S-3"));
    }
}
