//! `radar` over one profile or several: which profiles are asked for (`--profile A,B`,
//! `--all-profiles`), each signed in (never asking for a password when more than one is
//! read) and read concurrently into a `ProfileRadar`: what it found, or why it could not.

use std::time::{Duration, Instant};

use crate::api::{ApiError, Language, PortalClient};
use crate::cli::{Cli, exit_code};
use crate::config::settings::{Partial, Startup, insecure_warning};
use crate::demo::DemoPortal;
use crate::radar::{Coverage, Item, Watchlist};

/// One profile's radar.
#[derive(Clone, Debug)]
pub struct ProfileRadar {
    /// The profile's name; empty for the one portal flags and environment describe.
    pub profile: String,
    /// The portal host (`X-Forwarded-Host`).
    pub portal: String,
    pub language: Language,
    /// Signing in and every lookup.
    pub duration: Duration,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    /// Something was read: the radar and what it could not look at.
    Read { items: Vec<Item>, coverage: Coverage },
    /// Several profiles were asked for and this one would need a password typed.
    NotSignedIn,
    /// Nothing could be read: why, and the exit code that means.
    Failed { error: String, code: u8 },
}

impl ProfileRadar {
    /// The profile as reports name it: its name, else its portal.
    pub fn name(&self) -> &str {
        if self.profile.is_empty() { &self.portal } else { &self.profile }
    }

    pub fn items(&self) -> &[Item] {
        match &self.outcome {
            Outcome::Read { items, .. } => items,
            _ => &[],
        }
    }

    pub fn flagged(&self) -> usize {
        self.items().iter().filter(|i| i.is_flagged()).count()
    }

    /// `radar`'s exit code for this profile: 0 nothing flagged, 1 something is, else the
    /// failure's.
    pub fn exit_code(&self) -> u8 {
        match &self.outcome {
            Outcome::Read { .. } if self.flagged() > 0 => exit_code::FLAGGED,
            Outcome::Read { .. } => exit_code::SUCCESS,
            Outcome::NotSignedIn => exit_code::AUTH,
            Outcome::Failed { code, .. } => *code,
        }
    }
}

/// A profile to read: its settings as far as they go, and what it watches.
#[derive(Clone)]
pub struct Asked {
    pub partial: Partial,
    pub watch: Watchlist,
}

/// The profile names `--profile` gives: one, several separated by commas, or none.
pub fn names(profile: Option<&str>) -> Vec<String> {
    profile.into_iter().flat_map(|p| p.split(',')).map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned).collect()
}

/// The profiles asked for. One profile (no `--all-profiles`, at most one name) takes the
/// flags and environment as every command does; of several, the one the run would use
/// alone takes them and the others only what concerns every portal (`Startup::all_profiles`).
pub fn choose(cli: &Cli, all: bool, demo: Option<&DemoPortal>) -> Result<Vec<Asked>, String> {
    let names = names(cli.profile.as_deref());
    let single = (names.len() == 1).then(|| names[0].as_str());
    let language = cli.portal.lang.unwrap_or_default();
    let startup = match demo {
        Some(d) => Startup::demo(d, single, language),
        None => Startup::load(cli.config.as_deref(), single, language),
    }
    .map_err(|e| e.to_string())?;
    let mut asked = if !all && names.len() <= 1 {
        vec![Asked { partial: startup.partial(&cli.portal).map_err(|e| e.to_string())?, watch: startup.watchlist() }]
    } else {
        let (every, _) = startup.all_profiles(&cli.portal).map_err(|e| e.to_string())?;
        let mut every: Vec<Asked> = every.into_iter().map(|(partial, watch)| Asked { partial, watch }).collect();
        if !all {
            let mut picked = Vec::new();
            for name in &names {
                // The configuration's own words for a name it does not have.
                startup.loaded.config.select(Some(name))?;
                if let Some(at) = every.iter().position(|a| a.partial.profile.as_deref() == Some(name)) {
                    picked.push(every.remove(at));
                }
            }
            every = picked;
        }
        every
    };
    if let Some(d) = demo {
        asked.iter_mut().for_each(|a| a.partial.use_demo(d));
    }
    Ok(asked)
}

/// Reads every profile asked for at once; a password is asked for only when there is one.
pub async fn read_all(asked: Vec<Asked>, today: time::Date, within: i64) -> Vec<ProfileRadar> {
    let may_ask = asked.len() == 1;
    read_each(asked, may_ask, today, within).await
}

/// Reads every profile asked for at once; a password is typed only when `may_ask`.
pub async fn read_each(asked: Vec<Asked>, may_ask: bool, today: time::Date, within: i64) -> Vec<ProfileRadar> {
    futures::future::join_all(asked.into_iter().map(|a| read(a, may_ask, today, within))).await
}

