//! The preview of a DNS change, wherever the records are kept (a registration or a hosted
//! zone): what it does, the record before (as listed) and after (as sent). The domain and
//! where its records are kept are named by each face.

use super::Preview;
use crate::api::models::{DnsFields, DnsRecord, ZoneRef};
use crate::api::{Change, Language};
use crate::i18n::Text;

/// A record added, changed or deleted at `domain`; `old` the record it replaces or deletes
/// as listed.
/// A deletion of a host's last address names the records still pointing at it (`listed`:
/// the records as shown).
pub fn dns_change(
    change: &Change,
    domain: &str,
    old: Option<&DnsRecord>,
    listed: &[DnsRecord],
    language: Language,
) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let new = change.dns_record();
    let what = match change.dns_record_id() {
        None => DoAdd.get(language).to_owned(),
        Some(id) if new.is_some() => DoUpdate.fill(language, &[("id", &id)]),
        Some(id) => DoDelete.fill(language, &[("id", &id)]),
    };
    let mut rows = vec![(label(Text::LabelChange), what)];
    if let Some(old) = old {
        rows.push((label(Text::LabelBefore), crate::i18n::dns::listed_line_at(old, domain, language)));
    }
    if let Some(new) = new {
        rows.push((label(Text::LabelAfter), crate::i18n::dns::sent_line(new, language)));
    }
    if let (Some(old), None) = (old, new) {
        let pointing = crate::api::dns::targets::left_pointing(old, listed, domain);
        for (i, record) in pointing.iter().enumerate() {
            let line = crate::i18n::dns::listed_line_at(record, domain, language);
            rows.push((if i == 0 { StillPointing.get(language).to_owned() } else { String::new() }, line));
        }
    }
    Preview { title: Text::ConfirmTitle, rows }
}

// Each DNS change's words, wherever the records are kept: its name as an operation, and what
// the status line says while it is sent (see `preview`).

crate::words! {
    StillPointing: "Left pointing at it" | "Vẫn trỏ tới nó",
    DoAdd: "add a record" | "thêm một bản ghi",
    DoUpdate: "change record #{id}" | "sửa bản ghi #{id}",
    DoDelete: "delete record #{id}" | "xóa bản ghi #{id}",
}

/// `add a record www A 203.0.113.7`.
fn added(record: &DnsFields, language: Language) -> String {
    format!("{} {}", DoAdd.get(language), crate::i18n::dns::sent_line(record, language))
}

/// `change record #4 → www A 203.0.113.9`.
fn updated(record_id: &str, record: &DnsFields, language: Language) -> String {
    format!("{} → {}", DoUpdate.fill(language, &[("id", &record_id)]), crate::i18n::dns::sent_line(record, language))
}

fn deleted(record_id: &str, language: Language) -> String {
    DoDelete.fill(language, &[("id", &record_id)])
}

/// A record added at the registrar.
pub struct DnsAdd;
impl DnsAdd {
    pub const NAME: Text = Text::Own(&["adding a DNS record", "thêm bản ghi DNS"]);
    pub fn words(_domain_id: &u64, record: &DnsFields, language: Language) -> String {
        added(record, language)
    }
}

/// A record changed at the registrar.
pub struct DnsUpdate;
impl DnsUpdate {
    pub const NAME: Text = Text::Own(&["changing a DNS record", "sửa bản ghi DNS"]);
    pub fn words(_domain_id: &u64, record_id: &str, record: &DnsFields, language: Language) -> String {
        updated(record_id, record, language)
    }
}

/// A record deleted at the registrar.
pub struct DnsDelete;
impl DnsDelete {
    pub const NAME: Text = Text::Own(&["deleting a DNS record", "xóa bản ghi DNS"]);
    pub fn words(_domain_id: &u64, record_id: &str, language: Language) -> String {
        deleted(record_id, language)
    }
}

/// A record added to a hosted zone.
pub struct ZoneRecordAdd;
impl ZoneRecordAdd {
    pub const NAME: Text = Text::Own(&["adding a record to a hosted zone", "thêm bản ghi vào vùng DNS lưu trữ"]);
    pub fn words(_zone: &ZoneRef, record: &DnsFields, language: Language) -> String {
        added(record, language)
    }
}

/// A record of a hosted zone changed.
pub struct ZoneRecordUpdate;
impl ZoneRecordUpdate {
    pub const NAME: Text = Text::Own(&["changing a record of a hosted zone", "sửa bản ghi của vùng DNS lưu trữ"]);
    pub fn words(_zone: &ZoneRef, record_id: &str, record: &DnsFields, language: Language) -> String {
        updated(record_id, record, language)
    }
}

/// A record of a hosted zone deleted.
pub struct ZoneRecordDelete;
impl ZoneRecordDelete {
    pub const NAME: Text = Text::Own(&["deleting a record of a hosted zone", "xóa bản ghi của vùng DNS lưu trữ"]);
    pub fn words(_zone: &ZoneRef, record_id: &str, language: Language) -> String {
        deleted(record_id, language)
    }
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
                // An MX still names the host whose only address is deleted: said.
                let mx = DnsRecord {
                    id: "8".into(),
                    name: "@".into(),
                    kind: "MX".into(),
                    content: "home.example.vn.".into(),
                    priority: "10".into(),
                    ..Default::default()
                };
                let listed = [old.clone(), mx];
                let previews = [
                    dns_change(&add, "example.vn", None, &listed, language),
                    dns_change(&update, "example.vn", Some(&old), &listed, language),
                    dns_change(&delete, "example.vn", Some(&old), &listed, language),
                    dns_change(&delete, "example.vn", Some(&old), &listed[..1], language),
                ];
                for (preview, rows) in previews.iter().zip([2, 3, 3, 2]) {
                    super::super::tests::filled(preview);
                    assert_eq!(preview.rows.len(), rows, "{:?}", preview.rows);
                }
            }
        }
        let update = Change::dns_update(DnsSource::Registrar(5188), "7".into(), new);
        let text = dns_change(&update, "example.vn", Some(&old), &[], Language::English).text();
        assert_eq!(
            text,
            "\n  Change: change record #7\n  Now: home A 203.0.113.7 (TTL 300)\n  New: home A 203.0.113.9 (TTL 300)"
        );
        let delete = Change::dns_delete(DnsSource::Registrar(5188), "7".into());
        let mx =
            DnsRecord { id: "8".into(), name: "@".into(), kind: "MX".into(), content: "10 home".into(), ..old.clone() };
        let text = dns_change(&delete, "example.vn", Some(&old), &[old.clone(), mx], Language::English).text();
        assert!(text.ends_with("\n  Left pointing at it: @ MX 10 home (TTL 300)"), "{text}");
    }
}
