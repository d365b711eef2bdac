//! Everything the command line says in the user's language: `--help` and a command's help,
//! a usage mistake, the configuration's errors and the demo server's banner, in Vietnamese
//! when the run is (`--lang vi`, `PORTAL_LANG=vi`), with no English word the product wrote
//! left in them. Option names, command names, placeholders (`<ID>`, `[OPTIONS]`), code in
//! backticks, routes and addresses are not words.

use crate::support;

use support::cli::command;

/// Words of the English help, usage and errors: none may be left in Vietnamese.
const ENGLISH: &[&str] = &[
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "Print",
    "version",
    "default",
    "possible",
    "values",
    "env",
    "The",
    "the",
    "of",
    "and",
    "or",
    "to",
    "for",
    "with",
    "from",
    "is",
    "are",
    "Every",
    "Show",
    "Turn",
    "Renew",
    "Whether",
    "Global",
    "without",
    "asking",
    "error",
    "required",
    "following",
    "provided",
    "information",
    "try",
    "Account",
    "Start",
    "Write",
    "Seconds",
    "Mouse",
    "Allow",
    "Also",
    "Language",
    "Configuration",
    "profile",
    "name",
    "registration",
    "nameservers",
    "Terminal",
    "dashboard",
    "subcommand",
    "given",
    "cannot",
    "file",
    "record",
    "records",
    "unexpected",
    "argument",
    "found",
    "similar",
    "exists",
    "tip",
    "listening",
    "press",
];

/// `text` without what is not a word: the program's name, option names, placeholders, code
/// in backticks, routes, addresses and the first word of a command's line (its name).
fn words_of(text: &str) -> Vec<String> {
    let mut kept = String::new();
    for line in text.lines() {
        let line = line.replace("portal-tui", " ");
        let mut rest = line.trim_start();
        // A line of the command list starts with the command's name.
        if line.starts_with("  ") && !line.starts_with("   ") && !rest.starts_with('-') && !rest.starts_with('<') {
            rest = rest.split_once(' ').map_or("", |(_, after)| after);
        }
        kept.push_str(rest);
        kept.push('\n');
    }
    let mut out = String::new();
    let (mut skip_until, mut chars) = (None::<char>, kept.chars().peekable());
    while let Some(c) = chars.next() {
        if let Some(end) = skip_until {
            if c == end {
                skip_until = None;
            }
            continue;
        }
        match c {
            '`' => skip_until = Some('`'),
            '<' => skip_until = Some('>'),
            '[' if chars.peek().is_some_and(|n| n.is_ascii_uppercase()) => skip_until = Some(']'),
            _ => out.push(c),
        }
    }
    out.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '(' | ')' | '.' | '\'' | '"'))
        .filter(|w| !w.starts_with('-') && !w.contains('/') && !w.contains('@') && !w.contains('='))
        .map(str::to_owned)
        .collect()
}

fn english_in(text: &str) -> Vec<String> {
    words_of(text).into_iter().filter(|w| ENGLISH.contains(&w.as_str())).collect()
}

fn run(args: &[&str]) -> std::process::Output {
    command().args(args).env_remove("PORTAL_LANG").output().expect("binary runs")
}

#[test]
fn help_and_usage_mistakes_speak_vietnamese_without_an_english_word() {
    for args in [
        &["--lang", "vi", "--help"][..],
        &["--lang", "vi", "domain", "--help"],
        &["--lang", "vi", "dns", "add", "--help"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let said = String::from_utf8(out.stdout).unwrap();
        assert!(said.contains("Cách dùng: portal-tui"), "{args:?}:\n{said}");
        assert!(said.contains("Tùy chọn chung:"), "{args:?}:\n{said}");
        assert_eq!(english_in(&said), Vec::<String>::new(), "{args:?}:\n{said}");
    }
    // The same in English is full of them: the check sees them.
    let english = String::from_utf8(run(&["--lang", "en", "domain", "--help"]).stdout).unwrap();
    assert!(english_in(&english).len() > 20, "{:?}", english_in(&english));
    // The dashboard's own options, then the global ones, as in English.
    let top = String::from_utf8(run(&["--lang", "vi", "--help"]).stdout).unwrap();
    assert!(top.find("--mouse").unwrap() < top.find("Tùy chọn chung:").unwrap(), "{top}");

    // A usage mistake: said in Vietnamese, its usage line without `--lang` as if it were
    // needed, wherever `--lang` was typed.
    for args in [
        &["--lang", "vi", "domain", "renew"][..],
        &["domain", "renew", "--lang", "vi"],
        &["domain", "renew", "--lang=vi", "x", "--yeers", "2"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8(out.stderr).unwrap();
        assert!(said.starts_with("lỗi: "), "{args:?}:\n{said}");
        assert!(said.contains("Cách dùng: portal-tui domain renew"), "{args:?}:\n{said}");
        assert!(!said.contains("--lang"), "{args:?}:\n{said}");
        assert_eq!(english_in(&said), Vec::<String>::new(), "{args:?}:\n{said}");
    }
    // PORTAL_LANG says it as well as --lang.
    let out = command().args(["domain", "--help"]).env("PORTAL_LANG", "vi").output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("Tùy chọn chung:"));
}

/// Every command's path: `dns add`, `radar serve`, …
fn paths(cmd: &clap::Command, above: &[String], out: &mut Vec<Vec<String>>) {
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let path: Vec<String> = above.iter().cloned().chain([sub.get_name().to_owned()]).collect();
        paths(sub, &path, out);
        out.push(path);
    }
}

#[test]
fn every_commands_help_speaks_vietnamese() {
    use clap::CommandFactory;
    let mut all = Vec::new();
    paths(&portal_tui::cli::Cli::command(), &[], &mut all);
    assert!(all.len() > 40, "{all:?}");
    for path in all {
        let args: Vec<&str> =
            ["--lang", "vi"].into_iter().chain(path.iter().map(String::as_str)).chain(["--help"]).collect();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let said = String::from_utf8(out.stdout).unwrap();
        assert_eq!(english_in(&said), Vec::<String>::new(), "{args:?}:\n{said}");
    }
}

#[test]
fn the_configurations_errors_speak_vietnamese() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.toml");
    let missing = missing.to_str().unwrap();
    let failing = support::cli::write(
        dir.path(),
        "failing.toml",
        "[profiles.x]\nbase_url = \"https://billing.example.vn\"\nusername = \"a@example.vn\"\npassword_command = \"exit 3\"\n",
    );
    std::fs::set_permissions(&failing, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    for args in [
        &["--lang", "vi", "--config", missing, "details"][..],
        &["--lang", "vi", "--config", &failing, "--profile", "nobody", "details"],
        &["--lang", "vi", "--config", &failing, "details"],
        &["--lang", "vi", "--demo", "--profile", "nobody", "details"],
        &["--lang", "vi", "--demo", "--timeout", "0", "details"],
    ] {
        let out = run(args);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let said = String::from_utf8(out.stderr).unwrap();
        assert!(said.starts_with("lỗi: "), "{args:?}: {said}");
        assert_eq!(english_in(&said), Vec::<String>::new(), "{args:?}: {said}");
    }
}
