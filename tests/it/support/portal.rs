//! A demo portal in this process, and the settings and clients tests reach a portal with:
//! Basic or JWT as asked, and short time-outs so a test that fails does so quickly.

use std::time::Duration;

use portal_tui::api::{AuthMethod, BaseUrl, ClientSettings, Credentials, Language, PortalClient};
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};

pub async fn demo() -> DemoPortal {
    DemoPortal::start_local(DemoOptions::default()).await.expect("demo portal starts")
}

pub async fn demo_with(options: DemoOptions) -> DemoPortal {
    DemoPortal::start_local(options).await.expect("demo portal starts")
}

/// Settings for the portal at `base_url` as `host`, signed in with `credentials`.
pub fn settings(
    base_url: &str,
    host: &str,
    auth: AuthMethod,
    language: Language,
    credentials: Credentials,
) -> ClientSettings {
    ClientSettings {
        base_url: BaseUrl::parse(base_url).unwrap(),
        host: host.to_owned(),
        language,
        auth,
        credentials,
        connect_timeout: Duration::from_secs(2),
        timeout: Duration::from_secs(3),
        ca_cert: None,
        remember: None,
    }
}

/// Settings for the portal at `base_url` with the demo's login for `host`.
pub fn settings_for(
    base_url: &str,
    demo: &DemoPortal,
    host: &str,
    auth: AuthMethod,
    language: Language,
) -> ClientSettings {
    let login = demo.login_for(host).expect("known demo host");
    settings(base_url, host, auth, language, Credentials::new(login.username, login.password))
}

pub fn client(demo: &DemoPortal, host: &str, auth: AuthMethod, language: Language) -> PortalClient {
    PortalClient::new(settings_for(&demo.url(), demo, host, auth, language)).unwrap()
}

pub fn jwt_client(demo: &DemoPortal) -> PortalClient {
    client(demo, CLIENT_HOST, AuthMethod::Jwt, Language::English)
}

/// Serves `app` (a portal written in the test, or echo services) on a loopback port for
/// the rest of the test: its base URL.
pub async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// The requests `demo` took that may change the account: every one but the reads and the
/// login.
pub fn changes(demo: &DemoPortal) -> Vec<String> {
    demo.requests().into_iter().filter(|r| !r.starts_with("GET ") && r != "POST /login").collect()
}

/// `changes` without the token's refreshes (`POST /token`).
pub fn changes_without_refresh(demo: &DemoPortal) -> Vec<String> {
    changes(demo).into_iter().filter(|r| r != "POST /token").collect()
}

/// A plain HTTP client for talking to a portal by hand, with the TLS provider the crate
/// uses installed first (a test may run before any other has installed it).
pub fn http() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}
