//! The documentation tells the truth about the keys and the commands: README.md stays a
//! doorway (at most 1,500 words, a screens table of one-line cells), every key README.md
//! or a page of docs/ names in backticks is bound in the default keymap, every
//! `portal-tui COMMAND [SUBCOMMAND]` they name is in the CLI definition, the manual page
//! the binary prints names the commands, and docs/routes.md lists every change's route.
//!
//! What counts as a key: a code span of one printable ASCII character (`y`, `/`, `?`), an
//! arrow (`↑`), or a span spelled exactly as the dashboard shows a key (`Enter`, `PgDn`,
//! `Ctrl-S`, `Shift-Tab`). So a single ASCII character in backticks is always a key: the
//! pages write a DNS apex or a dash without backticks. What counts as a command: the
//! words after `portal-tui` in a code span that starts with it, or anywhere in a fenced
//! block, global options skipped.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use clap::CommandFactory;
use portal_tui::cli::Cli;
use portal_tui::config::keys::{Action, Context, Key, Keymap, Screen};

const README_WORDS: usize = 1_500;
const CELL_WORDS: usize = 15;

/// README.md and every page under docs/, with their text.
fn pages() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/ exists") {
            let path = entry.expect("a docs entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).expect("a page reads"))).collect()
}

/// The lines of a page, each with whether it is inside a fenced code block.
fn lines(text: &str) -> Vec<(bool, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        out.push((fenced, line));
    }
    out
}

/// The code spans of the prose (outside fenced blocks).
fn spans(text: &str) -> Vec<String> {
    let prose: Vec<&str> = lines(text).into_iter().filter(|(fenced, _)| !fenced).map(|(_, l)| l).collect();
    // A span may run over a line break, as Markdown allows.
    let prose = prose.join("\n");
    prose.split('`').skip(1).step_by(2).map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// Every key of the default keymap as the dashboard shows it (`Enter`, `↑`, `Ctrl-S`).
fn bound_keys() -> BTreeSet<String> {
    let map = Keymap::default();
    let mut keys = BTreeSet::new();
    for &context in Context::ALL {
        for action in Action::all() {
            keys.extend(map.keys_for(context, action).iter().map(Key::to_string));
        }
    }
    keys
}

/// The key a code span names, if it names one.
fn key_named(span: &str) -> Option<&str> {
    let mut chars = span.chars();
    let one = match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    };
    let is_key = match one {
        Some(c) => c.is_ascii_graphic() || "↑↓←→".contains(c),
        None => span.parse::<Key>().is_ok_and(|key| key.to_string() == span),
    };
    is_key.then_some(span)
}

/// The keys `text` names that the default keymap does not bind.
fn unbound_keys(text: &str, bound: &BTreeSet<String>) -> Vec<String> {
    spans(text).iter().filter_map(|s| key_named(s)).filter(|k| !bound.contains(*k)).map(str::to_owned).collect()
}

/// The command lines `text` names: what follows `portal-tui ` in a span that starts with
/// it, or anywhere in a fenced block.
fn command_lines(text: &str) -> Vec<String> {
    const NAME: &str = "portal-tui ";
    let mut found: Vec<String> =
        spans(text).into_iter().filter_map(|s| s.strip_prefix(NAME).map(str::to_owned)).collect();
    for (_, line) in lines(text).into_iter().filter(|(fenced, _)| *fenced) {
        for (at, _) in line.match_indices(NAME) {
            let before = line[..at].chars().next_back();
            if before.is_none_or(|c| c.is_whitespace() || c == '/' || c == '(') {
                found.push(line[at + NAME.len()..].to_owned());
            }
        }
    }
    found
}

