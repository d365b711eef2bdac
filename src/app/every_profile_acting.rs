//! The Plan's `R` and `c` carried out across profiles: the marked items of each profile
//! are handed to that profile's own list (the screen whose radar kind they are, through the
//! screen table and `RadarSource::act_on_marked`), the profile shown while it acts, so that
//! its list asks, confirms (one confirmation per profile: its own account and credit) and
//! sends them one at a time as its own marking does, with its progress and `Esc`. When a
//! profile has settled (no prompt, confirmation, batch or change left, nothing its list
//! waits for), the next one's turn comes; after the last, the Plan of the profile it began
//! on is shown again with what came of each profile's.

use super::profile::Acting;
use super::{Command, ProfileId, Profiles, Screen, Shell};
use crate::config::keys::Action;
use crate::i18n::Text;

impl Profiles {
    /// `R` or `c` on the Plan: the marked of `kind`, profile by profile.
    pub(super) fn act_on_marked(
        &mut self,
        shell: &mut Shell,
        kind: crate::plan::Kind,
        action: Action,
        marked: Vec<(ProfileId, Vec<String>)>,
    ) -> Vec<Command> {
        if self.acting.is_some() {
            return Vec::new();
        }
        let kind = match kind {
            crate::plan::Kind::Domain => crate::radar::Kind::Domain,
            crate::plan::Kind::Service => crate::radar::Kind::Service,
            crate::plan::Kind::Invoice => crate::radar::Kind::Invoice,
        };
        // The profile shown acts first.
        let mut marked = marked;
        marked.sort_by_key(|(p, _)| (*p != self.active, *p));
        let total = marked.len();
        let queue = marked.into();
        let (said, turn) = (Vec::new(), String::new());
        let acting =
            Acting { from: self.active, kind, action, queue, current: None, said, troubled: false, total, turn };
        self.acting = Some(Box::new(acting));
        self.go_on_acting(shell)
    }

    /// Esc while the Plan's marked are acted on: no profile after this one acts.
    pub(super) fn stop_acting(&mut self) {
        if let Some(acting) = self.acting.as_deref_mut() {
            acting.queue.clear();
        }
    }

    /// After each update while the Plan's marked are acted on: the profile acting has
    /// settled, the next one acts; after the last, back to the Plan.
    pub(super) fn go_on_acting(&mut self, shell: &mut Shell) -> Vec<Command> {
        let mut commands = Vec::new();
        loop {
            let Some(acting) = self.acting.as_deref() else { return commands };
            if let Some((at, screen)) = acting.current {
                let p = &self.list[at];
                let busy = p.confirmation.is_some()
                    || p.batch.is_some()
                    || p.pending.change_in_flight()
                    || (at == self.active && shell.prompt.is_some())
                    || p.pending.screen_reads(screen);
                if busy {
                    return commands;
                }
                let name = if p.name.is_empty() {
                    p.session.as_ref().map(|s| s.host.clone()).unwrap_or_default()
                } else {
                    p.name.clone()
                };
                let nothing = || Text::PlanActedNothing.get(p.language).to_owned();
                let (said, troubled) = match (&p.error, &p.info) {
                    (Some(error), _) => (error.clone(), true),
                    (None, Some(info)) if *info == acting.turn => (nothing(), false),
                    (None, Some(info)) => (info.clone(), false),
                    (None, None) => (nothing(), false),
                };
                let acting = self.acting.as_deref_mut().expect("acting");
                acting.said.push(format!("{name}: {said}"));
                acting.troubled |= troubled;
                acting.current = None;
            }
            let acting = self.acting.as_deref_mut().expect("acting");
            let (kind, action) = (acting.kind, acting.action);
            let (at, total) = (acting.total - acting.queue.len() + 1, acting.total);
            let Some((to, ids)) = acting.queue.pop_front() else {
                commands.extend(self.acted(shell));
                return commands;
            };
            if to != self.active {
                commands.extend(self.switch_to(shell, to));
            }
            let p = &mut self.list[to];
            let shows = |screen: &&Screen| p.screens.view(**screen).and_then(|v| v.radar()?.kind()) == Some(kind);
            let screen = Screen::TABS.iter().find(shows).copied();
            let (Some(screen), true, true) = (screen, self.active == to, p.session.is_some()) else { continue };
            // Whose turn it is, on the status line until the list says more.
            let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &p.name), ("at", &at), ("total", &total)];
            let turn = Text::PlanActingTurn.fill(p.language, &fill);
            (p.error, p.info) = (None, Some(turn.clone()));
            commands.extend(p.on_screen(shell, screen, |view, cx| {
                if let Some(source) = view.radar_mut() {
                    source.act_on_marked(&ids, action, cx);
                }
            }));
            if let Some(acting) = self.acting.as_deref_mut() {
                acting.current = Some((to, screen));
                acting.turn = turn;
            }
        }
    }

    /// Every profile has acted: the Plan it began on, with what came of each.
    fn acted(&mut self, shell: &mut Shell) -> Vec<Command> {
        let Some(acting) = self.acting.take() else { return Vec::new() };
        let commands = if self.active == acting.from { Vec::new() } else { self.switch_to(shell, acting.from) };
        let p = &mut self.list[acting.from];
        p.screen = Screen::Plan;
        let said = acting.said.join(" — ");
        if said.is_empty() {
            return commands;
        }
        if acting.troubled {
            (p.error, p.info) = (Some(said), None);
        } else {
            (p.error, p.info) = (None, Some(said));
        }
        commands
    }
}
