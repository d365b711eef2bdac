//! Signing in from the scripting commands: no portal host is required (X-Forwarded-Host is
//! sent only where one is configured), and what a portal says of its rate limit (a login
//! answer's `X-RateLimit-Remaining` and `-Reset`, a 429) is said in words with the time to
//! wait, in either language.

use crate::support;

use std::sync::{Arc, Mutex};

use portal_tui::demo::{DemoOptions, DemoPortal};
use support::cli;
use support::cli::text;

/// The binary signing in to the demo's client account with JWT, without a host unless
/// `host` names one.
fn as_client(demo: &DemoPortal, state: &std::path::Path, host: Option<&str>) -> std::process::Command {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.env_remove("PORTAL_HOST").env("PORTAL_AUTH", "jwt");
    if let Some(host) = host {
        cmd.env("PORTAL_HOST", host);
    }
    cmd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_host_is_required_and_none_is_sent_unless_configured() {
    // The demo answers a request without X-Forwarded-Host as its client portal.
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let mut cmd = as_client(&demo, state.path(), None);
    cmd.args(["domain", "example.vn"]);
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("example.vn"), "{}", text(&out.stdout));

    // A portal of the test's own notes the X-Forwarded-Host of every request.
    let seen: Arc<Mutex<Vec<Option<String>>>> = Arc::default();
    let kept = seen.clone();
    let app = axum::Router::new().fallback(move |headers: axum::http::HeaderMap| {
        let kept = kept.clone();
        async move {
            let host = headers.get("x-forwarded-host").map(|v| v.to_str().unwrap_or("?").to_owned());
            kept.lock().unwrap().push(host);
            axum::Json(serde_json::json!({"client": {"id": "1", "email": "me@shop.vn"}}))
        }
    });
    let url = support::portal::serve(app).await;
    for (host, expected) in [(None, None), (Some("my.shop.vn"), Some("my.shop.vn".to_owned()))] {
        seen.lock().unwrap().clear();
        let mut cmd = cli::with_basic_auth(&url, "unused", state.path());
        cmd.env_remove("PORTAL_HOST");
        if let Some(host) = host {
            cmd.env("PORTAL_HOST", host);
        }
        cmd.arg("details");
        let out = cli::output(cmd).await;
        assert_eq!(out.status.code(), Some(0), "{host:?}: {}", text(&out.stderr));
        let seen = seen.lock().unwrap().clone();
        assert!(!seen.is_empty() && seen.iter().all(|h| *h == expected), "{host:?}: {seen:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn few_sign_ins_left_are_said_with_the_time_to_wait() {
    // Six logins a window: the first command's login leaves five.
    let demo = DemoPortal::start_local(DemoOptions { login_limit: 6, ..DemoOptions::default() }).await.unwrap();
    // Each run in a state of its own: one remembered session would sign in once for both.
    let (first, second) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let run = |lang: &'static str| {
        let state = if lang == "en" { first.path() } else { second.path() };
        let mut cmd = as_client(&demo, state, None);
        cmd.args(["--lang", lang, "details"]);
        cli::output(cmd)
    };
    let out = run("en").await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("the portal takes 5 more sign-ins, then refuses them until its count starts again in 4m "),
        "{err}"
    );
    assert!(err.contains("--auth basic needs no sign-in"), "{err}");
    let err = text(&run("vi").await.stderr);
    assert!(
        err.contains("cổng chỉ nhận thêm 4 lần đăng nhập, sau đó từ chối cho tới khi đếm lại sau 4 phút "),
        "{err}"
    );

    // Plenty left: nothing said.
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let mut cmd = as_client(&demo, state.path(), None);
    cmd.arg("details");
    let out = cli::output(cmd).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("sign-ins"), "{}", text(&out.stderr));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_says_how_long_to_wait_from_its_rate_limit_reset() {
    // A portal refusing every login for a minute and a half, saying so only in
    // X-RateLimit-Reset (no Retry-After).
    let app = axum::Router::new().fallback(|| async {
        let headers = [("x-ratelimit-limit", "25"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "90")];
        (axum::http::StatusCode::TOO_MANY_REQUESTS, headers, "")
    });
    let url = support::portal::serve(app).await;
    let state = tempfile::tempdir().unwrap();
    for (lang, words) in
        [("en", "rate limited by the portal (429), retry after 1m 30s"), ("vi", "thử lại sau 1 phút 30 giây")]
    {
        let mut cmd = cli::with_basic_auth(&url, "my.shop.vn", state.path());
        cmd.args(["--lang", lang, "details"]);
        let out = cli::output(cmd).await;
        assert_ne!(out.status.code(), Some(0));
        assert!(text(&out.stderr).contains(words), "{lang}: {}", text(&out.stderr));
    }
}

