//! TLS for real: a self-signed HTTPS listener on loopback is refused with a TLS error, and
//! accepted once its CA is added with `--ca-cert` (certificates are always verified).

use crate::support;

use std::sync::Arc;

use portal_tui::api::{ApiError, AuthMethod, Language, PortalClient};
use portal_tui::demo::CLIENT_HOST;
use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair};
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// A private CA and a server certificate for `localhost` and 127.0.0.1 signed by it.
fn private_ca() -> (String, CertificateDer<'static>, PrivateKeyDer<'static>) {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()]).unwrap();
    let cert = params.signed_by(&key, &issuer).unwrap();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    (ca.pem(), cert.der().clone(), key)
}

/// Serves one canned account answer per connection over TLS; returns the https URL.
async fn https_portal(cert: CertificateDer<'static>, key: PrivateKeyDer<'static>) -> String {
    https_portal_answering(cert, key, None).await
}

/// Like [`https_portal`]; with `redirect`, every answer is a 302 to `redirect` with
/// `{port}` replaced by the portal's own port.
async fn https_portal_answering(
    cert: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
    redirect: Option<&'static str>,
) -> String {
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = tokio_rustls::rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(tcp).await else { return };
                let mut buf = vec![0u8; 4096];
                let _ = tls.read(&mut buf).await;
                let body = r#"{"client":{"id":"7","email":"tls@example.vn","firstname":"An"}}"#;
                let head = match redirect {
                    Some(to) => format!(
                        "HTTP/1.1 302 Found\r\nLocation: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        to.replace("{port}", &port.to_string()),
                        body.len()
                    ),
                    None => format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        body.len()
                    ),
                };
                let _ = tls.write_all(head.as_bytes()).await;
                let _ = tls.write_all(body.as_bytes()).await;
                let _ = tls.shutdown().await;
            });
        }
    });
    format!("https://localhost:{port}")
}

#[tokio::test]
async fn self_signed_portal_is_refused_unless_its_ca_is_given() {
    let demo = demo().await;
    let (ca_pem, cert, key) = private_ca();
    let url = https_portal(cert, key).await;

    let settings = settings_for(&url, &demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    let err = PortalClient::new(settings.clone()).unwrap().account().await.unwrap_err();
    assert!(matches!(err, ApiError::Tls { .. }), "{err:?}");
    let message = err.to_string();
    assert_eq!(
        message,
        "account details failed: secure connection to localhost failed (certificate not trusted (unknown issuer): \
         use --ca-cert or fix the portal's chain)"
    );

    let dir = tempfile::tempdir().unwrap();
    let ca_path = dir.path().join("ca.pem");
    std::fs::write(&ca_path, ca_pem).unwrap();
    let trusted = PortalClient::new(portal_tui::api::ClientSettings { ca_cert: Some(ca_path), ..settings.clone() });
    let account = trusted.unwrap().account().await.expect("the private CA is trusted");
    assert_eq!(account.email, "tls@example.vn");

    let junk = dir.path().join("junk.pem");
    std::fs::write(&junk, "not a certificate").unwrap();
    let err = PortalClient::new(portal_tui::api::ClientSettings { ca_cert: Some(junk), ..settings }).unwrap_err();
    assert!(err.to_string().contains("holds no PEM certificate"), "{err}");
}

#[tokio::test]
async fn https_is_never_downgraded_by_a_redirect() {
    let demo = demo().await;
    let (ca_pem, cert, key) = private_ca();
    // The same host and port over plain http: only the scheme changes.
    let url = https_portal_answering(cert, key, Some("http://localhost:{port}/details")).await;
    let dir = tempfile::tempdir().unwrap();
    let ca_path = dir.path().join("ca.pem");
    std::fs::write(&ca_path, ca_pem).unwrap();
    let settings = settings_for(&url, &demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    let client = PortalClient::new(portal_tui::api::ClientSettings { ca_cert: Some(ca_path), ..settings }).unwrap();
    let err = client.account().await.unwrap_err();
    assert!(matches!(err, ApiError::Redirected { .. }), "{err:?}");
    assert!(err.to_string().contains("the portal redirected to http://localhost:"), "{err}");
}
