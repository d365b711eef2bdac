use std::process::ExitCode;

use portal_tui::cli::{commands, exit_code, logging, parse, stderr};
use portal_tui::config::settings::SettingsError;
use portal_tui::term::{self, crash};

fn main() -> ExitCode {
    // This machine's clock, read while the process has one thread (only then can it be).
    portal_tui::i18n::times::read_local_offset();
    portal_tui::system::allocator::return_large_buffers();
    // A Tab in a shell with completion registered (`completions SHELL`): answer, exit.
    portal_tui::cli::completions::answer_if_asked();
    // A mistake in the arguments is said in the run's language, and exits 2.
    let cli = match parse::parse() {
        Ok(cli) => cli,
        Err(code) => return ExitCode::from(code),
    };
    // What is said before a profile is in use.
    let language = || parse::language_before_parse(&std::env::args_os().collect::<Vec<_>>());
    if cli.print_default_config {
        print!("{}", portal_tui::config::DEFAULT_CONFIG);
        return ExitCode::SUCCESS;
    }
    if let Err(e) = logging::init(cli.log_file.as_deref()) {
        stderr::error(&format!("cannot open the log file: {e}"), language());
        return ExitCode::from(exit_code::USAGE);
    }
    // Installed before the dashboard's own hook, which restores the terminal and then
    // hands over to this one, so the report lands on a working terminal.
    crash::install(cli.log_file.as_deref());
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            stderr::error(&format!("cannot start the async runtime: {e}"), language());
            return ExitCode::from(exit_code::USAGE);
        }
    };
    let code = match &cli.command {
        Some(command) => runtime.block_on(commands::run(&cli, command)),
        None => match runtime.block_on(term::run(&cli)) {
            Ok(term::Exit::Quit) => exit_code::SUCCESS,
            // The shell's convention for a process ended by a signal.
            Ok(term::Exit::Signal(n)) => 128 + n,
            Err(e) if e.downcast_ref::<SettingsError>().is_some() => {
                stderr::error(&e.to_string(), language());
                exit_code::USAGE
            }
            Err(e) => {
                stderr::error(&format!("{e:#}"), language());
                tracing::error!(error = ?e, "dashboard stopped");
                1
            }
        },
    };
    // Don't wait for background tasks (a slow portal call) on the way out.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    ExitCode::from(code)
}
