//! `acme present|cleanup` and `acme certbot-auth|certbot-cleanup`, run as the built binary
//! against the demo portal in this process, on a registration (example.vn) and a hosted
//! zone (comtamsaigon.vn, kept as DNS.services keeps one: names in full, TXT quoted); the
//! wait against a DNS server started here on 127.0.0.1 that answers as an authoritative one
//! would, from the demo portal's records as they are now, or late, or never. Nothing here
//! asks any other address.

use crate::support;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::Output;
use std::sync::{Arc, Mutex};

use hickory_proto::op::{Message, MessageType, OpCode};
use hickory_proto::rr::rdata::{A, NS, TXT};
use hickory_proto::rr::{Name, RData, Record, RecordType};
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use serde_json::Value;
use support::cli;
use support::cli::text;
use support::portal::changes;

/// The TXT values `answer` gives for a name (lower case, no final dot) and how many
/// questions for TXT the server had before this one.
type Answers = dyn Fn(&str, usize) -> Vec<String> + Send + Sync;

/// A question the DNS server was asked: the name, the type, whether recursion was desired.
type Asked = (String, RecordType, bool);

/// A UDP DNS server on 127.0.0.1 answering as an authoritative server: TXT from its
/// `answer`, NS of any name as `ns1.` and `ns2.` under it, and A of any name as 127.0.0.1.
struct DnsServer {
    addr: SocketAddr,
    asked: Arc<Mutex<Vec<Asked>>>,
    task: tokio::task::JoinHandle<()>,
}

impl DnsServer {
    async fn start(answer: Box<Answers>) -> DnsServer {
        let socket = tokio::net::UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).await.unwrap();
        let addr = socket.local_addr().unwrap();
        let asked = Arc::new(Mutex::new(Vec::new()));
        let log = asked.clone();
        let task = tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            loop {
                let Ok((n, peer)) = socket.recv_from(&mut buf).await else { return };
                let Ok(request) = Message::from_vec(&buf[..n]) else { continue };
                let reply = respond(&request, &answer, &log);
                let _ = socket.send_to(&reply.to_vec().unwrap(), peer).await;
            }
        });
        DnsServer { addr, asked, task }
    }

    fn asked(&self) -> Vec<Asked> {
        self.asked.lock().unwrap().clone()
    }

    fn txt_questions(&self) -> usize {
        self.asked().iter().filter(|(_, kind, _)| *kind == RecordType::TXT).count()
    }
}

impl Drop for DnsServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn respond(request: &Message, answer: &Answers, log: &Mutex<Vec<Asked>>) -> Message {
    let mut reply = Message::new();
    reply
        .set_id(request.id())
        .set_message_type(MessageType::Response)
        .set_op_code(OpCode::Query)
        .set_authoritative(true)
        .set_recursion_desired(request.recursion_desired());
    reply.add_queries(request.queries().to_vec());
    for query in request.queries() {
        let name = query.name().to_ascii().trim_end_matches('.').to_lowercase();
        let before = {
            let mut asked = log.lock().unwrap();
            let before = asked.iter().filter(|(_, kind, _)| *kind == RecordType::TXT).count();
            asked.push((name.clone(), query.query_type(), request.recursion_desired()));
            before
        };
        let owner = query.name().clone();
        match query.query_type() {
            RecordType::TXT => {
                for value in answer(&name, before) {
                    reply.add_answer(Record::from_rdata(owner.clone(), 60, RData::TXT(TXT::new(vec![value]))));
                }
            }
            RecordType::NS => {
                for ns in ["ns1", "ns2"] {
                    let target = Name::from_ascii(format!("{ns}.{name}.")).unwrap();
                    reply.add_answer(Record::from_rdata(owner.clone(), 60, RData::NS(NS(target))));
                }
            }
            RecordType::A => {
                reply.add_answer(Record::from_rdata(owner, 60, RData::A(A(Ipv4Addr::LOCALHOST))));
            }
            _ => {}
        }
    }
    reply
}

