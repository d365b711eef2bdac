//! The Plan screen's rows, built from every profile (`screens/plan/` shows them): while it
//! is shown, after each update, what falls due within its window is worked out by
//! `crate::plan` from the lists each signed-in profile's own screens read (registrations,
//! services, invoices) and its credit; opening it signs in, as the Overview does, every
//! profile that can without asking. How many profiles have been read is said while some
//! are being read.

use super::screens::plan::{PlanState, ProfilePlan};
use super::{Command, Profile, ProfileId, Profiles, Shell, Standing};
use crate::api::{Data, Query};
use crate::i18n::Text;
use crate::radar::{Found, Watchlist};

impl Profiles {
    /// After an update while the plan is shown: the profiles that can sign in unasked do
    /// when it opens; its rows are built again from every profile.
    pub(super) fn after_plan_update(&mut self, shell: &mut Shell, opened: bool) -> Vec<Command> {
        let commands = if opened { self.sign_in_unasked(shell) } else { Vec::new() };
        self.rebuild_plan(shell.today);
        commands
    }

    fn rebuild_plan(&mut self, today: time::Date) {
        let active = self.active;
        let language = self.list[active].language;
        let within = self.list[active].screens.plan.within;
        let until = today + time::Duration::days(within);
        let mut profiles = Vec::new();
        let mut items = Vec::new();
        for (i, p) in self.list.iter().enumerate() {
            let (plan, due) = profile_plan(i, p, language, today, until);
            items.extend(due.into_iter().map(|d| (i, d)));
            profiles.push(plan);
        }
        items.sort_by(|(pa, a), (pb, b)| a.date.cmp(&b.date).then(pa.cmp(pb)).then_with(|| a.name.cmp(&b.name)));
        let dues: Vec<crate::plan::Due> = items.iter().map(|(_, d)| d.clone()).collect();
        let read = profiles.iter().filter(|p| p.read || p.note.is_some()).count();
        let state: &mut PlanState = &mut self.list[active].screens.plan;
        state.months = crate::plan::by_month(&dues);
        state.read = (read, profiles.len());
        state.profiles = profiles;
        state.selected = state.selected.min(items.len().saturating_sub(1));
        state.items = items;
        // A mark stays while its item is in the plan.
        crate::app::screens::plan::marking::listed(&mut state.marks, &state.items);
        // Every profile read: the status line no longer says it reads them (`r`).
        let shown = &mut self.list[active];
        if read == shown.screens.plan.read.1
            && let Some(said) = shown.screens.overview.reading_again.take()
            && shown.info.as_ref() == Some(&said)
        {
            shown.info = None;
        }
    }
}

/// One profile's part: its totals against its credit, and what falls due in it. What it
/// has read comes through the screen table: the lists each screen offers the radar, and
/// the credit and details a screen holds.
fn profile_plan(
    at: ProfileId,
    p: &Profile,
    language: crate::api::Language,
    today: time::Date,
    until: time::Date,
) -> (ProfilePlan, Vec<crate::plan::Due>) {
    let host = p.session.as_ref().map_or_else(|| p.login.portal_shown(), |s| s.host.clone());
    let name = if p.name.is_empty() { host } else { p.name.clone() };
    let held = |query: Query| p.screens.views().into_iter().find_map(|v| v.holds(&query, &p.not_offered));
    let credit = match held(Query::Balance) {
        Some(Data::Balance(balance)) => Some(balance),
        _ => None,
    };
    let details_currency = match held(Query::Details) {
        Some(Data::Details(account)) => account.currency_code().to_owned(),
        _ => String::new(),
    };
    let currency = credit.as_ref().map(|b| b.currency.trim().to_owned()).filter(|c| !c.is_empty());
    let currency = currency.unwrap_or(details_currency);
    let standing = p.standing();
    let note = match &standing {
        Standing::Failed(reason) => Some(reason.clone()),
        Standing::NotSignedIn { .. } => Some(Text::CliRadarNotSignedIn.get(language).to_owned()),
        _ => None,
    };
    let read = matches!(standing, Standing::SignedIn { reading: false });
    let due = match p.session.is_some() {
        true => listed_due(p, &currency, today, until),
        false => Vec::new(),
    };
    let totals = crate::plan::totals(&due);
    let credit = credit.as_ref().and_then(crate::api::models::Balance::available_credit);
    let short = crate::plan::short(&totals, credit, &currency);
    let plan = ProfilePlan { profile: at, name, currency, totals, credit, short, read, note };
    (plan, due)
}

/// What falls due among the whole lists the profile's screens have read.
fn listed_due(p: &Profile, currency: &str, today: time::Date, until: time::Date) -> Vec<crate::plan::Due> {
    let watch = Watchlist::default();
    let (mut domains, mut services, mut invoices) = (&[][..], &[][..], &[][..]);
    let views = p.screens.views();
    for found in views.iter().filter_map(|v| v.radar()).flat_map(|r| r.found(&watch)) {
        match found {
            Found::Domains(listed) => domains = listed,
            Found::Services(listed) => services = listed,
            Found::Invoices(listed) => invoices = listed,
            _ => {}
        }
    }
    crate::plan::due_until(domains, services, invoices, currency, today, until)
}
