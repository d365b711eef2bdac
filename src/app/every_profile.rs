//! Work across every profile at once, for the Overview screen (`screens/overview/`, which
//! shows it and asks for it as an `Ask`): opening it signs in, in the background and all
//! at once, every profile that can without asking; after each update while it is shown its
//! rows are built again from every profile's radar (the radar's own items, flagged ones
//! only, never computed a second way); `r` reads every profile again; `Enter` switches to
//! a profile, its radar shown or an item of it open as its radar opens it, and Esc there
//! comes back to the overview. Each is a method of `Profiles` handed the `Shell`, naming
//! the profile it acts on.

use super::profile::Return;
use super::screens::overview::{Ask, Counts, ItemKey, Line, Reach, Summary};
use super::{Command, Msg, Popup, Profile, ProfileId, Profiles, Screen, Shell, Standing};
use crate::api::{Language, Operation};
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::radar::{Flag, Item};

/// What was shown before an update, to tell whether the overview was opened by it.
pub(super) struct Was {
    active: ProfileId,
    screen: Screen,
    /// A spinner's frame or the clock: nothing the overview is built from changed.
    ticking: bool,
}

impl Was {
    pub(super) fn before(profiles: &Profiles, msg: &Msg) -> Was {
        let ticking = matches!(msg, Msg::Tick | Msg::Clock(_));
        Was { active: profiles.active, screen: profiles.list[profiles.active].screen, ticking }
    }
}

impl Profiles {
    fn shown(&self) -> &Profile {
        &self.list[self.active]
    }

    /// After an update: the way back to another profile's overview holds only while the
    /// screen it was set for shows; the overview just opened signs in the profiles that
    /// can, and while it shows its rows follow every profile.
    pub(super) fn after_update(&mut self, shell: &mut Shell, was: Was) -> Vec<Command> {
        let mut commands = self.newly_shown(shell, &was);
        commands.extend(self.after_overview_update(shell, was));
        commands
    }

    /// The screen that became the one shown (another screen, another profile, or back
    /// from signing in) hears it (`View::shown`), once its profile is signed in.
    fn newly_shown(&mut self, shell: &mut Shell, was: &Was) -> Vec<Command> {
        let (active, screen) = (self.active, self.shown().screen);
        if (was.active, was.screen) == (active, screen) || self.shown().session.is_none() {
            return Vec::new();
        }
        self.list[active].on_screen(shell, screen, |view, cx| view.shown(cx))
    }

    fn after_overview_update(&mut self, shell: &mut Shell, was: Was) -> Vec<Command> {
        if let Some(back) = self.overview_return
            && (self.active != back.to || self.shown().screen != back.on)
        {
            self.overview_return = None;
        }
        let screen = self.shown().screen;
        if screen == Screen::Plan && !was.ticking {
            let opened = was.screen != Screen::Plan || was.active != self.active;
            return self.after_plan_update(shell, opened);
        }
        if screen != Screen::Overview {
            return Vec::new();
        }
        let opened = was.screen != Screen::Overview || was.active != self.active;
        let commands = if opened { self.sign_in_unasked(shell) } else { Vec::new() };
        if opened || !was.ticking {
            self.rebuild();
        }
        commands
    }

    /// Every profile not begun yet that can sign in without asking begins now, at once.
    pub(super) fn sign_in_unasked(&mut self, shell: &mut Shell) -> Vec<Command> {
        let active = self.active;
        let mut commands = Vec::new();
        for (i, p) in self.list.iter_mut().enumerate() {
            if i != active && !p.started && p.signs_in_unasked() {
                commands.extend(p.start(shell));
            }
        }
        commands
    }

    /// What the overview asked for.
    pub(super) fn carry_out(&mut self, shell: &mut Shell, ask: Ask) -> Vec<Command> {
        match ask {
            Ask::RefreshAll => self.refresh_all(shell),
            Ask::Switch(to) => self.switch(shell, to),
            Ask::Open(to, key) => self.open(shell, to, &key),
            Ask::Back => self.back(shell),
            Ask::ActOnMarked { kind, action, marked } => self.act_on_marked(shell, kind, action, marked),
        }
    }

