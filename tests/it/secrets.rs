//! Whatever a portal echoes, the secrets the client holds are not shown or written: a
//! hostile portal on loopback echoes the `Authorization` header in error pages, the
//! password in a login error, sends a login answer past the request log's cut, and
//! redirects to a URL carrying a token in its query.

use crate::support;

use std::process::Output;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::IntoResponse;
use crossterm::event::KeyCode;
use portal_tui::api::http::exchanges::{self, Exchange};
use portal_tui::api::http::redact::MASK;
use portal_tui::api::{ApiError, AuthMethod, Credentials, Language, PortalClient};
use portal_tui::demo::CLIENT_HOST;
use support::harness::Harness;

const TOKEN: &str = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.hostile-signature-0123";
const REFRESH: &str = "refresh-hostile-0123456789";
const PASSWORD: &str = "hunter2-xyz";
const USERNAME: &str = "an@example.vn";
/// What `/redirect/details` points to: same origin, with credentials, a query and a fragment.
const QUERY_SECRET: &str = "query-secret-4567";

/// The hostile portal. Under `/text` and `/html` it logs in and answers every read with a
/// 500 echoing the `Authorization` header it got (as text, as an HTML page); under
/// `/wrong` a login is refused with the password it was sent; under `/big` the login and
/// token answers are past the request log's cut (and the account is read); under `/redirect` a read is redirected
/// within the portal to a URL with a token in its query, which never answers.
async fn hostile_portal() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let origin = url.clone();
    let app = axum::Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: Bytes| {
        let origin = origin.clone();
        async move {
            let path = uri.path().to_owned();
            let (first, rest) = path.trim_start_matches('/').split_once('/').unwrap_or((&path, ""));
            let auth = headers.get(header::AUTHORIZATION).map_or("", |v| v.to_str().unwrap_or("?")).to_owned();
            let padding = "x".repeat(20 * 1024);
            match (first, rest) {
                ("big", "login" | "token") => {
                    axum::Json(serde_json::json!({"token": TOKEN, "refresh": REFRESH, "motd": padding})).into_response()
                }
                ("big", "details") => {
                    axum::Json(serde_json::json!({"client": {"id": "7", "email": USERNAME, "firstname": "An"}}))
                        .into_response()
                }
                (_, "login") if first == "wrong" => {
                    let sent: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
                    let password = sent["password"].as_str().unwrap_or_default();
                    let said = serde_json::json!({"error": [format!("wrong password {password}")]});
                    (StatusCode::UNAUTHORIZED, axum::Json(said)).into_response()
                }
                (_, "login") => axum::Json(serde_json::json!({"token": TOKEN, "refresh": REFRESH})).into_response(),
                ("text", _) => {
                    let credential = auth.split_once(' ').map_or("", |(_, c)| c);
                    let page = format!("Bad request\nAuthorization: {auth}\nyou sent {credential}\n");
                    (StatusCode::INTERNAL_SERVER_ERROR, [(header::CONTENT_TYPE, "text/plain")], page).into_response()
                }
                ("html", _) => {
                    let page = format!("<html><body><h1>Error</h1><pre>Authorization: {auth}</pre></body></html>");
                    (StatusCode::INTERNAL_SERVER_ERROR, [(header::CONTENT_TYPE, "text/html")], page).into_response()
                }
                ("redirect", "details") => {
                    let to = origin.replacen("://", "://urluser:urlpass-5678@", 1);
                    let location = format!("{to}/redirect/landing?token={QUERY_SECRET}#frag-{QUERY_SECRET}");
                    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
                }
                ("redirect", "landing") => {
                    tokio::time::sleep(Duration::from_secs(30)).await;
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => StatusCode::NOT_FOUND.into_response(),
            }
        }
    });
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn client_at(url: &str, auth: AuthMethod) -> PortalClient {
    let credentials = Credentials::new(USERNAME, PASSWORD);
    PortalClient::new(support::settings(url, CLIENT_HOST, auth, Language::English, credentials)).unwrap()
}

/// Runs `call` and gives its result with every exchange the request log heard of.
async fn logged<T>(call: impl Future<Output = T>) -> (T, Vec<Exchange>) {
    let heard: Arc<Mutex<Vec<Exchange>>> = Arc::default();
    let into = heard.clone();
    let result = exchanges::observe(move |e| into.lock().unwrap().push(e), call).await;
    let heard = heard.lock().unwrap().clone();
    (result, heard)
}

/// The Basic string's base64 part, as the portal sees it.
fn basic_part() -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(format!("{USERNAME}:{PASSWORD}"))
}

/// Asserts no secret of this file is in `text`, naming where it was found.
fn clean(what: &str, text: &str) {
    for secret in [TOKEN, REFRESH, PASSWORD, &basic_part(), QUERY_SECRET, "urlpass-5678"] {
        assert!(!text.contains(secret), "{what} shows {secret:?}: {text}");
    }
}

/// What the request log keeps and shows of an exchange, and its failure.
fn shown(exchange: &Exchange) -> String {
    let body = portal_tui::app::screens::log::shown_body(&exchange.body);
    format!("{} {} {body}", String::from_utf8_lossy(&exchange.body), exchange.failure.clone().unwrap_or_default())
}

