//! Every named fault of the demo portal maps to its error variant and a message that names
//! the operation.

mod common;

use std::time::Duration;

use common::*;
use portal_tui::api::{ApiError, AuthMethod, BodyKind, Language, PortalClient};
use portal_tui::demo::{CLIENT_HOST, Fault, FaultRule};

async fn domain_error(fault: Fault) -> ApiError {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![FaultRule::on(fault, "/domain")]);
    client.domain_records("example.vn").await.expect_err("the fault makes the call fail")
}

#[tokio::test]
async fn each_fault_maps_to_its_variant() {
    for (name, fault) in Fault::ALL {
        if fault == Fault::Unauthorized {
            continue; // covered in api_sessions: it triggers a refresh, then an auth error.
        }
        let err = domain_error(fault).await;
        let message = err.to_string();
        assert!(message.starts_with("domain lookup failed: "), "{name}: {message}");
        let ok = match fault {
            Fault::Html502 => {
                matches!(&err, ApiError::Status { status, body: BodyKind::Html, .. } if status == "502 Bad Gateway")
            }
            Fault::Html500 => matches!(&err, ApiError::Status { status, .. } if status.starts_with("500")),
            Fault::NotFound => matches!(&err, ApiError::Status { status, .. } if status == "404 Not Found"),
            Fault::Html200 => matches!(err, ApiError::NotJson { kind: BodyKind::Html, .. }),
            Fault::Error200 => matches!(err, ApiError::Portal { .. }),
            Fault::EmptyBody => matches!(err, ApiError::EmptyBody { .. }),
            Fault::TruncatedJson => matches!(err, ApiError::InvalidJson { .. }),
            Fault::WrongTypes => matches!(err, ApiError::UnexpectedShape { .. }),
            Fault::HugeBody => matches!(err, ApiError::TooLarge { .. }),
            Fault::SlowBody => matches!(err, ApiError::Timeout { .. }),
            Fault::TooMany => {
                matches!(err, ApiError::RateLimited { retry_after: Some(d), .. } if d == Duration::from_secs(1))
            }
            Fault::TooManyBare => matches!(err, ApiError::RateLimited { retry_after: None, .. }),
            Fault::DropConnection => matches!(err, ApiError::Connection { .. }),
            Fault::Unauthorized => unreachable!(),
        };
        assert!(ok, "{name}: unexpected {err:?}");
    }
}

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
    demo.set_faults(vec![FaultRule::on(Fault::Html502, "/details").times(1)]);
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
