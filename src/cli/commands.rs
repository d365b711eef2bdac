//! The non-interactive commands (`details`, `domain`, `certificate`, `upgrade`,
//! `demo-server`): one call, a table or `--json` on stdout, one `error:` line on stderr and
//! an exit code (see `exit_code`) on failure.

use std::io::{IsTerminal, Write};

use crate::api::http::retry::RetryNotice;
use crate::api::models::DomainRecord;
use crate::api::{ApiError, Language, PortalClient, Query};
use crate::cli::exit_code;
use crate::cli::report;
use crate::cli::tickets::args::TicketCommand;
use crate::cli::{Cli, Command, DemoServerArgs};
use crate::config::settings::{Partial, Startup, insecure_warning};
use crate::demo::{DemoOptions, DemoPortal};
use crate::i18n::Text;

/// Runs a scripting command and returns the process exit code.
pub async fn run(cli: &Cli, command: &Command) -> u8 {
    // What is said before the profile is read is in the language the flags ask for.
    let early = cli.portal.lang.unwrap_or_default();
    // With --json a failure is a JSON object on stdout too.
    let json = cli.json;
    let fail = |code: u8, message: &str, language: Language| super::failure::say(json, code, message, language);
    let usage = |text: Text| fail(exit_code::USAGE, text.get(early), early);
    match command {
        Command::DemoServer(args) => return serve_demo(args, early).await,
        Command::Radar(args) => return super::radar::run(cli, args).await,
        Command::Plan(args) => return super::plan::run(cli, args).await,
        Command::Completions { shell } => {
            return match super::completions::registration(*shell) {
                Ok(script) => write_stdout(&script),
                Err(message) => fail(exit_code::USAGE, &message, early),
            };
        }
        Command::Man => return write_stdout(&super::man::page()),
        Command::Dns { name: None, change: None } => return usage(Text::CliUsageDns),
        Command::Domain { name: None, action: None } => return usage(Text::CliUsageDomain),
        Command::Invoice { id: None, action: None } => return usage(Text::CliUsageInvoice),
        Command::Service { id: None, action: None, .. } => return usage(Text::CliUsageService),
        Command::Ticket { number: None, action: None } => return usage(Text::CliUsageTicket),
        _ => {}
    }
    // Checked as the dashboard checks what is typed, before any portal is asked.
    let typed_names: Vec<&str> = match command {
        Command::Domain { name: Some(name), .. } | Command::Dns { name: Some(name), .. } => vec![name.as_str()],
        // A registration's id (a number) is no name to check.
        Command::Domain { action: Some(action), .. } => {
            action.targets().into_iter().filter(|t| !super::domain::is_id(t)).collect()
        }
        Command::Dns { change: Some(change), .. } => vec![change.name()],
        Command::Zone { action } => vec![action.name()],
        _ => Vec::new(),
    };
    // A hook's challenge, before any portal is asked.
    if let Command::Acme { hook } = command {
        if let Err(message) = super::acme::check(hook, early) {
            return fail(exit_code::USAGE, &message, early);
        }
    }
    for name in typed_names {
        if let Err(message) = crate::i18n::domain_name(name, early) {
            return fail(exit_code::USAGE, &message, early);
        }
    }
    // Kept alive until the command is done.
    let demo = if cli.demo {
        match DemoPortal::start_local(DemoOptions::default()).await {
            Ok(demo) => Some(demo),
            Err(e) => return fail(exit_code::NETWORK, &Text::CliDemoFailed.fill(early, &[("error", &e)]), early),
        }
    } else {
        None
    };
    // Each profile its own account and credit: a batch for each in turn.
    if let Some(code) = super::every_profile::run(cli, command, demo.as_ref()).await {
        return code;
    }
    let startup = match &demo {
        Some(d) => Startup::demo(d, cli.profile.as_deref(), early),
        None => Startup::load(cli.config.as_deref(), cli.profile.as_deref(), early),
    };
    let startup = match startup {
        Ok(s) => s,
        Err(e) => return fail(exit_code::USAGE, &e.to_string(), early),
    };
    // The dashboard says it on its status line; a command, once on stderr.
    if let Some(warning) = startup.loaded.config.keymap().ok().and_then(|k| k.keyless_warning(early)) {
        super::stderr::warning(&warning, early);
    }
    let mut partial = match startup.partial(&cli.portal) {
        Ok(p) => p,
        Err(e) => return fail(exit_code::USAGE, &e.to_string(), early),
    };
    if let Some(d) = &demo {
        partial.use_demo(d);
    }
    if let Command::Logout = command {
        return super::billing::logout(&partial).await;
    }
    let profile = profile_name(&partial).to_owned();
    let run = Run {
        command,
        json: cli.json,
        profile: &profile,
        demo: cli.demo,
        ip_sources: &startup.loaded.config.ip_sources,
    };
    // A remembered session needs no password; when it has lapsed, ask as usual and retry.
    let resumed = match partial.resume_settings() {
        Some(settings) => match open_client(settings, json).await {
            Ok(client) => Some(client),
            Err(code) => return code,
        },
        None => None,
    };
    if let Some(client) = &resumed {
        match perform_then_say_limits(client, &run).await {
            // Never once a change went out: a fallback that runs the command again would
            // send it again.
            Err(e) if e.is_auth() && client.changes_sent() == 0 => {
                tracing::debug!(error = %e, "the remembered session lapsed")
            }
            result => return finish(result, client, json),
        }
    }
    let language = partial.language;
    let settings = match partial.complete().await {
        Ok(s) => s,
        Err(e) => return fail(exit_code::USAGE, &e.to_string(), language),
    };
    let client = match open_client(settings, json).await {
        Ok(c) => c,
        Err(code) => return code,
    };
    finish(perform_then_say_limits(&client, &run).await, &client, json)
}