/// A word that can only be a command's name (not a value such as `example.vn` or `NAME`).
fn is_command_word(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// What is wrong with one command line: an unknown global option, command or subcommand.
fn wrong_command(line: &str, cli: &clap::Command) -> Option<String> {
    let mut words = line.split_whitespace();
    let command = loop {
        let word = words.next()?;
        if word.starts_with('[') {
            continue;
        }
        let Some(long) = word.strip_prefix("--") else { break word };
        let (long, inline) = long.split_once('=').map_or((long, false), |(l, _)| (l, true));
        let Some(arg) = cli.get_arguments().find(|a| a.get_long() == Some(long)) else {
            return Some(format!("unknown option --{long} in `portal-tui {line}`"));
        };
        if !inline && arg.get_action().takes_values() {
            words.next();
        }
    };
    if !is_command_word(command) {
        return None;
    }
    let Some(found) = cli.find_subcommand(command) else {
        return Some(format!("unknown command `{command}` in `portal-tui {line}`"));
    };
    let sub = words.next().filter(|w| is_command_word(w));
    match sub {
        Some(sub) if found.has_subcommands() && found.find_subcommand(sub).is_none() => {
            Some(format!("unknown subcommand `{command} {sub}` in `portal-tui {line}`"))
        }
        _ => None,
    }
}

/// The command lines of `text` that the CLI does not have.
fn wrong_commands(text: &str, cli: &clap::Command) -> Vec<String> {
    command_lines(text).iter().filter_map(|line| wrong_command(line, cli)).collect()
}

fn cli() -> clap::Command {
    let mut cli = Cli::command();
    cli.build();
    cli
}

#[test]
fn a_made_up_key_or_command_is_found() {
    let bound = bound_keys();
    let text = "Press `Ctrl-S` or `Enter`, then `↑`/`↓`, `z` or `Ctrl-Q`; `@ A 1.2.3.4` and `home` are no keys.\n\
                Run `portal-tui dns add NAME`, `portal-tui --profile shop domains`, `portal-tui frobnicate`,\n\
                `portal-tui dns frob example.vn` and `portal-tui --nope domains`.\n\
                ```\n*/5 * * * * /usr/bin/portal-tui radar --all-profiles\nportal-tui [GLOBAL] tickett --open\n```\n\
                Inside a block `q` is not read, outside it `F7` is.";
    assert_eq!(unbound_keys(text, &bound), ["z", "Ctrl-Q", "F7"]);
    let wrong = wrong_commands(text, &cli());
    assert_eq!(wrong.len(), 4, "{wrong:#?}");
    for what in ["`frobnicate`", "`dns frob`", "--nope", "`tickett`"] {
        assert!(wrong.iter().any(|w| w.contains(what)), "{what} not found in {wrong:#?}");
    }
}

#[test]
fn every_key_a_page_names_is_bound() {
    let bound = bound_keys();
    for expected in ["Enter", "Ctrl-S", "↑", "/", "x", "Shift-Tab"] {
        assert!(bound.contains(expected), "{expected} is how the dashboard shows a key: {bound:?}");
    }
    let wrong: Vec<String> = pages()
        .iter()
        .flat_map(|(path, text)| {
            unbound_keys(text, &bound).into_iter().map(move |k| format!("{}: `{k}`", path.display()))
        })
        .collect();
    assert!(wrong.is_empty(), "keys no screen binds by default:\n{}", wrong.join("\n"));
}

#[test]
fn every_command_a_page_names_exists() {
    let cli = cli();
    let mut named = 0;
    let mut wrong = Vec::new();
    for (path, text) in pages() {
        named += command_lines(&text).len();
        wrong.extend(wrong_commands(&text, &cli).into_iter().map(|w| format!("{}: {w}", path.display())));
    }
    assert!(named > 50, "the pages name the commands ({named} found)");
    assert!(wrong.is_empty(), "commands the CLI does not have:\n{}", wrong.join("\n"));
}

#[test]
fn the_readme_is_a_doorway() {
    let (_, readme) = pages().into_iter().find(|(p, _)| p.ends_with("README.md")).expect("README.md");
    let words = readme.split_whitespace().count();
    assert!(words <= README_WORDS, "README.md has {words} words, more than {README_WORDS}");
    let cells: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|-") && !l.starts_with("| -"))
        .flat_map(|l| l.trim().trim_matches('|').split('|'))
        .collect();
    for cell in &cells {
        let count = cell.split_whitespace().count();
        assert!(count <= CELL_WORDS, "a table cell of {count} words: {cell}");
    }
    for screen in Screen::TABS.iter().filter(|s| s.tab_key().is_some()) {
        let key = format!("`{}`", screen.tab_key().unwrap_or_default());
        assert!(cells.iter().any(|c| c.trim() == key), "the screens table has no row for {key}");
    }
    for command in ["cargo run --release -- --demo", "cargo test --locked"] {
        assert!(readme.lines().any(|l| l.trim() == command), "README.md sets up with `{command}`");
    }
    let ci = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/run")).expect(".ci/run");
    assert!(ci.lines().any(|l| l.trim() == "cargo test --locked"), "the test command is the one CI runs");
}

#[test]
fn the_manual_page_names_the_commands() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_portal-tui")).arg("man").output().expect("binary runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let page = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(page.contains(".TH portal-tui 1"), "{page}");
    for command in
        ["details", "domains", "dns add", "dns apply", "radar", "ticket reply", "completions", "demo\\-server", "man"]
    {
        let usage = format!("portal\\-tui {command}");
        assert!(page.contains(&usage), "{usage} missing from the manual page");
    }
    assert!(page.contains("EXIT STATUS"), "the exit codes are on the page");
}

