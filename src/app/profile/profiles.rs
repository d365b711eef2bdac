//! Profiles (portals) side by side: every profile's whole state in one list, each session
//! open in the worker. Switching only changes which one is shown, so going back needs no
//! new login and no refetch, and an answer for a profile in the background goes straight
//! to its entry.

use std::collections::{HashMap, HashSet};
use std::time::SystemTime;

use crate::api::{Language, Role};
use crate::app::confirmation::Confirmation;
use crate::app::{Command, LoginForm, RequestId, Screen, SessionInfo, WatchState};
use crate::i18n::Text;

pub use crate::command::ProfileId;

/// Everything that belongs to one profile (one portal as one user): its screens, session,
/// data, language and watchlist. A field added here belongs to every profile at once.
pub struct Profile {
    /// Its place in `Profiles::list`, which the worker knows its session by.
    pub id: ProfileId,
    /// Its name in the configuration (empty when there is none).
    pub name: String,
    pub screen: Screen,
    pub login: LoginForm,
    pub session: Option<SessionInfo>,
    pub language: Language,
    /// Routes beyond the seed this portal does not offer, learnt this run: not asked again.
    pub not_offered: HashSet<crate::api::Operation>,
    /// Every screen's own state.
    pub screens: crate::app::Screens,
    /// The last error, one line; the full text is in the error popup.
    pub error: Option<String>,
    pub info: Option<String>,
    /// The last thing said done: while `info` is this text it reads as done (`✓`), any
    /// other info as information (`ℹ`).
    pub done: Option<String>,
    /// When each screen's data last arrived.
    pub fetched_at: HashMap<Screen, SystemTime>,
    /// Screens whose refresh failed: the last good data stays, marked with its age.
    pub stale: HashSet<Screen>,
    pub(in crate::app) pending: crate::app::requests::Pending,
    /// Whether this profile has begun signing in (the first switch to a profile does).
    pub(in crate::app) started: bool,
    /// Whether `info` is a retry notice (cleared when the answer comes).
    pub(in crate::app) retrying: bool,
    /// The confirmation of a change, open over the screen.
    pub confirmation: Option<Box<crate::app::Confirmation>>,
    /// A confirmation was just left with its "back" key: the next key, if it is one of the
    /// confirmation's own answers (a second `n`), is not typed into the form under it.
    pub(in crate::app) back_from_confirmation: bool,
    /// Where Esc goes back to from a screen another one opened an item on (the radar's
    /// row): `(from, on)`, kept while `on` is shown.
    pub(in crate::app) return_to: Option<(Screen, Screen)>,
    /// When `info` last changed: it fades `INFO_FADES` later (see `App::clock`).
    pub(in crate::app) info_since: Option<SystemTime>,
    /// What a change just made touched, being read again: the request that reads it and the
    /// read. Until its answer comes, no change to the same thing is confirmed from the
    /// figures on screen, which it made stale (see `app::profile::changes`).
    pub(in crate::app) rereading: Vec<(crate::app::screens::Req, crate::api::Query)>,
    /// While a change's answer is handed to its screen: the read it makes stale, so that
    /// the screen's read of it is known as a read again (`rereading`).
    pub(in crate::app) awaiting_reread: Option<crate::api::Query>,
    /// An applied change's promise, compared once what it made stale is read.
    pub(in crate::app) promised: Option<Box<crate::app::confirmation::Promised>>,
    /// A batch of changes confirmed once, sent one at a time.
    pub(in crate::app) batch: Option<Box<crate::app::confirmation::Batch>>,
}

impl Profile {
    /// A profile nobody has signed in to yet.
    pub(in crate::app) fn fresh(id: ProfileId, login: LoginForm, watch: WatchState) -> Profile {
        Profile {
            id,
            name: login.profile_name().unwrap_or_default().to_owned(),
            screen: Screen::Login,
            language: login.language,
            login,
            session: None,
            not_offered: HashSet::new(),
            screens: crate::app::Screens { radar: watch, ..Default::default() },
            error: None,
            info: None,
            done: None,
            confirmation: None,
            back_from_confirmation: false,
            fetched_at: HashMap::new(),
            stale: HashSet::new(),
            pending: Default::default(),
            started: false,
            retrying: false,
            return_to: None,
            info_since: None,
            rereading: Vec::new(),
            awaiting_reread: None,
            promised: None,
            batch: None,
        }
    }

