//! The command line read (clap), and a mistake in it said in the language the run asks
//! for: the language is found before clap reads anything, as the run will find it
//! (`--lang` among the words, else `PORTAL_LANG`, else the chosen profile's `language` in
//! the configuration file), and clap's error is said from its kind and context through the
//! table of texts. Help and the version are clap's, in that language (`help_words`); a
//! mistake exits 2, as clap's do.

use std::ffi::OsString;
use std::path::PathBuf;
use std::str::FromStr;

use clap::FromArgMatches;
use clap::error::{ContextKind, ContextValue, ErrorKind};

use super::{Cli, exit_code};
use crate::api::Language;
use crate::i18n::Text;

/// The arguments read, or the exit code after their mistake was said (help and the version
/// printed by clap exit there).
pub fn parse() -> Result<Cli, u8> {
    let words: Vec<OsString> = std::env::args_os().collect();
    let language = language_before_parse(&words);
    parse_in(&words, language).map_err(|error| {
        if !is_mistake(error.kind()) {
            error.exit();
        }
        eprint!("{}", said(&error, &words, language));
        exit_code::USAGE
    })
}

/// `words` read by the command line whose help speaks `language`.
pub fn parse_in(words: &[OsString], language: Language) -> Result<Cli, clap::Error> {
    let cmd = super::help_words::localized(super::args::command(), language);
    cmd.try_get_matches_from(words).and_then(|matches| Cli::from_arg_matches(&matches))
}

