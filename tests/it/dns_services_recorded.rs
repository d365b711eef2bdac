//! The DNS commands against a portal that answers as DNS.services' recorded traffic shows
//! (`fixtures/dns_services/recorded.json`: the answers in the recorded shapes, served as
//! data): a zone keyed by sparse places with every value text and names in full, TXT stored
//! quoted by the portal, an SOA whose content is a list, a create answered without the
//! record's id and with `[code, type]` pairs, an update answered with a code. What the
//! portal is sent is kept and checked against what its own clients send: hosts relative to
//! the zone, TXT text bare, a TTL on every create, a priority only where the type has one.

use crate::support;

use std::path::Path;
use std::process::Output;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// The recorded answers.
fn recorded() -> Value {
    serde_json::from_str(include_str!("fixtures/dns_services/recorded.json")).unwrap()
}

/// The portal's state: the zone's records by place, and every change request it was sent
/// (`METHOD /path BODY`).
struct Portal {
    records: Vec<(u64, Value)>,
    sent: Vec<String>,
}

type Shared = Arc<Mutex<Portal>>;

fn text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}

impl Portal {
    fn new() -> Portal {
        let zone = &recorded()["zone"]["records"];
        let records = zone.as_object().unwrap().iter().map(|(k, v)| (k.parse().unwrap(), v.clone())).collect();
        Portal { records, sent: Vec::new() }
    }

    /// A record as DNS.services keeps what it is sent: the name in full, TXT quoted (once
    /// more, whatever it was sent), every value text.
    fn kept(id: &str, sent: &Value) -> Value {
        let name = text(&sent["name"]).trim_end_matches('.').to_owned();
        let name = match name.as_str() {
            "" | "@" | "astylos.dk" => "astylos.dk".to_owned(),
            n if n.ends_with(".astylos.dk") => n.to_owned(),
            n => format!("{n}.astylos.dk"),
        };
        let kind = text(&sent["type"]);
        let content = text(&sent["content"]);
        let content = if kind == "TXT" { format!("\"{content}\"") } else { content };
        let priority = sent.get("priority").map_or_else(|| "0".to_owned(), text);
        json!({
            "id": id, "domain_id": "1178", "name": name, "type": kind, "content": content,
            "ttl": sent.get("ttl").map_or_else(|| "3600".to_owned(), text),
            "prio": priority, "change_date": "0", "priority": priority,
        })
    }

    fn next_serial(&mut self) {
        for (_, r) in self.records.iter_mut().filter(|(_, r)| r["type"] == "SOA") {
            let serial: u64 = text(&r["content"][2]).parse().unwrap();
            r["content"][2] = json!((serial + 1).to_string());
        }
    }

    fn at(&self, id: &str) -> Option<usize> {
        self.records.iter().position(|(_, r)| r["id"] == id)
    }

    fn answer(&mut self, method: &Method, path: &str, body: &[u8]) -> Value {
        let answers = recorded();
        let sent: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        match (method.as_str(), path) {
            ("GET", "/api/dns") => answers["zones"].clone(),
            ("GET", "/api/service/292/dns/1178") => {
                let records: serde_json::Map<String, Value> =
                    self.records.iter().map(|(place, r)| (place.to_string(), r.clone())).collect();
                json!({ "service_id": "292", "name": "astylos.dk", "records": records })
            }
            ("POST", "/api/service/292/dns/1178/records") => {
                let id = self.records.iter().map(|(_, r)| text(&r["id"]).parse::<u64>().unwrap()).max().unwrap() + 1;
                let place = self.records.iter().map(|(p, _)| *p).max().unwrap() + 1;
                self.records.push((place, Portal::kept(&id.to_string(), &sent)));
                self.next_serial();
                // Answered as recorded: what was sent, without an id; info as pairs.
                let mut answer = answers["create"].clone();
                let kind = sent["type"].clone();
                answer["record"] = json!({
                    "name": sent["name"], "type": kind, "ttl": sent["ttl"],
                    "priority": sent.get("priority").cloned().unwrap_or(json!(0)), "content": sent["content"],
                });
                answer["info"] = json!([["dnsnewrecordadded", kind]]);
                answer
            }
            (method, path) if path.starts_with("/api/service/292/dns/1178/records/") => {
                let id = path.rsplit('/').next().unwrap();
                let Some(at) = self.at(id) else { return answers["update_unknown"].clone() };
                if method == "DELETE" {
                    self.records.remove(at);
                    self.next_serial();
                    return answers["delete"].clone();
                }
                self.records[at].1 = Portal::kept(id, &sent);
                self.next_serial();
                let mut answer = answers["update"].clone();
                answer["record"] = json!({
                    "id": id, "type": sent["type"], "ttl": sent["ttl"], "name": sent["name"],
                    "priority": sent.get("priority").cloned().unwrap_or(json!(0)), "content": sent["content"],
                });
                answer
            }
            _ => json!({ "error": ["invalid method"] }),
        }
    }
}

