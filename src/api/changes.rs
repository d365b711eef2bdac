//! Changes to the account: DNS records and upgrade requests. A change is sent once and
//! never retried on its own: when its answer is lost, whether the portal applied it is not
//! known, and the caller reads the state again instead (see [`ApiError::may_have_applied`]).

use std::collections::BTreeMap;

use reqwest::Method;
use serde::Serialize;
use serde_json::Value;

use super::error::{ApiError, Operation, Said};

/// A DNS record as a change sends it (`name`, `type`, `priority`, `content`; `ttl` when
/// given).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DnsFields {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub priority: u32,
    pub content: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ttl: Option<u32>,
}

/// One change, as it will be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// `POST /domain/@id/dns`.
    DnsAdd { domain_id: u64, record: DnsFields },
    /// `PUT /domain/@id/dns/@index`.
    DnsUpdate { domain_id: u64, record_id: String, record: DnsFields },
    /// `DELETE /domain/@id/dns/@index`.
    DnsDelete { domain_id: u64, record_id: String },
    /// `POST /service/@id/upgrade`: resource id → item id; an estimate unless `send`.
    Upgrade { service_id: u64, resources: BTreeMap<String, String>, send: bool },
}

impl Change {
    pub fn operation(&self) -> Operation {
        match self {
            Change::DnsAdd { .. } => Operation::DnsAdd,
            Change::DnsUpdate { .. } => Operation::DnsUpdate,
            Change::DnsDelete { .. } => Operation::DnsDelete,
            Change::Upgrade { send: false, .. } => Operation::UpgradeEstimate,
            Change::Upgrade { send: true, .. } => Operation::UpgradeRequest,
        }
    }

    /// The method, the path's segments and the JSON body.
    pub fn request(&self) -> (Method, Vec<String>, Option<Value>) {
        let dns = |id: &u64| vec!["domain".to_owned(), id.to_string(), "dns".to_owned()];
        let body = |record: &DnsFields| serde_json::to_value(record).ok();
        match self {
            Change::DnsAdd { domain_id, record } => (Method::POST, dns(domain_id), body(record)),
            Change::DnsUpdate { domain_id, record_id, record } => {
                (Method::PUT, [dns(domain_id), vec![record_id.clone()]].concat(), body(record))
            }
            Change::DnsDelete { domain_id, record_id } => {
                (Method::DELETE, [dns(domain_id), vec![record_id.clone()]].concat(), None)
            }
            Change::Upgrade { service_id, resources, send } => {
                let mut body = serde_json::json!({ "resources": resources });
                if *send {
                    body["send"] = Value::Bool(true);
                }
                (Method::POST, vec!["service".to_owned(), service_id.to_string(), "upgrade".to_owned()], Some(body))
            }
        }
    }

    /// `METHOD /path` and the body, as `--dry-run` prints them and the change log keeps
    /// them (a change carries no secret).
    pub fn describe(&self) -> String {
        let (method, path, body) = self.request();
        let mut text = format!("{method} /{}", path.join("/"));
        if let Some(body) = body {
            text.push(' ');
            text.push_str(&body.to_string());
        }
        text
    }
}

/// What the portal answered to a change: its `info` messages, and the answer as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeAnswer {
    pub info: Vec<Said>,
    pub answer: Value,
}

impl ChangeAnswer {
    /// The fields of an upgrade estimate (`difference`, `setup`…) as the portal sent them;
    /// none when it sent no `estimate` object.
    pub fn estimate(&self) -> Vec<(String, String)> {
        let Some(Value::Object(fields)) = self.answer.get("estimate") else { return Vec::new() };
        fields.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned))).collect()
    }

    pub fn from_answer(answer: Value) -> ChangeAnswer {
        let info = match answer.get("info") {
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).map(Said::from_code).collect(),
            Some(Value::String(one)) => vec![Said::from_code(one)],
            _ => Vec::new(),
        };
        ChangeAnswer { info, answer: super::lenient::cleaned(answer) }
    }
}

impl ApiError {
    /// Whether a change may have been applied although this came back instead of its
    /// answer: the request went out and the answer was lost (dropped, timed out, a proxy's
    /// 5xx, a body that is not the portal's). A refusal, a rate limit, a portal's error
    /// and a connection never made are not.
    pub fn may_have_applied(&self) -> bool {
        match self {
            ApiError::Connection { lost, .. } => !matches!(lost, super::Lost::CouldNotConnect(_)),
            ApiError::Status { status, .. } => status.starts_with('5'),
            ApiError::Timeout { .. }
            | ApiError::EmptyBody { .. }
            | ApiError::NotJson { .. }
            | ApiError::InvalidJson { .. }
            | ApiError::UnexpectedShape { .. }
            | ApiError::TooLarge { .. } => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_as_sent() {
        let record = DnsFields {
            name: "home".into(),
            kind: "A".into(),
            priority: 0,
            content: "203.0.113.7".into(),
            ttl: Some(300),
        };
        let update = Change::DnsUpdate { domain_id: 5188, record_id: "3".into(), record };
        assert_eq!(
            update.describe(),
            r#"PUT /domain/5188/dns/3 {"name":"home","type":"A","priority":0,"content":"203.0.113.7","ttl":300}"#
        );
        let resources = BTreeMap::from([("11".to_owned(), "31".to_owned())]);
        let estimate = Change::Upgrade { service_id: 2207, resources: resources.clone(), send: false };
        assert_eq!(estimate.describe(), r#"POST /service/2207/upgrade {"resources":{"11":"31"}}"#);
        let request = Change::Upgrade { service_id: 2207, resources, send: true };
        assert_eq!(request.describe(), r#"POST /service/2207/upgrade {"resources":{"11":"31"},"send":true}"#);
        assert_eq!(Change::DnsDelete { domain_id: 1, record_id: "9".into() }.describe(), "DELETE /domain/1/dns/9");
    }

    #[test]
    fn info_codes_are_read() {
        let answer = ChangeAnswer::from_answer(serde_json::json!({"success": true, "info": ["upgrade_requested"]}));
        assert_eq!(answer.info, [Said::Words("upgrade_requested".into())]);
        let estimate = ChangeAnswer::from_answer(serde_json::json!({"estimate": {"difference": "0.20", "setup": 5}}));
        let fields = [("difference".to_owned(), "0.20".to_owned()), ("setup".to_owned(), "5".to_owned())];
        assert_eq!(estimate.estimate(), fields);
    }
}