/// Whether clap stopped for a mistake rather than to show its help or the version.
fn is_mistake(kind: ErrorKind) -> bool {
    !matches!(
        kind,
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// The language a run of `words` (the program's name first) speaks, known before clap reads
/// them: the last `--lang` among them (before `--`), else `PORTAL_LANG`, else the language
/// of the profile the run would use; English when none says (or what one says is no
/// language).
pub fn language_before_parse(words: &[OsString]) -> Language {
    let words: Vec<String> = words.iter().skip(1).map(|w| w.to_string_lossy().into_owned()).collect();
    let words = &words[..words.iter().position(|w| w == "--").unwrap_or(words.len())];
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let lang = option(words, "lang").or_else(|| env("PORTAL_LANG"));
    if let Some(language) = lang.and_then(|l| Language::from_str(&l).ok()) {
        return language;
    }
    // The demo's profiles set no language.
    if words.iter().any(|w| w == "--demo") {
        return Language::default();
    }
    let config = option(words, "config").or_else(|| env("PORTAL_CONFIG")).map(PathBuf::from);
    let profile = option(words, "profile").or_else(|| env("PORTAL_PROFILE"));
    crate::config::settings::Startup::load(config.as_deref(), profile.as_deref(), Language::default())
        .ok()
        .and_then(|startup| startup.profile)
        .and_then(|(_, profile)| profile.language)
        .unwrap_or_default()
}

/// The value of the last `--NAME VALUE` or `--NAME=VALUE` among `words`.
fn option(words: &[String], name: &str) -> Option<String> {
    let (flag, joined) = (format!("--{name}"), format!("--{name}="));
    let mut found = None;
    for (i, word) in words.iter().enumerate() {
        if let Some(value) = word.strip_prefix(&joined) {
            found = Some(value.to_owned());
        } else if *word == flag {
            found = words.get(i + 1).cloned();
        }
    }
    found
}

/// A mistake clap found, said in `language` as clap lays it out: `error: …`, the
/// suggestions, the usage, where to read more.
pub fn said(error: &clap::Error, words: &[OsString], language: Language) -> String {
    let Some(what) = what_went_wrong(error, language) else {
        // A kind with no words of ours (an I/O failure): clap's own.
        return error.render().to_string();
    };
    let mut text = super::stderr::error_line(&what, language);
    let tips = tips(error, language);
    if !tips.is_empty() {
        text += "\n";
        for tip in tips {
            text += &format!("\n  {tip}");
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
        // The language is the run's already: `--lang` is never what the usage lacks.
        let usage = as_typed(&usage.to_string(), words).replace(" --lang <LANG>", "");
        let usage =
            usage.strip_prefix("Usage:").map_or(usage.clone(), |rest| Text::ArgsUsage.get(language).to_owned() + rest);
        text += &format!("\n\n{usage}");
    }
    text + "\n\n" + &Text::ArgsMoreHelp.fill(language, &[("help", &"--help")]) + "\n"
}

/// Clap's usage line without the options it names only because their environment variable
/// is set (`--lang <LANG>` from `PORTAL_LANG`): the line shows what to type, and those are
/// not needed. An option typed among `words` stays.
fn as_typed(usage: &str, words: &[OsString]) -> String {
    let command = super::args::command();
    let mut usage = usage.to_owned();
    for arg in command.get_arguments().filter(|a| a.get_env().is_some()) {
        let Some(long) = arg.get_long() else { continue };
        let flag = format!("--{long}");
        let typed = words.iter().filter_map(|w| w.to_str()).any(|w| w == flag || w.starts_with(&format!("{flag}=")));
        if typed {
            continue;
        }
        let value =
            arg.get_value_names().and_then(|v| v.first()).map_or_else(|| long.to_uppercase(), |v| v.to_string());
        usage = usage.replace(&format!(" {flag} <{value}>"), "");
    }
    usage
}

/// A context value as text: one, or several joined.
fn string(error: &clap::Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(one) => Some(one.clone()),
        ContextValue::Strings(many) => Some(many.join(", ")),
        ContextValue::Number(n) => Some(n.to_string()),
        ContextValue::StyledStr(styled) => Some(styled.to_string()),
        _ => None,
    }
}

/// What clap found wrong, in words, before the tips; `None` for a kind said only by clap.
fn what_went_wrong(error: &clap::Error, language: Language) -> Option<String> {
    let get = |kind| string(error, kind).unwrap_or_default();
    let (arg, value) = (get(ContextKind::InvalidArg), get(ContextKind::InvalidValue));
    let text = match error.kind() {
        ErrorKind::InvalidValue if value.is_empty() => Text::ArgsValueMissing.fill(language, &[("arg", &arg)]),
        ErrorKind::InvalidValue => {
            let mut text = Text::ArgsInvalidValue.fill(language, &[("value", &value), ("arg", &arg)]);
            if let Some(ContextValue::Strings(values)) = error.get(ContextKind::ValidValue) {
                text += &format!("\n  {}", Text::ArgsPossibleValues.fill(language, &[("values", &values.join(", "))]));
            }
            text
        }
        ErrorKind::ValueValidation => {
            let text = Text::ArgsInvalidValue.fill(language, &[("value", &value), ("arg", &arg)]);
            match std::error::Error::source(error) {
                Some(source) => format!("{text}: {}", why_refused(source, language)),
                None => text,
            }
        }
        ErrorKind::UnknownArgument => Text::ArgsUnknown.fill(language, &[("arg", &arg)]),
        ErrorKind::InvalidSubcommand => {
            Text::ArgsUnknownSubcommand.fill(language, &[("name", &get(ContextKind::InvalidSubcommand))])
        }
        ErrorKind::MissingRequiredArgument => {
            let Some(ContextValue::Strings(missing)) = error.get(ContextKind::InvalidArg) else { return None };
            missing.iter().fold(Text::ArgsMissing.get(language).to_owned(), |text, m| text + "\n  " + m)
        }
        ErrorKind::MissingSubcommand => {
            let mut text =
                Text::ArgsMissingSubcommand.fill(language, &[("name", &get(ContextKind::InvalidSubcommand))]);
            if let Some(ContextValue::Strings(names)) = error.get(ContextKind::ValidSubcommand) {
                text += &format!("\n  {}", Text::ArgsSubcommands.fill(language, &[("values", &names.join(", "))]));
            }
            text
        }
        ErrorKind::ArgumentConflict => conflict(error, &arg, language),
        ErrorKind::NoEquals => Text::ArgsNoEquals.fill(language, &[("arg", &arg)]),
        ErrorKind::TooManyValues => Text::ArgsTooMany.fill(language, &[("value", &value), ("arg", &arg)]),
        ErrorKind::TooFewValues => {
            let fill: [(&str, &dyn std::fmt::Display); 3] = [
                ("wanted", &get(ContextKind::MinValues)),
                ("arg", &arg),
                ("given", &get(ContextKind::ActualNumValues)),
            ];
            Text::ArgsTooFew.fill(language, &fill)
        }
        ErrorKind::WrongNumberOfValues => {
            let fill: [(&str, &dyn std::fmt::Display); 3] = [
                ("wanted", &get(ContextKind::ExpectedNumValues)),
                ("arg", &arg),
                ("given", &get(ContextKind::ActualNumValues)),
            ];
            Text::ArgsWrongNumber.fill(language, &fill)
        }
        ErrorKind::InvalidUtf8 => Text::ArgsInvalidUtf8.get(language).to_owned(),
        _ => return None,
    };
    Some(text)
}

/// An argument given with one it cannot go with (or given twice).
fn conflict(error: &clap::Error, arg: &str, language: Language) -> String {
    let arg =
        if arg.is_empty() { string(error, ContextKind::InvalidSubcommand).unwrap_or_default() } else { arg.into() };
    match error.get(ContextKind::PriorArg) {
        Some(ContextValue::String(prior)) if *prior == arg => Text::ArgsTwice.fill(language, &[("arg", &arg)]),
        Some(ContextValue::String(prior)) => Text::ArgsConflict.fill(language, &[("arg", &arg), ("other", prior)]),
        Some(ContextValue::Strings(priors)) => {
            priors.iter().fold(Text::ArgsConflictMany.fill(language, &[("arg", &arg)]), |text, p| text + "\n  " + p)
        }
        _ => Text::ArgsConflictOthers.fill(language, &[("arg", &arg)]),
    }
}

/// Why a value was refused, from the error its parser gave: a number's, a range's (clap's
/// `N is not in LOW..=HIGH`), an address's; any other as its parser said it.
fn why_refused(source: &(dyn std::error::Error + 'static), language: Language) -> String {
    use std::num::IntErrorKind;
    if let Some(e) = source.downcast_ref::<std::num::ParseIntError>() {
        let text = match e.kind() {
            IntErrorKind::Empty => Text::ValueEmpty,
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => Text::ValueTooLarge,
            _ => Text::ValueNotWhole,
        };
        return text.get(language).to_owned();
    }
    if source.is::<std::num::ParseFloatError>() {
        return Text::ValueNotNumber.get(language).to_owned();
    }
    if source.is::<std::net::AddrParseError>() {
        return Text::ValueNotAddress.get(language).to_owned();
    }
    if source.is::<super::switch::NotSwitch>() {
        return Text::ValueNotSwitch.get(language).to_owned();
    }
    let said = source.to_string();
    let range = said.split_once(" is not in ").and_then(|(value, range)| Some((value, range.split_once("..=")?)));
    match range {
        Some((value, (low, high))) => {
            Text::ValueOutOfRange.fill(language, &[("value", &value), ("low", &low), ("high", &high)])
        }
        None => said,
    }
}

/// The suggestions clap made (a similar name, `--` before a value that looks like a flag).
fn tips(error: &clap::Error, language: Language) -> Vec<String> {
    let quoted = |kind| match error.get(kind)? {
        ContextValue::String(one) => Some(format!("'{one}'")),
        ContextValue::Strings(many) => Some(many.iter().map(|m| format!("'{m}'")).collect::<Vec<_>>().join(", ")),
        _ => None,
    };
    let similar = [
        (ContextKind::SuggestedSubcommand, Text::ArgsSimilarSubcommand),
        (ContextKind::SuggestedArg, Text::ArgsSimilarArgument),
        (ContextKind::SuggestedValue, Text::ArgsSimilarValue),
    ];
    let mut tips: Vec<String> = similar
        .into_iter()
        .filter_map(|(kind, text)| Some(text.fill(language, &[("names", &quoted(kind)?)])))
        .collect();
    if let Some(ContextValue::StyledStrs(suggested)) = error.get(ContextKind::Suggested) {
        for tip in suggested.iter().map(ToString::to_string) {
            // clap's one suggestion of its own words; any other is kept as clap says it.
            let as_value = tip.strip_prefix("to pass '").and_then(|rest| rest.split_once("' as a value")).map(|a| a.0);
            tips.push(match as_value {
                Some(arg) => Text::ArgsAsValue.fill(language, &[("arg", &arg)]),
                None => tip,
            });
        }
    }
    tips
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn the_last_option_before_a_double_dash_is_the_one() {
        assert_eq!(option(&words(&["--lang", "vi", "--lang=en"]), "lang").as_deref(), Some("en"));
        assert_eq!(option(&words(&["domain", "--lang=vi", "x", "--lang"]), "lang"), None);
        assert_eq!(option(&words(&["--language", "vi"]), "lang"), None);
    }
}
