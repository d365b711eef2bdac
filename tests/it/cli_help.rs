//! What the command line tells a person beside its answers: each command's help with its
//! own options before the global ones, the demo portal's fault rules, where the password
//! comes from, the next step after an upgrade's estimate, retries said on a terminal (and
//! not to scripts), and a `[keys]` section that leaves an action without a key.

use crate::support;

use clap::CommandFactory;
use portal_tui::cli::Cli;
use portal_tui::demo::Fault;
use support::cli::command;
use support::demo_server::DemoServer;
use support::pty::Session;

fn help(args: &[&str]) -> String {
    let out = command().args(args).arg("--help").output().expect("binary runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Where `what` is in `text`: it must be there.
fn at(text: &str, what: &str) -> usize {
    text.find(what).unwrap_or_else(|| panic!("{what:?} missing from:\n{text}"))
}

#[test]
fn a_commands_own_options_come_before_the_global_ones() {
    let dns_add = help(&["dns", "add"]);
    let global = at(&dns_add, "Global options:");
    for own in ["--priority", "--ttl", "--yes", "--dry-run"] {
        assert!(at(&dns_add, own) < global, "{own} after the global options:\n{dns_add}");
    }
    for shared in ["--lang", "--profile", "--config", "--json", "--demo"] {
        assert!(at(&dns_add, shared) > global, "{shared} before the global options:\n{dns_add}");
    }
    let top = help(&[]);
    assert!(at(&top, "--mouse") < at(&top, "Global options:"), "{top}");
    assert!(at(&top, "--print-default-config") < at(&top, "Global options:"), "{top}");
}

/// A reply's usage names the number first, as a reply is typed (`ticket reply 482913 -`).
#[test]
fn a_replys_usage_reads_as_it_is_typed() {
    let reply = help(&["ticket", "reply"]);
    assert!(reply.contains("Usage: portal-tui ticket reply [OPTIONS] <NUMBER> <--body-file <FILE>|->"), "{reply}");
}

#[test]
fn every_command_shows_the_global_options_last() {
    fn walk(cmd: &mut clap::Command, path: &str) {
        let text = cmd.render_help().to_string();
        let global = text.find("Global options:");
        for arg in cmd.get_arguments().filter(|a| !a.is_positional() && a.get_long().is_some()) {
            let Some(found) = text.find(&format!("--{} ", arg.get_long().unwrap())) else { continue };
            let shared = arg.is_global_set();
            let after = global.is_some_and(|g| found > g);
            assert_eq!(shared, after, "{path}: --{} is in the wrong section:\n{text}", arg.get_long().unwrap());
        }
        for sub in cmd.get_subcommands_mut() {
            let path = format!("{path} {}", sub.get_name());
            walk(sub, &path);
        }
    }
    let mut cli = Cli::command();
    cli.build();
    walk(&mut cli, "portal-tui");
}

#[test]
fn demo_server_help_lists_every_fault() {
    let text = help(&["demo-server"]);
    let faults = at(&text, "Faults (--fault NAME[@[METHOD]PATH][*COUNT]):");
    for (name, fault) in Fault::ALL {
        let line = at(&text, &format!("  {name} "));
        assert!(line > faults, "{name} is listed among the faults");
        assert!(text[line..].lines().next().unwrap().contains(fault.about()), "{name} says what it does");
    }
    assert!(text.contains("html-502@/domain*2"), "an example of a rule:\n{text}");
}

#[test]
fn the_password_variable_is_named_beside_the_sign_in_options() {
    let text = help(&["details"]);
    let username = at(&text, "--username");
    let password = at(&text, "PORTAL_PASSWORD");
    assert!(password > username && password < at(&text, "--connect-timeout"), "{text}");
}

#[test]
fn retries_are_said_on_a_terminal_and_kept_from_scripts() {
    let sign_in = |url: &str| {
        [
            ("PORTAL_BASE_URL", url.to_owned()),
            ("PORTAL_HOST", "my.example.vn".to_owned()),
            ("PORTAL_USERNAME", "demo@example.vn".to_owned()),
            ("PORTAL_PASSWORD", "demo-client-2026".to_owned()),
        ]
    };
    let fault = ["--fault", "429-bare@/domain*1"];
    let server = DemoServer::start(&fault);
    let env = sign_in(&server.url);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut terminal = Session::start_with(&["domains"], &env, 120, 30);
    assert_eq!(terminal.wait_exit(), 0, "{}", terminal.screen());
    let screen = terminal.screen();
    assert!(screen.contains("retrying (2/3) in 0.4 s: "), "{screen}");
    assert!(screen.contains("example.vn"), "then the answer: {screen}");

    let server = DemoServer::start(&fault);
    let mut script = command();
    for (key, value) in sign_in(&server.url) {
        script.env(key, value);
    }
    let out = script.arg("domains").output().expect("binary runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "quiet without a terminal: {}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("example.vn"));
}

fn config_with_keys(dir: &std::path::Path, url: &str, keys: &str) -> std::path::PathBuf {
    let path = dir.join("config.toml");
    let profile = format!(
        "[profiles.demo]\nbase_url = \"{url}\"\nhost = \"my.example.vn\"\nusername = \"demo@example.vn\"\n\n{keys}"
    );
    std::fs::write(&path, profile).unwrap();
    path
}

#[test]
fn a_command_warns_once_of_an_action_left_without_a_key() {
    let server = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let run = |keys: &str| {
        let config = config_with_keys(dir.path(), &server.url, keys);
        let out = command()
            .env("PORTAL_PASSWORD", "demo-client-2026")
            .args(["--config", config.to_str().unwrap(), "details"])
            .output()
            .expect("binary runs");
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stderr).unwrap()
    };
    let stderr = run("[keys.domains]\nlookup = [\"/\", \"n\"]\n");
    assert_eq!(
        stderr,
        "warning: no key is left for add_record in [keys.domains]: give each one a key in the configuration's [keys]\n"
    );
    assert_eq!(run("[keys.domains]\nlookup = [\"/\", \"F3\"]\n"), "", "the printed example takes nothing");
}

#[test]
fn the_dashboard_says_it_on_the_status_line() {
    let server = DemoServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let config = config_with_keys(dir.path(), &server.url, "[keys.domains]\nlookup = [\"/\", \"n\"]\n");
    let env = [
        ("PORTAL_CONFIG", config.to_str().unwrap()),
        ("PORTAL_PASSWORD", "demo-client-2026"),
        ("PORTAL_STATE_DIR", dir.path().to_str().unwrap()),
    ];
    let mut s = Session::start_with(&[], &env, 140, 30);
    s.wait_for("no key is left for add_record in [keys.domains]");
    s.send("q");
    assert_eq!(s.wait_exit(), 0);
}

#[test]
fn an_upgrade_estimate_says_how_to_order_it() {
    let server = DemoServer::start(&[]);
    let out = command()
        .env("PORTAL_BASE_URL", &server.url)
        .env("PORTAL_HOST", "my.example.vn")
        .env("PORTAL_USERNAME", "demo@example.vn")
        .env("PORTAL_PASSWORD", "demo-client-2026")
        .args(["upgrade", "2207", "--choose", "CPU=4 vCPU"])
        .output()
        .expect("binary runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("estimate for service 2207:"), "{text}");
    assert!(
        text.trim_end().ends_with("nothing is ordered yet: add `--send` to the same command to order it"),
        "{text}"
    );
}

#[test]
fn the_help_lists_a_list_before_its_one_and_the_demo_server_only_what_it_reads() {
    let top = help(&[]);
    let at = |name: &str| {
        top.lines().position(|l| l.starts_with(&format!("  {name} "))).unwrap_or_else(|| panic!("{name}:\n{top}"))
    };
    assert_eq!(at("certificates") + 1, at("certificate"), "the list, then one, as invoices and invoice:\n{top}");
    assert!(at("certificates") < at("demo-server") && at("invoices") + 1 == at("invoice"), "{top}");
    let demo = help(&["demo-server"]);
    for own in ["--listen", "--fault", "--seed-only", "--log-file"] {
        assert!(demo.contains(own), "{own}:\n{demo}");
    }
    for unused in [
        "--base-url",
        "--host",
        "--username",
        "--auth",
        "--lang",
        "--timeout",
        "--ca-cert",
        "--profile",
        "--config",
        "--json",
        "--demo ",
    ] {
        assert!(!demo.contains(unused), "{unused} is not read by the demo server:\n{demo}");
    }
    // Every other command still lists them.
    assert!(help(&["domains"]).contains("--base-url"));
}

#[test]
fn a_renewals_help_says_how_it_is_paid_as_the_dashboard_does() {
    use portal_tui::i18n::Text;
    let renew = help(&["domain", "renew"]).split_whitespace().collect::<Vec<_>>().join(" ");
    let dashboard = Text::RenewPaidUnknown.get(portal_tui::api::Language::English);
    assert!(renew.contains(dashboard), "{dashboard:?} in:\n{renew}");
    assert!(!renew.contains("paid from the account's credit"), "{renew}");
}
