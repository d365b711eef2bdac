//! Profiles from a real configuration file, the radar for cron, remembered sessions and
//! logout, and a trace-level log that must hold no secret.

use std::path::Path;
use std::process::Output;

use crate::support;

use support::cli::command;
use support::cli::said;
use support::demo_server::DemoServer;

const PASSWORD: &str = "demo-client-2026";

fn run(dir: &Path, config: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let path = dir.join("config.toml");
    std::fs::write(&path, config).unwrap();
    let mut cmd = command();
    cmd.env("PORTAL_CONFIG", &path).env("PORTAL_STATE_DIR", dir.join("state")).envs(env.iter().copied());
    cmd.args(args).output().unwrap()
}

fn config(url: &str, watch_domains: &str, remember: bool) -> String {
    format!(
        r#"# my portals
default_profile = "shop"

[profiles.shop]   # the client portal
base_url = "{url}"
host = "my.example.vn"
username = "demo@example.vn"
password_command = "echo {PASSWORD}"
remember = {remember}
watch_domains = [{watch_domains}]
watch_certificates = [3303]

[profiles.resell]
base_url = "{url}"
host = "daily.example.vn"
role = "reseller"
username = "reseller@example.vn"
password_command = "echo demo-reseller-2026"
watch_domains = ["khachsanhoian.com"]
"#
    )
}

