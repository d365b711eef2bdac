//! A read made with a POST: a name looked up for registration (`POST /domain/lookup`), an
//! upgrade's estimate (`POST /service/@id/upgrade` without `send`). It changes nothing, so
//! it is retried as a read is, never confirmed nor written to the change log.

use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use secrecy::SecretString;
use serde_json::Value;

use super::client::{PortalClient, sensitive};
use super::error::{ApiError, Operation, Refusal, Result};
use super::http::transport;

impl PortalClient {
    /// The portal's answer to `body` posted at `segments`, as it sent it, control characters
    /// taken out of its text; a 401 renews the session and asks once more.
    pub(super) async fn post_read(&self, op: Operation, segments: &[&str], body: &Value) -> Result<Value> {
        let url = self.url(op, segments).map_err(|e| self.redact_error(e))?;
        let (header, used) = self.authorization().await?;
        let answer = match (self.post_once(op, &url, body, &header).await, used) {
            (Err(e), Some(used)) if e.is_auth() => {
                self.recover(&used).await?;
                let (header, _) = self.authorization().await?;
                self.post_once(op, &url, body, &header).await.map_err(|e| match e {
                    ApiError::Auth { op, reason } => {
                        ApiError::Auth { op, reason: Refusal::AfterLogin(Box::new(reason)) }
                    }
                    other => other,
                })
            }
            (Err(ApiError::Auth { op, .. }), None) => Err(ApiError::Auth { op, reason: Refusal::BasicRefused }),
            (result, _) => result,
        };
        answer.map(super::lenient::cleaned).map_err(|e| self.redact_error(e))
    }

    async fn post_once(&self, op: Operation, url: &url::Url, body: &Value, header: &SecretString) -> Result<Value> {
        super::http::retry::retrying(|| async {
            let request = self.request(Method::POST, url.clone()).header(AUTHORIZATION, sensitive(header)).json(body);
            let reply = self.send(op, request).await?;
            transport::decode(op, &reply)
        })
        .await
    }
}
