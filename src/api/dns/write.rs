//! What a DNS change sends, made in one place for the dashboard's form, `dns add`, `dns
//! set`, `dns apply` and every other caller: the same change sends the same body wherever
//! it is asked. As the portals' own clients write them (the recorded DNS.services traffic):
//! the host relative to the zone (`www`), never fully qualified, the apex as the zone's own
//! name in a hosted zone (`@` at a registrar); TXT text bare (the portal quotes it); a target
//! (CNAME, MX, NS) with a final dot only where the portal lists its targets so; a TTL on
//! every new record of a hosted zone (the zone's usual one, else 3600) and none at a
//! registrar, whose DNS takes none; a priority only for a type that has one (see
//! `DnsFields`' body).

use crate::api::changes::{Change, DnsFields};
use crate::api::dns::rules;
use crate::api::dns::source::DnsSource;
pub use crate::api::dns::zone_write::DEFAULT_TTL;
use crate::api::dns::zone_write::{host_of, usual_ttl};
use crate::api::models::DnsRecord;

/// How the records of one zone (or registration) are written, read from its records as
/// listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DnsWriter {
    domain: String,
    /// Whether the portal lists targets with a final dot (`mail.example.vn.`).
    dotted_targets: bool,
    /// The TTL most of its records have.
    usual_ttl: u32,
}

impl DnsWriter {
    /// The writer for `domain`, whose records are `listed` now.
    pub fn new(domain: &str, listed: &[DnsRecord]) -> DnsWriter {
        let readable = || listed.iter().filter(|r| r.unreadable.is_none() && !r.is_fixed());
        let targets = readable().filter(|r| has_target(&r.kind) && !r.content.trim().is_empty());
        let (dotted, bare) = targets.fold((0usize, 0usize), |(dotted, bare), r| {
            if r.content.trim().ends_with('.') { (dotted + 1, bare) } else { (dotted, bare + 1) }
        });
        DnsWriter {
            domain: domain.trim().trim_end_matches('.').to_owned(),
            dotted_targets: dotted > bare,
            usual_ttl: usual_ttl(&readable().collect::<Vec<_>>()),
        }
    }

    /// `record` as this portal is sent it; `creating` gives a record without a TTL the
    /// zone's usual one.
    pub fn fields(&self, record: DnsFields, creating: bool) -> DnsFields {
        let kind = record.kind.trim().to_ascii_uppercase();
        let content = match kind.as_str() {
            k if DnsRecord::holds_text(k) => crate::api::models::unquoted(&record.content),
            k if has_target(k) => {
                let bare = record.content.trim().trim_end_matches('.');
                if self.dotted_targets { format!("{bare}.") } else { bare.to_owned() }
            }
            _ => record.content.trim().to_owned(),
        };
        let ttl = match record.ttl {
            None if creating => Some(self.usual_ttl),
            ttl => ttl,
        };
        let priority = if rules::has_priority(&kind) { record.priority } else { 0 };
        DnsFields { name: host_of(&record.name, &self.domain), kind, priority, content, ttl }
    }

    pub fn add(&self, at: DnsSource, record: DnsFields) -> Change {
        Change::dns_add(at, self.sent_to(at, self.fields(record, true)))
    }

    pub fn update(&self, at: DnsSource, record_id: String, record: DnsFields) -> Change {
        Change::dns_update(at, record_id, self.sent_to(at, self.fields(record, false)))
    }

    pub fn delete(&self, at: DnsSource, record_id: String) -> Change {
        Change::dns_delete(at, record_id)
    }

    /// `record` as the store at `at` takes it. A registrar's DNS (`/domain/ID/dns`) has no
    /// `ttl` input (the vendor's documentation): none is sent there. A hosted zone's apex is
    /// written as the vendor's example and every recorded client write it, the zone's own
    /// name (`dulichdalat.com`); `@` is sent by none of them.
    fn sent_to(&self, at: DnsSource, record: DnsFields) -> DnsFields {
        match at {
            DnsSource::Registrar(_) => DnsFields { ttl: None, ..record },
            DnsSource::Zone(_) if record.name == "@" => DnsFields { name: self.domain.clone(), ..record },
            DnsSource::Zone(_) => record,
        }
    }
}

