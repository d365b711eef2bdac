//! Redirects never carry a credential away: a hostile portal on loopback answers with 3xx
//! towards a second listener that records every request it gets, and that listener must
//! get none. A GET may follow a redirect within the portal's own origin; loops are named.

use crate::support;

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use portal_tui::api::{ApiError, AuthMethod, Language, PortalClient};
use portal_tui::demo::CLIENT_HOST;

type Seen = Arc<Mutex<Vec<String>>>;

/// A listener that answers 200 `{}` to everything and keeps what each request carried.
async fn recorder() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let kept = seen.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
        let kept = kept.clone();
        async move {
            let auth = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap_or("?").to_owned());
            let line = format!("{method} {uri} auth={auth:?} body={}", String::from_utf8_lossy(&body));
            kept.lock().unwrap().push(line);
            axum::Json(serde_json::json!({}))
        }
    });
    (serve(app).await, seen)
}

async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn redirect(status: StatusCode, to: &str) -> Response {
    (status, [(header::LOCATION, to.to_owned())]).into_response()
}

const ACCOUNT: &str = r#"{"client":{"id":"7","email":"moved@example.vn","firstname":"An"}}"#;

/// The hostile portal. Below `/away{status}` every request is redirected to the recorder
/// with that status; `/same` moves within its own origin; `/loop` points at itself; `/tok`
/// logs in, refuses every session and redirects the token refresh to the recorder.
async fn hostile_portal(elsewhere: String) -> String {
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri| {
        let elsewhere = elsewhere.clone();
        async move {
            let path = uri.path().to_owned();
            let first = path.trim_start_matches('/').split('/').next().unwrap_or("").to_owned();
            let rest = path.trim_start_matches(&format!("/{first}")).to_owned();
            match (first.as_str(), method.as_str(), rest.as_str()) {
                ("same", _, _) => redirect(StatusCode::MOVED_PERMANENTLY, &format!("/final{rest}")),
                ("final", "GET", "/details") => ([(header::CONTENT_TYPE, "application/json")], ACCOUNT).into_response(),
                ("loop", _, _) => redirect(StatusCode::FOUND, &path),
                ("tok", "POST", "/login") => {
                    axum::Json(serde_json::json!({"token": "t1", "refresh": "r1"})).into_response()
                }
                ("tok", "POST", "/token") => redirect(StatusCode::TEMPORARY_REDIRECT, &format!("{elsewhere}/token")),
                ("tok", _, _) => (StatusCode::UNAUTHORIZED, axum::Json(serde_json::json!({"error": ["unauthorized"]})))
                    .into_response(),
                (code, _, _) => {
                    let status = code.strip_prefix("away").and_then(|c| c.parse().ok()).unwrap_or(307);
                    redirect(StatusCode::from_u16(status).unwrap(), &format!("{elsewhere}{rest}"))
                }
            }
        }
    });
    serve(app).await
}

fn client_at(url: &str, auth: AuthMethod) -> PortalClient {
    PortalClient::new(settings_at(url, auth)).unwrap()
}

fn settings_at(url: &str, auth: AuthMethod) -> portal_tui::api::ClientSettings {
    let credentials = portal_tui::api::Credentials::new("an@example.vn", "s3cret-pass".to_owned());
    support::settings(url, CLIENT_HOST, auth, Language::English, credentials)
}

#[tokio::test]
async fn a_login_redirected_elsewhere_sends_nothing_there() {
    let (elsewhere, seen) = recorder().await;
    let portal = hostile_portal(elsewhere.clone()).await;
    for status in [307, 308, 301, 302, 303] {
        let err = client_at(&format!("{portal}/away{status}"), AuthMethod::Jwt).login().await.unwrap_err();
        assert!(matches!(err, ApiError::Redirected { .. }), "{status}: {err:?}");
        assert_eq!(
            err.to_string(),
            format!(
                "login failed: the portal redirected to {elsewhere}/login: if that is its new address, set base_url"
            )
        );
        assert_eq!(portal_tui::cli::exit_code::for_error(&err), portal_tui::cli::exit_code::NETWORK);
    }
    // Basic auth sends its credentials with every GET: a redirect elsewhere is refused too.
    let err = client_at(&format!("{portal}/away302"), AuthMethod::Basic).account().await.unwrap_err();
    assert!(matches!(err, ApiError::Redirected { .. }), "{err:?}");
    assert_eq!(*seen.lock().unwrap(), Vec::<String>::new(), "the other listener got a request");
}

#[tokio::test]
async fn a_refresh_redirected_elsewhere_sends_nothing_there() {
    let (elsewhere, seen) = recorder().await;
    let portal = hostile_portal(elsewhere).await;
    let client = client_at(&format!("{portal}/tok"), AuthMethod::Jwt);
    client.login().await.unwrap();
    // The redirected refresh is refused and a new login at the portal takes its place.
    client.refresh().await.unwrap();
    // So does every 401 of a call.
    assert!(client.account().await.is_err());
    assert_eq!(*seen.lock().unwrap(), Vec::<String>::new(), "the other listener got a request");
}

#[tokio::test]
async fn a_get_follows_a_redirect_within_the_portal_and_names_a_loop() {
    let (elsewhere, seen) = recorder().await;
    let portal = hostile_portal(elsewhere).await;
    let account = client_at(&format!("{portal}/same"), AuthMethod::Basic).account().await.unwrap();
    assert_eq!(account.email, "moved@example.vn");
    let err = client_at(&format!("{portal}/loop"), AuthMethod::Basic).account().await.unwrap_err();
    assert!(matches!(err, ApiError::RedirectLoop { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("account details failed: the portal redirects in a loop (at {portal}/loop/details)")
    );
    assert!(seen.lock().unwrap().is_empty());
}
