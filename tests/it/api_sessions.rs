//! JWT session handling against the demo portal: expiry, refresh, re-login, failure.

use crate::support;

use std::time::Duration;

use portal_tui::api::{ApiError, SessionState};
use portal_tui::demo::{DemoOptions, Fault, FaultRule};
use support::*;

async fn expiry(client: &portal_tui::api::PortalClient) -> Option<std::time::SystemTime> {
    match client.session_state().await {
        SessionState::Token { expires_at } => expires_at,
        other => panic!("expected a token session, got {other:?}"),
    }
}

/// Waits until the wall clock (which tokens expire by) has passed `when`; it need not keep
/// pace with the monotonic clock that `sleep` follows.
async fn wall_clock_past(when: std::time::SystemTime) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while std::time::SystemTime::now() < when && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn expired_token_is_renewed_transparently() {
    let demo = demo_with(DemoOptions { token_ttl: Duration::from_secs(1), ..Default::default() }).await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let first = expiry(&client).await;
    // Tokens expire by the wall clock, which need not keep pace with the monotonic one.
    wall_clock_past(first.unwrap() + Duration::from_millis(200)).await;
    client.account().await.expect("renewed before the call");
    assert!(expiry(&client).await > first, "a new token was obtained");
}

#[tokio::test]
async fn a_401_refreshes_and_retries_once() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let first = expiry(&client).await;
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/details").times(1)]);
    // Token times have whole seconds: the next one must be issued a second later.
    wall_clock_past(std::time::SystemTime::now() + Duration::from_millis(1100)).await;
    client.account().await.expect("retried after refresh");
    assert!(expiry(&client).await > first, "the token was refreshed");
}

#[tokio::test]
async fn refused_refresh_falls_back_to_login() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![
        FaultRule::on(Fault::Unauthorized, "/token"),
        FaultRule::on(Fault::Unauthorized, "/details").times(1),
    ]);
    client.account().await.expect("logged in again after the refresh was refused");
    let err = client.refresh().await;
    assert!(err.is_ok(), "explicit refresh also falls back to login: {err:?}");
}

#[tokio::test]
async fn persistent_rejection_is_an_auth_error() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![FaultRule::on(Fault::Unauthorized, "/details")]);
    let err = client.account().await.unwrap_err();
    assert!(matches!(err, ApiError::Auth { .. }), "{err}");
    // Not "login failed": the login worked, the portal refuses the session it issued.
    assert_eq!(
        err.to_string(),
        "account details failed: the login succeeded, then the portal rejected the session (unauthorized)"
    );
}

#[tokio::test]
async fn refresh_tokens_rotate() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    client.refresh().await.unwrap();
    client.refresh().await.unwrap();
    // Each refresh used up the previous refresh token; the session still works.
    client.account().await.unwrap();
}

#[tokio::test]
async fn calls_log_in_on_first_use() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    assert_eq!(client.session_state().await, SessionState::LoggedOut);
    let (a, b) = tokio::join!(client.account(), client.domain_records("example.vn"));
    a.unwrap();
    b.unwrap();
    assert!(expiry(&client).await.is_some());
}
