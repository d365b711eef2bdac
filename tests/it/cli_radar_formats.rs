//! `radar` for monitoring systems and scripts, run as the real binary against real
//! portals: a Nagios check in each state, a Prometheus textfile parsed back by the format's
//! rules and replaced atomically, TSV, several profiles at once (one of them down, one not
//! signed in), and what the radar could not cover on a portal without the lists.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use crate::support;

use support::cli::command;
use support::cli::said;
use support::demo_server::DemoServer;

fn run(dir: &Path, config: &str, args: &[&str]) -> (i32, String, String) {
    let path = dir.join("config.toml");
    std::fs::write(&path, config).unwrap();
    let mut cmd = command();
    cmd.env("PORTAL_CONFIG", &path).env("PORTAL_STATE_DIR", dir.join("state")).args(args);
    said(&cmd.output().unwrap())
}

/// The binary run off the async runtime, which answers for a portal in this process.
async fn run_async(dir: &Path, config: &str, args: &[&str]) -> (i32, String, String) {
    let path = dir.join("config.toml");
    std::fs::write(&path, config).unwrap();
    let mut cmd = command();
    cmd.env("PORTAL_CONFIG", &path).env("PORTAL_STATE_DIR", dir.join("state")).args(args);
    said(&support::cli::output(cmd).await)
}

/// The demo's client account, watching these domains and certificates.
fn shop(url: &str, domains: &str, certificates: &str, password: &str) -> String {
    format!(
        r#"
[profiles.shop]
base_url = "{url}"
host = "my.example.vn"
username = "demo@example.vn"
password_command = "echo {password}"
watch_domains = [{domains}]
watch_certificates = [{certificates}]
"#
    )
}

/// The demo's reseller account; without a password it cannot sign in unasked.
fn resell(url: &str, with_password: bool) -> String {
    let password = if with_password { "password_command = \"echo demo-reseller-2026\"\n" } else { "" };
    format!(
        r#"
[profiles.resell]
base_url = "{url}"
host = "daily.example.vn"
role = "reseller"
username = "reseller@example.vn"
{password}watch_domains = ["khachsanhoian.com"]
"#
    )
}

/// A portal nobody answers at.
const DOWN: &str = r#"
[profiles.down]
base_url = "http://127.0.0.1:1"
host = "my.example.vn"
username = "demo@example.vn"
password_command = "echo demo-client-2026"
watch_domains = ["example.vn"]
"#;

const CLIENT_PASSWORD: &str = "demo-client-2026";

/// The performance data of a Nagios status line as (label, value, warn, crit), checked
/// against the plugin API's grammar: `'label'=value[UOM];[warn];[crit];[min];[max]`, a
/// quote in a label doubled.
fn perfdata(first_line: &str) -> Vec<(String, i64, String, String)> {
    let Some((_, data)) = first_line.split_once(" | ") else { return Vec::new() };
    let mut out = Vec::new();
    let mut rest = data.trim();
    while !rest.is_empty() {
        assert!(rest.starts_with('\''), "a quoted label at {rest:?}");
        let mut label = String::new();
        let mut chars = rest[1..].char_indices();
        let end = loop {
            match chars.next() {
                Some((i, '\'')) if rest[1 + i + 1..].starts_with('\'') => {
                    label.push('\'');
                    chars.next();
                }
                Some((i, '\'')) => break 1 + i + 1,
                Some((_, c)) => label.push(c),
                None => panic!("an unterminated label in {data:?}"),
            }
        };
        assert!(!label.contains('='), "{label}");
        let after = rest[end..].strip_prefix('=').unwrap_or_else(|| panic!("= after the label in {rest:?}"));
        let (token, next) = after.split_once(' ').unwrap_or((after, ""));
        let fields: Vec<&str> = token.split(';').collect();
        assert!(fields.len() <= 5, "{token}");
        let value: i64 = fields[0].parse().unwrap_or_else(|_| panic!("a number in {token}"));
        let field = |i: usize| fields.get(i).copied().unwrap_or("").to_owned();
        out.push((label, value, field(1), field(2)));
        rest = next.trim_start();
    }
    out
}

