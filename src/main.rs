use std::process::ExitCode;

use clap::Parser;
use portal_tui::cli::Cli;
use portal_tui::{exit_code, logging, scripting};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = logging::init(cli.log_file.as_deref()) {
        eprintln!("error: cannot open the log file: {e}");
        return ExitCode::from(exit_code::USAGE);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(exit_code::USAGE);
        }
    };
    let code = match &cli.command {
        Some(command) => runtime.block_on(scripting::run(&cli, command)),
        None => {
            eprintln!("error: the dashboard is not available yet; use a command (see --help)");
            exit_code::USAGE
        }
    };
    ExitCode::from(code)
}
