//! `portal-tui plan`: what falls due in the coming days across the profiles asked for
//! (domains by expiry, services by next due date, unpaid invoices), what each costs, each
//! profile's total against its credit and what that leaves short, and the totals month by
//! month (`crate::plan`), as a table, JSON, CSV or an iCalendar file.

pub(super) mod args;
mod formats;
mod texts;

use std::io::Write;

use super::radar::profiles::{self, Unread, signed_in};
use super::{Cli, exit_code};
use crate::api::models::{DomainRecord, Invoice, Service};
use crate::api::{ApiError, Language, Money, Operation, PortalClient};
use crate::demo::{DemoOptions, DemoPortal};
use crate::i18n::Text;
use crate::plan::Due;
use args::{PlanArgs, PlanFormat};

/// One profile's plan.
pub struct ProfilePlan {
    /// The profile's name; empty for the one portal flags and environment describe.
    pub profile: String,
    pub portal: String,
    pub language: Language,
    pub read: Result<Read, Unread>,
}

impl ProfilePlan {
    /// The profile as reports name it: its name, else its portal.
    pub fn name(&self) -> &str {
        if self.profile.is_empty() { &self.portal } else { &self.profile }
    }
}

/// What one profile's lists say falls due.
pub struct Read {
    pub due: Vec<Due>,
    /// The account's currency.
    pub currency: String,
    /// The credit the portal says the account has.
    pub credit: Option<Money>,
    /// The lists this portal does not offer.
    pub not_offered: Vec<Operation>,
    /// The lists it offers that could not be read, in words.
    pub failed: Vec<String>,
}

/// The whole run: the window, and each profile's plan.
pub struct Plan {
    pub today: time::Date,
    pub until: time::Date,
    pub within: i64,
    pub profiles: Vec<ProfilePlan>,
}

/// Runs `plan` and returns the exit code.
pub async fn run(cli: &Cli, args: &PlanArgs) -> u8 {
    let early = cli.portal.lang.unwrap_or_default();
    let format = if cli.json { PlanFormat::Json } else { args.format };
    let json = format == PlanFormat::Json;
    // Kept alive until the command is done.
    let demo = if cli.demo {
        match DemoPortal::start_local(DemoOptions::default()).await {
            Ok(demo) => Some(demo),
            Err(e) => {
                let message = Text::CliDemoFailed.fill(early, &[("error", &e)]);
                return super::failure::say(json, exit_code::NETWORK, &message, early);
            }
        }
    } else {
        None
    };
    let asked = match profiles::choose(cli, args.all_profiles, demo.as_ref()) {
        Ok(asked) => asked,
        Err(message) => return super::failure::say(json, exit_code::USAGE, &message, early),
    };
    let single = asked.len() == 1 && !args.all_profiles;
    let today = crate::api::models::today();
    let until = today + time::Duration::days(args.within);
    let may_ask = asked.len() == 1;
    // On a terminal, with several profiles: each one's answer said on stderr as it comes.
    let progress = super::progress::Progress::new(asked.len(), !single);
    let progress = &progress;
    let reads = asked.into_iter().map(|a| {
        let profile = a.partial.profile.clone().unwrap_or_default();
        let portal = a.partial.host.clone().unwrap_or_default();
        let language = a.partial.language;
        async move {
            let read = |client: PortalClient| async move {
                let read = gather(&client, today, until).await;
                read.map_err(|e| (client, e))
            };
            let read = signed_in(a.partial, may_ask, read).await;
            progress.answered(if profile.is_empty() { &portal } else { &profile }, language);
            ProfilePlan { profile, portal, language, read }
        }
    });
    let plan = Plan { today, until, within: args.within, profiles: futures::future::join_all(reads).await };
    // The one profile asked for, when it could not be read: the command's error.
    if let (true, [one]) = (single, plan.profiles.as_slice()) {
        if let Err(unread) = &one.read {
            let (error, code) = unread_words(unread, one.language);
            return super::failure::say(json, code, &error, one.language);
        }
    }
    let text = match format {
        PlanFormat::Text => formats::text(&plan),
        PlanFormat::Json => formats::json(&plan),
        PlanFormat::Csv => formats::csv(&plan),
        PlanFormat::Ics => formats::ics(&plan, time::OffsetDateTime::now_utc()),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush());
    plan.profiles.iter().filter_map(|p| p.read.as_ref().err()).map(|u| unread_words(u, early).1).max().unwrap_or(0)
}

/// Why a profile could not be read, in words, and its exit code.
fn unread_words(unread: &Unread, language: Language) -> (String, u8) {
    match unread {
        Unread::NotSignedIn => (texts::PlanNotSignedIn.get(language).to_owned(), exit_code::AUTH),
        Unread::Failed { error, code } => (error.clone(), *code),
    }
}

/// The lists of one signed-in client, and its credit. A refused session is the error (the
/// caller may sign in again); a list the portal does not offer is said, one that fails is
/// named; when none could be read, the first failure is the error.
async fn gather(client: &PortalClient, today: time::Date, until: time::Date) -> Result<Read, ApiError> {
    // Each list read and decoded on a task of its own, so a large account's three answers
    // are decoded on every core at once.
    let (d, s, i) = (client.clone(), client.clone(), client.clone());
    let (domains, services, invoices) = futures::join!(
        joined(tokio::spawn(async move { d.domains().await })),
        joined(tokio::spawn(async move { s.services().await })),
        joined(tokio::spawn(async move { i.invoices().await }))
    );
    let mut lists = Lists::default();
    let domains: Vec<DomainRecord> = lists.keep(client, domains)?;
    let services: Vec<Service> = lists.keep(client, services)?;
    let invoices: Vec<Invoice> = lists.keep(client, invoices)?;
    let Lists { not_offered, failed, first } = lists;
    if let (Some(e), 3) = (first, failed.len() + not_offered.len()) {
        return Err(e);
    }
    let balance = match client.credit_balance().await {
        Err(e) if e.is_auth() => return Err(e),
        other => other,
    };
    let credit = balance.as_ref().ok().and_then(crate::api::models::Balance::available_credit);
    let currency = match balance {
        Ok(b) if !b.currency.trim().is_empty() => b.currency.trim().to_owned(),
        _ => client.currency().await,
    };
    let due = crate::plan::due_until(&domains, &services, &invoices, &currency, today, until);
    // A large account's lists take tens of milliseconds to free: done beside the plan's
    // writing, not before it.
    std::thread::spawn(move || drop((domains, services, invoices)));
    Ok(Read { due, currency, credit, not_offered, failed })
}

/// What a task gave back; its panic goes on as the caller's own.
async fn joined<T>(task: tokio::task::JoinHandle<T>) -> T {
    match task.await {
        Ok(value) => value,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// What became of the lists read: those not offered, those that failed (in words), and the
/// first failure.
#[derive(Default)]
struct Lists {
    not_offered: Vec<Operation>,
    failed: Vec<String>,
    first: Option<ApiError>,
}

impl Lists {
    /// The list, or none when the portal does not offer it or it failed (kept); a refused
    /// session is the error.
    fn keep<T>(&mut self, client: &PortalClient, list: Result<Vec<T>, ApiError>) -> Result<Vec<T>, ApiError> {
        match list {
            Ok(items) => Ok(items),
            Err(e) if e.is_auth() => Err(e),
            Err(e) if e.not_offered() => {
                self.not_offered.push(e.operation());
                Ok(Vec::new())
            }
            Err(e) => {
                self.failed.push(client.redact(&e.to_string()));
                self.first.get_or_insert(e);
                Ok(Vec::new())
            }
        }
    }
}