#[test]
fn nagios_check_in_each_state() {
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    let nagios = ["radar", "--format", "nagios"];

    // Nothing within 30 days: OK, with what a portal without lists leaves uncovered.
    let (code, out, err) = run(dir.path(), &resell(&demo.url, true), &nagios);
    assert_eq!(code, 0, "{out}{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("RADAR OK - 2 items, nothing expires or falls due within 30 days"), "{out}");
    assert!(first.contains("[Not covered: the portal does not list domains, services, invoices"), "{out}");
    let data = perfdata(first);
    let item = data.iter().find(|d| d.0 == "domain khachsanhoian.com").unwrap_or_else(|| panic!("{data:?}"));
    assert!(item.1 > 30 && item.2 == "@~:30" && item.3 == "@~:7", "{item:?}");

    // phosaigon.vn expires in 12 days: WARNING by default, CRITICAL with --critical 14.
    let config = shop(&demo.url, "\"phosaigon.vn\"", "", CLIENT_PASSWORD);
    let (code, out, err) = run(dir.path(), &config, &nagios);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.starts_with("RADAR WARNING - 0 critical, 1 warning of 1 items: domain phosaigon.vn 12d"), "{out}");
    assert!(out.lines().nth(1).unwrap().starts_with("WARNING: domain phosaigon.vn #5120: expires soon"), "{out}");
    let data = perfdata(out.lines().next().unwrap());
    assert!(data.contains(&("domain phosaigon.vn".into(), 12, "@~:30".into(), "@~:7".into())), "{data:?}");
    assert!(data.contains(&("soonest".into(), 12, "@~:30".into(), "@~:7".into())), "{data:?}");
    let (code, out, _) = run(dir.path(), &config, &["radar", "--format", "nagios", "--critical", "14"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.starts_with("RADAR CRITICAL - 1 critical, 0 warning of 1 items"), "{out}");
    let data = perfdata(out.lines().next().unwrap());
    assert!(data.contains(&("domain phosaigon.vn".into(), 12, "@~:30".into(), "@~:14".into())), "{data:?}");

    // An expired certificate is CRITICAL whatever the thresholds.
    let config = shop(&demo.url, "", "3303", CLIENT_PASSWORD);
    let (code, out, _) =
        run(dir.path(), &config, &["radar", "--format", "nagios", "--warning", "1", "--critical", "0"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("CRITICAL: certificate caphesuada.vn #3303: expired"), "{out}");

    // The portal is down, or refuses the login: UNKNOWN, never OK, and no performance data.
    let (code, out, _) = run(dir.path(), DOWN, &nagios);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("RADAR UNKNOWN - ") && out.contains("portal unreachable"), "{out}");
    assert!(!out.contains(" | "), "{out}");
    // In a state of its own: the session the runs above keep would need no password.
    let config = shop(&demo.url, "\"phosaigon.vn\"", "", "not-the-password");
    let fresh = tempfile::tempdir().unwrap();
    let (code, out, _) = run(fresh.path(), &config, &nagios);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("RADAR UNKNOWN - ") && out.to_lowercase().contains("login"), "{out}");
    assert!(!out.contains("not-the-password"), "{out}");
    // Thresholds that make no sense, or no profile at all: UNKNOWN too.
    let (code, out, _) = run(dir.path(), DOWN, &["radar", "--format", "nagios", "--warning", "3", "--critical", "9"]);
    assert_eq!((code, out.starts_with("RADAR UNKNOWN - --critical")), (3, true), "{out}");
    let (code, out, _) = run(dir.path(), DOWN, &["--profile", "nope", "radar", "--format", "nagios"]);
    assert_eq!((code, out.starts_with("RADAR UNKNOWN - no profile named \"nope\"")), (3, true), "{out}");
}

/// One sample's labels and value.
type Sample = (BTreeMap<String, String>, f64);

/// A textfile as node exporter reads it, checked by the exposition format's rules.
#[derive(Debug, Default)]
struct Exposition {
    /// Metric → its samples, in order.
    samples: BTreeMap<String, Vec<Sample>>,
}