async fn read(asked: Asked, may_ask: bool, today: time::Date, within: i64) -> ProfileRadar {
    let start = Instant::now();
    let Asked { partial, watch } = asked;
    let profile = partial.profile.clone().unwrap_or_default();
    let portal = partial.host.clone().unwrap_or_default();
    let language = partial.language;
    let outcome = sign_in_and_read(partial, &watch, may_ask, today, within).await;
    ProfileRadar { profile, portal, language, duration: start.elapsed(), outcome }
}

/// The remembered session first; when there is none or it lapsed, the password from the
/// profile's command or the environment, or typed when `may_ask`.
async fn sign_in_and_read(
    partial: Partial,
    watch: &Watchlist,
    may_ask: bool,
    today: time::Date,
    within: i64,
) -> Outcome {
    let read = |client: PortalClient| async move {
        let read = gather(&client, watch, today, within).await;
        read.map_err(|e| (client, e))
    };
    match signed_in(partial, may_ask, read).await {
        Ok(outcome) => outcome,
        Err(Unread::NotSignedIn) => Outcome::NotSignedIn,
        Err(Unread::Failed { error, code }) => Outcome::Failed { error, code },
    }
}

/// Why a profile could not be read.
#[derive(Clone, Debug)]
pub enum Unread {
    /// Several profiles were asked for and this one would need a password typed.
    NotSignedIn,
    /// Why, and the exit code that means.
    Failed { error: String, code: u8 },
}

/// Signs a profile in and reads it with `read`: the remembered session first; when there
/// is none or it lapsed (the read's error is a refused session), the password from the
/// profile's command or the environment, or typed when `may_ask`. The read hands the
/// client back with its error, which is redacted by it.
pub async fn signed_in<T, F, Fut>(mut partial: Partial, may_ask: bool, read: F) -> Result<T, Unread>
where
    F: Fn(PortalClient) -> Fut,
    Fut: Future<Output = Result<T, (PortalClient, ApiError)>>,
{
    let failed = |(client, e): (PortalClient, ApiError)| {
        let e = client.redact_error(e);
        Unread::Failed { error: e.to_string(), code: exit_code::for_error(&e) }
    };
    if let Some(settings) = partial.resume_settings() {
        match read(open(settings).await?).await {
            Err((_, e)) if e.is_auth() => tracing::debug!(error = %e, "the remembered session lapsed"),
            other => return other.map_err(failed),
        }
    }
    if let Err(e) = partial.run_password_command().await {
        return Err(Unread::Failed { error: e.to_string(), code: exit_code::USAGE });
    }
    let complete = partial.base_url.is_some() && partial.host.is_some() && partial.username.is_some();
    if partial.password.is_none() && !may_ask && complete {
        return Err(Unread::NotSignedIn);
    }
    let settings = if may_ask { partial.complete().await } else { partial.into_settings() };
    let settings = settings.map_err(|e| Unread::Failed { error: e.to_string(), code: exit_code::USAGE })?;
    read(open(settings).await?).await.map_err(failed)
}

/// A client for `settings`, with the remembered session taken up; warns about plain http.
async fn open(settings: crate::api::ClientSettings) -> Result<PortalClient, Unread> {
    let language = settings.language;
    if let Some(warning) = insecure_warning(&settings) {
        crate::cli::stderr::warning(&warning, language);
    }
    let client = PortalClient::new(settings)
        .map_err(|e| Unread::Failed { error: e.to_string(), code: exit_code::for_error(&e) })?;
    if let Err(message) = client.resume().await {
        crate::cli::stderr::warning(&message, language);
    }
    Ok(client)
}

/// The radar of one signed-in client. A refused session is the error (the caller may sign
/// in again); a run that read nothing at all is a failure, never an empty radar.
async fn gather(client: &PortalClient, watch: &Watchlist, today: time::Date, within: i64) -> Result<Outcome, ApiError> {
    let mut fetched = crate::radar::fetch(client, watch).await;
    if let Some(e) = fetched.take_auth_error() {
        return Err(e);
    }
    if fetched.is_empty() {
        let error = "the portal lists nothing and the profile watches nothing: add watch_domains / \
                     watch_certificates / watch_services to it";
        return Ok(Outcome::Failed { error: error.into(), code: exit_code::USAGE });
    }
    let found = fetched.found();
    let coverage = Coverage::of(&found);
    if !coverage.read_anything {
        let (error, code) = match fetched.first_error() {
            Some(e) => (client.redact(&e.to_string()), exit_code::for_error(e)),
            None => (String::new(), exit_code::PORTAL),
        };
        return Ok(Outcome::Failed { error, code });
    }
    Ok(Outcome::Read { items: crate::radar::build(&found, today, within), coverage })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_names_are_split_on_commas() {
        assert_eq!(names(Some(" shop, resell ,,")), ["shop", "resell"]);
        assert_eq!(names(Some("shop")), ["shop"]);
        assert!(names(None).is_empty());
    }
}
