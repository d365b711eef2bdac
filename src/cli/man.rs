//! The manual page, `portal-tui man`: written by clap_mangen from the same definitions as
//! `--help` (the name, the synopsis, the options), then every command and subcommand with
//! its usage, what it does and its own options, and the exit codes of `exit_code`. One
//! page, so nothing it names is a page that is not installed.

use roff::{Roff, bold, italic, roman};

use super::exit_code;

/// The exit codes a script can rely on, as the page lists them.
const EXIT_STATUS: &[(u8, &str)] = &[
    (exit_code::SUCCESS, "Success."),
    (exit_code::FLAGGED, "radar: something needs attention (a failed lookup too); domain check: the name is not free."),
    (exit_code::USAGE, "Usage or configuration problem; a change not confirmed, or refused before it was sent."),
    (exit_code::AUTH, "Authentication failed."),
    (exit_code::PORTAL, "The portal answered with an error (an unknown name or id, a refusal)."),
    (exit_code::NETWORK, "Network, time-out or invalid answer; after a change, it may or may not have been applied."),
    (
        exit_code::NOT_AS_EXPECTED,
        "A change was answered as done, but what was read again is not as expected: DNS records, or a payment's credit and amount due, or a renewal's expiry, not as promised.",
    ),
];

/// `portal-tui.1` in roff, for `man`.
pub fn page() -> String {
    let mut cli = super::args::command();
    cli.build();
    let man = clap_mangen::Man::new(cli.clone());
    let mut page = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = man.render_title(&mut page);
    let _ = man.render_name_section(&mut page);
    let _ = man.render_synopsis_section(&mut page);
    let _ = man.render_description_section(&mut page);
    let _ = man.render_options_section(&mut page);
    let mut roff = Roff::new();
    commands(&mut roff, &cli);
    exit_status(&mut roff);
    let _ = roff.to_writer(&mut page);
    let _ = man.render_version_section(&mut page);
    once_preamble(&String::from_utf8_lossy(&page))
}

/// Each section written by itself starts with the same two lines that define `\*(Aq`;
/// the page needs them once.
fn once_preamble(page: &str) -> String {
    let preamble = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";
    match page.split_once(preamble) {
        Some((before, after)) => format!("{before}{preamble}{}", after.replace(preamble, "")),
        None => page.to_owned(),
    }
}

/// COMMANDS: every command and subcommand, depth first, in the order `--help` lists them.
fn commands(roff: &mut Roff, cli: &clap::Command) {
    roff.control("SH", ["COMMANDS"]);
    below(roff, cli);
}

fn below(roff: &mut Roff, parent: &clap::Command) {
    for command in parent.get_subcommands().filter(|c| !c.is_hide_set() && c.get_name() != "help") {
        one_command(roff, command);
        below(roff, command);
    }
}

/// One command: its usage as the tag, what it does, then its own options (the global ones
/// are under GLOBAL OPTIONS once).
fn one_command(roff: &mut Roff, command: &clap::Command) {
    let usage = command.clone().render_usage().to_string();
    let usage = usage.trim_start_matches("Usage:").trim();
    let mut lines = usage.lines().map(str::trim).filter(|l| !l.is_empty());
    roff.control("TP", []).text([bold(lines.next().unwrap_or_default())]);
    // A command that takes either arguments or a subcommand has a second usage.
    for line in lines {
        roff.text([bold(line)]).control("br", []);
    }
    let about = command.get_long_about().or(command.get_about()).map(ToString::to_string).unwrap_or_default();
    roff.text([roman(about)]);
    let own: Vec<&clap::Arg> = command
        .get_arguments()
        .filter(|a| !a.is_global_set() && !a.is_hide_set() && a.get_long().is_some())
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    if own.is_empty() {
        return;
    }
    roff.control("RS", []);
    for arg in own {
        let mut tag = vec![bold(format!("--{}", arg.get_long().unwrap_or_default()))];
        if arg.get_action().takes_values() {
            let value = arg.get_value_names().and_then(|v| v.first()).map(ToString::to_string);
            tag.push(roman(" "));
            tag.push(italic(value.unwrap_or_else(|| arg.get_id().to_string().to_uppercase())));
        }
        roff.control("TP", []).text(tag);
        roff.text([roman(arg.get_help().map(ToString::to_string).unwrap_or_default())]);
    }
    roff.control("RE", []);
}

/// EXIT STATUS; `radar --format nagios` has the plugin API's own codes.
fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in EXIT_STATUS {
        roff.control("TP", []).text([roman(code.to_string())]).text([roman(*meaning)]);
    }
    roff.control("PP", []).text([roman("radar --format nagios exits 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.")]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exit_code_is_listed_once() {
        let codes: Vec<u8> = EXIT_STATUS.iter().map(|(code, _)| *code).collect();
        assert_eq!(codes, (0..=exit_code::NOT_AS_EXPECTED).collect::<Vec<u8>>());
    }

    #[test]
    fn every_subcommand_is_on_the_one_page() {
        let page = page();
        assert_eq!(page.matches(".ds Aq").count(), 2, "the preamble once: {page}");
        for usage in ["portal\\-tui dns add", "portal\\-tui domain check", "portal\\-tui ticket attachment"] {
            assert!(page.contains(usage), "{usage} missing");
        }
        assert!(!page.contains("portal\\-tui\\-dns(1)"), "no page that is not installed is named");
    }
}
