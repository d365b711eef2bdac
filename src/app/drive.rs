//! How a profile drives its screens: the one taken out to run with a context, what it asks
//! for carried out in order (requests sent with the shell's ids), answers and visits to the
//! screen they are for. Every function here is a method of the `Profile` acted on, handed
//! the `Shell`.

use super::requests::Ask as Request;
use super::screens::{self, AnyView, Cx, Effect, Peek};
use super::{Call, Command, Local, Profile, Prompt, PromptKind, Screen, Shell, Slot, fetch};
use crate::config::keys::Action;

impl Profile {
    pub(super) fn keep_selection_visible(&mut self, shell: &Shell) {
        let rows = shell.body_rows(self).saturating_sub(3);
        self.screens.fit(rows);
    }

    /// The filter typed into the prompt, on the list of the screen shown.
    pub(super) fn set_screen_filter(&mut self, text: &str) {
        if let Some(mut view) = self.screens.take(self.screen) {
            view.view().set_filter(text);
            self.screens.put(view);
        }
    }

    /// Whether a dialog of the screen shown is open over it.
    pub(super) fn screen_modal(&self) -> bool {
        self.screens.view(self.screen).is_some_and(|view| view.modal())
    }

    /// Pasted text for the screen's open dialog (see `View::paste`).
    pub(super) fn screen_paste(&mut self, pasted: &screens::Pasted) -> Option<bool> {
        let mut view = self.screens.take(self.screen)?;
        let taken = view.view().paste(pasted);
        self.screens.put(view);
        taken
    }

    /// What a screen may read without changing anything.
    pub(super) fn peek<'a>(&'a self, shell: &'a Shell) -> Peek<'a> {
        Peek { not_offered: &self.not_offered, log: &shell.log }
    }

    /// Sends a request for `slot`: a new one supersedes the running one of its kind.
    pub(super) fn send(&mut self, shell: &mut Shell, slot: Slot, ask: impl Into<Request>) -> Vec<Command> {
        let id = shell.next_request();
        if self.pending.is_empty() {
            shell.spinner = 0;
        }
        let mut commands = self.pending.add(id, slot);
        let ask = ask.into();
        if let Request::Call(Call::Fetch(query)) = &ask {
            self.pending.reading_query(id, query.clone());
        }
        commands.push(ask.command(id, self.id));
        commands
    }

    /// Runs `f` on `screen`, taken out of the profile's screens while it runs (the others
    /// stay, to be read), then carries out what it asked for.
    pub(super) fn on_screen(
        &mut self,
        shell: &mut Shell,
        screen: Screen,
        f: impl FnOnce(&mut dyn AnyView, &mut Cx),
    ) -> Vec<Command> {
        let Some(mut view) = self.screens.take(screen) else { return Vec::new() };
        let rows = shell.body_rows(self).saturating_sub(3);
        let page = shell.page(self);
        let change_in_flight = self.pending.change_in_flight();
        let busy = self.pending.waits_on(screen);
        let mut cx = Cx {
            language: self.language,
            today: shell.today,
            page,
            rows,
            busy,
            shown: self.screen == screen,
            error: &mut self.error,
            info: &mut self.info,
            done: &mut self.done,
            not_offered: &mut self.not_offered,
            others: &self.screens,
            log: &mut shell.log,
            confirmation: self.confirmation.as_deref(),
            change_in_flight,
            profile_name: &self.name,
            session: self.session.as_ref(),
            keymap: &shell.keymap,
            effects: Vec::new(),
        };
        f(view.view(), &mut cx);
        let effects = cx.effects;
        self.screens.put(view);
        self.apply(shell, effects)
    }

    /// What a screen asked for, carried out in order.
    pub(super) fn apply(&mut self, shell: &mut Shell, effects: Vec<Effect>) -> Vec<Command> {
        let mut commands = Vec::new();
        for effect in effects {
            match effect {
                Effect::Fetch(req, query) => {
                    // A read of what a change just touched (see `Profile::made_stale`).
                    if self.awaiting_reread.as_ref() == Some(&query) {
                        self.rereading.push((req.clone(), query.clone()));
                    }
                    commands.extend(self.send(shell, Slot::View(req), fetch(query)))
                }
                Effect::Lookup(req, name) => commands.extend(self.send(shell, Slot::View(req), Call::Lookup(name))),
                Effect::Go(screen) => self.screen = screen,
                Effect::Visit(v) => commands.extend(self.visit(shell, v)),
                Effect::Prompt(prompt) => shell.prompt = Some(prompt),
                Effect::Copy(text) => commands.extend(self.send(shell, Slot::Copy, Local::Copy(text))),
                Effect::Save(path, contents) => {
                    let save = Local::SaveFile { path, contents, replace: false };
                    commands.extend(self.send(shell, Slot::Save, save))
                }
                Effect::SaveAttachment { number, file, path } => {
                    commands.extend(self.send(shell, Slot::Save, Call::SaveAttachment { number, file, path }))
                }
                Effect::SaveCertificate { id, path } => {
                    commands.extend(self.send(shell, Slot::Save, Call::SaveCertificate { id, path }))
                }
                Effect::SaveWatchlist { change, path, profile, watch } => {
                    let save = Local::SaveWatchlist { path, profile, watch };
                    commands.extend(self.send(shell, Slot::SaveWatchlist(change), save))
                }
                Effect::Confirm(confirmation) => {
                    if let Some(said) = self.made_stale(&confirmation.change) {
                        self.error = Some(said.clone());
                        commands.extend(self.screen_confirmed(&confirmation.req, Some(&said)));
                        continue;
                    }
                    self.put_up(*confirmation);
                    shell.confirmation_opened = true;
                }
                Effect::Estimate(req, service_id, resources) => {
                    commands.extend(self.send(shell, Slot::View(req), Call::Estimate { service_id, resources }))
                }
                Effect::Quote(req, body) => commands.extend(self.send(shell, Slot::View(req), Call::Quote(body))),
                Effect::CloseConfirmation(said) => self.close_confirmation(said),
                Effect::CancelLookups => commands.extend(self.cancel_lookups(self.screen)),
                Effect::RadarChanged => screens::radar::rebuild(&mut self.screens, &self.not_offered, shell.today),
                Effect::Unchanged => shell.redraw = false,
                Effect::ReturnTo(from) => {
                    let on = self.screen;
                    self.return_to = (on != from).then_some((from, on));
                }
                Effect::Back => {
                    if let Some((from, on)) = self.return_to
                        && on == self.screen
                    {
                        self.screen = from;
                        self.return_to = None;
                    } else {
                        shell.overview_asks.push(screens::Ask::Back);
                    }
                }
                // Carried out by `update` once the effects are applied (`Profiles::carry_out`).
                Effect::Overview(ask) => shell.overview_asks.push(ask),
            }
        }
        self.keep_selection_visible(shell);
        commands
    }

