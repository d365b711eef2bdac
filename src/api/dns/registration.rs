//! Which of a domain name's registrations a DNS read or change is about: the one whose DNS
//! is in use. A portal lists every registration a name ever had (an expired one beside its
//! renewal), and only one of them holds the records that answer for the name.

use crate::api::models::{DomainRecord, parse_date};
use crate::api::{ApiError, Operation};

/// The registration whose DNS is in use: the active one, else the one that expires last.
/// A record the portal sent unreadable is never chosen; `None` when no readable one is left.
pub fn in_use(records: impl IntoIterator<Item = DomainRecord>) -> Option<DomainRecord> {
    let readable = records.into_iter().filter(|r| r.unreadable.is_none());
    readable.max_by_key(|r| (r.status.eq_ignore_ascii_case("active"), parse_date(&r.expires)))
}

/// A registration's id, for the routes that take one (`/domain/@id/...`).
pub fn id(registration: &DomainRecord) -> Result<u64, ApiError> {
    registration.id.trim().parse().map_err(|_| ApiError::UnexpectedShape {
        op: Operation::Domain,
        detail: format!("registration id {:?} is not a number", registration.id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, status: &str, expires: &str) -> DomainRecord {
        DomainRecord { id: id.into(), status: status.into(), expires: expires.into(), ..DomainRecord::default() }
    }

    fn chosen(records: Vec<DomainRecord>) -> Option<String> {
        in_use(records).map(|r| r.id.to_string())
    }

    #[test]
    fn the_active_registration_before_one_that_expires_later() {
        let records = vec![record("1", "Expired", "2030-01-01"), record("2", "active", "2027-01-01")];
        assert_eq!(chosen(records).as_deref(), Some("2"));
    }

    #[test]
    fn without_an_active_one_the_one_that_expires_last() {
        let records = vec![
            record("1", "Expired", "2025-01-01"),
            record("2", "Expired", "2026-03-01"),
            record("3", "Pending", ""),
        ];
        assert_eq!(chosen(records).as_deref(), Some("2"));
    }

    #[test]
    fn an_unreadable_record_is_never_chosen() {
        let unreadable = DomainRecord { unreadable: Some("status: not a text".into()), ..record("1", "Active", "") };
        assert_eq!(chosen(vec![unreadable.clone(), record("2", "Expired", "2025-01-01")]).as_deref(), Some("2"));
        assert_eq!(chosen(vec![unreadable]), None);
    }

    #[test]
    fn an_id_that_is_no_number_is_said_as_such() {
        assert_eq!(id(&record(" 5188 ", "Active", "")).unwrap(), 5188);
        let e = id(&record("abc", "Active", "")).unwrap_err();
        assert!(
            matches!(&e, ApiError::UnexpectedShape { op: Operation::Domain, detail }
            if detail == "registration id \"abc\" is not a number"),
            "{e:?}"
        );
    }
}
