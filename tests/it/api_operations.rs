//! Every operation over real HTTP against the demo portal: both auth methods, both
//! languages, both portal hosts, base URLs with and without a prefix, path encoding.

use crate::support;

use portal_tui::api::{ApiError, AuthMethod, Language, Money, PortalClient, Said, SessionState};
use portal_tui::demo::{CLIENT_HOST, RESELLER_HOST};
use support::*;

/// A name, certificate and service that exist on each host.
fn known(host: &str) -> (&'static str, u64, u64) {
    if host == CLIENT_HOST { ("example.vn", 3301, 2207) } else { ("khachsanhoian.com", 4401, 6601) }
}

#[tokio::test]
async fn every_operation_for_every_auth_language_and_host() {
    let demo = demo().await;
    for host in [CLIENT_HOST, RESELLER_HOST] {
        let (name, cert_id, service_id) = known(host);
        for auth in [AuthMethod::Jwt, AuthMethod::Basic] {
            for language in [Language::English, Language::Vietnamese] {
                let case = format!("{host} {auth} {language}");
                let client = client(&demo, host, auth, language);
                let state = client.login().await.unwrap_or_else(|e| panic!("{case}: {e}"));
                match auth {
                    AuthMethod::Jwt => assert!(matches!(state, SessionState::Token { expires_at: Some(_) }), "{case}"),
                    AuthMethod::Basic => assert_eq!(state, SessionState::Basic, "{case}"),
                }
                let account = client.account().await.unwrap_or_else(|e| panic!("{case}: {e}"));
                assert_eq!(account.email, demo.login_for(host).unwrap().username, "{case}");
                assert!(!account.extra.is_empty(), "{case}: unknown fields are kept");

                let records = client.domain_records(name).await.unwrap_or_else(|e| panic!("{case}: {e}"));
                let mut statuses: Vec<_> = records.iter().map(|r| r.status.as_str()).collect();
                statuses.sort();
                assert_eq!(statuses, ["Active", "Expired"], "{case}");

                let cert = client.certificate(cert_id).await.unwrap_or_else(|e| panic!("{case}: {e}"));
                // The reseller's is a wildcard certificate: `*.` before the name.
                assert_eq!(cert.domain.trim_start_matches("*."), name, "{case}");
                assert!(cert.csr.starts_with("-----BEGIN CERTIFICATE REQUEST-----\n"), "{case}");

                let options = client.upgrade_options(service_id).await.unwrap_or_else(|e| panic!("{case}: {e}"));
                assert!(options.resources.len() >= 2, "{case}");
                for r in options.resources.iter().filter(|r| r.is_choice()) {
                    assert_eq!(r.items.iter().filter(|i| i.selected).count(), 1, "{case}: {}", r.name);
                }

                let missing = client.domain_records("khong-co.vn").await.unwrap_err();
                let expected = match language {
                    Language::English => "Domain not found",
                    Language::Vietnamese => "Không tìm thấy tên miền",
                };
                assert!(
                    matches!(&missing, ApiError::Portal { said, .. } if said == &[Said::Words(expected.into())]),
                    "{case}: {missing}"
                );
            }
        }
    }
}

#[tokio::test]
async fn decoded_values_are_exact_and_lenient() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let records = client.domain_records("banhmihoian.com.vn").await.unwrap();
    assert_eq!(records[0].nameservers, ["dns1.bkns.vn", "dns2.bkns.vn"], "empty nameservers are dropped");
    let options = client.upgrade_options(2207).await.unwrap();
    let cpu = &options.resources[0];
    assert_eq!(cpu.items[1].price, Money::parse("150000.5").unwrap());
    let total = Money::checked_sum(options.resources.iter().flat_map(|r| &r.items).map(|i| i.price));
    assert_eq!(total, Money::parse("1190001.50"));
    let cert = client.certificate(3302).await.unwrap();
    assert!(cert.contacts.billing.is_empty(), "PHP's [] for an empty contact");
    assert_eq!(cert.contacts.admin.prefix.as_deref(), Some("84"), "numbers become text");
    let partial = client.certificate(3301).await.unwrap();
    assert_eq!(partial.contacts.tech.city, None, "missing stays missing");
    assert_eq!(partial.organization.name, "n/a", "n/a is kept as sent");
}

#[tokio::test]
async fn base_url_prefix_with_and_without_trailing_slash() {
    let demo = demo().await;
    for base in [format!("{}/api", demo.url()), format!("{}/api/", demo.url()), format!("{}/", demo.url())] {
        let settings = settings_for(&base, &demo, CLIENT_HOST, AuthMethod::Jwt, Language::English);
        let client = PortalClient::new(settings).unwrap();
        let account = client.account().await.unwrap_or_else(|e| panic!("{base}: {e}"));
        assert_eq!(account.id, "1042", "{base}");
    }
}

#[tokio::test]
async fn names_cannot_change_the_path() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    for name in ["example.vn/../../details", "../details", "example.vn?x=1", "example.vn#frag", "exa mple.vn", "%2e%2e"]
    {
        let err = client.domain_records(name).await.unwrap_err();
        assert!(matches!(err, ApiError::Portal { .. }), "{name}: {err}");
    }
    for name in ["..", ".", ""] {
        let err = client.domain_records(name).await.unwrap_err();
        assert!(matches!(err, ApiError::InvalidInput { .. }), "{name:?}: {err}");
    }
}

#[tokio::test]
async fn wrong_password_is_an_auth_error_for_both_methods() {
    let demo = demo().await;
    for auth in [AuthMethod::Jwt, AuthMethod::Basic] {
        let mut settings = settings_for(&demo.url(), &demo, CLIENT_HOST, auth, Language::English);
        settings.credentials = portal_tui::api::Credentials::new("demo@example.vn", "wrong");
        let client = PortalClient::new(settings).unwrap();
        let err = client.login().await.unwrap_err();
        assert!(matches!(err, ApiError::Auth { .. }), "{auth}: {err}");
        assert!(err.to_string().starts_with("login failed:"), "{err}");
        let err = client.account().await.unwrap_err();
        assert!(err.is_auth(), "{auth}: {err}");
    }
}

#[tokio::test]
async fn unknown_host_and_unknown_route_are_portal_errors() {
    let demo = demo().await;
    let mut settings = settings_for(&demo.url(), &demo, CLIENT_HOST, AuthMethod::Basic, Language::English);
    settings.host = "evil.example.com".into();
    let err = PortalClient::new(settings).unwrap().account().await.unwrap_err();
    assert!(
        matches!(&err, ApiError::Portal { said, .. } if said == &[Said::Words("unknown portal host".into())]),
        "{err}"
    );

    let http = support::portal::http();
    let body: serde_json::Value =
        http.get(format!("{}/invoices", demo.url())).send().await.unwrap().json().await.unwrap();
    assert_eq!(body, serde_json::json!({"error": ["invalid method"]}));
}

#[tokio::test]
async fn login_accepts_form_fields_too() {
    let demo = demo().await;
    let login = demo.login_for(CLIENT_HOST).unwrap();
    let http = support::portal::http();
    let body = format!("username={}&password={}", login.username, login.password);
    let answer: serde_json::Value = http
        .post(format!("{}/login", demo.url()))
        .header("X-Forwarded-Host", CLIENT_HOST)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(answer["token"].as_str().is_some_and(|t| t.split('.').count() == 3), "{answer}");
    assert!(answer["refresh"].is_string());
}