#[test]
fn profiles_pick_the_portal_and_flags_win() {
    let demo = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(&demo.url, "\"example.vn\"", false);
    let (code, out, err) = said(&run(dir.path(), &cfg, &["details", "--json"], &[]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("demo@example.vn"), "{out}");
    let (code, out, err) = said(&run(dir.path(), &cfg, &["--profile", "resell", "domain", "khachsanhoian.com"], &[]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("khachsanhoian.com"), "{out}");
    // The environment beats the profile, and a flag beats the environment.
    let env = [("PORTAL_HOST", "nowhere.example.vn")];
    let (code, _, err) = said(&run(dir.path(), &cfg, &["details"], &env));
    assert_ne!(code, 0, "the wrong host from the environment is used: {err}");
    let (code, _, err) = said(&run(dir.path(), &cfg, &["--host", "my.example.vn", "details"], &env));
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = said(&run(dir.path(), &cfg, &["--profile", "nope", "details"], &[]));
    assert_eq!(code, 2);
    assert_eq!(err.trim(), r#"error: no profile named "nope" in the config file (profiles: shop, resell)"#);
}

#[test]
fn malformed_and_unreadable_configs_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = said(&run(dir.path(), "[profiles.a]\nauth = \"oauth\"\n", &["details"], &[]));
    assert_eq!(code, 2);
    let path = dir.path().join("config.toml");
    assert!(err.starts_with(&format!("error: config file {}:2:8: ", path.display())), "{err}");
    assert!(err.contains("oauth"), "{err}");
    let (code, _, err) = said(&run(dir.path(), "[profiles.a\n", &["details"], &[]));
    assert_eq!(code, 2);
    assert!(err.contains(":1:"), "{err}");
    let out = command().args(["--config", "/nonexistent/portal.toml", "details"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read it"));
    let out = command().arg("--print-default-config").output().unwrap();
    let default = String::from_utf8(out.stdout).unwrap();
    assert!(default.contains("[profiles.client]") && default.contains("password_command"), "{default}");
}

#[test]
fn a_failing_password_command_is_explained() {
    let demo = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(&demo.url, "", false).replace(&format!("echo {PASSWORD}"), "exit 7");
    let (code, _, err) = said(&run(dir.path(), &cfg, &["details"], &[]));
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        r#"error: password_command "exit 7" exited with status 7; run it by hand to see why: sh -c 'exit 7'"#
    );
}

#[cfg(unix)]
#[test]
fn a_config_others_can_write_runs_no_command_and_links_are_not_logged_into() {
    use std::os::unix::fs::PermissionsExt;
    let demo = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let cfg = config(&demo.url, "", false)
        .replace(&format!("echo {PASSWORD}"), &format!("touch {}; echo {PASSWORD}", marker.display()));
    let path = dir.path().join("config.toml");
    std::fs::write(&path, &cfg).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
    let out = command().env("PORTAL_CONFIG", &path).arg("details").output().unwrap();
    let (code, _, err) = said(&out);
    assert_eq!(code, 2, "{err}");
    let expected = format!(
        "error: config file {0}: it is writable by group or others (mode 0666), so its password_command is not run: \
         fix it with `chmod go-w {0}`",
        path.display()
    );
    assert_eq!(err.trim(), expected);
    assert!(!marker.exists(), "the password_command ran");
    // Made the user's alone, it runs.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (code, _, err) = said(&run(dir.path(), &cfg, &["details"], &[]));
    assert_eq!(code, 0, "{err}");
    assert!(marker.exists());

    let theirs = dir.path().join("theirs.txt");
    std::fs::write(&theirs, "not a log\n").unwrap();
    let link = dir.path().join("portal.log");
    std::os::unix::fs::symlink(&theirs, &link).unwrap();
    let (code, _, err) = said(&run(dir.path(), &cfg, &["--log-file", link.to_str().unwrap(), "details"], &[]));
    assert_eq!(code, 2);
    assert!(err.contains("is a symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "not a log\n");
}

#[test]
fn radar_exit_codes_for_cron() {
    // A portal that lists nothing: the radar is the watchlist.
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    // phosaigon.vn expires in 12 days with autorenew off; certificate 3303 has expired.
    let cfg = config(&demo.url, "\"phosaigon.vn\", \"example.vn\"", false);
    let (code, out, err) = said(&run(dir.path(), &cfg, &["radar"], &[]));
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("Radar: 2 of 4 need attention (within 30 days)"), "{out}");
    assert!(out.contains("expires soon, no autorenew"), "{out}");
    let (code, out, _) = said(&run(dir.path(), &cfg, &["radar", "--json", "--within", "5"], &[]));
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["within_days"], 5);
    assert_eq!(doc["flagged"], 2, "autorenew off still counts: {doc}");
    // Nothing flagged: exit 0.
    let (code, out, err) = said(&run(dir.path(), &cfg, &["--profile", "resell", "radar"], &[]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Radar: nothing needs attention"), "{out}");
}

#[test]
fn remembered_session_is_private_and_logout_forgets_it_and_the_log_holds_no_secret() {
    // Short tokens and a rejected first lookup: login, refresh and retry all happen.
    let demo = DemoServer::start(&["--token-ttl", "2", "--fault", "401@/domain*1"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(&demo.url, "\"example.vn\", \"phosaigon.vn\"", true);
    let log = dir.path().join("trace.log");
    let log_arg = log.to_str().unwrap();
    let env = [("PORTAL_LOG", "trace")];
    let (code, _, err) = said(&run(dir.path(), &cfg, &["--log-file", log_arg, "radar"], &env));
    assert_eq!(code, 1, "{err}");
    let session_path = dir.path().join("state/sessions/shop.json");
    let stored: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&session_path).unwrap()).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&session_path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let stored_text = stored.to_string();
    assert!(!stored_text.contains(PASSWORD), "the password is never stored");
    let token = stored["token"].as_str().unwrap().to_owned();
    let refresh = stored["refresh_token"].as_str().unwrap().to_owned();

    // A second run takes up the session without the password.
    let no_password = cfg.replace(&format!("password_command = \"echo {PASSWORD}\"\n"), "");
    let (code, out, err) = said(&run(dir.path(), &no_password, &["--log-file", log_arg, "details"], &env));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("demo@example.vn"), "{out}");

    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.lines().count() > 20, "a trace-level log was written:\n{logged}");
    for (what, secret) in [("password", PASSWORD), ("token", token.as_str()), ("refresh token", refresh.as_str())] {
        assert!(!logged.contains(secret), "the {what} is in the log");
    }
    assert!(!logged.contains("Bearer ") && !logged.contains("Basic "), "an Authorization header is in the log");

    // Signing out ends the session at the portal too; the refresh token it sends is in no log.
    let kept = std::fs::read_to_string(&session_path).unwrap();
    let stored: serde_json::Value = serde_json::from_str(&kept).unwrap();
    let refresh = stored["refresh_token"].as_str().unwrap().to_owned();
    let (code, out, err) = said(&run(dir.path(), &cfg, &["--log-file", log_arg, "logout"], &env));
    assert_eq!(
        (code, out.trim()),
        (0, "signed out at my.example.vn; forgot the remembered session of profile shop"),
        "{err}"
    );
    assert!(!session_path.exists());
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("POST") || logged.contains("revoke"), "the sign-out was logged:\n{logged}");
    assert!(!logged.contains(&refresh), "the refresh token is in the log");
    // The old session no longer works at the portal: put back, it is refused and the
    // command falls back to signing in, which needs the password it is not given.
    std::fs::write(&session_path, &kept).unwrap();
    let (code, out, err) = said(&run(dir.path(), &no_password, &["details"], &[]));
    assert_eq!(code, 2, "the ended session was taken: {out}{err}");
    assert!(err.contains("no password"), "{err}");
    assert!(!session_path.exists(), "a refused session is forgotten");
    let (code, out, _) = said(&run(dir.path(), &cfg, &["logout", "--profile", "shop"], &[]));
    assert_eq!((code, out.trim()), (0, "profile shop had no remembered session"));
}

#[test]
fn a_portal_without_sign_out_routes_only_loses_the_local_session() {
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(&demo.url, "\"example.vn\"", true);
    let (code, _, err) = said(&run(dir.path(), &cfg, &["details"], &[]));
    assert_eq!(code, 0, "{err}");
    assert!(dir.path().join("state/sessions/shop.json").exists());
    let (code, out, err) = said(&run(dir.path(), &cfg, &["logout", "--lang", "vi"], &[]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "cổng my.example.vn không hỗ trợ đăng xuất: chỉ xóa phiên trên máy này (hồ sơ shop)");
    assert!(!dir.path().join("state/sessions/shop.json").exists());
}