/// A route's shape: its method and its path with every id (a number in a request, a word
/// in capitals on the page) as `*`.
fn route_shape(method: &str, path: &str) -> String {
    let segments: Vec<&str> = path
        .split('/')
        .map(|s| {
            let id = !s.is_empty()
                && (s.chars().all(|c| c.is_ascii_digit()) || s.chars().all(|c| c.is_ascii_uppercase() || c == '_'));
            if id { "*" } else { s }
        })
        .collect();
    format!("{method} {}", segments.join("/"))
}

/// The routes docs/routes.md lists under "Changes", as shapes (`DELETE …` is the path
/// before it in the same cell).
fn documented_changes() -> BTreeSet<String> {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/routes.md")).unwrap();
    let section = page.split("## Changes").nth(1).expect("docs/routes.md has a Changes section");
    let mut shapes = BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cell = row.split('|').nth(1).unwrap_or_default();
        let mut last_path = "";
        for route in cell.split(',').map(|r| r.trim().trim_matches('`')) {
            let (method, path) = route.split_once(' ').unwrap_or((route, ""));
            let path = if path == "…" { last_path } else { path };
            last_path = path;
            shapes.insert(route_shape(method, path));
        }
    }
    shapes
}

#[test]
fn every_change_is_in_the_routes_page() {
    let documented = documented_changes();
    assert!(documented.contains("PUT /domain/*/dns/*"), "the page is read: {documented:?}");
    let missing: Vec<String> = portal_tui::demo::example_changes()
        .iter()
        .map(|change| {
            let request = change.request();
            route_shape(request.method.as_str(), &request.path())
        })
        .filter(|shape| !documented.contains(shape))
        .collect();
    assert!(missing.is_empty(), "changes docs/routes.md does not list under Changes: {missing:?}");
}

const ARCHITECTURE_WORDS: usize = 2_000;

/// Every file and folder of the repository (folders with a `/` after them), relative to it.
fn repository_paths() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = BTreeSet::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder reads") {
            let path = entry.expect("an entry").path();
            let relative = path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
            if relative.starts_with('.') || relative == "target" {
                continue;
            }
            if path.is_dir() {
                found.insert(format!("{relative}/"));
                folders.push(path);
            } else {
                found.insert(relative);
            }
        }
    }
    found
}

/// ARCHITECTURE.md stays short enough to keep true, every file or folder it names in a code
/// span is there (a placeholder, `X` or `Z`, stands for any screen), and its map names every
/// place directly under `src/`.
#[test]
fn the_architecture_page_names_real_places() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let words = page.split_whitespace().count();
    assert!(words <= ARCHITECTURE_WORDS, "ARCHITECTURE.md has {words} words, more than {ARCHITECTURE_WORDS}");
    let paths = repository_paths();
    let is_path = |span: &str| {
        !span.contains(' ')
            && (span.ends_with('/') || [".rs", ".md", ".toml"].iter().any(|e| span.ends_with(e)))
            && !span.split('/').any(|part| {
                let stem = part.split('.').next().unwrap_or_default();
                stem == "*" || (stem.len() == 1 && stem.chars().all(|c| c.is_ascii_uppercase()))
            })
    };
    let mut named = 0;
    let mut missing = Vec::new();
    for span in spans(&page).into_iter().filter(|s| is_path(s)) {
        named += 1;
        if !paths.iter().any(|p| p == &span || p.ends_with(&format!("/{span}"))) {
            missing.push(span);
        }
    }
    assert!(named > 40, "the page names the places ({named} found)");
    assert!(missing.is_empty(), "ARCHITECTURE.md names places that are not there: {missing:?}");
    let map = page.split("## Code map").nth(1).and_then(|rest| rest.split("\n## ").next()).expect("a code map");
    let spans = spans(map);
    let unmapped: Vec<&String> = paths
        .iter()
        .filter_map(|p| p.strip_prefix("src/"))
        .filter(|p| !p.is_empty() && p.matches('/').count() <= usize::from(p.ends_with('/')))
        .filter(|p| *p != "lib.rs")
        .filter(|p| !spans.iter().any(|s| s == p.trim_end_matches(".rs") || s == *p || s.starts_with(&**p)))
        .map(|p| paths.get(&format!("src/{p}")).expect("listed"))
        .collect();
    assert!(unmapped.is_empty(), "places under src/ the code map does not name: {unmapped:?}");
}
