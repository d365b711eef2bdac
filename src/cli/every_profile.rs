//! A batch over every profile (`--all-profiles`): `domain renew|autorenew|lock|privacy
//! --expiring-within DAYS --all-profiles` and `invoice pay --all-due --all-profiles`. Each
//! profile is its own account and credit, so each gets its own plan and, with `--yes`, its
//! own batch, one profile after the other, each under a heading naming it (with `--json`,
//! each object carries its `profile`). No password is asked for when there are several:
//! a profile without a remembered session or a password command is said and left out.
//! On a terminal, stderr says which profile is being read (`reading profiles 1/2 ·
//! reseller`); in a pipe nothing is.

use super::args::{Command, InvoiceCommand};
use super::protocol::{Changed, Context};
use super::radar::profiles::{self, Unread, signed_in};
use super::{Cli, exit_code};
use crate::api::PortalClient;
use crate::demo::DemoPortal;

crate::words! {
    EveryProfileNotSignedIn: "not signed in: several profiles are asked for, so no password is asked (sign in to it alone, or give it a password_command)" | "chưa đăng nhập: đang hỏi nhiều hồ sơ nên không hỏi mật khẩu (hãy đăng nhập riêng hồ sơ này, hoặc đặt password_command)",
    EveryProfileAlone: "--all-profiles goes with --expiring-within (domains) or --all-due (invoices): each profile picks its own" | "--all-profiles đi cùng --expiring-within (tên miền) hoặc --all-due (hóa đơn): mỗi hồ sơ tự chọn mục của mình",
}

/// Whether the command asks for every profile in turn; `Some(false)` when it does without
/// a batch that picks each profile's own items.
fn asked(command: &Command) -> Option<bool> {
    match command {
        Command::Domain { action: Some(action), .. } => action.all_profiles(),
        Command::Invoice { action: Some(InvoiceCommand::Pay { all_profiles: true, all_due, .. }), .. } => {
            Some(*all_due)
        }
        _ => None,
    }
}

/// Runs the command for each profile in turn when it asks for that, and gives the exit
/// code (the worst profile's); `None` when it does not.
pub async fn run(cli: &Cli, command: &Command, demo: Option<&DemoPortal>) -> Option<u8> {
    let early = cli.portal.lang.unwrap_or_default();
    let json = cli.json;
    match asked(command)? {
        true => Some(each(cli, command, demo).await),
        false => Some(super::failure::say(json, exit_code::USAGE, EveryProfileAlone.get(early), early)),
    }
}

async fn each(cli: &Cli, command: &Command, demo: Option<&DemoPortal>) -> u8 {
    let early = cli.portal.lang.unwrap_or_default();
    let json = cli.json;
    let every = match profiles::choose(cli, true, demo) {
        Ok(every) => every,
        Err(message) => return super::failure::say(json, exit_code::USAGE, &message, early),
    };
    let may_ask = every.len() == 1;
    let mut worst = exit_code::SUCCESS;
    let progress = super::progress::Progress::new(every.len(), true);
    for (at, asked) in every.into_iter().enumerate() {
        let profile = asked.partial.profile.clone().unwrap_or_default();
        let name = if profile.is_empty() { asked.partial.host.clone().unwrap_or_default() } else { profile.clone() };
        let language = asked.partial.language;
        progress.reading(at, &name, language);
        let read = |client: PortalClient| {
            let profile = profile.clone();
            async move { one(client, command, &profile, json, demo.is_some()).await }
        };
        let done = match signed_in(asked.partial, may_ask, read).await {
            Ok(done) => done,
            Err(Unread::NotSignedIn) => {
                Changed { text: EveryProfileNotSignedIn.get(language).to_owned() + "\n", code: exit_code::AUTH }
            }
            Err(Unread::Failed { error, code }) => Changed { text: error + "\n", code },
        };
        worst = worst.max(done.code);
        let text = match json {
            true => with_profile(&done.text, &name),
            false => format!("── {name} ──\n{}\n", done.text),
        };
        print!("{text}");
    }
    worst
}

/// One profile's batch. A refused session before anything was sent is handed back (to
/// sign in again); after a change went out it is said, never run again.
async fn one(
    client: PortalClient,
    command: &Command,
    profile: &str,
    json: bool,
    demo: bool,
) -> Result<Changed, (PortalClient, crate::api::ApiError)> {
    let result = {
        let (user, host) = (client.username().to_owned(), client.host().to_owned());
        let language = client.language();
        let log = crate::config::change_log::Log::for_run(demo);
        let cx = Context { client: &client, profile, user: &user, host: &host, json, language, log, ip_sources: &[] };
        match command {
            Command::Domain { action: Some(action), .. } => super::domain::run(&cx, action).await,
            Command::Invoice { action: Some(action), .. } => super::billing::invoice_change(&cx, action).await,
            _ => Ok(Changed { text: String::new(), code: exit_code::SUCCESS }),
        }
    };
    match result {
        Ok(done) => Ok(done),
        Err(e) if e.is_auth() && client.changes_sent() == 0 => Err((client, e)),
        Err(e) => {
            let e = client.redact_error(e);
            let text = crate::i18n::api_error(&e, client.language()) + "\n";
            Ok(Changed { text, code: exit_code::for_error(&e) })
        }
    }
}

/// Each JSON object a line with the profile it is of; a line that is no object (an error
/// in words, a plan in words) becomes one.
fn with_profile(text: &str, name: &str) -> String {
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let value = match serde_json::from_str::<serde_json::Value>(line) {
            Ok(serde_json::Value::Object(mut object)) => {
                object.insert("profile".into(), name.into());
                serde_json::Value::Object(object)
            }
            _ => serde_json::json!({ "profile": name, "text": line }),
        };
        out += &format!("{value}\n");
    }
    out
}
