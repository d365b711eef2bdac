//! Whether a listed DNS record can be named in a change. A change names the record by its
//! id in the request's path (`PUT /domain/@id/dns/@index`): an id that is empty, that is
//! not one plain path segment, or that two listed records share could change the wrong
//! record, or another route altogether. Such a record is read-only, with the reason said.

use crate::api::models::DnsRecord;

/// Why a listed record cannot be named in a change (in words: `i18n::read_only`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOnly {
    /// No id at all (or only blanks).
    NoId,
    /// Not one plain token: a `.`, `/`, `%`, a space, a letter outside ASCII…
    NotPlain,
    /// Another listed record has the same id.
    Shared,
    /// The portal's own record (an SOA, a content that is not one text): see
    /// [`DnsRecord::is_fixed`].
    Fixed,
}

/// The id of `records[index]` when a change can name it: not the portal's own record, not
/// empty once trimmed, ASCII letters, digits, `-` and `_` only, and held by no other listed
/// record. A record that is
/// not there has no id to name.
pub fn address(records: &[DnsRecord], index: usize) -> Result<&str, ReadOnly> {
    Ids::new(records).address(index)
}

/// [`address`] for many records of one list: each id counted once, so that naming every
/// record of a large zone takes one pass, not one pass a record.
pub struct Ids<'r> {
    records: &'r [DnsRecord],
    held: std::collections::HashMap<&'r str, usize>,
}

impl<'r> Ids<'r> {
    pub fn new(records: &'r [DnsRecord]) -> Ids<'r> {
        let mut held = std::collections::HashMap::with_capacity(records.len());
        for r in records {
            *held.entry(r.id.trim()).or_insert(0) += 1;
        }
        Ids { records, held }
    }

    /// As [`address`] says of `records[index]`.
    pub fn address(&self, index: usize) -> Result<&'r str, ReadOnly> {
        let record = self.records.get(index).ok_or(ReadOnly::NoId)?;
        if record.is_fixed() {
            return Err(ReadOnly::Fixed);
        }
        let id = record.id.trim();
        if id.is_empty() {
            return Err(ReadOnly::NoId);
        }
        if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(ReadOnly::NotPlain);
        }
        match self.held.get(id) {
            Some(n) if *n > 1 => Err(ReadOnly::Shared),
            _ => Ok(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(ids: &[&str]) -> Vec<DnsRecord> {
        ids.iter().map(|id| DnsRecord { id: (*id).into(), ..DnsRecord::default() }).collect()
    }

    #[test]
    fn only_a_plain_id_that_no_other_record_holds_can_be_named() {
        let records = listed(&["1", " 2 ", "rec_3-a", "", "  ", "..", "a/b", "4%2F", "5 6", "x.y", "ý", "7", "7"]);
        let at = |i| address(&records, i);
        assert_eq!((at(0), at(1), at(2)), (Ok("1"), Ok("2"), Ok("rec_3-a")));
        assert_eq!((at(3), at(4)), (Err(ReadOnly::NoId), Err(ReadOnly::NoId)));
        for (i, record) in records.iter().enumerate().take(11).skip(5) {
            assert_eq!(at(i), Err(ReadOnly::NotPlain), "{:?}", record.id);
        }
        assert_eq!((at(11), at(12)), (Err(ReadOnly::Shared), Err(ReadOnly::Shared)));
        assert_eq!(at(99), Err(ReadOnly::NoId), "no record there");
        // Two ids the same once trimmed are the same id.
        assert_eq!(address(&listed(&["8", " 8"]), 0), Err(ReadOnly::Shared));
        let soa = DnsRecord { id: "15257".into(), kind: "SOA".into(), ..DnsRecord::default() };
        assert_eq!(address(&[soa], 0), Err(ReadOnly::Fixed), "the SOA is never named in a change");
        // Counted once for the list, the same answers.
        let ids = Ids::new(&records);
        for i in 0..records.len() + 1 {
            assert_eq!(ids.address(i), at(i), "{i}");
        }
    }
}