/// Serves the portal under `/api`, as DNS.services does: its base URL, and its state.
async fn portal() -> (String, Shared) {
    let shared: Shared = Arc::new(Mutex::new(Portal::new()));
    let state = shared.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
        let state = state.clone();
        async move {
            let path = uri.path().to_owned();
            if path == "/api/login" {
                let login = &recorded()["login"];
                let mut reply = axum::Json(login["body"].clone()).into_response();
                for (name, value) in login["headers"].as_object().unwrap() {
                    reply
                        .headers_mut()
                        .insert(name.as_str().parse::<axum::http::HeaderName>().unwrap(), text(value).parse().unwrap());
                }
                return reply;
            }
            let signed_in = headers.get("authorization").is_some_and(|v| v == "Bearer TOKEN");
            if !signed_in {
                return (StatusCode::UNAUTHORIZED, axum::Json(json!({ "error": ["unauthorized"] }))).into_response();
            }
            let mut portal = state.lock().unwrap();
            if method != Method::GET {
                portal.sent.push(format!("{method} {path} {}", String::from_utf8_lossy(&body)));
            }
            let answer: Response = axum::Json(portal.answer(&method, &path, &body)).into_response();
            answer
        }
    });
    (support::portal::serve(app).await + "/api", shared)
}

/// The binary signed in to the portal at `url` by JWT, its state in `state`.
async fn run(url: &str, state: &Path, args: &[&str]) -> Output {
    let mut cmd = support::cli::command();
    cmd.env("PORTAL_STATE_DIR", state)
        .env("PORTAL_BASE_URL", url)
        .env("PORTAL_AUTH", "jwt")
        .env("PORTAL_USERNAME", "me@astylos.dk")
        .env("PORTAL_PASSWORD", "secret-password")
        .args(args);
    support::cli::output(cmd).await
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn sent(portal: &Shared) -> Vec<String> {
    portal.lock().unwrap().sent.clone()
}

/// The zone's records now, as the portal keeps them: `name type content`.
fn kept(portal: &Shared) -> Vec<String> {
    let portal = portal.lock().unwrap();
    portal
        .records
        .iter()
        .map(|(_, r)| format!("{} {} {}", text(&r["name"]), text(&r["type"]), text(&r["content"])))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_record_reads_the_soa_in_words_and_txt_as_its_text() {
    let (url, _portal) = portal().await;
    let state = tempfile::tempdir().unwrap();
    let listed = run(&url, state.path(), &["dns", "astylos.dk"]).await;
    assert_eq!(listed.status.code(), Some(0), "{}", err(&listed));
    let shown = out(&listed);
    assert!(!shown.contains("expected"), "no decoding error: {shown}");
    assert!(shown.contains("primary server ns1.dns.services, contact post.dns.services, serial 2022031025"), "{shown}");
    assert!(shown.contains("v=spf1 include:_spf.google.com ~all") && !shown.contains("\"v=spf1"), "{shown}");
    assert!(shown.contains(" fisk\n"), "{shown}");
    assert_eq!(shown.lines().skip(2).count(), 17, "every record, under the heading and the header: {shown}");
    // In Vietnamese too.
    let vi = run(&url, state.path(), &["--lang", "vi", "dns", "astylos.dk"]).await;
    assert!(out(&vi).contains("máy chủ chính ns1.dns.services"), "{}", out(&vi));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_txt_record_is_sent_bare_and_relative_and_set_again_sends_nothing() {
    let (url, portal) = portal().await;
    let state = tempfile::tempdir().unwrap();
    let add = run(&url, state.path(), &["dns", "add", "astylos.dk", "_acme-challenge", "TXT", "TOKEN", "--yes"]).await;
    assert_eq!(add.status.code(), Some(0), "{}{}", out(&add), err(&add));
    assert_eq!(
        sent(&portal),
        [
            r#"POST /api/service/292/dns/1178/records {"name":"_acme-challenge","type":"TXT","content":"TOKEN","ttl":43200}"#
        ],
        "the bare text, the relative name, the zone's usual TTL, no priority"
    );
    assert!(
        kept(&portal).contains(&"_acme-challenge.astylos.dk TXT \"TOKEN\"".to_owned()),
        "quoted once: {:?}",
        kept(&portal)
    );
    assert!(out(&add).contains("the record was added to the zone"), "the code in words: {}", out(&add));
    // Stored quoted, it is the same text: nothing more is sent, however many times.
    for _ in 0..2 {
        let set =
            run(&url, state.path(), &["dns", "set", "astylos.dk", "_acme-challenge", "TXT", "TOKEN", "--yes"]).await;
        assert_eq!(set.status.code(), Some(0), "{}{}", out(&set), err(&set));
    }
    assert_eq!(sent(&portal).len(), 1, "{:?}", sent(&portal));
    // The record added is found by reading back and can be deleted by its id.
    let json = run(&url, state.path(), &["dns", "astylos.dk", "--json"]).await;
    let listed: Value = serde_json::from_slice(&json.stdout).unwrap();
    let id = listed
        .as_object()
        .unwrap()
        .values()
        .find(|r| r["name"] == "_acme-challenge.astylos.dk")
        .map(|r| text(&r["id"]))
        .unwrap();
    let delete = run(&url, state.path(), &["dns", "delete", "astylos.dk", &id, "--yes"]).await;
    assert_eq!(delete.status.code(), Some(0), "{}{}", out(&delete), err(&delete));
    assert_eq!(sent(&portal)[1], format!("DELETE /api/service/292/dns/1178/records/{id} "));
    assert!(!kept(&portal).iter().any(|r| r.starts_with("_acme-challenge")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_apex_changes_beside_its_soa_and_the_soa_is_never_offered() {
    let (url, portal) = portal().await;
    let state = tempfile::tempdir().unwrap();
    let set = run(&url, state.path(), &["dns", "set", "astylos.dk", "@", "A", "203.0.113.9", "--yes"]).await;
    assert_eq!(set.status.code(), Some(0), "{}{}", out(&set), err(&set));
    assert_eq!(
        sent(&portal),
        [
            r#"PUT /api/service/292/dns/1178/records/15263 {"name":"astylos.dk","type":"A","content":"203.0.113.9","ttl":43200}"#
        ]
    );
    assert!(kept(&portal).contains(&"astylos.dk A 203.0.113.9".to_owned()));
    assert!(out(&set).contains("the record was changed"), "{}", out(&set));
    // An update of a target: as the portal lists its own, without a final dot.
    let cname =
        run(&url, state.path(), &["dns", "set", "astylos.dk", "hass", "CNAME", "home.example.net.", "--yes"]).await;
    assert_eq!(cname.status.code(), Some(0), "{}{}", out(&cname), err(&cname));
    assert_eq!(
        sent(&portal)[1],
        r#"PUT /api/service/292/dns/1178/records/396179 {"name":"hass","type":"CNAME","content":"home.example.net","ttl":3600}"#
    );
    // The SOA is the portal's: never deleted, and nothing is sent.
    let soa = run(&url, state.path(), &["dns", "delete", "astylos.dk", "15257", "--yes"]).await;
    assert_eq!(soa.status.code(), Some(2), "{}", err(&soa));
    assert!(err(&soa).contains("the zone's own record"), "{}", err(&soa));
    assert_eq!(sent(&portal).len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_has_the_soa_and_applied_back_sends_nothing() {
    let (url, portal) = portal().await;
    let state = tempfile::tempdir().unwrap();
    let export = run(&url, state.path(), &["dns", "export", "astylos.dk"]).await;
    assert_eq!(export.status.code(), Some(0), "{}", err(&export));
    let zone = out(&export);
    assert!(zone.contains("$ORIGIN astylos.dk."), "{zone}");
    assert!(zone.lines().any(|l| l.contains(" SOA ") && !l.trim_start().starts_with(';')), "{zone}");
    let file = state.path().join("astylos.dk.zone");
    std::fs::write(&file, &zone).unwrap();
    let apply = run(&url, state.path(), &["dns", "apply", "astylos.dk", file.to_str().unwrap(), "--yes"]).await;
    assert_eq!(apply.status.code(), Some(0), "{}{}", out(&apply), err(&apply));
    assert!(sent(&portal).is_empty(), "nothing to send: {:?}\n{}", sent(&portal), out(&apply));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboards_form_sends_the_body_the_cli_sends() {
    use portal_tui::api::models::ZoneRef;
    use portal_tui::api::{AuthMethod, Credentials, DnsSource, Language, PortalClient};
    use portal_tui::app::screens::domains::DnsForm;

    let (url, portal) = portal().await;
    let state = tempfile::tempdir().unwrap();
    let credentials = Credentials::new("me@astylos.dk", "secret-password");
    let settings = support::settings(&url, "dns.services", AuthMethod::Jwt, Language::English, credentials);
    let client = PortalClient::new(settings).unwrap();
    let zone = ZoneRef { service_id: 292, zone_id: 1178 };
    let listed = client.zone_records(zone).await.unwrap();
    // The edit opens on the record as listed, its name in full: what goes out is relative.
    let hass = listed.iter().find(|r| r.id == "396179").unwrap();
    let types = portal_tui::api::dns::source::ZONE_TYPES.iter().map(|t| t.to_string()).collect();
    let mut form = DnsForm::edit(DnsSource::Zone(zone), "astylos.dk", types, hass);
    form.content = tui_input::Input::new("home.example.net.".into());
    let dashboard = form.change(&listed, Language::English).unwrap().describe();
    let cli =
        run(&url, state.path(), &["dns", "set", "astylos.dk", "hass", "CNAME", "home.example.net.", "--yes"]).await;
    assert_eq!(cli.status.code(), Some(0), "{}", err(&cli));
    let sent = sent(&portal);
    assert_eq!(sent.len(), 1);
    assert_eq!(dashboard.replacen(" /", " /api/", 1), sent[0], "one body for one change");
    // A new TXT record typed in the form: bare, relative, with the zone's usual TTL.
    let mut form = DnsForm::add(DnsSource::Zone(zone), "astylos.dk", vec!["TXT".into()]);
    form.host = tui_input::Input::new("_acme-challenge.astylos.dk".into());
    form.content = tui_input::Input::new("\"TOKEN\"".into());
    let added = form.change(&listed, Language::English).unwrap().describe();
    assert_eq!(
        added,
        r#"POST /service/292/dns/1178/records {"name":"_acme-challenge","type":"TXT","content":"TOKEN","ttl":43200}"#
    );
}