    /// The reads of what a change just touched that have not come back yet.
    pub fn pending_rereads(&self) -> Vec<&crate::api::Query> {
        self.rereads_in_flight().map(|(_, read)| read).collect()
    }

    /// The reads again after a change still in flight, with the screen request that reads
    /// each: one cancelled (Esc, signing out) or answered is none.
    pub(in crate::app) fn rereads_in_flight(
        &self,
    ) -> impl Iterator<Item = &(crate::app::screens::Req, crate::api::Query)> {
        self.rereading.iter().filter(|(req, _)| self.pending.reading(req))
    }

    /// Whether what `screen` shows is being read again after a change: its own reads, or
    /// for the radar and the Overview, which are made of the lists, any list's.
    pub fn reading_again(&self, screen: Screen) -> bool {
        use crate::api::Query;
        let made_of_lists = matches!(screen, Screen::Radar | Screen::Overview);
        self.rereads_in_flight().any(|(req, read)| {
            req.screen() == screen || (made_of_lists && !matches!(read, Query::Balance | Query::Details))
        })
    }

    /// Something done, on the status line (marked `✓`).
    pub(in crate::app) fn say_done(&mut self, text: String) {
        self.done = Some(text.clone());
        self.info = Some(text);
    }

    /// What the status line says now and what it is: the error first, else the info.
    pub fn said(&self) -> Option<(&str, crate::app::Said)> {
        match (&self.error, &self.info) {
            (Some(error), _) => Some((error, crate::app::Said::Failed)),
            (None, Some(info)) if self.done.as_ref() == Some(info) => Some((info, crate::app::Said::Done)),
            (None, Some(info)) => Some((info, crate::app::Said::Info)),
            (None, None) => None,
        }
    }

    /// Whether it can sign in without asking anyone: a remembered session, a complete form
    /// (flags, environment, `--demo`) or a password command.
    pub fn signs_in_unasked(&self) -> bool {
        let login = &self.login;
        login.remembered_settings().is_some() || login.is_complete() || login.password_command().is_some()
    }

    /// Where it stands, as the overview says it.
    pub fn standing(&self) -> Standing {
        if self.session.is_some() {
            let reading = Screen::TABS.iter().any(|s| self.pending.waits_on(*s));
            return Standing::SignedIn { reading };
        }
        if self.pending.login_step().is_some() {
            return Standing::SigningIn;
        }
        match &self.login.error {
            Some(reason) if self.started => Standing::Failed(reason.clone()),
            // Tried already (no session was remembered, say): the form must ask.
            _ => Standing::NotSignedIn { unasked: !self.started && self.signs_in_unasked() },
        }
    }

    /// An error on the status line, in this profile's language.
    pub(in crate::app) fn fail(&mut self, err: &crate::api::ApiError) {
        self.error = Some(crate::i18n::api_error(err, self.language));
        self.info = None;
    }
}

/// Where a profile stands: signed in (its lists still being read, or not), signing in,
/// not signed in (whether it could without asking), or its sign-in failed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    SignedIn { reading: bool },
    SigningIn,
    NotSignedIn { unasked: bool },
    Failed(String),
}

/// Where Esc goes back to after the overview opened something of another profile: to
/// profile `from` (its overview), while profile `to` shows screen `on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::app) struct Return {
    pub(in crate::app) from: ProfileId,
    pub(in crate::app) to: ProfileId,
    pub(in crate::app) on: Screen,
}

/// Every profile, and which one is shown.
pub struct Profiles {
    pub list: Vec<Profile>,
    /// The profile shown.
    pub active: ProfileId,
    /// The profile switched away from last (`P` goes back to it).
    pub previous: Option<ProfileId>,
    /// The way back to the overview of another profile (see `app::every_profile`).
    pub(in crate::app) overview_return: Option<Return>,
    /// The Plan's marked being acted on, profile by profile (see `app::every_profile_acting`).
    pub(in crate::app) acting: Option<Box<Acting>>,
}

/// What the switcher shows for a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileRow {
    pub name: String,
    pub host: String,
    pub role: Role,
    pub user: String,
    pub signed_in: bool,
    pub active: bool,
}

impl Profiles {
    /// One profile, shown.
    pub(in crate::app) fn one(profile: Profile) -> Profiles {
        Profiles { list: vec![profile], active: 0, previous: None, overview_return: None, acting: None }
    }

