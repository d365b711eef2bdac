//! Faults outside the demo portal's injection: login faults, counted faults, a refused
//! connection and an unresolvable host. The full matrix is in `fault_matrix.rs`.

use crate::support;

use portal_tui::api::{ApiError, AuthMethod, Language, PortalClient};
use portal_tui::demo::{CLIENT_HOST, Fault, FaultRule};
use support::*;

#[tokio::test]
async fn faults_on_login_are_reported_as_login_failures() {
    let demo = demo().await;
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/login")]);
    let err = jwt_client(&demo).login().await.unwrap_err();
    assert_eq!(err.to_string(), "login failed: portal answered 502 Bad Gateway (HTML page)");
    demo.set_faults(vec![FaultRule::on(Fault::WrongTypes, "/login")]);
    let err = jwt_client(&demo).login().await.unwrap_err();
    assert!(matches!(err, ApiError::UnexpectedShape { .. }), "{err:?}");
}

#[tokio::test]
async fn counted_faults_wear_off() {
    let demo = demo().await;
    let client = client(&demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    demo.set_faults(vec![FaultRule::on(Fault::Html500, "/details").times(1)]);
    assert!(client.account().await.is_err());
    assert!(client.account().await.is_ok());
}

#[tokio::test]
async fn connection_refused_names_the_portal() {
    let demo = demo().await;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let client =
        PortalClient::new(settings_for(&dead, &demo, CLIENT_HOST, AuthMethod::Basic, Language::English)).unwrap();
    let err = client.account().await.unwrap_err();
    assert!(matches!(err, ApiError::Refused { .. }), "{err:?}");
    assert_eq!(err.to_string(), format!("account details failed: portal unreachable: connection refused at {dead}"));
}

#[tokio::test]
async fn unresolvable_host_is_a_dns_error() {
    let demo = demo().await;
    let settings = settings_for("http://portal.invalid/api", &demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    let err = PortalClient::new(settings).unwrap().account().await.unwrap_err();
    assert!(matches!(err, ApiError::Dns { .. } | ApiError::Timeout { .. }), "{err:?}");
}

/// A plain-http listener that closes every connection as soon as it accepts it; counts them.
async fn closing_listener() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = count.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            drop(socket);
        }
    });
    (url, count)
}

#[tokio::test]
async fn a_dropped_connection_is_named_by_its_kind_not_by_words_in_the_url() {
    let demo = demo().await;
    let (url, accepted) = closing_listener().await;
    let client =
        PortalClient::new(settings_for(&url, &demo, CLIENT_HOST, AuthMethod::Basic, Language::English)).unwrap();
    // "certificate" and "tls" in the path once made these read as TLS failures.
    let err = client.certificate(5).await.unwrap_err();
    assert!(matches!(err, ApiError::Connection { .. }), "{err:?}");
    assert!(err.to_string().starts_with("certificate lookup failed: connection lost"), "{err}");
    assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 3, "retried like any lost connection");
    let err = client.domain_records("tls.vn").await.unwrap_err();
    assert!(matches!(err, ApiError::Connection { .. }), "{err:?}");
}
