//! The portal's estimate of an upgrade: `POST /service/@id/upgrade` with the choices and
//! without `send`. It changes nothing: a read of its own (`PortalClient::estimate`), never
//! a [`super::Change`], neither confirmed nor written to the change log.

use std::collections::BTreeMap;

use serde_json::Value;

use super::client::PortalClient;
use super::error::{Operation, Result, Said};

/// What the portal estimated for an upgrade's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The choices estimated: resource id → item id.
    pub resources: BTreeMap<String, String>,
    /// The estimate's fields as the portal sent them (`difference`, `setup`…); none when
    /// it sent no `estimate` object.
    pub fields: Vec<(String, String)>,
    /// What it said with it (its `info`).
    pub info: Vec<Said>,
}

impl Estimate {
    /// The estimate read from the portal's answer for `resources`.
    pub fn from_answer(resources: BTreeMap<String, String>, answer: &Value) -> Estimate {
        let fields = match answer.get("estimate") {
            Some(Value::Object(fields)) => fields
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned)))
                .collect(),
            _ => Vec::new(),
        };
        let info = super::ChangeAnswer::from_answer(answer.clone()).info;
        Estimate { resources, fields, info }
    }

    /// `POST /service/@id/upgrade` and the body, as `--dry-run` shows the estimate asked.
    pub fn describe(service_id: u64, resources: &BTreeMap<String, String>) -> String {
        format!("POST /service/{service_id}/upgrade {}", Estimate::body(resources))
    }

    /// The body the estimate is asked with.
    pub fn body(resources: &BTreeMap<String, String>) -> Value {
        serde_json::json!({ "resources": resources })
    }
}

impl PortalClient {
    /// What the portal estimates an upgrade of service `service_id` to `resources` costs.
    pub async fn estimate(&self, service_id: u64, resources: &BTreeMap<String, String>) -> Result<Estimate> {
        Ok(Estimate::from_answer(resources.clone(), &self.estimate_as_sent(service_id, resources).await?))
    }

    /// The portal's answer to an estimate, as it sent it (for `--json`).
    pub async fn estimate_as_sent(&self, service_id: u64, resources: &BTreeMap<String, String>) -> Result<Value> {
        let id = service_id.to_string();
        self.post_read(Operation::UpgradeEstimate, &["service", &id, "upgrade"], &Estimate::body(resources)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimates_figures_are_read_as_sent() {
        let resources = BTreeMap::from([("11".to_owned(), "31".to_owned())]);
        let answer = serde_json::json!({"estimate": {"difference": "0.20", "setup": 5}, "info": ["ok"]});
        let estimate = Estimate::from_answer(resources.clone(), &answer);
        let fields = [("difference".to_owned(), "0.20".to_owned()), ("setup".to_owned(), "5".to_owned())];
        assert_eq!(estimate.fields, fields);
        assert_eq!(estimate.info, [Said::Words("ok".into())]);
        assert_eq!(Estimate::body(&resources).to_string(), r#"{"resources":{"11":"31"}}"#);
    }
}