    /// `r`: every signed-in profile reads its lists and watched items again; those that can
    /// sign in without asking and are not signed in (nor signing in) try again.
    fn refresh_all(&mut self, shell: &mut Shell) -> Vec<Command> {
        let mut commands = Vec::new();
        let mut reading = 0;
        for p in &mut self.list {
            let again = p.session.is_some() || (p.signs_in_unasked() && p.standing() != Standing::SigningIn);
            reading += usize::from(again);
            if p.session.is_some() {
                p.error = None;
                commands.extend(p.start_screens(shell));
                commands.extend(p.on_screen(shell, Screen::Radar, |view, cx| view.action(Action::Refresh, cx)));
            } else if p.signs_in_unasked() && p.standing() != Standing::SigningIn {
                commands.extend(p.start(shell));
            }
        }
        let shown = &mut self.list[self.active];
        let profiles = crate::i18n::format::counted(reading, crate::i18n::format::PROFILES, shown.language);
        let said = Text::OverviewReadingAgain.fill(shown.language, &[("profiles", &profiles)]);
        shown.info = Some(said.clone());
        shown.screens.overview.reading_again = Some(said);
        commands
    }

    /// `e` on a profile's row whose sign-in failed, whose lists could not all be read or
    /// whose numbers are old: the whole of it in the error popup. Whether there was such a
    /// row.
    pub(super) fn show_error(&mut self, shell: &mut Shell) -> bool {
        let shown = &mut self.list[self.active];
        let state = &shown.screens.overview;
        let on_profile = matches!(state.lines.get(state.selected), Some(Line::Profile(_)));
        let Some(s) = state.selected_summary().filter(|s| on_profile && s.troubled()) else { return false };
        let language = shown.language;
        let text = match &s.standing {
            Standing::Failed(reason) => {
                Text::OverviewFailedWhole.fill(language, &[("name", &s.name), ("reason", reason)])
            }
            _ if s.missing.is_empty() => Text::OverviewStaleWhole.fill(language, &[("name", &s.name)]),
            _ => format!("{}: {}", s.name, s.missing.join("\n")),
        };
        shown.error = Some(text);
        shell.popup = Some(Popup::Error);
        true
    }

    /// `Enter` on a profile: its radar once signed in, else its sign-in (the form if it
    /// must ask); Esc on its radar comes back here.
    fn switch(&mut self, shell: &mut Shell, to: ProfileId) -> Vec<Command> {
        let from = self.active;
        if to == from {
            let shown = &mut self.list[from];
            shown.screen = Screen::Radar;
            shown.return_to = Some((Screen::Overview, Screen::Radar));
            return Vec::new();
        }
        let commands = self.switch_to(shell, to);
        if self.active == to && self.list[to].session.is_some() {
            self.list[to].screen = Screen::Radar;
            self.list[to].return_to = None;
            self.overview_return = Some(Return { from, to, on: Screen::Radar });
        }
        commands
    }

    /// `Enter` on an item: its profile shown, the item open on its screen as that profile's
    /// radar opens it; Esc there comes back to this row.
    fn open(&mut self, shell: &mut Shell, to: ProfileId, key: &ItemKey) -> Vec<Command> {
        let from = self.active;
        let mut commands = if to == from { Vec::new() } else { self.switch_to(shell, to) };
        if self.active != to {
            return commands;
        }
        let target = &mut self.list[to];
        let radar = &target.screens.radar;
        let found = radar.items.iter().position(|i| i.kind == key.kind && i.id == key.id && i.name == key.name);
        let Some(at) = found else { return commands };
        target.screens.radar.selected = at;
        commands.extend(target.on_screen(shell, Screen::Radar, |view, cx| view.action(Action::Open, cx)));
        let on = target.screen;
        if to == from {
            target.return_to = (on != Screen::Overview).then_some((Screen::Overview, on));
        } else {
            target.return_to = None;
            self.overview_return = Some(Return { from, to, on });
        }
        commands
    }

    /// Esc on a screen the overview opened in another profile: back to that overview.
    fn back(&mut self, shell: &mut Shell) -> Vec<Command> {
        match self.overview_return {
            Some(back) if back.to == self.active && back.on == self.shown().screen => {
                self.overview_return = None;
                self.switch_to(shell, back.from)
            }
            _ => Vec::new(),
        }
    }

    /// The rows from every profile: each profile's, then the flagged items of every signed-in
    /// profile's radar, soonest first (undated ones, tickets, last), in profile order within a
    /// day.
    fn rebuild(&mut self) {
        let (active, language) = (self.active, self.shown().language);
        let mut summaries = Vec::new();
        let mut items: Vec<(ProfileId, usize, &Item)> = Vec::new();
        for (i, p) in self.list.iter().enumerate() {
            summaries.push(summary(i, p, i == active, language));
            if p.session.is_some() {
                let flagged = p.screens.radar.items.iter().enumerate().filter(|(_, item)| attention(item));
                items.extend(flagged.map(|(n, item)| (i, n, item)));
            }
        }
        items.sort_by_key(|(p, _, item)| (item.days_left.is_none(), item.days_left, *p));
        let key = |item: &Item| ItemKey { kind: item.kind, id: item.id.clone(), name: item.name.clone() };
        let items = items.into_iter().map(|(p, n, item)| Line::Item(p, n, key(item)));
        let lines = summaries.iter().map(|s| Line::Profile(s.profile)).chain(items).collect();
        let busy =
            summaries.iter().any(|s| matches!(s.standing, Standing::SigningIn | Standing::SignedIn { reading: true }));
        let shown = &mut self.list[active];
        shown.screens.overview.set(summaries, lines);
        // Every profile read: the status line no longer says it reads them.
        if !busy
            && let Some(said) = shown.screens.overview.reading_again.take()
            && shown.info.as_ref() == Some(&said)
        {
            shown.info = None;
        }
    }
}

