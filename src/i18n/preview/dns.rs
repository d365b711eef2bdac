//! The preview of a DNS change, wherever the records are kept (a registration or a hosted
//! zone): what it does, the record before (as listed) and after (as sent). The domain and
//! where its records are kept are named by each face.

use super::Preview;
use crate::api::models::DnsRecord;
use crate::api::{Change, Language};
use crate::i18n::Text;

/// A record added, changed or deleted at `domain`; `old` the record it replaces or deletes
/// as listed.
pub fn dns_change(change: &Change, domain: &str, old: Option<&DnsRecord>, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let new = change.dns_record();
    let what = match change.dns_record_id() {
        None => Text::DoAdd.get(language).to_owned(),
        Some(id) if new.is_some() => Text::DoUpdate.fill(language, &[("id", &id)]),
        Some(id) => Text::DoDelete.fill(language, &[("id", &id)]),
    };
    let mut rows = vec![(label(Text::LabelChange), what)];
    if let Some(old) = old {
        rows.push((label(Text::LabelBefore), crate::i18n::dns::listed_line_at(old, domain, language)));
    }
    if let Some(new) = new {
        rows.push((label(Text::LabelAfter), crate::i18n::dns::sent_line(new, language)));
    }
    Preview { title: Text::ConfirmTitle, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::DnsSource;
    use crate::api::models::{DnsFields, ZoneRef};

    #[test]
    fn a_dns_change_is_previewed_alike_wherever_the_records_are_in_both_languages() {
        let old = DnsRecord {
            id: "7".into(),
            name: "home".into(),
            kind: "A".into(),
            content: "203.0.113.7".into(),
            ttl: "300".into(),
            ..Default::default()
        };
        let new = DnsFields {
            name: "home".into(),
            kind: "A".into(),
            priority: 0,
            content: "203.0.113.9".into(),
            ttl: Some(300),
        };
        let zone = ZoneRef { service_id: 2230, zone_id: 61 };
        for at in [DnsSource::Registrar(5188), DnsSource::Zone(zone)] {
            for language in [Language::English, Language::Vietnamese] {
                let add = Change::dns_add(at, new.clone());
                let update = Change::dns_update(at, "7".into(), new.clone());
                let delete = Change::dns_delete(at, "7".into());
                let previews = [
                    dns_change(&add, "example.vn", None, language),
                    dns_change(&update, "example.vn", Some(&old), language),
                    dns_change(&delete, "example.vn", Some(&old), language),
                ];
                for (preview, rows) in previews.iter().zip([2, 3, 2]) {
                    super::super::tests::filled(preview);
                    assert_eq!(preview.rows.len(), rows, "{:?}", preview.rows);
                }
            }
        }
        let update = Change::dns_update(DnsSource::Registrar(5188), "7".into(), new);
        let text = dns_change(&update, "example.vn", Some(&old), Language::English).text();
        assert_eq!(
            text,
            "\n  Change: change record #7\n  Now: home A 203.0.113.7 (TTL 300)\n  New: home A 203.0.113.9 (TTL 300)"
        );
    }
}
