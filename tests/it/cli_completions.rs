//! Tab completion in bash, for real: the script `completions bash` prints is sourced in
//! `bash` and its function called as bash calls it. The first word, a subcommand's own
//! options, the values of `--lang`, `--auth`, `order --cycle` and `domain order --contact`,
//! and the profiles of the configuration file (named by `--config` among the words, or by
//! `PORTAL_CONFIG`).

use crate::support;

use support::completion::bash;

fn has(offered: &[String], words: &[&str]) {
    for word in words {
        assert!(offered.iter().any(|o| o == word), "{word} not offered: {offered:?}");
    }
}

#[test]
fn the_first_word_is_a_command() {
    let offered = bash(&["portal-tui", ""], &[]);
    has(&offered, &["details", "domains", "domain", "dns", "radar", "demo-server", "completions"]);
    let offered = bash(&["portal-tui", "do"], &[]);
    assert_eq!(offered, ["domains", "domain"], "only what starts with do");
    assert_eq!(bash(&["portal-tui", "--la"], &[]), ["--lang"]);
}

#[test]
fn a_subcommand_completes_its_own_options_and_subcommands() {
    assert_eq!(bash(&["portal-tui", "domain", "renew", "example.vn", "--yea"], &[]), ["--years"]);
    let offered = bash(&["portal-tui", "upgrade", "2207", "--"], &[]);
    has(&offered, &["--choose", "--send", "--yes", "--dry-run", "--lang", "--profile"]);
    assert!(!offered.iter().any(|o| o == "--mouse"), "the dashboard's option is not the command's: {offered:?}");
    assert_eq!(bash(&["portal-tui", "ticket", "re"], &[]), ["reply", "reopen"]);
    has(&bash(&["portal-tui", "demo-server", "--"], &[]), &["--fault", "--listen", "--scale"]);
}

#[test]
fn option_values_complete() {
    assert_eq!(bash(&["portal-tui", "--lang", ""], &[]), ["english", "vietnamese"]);
    assert_eq!(bash(&["portal-tui", "domains", "--lang", "v"], &[]), ["vietnamese"]);
    assert_eq!(bash(&["portal-tui", "--auth", ""], &[]), ["jwt", "basic"]);
    assert_eq!(bash(&["portal-tui", "completions", "f"], &[]), ["fish"]);
    assert_eq!(bash(&["portal-tui", "order", "341", "--cycle", ""], &[]), ["m", "q", "s", "a", "b", "t"]);
    let roles = bash(&["portal-tui", "domain", "order", "hoasen-tea.vn", "--contact", ""], &[]);
    assert_eq!(roles, ["registrant=", "admin=", "tech=", "billing="]);
    assert_eq!(bash(&["portal-tui", "domain", "order", "a.vn", "--contact", "t"], &[]), ["tech="]);
}

#[test]
fn profiles_complete_from_the_configuration_file() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[profiles.home]\nusername = \"a@example.vn\"\n\n[profiles.work]\nrole = \"reseller\"\n")
        .unwrap();
    let path = config.to_str().unwrap();
    let named = bash(&["portal-tui", "--config", path, "radar", "--profile", ""], &[]);
    assert_eq!(named, ["home", "work"], "from --config among the words");
    assert_eq!(bash(&["portal-tui", "--profile", "w"], &[("PORTAL_CONFIG", path)]), ["work"], "from PORTAL_CONFIG");
    assert!(bash(&["portal-tui", "--profile", ""], &[]).is_empty(), "no configuration, no profiles");
}
