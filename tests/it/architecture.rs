//! The import rules of ARCHITECTURE.md, kept: every `crate::`, `super::` and `self::` path
//! under `src/` (in `use` lines and inline, code only: comments and strings are passed
//! over) is resolved to the file that defines what it names, through `pub use`
//! re-exports; then no files import each other in a circle, and no layer imports one
//! above it. A module reaching into its own submodules, or a submodule into its parents,
//! is the module tree's own business and not an import between files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, top first: a module may import its own layer's and those below.
const LAYERS: &[&[&str]] = &[
    &["term"],
    &["cli", "worker", "ui"],
    &["app"],
    &["paint"],
    &["command"],
    &["config"],
    &["radar", "plan"],
    &["demo", "i18n"],
    &["api"],
    &["system"],
];

/// One file of the crate: its module path (`["app", "changes"]`) and its code, comments
/// and strings blanked.
struct Source {
    file: String,
    module: Vec<String>,
    code: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut sources = Vec::new();
    for path in files {
        let relative = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        if relative == "main.rs" || relative == "lib.rs" {
            continue;
        }
        let mut module: Vec<String> = relative.trim_end_matches(".rs").split('/').map(str::to_owned).collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        sources.push(Source { file: format!("src/{relative}"), module, code: blank(&text) });
    }
    sources
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code with comments, string and character literals replaced by spaces (line
/// breaks kept), so that only code is read.
fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(keep(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char(chars.get(i.wrapping_sub(1))) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let closes = |k: usize| chars.get(k) == Some(&'"') && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#'));
            while j < chars.len() && !closes(j) {
                j += 1;
            }
            let end = (j + 1 + hashes).min(chars.len());
            out.extend(chars[i..end].iter().map(|&c| keep(c)));
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|&c| keep(c)));
            i = end;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}'); a lifetime is left as it is.
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&k| chars[k] == '\'').map(|k| k + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(chars[i..end].iter().map(|&c| keep(c)));
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The paths a file names, each as absolute segments (`["api", "models", "Domain"]`), with
/// the module path of the place it is named in (an inline `mod tests { … }` is a module
/// of its own).
fn paths(source: &Source) -> Vec<Vec<String>> {
    let chars: Vec<char> = source.code.chars().collect();
    let mut found = Vec::new();
    // The inline modules open here: (name, the brace depth they close at).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, at)| *at == depth) {
                inline.pop();
            }
            i += 1;
            continue;
        }
        if !ident_char(Some(&c)) || ident_char(i.checked_sub(1).and_then(|p| chars.get(p))) {
            i += 1;
            continue;
        }
        let word: String = chars[i..].iter().take_while(|c| ident_char(Some(c))).collect();
        let after = i + word.chars().count();
        if word == "mod" {
            let rest: String = chars[after..].iter().take(80).collect();
            let name: String = rest.trim_start().chars().take_while(|c| ident_char(Some(c))).collect();
            let tail = rest.trim_start()[name.len()..].trim_start();
            if !name.is_empty() && tail.starts_with('{') {
                // A module of tests is no part of the layers: what it reads is its own.
                if test_only(&chars, i) {
                    let open = i + chars[i..].iter().position(|c| *c == '{').unwrap_or(0);
                    i = closing(&chars, open);
                    continue;
                }
                inline.push((name, depth));
            }
            i = after;
            continue;
        }
        let here: Vec<String> = source.module.iter().cloned().chain(inline.iter().map(|(n, _)| n.clone())).collect();
        let start: Option<Vec<String>> = match word.as_str() {
            "crate" => Some(Vec::new()),
            "self" => Some(here.clone()),
            "super" => here.split_last().map(|(_, parent)| parent.to_vec()),
            _ => None,
        };
        let preceded_by_dollar = i > 0 && chars[i - 1] == '$';
        match start {
            Some(mut base) if !preceded_by_dollar && chars[after..].starts_with(&[':', ':']) => {
                let mut j = after + 2;
                // `super::super::…`
                loop {
                    let seg: String = chars[j..].iter().take_while(|c| ident_char(Some(c))).collect();
                    if seg == "super" && chars[j + 5..].starts_with(&[':', ':']) {
                        base.pop();
                        j += 7;
                    } else {
                        break;
                    }
                }
                let (list, end) = path_tail(&chars, j);
                for tail in list {
                    found.push(base.iter().cloned().chain(tail).collect());
                }
                i = end.max(after);
            }
            _ => i = after,
        }
    }
    found
}