/// [`perform`], then on stderr what the login's answer said when few sign-ins remain
/// (every command signs in unless its session is remembered).
async fn perform_then_say_limits(client: &PortalClient, run: &Run<'_>) -> Result<Done, ApiError> {
    let done = perform(client, run).await;
    if let Some(rate) = client.sign_ins_left() {
        let language = client.language();
        eprintln!("{}; {}", crate::i18n::sign_ins_left(&rate, language), Text::CliSignInsReuse.get(language));
    }
    done
}

/// Output and exit code of a finished command.
enum Done {
    Text(String),
    /// Text with an exit code of its own (a change's).
    Coded(String, u8),
}

/// The profile a change is logged under.
fn profile_name(partial: &Partial) -> &str {
    partial.profile.as_deref().unwrap_or("")
}

/// Prints what a command gave, or its error in the client's language (with `json`, as JSON
/// on stdout too), and gives the exit code.
fn finish(result: Result<Done, ApiError>, client: &PortalClient, json: bool) -> u8 {
    let language = client.language();
    let fail = |code: u8, message: &str, language: Language| super::failure::say(json, code, message, language);
    match result {
        // A sign-in failed by an answer that is no refusal of the e-mail and password: said
        // with the address asked (a base URL ending in /api on a portal at the root).
        Err(e) if crate::api::sign_in_asked_at(&e, &client.settings().base_url).is_some() => fail(
            exit_code::for_error(&e),
            &crate::i18n::sign_in_error(&e, &client.settings().base_url, language),
            language,
        ),
        Ok(Done::Text(text)) => write_stdout(&text),
        Ok(Done::Coded(text, code)) => {
            write_stdout(&text);
            code
        }
        // A route this portal does not have is said as such (exit 4, the portal's answer).
        Err(e) if e.not_offered() => {
            fail(exit_code::PORTAL, &crate::i18n::not_offered(e.operation(), language), language)
        }
        Err(e) => fail(exit_code::for_error(&e), &crate::i18n::api_error(&e, language), language),
    }
}

/// A client for `settings`, with the remembered session taken up; warns about plain http.
async fn open_client(settings: crate::api::ClientSettings, json: bool) -> Result<PortalClient, u8> {
    let language = settings.language;
    let fail = |code: u8, message: &str, language: Language| super::failure::say(json, code, message, language);
    if let Some(warning) = insecure_warning(&settings) {
        super::stderr::warning(&warning, language);
    }
    let client = PortalClient::new(settings)
        .map_err(|e| fail(exit_code::for_error(&e), &crate::i18n::api_error(&e, language), language))?;
    if let Err(message) = client.resume().await {
        super::stderr::warning(&message, language);
    }
    Ok(client)
}

