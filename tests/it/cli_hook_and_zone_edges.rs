//! The edges a hook and a zone file meet: yes and no in the environment as people write
//! them (`PORTAL_ACME_NO_WAIT=1`); certbot's cleanup hook taking the options its auth hook
//! takes; the challenge's short TTL, where the store takes one, and what to pass where the
//! portal refuses it, and none at a registrar; an escaped dot in a zone file; a record a
//! zone holds twice, exported and applied back; a hosted zone's apex written as the zone's
//! name.

use crate::support;

use std::path::Path;
use std::process::Output;

use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use serde_json::Value;
use support::cli::{self, text};
use support::portal::changes;

const VALUE: &str = "LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0";

/// A UDP port on loopback nothing answers: a wait there never sees the record.
const NOBODY: &str = "127.0.0.1:9";

async fn run(demo: &DemoPortal, state: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(args);
    for (key, value) in env {
        cmd.env(key, value);
    }
    cli::output(cmd).await
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("one JSON object ({e}): {} / {}", text(&out.stdout), text(&out.stderr)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn yes_and_no_in_the_environment_are_read_as_people_write_them() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let args = ["--json", "acme", "present", "_acme-challenge.example.vn", VALUE, "--nameserver", NOBODY];
    for yes in ["1", "yes", "true", "on", "TRUE", " Yes "] {
        let out =
            run(&demo, state.path(), &[&args[..], &["--wait-timeout", "30"]].concat(), &[("PORTAL_ACME_NO_WAIT", yes)])
                .await;
        assert_eq!(out.status.code(), Some(0), "{yes:?}: {}", text(&out.stderr));
        assert_eq!(json(&out)["visible"], Value::Null, "{yes:?}: not waited for");
    }
    for no in ["0", "no", "false", "off", ""] {
        let out =
            run(&demo, state.path(), &[&args[..], &["--wait-timeout", "1"]].concat(), &[("PORTAL_ACME_NO_WAIT", no)])
                .await;
        assert_eq!(out.status.code(), Some(5), "{no:?}: waited, and not seen: {}", text(&out.stderr));
        assert_eq!(json(&out)["visible"], false, "{no:?}");
    }
    // Neither yes nor no: a usage mistake, said in the run's language.
    let out = run(&demo, state.path(), &args, &[("PORTAL_ACME_NO_WAIT", "maybe")]).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid value 'maybe' for '--no-wait': not a yes or no"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &demo,
        state.path(),
        &["--lang", "vi", "acme", "present", "_acme-challenge.example.vn", VALUE],
        &[("PORTAL_ACME_NO_WAIT", "maybe")],
    )
    .await;
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("giá trị 'maybe' không hợp lệ cho '--no-wait'"), "{}", text(&out.stderr));
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"], "one record, added once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn certbots_cleanup_hook_takes_the_options_of_its_auth_hook() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let certbot = [("CERTBOT_DOMAIN", "example.vn"), ("CERTBOT_VALIDATION", VALUE), ("PORTAL_ACME_NO_WAIT", "1")];
    let options = ["--no-wait", "--wait-timeout", "5", "--nameserver", NOBODY, "--resolver", NOBODY, "--ttl", "120"];
    for hook in ["certbot-auth", "certbot-cleanup"] {
        let out = run(&demo, state.path(), &[&["--json", "acme", hook][..], &options].concat(), &certbot).await;
        assert_eq!(out.status.code(), Some(0), "{hook}: {}", text(&out.stderr));
        let outcome = if hook == "certbot-auth" { "added" } else { "removed" };
        assert_eq!(json(&out)["outcome"], outcome, "{hook}");
    }
    // lego's cleanup too, with the same environment.
    let out =
        run(&demo, state.path(), &["acme", "cleanup", "_acme-challenge.example.vn", VALUE, "--ttl", "120"], &certbot)
            .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(changes(&demo).len(), 2, "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_challenge_is_written_with_a_short_ttl_where_the_store_takes_one() {
    let demo = DemoPortal::start_local(DemoOptions::default()).await.unwrap();
    let state = tempfile::tempdir().unwrap();
    let hosted = "_acme-challenge.comtamsaigon.vn";
    let out = run(&demo, state.path(), &["--json", "acme", "present", hosted, VALUE, "--no-wait"], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = &json(&out)["changes"][0]["request"]["body"];
    assert_eq!(body["ttl"], 60, "60 s by default: {body}");
    let records = demo.zone_records(CLIENT_HOST, "2230", "62").unwrap();
    let kept = records.iter().find(|r| r["name"] == hosted).unwrap();
    assert_eq!(kept["ttl"], "60");
    let out = run(
        &demo,
        state.path(),
        &["--json", "acme", "present", hosted, "other-value", "--no-wait", "--ttl", "120"],
        &[],
    )
    .await;
    assert_eq!(json(&out)["changes"][0]["request"]["body"]["ttl"], 120);

    // A registrar's DNS takes no ttl: none is sent, in one request.
    demo.reset_traffic();
    let out =
        run(&demo, state.path(), &["--json", "acme", "present", "_acme-challenge.example.vn", VALUE, "--no-wait"], &[])
            .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = &json(&out)["changes"][0]["request"]["body"];
    assert!(body.get("ttl").is_none(), "{body}");
    assert_eq!(changes(&demo), ["POST /domain/5188/dns"]);

    // A portal that refuses the TTL: its words, and what to pass; sent once, not again.
    demo.set_faults(vec!["min-ttl".parse().unwrap()]);
    demo.reset_traffic();
    let out = run(&demo, state.path(), &["acme", "present", hosted, "third-value", "--no-wait"], &[]).await;
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(said.contains("TTL must be at least 300 seconds"), "{said}");
    assert!(said.contains("pass one it takes with --ttl SECS (or PORTAL_ACME_TTL), such as --ttl 3600"), "{said}");
    assert_eq!(changes(&demo), ["POST /service/2230/dns/62/records"], "sent once");
    let out =
        run(&demo, state.path(), &["acme", "present", hosted, "third-value", "--no-wait", "--ttl", "300"], &[]).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_escaped_dot_in_a_zone_file_is_one_label_and_refused() {
    let (demo, state) = cli::started().await;
    let file = cli::write(state.path(), "example.vn.zone", "$TTL 3600\nvpn\\.office A 198.51.100.4\n");
    let out = cli::portal_tui(&demo, state.path(), &["dns", "apply", "example.vn", &file, "--dry-run"]).await;
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(said.contains("line 2") && said.contains("vpn\\.office has a dot escaped in a label"), "{said}");
    assert!(said.contains("one label holding a dot, not as two labels, and no portal takes such a name"), "{said}");
    assert!(changes(&demo).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_zones_apex_is_written_as_the_zones_name() {
    let (demo, state) = cli::started().await;
    let add = ["--json", "dns", "add", "dulichdalat.com", "@", "TXT", "google-site-verification=abc", "--yes"];
    let out = cli::portal_tui(&demo, state.path(), &add).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = json(&out);
    let sent = said.to_string();
    assert!(sent.contains(r#""name":"dulichdalat.com","type":"TXT""#), "as the vendor's example writes it: {sent}");
    assert!(!sent.contains(r#""name":"@""#), "{sent}");
    // Read back, set again and exported: the apex as ever.
    let set = ["dns", "set", "dulichdalat.com", "@", "TXT", "google-site-verification=abc", "--yes"];
    let out = cli::portal_tui(&demo, state.path(), &set).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("already"), "{}", text(&out.stdout));
    let out = cli::portal_tui(&demo, state.path(), &["dns", "export", "dulichdalat.com"]).await;
    let export = text(&out.stdout);
    assert!(export.contains("@ ") && export.contains("google-site-verification=abc"), "{export}");
    let file = cli::write(state.path(), "z.zone", &export);
    let out = cli::portal_tui(
        &demo,
        state.path(),
        &["dns", "apply", "dulichdalat.com", &file, "--delete-unlisted", "--dry-run"],
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("0 to create, 0 to change, 0 to delete"), "{}", text(&out.stdout));
    assert_eq!(changes(&demo).len(), 1, "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ttl_asked_of_a_registrars_dns_is_said_and_nothing_sent() {
    let (demo, state) = cli::started().await;
    for verb in ["add", "set"] {
        let args = ["dns", verb, "example.vn", "home", "A", "203.0.113.7", "--ttl", "300", "--yes"];
        let out = cli::portal_tui(&demo, state.path(), &args).await;
        assert_eq!(out.status.code(), Some(2), "{verb}: {}", text(&out.stdout));
        let said = text(&out.stderr);
        assert!(said.contains("whose DNS takes no TTL: a TTL of 300 cannot be set there; leave out --ttl"), "{said}");
    }
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_held_twice_is_exported_twice_and_applied_back_plans_nothing() {
    let (demo, state) = cli::started().await;
    // A second copy of a record the zone holds (as a portal that takes one keeps it).
    let copy = ["dns", "add", "dulichdalat.com", "mail", "A", "103.97.125.20", "--yes"];
    let out = cli::portal_tui(&demo, state.path(), &copy).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records = demo.zone_records(CLIENT_HOST, "2230", "61").unwrap();
    let copies = records.iter().filter(|r| r["name"] == "mail.dulichdalat.com" && r["type"] == "A").count();
    assert_eq!(copies, 2, "{records:?}");
    let out = cli::portal_tui(&demo, state.path(), &["dns", "export", "dulichdalat.com"]).await;
    let export = text(&out.stdout);
    assert_eq!(export.matches("103.97.125.20").count(), 2, "both written:\n{export}");
    let file = cli::write(state.path(), "twice.zone", &export);
    demo.reset_traffic();
    let apply = ["dns", "apply", "dulichdalat.com", &file, "--delete-unlisted", "--yes"];
    let out = cli::portal_tui(&demo, state.path(), &apply).await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("0 to create, 0 to change, 0 to delete"), "{}", text(&out.stdout));
    assert!(changes(&demo).is_empty(), "{:?}", changes(&demo));
}