impl Exposition {
    fn parse(text: &str) -> Exposition {
        assert!(text.ends_with('\n'), "the last line ends with a line feed");
        let mut helps: HashMap<String, usize> = HashMap::new();
        let mut types: HashMap<String, usize> = HashMap::new();
        let mut done: Vec<String> = Vec::new();
        let mut current: Option<String> = None;
        let mut series = std::collections::HashSet::new();
        let mut parsed = Exposition::default();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# HELP ") {
                let name = rest.split(' ').next().unwrap().to_owned();
                *helps.entry(name).or_default() += 1;
                continue;
            }
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                let (name, kind) = rest.split_once(' ').unwrap();
                assert_eq!(kind, "gauge", "{line}");
                assert!(!parsed.samples.contains_key(name), "TYPE after the samples of {name}");
                *types.entry(name.to_owned()).or_default() += 1;
                continue;
            }
            assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
            let (name, labels, value) = sample(line);
            assert_eq!(types.get(&name), Some(&1), "{name} has one TYPE before its samples");
            // The samples of one metric are together.
            if current.as_deref() != Some(&name) {
                assert!(!done.contains(&name), "the samples of {name} are split");
                if let Some(previous) = current.replace(name.clone()) {
                    done.push(previous);
                }
            }
            assert!(series.insert(format!("{name}{labels:?}")), "a series twice: {line}");
            parsed.samples.entry(name).or_default().push((labels, value));
        }
        for (name, count) in helps.iter().chain(types.iter()) {
            assert_eq!(*count, 1, "{name}: HELP and TYPE once each");
        }
        parsed
    }

    fn value(&self, metric: &str, wanted: &[(&str, &str)]) -> Option<f64> {
        self.samples.get(metric)?.iter().find_map(|(labels, value)| {
            wanted.iter().all(|(k, v)| labels.get(*k).map(String::as_str) == Some(*v)).then_some(*value)
        })
    }
}

/// `name{label="value",…} value`, the label values unescaped (`\\`, `\"`, `\n`).
fn sample(line: &str) -> (String, BTreeMap<String, String>, f64) {
    let open = line.find('{').unwrap_or_else(|| panic!("labels in {line}"));
    let name = line[..open].to_owned();
    assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'), "{name}");
    let mut labels = BTreeMap::new();
    let mut chars = line[open + 1..].chars();
    loop {
        let key: String = chars.by_ref().take_while(|c| *c != '=').collect();
        assert_eq!(chars.next(), Some('"'), "{line}");
        let mut value = String::new();
        loop {
            match chars.next().unwrap_or_else(|| panic!("unterminated value in {line}")) {
                '\\' => match chars.next() {
                    Some('\\') => value.push('\\'),
                    Some('"') => value.push('"'),
                    Some('n') => value.push('\n'),
                    other => panic!("a bad escape {other:?} in {line}"),
                },
                '"' => break,
                '\n' => panic!("a raw line feed in {line}"),
                c => value.push(c),
            }
        }
        labels.insert(key, value);
        match chars.next() {
            Some(',') => {}
            Some('}') => break,
            other => panic!("{other:?} after a label in {line}"),
        }
    }
    let rest: String = chars.collect();
    let value = rest.strip_prefix(' ').and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("a value in {line}"));
    (name, labels, value)
}

