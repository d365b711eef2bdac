use std::process::ExitCode;

use clap::Parser;
use portal_tui::cli::Cli;
use portal_tui::cli::{commands, exit_code, logging};
use portal_tui::config::settings::SettingsError;
use portal_tui::term::{self, crash};

fn main() -> ExitCode {
    portal_tui::allocator::return_large_buffers();
    // A Tab in a shell with completion registered (`completions SHELL`): answer, exit.
    portal_tui::cli::completions::answer_if_asked();
    let cli = Cli::parse();
    if cli.print_default_config {
        print!("{}", portal_tui::config::DEFAULT_CONFIG);
        return ExitCode::SUCCESS;
    }
    if let Err(e) = logging::init(cli.log_file.as_deref()) {
        eprintln!("error: cannot open the log file: {e}");
        return ExitCode::from(exit_code::USAGE);
    }
    // Installed before the dashboard's own hook, which restores the terminal and then
    // hands over to this one, so the report lands on a working terminal.
    crash::install(cli.log_file.as_deref());
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
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
                eprintln!("error: {e}");
                exit_code::USAGE
            }
            Err(e) => {
                eprintln!("error: {e:#}");
                tracing::error!(error = ?e, "dashboard stopped");
                1
            }
        },
    };
    // Don't wait for background tasks (a slow portal call) on the way out.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    ExitCode::from(code)
}
