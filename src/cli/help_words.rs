//! clap's help and usage in the run's language. The English is the definitions' own (their
//! doc comments, `args`); every other language's words for each command and argument are
//! in the table of texts (`i18n::texts::help`), found by where they are: the command's
//! path (`dns add`), then the argument (`--ttl`, `<NAME>`). clap's own words around them
//! (the headings, `Usage:`, `[default: …]`, `[env: …]`, the help and version flags, the
//! `help` command) are said through the table too.

use clap::{Arg, ArgAction, Command};

use crate::api::Language;
use crate::i18n::Text;
use crate::i18n::help as words;

/// The heading of the options every command takes, shown after a command's own.
pub const GLOBAL: &str = "Global options";

/// Whether `path` names a `help` command (clap's, under every command).
fn is_help(path: &str) -> bool {
    path == "help" || path.ends_with(" help")
}

/// `cmd` (the whole tree, built) with its help in `language`.
pub fn localized(mut cmd: Command, language: Language) -> Command {
    if language == Language::English {
        return cmd;
    }
    // Built first: the global options and the `help` command are in every command then.
    cmd.build();
    in_language(cmd, "", language)
}

/// One command and the commands under it, `path` the words that name it.
fn in_language(cmd: Command, path: &str, language: Language) -> Command {
    let about = match is_help(path) {
        true => Some(Text::HelpHelpCommand.get(language)),
        false => words::of(path, None, language),
    };
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        Text::ArgsUsage.get(language)
    );
    let mut cmd = cmd
        .help_template(template)
        .subcommand_help_heading(Text::HelpCommands.get(language))
        .subcommand_value_name(Text::HelpCommandName.get(language));
    if let Some(about) = about {
        cmd = cmd.about(about).long_about(about);
    }
    // The demo server's list of faults is the developer's, in English; the rest is said.
    cmd = cmd.after_help(None::<&str>).after_long_help(None::<&str>);
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(&id, |arg| argument(arg, path, language));
    }
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_owned()).collect();
    for name in names {
        let sub_path = if path.is_empty() { name.clone() } else { format!("{path} {name}") };
        cmd = cmd.mut_subcommand(&name, |sub| in_language(sub, &sub_path, language));
    }
    cmd
}

/// How the table names an argument: `--long`, else `<ID>` (a positional's).
pub fn arg_key(arg: &Arg) -> String {
    match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => format!("<{}>", arg.get_id().as_str().to_uppercase()),
    }
}

/// One argument's help, heading and notes (default, environment, values) in `language`.
fn argument(arg: Arg, path: &str, language: Language) -> Arg {
    let key = arg_key(&arg);
    let help = match arg.get_action() {
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong => Some(Text::HelpHelpFlag.get(language)),
        ArgAction::Version => Some(Text::HelpVersionFlag.get(language)),
        _ if is_help(path) => Some(Text::HelpHelpCommandArg.get(language)),
        _ => words::of(path, Some(&key), language),
    };
    let mut text = help.map(str::to_owned).unwrap_or_default();
    let mut note = |said: String| {
        text = if text.is_empty() { said } else { format!("{text} {said}") };
    };
    if let Some(env) = arg.get_env().filter(|_| !arg.is_hide_env_set()) {
        note(Text::HelpEnv.fill(language, &[("name", &env.to_string_lossy())]));
    }
    let defaults: Vec<String> = arg.get_default_values().iter().map(|d| d.to_string_lossy().into_owned()).collect();
    let flag = matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count);
    if !defaults.is_empty() && !flag && !arg.is_hide_default_value_set() {
        note(Text::HelpDefault.fill(language, &[("value", &defaults.join(", "))]));
    }
    let values: Vec<String> = arg.get_possible_values().iter().map(|v| v.get_name().to_owned()).collect();
    if !values.is_empty() && !flag && !arg.is_hide_possible_values_set() {
        note(Text::HelpValues.fill(language, &[("values", &values.join(", "))]));
    }
    // The help and version flags, which every command takes, among the options every
    // command takes: clap adds them last, after the global options.
    let everywhere =
        matches!(arg.get_action(), ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version);
    let heading: Option<&'static str> = match arg.get_help_heading() {
        _ if everywhere => Some(Text::HelpGlobal.get(language)),
        Some(GLOBAL) => Some(Text::HelpGlobal.get(language)),
        // A heading of its own: no other is defined.
        Some(_) => None,
        None if arg.is_positional() => Some(Text::HelpArguments.get(language)),
        None => Some(Text::HelpOptions.get(language)),
    };
    let arg = arg.help(text.clone()).long_help(text).hide_env(true).hide_default_value(true).hide_possible_values(true);
    match heading {
        Some(heading) => arg.help_heading(heading),
        None => arg,
    }
}

