//! The non-interactive commands (`details`, `domain`, `certificate`, `upgrade`,
//! `demo-server`): one call, a table or `--json` on stdout, one `error:` line on stderr and
//! an exit code (see `exit_code`) on failure.

use std::io::Write;

use crate::api::{ApiError, PortalClient};
use crate::cli::{Cli, Command, DemoServerArgs};
use crate::demo::{DemoOptions, DemoPortal};
use crate::exit_code;
use crate::report;
use crate::settings::Partial;

/// Runs a scripting command and returns the process exit code.
pub async fn run(cli: &Cli, command: &Command) -> u8 {
    if let Command::DemoServer(args) = command {
        return serve_demo(args).await;
    }
    let mut partial = match Partial::from_args(&cli.portal) {
        Ok(p) => p,
        Err(e) => return fail(exit_code::USAGE, &e.to_string()),
    };
    // Kept alive until the command is done.
    let _demo = if cli.demo {
        match DemoPortal::start_local(DemoOptions::default()).await {
            Ok(demo) => {
                partial.use_demo(&demo);
                Some(demo)
            }
            Err(e) => {
                return fail(exit_code::NETWORK, &format!("could not start the demo portal: {e}"));
            }
        }
    } else {
        None
    };
    let settings = match partial.complete() {
        Ok(s) => s,
        Err(e) => return fail(exit_code::USAGE, &e.to_string()),
    };
    let language = settings.language;
    let client = match PortalClient::new(settings) {
        Ok(c) => c,
        Err(e) => return fail(exit_code::for_error(&e), &e.to_string()),
    };
    match execute(&client, command, cli.json, language).await {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush());
            exit_code::SUCCESS
        }
        Err(e) => fail(exit_code::for_error(&e), &e.to_string()),
    }
}

async fn execute(
    client: &PortalClient,
    command: &Command,
    json: bool,
    language: crate::api::Language,
) -> Result<String, ApiError> {
    let today = crate::api::models::today();
    let render = |value: serde_json::Result<String>| value.map(|s| s + "\n").unwrap_or_default();
    Ok(match command {
        Command::Details => {
            let account = client.account().await?;
            if json { render(serde_json::to_string_pretty(&account)) } else { report::account(&account, language) }
        }
        Command::Domain { name } => {
            let records = client.domain_records(name).await?;
            if json {
                render(serde_json::to_string_pretty(&records))
            } else {
                report::domain_records(&records, language, today)
            }
        }
        Command::Certificate { id } => {
            let cert = client.certificate(*id).await?;
            if json { render(serde_json::to_string_pretty(&cert)) } else { report::certificate(&cert, language, today) }
        }
        Command::Upgrade { id } => {
            let options = client.upgrade_options(*id).await?;
            if json {
                render(serde_json::to_string_pretty(&options))
            } else {
                report::upgrade_options(&options, language)
            }
        }
        Command::DemoServer(_) => unreachable!("handled before a client exists"),
    })
}

fn fail(code: u8, message: &str) -> u8 {
    eprintln!("error: {message}");
    code
}

async fn serve_demo(args: &DemoServerArgs) -> u8 {
    let options = DemoOptions {
        token_ttl: std::time::Duration::from_secs(args.token_ttl.max(1)),
        latency: std::time::Duration::from_millis(args.latency),
        faults: args.fault.clone(),
        scale: args.scale,
        today: None,
    };
    let demo = match DemoPortal::start(args.listen, options).await {
        Ok(d) => d,
        Err(e) => {
            return fail(exit_code::USAGE, &format!("cannot listen on {}: {e}", args.listen));
        }
    };
    // Written without `println!`: a reader that goes away must not stop the server.
    let mut banner = format!("demo portal listening on {} (also under {}/api)\n", demo.url(), demo.url());
    for login in demo.logins() {
        banner += &format!("  host {:<18} user {:<22} password {}\n", login.host, login.username, login.password);
    }
    banner += "press Ctrl-C to stop\n";
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(banner.as_bytes()).and_then(|_| stdout.flush());
    drop(stdout);
    let _ = tokio::signal::ctrl_c().await;
    exit_code::SUCCESS
}