/// Whether a record of `kind` holds a host name as its content.
fn has_target(kind: &str) -> bool {
    matches!(kind.trim().to_ascii_uppercase().as_str(), "CNAME" | "MX" | "NS")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(name: &str, kind: &str, content: &str, ttl: &str) -> DnsRecord {
        DnsRecord {
            id: "1".into(),
            name: name.into(),
            kind: kind.into(),
            content: content.into(),
            ttl: ttl.into(),
            ..DnsRecord::default()
        }
    }

    fn typed(name: &str, kind: &str, content: &str) -> DnsFields {
        DnsFields { name: name.into(), kind: kind.into(), priority: 0, content: content.into(), ttl: None }
    }

    #[test]
    fn a_write_is_relative_bare_and_as_the_portal_lists_targets() {
        // As DNS.services lists a zone: names fully qualified, targets without a final dot.
        let zone = [
            listed("astylos.dk", "MX", "mail.astylos.dk", "3600"),
            listed("www.astylos.dk", "CNAME", "astylos.dk", "3600"),
            listed("astylos.dk", "A", "203.0.113.7", "300"),
            listed("astylos.dk", "TXT", "v=spf1 -all", "3600"),
        ];
        let writer = DnsWriter::new("astylos.dk", &zone);
        let edit = writer.fields(typed("foobar.astylos.dk", "cname", "target.example.com."), false);
        assert_eq!((edit.name.as_str(), edit.content.as_str(), edit.ttl), ("foobar", "target.example.com", None));
        let txt = writer.fields(typed("_acme-challenge", "TXT", "\"TOKEN\""), true);
        assert_eq!((txt.content.as_str(), txt.ttl), ("TOKEN", Some(3600)), "bare text, the zone's usual TTL");
        assert_eq!(writer.fields(typed("astylos.dk.", "A", "203.0.113.8"), true).name, "@");
        let zone = DnsSource::Zone(crate::api::models::ZoneRef { service_id: 292, zone_id: 1178 });
        let body = writer.add(zone, typed("_acme-challenge", "TXT", "TOKEN")).describe();
        assert_eq!(
            body,
            r#"POST /service/292/dns/1178/records {"name":"_acme-challenge","type":"TXT","content":"TOKEN","ttl":3600}"#
        );
        let mx = DnsFields { priority: 10, ..typed("@", "MX", "mx2.astylos.dk.") };
        let body = writer.add(zone, mx).describe();
        assert_eq!(
            body,
            r#"POST /service/292/dns/1178/records {"name":"astylos.dk","type":"MX","content":"mx2.astylos.dk","priority":10,"ttl":3600}"#,
            "the apex as the zone's name, as DNS.services' clients write it"
        );
    }

    #[test]
    fn a_registrars_dns_is_sent_no_ttl_and_its_apex_as_at() {
        // `/domain/ID/dns` takes `name`, `type`, `priority`, `content`: no `ttl`.
        let writer = DnsWriter::new("example.vn", &[listed("@", "A", "203.0.113.7", "0")]);
        let at = DnsSource::Registrar(5188);
        let short = DnsFields { ttl: Some(60), ..typed("_acme-challenge", "TXT", "TOKEN") };
        let body = writer.add(at, short).describe();
        assert_eq!(body, r#"POST /domain/5188/dns {"name":"_acme-challenge","type":"TXT","content":"TOKEN"}"#);
        let body = writer.update(at, "3".into(), typed("example.vn.", "A", "203.0.113.8")).describe();
        assert_eq!(body, r#"PUT /domain/5188/dns/3 {"name":"@","type":"A","content":"203.0.113.8"}"#);
    }

    #[test]
    fn a_portal_that_lists_final_dots_is_sent_them_and_a_bare_zone_has_3600() {
        let dotted = [listed("www", "CNAME", "example.vn.", "300"), listed("@", "A", "203.0.113.7", "300")];
        let writer = DnsWriter::new("example.vn", &dotted);
        let cname = writer.fields(typed("blog", "CNAME", "example.vn"), true);
        assert_eq!((cname.content.as_str(), cname.ttl), ("example.vn.", Some(300)));
        let empty = DnsWriter::new("example.vn", &[]);
        assert_eq!(empty.fields(typed("www", "CNAME", "example.vn."), true).content, "example.vn");
        assert_eq!(empty.fields(typed("www", "A", "203.0.113.7"), true).ttl, Some(DEFAULT_TTL));
        let kept = DnsFields { ttl: Some(60), ..typed("www", "A", "203.0.113.7") };
        assert_eq!(empty.fields(kept, true).ttl, Some(60), "a TTL typed is kept");
    }
}
