//! Profiles (portals) side by side. The active profile's state is `App::profile`; every
//! other profile's state is parked in the profile list while its session stays open in the
//! worker. Switching swaps the two, so going back needs no new login and no refetch.

use std::collections::{HashMap, HashSet};
use std::time::SystemTime;

use super::{App, CertificateView, DomainsView, LoginForm, Popup, RequestId, Screen, SessionInfo, Slot, WatchState};
use crate::api::{Language, Role};

/// Which profile a request belongs to: its place in the profile list.
pub type ProfileId = usize;

/// Everything that belongs to one profile (one portal as one user): its screens, session,
/// data, language and watchlist. `App` holds the active one in `profile`; the others are
/// parked in the profile list. A field added here belongs to every profile at once.
pub struct Profile {
    pub screen: Screen,
    pub login: LoginForm,
    pub session: Option<SessionInfo>,
    pub language: Language,
    /// Routes beyond the seed this portal does not offer, learnt this run: not asked again.
    pub not_offered: HashSet<crate::api::Operation>,
    pub domains: DomainsView,
    /// Every screen's own state.
    pub screens: super::Screens,
    pub certificates: CertificateView,
    /// The last error, one line; the full text is in the error popup.
    pub error: Option<String>,
    pub info: Option<String>,
    /// When each screen's data last arrived.
    pub fetched_at: HashMap<Screen, SystemTime>,
    /// Screens whose refresh failed: the last good data stays, marked with its age.
    pub stale: HashSet<Screen>,
    pub(super) pending: Vec<(RequestId, Slot)>,
    /// Whether this profile has begun signing in (the first switch to a profile does).
    pub(super) started: bool,
    /// Whether `info` is a retry notice (cleared when the answer comes).
    pub(super) retrying: bool,
    /// The confirmation of a change, open over the screen.
    pub confirmation: Option<Box<super::Confirmation>>,
}

impl Profile {
    /// A profile nobody has signed in to yet.
    pub(super) fn fresh(login: LoginForm, watch: WatchState) -> Profile {
        Profile {
            screen: Screen::Login,
            language: login.language,
            login,
            session: None,
            not_offered: HashSet::new(),
            domains: DomainsView::default(),
            screens: super::Screens { radar: watch, ..Default::default() },
            certificates: CertificateView::default(),
            error: None,
            info: None,
            confirmation: None,
            fetched_at: HashMap::new(),
            stale: HashSet::new(),
            pending: Vec::new(),
            started: false,
            retrying: false,
        }
    }
}

/// One entry of the profile list; `parked` is empty for the active profile.
pub(super) struct ProfileEntry {
    pub name: String,
    pub parked: Option<Box<Profile>>,
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

impl App {
    /// Makes profile `to` the active one, parking the current one.
    pub(super) fn make_active(&mut self, to: ProfileId) {
        if to == self.active || to >= self.profiles.len() {
            return;
        }
        let mut incoming = self.profiles[to].parked.take().expect("only the active profile is not parked");
        std::mem::swap(&mut self.profile, &mut incoming);
        self.profiles[self.active].parked = Some(incoming);
        self.active = to;
    }

    /// Replaces the active profile's state with a fresh one (after logging out).
    pub(super) fn reset_active(&mut self, login: LoginForm, watch: WatchState) {
        self.profile = Profile { started: true, ..Profile::fresh(login, watch) };
    }

    /// The profiles in configuration order, `active` first in the `App`'s own fields.
    pub fn with_profiles(mut self, profiles: Vec<(LoginForm, WatchState)>, active: ProfileId) -> App {
        let entries: Vec<ProfileEntry> = profiles
            .into_iter()
            .map(|(login, watch)| ProfileEntry {
                name: login.profile_name().unwrap_or_default().to_owned(),
                parked: Some(Box::new(Profile::fresh(login, watch))),
            })
            .collect();
        if entries.is_empty() {
            return self;
        }
        let active = active.min(entries.len() - 1);
        self.profiles = entries;
        let parked = self.profiles[active].parked.take().expect("just built");
        self.profile = *parked;
        self.active = active;
        self.profile.language = self.profile.login.language;
        let count = self.profiles.len();
        self.profile.login.set_profiles(count);
        for entry in &mut self.profiles {
            if let Some(p) = entry.parked.as_mut() {
                p.login.set_profiles(count);
            }
        }
        self
    }