/// The TXT values at `name` in the demo's records of a registration or a hosted zone as
/// they are now, unquoted as DNS serves them.
fn txt_values(records: &[Value], name: &str, domain: &str) -> Vec<String> {
    records
        .iter()
        .filter(|r| r["type"] == "TXT")
        .filter(|r| {
            let listed = r["name"].as_str().unwrap_or_default().trim_end_matches('.').to_lowercase();
            listed == name || format!("{listed}.{domain}") == name
        })
        .map(|r| r["content"].as_str().unwrap_or_default().trim_matches('"').to_owned())
        .collect()
}

/// A DNS server serving the demo's records of `example.vn`'s registration in use (5188).
async fn serving_registration(demo: &Arc<DemoPortal>) -> DnsServer {
    let demo = demo.clone();
    DnsServer::start(Box::new(move |name, _| {
        let records = demo.dns_records(CLIENT_HOST, "5188").unwrap_or_default();
        txt_values(&records, name, "example.vn")
    }))
    .await
}

/// A DNS server serving the demo's hosted zone comtamsaigon.vn (service 2230, zone 62).
async fn serving_zone(demo: &Arc<DemoPortal>) -> DnsServer {
    let demo = demo.clone();
    DnsServer::start(Box::new(move |name, _| {
        let records = demo.zone_records(CLIENT_HOST, "2230", "62").unwrap_or_default();
        txt_values(&records, name, "comtamsaigon.vn")
    }))
    .await
}

async fn demo() -> Arc<DemoPortal> {
    Arc::new(DemoPortal::start_local(DemoOptions::default()).await.unwrap())
}

async fn portal_tui(demo: &DemoPortal, state: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(args);
    for (key, value) in env {
        cmd.env(key, value);
    }
    cli::output(cmd).await
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("one JSON object ({e}): {}", text(&out.stdout)))
}

fn change_log(state: &Path) -> String {
    std::fs::read_to_string(state.join("changes.log")).unwrap_or_default()
}