/// Every command path and argument key of `cmd` with its English help (the whole doc
/// comment), for the tests that check the table: each has its words, and only these.
pub fn english(cmd: &mut Command) -> Vec<(String, String)> {
    cmd.build();
    let mut found = Vec::new();
    walk(cmd, "", &mut found);
    found
}

fn walk(cmd: &Command, path: &str, found: &mut Vec<(String, String)>) {
    if is_help(path) {
        return;
    }
    let about = cmd.get_long_about().or(cmd.get_about()).map(ToString::to_string).unwrap_or_default();
    found.push((path.to_owned(), about));
    for arg in cmd.get_arguments() {
        if matches!(arg.get_action(), ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version)
            || arg.is_hide_set()
        {
            continue;
        }
        let help = arg.get_long_help().or(arg.get_help()).map(ToString::to_string).unwrap_or_default();
        // A global option is said once, for every command.
        let at = if arg.is_global_set() || arg.get_help_heading() == Some(GLOBAL) { "*" } else { path };
        let key = format!("{at}|{}", arg_key(arg));
        if !found.iter().any(|(k, _)| *k == key) {
            found.push((key, help));
        }
    }
    for sub in cmd.get_subcommands() {
        let sub_path = if path.is_empty() { sub.get_name().to_owned() } else { format!("{path} {}", sub.get_name()) };
        walk(sub, &sub_path, found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Each command's and argument's words in Vietnamese, with the English they say.
    fn pairs() -> Vec<(String, &'static str, String)> {
        english(&mut crate::cli::Cli::command())
            .into_iter()
            .map(|(key, en)| {
                let (path, arg) = match key.split_once('|') {
                    Some((path, arg)) => (path.to_owned(), Some(arg.to_owned())),
                    None => (key.clone(), None),
                };
                let vi = words::of(&path, arg.as_deref(), Language::Vietnamese).unwrap_or_default();
                (key, vi, en)
            })
            .collect()
    }

    #[test]
    fn every_command_and_argument_has_its_words_in_both_languages() {
        let pairs = pairs();
        let missing: Vec<&String> = pairs.iter().filter(|(_, vi, _)| vi.is_empty()).map(|(k, _, _)| k).collect();
        assert!(missing.is_empty(), "no Vietnamese for {missing:?}");
        // The checks every text passes: both there, the same placeholders, translated.
        let texts: Vec<(String, Text)> = pairs
            .iter()
            .map(|(key, vi, en)| {
                let both: &'static [&'static str; 2] = Box::leak(Box::new([en.clone().leak() as &str, vi]));
                (key.clone(), Text::Own(both))
            })
            .collect();
        let named: Vec<(&str, Text)> = texts.iter().map(|(k, t)| (k.as_str(), *t)).collect();
        crate::i18n::check_texts(&named, &[]);
        // And no words for a command or argument that is not there.
        let used = |entry: &str| {
            pairs.iter().any(|(key, _, _)| {
                key == entry || entry.strip_prefix("*|").is_some_and(|arg| key.ends_with(&format!("|{arg}")))
            })
        };
        let unused: Vec<&str> = words::VIETNAMESE.iter().map(|(k, _)| *k).filter(|k| !used(k)).collect();
        assert!(unused.is_empty(), "words for nothing: {unused:?}");
    }

    #[test]
    fn english_is_the_definitions_own() {
        let mut cmd = crate::cli::Cli::command();
        let before = cmd.clone().render_long_help().to_string();
        assert_eq!(localized(cmd.clone(), Language::English).render_long_help().to_string(), before);
        let vi = localized(cmd.clone(), Language::Vietnamese).render_long_help().to_string();
        assert!(vi.contains("Tùy chọn chung:") && vi.contains("Cách dùng: portal-tui"), "{vi}");
        assert!(!cmd.render_long_help().to_string().contains("Tùy chọn"));
    }
}
