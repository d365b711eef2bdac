//! Where a domain's DNS records are kept: under its registration at the registrar
//! (`/domain/@id/dns`), or in a hosted zone under a DNS hosting service
//! (`/service/@sid/dns/@zid`). A name that has a hosted zone is served by it, so its
//! records are read and changed there. Both are read, checked and changed alike: the same
//! form, the same checks (`dns::rules`), the same protocol (`changes::protocol`).

use crate::api::changes::{Change, DnsFields, Subject};
use crate::api::client::PortalClient;
use crate::api::error::Result;
use crate::api::models::{DnsRecord, Zone, ZoneRef, zone_named};
use crate::api::reads::Query;

/// The record types a hosted zone takes: it has no route that lists them, and a zone holds
/// its own nameservers and service records besides the usual ones.
pub const ZONE_TYPES: [&str; 8] = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"];

/// Where a domain's DNS records are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DnsSource {
    /// At the registrar, under the registration with this id.
    Registrar(u64),
    /// In a hosted zone.
    Zone(ZoneRef),
}

impl DnsSource {
    /// The read of its records.
    pub fn read(self) -> Query {
        match self {
            DnsSource::Registrar(id) => Query::Dns(id),
            DnsSource::Zone(zone) => Query::ZoneRecords(zone),
        }
    }

    /// The hosted zone, when it is one.
    pub fn zone(self) -> Option<ZoneRef> {
        match self {
            DnsSource::Zone(zone) => Some(zone),
            DnsSource::Registrar(_) => None,
        }
    }
}

/// The DNS changes, made alike wherever the records are kept.
impl Change {
    pub fn dns_add(at: DnsSource, record: DnsFields) -> Change {
        match at {
            DnsSource::Registrar(domain_id) => Change::DnsAdd { domain_id, record },
            DnsSource::Zone(zone) => Change::ZoneRecordAdd { zone, record },
        }
    }

    pub fn dns_update(at: DnsSource, record_id: String, record: DnsFields) -> Change {
        match at {
            DnsSource::Registrar(domain_id) => Change::DnsUpdate { domain_id, record_id, record },
            DnsSource::Zone(zone) => Change::ZoneRecordUpdate { zone, record_id, record },
        }
    }

    pub fn dns_delete(at: DnsSource, record_id: String) -> Change {
        match at {
            DnsSource::Registrar(domain_id) => Change::DnsDelete { domain_id, record_id },
            DnsSource::Zone(zone) => Change::ZoneRecordDelete { zone, record_id },
        }
    }

    /// Where the records a DNS change is made to are kept, from its row's subject (a
    /// domain's records at the registrar, a hosted zone's records); `None` for any other
    /// change. A change with a store is a change to one record: the protocol reads the
    /// records before and after it and compares them.
    pub fn dns_source(&self) -> Option<DnsSource> {
        match self.subject() {
            Subject::DomainDns(domain_id) => Some(DnsSource::Registrar(domain_id)),
            Subject::ZoneRecords(zone) => Some(DnsSource::Zone(zone)),
            Subject::Registration(_)
            | Subject::Service(_)
            | Subject::Invoice(_)
            | Subject::Ticket(_)
            | Subject::Tickets
            | Subject::Order
            | Subject::Zones
            | Subject::Zone(_)
            | Subject::Contacts
            | Subject::Contact(_) => None,
        }
    }

    /// The record a DNS change sends (an addition's or an update's).
    pub fn dns_record(&self) -> Option<&DnsFields> {
        match self {
            Change::DnsAdd { record, .. }
            | Change::DnsUpdate { record, .. }
            | Change::ZoneRecordAdd { record, .. }
            | Change::ZoneRecordUpdate { record, .. } => Some(record),
            _ => None,
        }
    }

    /// The id of the listed record a DNS change replaces or deletes.
    pub fn dns_record_id(&self) -> Option<&str> {
        match self {
            Change::DnsUpdate { record_id, .. }
            | Change::DnsDelete { record_id, .. }
            | Change::ZoneRecordUpdate { record_id, .. }
            | Change::ZoneRecordDelete { record_id, .. } => Some(record_id),
            _ => None,
        }
    }
}

impl PortalClient {
    /// The records kept at `source`, as the portal has them now.
    pub async fn records_at(&self, source: DnsSource) -> Result<Vec<DnsRecord>> {
        match source {
            DnsSource::Registrar(id) => self.dns_records(id).await,
            DnsSource::Zone(zone) => self.zone_records(zone).await,
        }
    }

    /// The hosted zone of `name`, if the portal hosts one; `None` too from a portal that
    /// does not offer DNS hosting (`GET /dns` unknown to it), whose records are the
    /// registrar's. Any other failure is said: where the records are is then not known.
    pub async fn zone_of(&self, name: &str) -> Result<Option<Zone>> {
        match self.zones().await {
            Ok(zones) => Ok(zone_named(&zones, name).cloned()),
            Err(e) if e.not_offered() => Ok(None),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dns_change_is_made_where_the_records_are() {
        let zone = ZoneRef { service_id: 2230, zone_id: 61 };
        let record = || DnsFields {
            name: "www".into(),
            kind: "A".into(),
            priority: 0,
            content: "203.0.113.7".into(),
            ttl: None,
        };
        for at in [DnsSource::Registrar(5150), DnsSource::Zone(zone)] {
            let add = Change::dns_add(at, record());
            let update = Change::dns_update(at, "3".into(), record());
            let delete = Change::dns_delete(at, "3".into());
            for change in [&add, &update, &delete] {
                assert_eq!(change.dns_source(), Some(at), "{change:?}");
                assert_eq!(change.read_again(), Some(at.read()));
            }
            assert_eq!((add.dns_record(), add.dns_record_id()), (Some(&record()), None));
            assert_eq!((update.dns_record(), update.dns_record_id()), (Some(&record()), Some("3")));
            assert_eq!((delete.dns_record(), delete.dns_record_id()), (None, Some("3")));
        }
        assert_eq!(DnsSource::Zone(zone).zone(), Some(zone));
        assert_eq!(Change::dns_delete(DnsSource::Registrar(1), "2".into()).describe(), "DELETE /domain/1/dns/2");
        assert_eq!(Change::TicketClose { number: "1".into() }.dns_source(), None);
    }
}
