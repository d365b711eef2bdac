//! The command line as people type it, run as the built binary (against the demo portal in
//! this process where a portal is needed): clap's own mistakes said in the language asked
//! for (by flag, environment or profile) with exit 2, and help in that language too; nameservers
//! given as a comma list or a repeated option; every argument of every command described;
//! `dns apply`'s safety line counting changes and deletions together, to the nearest
//! percent; the radar's text and its Nagios check counting alike; a wildcard certificate
//! saved under the same name by both faces; a ticket's attachments saved one after
//! another with which of how many said; a count of lines in its plural.

use crate::support;

use std::path::Path;

use clap::CommandFactory;
use crossterm::event::KeyCode;
use portal_tui::app::PromptKind;
use portal_tui::cli::Cli;
use portal_tui::demo::{DemoOptions, DemoPortal, RESELLER_HOST};
use support::cli;
use support::harness::Harness;

async fn started() -> (DemoPortal, tempfile::TempDir) {
    (DemoPortal::start_local(DemoOptions::default()).await.unwrap(), tempfile::tempdir().unwrap())
}

fn text(out: &std::process::Output) -> (i32, String, String) {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

/// The binary with `args` and `env`, no portal.
fn typed(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = cli::command();
    cmd.args(args).envs(env.iter().copied());
    text(&cmd.output().expect("binary runs"))
}

/// The binary signed in to `demo`'s client account.
async fn on_demo(demo: &DemoPortal, state: &Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(args);
    text(&cli::output(cmd).await)
}

#[test]
fn claps_mistakes_are_said_in_the_language_asked_for() {
    // (the words typed, then the first line and what follows it in English and in
    // Vietnamese; clap's usage line names the options given, PORTAL_LANG's among them)
    let cases: [(&[&str], &str, &str, &str, &str); 4] = [
        (
            &["domain", "renew", "example.vn", "--years", "abc"],
            "error: invalid value 'abc' for '--years <N>': not a whole number",
            "",
            "lỗi: giá trị 'abc' không hợp lệ cho '--years <N>': không phải số nguyên",
            "",
        ),
        (
            &["domain", "renew", "example.vn", "--years", "11"],
            "error: invalid value '11' for '--years <N>': 11 is not between 1 and 10",
            "",
            "lỗi: giá trị '11' không hợp lệ cho '--years <N>': 11 không nằm trong khoảng 1 đến 10",
            "",
        ),
        (
            &["domain", "autorenew"],
            "error: the following required arguments were not provided:",
            "  <NAME|ID>...\n\nUsage: portal-tui domain autorenew <NAME|ID>...",
            "lỗi: thiếu các tham số bắt buộc sau:",
            "  <NAME|ID>...\n\nCách dùng: portal-tui domain autorenew <NAME|ID>...",
        ),
        (
            &["domain", "autorenew", "example.vn", "on", "--yess"],
            "error: unexpected argument '--yess' found",
            "\n  tip: a similar argument exists: '--yes'\n\nUsage: portal-tui domain autorenew --yes",
            "lỗi: không có tham số '--yess'",
            "\n  gợi ý: có tham số tương tự: '--yes'\n\nCách dùng: portal-tui domain autorenew ",
        ),
    ];
    for (args, en, en_after, vi, vi_after) in cases {
        let (code, out, err) = typed(args, &[]);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.starts_with(&format!("{en}\n{en_after}")), "{args:?}:\n{err}");
        assert!(err.ends_with("\n\nFor more information, try '--help'.\n"), "{args:?}:\n{err}");

        let (code, out, err) = typed(args, &[("PORTAL_LANG", "vi")]);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.starts_with(&format!("{vi}\n{vi_after}")), "{args:?}:\n{err}");
        assert!(err.ends_with("\n\nXem thêm hướng dẫn: '--help'.\n"), "{args:?}:\n{err}");
        for english in ["error", "invalid value", "Usage:", "For more information", "tip:", "possible values"] {
            assert!(!err.contains(english), "{english:?} left in English ({args:?}):\n{err}");
        }
        // The same from the flag (which clap's usage line then names), written either way,
        // over the environment.
        for flag in [&["--lang", "vi"][..], &["--lang=vietnamese"]] {
            let with_flag: Vec<&str> = flag.iter().chain(args).copied().collect();
            let (code, _, flagged) = typed(&with_flag, &[("PORTAL_LANG", "en")]);
            assert_eq!((code, flagged.lines().next()), (2, err.lines().next()), "{with_flag:?}:\n{flagged}");
            assert_eq!(flagged.lines().count(), err.lines().count(), "{with_flag:?}:\n{flagged}");
        }
    }
}