/// Whether the item starting at `at` is marked `#[cfg(test)]`.
fn test_only(chars: &[char], at: usize) -> bool {
    let before: String = chars[at.saturating_sub(60)..at].iter().collect();
    let before = before.trim_end();
    let before = before.strip_suffix("pub(crate)").or_else(|| before.strip_suffix("pub")).unwrap_or(before);
    before.trim_end().ends_with("#[cfg(test)]")
}

/// Past the brace that closes the one at `open`.
fn closing(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in chars.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    chars.len()
}

/// The files declared as modules of tests (`#[cfg(test)] mod x;`), as module paths.
fn test_files(sources: &[Source]) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    for s in sources {
        let chars: Vec<char> = s.code.chars().collect();
        let text = &s.code;
        for (at, _) in text.match_indices("mod ") {
            let rest = &text[at + 4..];
            let name: String = rest.chars().take_while(|c| ident_char(Some(c))).collect();
            let char_at = text[..at].chars().count();
            if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') && test_only(&chars, char_at) {
                found.insert(s.module.iter().cloned().chain([name]).collect());
            }
        }
    }
    found
}

/// The segments after `crate::` (or `super::`…) from `at`: one path, or those of a
/// `{…}` group; and where it ends.
fn path_tail(chars: &[char], at: usize) -> (Vec<Vec<String>>, usize) {
    let mut segments = Vec::new();
    let mut j = at;
    loop {
        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
            j += 1;
        }
        if chars.get(j) == Some(&'{') {
            let mut all = Vec::new();
            j += 1;
            loop {
                while chars.get(j).is_some_and(|c| c.is_whitespace() || *c == ',') {
                    j += 1;
                }
                if chars.get(j).is_none_or(|c| *c == '}') {
                    return (all, j + 1);
                }
                let (inner, end) = path_tail(chars, j);
                all.extend(inner.into_iter().map(|t| segments.iter().cloned().chain(t).collect()));
                // Past an `as` alias or anything up to the next item.
                j = end;
                while chars.get(j).is_some_and(|c| *c != ',' && *c != '}') {
                    j += 1;
                }
            }
        }
        let seg: String = chars[j..].iter().take_while(|c| ident_char(Some(c)) || **c == '*').collect();
        if seg.is_empty() {
            return (vec![segments], j);
        }
        j += seg.chars().count();
        if seg != "self" {
            segments.push(seg);
        }
        if chars[j..].starts_with(&[':', ':']) {
            j += 2;
        } else {
            return (vec![segments], j);
        }
    }
}

