//! What else in the zone names a host: the MX, CNAME, NS and SRV records whose target it is.
//! Deleting a host's last address leaves them pointing at nothing (mail to an MX whose host
//! has no address bounces), so the confirmation names them.

use crate::api::dns::zone_file::fqdn;
use crate::api::dns::zone_write::{host_of, priority_and_target};
use crate::api::models::DnsRecord;

/// The records of `listed` that point at `removed`'s host when it is the last record that
/// gives that host an address (A, AAAA or CNAME); none while another still does.
pub fn left_pointing<'a>(removed: &DnsRecord, listed: &'a [DnsRecord], domain: &str) -> Vec<&'a DnsRecord> {
    let gives_address = |r: &DnsRecord| matches!(kind(r).as_str(), "A" | "AAAA" | "CNAME");
    if !gives_address(removed) {
        return Vec::new();
    }
    let host = host_of(&removed.name, domain);
    let others = listed.iter().filter(|r| r.id.trim() != removed.id.trim() && r.unreadable.is_none());
    if others.clone().any(|r| gives_address(r) && host_of(&r.name, domain) == host) {
        return Vec::new();
    }
    let name = fqdn(&host, domain);
    others.filter(|r| target(r).is_some_and(|t| fqdn(&t, domain) == name)).collect()
}

fn kind(record: &DnsRecord) -> String {
    record.kind.trim().to_ascii_uppercase()
}

/// The host a record points at: an MX's mail server, a CNAME's or an NS's target, an SRV's
/// last word; `None` for a record that points at no host.
fn target(record: &DnsRecord) -> Option<String> {
    let target = match kind(record).as_str() {
        "MX" => priority_and_target(record).1,
        "CNAME" | "NS" => record.content.trim().to_owned(),
        "SRV" => record.content.split_whitespace().last()?.to_owned(),
        _ => return None,
    };
    (!target.is_empty() && target != ".").then_some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, name: &str, kind: &str, content: &str, priority: &str) -> DnsRecord {
        DnsRecord {
            id: id.into(),
            name: name.into(),
            kind: kind.into(),
            content: content.into(),
            priority: priority.into(),
            ..DnsRecord::default()
        }
    }

    #[test]
    fn the_records_left_pointing_at_a_host_without_an_address() {
        let listed = [
            record("1", "@", "A", "203.0.113.1", "0"),
            record("3", "mail", "A", "203.0.113.2", "0"),
            record("4", "@", "MX", "mail.example.vn.", "10"),
            record("5", "webmail", "CNAME", "mail.example.vn", "0"),
            record("6", "@", "MX", "20 mail", "0"),
            record("7", "_imap._tcp", "SRV", "0 5 993 mail.example.vn.", "0"),
            record("8", "www", "CNAME", "example.vn.", "0"),
        ];
        let ids = |found: Vec<&DnsRecord>| found.iter().map(|r| r.id.to_string()).collect::<Vec<_>>();
        assert_eq!(ids(left_pointing(&listed[1], &listed, "example.vn")), ["4", "5", "6", "7"]);
        assert_eq!(ids(left_pointing(&listed[0], &listed, "example.vn")), ["8"], "the apex, as `example.vn.`");
        // Another address on the host: nothing is left pointing at nothing.
        let mut two = listed.to_vec();
        two.push(record("9", "mail.example.vn.", "AAAA", "2001:db8::2", "0"));
        assert!(left_pointing(&two[1], &two, "example.vn").is_empty());
        // Only an address is pointed at.
        assert!(left_pointing(&listed[2], &listed, "example.vn").is_empty());
    }
}
