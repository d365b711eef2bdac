//! `portal-tui radar`: the profiles read (`profiles`), then the report in the format
//! asked for (text, JSON, TSV, Nagios, Prometheus) and its exit code.

pub(super) mod args;
pub(super) mod json;
pub(super) mod nagios;
pub(super) mod profiles;
pub(super) mod prometheus;
pub(super) mod serve;
pub(super) mod text;
pub(super) mod tsv;

use std::io::Write;

use super::{Cli, exit_code};
use crate::api::Language;
use crate::demo::{DemoOptions, DemoPortal};
use crate::i18n::Text;
use args::{RadarArgs, RadarFormat};
use profiles::{Outcome, ProfileRadar};

/// What a run produced, before it is printed.
pub struct Report {
    pub today: time::Date,
    /// The days within which an expiry is flagged (`--warning` for Nagios).
    pub within: i64,
    /// One profile alone, as `--profile` or the default chose it (not `--all-profiles`).
    pub single: bool,
    pub profiles: Vec<ProfileRadar>,
}

impl Report {
    /// The worst of the profiles' exit codes (0 < 1 flagged < the failures).
    pub fn exit_code(&self) -> u8 {
        self.profiles.iter().map(ProfileRadar::exit_code).max().unwrap_or(exit_code::SUCCESS)
    }

    pub fn flagged(&self) -> usize {
        self.profiles.iter().map(ProfileRadar::flagged).sum()
    }

    /// The one profile asked for, when it could not be read: the command's error.
    fn single_failure(&self) -> Option<(String, u8)> {
        match (self.single, self.profiles.as_slice()) {
            (true, [one]) => match &one.outcome {
                Outcome::Failed { error, code } => Some((error.clone(), *code)),
                Outcome::NotSignedIn => Some((Text::CliRadarNotSignedIn.get(one.language).to_owned(), exit_code::AUTH)),
                Outcome::Read { .. } => None,
            },
            _ => None,
        }
    }

    pub fn language(&self) -> crate::api::Language {
        self.profiles.first().map(|p| p.language).unwrap_or_default()
    }
}

/// Runs `radar` and returns the exit code.
pub async fn run(cli: &Cli, args: &RadarArgs) -> u8 {
    if let Some(args::RadarCommand::Serve(serve)) = &args.serve {
        return serve::run(cli, args, serve).await;
    }
    // What is said before a profile is read is in the language the flags ask for.
    let early = cli.portal.lang.unwrap_or_default();
    let format = if cli.json { RadarFormat::Json } else { args.format };
    let defaults = (args::WARNING_DAYS, args::CRITICAL_DAYS);
    let problem = if cli.json && !matches!(args.format, RadarFormat::Text | RadarFormat::Json) {
        Some(Text::CliRadarJsonAndFormat.get(early).to_owned())
    } else if args.output.is_some() && format != RadarFormat::Prometheus {
        Some(Text::CliRadarOutputOnlyPrometheus.get(early).to_owned())
    } else if format != RadarFormat::Nagios && (args.warning, args.critical) != defaults {
        Some(Text::CliRadarThresholdsNagiosOnly.get(early).to_owned())
    } else if args.critical > args.warning {
        Some(Text::CliRadarCriticalOverWarning.fill(early, &[("critical", &args.critical), ("warning", &args.warning)]))
    } else {
        None
    };
    if let Some(problem) = problem {
        return not_started(format, exit_code::USAGE, &problem, early);
    }
    // Kept alive until the command is done.
    let demo = if cli.demo {
        match DemoPortal::start_local(DemoOptions::default()).await {
            Ok(demo) => Some(demo),
            Err(e) => {
                let message = Text::CliDemoFailed.fill(early, &[("error", &e)]);
                return not_started(format, exit_code::NETWORK, &message, early);
            }
        }
    } else {
        None
    };
    let asked = match profiles::choose(cli, args.all_profiles, demo.as_ref()) {
        Ok(asked) => asked,
        Err(message) => return not_started(format, exit_code::USAGE, &message, early),
    };
    // `--all-profiles` of a configuration without profiles is the one portal flags describe.
    let single = asked.len() == 1 && (!args.all_profiles || asked[0].partial.profile.is_none());
    let within = if format == RadarFormat::Nagios { args.warning } else { args.within };
    let today = crate::api::models::today();
    let profiles = profiles::read_all(asked, today, within).await;
    let report = Report { today, within, single, profiles };
    print(&report, format, args)
}

fn print(report: &Report, format: RadarFormat, args: &RadarArgs) -> u8 {
    match format {
        RadarFormat::Nagios => {
            let (text, state) = super::radar::nagios::check(report, args.warning, args.critical);
            write_stdout(&text);
            state
        }
        RadarFormat::Prometheus => {
            let text = super::radar::prometheus::exposition(&report.profiles);
            let code = report.profiles.iter().map(ProfileRadar::exit_code).filter(|c| *c > exit_code::FLAGGED).max();
            match &args.output {
                Some(path) => {
                    if let Err(e) = super::radar::prometheus::write(path, &text) {
                        let fill: [(&str, &dyn std::fmt::Display); 2] = [("path", &path.display()), ("error", &e)];
                        let message = Text::CliWriteFailed.fill(report.language(), &fill);
                        return fail(exit_code::USAGE, &message, report.language());
                    }
                }
                None => write_stdout(&text),
            }
            code.unwrap_or(exit_code::SUCCESS)
        }
        _ if report.single_failure().is_some() => {
            let (error, code) = report.single_failure().unwrap_or_default();
            super::failure::say(format == RadarFormat::Json, code, &error, report.language())
        }
        RadarFormat::Json => {
            write_stdout(&super::radar::json::document(report));
            report.exit_code()
        }
        RadarFormat::Tsv => {
            write_stdout(&super::radar::tsv::table(&report.profiles, !args.no_header));
            report.exit_code()
        }
        RadarFormat::Text => {
            write_stdout(&super::radar::text::report(report));
            report.exit_code()
        }
    }
}

/// No profile could be set up (the configuration, the demo portal): a Nagios check is
/// UNKNOWN, every other format an error.
fn not_started(format: RadarFormat, code: u8, message: &str, language: Language) -> u8 {
    if format == RadarFormat::Nagios {
        write_stdout(&super::radar::nagios::unknown(message));
        return super::radar::nagios::UNKNOWN;
    }
    super::failure::say(format == RadarFormat::Json, code, message, language)
}

fn fail(code: u8, message: &str, language: Language) -> u8 {
    super::stderr::error(message, language);
    code
}

fn write_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush());
}