/// What each module defines and re-exports.
struct Crate {
    files: BTreeMap<Vec<String>, String>,
    defines: BTreeMap<Vec<String>, BTreeSet<String>>,
    /// `pub use` names: module → name → the path it names.
    exports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn new(sources: &[Source]) -> Crate {
        let mut files = BTreeMap::new();
        let mut defines: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
        let mut exports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = BTreeMap::new();
        for s in sources {
            files.insert(s.module.clone(), s.file.clone());
            let words: Vec<&str> = s.code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!')).collect();
            let mut names = BTreeSet::new();
            for pair in words.windows(2) {
                if matches!(pair[0], "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "macro_rules!")
                    && !pair[1].is_empty()
                {
                    names.insert(pair[1].to_owned());
                }
            }
            defines.insert(s.module.clone(), names);
            // `pub use a::b::{C, D}` / `pub(crate) use super::x::Y`: named from here.
            for line in s.code.split(';') {
                let line = line.trim();
                let Some(rest) = line.strip_prefix("pub").map(str::trim_start) else { continue };
                let rest =
                    if rest.starts_with('(') { rest[rest.find(')').unwrap_or(0) + 1..].trim_start() } else { rest };
                let Some(used) = rest.strip_prefix("use ") else { continue };
                let source = Source { file: String::new(), module: s.module.clone(), code: used.to_owned() };
                let mut named: Vec<Vec<String>> = paths(&source);
                // A relative path: a submodule of this one.
                if named.is_empty() {
                    let chars: Vec<char> = used.chars().collect();
                    let (tails, _) = path_tail(&chars, 0);
                    named = tails.into_iter().map(|t| s.module.iter().cloned().chain(t).collect()).collect();
                }
                for path in named {
                    if let Some(name) = path.last() {
                        exports.entry(s.module.clone()).or_default().insert(name.clone(), path.clone());
                    }
                }
            }
        }
        Crate { files, defines, exports }
    }

    /// The module whose file defines what `path` names, following re-exports; `None` for a
    /// path that names no file of the crate.
    fn file_of(&self, path: &[String], hops: usize) -> Option<Vec<String>> {
        let module = (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|m| self.files.contains_key(m))?;
        let Some(name) = path.get(module.len()) else { return Some(module) };
        if hops < 8
            && !self.defines.get(&module).is_some_and(|d| d.contains(name))
            && let Some(to) = self.exports.get(&module).and_then(|e| e.get(name))
            && to.as_slice() != path
        {
            let rest: Vec<String> = to.iter().cloned().chain(path[module.len() + 1..].iter().cloned()).collect();
            return self.file_of(&rest, hops + 1).or(Some(module));
        }
        Some(module)
    }
}

/// Importer file → imported file → the paths that tie them.
type Edges = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn layer_of(module: &[String]) -> Option<usize> {
    let top = module.first()?;
    LAYERS.iter().position(|layer| layer.contains(&top.as_str()))
}

/// The imports between files: importer → imported, with the paths that tie them.
fn imports() -> (Edges, Vec<Source>) {
    let sources = sources();
    let krate = Crate::new(&sources);
    let mut edges: Edges = BTreeMap::new();
    let tests = test_files(&sources);
    for source in sources.iter().filter(|s| !tests.contains(&s.module)) {
        for path in paths(source) {
            let Some(target) = krate.file_of(&path, 0) else { continue };
            // A module reaching into itself or its own submodules, or a submodule using
            // what its parents define (their `pub use` followed), is the tree's own
            // business: no import between files.
            if target.starts_with(&source.module) || source.module.starts_with(&target) {
                continue;
            }
            let file = krate.files[&target].clone();
            edges.entry(source.file.clone()).or_default().entry(file).or_default().insert(path.join("::"));
        }
    }
    (edges, sources)
}

/// The files that import each other in a loop: Tarjan's strongly connected components.
fn circles(edges: &Edges) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a Edges,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let at = self.index.len();
            self.index.insert(v, at);
            self.low.insert(v, at);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flat_map(|m| m.keys()) {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let (edges, _) = imports();
    let found = circles(&edges);
    let mut said = String::new();
    for circle in &found {
        said += &format!("circle of {} files:\n", circle.len());
        for from in circle {
            for (to, paths) in &edges[from] {
                if circle.contains(to) {
                    let names: Vec<&str> = paths.iter().map(String::as_str).collect();
                    said += &format!("  {from} -> {to}: {}\n", names.join(", "));
                }
            }
        }
    }
    assert!(found.is_empty(), "{said}");
}

#[test]
fn no_layer_imports_one_above_it() {
    let (edges, sources) = imports();
    let module_of: BTreeMap<&str, &[String]> = sources.iter().map(|s| (s.file.as_str(), s.module.as_slice())).collect();
    let mut upward = Vec::new();
    for (from, targets) in &edges {
        let Some(below) = layer_of(module_of[from.as_str()]) else { continue };
        for (to, paths) in targets {
            let above = layer_of(module_of[to.as_str()]);
            if above.is_some_and(|above| above < below) {
                upward.push(format!("{from} -> {to}: {}", paths.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
        }
    }
    assert!(upward.is_empty(), "imports from a layer into one above it:\n{}", upward.join("\n"));
}

#[test]
fn every_module_of_the_crate_has_a_layer() {
    let sources = sources();
    let tops: BTreeSet<&str> = sources.iter().filter_map(|s| s.module.first()).map(String::as_str).collect();
    let missing: Vec<&&str> = tops.iter().filter(|t| LAYERS.iter().all(|l| !l.contains(t))).collect();
    assert!(missing.is_empty(), "modules without a layer in LAYERS: {missing:?}");
}

/// Drawing holds no `App`, nor does any step of the dispatch: only `app/mod.rs` has
/// functions handed the whole `App` (a screen is drawn from its own state, a `Paint` and
/// an `Around`, the frame from a `FrameView`; the rest are methods of what they act on).
#[test]
fn no_function_outside_app_mod_takes_the_app() {
    // Any binding of the type, whatever its name: `app: &App`, `a: &mut crate::app::App`.
    let handed = |code: &str| {
        let code: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
        [": &App", ": &mut App", ": &crate::app::App", ": &mut crate::app::App"]
            .iter()
            .any(|p| code.split(p).skip(1).any(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')))
    };
    assert!(handed("fn f(x: &App) {}") && handed("fn f(\n    y:  &mut   App,\n)") && !handed("fn f(a: &AppState)"));
    let found: Vec<String> =
        sources().into_iter().filter(|s| s.file != "src/app/mod.rs" && handed(&s.code)).map(|s| s.file).collect();
    assert!(found.is_empty(), "functions handed the whole App outside app/mod.rs, in: {found:?}");
}

/// The reader itself: paths in comments and strings are not imports; a group is each of
/// its paths; `super` in an inline module is the file's own module; a module of tests is
/// passed over.
#[test]
fn the_reader_reads_code_only() {
    let code = "use crate::api::{Change, models::{Domain, Zone}};\n// crate::ui::x\nlet s = \"crate::cli::y\";\n\
                fn f() { super::drive::apply(); }\nmod inner { use super::*; fn g() { super::super::Other; } }\n\
                #[cfg(test)]\nmod tests { use crate::ui::Never; }";
    let source = Source { file: String::new(), module: vec!["app".into(), "changes".into()], code: blank(code) };
    let found: Vec<String> = paths(&source).into_iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        [
            "api::Change",
            "api::models::Domain",
            "api::models::Zone",
            "app::drive::apply",
            "app::changes::*",
            "app::Other"
        ]
    );
}

/// The screens by name, from the screen table's rows (`module: x,`).
fn screen_modules() -> Vec<String> {
    let table =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/config/keys/screens.rs")).unwrap();
    let rows = table.split("module:").skip(1);
    rows.filter_map(|row| row.split(',').next()).map(|m| m.trim().to_owned()).filter(|m| !m.starts_with('$')).collect()
}

/// Shared code names no screen: what the app shares (`app/*.rs`, `app/profile/`), the screens' own shared
/// files (`app/screens/*.rs`), and the three screens made of the others (the radar, the
/// Overview, the Plan) reach a screen only through the screen table and what each screen
/// offers (`View`, `RadarSource`), never by its module or its field in `Screens`. Those
/// three are named where the app drives them (the watchlist, every profile).
/// None is left: a hand-over would be listed here as (file, screen module), with why.
const NAMED_ON_PURPOSE: &[(&str, &str)] = &[];

#[test]
fn shared_code_names_no_screen() {
    let modules = screen_modules();
    assert!(modules.len() >= 10 && modules.contains(&"invoices".to_owned()), "{modules:?}");
    let named: Vec<&String> = modules.iter().filter(|m| !["radar", "overview", "plan"].contains(&m.as_str())).collect();
    let shared = |file: &str| {
        let Some(rest) = file.strip_prefix("src/app/") else { return false };
        !rest.contains('/')
            || rest.starts_with("profile/")
            || rest.strip_prefix("screens/").is_some_and(|r| !r.contains('/'))
            || rest.starts_with("screens/radar/")
            || rest.starts_with("screens/overview/")
            || rest.starts_with("screens/plan/")
    };
    let (edges, sources) = imports();
    let mut found = Vec::new();
    for (from, targets) in edges.iter().filter(|(from, _)| shared(from)) {
        for (to, paths) in targets {
            let on_purpose = |m: &&&String| NAMED_ON_PURPOSE.contains(&(from.as_str(), m.as_str()));
            if named.iter().filter(|m| !on_purpose(m)).any(|m| to.starts_with(&format!("src/app/screens/{m}/"))) {
                found.push(format!("{from} -> {to}: {}", paths.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
        }
    }
    for source in sources.iter().filter(|s| shared(&s.file)) {
        let code: String = source.code.split_whitespace().collect::<Vec<_>>().join(" ");
        for m in named.iter().filter(|m| !NAMED_ON_PURPOSE.contains(&(source.file.as_str(), m.as_str()))) {
            for field in [format!("screens.{m}"), format!("others.{m}"), format!("screens::{m}")] {
                let after = code.split(field.as_str()).skip(1);
                if after.clone().any(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')) {
                    found.push(format!("{} names {field}", source.file));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "shared code naming a screen (go through the screen table):\n{}", found.join("\n"));
}
