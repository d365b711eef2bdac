//! Shell completions, answered by the binary itself (clap_complete's dynamic completion):
//! `portal-tui completions bash` prints the few lines that register it, and each Tab then
//! runs `COMPLETE=bash portal-tui -- WORDS…`, answered by [`answer_if_asked`] before
//! anything else runs. The answers come from the same clap definitions as the arguments
//! (subcommands, every option, a subcommand's own options), with the values clap cannot
//! know added here: the languages, the sign-in methods, the profiles of the configuration
//! file in use, an order's billing cycles (`order --cycle`) and the roles of a domain
//! order's contacts (`domain order --contact`). The products and the TLDs a portal sells
//! are not completed: they would take a sign-in and a portal call at every Tab (see
//! docs/buying.md).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::CommandFactory;
use clap_complete::engine::{ArgValueCandidates, CompletionCandidate};
use clap_complete::env::{CompleteEnv, Shells};

use super::Cli;
use crate::config::Loaded;

/// The variable that asks the binary for completions instead of a run.
const VAR: &str = "COMPLETE";

/// The command line as completion sees it: the arguments, with the values of the options
/// that take free text but have known answers.
fn command() -> clap::Command {
    let values = |values: &'static [&'static str]| {
        ArgValueCandidates::new(move || values.iter().map(|v| CompletionCandidate::new(*v)).collect())
    };
    let roles = ["registrant=", "admin=", "tech=", "billing="];
    Cli::command()
        .mut_arg("lang", |arg| arg.add(values(&["english", "vietnamese"])))
        .mut_arg("auth", |arg| arg.add(values(&["jwt", "basic"])))
        .mut_arg("profile", |arg| arg.add(ArgValueCandidates::new(profiles)))
        .mut_subcommand("order", |order| order.mut_arg("cycle", |arg| arg.add(values(&CYCLES))))
        .mut_subcommand("domain", |domain| {
            domain.mut_subcommand("order", |order| {
                order.mut_arg("contact", |arg| {
                    arg.add(ArgValueCandidates::new(move || roles.iter().map(CompletionCandidate::new).collect()))
                })
            })
        })
}

/// The billing cycles an order takes (monthly … triennially), as `catalogue` lists them.
const CYCLES: [&str; 6] = ["m", "q", "s", "a", "b", "t"];

/// When the shell asks for completions (`COMPLETE` is set), prints them and exits;
/// otherwise returns and the run goes on.
pub fn answer_if_asked() {
    CompleteEnv::with_factory(command).var(VAR).complete();
}

/// The script that registers completion for `shell`: it calls this binary, by the path it
/// was run as (made absolute when it names a folder, kept as a name found on `PATH`).
pub fn registration(shell: clap_complete::Shell) -> Result<String, String> {
    let name = shell.to_string();
    let shells = Shells::builtins();
    let completer = shells
        .completer(&name)
        .ok_or_else(|| format!("no completion for {name}: use bash, zsh, fish, elvish or powershell"))?;
    let program = PathBuf::from(std::env::args_os().next().unwrap_or_else(|| OsString::from("portal-tui")));
    let program = match std::env::current_dir() {
        Ok(dir) if program.components().count() > 1 => dir.join(program),
        _ => program,
    };
    let mut script = Vec::new();
    completer
        .write_registration(VAR, "portal-tui", "portal-tui", &program.to_string_lossy(), &mut script)
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&script).into_owned())
}

/// The profiles of the configuration file the words being completed would use: `--config`
/// among them, else `PORTAL_CONFIG`, else the default file. Nothing when it cannot be read.
fn profiles() -> Vec<CompletionCandidate> {
    let path = config_in(std::env::args_os().skip_while(|a| a != "--"))
        .or_else(|| std::env::var_os("PORTAL_CONFIG").filter(|p| !p.is_empty()).map(PathBuf::from));
    let Ok(loaded) = Loaded::load(path.as_deref()) else {
        return Vec::new();
    };
    loaded.config.profiles.keys().map(CompletionCandidate::new).collect()
}

/// The value of the last `--config PATH` or `--config=PATH` among `words`.
fn config_in(words: impl Iterator<Item = OsString>) -> Option<PathBuf> {
    let words: Vec<String> = words.map(|w| w.to_string_lossy().into_owned()).collect();
    let mut found = None;
    for (i, word) in words.iter().enumerate() {
        if let Some(path) = word.strip_prefix("--config=") {
            found = Some(PathBuf::from(path));
        } else if word == "--config"
            && let Some(path) = words.get(i + 1)
        {
            found = Some(PathBuf::from(path));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_named_among_the_words_is_the_last_one() {
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>().into_iter();
        assert_eq!(config_in(words(&["--", "portal-tui", "--profile", ""])), None);
        let given = config_in(words(&["--", "portal-tui", "--config", "a.toml", "--config=b.toml", "--profile"]));
        assert_eq!(given, Some(PathBuf::from("b.toml")));
    }

    #[test]
    fn the_options_with_known_values_exist() {
        // `mut_arg` panics on a name that is not an argument.
        let mut cmd = command();
        cmd.build();
        for name in ["lang", "auth", "profile"] {
            assert!(cmd.get_arguments().any(|a| a.get_id() == name), "{name}");
        }
        let order = cmd.find_subcommand("order").expect("order");
        assert!(order.get_arguments().any(|a| a.get_id() == "cycle"));
    }
}
