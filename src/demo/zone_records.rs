//! A hosted zone's records as DNS.services keeps and answers them (its recorded traffic,
//! April 2023; see the API notes): names fully qualified without a final dot (the apex is
//! the zone's name), every value text, the preference in `prio` and `priority`, TXT stored
//! with quotes added by the portal, targets without a final dot, and an SOA whose content
//! is a list of seven items, its serial one higher after every change. The demo keeps
//! records in this form, so what a client sends is what it reads back.

use serde_json::{Value, json};

/// The zone's name, as its records name the apex.
fn apex(zone: &Value) -> String {
    zone["name"].as_str().unwrap_or_default().trim().trim_end_matches('.').to_lowercase()
}

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// A host as the portal names it: `@`, empty or the zone itself is the apex; a relative
/// host gets the zone's name; a name already in the zone stays; a final dot goes.
pub fn full_name(host: &str, zone: &str) -> String {
    let host = host.trim().trim_end_matches('.').to_lowercase();
    if host.is_empty() || host == "@" || host == zone {
        return zone.to_owned();
    }
    if host.ends_with(&format!(".{zone}")) { host } else { format!("{host}.{zone}") }
}

/// A record in the portal's form from its type, host, content, TTL and priority, as a
/// write hands them over: TXT is quoted here (the portal adds quotes to whatever it is
/// sent, quotes included), a target loses its final dot.
fn kept(zone: &Value, id: &str, name: &str, kind: &str, content: &str, ttl: &str, priority: &str) -> Value {
    let apex = apex(zone);
    let kind = kind.trim().to_ascii_uppercase();
    let content = match kind.as_str() {
        "TXT" => format!("\"{content}\""),
        "CNAME" | "MX" | "NS" => content.trim_end_matches('.').to_owned(),
        _ => content.to_owned(),
    };
    json!({
        "id": id,
        "domain_id": text(&zone["domain_id"]),
        "name": full_name(name, &apex),
        "type": kind,
        "content": content,
        "ttl": ttl,
        "prio": priority,
        "change_date": "1764288000",
        "priority": priority,
    })
}

/// A seeded zone's records in the portal's form, its SOA first (with the id before the
/// first seeded record's). The seed holds TXT text quoted already, as a zone file does.
pub fn seeded(zone: &Value) -> Vec<Value> {
    let seeds = zone["records"].as_array().cloned().unwrap_or_default();
    let first = seeds.iter().filter_map(|r| text(&r["id"]).parse::<u64>().ok()).min().unwrap_or(1);
    let apex = apex(zone);
    let soa = json!({
        "id": (first.saturating_sub(1)).to_string(),
        "domain_id": text(&zone["domain_id"]),
        "name": apex,
        "type": "SOA",
        "content": ["ns1.dns-demo.vn", "hostmaster.dns-demo.vn", "2026112801", "10800", "3600", "604800", "3600"],
        "ttl": "3600",
        "prio": "0",
        "change_date": "1764288000",
        "priority": "0",
    });
    let records = seeds.iter().map(|r| {
        let content = text(&r["content"]);
        let kind = text(&r["type"]).to_ascii_uppercase();
        // Stored as the portal stores what it was sent: the seed's quotes are the portal's.
        let content = if kind == "TXT" { crate::api::models::unquoted(&content) } else { content };
        let priority = text(&r["priority"]);
        let priority = if priority.is_empty() { "0".to_owned() } else { priority };
        kept(zone, &text(&r["id"]), &text(&r["name"]), &kind, &content, &text(&r["ttl"]), &priority)
    });
    std::iter::once(soa).chain(records).collect()
}

/// A record as a write sends it (`name`, `type`, `content`, `ttl`, `priority`), kept with
/// `id`: the content as sent, quoted by the portal when it is TXT.
pub fn from_write(zone: &Value, id: &str, sent: &Value) -> Value {
    let ttl = text(&sent["ttl"]);
    let ttl = if ttl.is_empty() { "3600".to_owned() } else { ttl };
    let priority = text(&sent["priority"]);
    let priority = if priority.is_empty() { "0".to_owned() } else { priority };
    let content = match &sent["content"] {
        Value::String(s) => s.clone(),
        other => text(other),
    };
    kept(zone, id, &text(&sent["name"]), &text(&sent["type"]), &content, &ttl, &priority)
}

/// The record as a create's answer shows it: without its id, as DNS.services answers.
pub fn created(record: &Value) -> Value {
    let field = |key: &str| record[key].clone();
    json!({
        "name": field("name"),
        "type": field("type"),
        "ttl": field("ttl"),
        "priority": field("priority"),
        "content": field("content"),
    })
}

/// One more on the SOA's serial: every change to the zone is one.
pub fn next_serial(records: &mut [Value]) {
    for record in records.iter_mut().filter(|r| r["type"] == "SOA") {
        if let Some(serial) = record["content"].get_mut(2) {
            let next = serial.as_str().and_then(|s| s.parse::<u64>().ok()).map_or(1, |n| n + 1);
            *serial = Value::String(next.to_string());
        }
    }
}

/// The records as `GET /service/@sid/dns/@zid` answers them: a list, or for a `keyed` zone
/// an object keyed by the records' places (sparse: a key is never used again once its
/// record is gone, as the recorded answers show), each record keeping its `id`.
pub fn answered(records: Vec<Value>, keyed: bool) -> Value {
    if !keyed {
        return Value::Array(records);
    }
    // The places: the SOA's first, then one for each record by its id's order, so a
    // deletion leaves a gap.
    let first = records.iter().filter_map(|r| text(&r["id"]).parse::<u64>().ok()).min().unwrap_or(0);
    let keyed = records
        .into_iter()
        .enumerate()
        .map(|(at, r)| {
            let place = text(&r["id"]).parse::<u64>().ok().map_or(at as u64, |id| id - first);
            (place.to_string(), r)
        })
        .collect();
    Value::Object(keyed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_kept_as_the_recorded_portal_keeps_them() {
        let zone = json!({"domain_id": "61", "name": "Dulichdalat.com", "records": [
            {"id": "1001", "name": "@", "type": "TXT", "content": "\"v=spf1 mx ~all\"", "ttl": 3600},
            {"id": "1002", "name": "www", "type": "CNAME", "content": "dulichdalat.com.", "ttl": 3600, "priority": 0}
        ]});
        let records = seeded(&zone);
        assert_eq!(records[0]["type"], "SOA");
        assert_eq!(records[0]["content"].as_array().map(Vec::len), Some(7));
        assert_eq!(records[1]["content"], "\"v=spf1 mx ~all\"", "quoted once");
        assert_eq!((&records[1]["name"], &records[1]["ttl"]), (&json!("dulichdalat.com"), &json!("3600")));
        assert_eq!(
            (&records[2]["name"], &records[2]["content"]),
            (&json!("www.dulichdalat.com"), &json!("dulichdalat.com"))
        );
        let sent = json!({"name": "_acme-challenge", "type": "TXT", "content": "\"TOKEN\"", "ttl": 60});
        let kept = from_write(&zone, "1003", &sent);
        assert_eq!(kept["content"], "\"\"TOKEN\"\"", "text sent quoted is quoted again");
        assert_eq!(kept["name"], "_acme-challenge.dulichdalat.com");
        assert!(created(&kept).get("id").is_none());
        let mut all = records.clone();
        next_serial(&mut all);
        assert_eq!(all[0]["content"][2], "2026112802");
        let answered = answered(vec![records[0].clone(), records[2].clone()], true);
        let keys: Vec<&String> = answered.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["0", "2"], "sparse keys");
    }
}