    /// The profiles in configuration order, `active` shown; none leaves these as they are.
    pub(in crate::app) fn set(&mut self, profiles: Vec<(LoginForm, WatchState)>, active: ProfileId) {
        let count = profiles.len();
        if count == 0 {
            return;
        }
        self.list = profiles
            .into_iter()
            .enumerate()
            .map(|(id, (mut login, watch))| {
                login.set_profiles(count);
                Profile::fresh(id, login, watch)
            })
            .collect();
        self.active = active.min(count - 1);
        self.previous = None;
        self.overview_return = None;
    }

    /// Shows profile `to`.
    pub(in crate::app) fn show(&mut self, to: ProfileId) {
        if to < self.list.len() {
            self.active = to;
        }
    }

    /// Whether the profile switched away from last is signed in.
    pub(in crate::app) fn previous_is_signed_in(&self) -> bool {
        self.previous.and_then(|p| self.list.get(p)).is_some_and(|p| p.session.is_some())
    }

    /// Every profile as the switcher lists it.
    pub fn rows(&self) -> Vec<ProfileRow> {
        self.list
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (login, session) = (&p.login, &p.session);
                ProfileRow {
                    name: p.name.clone(),
                    host: session.as_ref().map_or_else(|| login.portal_shown(), |s| s.host.clone()),
                    role: session.as_ref().map_or(login.role, |s| s.role),
                    user: session.as_ref().map_or_else(|| login.email.value().trim().to_owned(), |s| s.user.clone()),
                    signed_in: session.is_some(),
                    active: i == self.active,
                }
            })
            .collect()
    }

    /// The profile a pending request belongs to.
    pub(in crate::app) fn owner_of(&self, id: RequestId) -> Option<ProfileId> {
        self.list.iter().position(|p| p.pending.holds(id))
    }

    /// Whether any profile is waiting for an answer (the active one or one in the
    /// background).
    pub fn waiting(&self) -> bool {
        self.list.iter().any(|p| !p.pending.is_empty())
    }
}

impl Profile {
    /// Puts a confirmation up: it settles first (see `Confirmation::settling`).
    pub(in crate::app) fn put_up(&mut self, confirmation: Confirmation) {
        self.confirmation = Some(Box::new(Confirmation { settling: true, ..confirmation }));
    }

    /// A confirmation comes into view with its profile (it may have opened by itself in
    /// the background): it settles again, as one that just opened. True if there is one.
    pub(in crate::app) fn resettle(&mut self) -> bool {
        match &mut self.confirmation {
            Some(c) => {
                c.settling = true;
                true
            }
            None => false,
        }
    }

    /// Whether the open confirmation still ignores keys.
    pub(in crate::app) fn settling(&self) -> bool {
        matches!(&self.confirmation, Some(c) if c.settling)
    }

    /// The moment after a confirmation opened has passed: it takes keys now. False when
    /// there was none settling.
    pub(in crate::app) fn settled(&mut self) -> bool {
        match &mut self.confirmation {
            Some(c) if c.settling => {
                c.settling = false;
                true
            }
            _ => false,
        }
    }
}

impl Profile {
    /// Cancels the lookups of `screen` (Esc), saying so when there were any.
    pub(in crate::app) fn cancel_lookups(&mut self, screen: Screen) -> Vec<Command> {
        let cancelled = self.pending.cancel_lookups(screen);
        if !cancelled.is_empty() {
            self.info = Some(Text::Cancelled.get(self.language).into());
        }
        cancelled
    }
}

/// The Plan's marked being acted on, profile by profile.
#[derive(Debug)]
pub(in crate::app) struct Acting {
    /// The profile whose Plan it began on.
    pub(in crate::app) from: crate::app::ProfileId,
    pub(in crate::app) kind: crate::radar::Kind,
    pub(in crate::app) action: crate::config::keys::Action,
    /// The profiles still to act, with their marked ids.
    pub(in crate::app) queue: std::collections::VecDeque<(crate::app::ProfileId, Vec<String>)>,
    /// The profile acting now, and its list's screen.
    pub(in crate::app) current: Option<(crate::app::ProfileId, crate::app::Screen)>,
    /// What came of each profile's, in words.
    pub(in crate::app) said: Vec<String>,
    /// Whether something went wrong or was not done: said as an error.
    pub(in crate::app) troubled: bool,
    /// How many profiles act in all, and what the status line says of the one acting.
    pub(in crate::app) total: usize,
    pub(in crate::app) turn: String,
}