/// What a command runs with besides its client: the command, the flags and the config.
struct Run<'a> {
    command: &'a Command,
    json: bool,
    /// The profile's name; empty without one.
    profile: &'a str,
    demo: bool,
    /// The config file's echo services (`dns set … --public-ip`).
    ip_sources: &'a [String],
}

/// Runs the command; each retry of a read is said on stderr when a person watches it (a
/// terminal), and kept quiet for scripts.
async fn perform(client: &PortalClient, run: &Run<'_>) -> Result<Done, ApiError> {
    let language = client.language();
    let quietly = perform_quietly(client, run);
    if !std::io::stderr().is_terminal() {
        return quietly.await;
    }
    let say = move |notice: RetryNotice| eprintln!("{}", crate::i18n::retrying(&notice, language));
    crate::api::http::retry::observe(say, quietly).await
}

async fn perform_quietly(client: &PortalClient, run: &Run<'_>) -> Result<Done, ApiError> {
    let &Run { command, json, profile, demo, ip_sources } = run;
    let language = client.language();
    let host = client.host().to_owned();
    let user = client.username().to_owned();
    let log = crate::config::change_log::Log::for_run(demo);
    let cx = super::protocol::Context { client, profile, user: &user, host: &host, json, language, log, ip_sources };
    match command {
        Command::Dns { change: Some(change), .. } => {
            return super::dns::change::change(&cx, change).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Acme { hook } => return super::acme::run(&cx, hook).await.map(|c| Done::Coded(c.text, c.code)),
        Command::Domain { action: Some(action), .. } => {
            return super::domain::run(&cx, action).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Ticket { action: Some(TicketCommand::Attachment { number, file, output, force, .. }), .. } => {
            return super::tickets::save_attachments(&cx, number, file.as_deref(), output.as_deref(), *force)
                .await
                .map(|c| Done::Coded(c.text, c.code));
        }
        Command::Ticket { action: Some(action), .. } => {
            return super::tickets::change(&cx, action).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Invoice { action: Some(action), .. } => {
            return super::billing::invoice_change(&cx, action).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Service { action: Some(action), .. } => {
            return super::billing::service_change(&cx, action).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Certificate { id, crt: true, output, force } => {
            return super::billing::certificate_crt(&cx, *id, output.as_deref(), *force)
                .await
                .map(|c| Done::Coded(c.text, c.code));
        }
        Command::Catalogue { category } => {
            return super::buying::catalogue(&cx, category.as_deref()).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Order(args) => return super::buying::order(&cx, args).await.map(|c| Done::Coded(c.text, c.code)),
        Command::Contacts { action } => {
            return super::buying::contacts::run(&cx, action.as_ref()).await.map(|c| Done::Coded(c.text, c.code));
        }
        Command::Zone { action } => return super::buying::zone(&cx, action).await.map(|c| Done::Coded(c.text, c.code)),
        Command::Upgrade { id, choose, send, confirm } if !choose.is_empty() => {
            return super::billing::upgrade::upgrade(&cx, *id, choose, *send, *confirm)
                .await
                .map(|c| Done::Coded(c.text, c.code));
        }
        _ => {}
    }
    execute(client, command, json, language).await.map(Done::Text)
}
fn write_stdout(text: &str) -> u8 {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush());
    exit_code::SUCCESS
}

async fn execute(client: &PortalClient, command: &Command, json: bool, language: Language) -> Result<String, ApiError> {
    let today = crate::api::models::today();
    let name = |name: &String| crate::i18n::domain_name(name, language).unwrap_or_else(|_| name.clone());
    let query = match command {
        Command::Details => Query::Details,
        Command::Balance => Query::Balance,
        Command::Domain { name: Some(n), .. } => Query::Domain(name(n)),
        Command::Certificate { id, .. } => Query::Certificate(*id),
        Command::Certificates => Query::Certificates,
        Command::Upgrade { id, .. } => Query::Upgrade(*id),
        Command::Services => Query::Services,
        Command::Service { id: Some(id), .. } => Query::Service(*id),
        Command::Domains => Query::Domains,
        Command::Invoices { .. } => Query::Invoices,
        Command::Invoice { id: Some(id), .. } => Query::Invoice(*id),
        Command::Tickets { .. } => Query::Tickets,
        Command::Ticket { number: Some(number), action: None } => Query::Ticket(number.trim().to_owned()),
        // The name's hosted zone when it has one, else its registration in use.
        Command::Dns { name: Some(n), .. } => {
            let home = super::registration::dns_home(client, &name(n), language).await?;
            if !json {
                return Ok(home.report(&client.records_at(home.source()).await?, language));
            }
            home.source().read()
        }
        Command::DemoServer(_)
        | Command::Completions { .. }
        | Command::Man
        | Command::Radar(_)
        | Command::Plan(_)
        | Command::Logout
        | Command::Acme { .. }
        | Command::Dns { name: None, .. }
        | Command::Domain { name: None, .. }
        | Command::Ticket { .. }
        | Command::Invoice { .. }
        | Command::Service { .. }
        | Command::Catalogue { .. }
        | Command::Order(_)
        | Command::Contacts { .. }
        | Command::Zone { .. } => {
            unreachable!("handled before")
        }
    };
    let unpaid_only = matches!(command, Command::Invoices { unpaid: true });
    let open_only = matches!(command, Command::Tickets { open: true });
    let show_password = matches!(command, Command::Service { show_password: true, .. });
    if let (true, Query::Service(_), false) = (json, &query, show_password) {
        // A service's password is a secret: left out unless asked for.
        let mut value = client.as_sent(&query).await?;
        if let Some(fields) = value.as_object_mut() {
            fields.remove("password");
        }
        return Ok(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n");
    }
    if json && !unpaid_only && !open_only {
        // As the portal sent it: scripts pipe it into jq.
        return client.as_sent_text(&query).await;
    }
    if json {
        let mut value = client.as_sent(&query).await?;
        if let (true, Some(items)) = (unpaid_only, value.as_array_mut()) {
            items.retain(|invoice| {
                let status = invoice.get("status").and_then(serde_json::Value::as_str).unwrap_or("");
                crate::api::models::Standing::of(status) == crate::api::models::Standing::Unpaid
            });
        }
        if let (true, Some(tickets)) = (open_only, value.as_array_mut()) {
            tickets.retain(super::tickets::is_open_json);
        }
        return Ok(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n");
    }
    Ok(match query {
        Query::Details => report::account(&client.account().await?, language),
        Query::Balance => report::balance(&client.balance().await?, language),
        // Amounts the portal sends without a currency are said in the account's.
        Query::Domain(name) => {
            let records = client.domain_records(&name).await?;
            report::domain_records(&records, &client.currency().await, language, today)
        }
        Query::Certificate(id) => {
            let cert = client.certificate(id).await?;
            report::certificate(&cert, &client.currency().await, language, today)
        }
        Query::Upgrade(id) => {
            let options = client.upgrade_options(id).await?;
            report::upgrade_options(id, &options, &client.currency().await, language, true)
        }
        Query::Services => report::services(&client.services().await?, &client.currency().await, language, today),
        Query::Service(id) => {
            report::service(&client.service(id).await?, &client.currency().await, language, today, show_password)
        }
        Query::Domains => report::domain_records(&client.domains().await?, &client.currency().await, language, today),
        Query::DomainDetails(id) => {
            let record = client.domain_details(id).await?;
            report::domain_records(&[record], &client.currency().await, language, today)
        }
        Query::Invoices => {
            let mut invoices = client.invoices().await?;
            if unpaid_only {
                invoices.retain(|i| i.standing() == crate::api::models::Standing::Unpaid);
            }
            report::invoices(&invoices, language, today)
        }
        Query::Invoice(id) => {
            let invoice = client.invoice(id).await?;
            // The ways to pay an unpaid one, where the portal lists them.
            let methods = match invoice.standing() {
                crate::api::models::Standing::Unpaid => client.payment_methods().await.unwrap_or_default(),
                _ => Vec::new(),
            };
            report::invoice(&invoice, language, today)
                + &super::billing::text::how_to_pay(&invoice, id, &methods, language)
        }
        Query::Dns(id) => report::dns(
            &DomainRecord { id: compact_str::format_compact!("{id}"), ..DomainRecord::default() },
            &client.dns_records(id).await?,
            language,
        ),
        Query::DnsTypes(id) => client.dns_types(id).await?.join("\n") + "\n",
        Query::DomainOrder => {
            let tlds = client.domain_order().await?;
            report::domain_order(&tlds, &client.currency().await, language)
        }
        Query::Nameservers(id) => client.nameservers(id).await?.join("\n") + "\n",
        Query::RegistrarLock(id) => crate::i18n::on_off(client.registrar_lock(id).await?, language).to_owned() + "\n",
        Query::TransferCode(id) => {
            use secrecy::ExposeSecret;
            client.transfer_code(id).await?.code.expose_secret().to_owned() + "\n"
        }
        Query::Tickets => super::tickets::text::list(&client.tickets().await?, open_only, language),
        Query::Ticket(number) => {
            super::tickets::text::conversation(&client.ticket(&number).await?, language, super::tickets::text::width())
        }
        Query::TicketDepartments => {
            client.ticket_departments().await?.iter().map(|d| format!("{}\t{}\n", d.id.trim(), d.name.trim())).collect()
        }
        Query::Payments => client.payment_methods().await?.iter().map(|p| format!("{}\t{}\n", p.id, p.name)).collect(),
        Query::ServiceMethods(id) => client
            .service_methods(id)
            .await?
            .iter()
            .map(|m| format!("{}\t{}\t{}\n", m.method, m.route, m.name))
            .collect(),
        Query::ServiceLabel(id) => super::billing::text::label(id, &client.service_label(id).await?, language),
        Query::Certificates => super::billing::text::certificates(&client.certificates().await?, language, today),
        Query::Zones => client
            .zones()
            .await?
            .iter()
            .map(|z| format!("{}\t{}\t{}\n", z.service_id.trim(), z.zone_id.trim(), z.name.trim()))
            .collect(),
        // Read by the buying commands (`cli::buying`), never named by a command here.
        Query::Categories
        | Query::Products(_)
        | Query::ProductConfig(_)
        | Query::TldForm(_)
        | Query::Contacts
        | Query::Contact(_)
        | Query::DomainContacts(_)
        | Query::OrderedService(_) => unreachable!("read by the buying commands"),
        Query::ZoneRecords(zone) => {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("name", &""), ("zone", &zone.zone_id), ("service", &zone.service_id)];
            let heading = crate::i18n::Text::RepZoneDnsOf.fill(language, &fill);
            report::dns_under(heading, "", &client.zone_records(zone).await?, language)
        }
    })
}

/// Says `message` as an error in `language`, and gives `code`.
fn fail(code: u8, message: &str, language: Language) -> u8 {
    super::stderr::error(message, language);
    code
}

/// `demo-server`: its banner and its failure said in `language`.
async fn serve_demo(args: &DemoServerArgs, language: Language) -> u8 {
    let options = DemoOptions {
        token_ttl: std::time::Duration::from_secs(args.token_ttl.max(1)),
        latency: std::time::Duration::from_millis(args.latency),
        faults: args.fault.clone(),
        scale: args.scale,
        scale_all: args.scale_all,
        today: None,
        seed_only: args.seed_only,
        ..DemoOptions::default()
    };
    let demo = match DemoPortal::start(args.listen, options).await {
        Ok(d) => d,
        Err(e) => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("addr", &args.listen), ("error", &e)];
            return fail(exit_code::USAGE, &Text::DemoCannotListen.fill(language, &fill), language);
        }
    };
    // Written without `println!`: a reader that goes away must not stop the server.
    let mut banner = Text::DemoListening.fill(language, &[("url", &demo.url())]) + "\n";
    let [host, user, password] = [Text::DemoHost, Text::DemoUser, Text::DemoPassword].map(|t| t.get(language));
    for login in demo.logins() {
        banner += &format!("  {host} {:<18} {user} {:<22} {password} {}\n", login.host, login.username, login.password);
    }
    banner += Text::DemoStop.get(language);
    banner += "\n";
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(banner.as_bytes()).and_then(|_| stdout.flush());
    drop(stdout);
    let _ = tokio::signal::ctrl_c().await;
    exit_code::SUCCESS
}
