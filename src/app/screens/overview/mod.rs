//! The overview: every profile of the configuration at once, where each stands and what
//! needs attention in each (its radar's counts), then the flagged items of every profile,
//! soonest first, each naming its profile. The screen holds its cursor and what the app
//! built for it (`app::every_profile` builds it from every profile's radar after each update
//! while it is shown); what it does across profiles (sign in, read again, switch there and
//! open an item) it asks of the app as an [`Ask`].

pub(super) mod draw;
mod texts;

use super::{Cx, Effect, Peek, Request, View};
use crate::api::{ApiError, Data, Role};
use crate::app::{ProfileId, Standing};
use crate::config::keys::Action;

/// The overview asks the portal nothing itself: every profile's own screens do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {}

impl Request for Req {}

/// Nothing is handed to the overview: it reads every profile.
#[derive(Debug)]
pub enum Visit {}

pub use super::cx::{Ask, ItemKey};

/// One profile's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub profile: ProfileId,
    /// Its name, else its portal.
    pub name: String,
    pub host: String,
    pub role: Role,
    pub standing: Standing,
    /// Whether it is the profile shown.
    pub shown: bool,
    /// The radar's counts, once something was read.
    pub counts: Option<Counts>,
    /// How much of what each count is made of was read (expired, soon, unpaid, waiting).
    pub reach: [Reach; 4],
    /// When the oldest of its lists kept after a read that failed was read: its numbers
    /// are from then.
    pub stale_since: Option<std::time::SystemTime>,
    /// What could not be read, in words (the radar's "not covered", the lists that failed).
    pub missing: Vec<String>,
}

/// What needs attention in a profile: expired or past due, due within the window, unpaid
/// invoices, tickets awaiting the user's reply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub expired: usize,
    pub soon: usize,
    pub unpaid: usize,
    pub waiting: usize,
}

/// How much of the lists a count is made of was read: all of them, some (the count is at
/// least that), none (the count is not known).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
    #[default]
    All,
    Some,
    None,
}

/// A row of the overview: a profile, or a flagged item of a profile's radar (its place in
/// that radar's items).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Profile(ProfileId),
    Item(ProfileId, usize, ItemKey),
}

/// The screen's state: the rows the app built, and the cursor over them (profiles first,
/// then the items).
#[derive(Clone, Debug, Default)]
pub struct OverviewState {
    pub summaries: Vec<Summary>,
    pub lines: Vec<Line>,
    pub selected: usize,
    /// The message `r` put on the status line, taken off once every profile has read.
    pub reading_again: Option<String>,
}

/// The screen's state, as the screen table names it.
pub type State = OverviewState;

impl View for OverviewState {
    type Req = Req;
    type Visit = Visit;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if let Some(at) = crate::app::scroll::moved(self.selected, action, cx.page, self.lines.len()) {
            self.selected = at;
            return;
        }
        match action {
            Action::Open => match self.lines.get(self.selected) {
                Some(Line::Profile(p)) => cx.effects.push(Effect::Overview(Ask::Switch(*p))),
                Some(Line::Item(p, _, key)) => cx.effects.push(Effect::Overview(Ask::Open(*p, key.clone()))),
                None => cx.unchanged(),
            },
            Action::Refresh => cx.effects.push(Effect::Overview(Ask::RefreshAll)),
            Action::Back => cx.back(false),
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, _: Result<Data, ApiError>, _: &mut Cx) {
        match req {}
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        let troubled = self.selected_summary().is_some_and(Summary::troubled);
        let show = troubled && matches!(self.lines.get(self.selected), Some(Line::Profile(_)));
        let mut hints = vec![Action::Open, Action::Refresh];
        hints.extend(show.then_some(Action::ShowError));
        hints.push(Action::Profiles);
        hints
    }

    fn has_data(&self, _: &Peek) -> bool {
        !self.lines.is_empty()
    }

    fn wheel_moves_rows(&self) -> bool {
        true
    }

    /// A click on `line` below the profiles' header: a profile's row, or (below the
    /// table, the line about the profile, the items' border and header) an item's, as
    /// `draw.rs` lays them out in a body of `visible + 3` rows.
    fn click(&mut self, line: usize, visible: usize) -> super::Click {
        let (profiles, body) = (self.summaries.len(), visible + 3);
        let table = table_height(profiles, body);
        let target = match line.checked_sub(table + 1) {
            None if line < table.saturating_sub(3) => Some(self.profiles_offset(table - 3) + line),
            None => None,
            Some(row) => {
                let rows = body.saturating_sub(table + 4);
                let offset = self.selected.checked_sub(profiles).map_or(0, |s| s.saturating_sub(rows.saturating_sub(1)));
                (row < rows).then_some(profiles + offset + row)
            }
        };
        match target.filter(|t| *t < self.lines.len()) {
            None => super::Click::Nothing,
            Some(t) if t == self.selected => super::Click::Open,
            Some(t) => {
                self.selected = t;
                super::Click::Selected
            }
        }
    }
}

impl OverviewState {
    /// The rows built again; the cursor stays on the row it was on (an item found again by
    /// what it is, as the radars reorder), else at its place.
    pub fn set(&mut self, summaries: Vec<Summary>, lines: Vec<Line>) {
        let was = self.lines.get(self.selected).cloned();
        let same = |line: &Line| match (line, &was) {
            (Line::Profile(a), Some(Line::Profile(b))) => a == b,
            (Line::Item(a, _, x), Some(Line::Item(b, _, y))) => a == b && x == y,
            _ => false,
        };
        self.selected = lines.iter().position(same).unwrap_or(self.selected).min(lines.len().saturating_sub(1));
        self.summaries = summaries;
        self.lines = lines;
    }

    /// The first profile the table shows in `rows` rows: the selected one in view; below
    /// the table, its last ones.
    pub fn profiles_offset(&self, rows: usize) -> usize {
        let last = self.summaries.len().saturating_sub(1);
        self.selected.min(last).saturating_sub(rows.saturating_sub(1))
    }

    /// The selected row's profile's row.
    pub fn selected_summary(&self) -> Option<&Summary> {
        let p = self.selected_profile()?;
        self.summaries.iter().find(|s| s.profile == p)
    }

    /// The profile of the selected row.
    pub fn selected_profile(&self) -> Option<ProfileId> {
        match self.lines.get(self.selected)? {
            Line::Profile(p) | Line::Item(p, _, _) => Some(*p),
        }
    }
}

/// The profiles' table's height (its borders and header with it) in a body of `body` rows:
/// every profile up to half the body (at least five profiles where the body has room for
/// them and a few items), the rest scrolls.
pub fn table_height(profiles: usize, body: usize) -> usize {
    let least = (5 + 3).min(body.saturating_sub(6));
    (profiles + 3).min((body / 2).max(least))
}

impl Summary {
    /// Whether there is something wrong to say of it: its sign-in failed, a list could not
    /// be read, its numbers are old.
    pub fn troubled(&self) -> bool {
        matches!(self.standing, Standing::Failed(_)) || !self.missing.is_empty() || self.stale_since.is_some()
    }
}