/// Whether a radar item needs attention (a failed lookup is said as what was not read).
fn attention(item: &Item) -> bool {
    item.is_flagged() && item.error.is_none()
}

fn summary(profile: ProfileId, p: &Profile, shown: bool, language: Language) -> Summary {
    let host = p.session.as_ref().map_or_else(|| p.login.portal_shown(), |s| s.host.clone());
    let role = p.session.as_ref().map_or(p.login.role, |s| s.role);
    let name = if p.name.is_empty() { host.clone() } else { p.name.clone() };
    let standing = p.standing();
    let items = &p.screens.radar.items;
    let read = matches!(standing, Standing::SignedIn { reading: false }) || !items.is_empty();
    let counts = (p.session.is_some() && read).then(|| counts(items));
    let missing = if p.session.is_some() { missing(p, language) } else { Vec::new() };
    let reach = reach(p);
    let stale_since = p.stale.iter().filter_map(|screen| p.fetched_at.get(screen)).min().copied();
    Summary { profile, name, host, role, standing, shown, counts, reach, stale_since, missing }
}

/// How much of what each count is made of was read: the lists the portal does not give,
/// those that failed (and keep nothing older), are not.
fn reach(p: &Profile) -> [Reach; 4] {
    let coverage = &p.screens.radar.coverage;
    let lists = lists(p);
    let failed = |op: Operation| {
        let kind = crate::radar::list_kind(op);
        let by_radar = kind.is_some_and(|k| {
            coverage.lists_not_offered.contains(&k) || coverage.lists_failed.iter().any(|m| m.kind == k)
        });
        let error =
            lists.iter().any(|(list, error, screen)| *list == op && error.is_some() && !p.stale.contains(screen));
        by_radar || error
    };
    let [domains, services, invoices, certificates, tickets] =
        [Operation::Domains, Operation::Services, Operation::Invoices, Operation::Certificates, Operation::Tickets]
            .map(failed);
    let of = |unread: &[bool]| match unread.iter().filter(|u| **u).count() {
        0 => Reach::All,
        n if n == unread.len() => Reach::None,
        _ => Reach::Some,
    };
    let dated = [domains, services, invoices, certificates];
    [of(&dated), of(&dated), of(&[invoices]), of(&[tickets])]
}

/// The radar's counts: expired or past due, due within the window, unpaid, awaiting a reply.
pub(super) fn counts(items: &[Item]) -> Counts {
    let mut counts = Counts::default();
    for item in items.iter().filter(|i| attention(i)) {
        let has = |flag| item.flags.contains(&flag);
        counts.expired += usize::from(has(Flag::Expired) || has(Flag::Overdue));
        counts.soon += usize::from(has(Flag::ExpiresSoon) || has(Flag::DueSoon));
        counts.unpaid += usize::from(has(Flag::Unpaid));
        counts.waiting += usize::from(has(Flag::AwaitingReply));
    }
    counts
}

/// The portal lists the profile's screens show (each screen says whether it shows one,
/// `View::list`), with why each one's last reading failed, in tab order.
fn lists(p: &Profile) -> Vec<(Operation, Option<&crate::api::ApiError>, Screen)> {
    let list = |screen: Screen| p.screens.view(screen)?.list().map(|(op, error)| (op, error, screen));
    Screen::TABS.iter().filter_map(|&screen| list(screen)).collect()
}

/// What a signed-in profile could not read: the lists that failed, then the radar's "not
/// covered" (lists the portal does not give, failed lookups).
fn missing(p: &Profile, language: Language) -> Vec<String> {
    let mut said: Vec<String> = lists(p)
        .iter()
        .filter_map(|(op, error, _)| {
            let error = crate::i18n::api_error((*error)?, language);
            let list = crate::i18n::operation(*op, language);
            Some(Text::CoverageListUnread.fill(language, &[("list", &list), ("error", &error)]))
        })
        .collect();
    said.extend(p.screens.radar.coverage.summary(language));
    said
}
