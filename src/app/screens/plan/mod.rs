//! The plan: what falls due within a window (30, 60 or 90 days; `w` changes it) across
//! every profile — registrations by expiry with their renewal price and autorenew,
//! services by next due date, unpaid invoices — each profile's total against its credit
//! and what that leaves short, and the totals month by month. The screen holds its window
//! and cursor and what the app built for it (`app::every_profile_plan` builds it with
//! `crate::plan` from the lists each profile's screens read, after each update while it is
//! shown); reading every profile again it asks of the app as the Overview does. What is
//! marked here is renewed or paid by each profile's own list (`marking.rs`).

pub(super) mod draw;
pub mod marking;
mod texts;

use super::{Cx, Effect, Peek, Request, View};
use crate::api::{ApiError, Data, Money};
use crate::app::ProfileId;
use crate::config::keys::Action;
use crate::plan::{Due, Month, Total};

/// The plan asks the portal nothing itself: every profile's own screens do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {}

impl Request for Req {}

/// Nothing is handed to the plan.
#[derive(Debug)]
pub enum Visit {}

/// The windows `w` steps through, in days.
pub const WINDOWS: [i64; 3] = [30, 60, 90];

/// One profile's part of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfilePlan {
    pub profile: ProfileId,
    /// Its name, else its portal.
    pub name: String,
    pub currency: String,
    /// What counts of what falls due, per currency.
    pub totals: Vec<Total>,
    /// The credit the portal says the account has.
    pub credit: Option<Money>,
    /// What the credit leaves short of the total in its currency.
    pub short: Option<Money>,
    /// Its lists have been read (signed in and nothing in flight).
    pub read: bool,
    /// Why it is not in the plan, in words (not signed in, sign-in failed).
    pub note: Option<String>,
}

/// The screen's state: the window, what the app built, the cursor over the items.
#[derive(Clone, Debug)]
pub struct PlanState {
    /// The window in days.
    pub within: i64,
    pub profiles: Vec<ProfilePlan>,
    /// What falls due, soonest first, each with its profile.
    pub items: Vec<(ProfileId, Due)>,
    /// The totals month by month, every profile's together (per currency).
    pub months: Vec<Month>,
    pub selected: usize,
    /// How many profiles have been read, of how many there are.
    pub read: (usize, usize),
    /// What is marked, kept while its item is in the plan.
    pub marks: crate::app::marks::Marks,
}

impl Default for PlanState {
    fn default() -> PlanState {
        PlanState { within: 60, profiles: Vec::new(), items: Vec::new(), months: Vec::new(), selected: 0, read: (0, 0), marks: crate::app::marks::Marks::default() }
    }
}

/// The screen's state, as the screen table names it.
pub type State = PlanState;

impl View for PlanState {
    type Req = Req;
    type Visit = Visit;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if let Some(at) = crate::app::scroll::moved(self.selected, action, cx.page, self.items.len()) {
            self.selected = at;
            return;
        }
        if self.marking(action, cx) {
            return;
        }
        match action {
            // The next window: 30 → 60 → 90 → 30 days.
            Action::NextWindow => {
                let at = WINDOWS.iter().position(|w| *w == self.within).map_or(0, |i| (i + 1) % WINDOWS.len());
                self.within = WINDOWS[at];
                self.selected = 0;
            }
            Action::Refresh => cx.effects.push(Effect::Overview(super::cx::Ask::RefreshAll)),
            Action::Back => cx.back(false),
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, _: Result<Data, ApiError>, _: &mut Cx) {
        match req {}
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        if self.marks.is_empty() {
            return vec![Action::Mark, Action::MarkAll, Action::NextWindow, Action::Refresh, Action::Profiles];
        }
        vec![Action::Renew, Action::PayFromCredit, Action::Mark, Action::ClearMarks, Action::NextWindow, Action::Refresh]
    }

    fn has_data(&self, _: &Peek) -> bool {
        !self.profiles.is_empty()
    }

    fn wheel_moves_rows(&self) -> bool {
        true
    }
}