const VALUE_A: &str = "LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0";
const VALUE_B: &str = "-Kz3iAyYkq0s9h5dwQYxv3TpCEbV1bQWxRi8cz5n2fE";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn present_then_cleanup_on_a_registration_adds_and_removes_exactly_one_txt() {
    let demo = demo().await;
    let dns = serving_registration(&demo).await;
    let state = tempfile::tempdir().unwrap();
    let before = demo.dns_records(CLIENT_HOST, "5188").unwrap();
    let ns = dns.addr.to_string();
    let name = "_acme-challenge.example.vn.";

    let out = portal_tui(&demo, state.path(), &["acme", "present", name, VALUE_A, "--nameserver", &ns], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"]);
    let said = text(&out.stdout);
    assert!(
        said.contains(&format!("_acme-challenge.example.vn: TXT \"{VALUE_A}\" added (example.vn, registration 5188)"))
    );
    assert!(said.contains("seen at every authoritative name server of example.vn (1) after"), "{said}");
    // Sent as the one DNS writer writes it: the host relative, the text bare, no TTL (a
    // registrar's DNS takes none).
    let log = change_log(state.path());
    let body = format!(r#"POST /domain/5188/dns {{"name":"_acme-challenge","type":"TXT","content":"{VALUE_A}"}}"#);
    assert!(log.contains(&body), "{log}");
    assert_eq!(log.lines().count(), 2, "before and after: {log}");
    let now = demo.dns_records(CLIENT_HOST, "5188").unwrap();
    assert_eq!(txt_values(&now, "_acme-challenge.example.vn", "example.vn"), [VALUE_A]);
    assert_eq!(now.len(), before.len() + 1, "one record more");
    // The server was asked without recursion, for the record's name.
    let asked = dns.asked();
    assert!(asked.iter().any(|(n, kind, rd)| n == "_acme-challenge.example.vn" && *kind == RecordType::TXT && !rd));
    assert!(asked.iter().all(|(_, _, rd)| !rd), "{asked:?}");

    let out = portal_tui(&demo, state.path(), &["acme", "cleanup", name, VALUE_A], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let removed = changes(&demo);
    assert_eq!(removed.len(), 2, "{removed:?}");
    assert!(removed[1].starts_with("DELETE /domain/5188/dns/"), "{removed:?}");
    assert!(text(&out.stdout).contains(&format!("TXT \"{VALUE_A}\" removed (example.vn, registration 5188)")));
    assert_eq!(demo.dns_records(CLIENT_HOST, "5188").unwrap(), before, "the records as they were");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_hosted_zone_values_live_side_by_side_and_nothing_is_sent_twice() {
    let demo = demo().await;
    let dns = serving_zone(&demo).await;
    let state = tempfile::tempdir().unwrap();
    let zone = || demo.zone_records(CLIENT_HOST, "2230", "62").unwrap();
    let before = zone();
    let ns = dns.addr.to_string();
    let name = "_acme-challenge.comtamsaigon.vn.";
    let present = |value: &'static str| {
        let (demo, state, ns) = (demo.clone(), state.path().to_owned(), ns.clone());
        async move {
            let args = ["--json", "acme", "present", name, value, "--nameserver", &ns];
            portal_tui(&demo, &state, &args, &[]).await
        }
    };

    let out = present(VALUE_A).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!((said["outcome"].as_str(), said["sent"].as_bool()), (Some("added"), Some(true)), "{said}");
    assert_eq!((said["domain"].as_str(), said["at"]["zone"].as_u64()), (Some("comtamsaigon.vn"), Some(62)));
    assert_eq!(said["changes"][0]["request"]["path"], "/service/2230/dns/62/records");
    assert_eq!(said["changes"][0]["request"]["body"]["name"], "_acme-challenge", "relative: {said}");
    assert_eq!(said["changes"][0]["request"]["body"]["content"], VALUE_A, "bare: {said}");
    assert_eq!(said["changes"][0]["check"]["landed"], true);
    assert_eq!((said["visible"].as_bool(), said["servers"][0]["answer"].as_str()), (Some(true), Some("holds")));
    // Kept as DNS.services keeps it: the name in full, the text quoted.
    let added: Vec<Value> =
        zone().into_iter().filter(|r| r["type"] == "TXT" && r["content"].as_str().unwrap().contains(VALUE_A)).collect();
    assert_eq!(added.len(), 1, "{added:?}");
    assert_eq!(
        (added[0]["name"].as_str(), added[0]["content"].as_str()),
        (Some("_acme-challenge.comtamsaigon.vn"), Some(format!("\"{VALUE_A}\"").as_str()))
    );

    // A second value beside the first (a wildcard and its apex), a value beginning with -.
    let out = present(VALUE_B).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(json(&out)["outcome"], "added");
    let both = txt_values(&zone(), "_acme-challenge.comtamsaigon.vn", "comtamsaigon.vn");
    assert_eq!(both, [VALUE_A, VALUE_B], "side by side");

    // The same value again: nothing sent, still waited for and seen.
    let sent = changes(&demo).len();
    let out = present(VALUE_A).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!(
        (said["outcome"].as_str(), said["sent"].as_bool(), said["visible"].as_bool()),
        (Some("already_there"), Some(false), Some(true))
    );
    assert_eq!(changes(&demo).len(), sent, "nothing sent: {:?}", changes(&demo));

    // Cleanup takes one value away and leaves the other.
    let out = portal_tui(&demo, state.path(), &["acme", "cleanup", name, VALUE_A, "--json"], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!(said["outcome"], "removed");
    assert!(said["changes"][0]["request"]["path"].as_str().unwrap().starts_with("/service/2230/dns/62/records/"));
    assert_eq!(txt_values(&zone(), "_acme-challenge.comtamsaigon.vn", "comtamsaigon.vn"), [VALUE_B]);

    // A value not there: nothing sent, exit 0.
    let sent = changes(&demo).len();
    let out = portal_tui(&demo, state.path(), &["acme", "cleanup", name, VALUE_A], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(&format!("there is no TXT \"{VALUE_A}\"")), "{}", text(&out.stdout));
    assert_eq!(changes(&demo).len(), sent);

    let out = portal_tui(&demo, state.path(), &["acme", "cleanup", name, VALUE_B], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(zone().len(), before.len(), "every record added is gone");
    let log = change_log(state.path());
    assert_eq!(log.lines().count(), 8, "four changes, two lines each:\n{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn certbots_variables_and_legos_raw_mode_are_the_same_challenge() {
    let demo = demo().await;
    let dns = serving_registration(&demo).await;
    let state = tempfile::tempdir().unwrap();
    let ns = dns.addr.to_string();
    let (token, key_auth) = (
        "evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA",
        "evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA.9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI",
    );
    // RFC 8555, 8.4: the key authorization's SHA-256, base64url without padding.
    let value = {
        use base64::Engine;
        use sha2::Digest;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(key_auth.as_bytes()))
    };

    let certbot = [("CERTBOT_DOMAIN", "example.vn"), ("CERTBOT_VALIDATION", value.as_str())];
    let out = portal_tui(&demo, state.path(), &["--json", "acme", "certbot-auth", "--nameserver", &ns], &certbot).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let by_certbot = json(&out);
    assert_eq!(by_certbot["outcome"], "added");

    let raw = ["--json", "acme", "present", "--nameserver", &ns, "--", "example.vn", token, key_auth];
    let out = portal_tui(&demo, state.path(), &raw, &[("EXEC_MODE", "RAW")]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let by_lego = json(&out);
    assert_eq!(by_lego["outcome"], "already_there", "the same record: {by_lego}");
    for field in ["name", "value", "domain", "at"] {
        assert_eq!(by_certbot[field], by_lego[field], "{field}");
    }
    assert_eq!(by_lego["name"], "_acme-challenge.example.vn");
    assert_eq!(changes(&demo).len(), 1);

    let out = portal_tui(&demo, state.path(), &["acme", "certbot-cleanup"], &certbot).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out =
        portal_tui(&demo, state.path(), &["--json", "acme", "cleanup", "--", "example.vn", token, key_auth], &[]).await;
    assert_eq!(json(&out)["outcome"], "not_there", "certbot's cleanup removed it");
    assert_eq!(
        txt_values(&demo.dns_records(CLIENT_HOST, "5188").unwrap(), "_acme-challenge.example.vn", "example.vn"),
        Vec::<String>::new()
    );

    // Without certbot's variables: said, exit 2, before any portal is asked.
    demo.reset_traffic();
    let out = portal_tui(&demo, state.path(), &["acme", "certbot-auth"], &[("CERTBOT_DOMAIN", "example.vn")]).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("CERTBOT_VALIDATION is not set"), "{}", text(&out.stderr));
    assert!(demo.requests().is_empty(), "{:?}", demo.requests());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_answers_late_is_waited_for_and_said_so() {
    let demo = demo().await;
    // The value only from the third question on, other values before.
    let dns = DnsServer::start(Box::new(|_, before| match before {
        0 | 1 => vec!["something-else".to_owned()],
        _ => vec!["something-else".to_owned(), VALUE_A.to_owned()],
    }))
    .await;
    let state = tempfile::tempdir().unwrap();
    let ns = dns.addr.to_string();
    let args = ["acme", "present", "_acme-challenge.sub.example.vn.", VALUE_A, "--nameserver", &ns];
    let out = portal_tui(&demo, state.path(), &args, &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let progress = text(&out.stderr);
    assert!(
        progress.contains(&format!(
            "waiting until the authoritative name servers of example.vn answer it, at most 300 s (1: {ns})"
        )),
        "{progress}"
    );
    assert!(progress.contains(&format!("waiting for {ns}: not yet, 0 s")), "{progress}");
    assert!(progress.contains(&format!("{ns} answers it, after ")), "{progress}");
    assert_eq!(dns.txt_questions(), 3);
    // The longest name above it the portal has: example.vn, the host below it.
    assert!(demo.requests().contains(&"GET /domain/name/sub.example.vn".to_owned()), "{:?}", demo.requests());
    let log = change_log(state.path());
    assert!(log.contains(r#""name":"_acme-challenge.sub","type":"TXT""#), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_limit_is_said_in_words_with_exit_5_and_no_wait_asks_no_server() {
    let demo = demo().await;
    let dns = DnsServer::start(Box::new(|_, _| vec!["an-old-value".to_owned()])).await;
    let state = tempfile::tempdir().unwrap();
    let ns = dns.addr.to_string();
    let name = "_acme-challenge.example.vn";
    let args = ["--json", "acme", "present", name, VALUE_A, "--nameserver", &ns, "--wait-timeout", "3"];
    let out = portal_tui(&demo, state.path(), &args, &[]).await;
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!((said["outcome"].as_str(), said["visible"].as_bool()), (Some("not_seen"), Some(false)), "{said}");
    assert_eq!(said["servers"][0]["values"], serde_json::json!(["an-old-value"]));
    let words = text(&out.stderr);
    assert!(words.contains("error: not seen in time: after "), "{words}");
    assert!(
        words.contains(&format!(" s, not answered by {ns} (authoritative name servers of example.vn asked: 1)")),
        "{words}"
    );
    assert!(dns.txt_questions() >= 2, "asked again before giving up");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"], "the record stays");

    // In Vietnamese, the same.
    let out = portal_tui(
        &demo,
        state.path(),
        &["--lang", "vi", "acme", "present", name, VALUE_A, "--nameserver", &ns, "--wait-timeout", "1"],
        &[],
    )
    .await;
    assert_eq!(out.status.code(), Some(5));
    let words = text(&out.stderr);
    assert!(words.contains(&format!("đang chờ {ns}: chưa có, 0 giây")), "{words}");
    assert!(words.contains("không thấy kịp"), "{words}");
    assert!(text(&out.stdout).contains("đã có sẵn TXT"), "{}", text(&out.stdout));

    // --no-wait: the portal's record, no server asked.
    let asked = dns.txt_questions();
    let out = portal_tui(
        &demo,
        state.path(),
        &["--json", "acme", "present", name, VALUE_B, "--no-wait", "--nameserver", &ns],
        &[],
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!((said["outcome"].as_str(), said["visible"].clone()), (Some("added"), Value::Null));
    assert_eq!(dns.txt_questions(), asked, "no server asked");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_without_dns_at_this_portal_is_said_and_nothing_sent() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let args = ["acme", "present", "_acme-challenge.www.nowhere-else.com.", VALUE_A, "--no-wait"];
    let out = portal_tui(&demo, state.path(), &args, &[]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    let words = text(&out.stderr);
    assert!(words.contains("error: _acme-challenge.www.nowhere-else.com has no DNS at this portal"), "{words}");
    assert!(words.contains("_acme-challenge.www.nowhere-else.com, www.nowhere-else.com, nowhere-else.com"), "{words}");
    assert!(changes(&demo).is_empty());
    // A name that is not one: refused before the portal is asked.
    demo.reset_traffic();
    let out = portal_tui(&demo, state.path(), &["acme", "present", "not a name", VALUE_A], &[]).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(demo.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_authoritative_servers_are_found_from_the_zones_ns_records() {
    let dns = DnsServer::start(Box::new(|_, _| Vec::new())).await;
    let servers =
        portal_tui::api::dns::propagation::authoritative("example.vn", &[dns.addr], dns.addr.port()).await.unwrap();
    let found: Vec<(String, SocketAddr)> = servers.into_iter().map(|s| (s.name, s.addr)).collect();
    let at = SocketAddr::from((Ipv4Addr::LOCALHOST, dns.addr.port()));
    assert_eq!(found, [("ns1.example.vn".to_owned(), at), ("ns2.example.vn".to_owned(), at)]);
    let asked = dns.asked();
    assert!(asked.iter().any(|(n, kind, rd)| n == "example.vn" && *kind == RecordType::NS && *rd), "{asked:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_server_never_keeps_the_hook_past_its_time_limit() {
    let demo = demo().await;
    // Bound on 127.0.0.1 and never read: every question goes unanswered.
    let silent = tokio::net::UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).await.unwrap();
    let ns = silent.local_addr().unwrap().to_string();
    let state = tempfile::tempdir().unwrap();
    let args = ["--json", "acme", "present", "_acme-challenge.example.vn", VALUE_A, "--nameserver", &ns];
    let started = std::time::Instant::now();
    let out = portal_tui(&demo, state.path(), &[&args[..], &["--wait-timeout", "1"]].concat(), &[]).await;
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    // A question alone may take 3 s over UDP and as long again over TCP.
    assert!(took < std::time::Duration::from_millis(4500), "{took:?}");
    let said = json(&out);
    assert_eq!(said["servers"][0]["answer"], "silent", "{said}");
    assert!(text(&out.stderr).contains(&format!("waiting for {ns}: no answer (")), "{}", text(&out.stderr));
}

/// `sh ARGS` with the binary on its PATH, signed in as `demo`'s client.
fn sh(demo: &DemoPortal, state: &Path, args: &[&std::ffi::OsStr]) -> std::process::Command {
    let mut cmd = std::process::Command::new("sh");
    for (key, value) in support::binary::clean_env() {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        };
    }
    let bin = support::binary::path();
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let login = demo.login_for(CLIENT_HOST).unwrap();
    cmd.args(args)
        .env("PATH", path)
        .env("PORTAL_STATE_DIR", state)
        .env("PORTAL_BASE_URL", demo.url())
        .env("PORTAL_HOST", login.host)
        .env("PORTAL_USERNAME", login.username)
        .env("PORTAL_PASSWORD", login.password)
        .stdin(std::process::Stdio::null());
    cmd
}

fn contrib(script: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("contrib").join(script)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_contrib_scripts_for_lego_and_acme_sh_call_the_hooks() {
    let demo = demo().await;
    let dns = serving_registration(&demo).await;
    let state = tempfile::tempdir().unwrap();
    let ns = dns.addr.to_string();
    // lego's EXEC_PATH in RAW mode, the wait's server from the environment.
    let script = contrib("lego-portal-tui");
    let raw = ["present", "--", "example.vn", "tok-en", "tok-en.thumbprint"].map(std::ffi::OsStr::new);
    let mut lego = sh(&demo, state.path(), &[&[script.as_os_str()], &raw[..]].concat());
    lego.env("EXEC_MODE", "RAW").env("PORTAL_ACME_NAMESERVER", &ns);
    let out = cli::output(lego).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("seen at every authoritative name server of example.vn"), "{said}");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"]);
    assert!(dns.txt_questions() > 0);

    // acme.sh's dnsapi functions sourced, with stand-ins for acme.sh's own: added, removed,
    // then removed again, which sends nothing.
    let stand_ins = r#"_info() { echo "$@"; }; _err() { echo "$@" >&2; }; _readaccountconf_mutable() { :; }; _saveaccountconf_mutable() { :; }"#;
    let run = format!(
        r#". "$1"; {stand_ins}; dns_portaltui_add "$2" "$3" && dns_portaltui_rm "$2" "$3" && dns_portaltui_rm "$2" "$3""#
    );
    let file = contrib("dns_portaltui.sh");
    let args = ["-c", &run, "sh"].map(std::ffi::OsStr::new);
    let challenge = ["_acme-challenge.example.vn", VALUE_B].map(std::ffi::OsStr::new);
    let mut acme_sh = sh(&demo, state.path(), &[&args[..], &[file.as_os_str()], &challenge[..]].concat());
    acme_sh.env("PORTAL_ACME_NAMESERVER", &ns);
    let out = cli::output(acme_sh).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let after = changes(&demo);
    assert_eq!(after.len(), 3, "{after:?}");
    assert!(after[1] == "POST /domain/5188/dns" && after[2].starts_with("DELETE /domain/5188/dns/"), "{after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_is_settled_by_reading_again_and_a_refusal_is_said() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    let fault = |rule: &str| vec![rule.parse::<portal_tui::demo::FaultRule>().unwrap()];
    // Applied, its answer lost: the records read again show it, and it is not sent again.
    demo.set_faults(fault("lost-answer@POST/domain/5188/dns"));
    let args = ["--json", "acme", "present", "_acme-challenge.example.vn", VALUE_A, "--no-wait"];
    let out = portal_tui(&demo, state.path(), &args, &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    assert_eq!((said["outcome"].as_str(), said["changes"][0]["outcome"].as_str()), (Some("added"), Some("applied")));
    assert_eq!(said["changes"][0]["check"]["landed"], true, "{said}");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"], "sent once");

    // Refused by the portal: said in the hook's terms, exit 4.
    demo.set_faults(fault("error-200@POST/service/2230/dns/62/records"));
    let args = ["acme", "present", "_acme-challenge.comtamsaigon.vn", VALUE_A, "--no-wait"];
    let out = portal_tui(&demo, state.path(), &args, &[]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    let words = text(&out.stderr);
    assert!(words.contains("error: the portal refused the change of _acme-challenge.comtamsaigon.vn: "), "{words}");
    assert!(text(&out.stdout).is_empty(), "{}", text(&out.stdout));
}

/// The hook writes only at `_acme-challenge.*` names, as `dns add` would: beside a CNAME
/// (a delegation to acme-dns) it writes nothing and says where the record belongs, and a
/// cleanup at another name (an apex SPF record) is refused before anything is read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hook_keeps_the_rules_of_dns_add_and_its_own_names() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    for (hook, name, value) in [
        ("cleanup", "example.vn", "v=spf1 a mx ~all"),
        ("present", "example.vn", "v=spf1 include:evil.example ~all"),
        ("present", "www.example.vn", VALUE_A),
        ("cleanup", "_acme-challenge", VALUE_A),
    ] {
        let args = ["acme", hook, name, value, "--no-wait"];
        // `--no-wait` is `present`'s only.
        let args = if hook == "present" { &args[..] } else { &args[..4] };
        let out = portal_tui(&demo, state.path(), args, &[]).await;
        assert_eq!(out.status.code(), Some(2), "{hook} {name}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("_acme-challenge"), "{}", text(&out.stderr));
    }
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
    let records = demo.dns_records(CLIENT_HOST, "5188").unwrap();
    let spf = records.iter().filter(|r| r["type"] == "TXT" && r["content"].as_str() == Some("\"v=spf1 a mx ~all\""));
    assert_eq!(spf.count(), 1, "the SPF record stays: {records:?}");

    // Delegated by a CNAME: nothing beside it.
    let delegate = ["dns", "add", "example.vn", "_acme-challenge", "CNAME", "d420.auth.acme-dns.example.org.", "--yes"];
    let out = portal_tui(&demo, state.path(), &delegate, &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    demo.reset_traffic();
    let out =
        portal_tui(&demo, state.path(), &["acme", "present", "_acme-challenge.example.vn", VALUE_A, "--no-wait"], &[])
            .await;
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains("is a CNAME to d420.auth.acme-dns.example.org") && said.contains("nothing was sent"),
        "{said}"
    );
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

/// A portal that looks names up by suffix answers `shop.example.vn` with example.vn's
/// registration: nothing of `shop.example.vn` is read or written there, and the hook
/// writes its record where the zone above it is kept, under its own name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_answered_for_another_is_not_that_name() {
    let demo = demo().await;
    let state = tempfile::tempdir().unwrap();
    demo.set_faults(vec!["lookup-by-suffix".parse().unwrap()]);
    let out = portal_tui(&demo, state.path(), &["dns", "shop.example.vn"], &[]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("the portal answered for example.vn, not shop.example.vn"),
        "{}",
        text(&out.stderr)
    );
    let add = ["dns", "add", "shop.example.vn", "www", "A", "203.0.113.7", "--yes"];
    let out = portal_tui(&demo, state.path(), &add, &[]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    assert!(changes(&demo).is_empty(), "nothing written: {:?}", changes(&demo));

    let present = ["acme", "present", "_acme-challenge.shop.example.vn", VALUE_A, "--no-wait"];
    let out = portal_tui(&demo, state.path(), &present, &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records = demo.dns_records(CLIENT_HOST, "5188").unwrap();
    assert_eq!(txt_values(&records, "_acme-challenge.shop.example.vn", "example.vn"), [VALUE_A], "{records:?}");
    assert!(txt_values(&records, "_acme-challenge.example.vn", "example.vn").is_empty(), "{records:?}");
}