#[tokio::test]
async fn an_error_page_echoing_the_authorization_header_is_masked_in_the_request_log() {
    let portal = hostile_portal().await;
    for (page, auth) in [("text", AuthMethod::Jwt), ("html", AuthMethod::Jwt), ("text", AuthMethod::Basic)] {
        let client = client_at(&format!("{portal}/{page}"), auth);
        let (result, heard) = logged(client.account()).await;
        let err = result.unwrap_err();
        assert!(matches!(err, ApiError::Status { .. }), "{err:?}");
        clean("the error", &err.to_string());
        let echoed = heard.last().expect("the read was heard");
        assert_eq!(echoed.status, Some(500));
        clean(&format!("the {page} page's log entry ({auth})"), &shown(echoed));
        let body = String::from_utf8_lossy(&echoed.body);
        let scheme = if auth == AuthMethod::Basic { "Basic" } else { "Bearer" };
        assert!(body.contains(&format!("Authorization: {scheme} {MASK}")), "{body}");
    }
}

#[tokio::test]
async fn a_login_error_echoing_the_password_shows_it_nowhere() {
    let portal = hostile_portal().await;
    let client = client_at(&format!("{portal}/wrong"), AuthMethod::Jwt);
    let (result, heard) = logged(client.login()).await;
    let err = result.unwrap_err();
    assert!(err.is_auth(), "{err:?}");
    let said = err.to_string();
    clean("the login error", &said);
    assert_eq!(said, format!("login failed: wrong password {MASK}: check the e-mail and password"));
    assert_eq!(portal_tui::i18n::api_error(&err, Language::Vietnamese).matches(MASK).count(), 1);
    let login = heard.last().expect("the login was heard");
    assert!(login.withheld && login.body.is_empty(), "a login answer is withheld: {login:?}");
    clean("the login's log entry", &shown(login));

    // The scripting commands' stderr.
    let url = format!("{portal}/wrong");
    let out = tokio::task::spawn_blocking(move || portal_tui_run(&url, &["details"], None)).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("wrong password"), "{stderr}");
    clean("stderr", &stderr);
}

#[tokio::test]
async fn login_and_token_answers_past_the_cut_are_withheld() {
    let portal = hostile_portal().await;
    let client = client_at(&format!("{portal}/big"), AuthMethod::Jwt);
    let (result, heard) = logged(async {
        client.login().await?;
        client.refresh().await
    })
    .await;
    result.unwrap();
    assert_eq!(heard.len(), 2, "{heard:?}");
    for answer in &heard {
        assert!(answer.bytes > exchanges::BODY_KEPT, "{} bytes", answer.bytes);
        assert!(answer.withheld, "{} {}", answer.method, answer.path);
        clean(&format!("{}'s log entry", answer.path), &shown(answer));
    }
}

#[tokio::test]
async fn the_log_file_has_urls_without_query_fragment_or_user_info() {
    let portal = hostile_portal().await;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("portal.log");
    let url = format!("{portal}/redirect");
    let file = log.clone();
    let out = tokio::task::spawn_blocking(move || portal_tui_run(&url, &["details"], Some(&file))).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{stderr}");
    clean("stderr", &stderr);
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.contains("portal redirected") && written.contains("request failed"), "{written}");
    assert!(written.contains("/redirect/landing"), "the path stays: {written}");
    clean("the log file", &written);
}

/// The dashboard signed in (or not) to the hostile portal under `prefix`.
async fn dashboard_at(prefix: &str) -> Harness {
    let portal = hostile_portal().await;
    let h = Harness::new().await;
    let hostile = portal_tui::config::settings::Partial {
        base_url: Some(format!("{portal}/{prefix}")),
        auth: AuthMethod::Jwt,
        username: Some(USERNAME.into()),
        password: Some(PASSWORD.into()),
        ..h.demo_profile("hostile", CLIENT_HOST)
    };
    let mut h = h.with_profiles(vec![hostile]);
    let commands = h.app.start();
    h.run(commands).await;
    h
}

#[tokio::test]
async fn the_dashboard_shows_a_login_error_echoing_the_password_redacted() {
    let mut h = dashboard_at("wrong").await;
    let screen = h.screen_text(120, 24);
    assert!(screen.contains(&format!("wrong password {MASK}")), "{screen}");
    clean("the login screen", &screen);
    assert!(!h.app.shell.log.entries.is_empty());
    clean("the request log", &format!("{:?}", h.app.shell.log.entries));
}

#[tokio::test]
async fn the_dashboards_request_log_says_a_login_answer_is_withheld() {
    let mut h = dashboard_at("big").await;
    h.key(KeyCode::Char('8')).await;
    let login = h.app.shell.log.entries.iter().position(|e| format!("{e:?}").contains("/big/login")).expect("logged");
    for _ in 0..login {
        h.key(KeyCode::Down).await;
    }
    h.key(KeyCode::Enter).await;
    let screen = h.screen_text(120, 24);
    assert!(screen.contains("POST /big/login — 200"), "{screen}");
    assert!(screen.contains("its body is withheld"), "{screen}");
    clean("the login answer's screen", &screen);
}

/// The built binary against `base_url`, a one-second time-out, and a log file if given.
fn portal_tui_run(base_url: &str, args: &[&str], log_file: Option<&std::path::Path>) -> Output {
    let mut cmd = support::cli::command();
    if let Some(path) = log_file {
        cmd.arg("--log-file").arg(path);
    }
    cmd.env("PORTAL_BASE_URL", base_url)
        .env("PORTAL_HOST", CLIENT_HOST)
        .env("PORTAL_USERNAME", USERNAME)
        .env("PORTAL_PASSWORD", PASSWORD)
        .env("PORTAL_TIMEOUT", "1")
        .args(args)
        .output()
        .expect("binary runs")
}