#[cfg(unix)]
#[test]
fn prometheus_textfile_is_replaced_atomically_and_parses() {
    use std::io::Read;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let demo = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("textfile");
    std::fs::create_dir(&out_dir).unwrap();
    let file = out_dir.join("portal.prom");
    std::fs::write(&file, "old\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let before = std::fs::metadata(&file).unwrap().ino();
    // What an exporter has open while the file is written.
    let mut reader = std::fs::File::open(&file).unwrap();
    let config = shop(&demo.url, "\"phosaigon.vn\"", "3303", CLIENT_PASSWORD) + &resell(&demo.url, true) + DOWN;
    let args = ["radar", "--all-profiles", "--format", "prometheus", "--output", file.to_str().unwrap()];
    let (code, out, err) = run(dir.path(), &config, &args);
    assert_eq!(code, 5, "the portal that is down is the exit code: {err}");
    assert!(out.is_empty(), "{out}");

    let mut old = String::new();
    reader.read_to_string(&mut old).unwrap();
    assert_eq!(old, "old\n", "the file was replaced, never written over");
    let meta = std::fs::metadata(&file).unwrap();
    assert_ne!(meta.ino(), before);
    assert_eq!(meta.permissions().mode() & 0o777, 0o640, "the permissions of the file it replaced");
    let names: Vec<_> = std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["portal.prom"], "no temporary file is left");

    let text = std::fs::read_to_string(&file).unwrap();
    let parsed = Exposition::parse(&text);
    let shop = [("profile", "shop"), ("portal", "my.example.vn")];
    assert_eq!(parsed.value("portal_radar_success", &shop), Some(1.0), "{text}");
    assert_eq!(parsed.value("portal_radar_success", &[("profile", "resell")]), Some(1.0), "{text}");
    assert_eq!(parsed.value("portal_radar_success", &[("profile", "down")]), Some(0.0), "{text}");
    assert!(parsed.value("portal_radar_duration_seconds", &[("profile", "down")]).is_some(), "{text}");
    let phosaigon = [("profile", "shop"), ("kind", "domain"), ("name", "phosaigon.vn"), ("id", "5120")];
    assert_eq!(parsed.value("portal_expiry_days", &phosaigon), Some(12.0), "{text}");
    let today = portal_tui::api::models::today();
    let midnight = (today + time::Duration::days(12)).midnight().assume_utc().unix_timestamp() as f64;
    assert_eq!(parsed.value("portal_expiry_timestamp_seconds", &phosaigon), Some(midnight), "{text}");
    let expired = [("kind", "certificate"), ("id", "3303"), ("status", "Expired")];
    assert!(parsed.value("portal_expiry_days", &expired).is_some_and(|d| d < 0.0), "{text}");
    // Every service the portal lists is there too, once per id.
    assert!(parsed.value("portal_expiry_days", &[("kind", "service"), ("id", "2207")]).is_some(), "{text}");

    // Written again over itself: still one file, the new one readable by the exporter.
    std::fs::remove_file(&file).unwrap();
    let (code, _, err) = run(dir.path(), &config, &args);
    assert_eq!(code, 5, "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o644);
    // Without --output, the same on stdout; a file in a folder that is not there is an error.
    let (code, out, _) = run(dir.path(), &config, &["--profile", "shop", "radar", "--format", "prometheus"]);
    assert_eq!(code, 0);
    assert_eq!(Exposition::parse(&out).value("portal_radar_success", &shop), Some(1.0));
    let missing = dir.path().join("nowhere/portal.prom");
    let (code, _, err) =
        run(dir.path(), &config, &["radar", "--format", "prometheus", "--output", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("error: cannot write"), "{err}");
}

#[test]
fn tsv_with_and_without_its_header() {
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    let config = shop(&demo.url, "\"phosaigon.vn\", \"example.vn\"", "3303", CLIENT_PASSWORD);
    let (code, out, err) = run(dir.path(), &config, &["radar", "--format", "tsv"]);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "profile\tportal\tkind\tname\tid\tstatus\texpires\tdays_left\tflags\terror");
    assert!(lines.iter().all(|l| l.split('\t').count() == 10), "{out}");
    let phosaigon = lines.iter().find(|l| l.contains("\tphosaigon.vn\t")).unwrap();
    let fields: Vec<&str> = phosaigon.split('\t').collect();
    assert_eq!((fields[7], fields[8], fields[9]), ("12", "expires_soon,autorenew_off", ""), "{phosaigon}");
    let (code, bare, _) = run(dir.path(), &config, &["radar", "--format", "tsv", "--no-header"]);
    assert_eq!(code, 1);
    assert_eq!(bare.lines().collect::<Vec<_>>(), lines[1..], "the same lines, without the header");
    // --json is --format json; with another format it is a usage error.
    let (code, _, err) = run(dir.path(), &config, &["radar", "--format", "tsv", "--json"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn every_profile_at_once_one_of_them_down() {
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    let config = shop(&demo.url, "\"phosaigon.vn\"", "", CLIENT_PASSWORD) + DOWN;
    let (code, out, err) = run(dir.path(), &config, &["radar", "--all-profiles"]);
    assert_eq!(code, 5, "the worst of them: the portal that is down\n{out}{err}");
    assert!(out.starts_with("Radar: 1 of 1 need attention (within 30 days)\n"), "{out}");
    assert!(out.contains("\ndown: could not be read: ") && out.contains("portal unreachable"), "{out}");
    let row = out.lines().find(|l| l.contains("phosaigon.vn")).unwrap();
    assert!(row.trim_start().starts_with("shop ") && row.contains("expires soon"), "{out}");
    assert!(out.contains("PROFILE"), "{out}");

    let (code, out, _) = run(dir.path(), &config, &["radar", "--all-profiles", "--json"]);
    assert_eq!(code, 5);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let profiles = doc["profiles"].as_array().unwrap();
    let states: Vec<(&str, &str)> =
        profiles.iter().map(|p| (p["profile"].as_str().unwrap(), p["state"].as_str().unwrap())).collect();
    assert_eq!(states, [("shop", "read"), ("down", "failed")]);
    assert_eq!(profiles[0]["items"][0]["name"], "phosaigon.vn");
    assert!(profiles[1]["error"].as_str().unwrap().contains("portal unreachable"), "{out}");
    assert_eq!(doc["flagged"], 1);
}

#[test]
fn profiles_picked_by_name_and_one_not_signed_in() {
    let demo = DemoServer::start(&["--seed-only"]);
    let dir = tempfile::tempdir().unwrap();
    let config = shop(&demo.url, "\"phosaigon.vn\"", "", CLIENT_PASSWORD) + &resell(&demo.url, false) + DOWN;
    let (code, out, err) = run(dir.path(), &config, &["--profile", "shop,resell", "radar"]);
    assert_eq!(code, 3, "not signed in is an authentication failure\n{out}{err}");
    assert!(out.contains("\nresell: not signed in: no remembered session"), "{out}");
    assert!(!out.contains("down"), "only the profiles asked for: {out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with("shop ") && l.contains("phosaigon.vn")), "{out}");
    // With its password, both are read; a name the file does not have is a usage error.
    let config = shop(&demo.url, "\"phosaigon.vn\"", "", CLIENT_PASSWORD) + &resell(&demo.url, true);
    let (code, out, err) = run(dir.path(), &config, &["--profile", "resell,shop", "radar", "--format", "tsv"]);
    assert_eq!(code, 1, "{err}");
    let mut profiles: Vec<&str> = out.lines().skip(1).map(|l| l.split('\t').next().unwrap()).collect();
    profiles.dedup();
    assert_eq!(profiles, ["resell", "shop"], "in the order asked for: {out}");
    let (code, _, err) = run(dir.path(), &config, &["--profile", "shop,nope", "radar"]);
    assert_eq!(code, 2);
    assert!(err.contains("no profile named \"nope\""), "{err}");
}

/// A portal without the lists (every one of them 404), that gives a watched domain and a
/// watched service on their own, and a domain name with a quote and a backslash in it.
async fn portal_without_lists() -> String {
    use axum::extract::Path as UrlPath;
    use axum::routing::get;
    use serde_json::json;
    let today = portal_tui::api::models::today();
    let date = |days: i64| (today + time::Duration::days(days)).to_string();
    let (domain_expires, service_due) = (date(200), date(20));
    let app = axum::Router::new()
        .route(
            "/domain/name/{name}",
            get(move |UrlPath(name): UrlPath<String>| async move {
                match name.as_str() {
                    "quoted.vn" => axum::Json(json!({ "details": [{
                        "id": "77", "name": "quo\"te\\d.vn", "status": "Active",
                        "expires": domain_expires, "autorenew": "1",
                    }]})),
                    _ => axum::Json(json!({ "error": ["Domain not found"] })),
                }
            }),
        )
        .route(
            "/service/{id}",
            get(move || async move {
                axum::Json(json!({ "service": {
                    "id": "2207", "name": "Hosting", "domain": "shop.vn", "status": "Active",
                    "billingcycle": "Monthly", "next_due": service_due,
                }}))
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn odd_profile(url: &str, name: &str, domains: &str, services: &str) -> String {
    format!(
        r#"
[profiles.{name}]
base_url = "{url}"
host = "odd.example"
auth = "basic"
username = "me@example.vn"
password_command = "echo secret-odd"
watch_domains = [{domains}]
watch_services = [{services}]
"#
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_portal_without_lists_leaves_uncovered_is_said() {
    let url = portal_without_lists().await;
    let dir = tempfile::tempdir().unwrap();
    let config = odd_profile(&url, "odd", "\"quoted.vn\"", "2207");
    let (code, out, err) = run_async(dir.path(), &config, &["radar"]).await;
    assert_eq!(code, 1, "the service falls due within 30 days\n{out}{err}");
    let not_covered = "Not covered: the portal does not list domains, services, invoices, tickets and \
                       certificates (only the watched ones are on the radar)";
    assert_eq!(out.lines().nth(1), Some(not_covered), "{out}");
    let service = out.lines().find(|l| l.contains("2207")).unwrap_or_else(|| panic!("{out}"));
    assert!(service.contains("service") && service.contains("shop.vn") && service.contains("20d"), "{out}");
    assert!(service.contains("due soon"), "{out}");
    // The name as the portal wrote it: a quote and a backslash aside, the name asked for.
    assert!(out.contains("quo\"te\\d.vn"), "{out}");

    let (code, out, _) = run_async(dir.path(), &config, &["radar", "--json"]).await;
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let lists = &doc["coverage"]["lists_not_offered"];
    assert_eq!(lists, &serde_json::json!(["domain", "service", "invoice", "ticket", "certificate"]), "{out}");
    assert_eq!(doc["coverage"]["read_anything"], true);
    let items = doc["items"].as_array().unwrap();
    assert!(items.iter().any(|i| i["kind"] == "service" && i["id"] == "2207" && i["days_left"] == 20), "{out}");

    let (code, out, _) = run_async(dir.path(), &config, &["radar", "--format", "nagios"]).await;
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("RADAR WARNING - 0 critical, 1 warning of 2 items: service shop.vn 20d"), "{out}");
    assert!(out.lines().next().unwrap().contains("[Not covered: the portal does not list domains"), "{out}");

    // A label value with a quote and a backslash, escaped and read back as it was.
    let (code, out, _) = run_async(dir.path(), &config, &["radar", "--format", "prometheus"]).await;
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(r#"name="quo\"te\\d.vn""#), "{out}");
    let parsed = Exposition::parse(&out);
    assert_eq!(parsed.value("portal_expiry_days", &[("name", "quo\"te\\d.vn"), ("id", "77")]), Some(200.0));
    assert_eq!(parsed.value("portal_radar_lookups_failed", &[("profile", "odd")]), Some(0.0));

    // Nothing on it could be read: never OK nor a calm radar.
    let config = odd_profile(&url, "gone", "\"gone.vn\"", "");
    let (code, out, _) = run_async(dir.path(), &config, &["radar", "--format", "nagios"]).await;
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("RADAR UNKNOWN - could not be read: ") && out.contains("Domain not found"), "{out}");
    let (code, out, _) = run_async(dir.path(), &config, &["radar", "--format", "prometheus"]).await;
    assert_eq!(code, 4, "{out}");
    assert_eq!(Exposition::parse(&out).value("portal_radar_success", &[("profile", "gone")]), Some(0.0));
    let (code, out, err) = run_async(dir.path(), &config, &["radar"]).await;
    assert_eq!((code, out.as_str()), (4, ""), "{err}");
    assert!(err.starts_with("error: ") && err.contains("Domain not found"), "{err}");
}