    /// Whether the profile switched away from last is signed in.
    pub(super) fn previous_is_signed_in(&self) -> bool {
        let parked = self.previous.and_then(|p| self.profiles.get(p)).and_then(|e| e.parked.as_ref());
        parked.is_some_and(|p| p.session.is_some())
    }

    pub fn profile_name(&self) -> &str {
        &self.profiles[self.active].name
    }

    pub fn profile_count(&self) -> usize {
        self.profiles.len()
    }

    /// Every profile as the switcher lists it.
    pub fn profile_rows(&self) -> Vec<ProfileRow> {
        let row = |name: &str, login: &LoginForm, session: &Option<SessionInfo>, active: bool| ProfileRow {
            name: name.to_owned(),
            host: session.as_ref().map(|s| s.host.clone()).unwrap_or_else(|| login.host.value().trim().to_owned()),
            role: session.as_ref().map_or(login.role, |s| s.role),
            user: session.as_ref().map(|s| s.user.clone()).unwrap_or_else(|| login.email.value().trim().to_owned()),
            signed_in: session.is_some(),
            active,
        };
        self.profiles
            .iter()
            .enumerate()
            .map(|(i, entry)| match &entry.parked {
                Some(p) => row(&entry.name, &p.login, &p.session, false),
                None => row(&entry.name, &self.profile.login, &self.profile.session, i == self.active),
            })
            .collect()
    }

    /// The profile a pending request belongs to.
    pub(super) fn owner_of(&self, id: RequestId) -> Option<ProfileId> {
        if self.profile.pending.iter().any(|(p, _)| *p == id) {
            return Some(self.active);
        }
        self.profiles.iter().position(|e| e.parked.as_ref().is_some_and(|p| p.pending.iter().any(|(p, _)| *p == id)))
    }

    /// Whether any profile is waiting for an answer (the active one or one in the
    /// background).
    pub fn is_waiting(&self) -> bool {
        self.is_busy() || self.profiles.iter().any(|e| e.parked.as_ref().is_some_and(|p| !p.pending.is_empty()))
    }

    /// Runs `f` with profile `id` active, then puts the active profile back: how answers for
    /// a profile in the background are applied to it.
    pub(super) fn as_profile<R>(&mut self, id: ProfileId, f: impl FnOnce(&mut App) -> R) -> R {
        let me = self.active;
        self.make_active(id);
        let result = f(self);
        self.make_active(me);
        result
    }

    /// Opens the switcher with the cursor on the active profile.
    pub(super) fn open_switcher(&mut self) {
        if self.profiles.len() < 2 {
            self.profile.info = Some(crate::i18n::Text::OnlyOneProfile.get(self.profile.language).to_owned());
            return;
        }
        self.switcher = self.active;
        self.popup = Some(Popup::Profiles);
    }

    /// Switches to profile `to`: its screen and data as they were left; a profile used for
    /// the first time signs in (remembered session, password command or the form).
    pub(super) fn switch_to(&mut self, to: ProfileId) -> Vec<super::Command> {
        self.popup = None;
        self.prompt = None;
        if to == self.active || to >= self.profiles.len() {
            return Vec::new();
        }
        self.previous = Some(self.active);
        let focus_profile = self.profile.screen == Screen::Login && self.profile.login.focus == super::Field::Profile;
        self.make_active(to);
        self.resettle();
        if focus_profile && self.profile.screen == Screen::Login {
            self.profile.login.focus = super::Field::Profile;
        }
        if let Some(s) = &self.profile.session {
            let role = crate::i18n::role(s.role, self.profile.language);
            let (name, host) = (self.profile_name().to_owned(), s.host.clone());
            self.profile.info = Some(
                crate::i18n::Text::SwitchedTo
                    .fill(self.profile.language, &[("name", &name), ("host", &host), ("role", &role)]),
            );
        }
        if self.profile.started { Vec::new() } else { self.start() }
    }
}
