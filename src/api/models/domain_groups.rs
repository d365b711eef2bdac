//! Domain records grouped by status, the way people read them: `Active` first, then
//! `Expired`, then any other status; within a group the soonest expiry first.

use crate::api::models::DomainRecord;

/// One status group, referring to records by index into the caller's slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusGroup {
    pub status: String,
    pub records: Vec<usize>,
}

fn status_rank(status: &str) -> (u8, String) {
    let lower = status.to_ascii_lowercase();
    let rank = match lower.as_str() {
        "active" => 0,
        "expired" => 1,
        _ => 2,
    };
    (rank, lower)
}

/// Groups `records` by status. Records without a usable expiry date sort last.
pub fn group_by_status(records: &[DomainRecord]) -> Vec<StatusGroup> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by_cached_key(|&i| {
        let r = &records[i];
        let expiry = crate::api::models::parse_date(&r.expires);
        (status_rank(&r.status), expiry.is_none(), expiry, r.name.to_lowercase(), i)
    });
    let mut groups: Vec<StatusGroup> = Vec::new();
    for i in order {
        let status = display_status(&records[i].status);
        match groups.last_mut() {
            Some(g) if g.status.eq_ignore_ascii_case(&status) => g.records.push(i),
            _ => groups.push(StatusGroup { status, records: vec![i] }),
        }
    }
    groups
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
