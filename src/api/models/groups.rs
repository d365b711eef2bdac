//! Lists grouped by status, the way people read them: domains `Active`, then `Expired`,
//! then any other status, soonest expiry first; services `Active` first, soonest due date
//! first; invoices unpaid first (soonest due first), then paid (newest first), then others.

use compact_str::CompactString;

use crate::api::models::{DomainRecord, Invoice, Service, Standing, parse_date};

/// One status group, referring to records by index into the caller's slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusGroup {
    pub status: String,
    pub records: Vec<usize>,
}

/// How one item sorts: its group's rank, its status, a day number (lower first; `None`
/// last) and its name.
type SortKey = (u8, CompactString, Option<i64>, CompactString);

/// Groups `items` by status, in the order `key` gives.
fn grouped<T>(items: &[T], status: impl Fn(&T) -> &str, key: impl Fn(&T) -> SortKey) -> Vec<StatusGroup> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_cached_key(|&i| {
        let (rank, status, day, name) = key(&items[i]);
        (rank, status, day.is_none(), day, name, i)
    });
    let mut groups: Vec<StatusGroup> = Vec::new();
    for i in order {
        let status = status(&items[i]);
        match groups.last_mut() {
            Some(g) if same_status(&g.status, status) => g.records.push(i),
            _ => groups.push(StatusGroup { status: display_status(status), records: vec![i] }),
        }
    }
    groups
}

fn day(date: &str) -> Option<i64> {
    parse_date(date).map(|d| i64::from(d.to_julian_day()))
}

/// Domain registrations: `Active`, `Expired`, then others; soonest expiry first.
pub fn group_by_status(records: &[DomainRecord]) -> Vec<StatusGroup> {
    grouped(
        records,
        |r| &r.status,
        |r| {
            let lower = r.status.to_ascii_lowercase();
            let rank = match lower.as_str() {
                "active" => 0,
                "expired" => 1,
                _ => 2,
            };
            (rank, lower, day(&r.expires), r.name.to_lowercase())
        },
    )
}

/// Services: `Active`, `Suspended`, `Pending`, then others; soonest due date first.
pub fn services_by_status(services: &[Service]) -> Vec<StatusGroup> {
    grouped(
        services,
        |s| &s.status,
        |s| {
            let lower = s.status.to_ascii_lowercase();
            let rank = match lower.as_str() {
                "active" => 0,
                "suspended" => 1,
                "pending" => 2,
                _ => 3,
            };
            (rank, lower, day(&s.next_due), s.name.to_lowercase())
        },
    )
}

/// Invoices: unpaid (soonest due first), paid (newest first), then others (newest first).
pub fn invoices_by_standing(invoices: &[Invoice]) -> Vec<StatusGroup> {
    grouped(
        invoices,
        |i| &i.status,
        |i| {
            let standing = i.standing();
            let when = match standing {
                Standing::Unpaid => day(i.due()),
                Standing::Paid | Standing::Other => day(&i.date).map(|d| -d),
            };
            (standing as u8, i.status.to_ascii_lowercase(), when, i.label().into())
        },
    )
}

/// Whether a group's status is this one, whatever their case (without building the
/// display form for each item).
fn same_status(group: &str, status: &str) -> bool {
    let lower = |s: &str| s.trim().chars().flat_map(char::to_lowercase).collect::<CompactString>();
    group.eq_ignore_ascii_case(status.trim()) || lower(group) == lower(status)
}

fn display_status(status: &str) -> String {
    let mut chars = status.trim().chars();
    match chars.next() {
        None => "Unknown".to_owned(),
        Some(first) => first.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(name: &str, status: &str, expires: &str) -> DomainRecord {
        DomainRecord { name: name.into(), status: status.into(), expires: expires.into(), ..Default::default() }
    }

    #[test]
    fn invoices_unpaid_first_then_paid_newest_first() {
        let invoice = |n: &str, status: &str, date: &str, due: &str| Invoice {
            number: n.into(),
            status: status.into(),
            date: date.into(),
            duedate: due.into(),
            ..Invoice::default()
        };
        let invoices = [
            invoice("1", "Paid", "2026-01-01", "2026-01-10"),
            invoice("2", "Unpaid", "2026-11-01", "2026-12-10"),
            invoice("3", "Cancelled", "2026-02-01", ""),
            invoice("4", "Paid", "2026-06-01", "2026-06-10"),
            invoice("5", "Unpaid", "2026-10-01", "2026-11-01"),
        ];
        let summary: Vec<_> = invoices_by_standing(&invoices).into_iter().map(|g| (g.status, g.records)).collect();
        assert_eq!(
            summary,
            [("Unpaid".to_owned(), vec![4, 1]), ("Paid".to_owned(), vec![3, 0]), ("Cancelled".to_owned(), vec![2])]
        );
    }

    #[test]
    fn active_then_expired_then_others_by_expiry() {
        let records = [
            record("a.vn", "Expired", "2025-01-01"),
            record("b.vn", "Pending", ""),
            record("c.vn", "Active", "2027-05-01"),
            record("d.vn", "active", "2026-12-01"),
            record("e.vn", "Active", ""),
        ];
        let groups = group_by_status(&records);
        let summary: Vec<_> = groups.iter().map(|g| (g.status.as_str(), g.records.clone())).collect();
        assert_eq!(summary, vec![("Active", vec![3, 2, 4]), ("Expired", vec![0]), ("Pending", vec![1])]);
    }
}