/// A portal of the test's own at the root: `POST /login` refuses anything but the right
/// password with `wronglogin`, as HostBill does; every other address answers 401
/// `unauthorized`, or 404 with a proxy's page when `not_found`.
async fn portal_at_the_root(not_found: bool) -> String {
    use axum::response::IntoResponse;
    let login = |axum::Json(body): axum::Json<serde_json::Value>| async move {
        if body["password"] == "secret-password" {
            axum::Json(serde_json::json!({"token": "not-a-jwt", "refresh": "r"})).into_response()
        } else {
            axum::Json(serde_json::json!({"error": ["wronglogin"]})).into_response()
        }
    };
    let app = axum::Router::new().route("/login", axum::routing::post(login)).fallback(move || async move {
        if not_found {
            (axum::http::StatusCode::NOT_FOUND, axum::response::Html("<h1>Not Found</h1>")).into_response()
        } else {
            (axum::http::StatusCode::UNAUTHORIZED, axum::Json(serde_json::json!({"error": ["unauthorized"]})))
                .into_response()
        }
    });
    support::portal::serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_base_url_that_misses_the_portal_is_said_with_its_address_not_as_a_wrong_password() {
    let state = tempfile::tempdir().unwrap();
    for not_found in [false, true] {
        let url = portal_at_the_root(not_found).await;
        for (lang, words, password) in [
            (
                "en",
                "with no word that the e-mail or password is wrong: check the base URL first",
                "wrong e-mail or password",
            ),
            (
                "vi",
                "không hề nói thư điện tử hay mật khẩu sai: hãy kiểm tra địa chỉ cổng (base URL) trước",
                "sai thư điện tử hoặc mật khẩu",
            ),
        ] {
            let run = |base: String, password: &'static str| {
                let mut cmd = cli::with_basic_auth(&base, "my.shop.vn", state.path());
                cmd.env("PORTAL_AUTH", "jwt").env("PORTAL_PASSWORD", password).args(["--lang", lang, "details"]);
                cli::output(cmd)
            };
            // Under /api on a portal at the root: the address is named, not the password.
            let out = run(format!("{url}/api"), "secret-password").await;
            let err = text(&out.stderr);
            assert_ne!(out.status.code(), Some(0), "{err}");
            assert!(err.contains(&format!("{url}/api/login: ")) && err.contains(words), "{not_found} {lang}: {err}");
            // The portal's own refusal stays a wrong password, with no address.
            let out = run(url.clone(), "wrong").await;
            let err = text(&out.stderr);
            assert!(err.contains(password) && !err.contains("/login"), "{lang}: {err}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_login_form_names_the_address_a_sign_in_missed_and_keeps_the_password() {
    use portal_tui::api::{AuthMethod, Language};
    use portal_tui::app::{App, LoginForm};
    for (language, words) in [
        (Language::English, "with no word that the e-mail or password is wrong"),
        (Language::Vietnamese, "không hề nói thư điện tử hay mật khẩu sai"),
    ] {
        let url = portal_at_the_root(false).await;
        let mut h = support::harness::Harness::new().await;
        let partial = portal_tui::config::settings::Partial {
            base_url: Some(format!("{url}/api")),
            auth: AuthMethod::Jwt,
            language,
            username: Some("me@shop.vn".into()),
            password: Some("secret-password".to_owned().into()),
            ..h.demo_profile("shop", portal_tui::demo::CLIENT_HOST)
        };
        h.app = App::new(LoginForm::new(partial, None), support::harness::TODAY);
        let start = h.app.start();
        h.run(start).await;
        let shown = h.screen_text(80, 24);
        let said = h.app.profile().login.error.clone().unwrap_or_default();
        assert!(said.contains(&format!("{url}/api/login")) && said.contains(words), "{said}\n{shown}");
        assert_eq!(h.app.profile().login.password.value(), "secret-password", "the password stays");
    }
}