#[test]
fn the_profiles_language_is_known_before_the_arguments_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    let profiles = "default_profile = \"shop\"\n\n[profiles.shop]\nbase_url = \"https://portal.example.vn\"\n\
                    language = \"vietnamese\"\n\n[profiles.other]\nbase_url = \"https://portal.example.vn\"\n";
    std::fs::write(&config, profiles).unwrap();
    let args = ["--config", config.to_str().unwrap(), "domain", "renew", "example.vn", "--years", "0"];
    let (code, _, err) = typed(&args, &[]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("lỗi: giá trị '0' không hợp lệ cho '--years <N>': 0 không nằm trong khoảng 1 đến 10\n"),
        "{err}"
    );
    let (_, _, err) = typed(&args, &[("PORTAL_PROFILE", "other")]);
    assert!(err.starts_with("error: invalid value '0'"), "another profile, another language:\n{err}");
    let (_, _, err) = typed(&args, &[("PORTAL_LANG", "english")]);
    assert!(err.starts_with("error: invalid value '0'"), "the environment over the profile:\n{err}");
}

#[test]
fn help_is_clap_s_in_the_language_asked_for_and_the_version_as_ever() {
    let (code, out, err) = typed(&["--lang", "vi", "domain", "ns", "--help"], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Xem các máy chủ tên") && out.contains("Cách dùng: portal-tui domain ns"), "{out}");
    let (code, out, err) = typed(&["domain", "ns", "--help"], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Show the nameservers") && out.contains("Usage: portal-tui domain ns"), "{out}");
    let (code, out, _) = typed(&["--lang", "vi", "--version"], &[]);
    assert_eq!((code, out.starts_with("portal-tui ")), (0, true), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_after_the_arguments_is_said_in_the_language_too() {
    let (demo, state) = started().await;
    let (code, _, err) = on_demo(&demo, state.path(), &["--lang", "vi", "invoice", "999999"]).await;
    assert_eq!(code, 4, "{err}");
    assert!(err.starts_with("lỗi: ") && !err.contains("error"), "{err}");
    let (code, _, err) = on_demo(&demo, state.path(), &["invoice", "999999"]).await;
    assert_eq!(code, 4, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    // The radar's own mistakes too.
    let (code, _, err) = on_demo(&demo, state.path(), &["--lang", "vi", "radar", "--critical", "40"]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--warning và --critical là ngưỡng của --format nagios"), "{err}");
    // Nagios's own: UNKNOWN, with the values given.
    let nagios = ["radar", "--format", "nagios", "--warning", "3"];
    let (code, out, _) = on_demo(&demo, state.path(), &nagios).await;
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("--critical (7 days) must be fewer days than --warning (3)"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nameservers_are_a_comma_list_or_the_option_repeated() {
    let (demo, state) = started().await;
    let sent =
        r#"would send: PUT /domain/5120/ns {"nameservers":["ns1.hosting.vn","ns2.hosting.vn","ns3.hosting.vn"]}"#;
    for set in [
        &["--set", "ns1.hosting.vn,ns2.hosting.vn,ns3.hosting.vn"][..],
        &["--set", "ns1.hosting.vn, ns2.hosting.vn,", "--set", "ns3.hosting.vn"],
        &["--set", "ns1.hosting.vn", "ns2.hosting.vn", "--set=ns3.hosting.vn"],
    ] {
        let args: Vec<&str> =
            ["domain", "ns", "phosaigon.vn"].iter().chain(set).chain(&["--dry-run"]).copied().collect();
        let (code, out, err) = on_demo(&demo, state.path(), &args).await;
        assert_eq!(code, 0, "{set:?}: {err}");
        assert!(out.contains(sent), "{set:?}:\n{out}");
    }
    // The count checked is of the names, however they were given.
    for (set, count) in [("a.vn,b.vn,c.vn,d.vn,e.vn", 5), ("ns1.hosting.vn,", 1), (",", 0)] {
        let (code, _, err) = on_demo(&demo, state.path(), &["domain", "ns", "phosaigon.vn", "--set", set]).await;
        assert_eq!(code, 2, "{set}: {err}");
        let said = format!("give 2 to 4 nameservers (not {count}), or --default");
        assert!(err.starts_with("error: ") && err.contains(&said), "{set}:\n{err}");
    }
    let (code, _, err) = on_demo(&demo, state.path(), &["--lang", "vi", "domain", "ns", "5120", "--set", "a.vn"]).await;
    assert_eq!(code, 2);
    assert!(err.starts_with("lỗi: ") && err.contains("hãy nhập từ 2 đến 4 máy chủ tên (không phải 1)"), "{err}");
    assert!(demo.requests().iter().all(|r| !r.starts_with("PUT ")), "nothing sent: {:?}", demo.requests());
}

#[test]
fn every_argument_of_every_command_says_what_it_is() {
    fn walk(cmd: &clap::Command, path: &str, blank: &mut Vec<String>) {
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            if arg.get_help().is_none_or(|h| h.to_string().trim().is_empty()) {
                blank.push(format!("{path} {}", arg.get_id()));
            }
        }
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(sub, &format!("{path} {}", sub.get_name()), blank);
        }
    }
    let mut blank = Vec::new();
    walk(&Cli::command(), "portal-tui", &mut blank);
    assert!(blank.is_empty(), "arguments without a description: {blank:?}");

    for action in ["ns", "autorenew", "lock", "privacy", "epp"] {
        let (code, out, _) = typed(&["domain", action, "--help"], &[]);
        assert_eq!(code, 0);
        let described = out.lines().skip_while(|l| !l.trim_start().starts_with("<NAME|ID>")).take(2);
        let described = described.collect::<Vec<_>>().join("\n");
        // A setting may name several registrations.
        let one = "The domain name (its active registration), or a registration's id";
        let several = "The domain names (their active registrations) or registrations' ids";
        let said = if action == "epp" { one } else { several.trim_end_matches(" or registrations' ids") };
        assert!(described.contains(said), "{out}");
    }
    // A renewal names one registration or several.
    let (_, out, _) = typed(&["domain", "renew", "--help"], &[]);
    let described = out.lines().skip_while(|l| !l.trim_start().starts_with("[NAME|ID]...")).take(2);
    let described = described.collect::<Vec<_>>().join("\n");
    assert!(described.contains("The domain names (their active registrations), or registrations' ids"), "{out}");
    let (_, out, _) = typed(&["domain", "autorenew", "--help"], &[]);
    assert!(out.contains("then `on` or `off` (`bật` or `tắt`)"), "{out}");
    let (_, out, _) = typed(&["--help"], &[]);
    let lang = out.lines().find(|l| l.contains("--lang <LANG>")).unwrap_or_default();
    assert!(lang.contains("Language of everything said") && lang.contains("the dashboard"), "{lang}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_safety_line_counts_changes_and_deletions_to_the_nearest_percent() {
    let (demo, state) = started().await;
    // example.vn holds 6 records; 6 more make 12.
    for i in 1..=6 {
        let (host, content) = (format!("t{i}"), format!("203.0.113.{i}"));
        let (code, _, err) =
            on_demo(&demo, state.path(), &["dns", "add", "example.vn", &host, "A", &content, "--yes"]).await;
        assert_eq!(code, 0, "{err}");
    }
    let (_, zone, _) = on_demo(&demo, state.path(), &["dns", "export", "example.vn"]).await;
    let file = state.path().join("example.vn.zone");
    let apply = |zone: String| {
        std::fs::write(&file, zone).unwrap();
        let file = file.to_str().unwrap().to_owned();
        let (demo, state) = (&demo, state.path());
        async move {
            let args = ["dns", "apply", "example.vn", &file, "--delete-unlisted", "--yes"];
            on_demo(demo, state, &args).await
        }
    };
    // Two changed, two left out: 4 of 12, neither alone over 30 %.
    // An address changed in place is a change; one left out (--delete-unlisted) a deletion.
    let new = |zone: &str, i: usize| zone.replace(&format!(" 203.0.113.{i}\n"), &format!(" 198.51.100.{i}\n"));
    let left_out = |l: &&str| l.ends_with(" 203.0.113.3") || l.ends_with(" 203.0.113.4");
    let both: String = new(&new(&zone, 1), 2).lines().filter(|l| !left_out(l)).map(|l| l.to_owned() + "\n").collect();
    let (code, _, err) = apply(both).await;
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        "error: this plan changes 2 and deletes 2 of the 12 records, 4 in all (33 %): more than 30 % changed or \
         deleted is refused without --force; nothing was sent\n"
    );
    let four = (1..=4).fold(zone.clone(), |z, i| new(&z, i));
    let (code, _, err) = apply(four).await;
    assert_eq!(code, 2);
    assert!(err.starts_with("error: this plan changes 4 of the 12 records (33 %): more than 30 %"), "{err}");
    // Three of 12 is 25 %: carried out.
    let three = (1..=3).fold(zone.clone(), |z, i| new(&z, i));
    let (code, _, err) = apply(three).await;
    assert_eq!(code, 0, "{err}");
}

/// The numbers in `text`, in order.
fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).filter_map(|n| n.parse().ok()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_radars_text_and_its_nagios_check_count_alike() {
    let (demo, state) = started().await;
    for (lang, flagged_words, quiet_words) in [
        ("en", " need attention (within", "more need attention without an alert:"),
        ("vi", " mục cần chú ý (trong", "mục cần chú ý nhưng không báo động:"),
    ] {
        let (_, out, _) = on_demo(&demo, state.path(), &["--lang", lang, "radar"]).await;
        let head = out.lines().next().unwrap_or_default();
        assert!(head.contains(flagged_words), "{head}");
        let [flagged, count, ..] = numbers(head)[..] else { panic!("{head}") };
        let (_, check, _) = on_demo(&demo, state.path(), &["--lang", lang, "radar", "--format", "nagios"]).await;
        let status = check.split(" | ").next().unwrap_or_default();
        let [critical, warning, of, ..] = numbers(status)[..] else { panic!("{status}") };
        let quiet = status.split("; ").find(|p| p.contains(quiet_words)).unwrap_or_else(|| panic!("{status}"));
        let unalerted = numbers(quiet)[0];
        assert_eq!(of, count, "the same items:\n{head}\n{status}");
        assert_eq!(critical + warning + unalerted, flagged, "the same count:\n{head}\n{status}");
        assert!(unalerted > 0 && critical > 0 && warning > 0, "{status}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wildcard_certificate_is_saved_under_one_name_by_both_faces() {
    let wanted = portal_tui::system::file_name::certificate("*.khachsanhoian.com", "4401", "crt");
    assert_eq!(wanted, "_.khachsanhoian.com.crt", "apart from the apex's khachsanhoian.com.crt");

    // The command line, into a folder.
    let (demo, state) = started().await;
    let login = demo.login_for(RESELLER_HOST).unwrap();
    let folder = state.path().join("certs");
    std::fs::create_dir(&folder).unwrap();
    let mut cmd = cli::as_demo_client(&demo, state.path());
    cmd.env("PORTAL_HOST", login.host).env("PORTAL_USERNAME", login.username).env("PORTAL_PASSWORD", login.password);
    cmd.args(["certificate", "4401", "--crt", "-o", folder.to_str().unwrap()]);
    let (code, out, err) = text(&cli::output(cmd).await);
    assert_eq!(code, 0, "{err}");
    let saved: Vec<String> =
        std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(saved, std::slice::from_ref(&wanted), "{out}");

    // The dashboard: the name its save offers.
    let h = Harness::with_options(DemoOptions::default()).await;
    let reseller = h.demo_profile("reseller", RESELLER_HOST);
    let mut h = h.with_profiles(vec![reseller]);
    let start = h.app.start();
    h.run(start).await;
    h.key(KeyCode::Char('5')).await;
    h.key(KeyCode::Char('/')).await;
    h.keys("4401").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Char('s')).await;
    let prompt = h.app.shell.prompt.as_ref().expect("s asks where to save it");
    assert_eq!((prompt.kind, prompt.input.value()), (PromptKind::SaveCertificate, wanted.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_line_says_which_attachment_of_how_many_and_the_next() {
    let (demo, state) = started().await;
    let folder = state.path().join("files");
    std::fs::create_dir(&folder).unwrap();
    let dir = folder.to_str().unwrap();
    let (code, out, err) = on_demo(&demo, state.path(), &["ticket", "482877"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 attachments: save them all with `ticket attachment 482877 --all`"), "{out}");

    let (code, out, err) =
        on_demo(&demo, state.path(), &["ticket", "attachment", "482877", "tieu-de-thu.txt", "-o", dir]).await;
    assert_eq!(code, 0, "{err}");
    let path = folder.join("tieu-de-thu.txt");
    assert_eq!(
        out,
        format!(
            "saved tieu-de-thu.txt to {} (2,204 bytes) · 1 of 2\n\
             next: `ticket attachment 482877 outlook-thu-rac.png` (or --all for every one)\n",
            path.display()
        )
    );
    // --all: the one there is said and left; the other saved.
    let (code, out, err) =
        on_demo(&demo, state.path(), &["--lang", "vi", "ticket", "attachment", "482877", "--all", "-o", dir]).await;
    assert_eq!(code, 2, "the file already there is the worst: {out}");
    assert!(err.starts_with("lỗi: ") && err.contains("tieu-de-thu.txt đã tồn tại"), "{err}");
    let other = folder.join("outlook-thu-rac.png");
    assert_eq!(out, format!("đã lưu outlook-thu-rac.png vào {} (61.870 byte) · 2/2\n", other.display()));
    assert_eq!(std::fs::metadata(&other).unwrap().len(), 61870);
    // One attachment alone: no "1 of 1", no next.
    let (_, out, _) = on_demo(&demo, state.path(), &["ticket", "attachment", "482913", "loi-502.png", "-o", dir]).await;
    assert_eq!(out, format!("saved loi-502.png to {} (48,213 bytes)\n", folder.join("loi-502.png").display()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_tickets_dry_run_counts_its_lines_in_the_plural_the_language_has() {
    let (demo, state) = started().await;
    let (one, two) = (state.path().join("one.txt"), state.path().join("two.txt"));
    std::fs::write(&one, "Xin chào\n").unwrap();
    std::fs::write(&two, "Xin chào\nCảm ơn\n").unwrap();
    for (lang, file, said) in [
        ("en", &one, "  Message, 1 line: Xin chào\n"),
        ("en", &two, "  Message, 2 lines: Xin chào\n    Cảm ơn\n"),
        ("vi", &one, "  Nội dung, 1 dòng: Xin chào\n"),
    ] {
        let args = ["--lang", lang, "ticket", "new", "--department", "1", "--subject", "Chào", "--body-file"];
        let args: Vec<&str> = args.iter().copied().chain([file.to_str().unwrap(), "--dry-run"]).collect();
        let (code, out, err) = on_demo(&demo, state.path(), &args).await;
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(said), "{lang}:\n{out}");
    }
}

#[tokio::test]
async fn the_dashboard_offers_each_attachment_in_turn_saying_which_of_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::whole_account().await;
    h.key(KeyCode::Char('9')).await;
    h.key(KeyCode::Char('/')).await;
    h.keys("482877").await;
    h.key(KeyCode::Enter).await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profile().screens.tickets.open_number(), Some("482877"));
    h.key(KeyCode::Char('s')).await;
    for (n, file) in [(1, "tieu-de-thu.txt"), (2, "outlook-thu-rac.png")] {
        let prompt = h.app.shell.prompt.as_ref().unwrap_or_else(|| panic!("attachment {n} is offered"));
        assert_eq!((prompt.kind, prompt.input.value()), (PromptKind::SaveAttachment, file));
        let shown = h.screen_text(80, 24);
        assert!(shown.contains(&format!("Save the attachment ({n} of 2) to")), "{shown}");
        h.key(KeyCode::Home).await;
        h.keys(&format!("{}/", dir.path().display())).await;
        h.key(KeyCode::Enter).await;
    }
    assert!(h.app.shell.prompt.is_none(), "nothing offered after the last");
    for (file, bytes) in [("tieu-de-thu.txt", 2204), ("outlook-thu-rac.png", 61870)] {
        assert_eq!(std::fs::metadata(dir.path().join(file)).map(|m| m.len()).ok(), Some(bytes), "{file}");
    }
}

#[test]
fn a_usage_line_names_no_option_only_the_environment_set() {
    for (lang, usage) in
        [("en", "Usage: portal-tui invoice pay <ID>..."), ("vi", "Cách dùng: portal-tui invoice pay <ID>...")]
    {
        let env = [("PORTAL_LANG", lang), ("PORTAL_USERNAME", "me@example.vn"), ("PORTAL_TIMEOUT", "9")];
        let (code, _, err) = typed(&["invoice", "pay"], &env);
        assert_eq!(code, 2, "{err}");
        let line = err.lines().find(|l| l.contains("portal-tui invoice pay")).unwrap_or_default();
        assert_eq!(line, usage, "{err}");
        // What is typed is named, as clap names it (but the language, which is the run's).
        let (_, _, err) = typed(&["invoice", "pay", "--timeout", "9"], &env);
        let line = err.lines().find(|l| l.contains("portal-tui invoice pay")).unwrap_or_default();
        assert!(line.contains("--timeout <SECS>"), "{err}");
    }
}