    /// Something handed to a screen.
    pub(super) fn visit(&mut self, shell: &mut Shell, visit: screens::Visit) -> Vec<Command> {
        self.on_screen(shell, visit.screen(), |view, cx| view.visit(visit, cx))
    }

    /// What every screen reads on its own once signed in.
    pub(super) fn start_screens(&mut self, shell: &mut Shell) -> Vec<Command> {
        let mut commands = Vec::new();
        for &screen in Screen::TABS {
            commands.extend(self.on_screen(shell, screen, |view, cx| view.start(cx)));
        }
        commands
    }

    /// An action for the screen shown.
    pub(super) fn screen_action(&mut self, shell: &mut Shell, action: Action) -> Vec<Command> {
        match self.screen {
            // The login form takes its keys before any action (see `on_login_key`).
            Screen::Login => shell.unchanged(),
            screen => self.on_screen(shell, screen, |view, cx| view.action(action, cx)),
        }
    }

    /// The screen's lookups again (and the account's when signing in).
    pub(super) fn refresh(&mut self, shell: &mut Shell) -> Vec<Command> {
        self.error = None;
        match self.screen {
            Screen::Login => self.on_screen(shell, Screen::HOME, |view, cx| view.action(Action::Refresh, cx)),
            _ => self.screen_action(shell, Action::Refresh),
        }
    }

    /// `a` and `d`: what the screen shown offers joins or leaves the watchlist.
    pub(super) fn change_watchlist(&mut self, shell: &mut Shell, add: bool) -> Vec<Command> {
        match self.screens.view(self.screen).and_then(|view| view.watch_item()) {
            Some(item) => self.visit(shell, screens::radar::Visit::Watch { item, add }.into()),
            None => shell.unchanged(),
        }
    }

    /// What came of a change a screen put up, to that screen.
    pub(super) fn view_changed(
        &mut self,
        shell: &mut Shell,
        req: screens::Req,
        settled: screens::Settled,
    ) -> Vec<Command> {
        self.on_screen(shell, req.screen(), |view, cx| view.changed(req, settled, cx))
    }

    /// The screen that put a change up hears that it was sent, or refused as busy.
    pub(super) fn screen_confirmed(&mut self, req: &screens::Req, refused: Option<&str>) -> Vec<Command> {
        let Some(mut view) = self.screens.take(req.screen()) else { return Vec::new() };
        view.view().confirmed(req, refused);
        self.screens.put(view);
        Vec::new()
    }

    /// The text typed into a prompt the current screen opened, handed to it; the prompt
    /// closes when the screen takes it (a prompt it opens next stays, and what it says is
    /// shown), else it stays open and says why not.
    pub(super) fn submit_to_screen(&mut self, shell: &mut Shell, kind: PromptKind, text: &str) -> Vec<Command> {
        let mut refused = None;
        let mut take = |result: Result<(), String>| refused = result.err();
        let prompt = shell.prompt.take();
        // What the status line said before goes; what the screen says of the text stays.
        let said = (self.error.take(), self.info.take());
        let commands = self.on_screen(shell, self.screen, |view, cx| take(view.submit(kind, text, cx)));
        if let Some(message) = refused {
            shell.prompt = prompt.map(|p| Prompt { error: Some(message), ..p });
            if self.error.is_none() && self.info.is_none() {
                (self.error, self.info) = said;
            }
        }
        commands
    }

    /// The actions the hint line offers: the screen's (the login form offers the account
    /// screen's), as the item shown takes them (`unwatch` once it is watched, `watch`
    /// before), the profile keys only with another profile to switch to; then help and quit.
    pub(super) fn hints(&self, shell: &Shell, profiles: usize) -> Vec<Action> {
        use crate::config::keys::Action::*;
        let screen = if self.screen == Screen::Login { Screen::HOME } else { self.screen };
        let view = self.screens.view(screen);
        let wanted = view.map(|view| view.hints(&self.peek(shell))).unwrap_or_default();
        let watched = view.and_then(|view| view.watch_item()).map(|item| self.screens.radar.watches(&item));
        let mut offered: Vec<_> = wanted
            .into_iter()
            .filter_map(|action| match (action, watched) {
                (Watch | Unwatch, None) => None,
                (Watch | Unwatch, Some(true)) => Some(Unwatch),
                (Watch | Unwatch, Some(false)) => Some(Watch),
                (Profiles | LastProfile, _) if profiles < 2 => None,
                (other, _) => Some(other),
            })
            .collect();
        offered.dedup();
        offered.extend([Help, Quit]);
        offered
    }
}
