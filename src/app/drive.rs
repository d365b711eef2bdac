//! How the app drives its screens: the one taken out to run with a context, what it asks
//! for carried out in order, answers and visits to the screen they are for.

use super::screens::{self, AnyView, Cx, Effect, Peek};
use super::{App, Command, Local, PromptKind, Screen, Slot, fetch};

impl App {
    pub(super) fn keep_selection_visible(&mut self) {
        let rows = self.body_rows().saturating_sub(3);
        self.profile_mut().screens.fit(rows);
    }

    /// The filter typed into the prompt, on the list of the screen shown.
    pub(super) fn set_screen_filter(&mut self, text: &str) {
        let screen = self.profile().screen;
        if let Some(mut view) = self.profile_mut().screens.take(screen) {
            view.view().set_filter(text);
            self.profile_mut().screens.put(view);
        }
    }

    /// Whether a dialog of the screen shown is open over it.
    pub(super) fn screen_modal(&self) -> bool {
        self.profile().screens.view(self.profile().screen).is_some_and(|view| view.modal())
    }

    /// Whether a dialog is open: the confirmation of a change, or a screen's own.
    pub fn dialog_open(&self) -> bool {
        self.profile().confirmation.is_some() || self.screen_modal()
    }

    /// Pasted text for the screen's open dialog (see `View::paste`).
    pub(super) fn screen_paste(&mut self, line: &str, note: Option<String>) -> Option<bool> {
        let screen = self.profile().screen;
        let mut view = self.profile_mut().screens.take(screen)?;
        let taken = view.view().paste(line, note);
        self.profile_mut().screens.put(view);
        taken
    }

    /// What a screen may read without changing anything.
    pub(super) fn peek(&self) -> Peek<'_> {
        Peek { not_offered: &self.profile().not_offered, log: &self.log }
    }

    /// Runs `f` on `screen`, taken out of the profile's screens while it runs (the others
    /// stay, to be read), then carries out what it asked for.
    pub(super) fn on_screen(&mut self, screen: Screen, f: impl FnOnce(&mut dyn AnyView, &mut Cx)) -> Vec<Command> {
        let Some(mut view) = self.profile_mut().screens.take(screen) else { return Vec::new() };
        let rows = self.body_rows().saturating_sub(3);
        let page = self.page();
        let change_in_flight = self.change_in_flight();
        let busy = self.is_busy_on(screen);
        // The profile the screen is of, and every other one beside it to read.
        let (before, rest) = self.profiles.list.split_at_mut(self.profiles.current);
        let (p, after) = rest.split_first_mut().expect("the current profile is in the list");
        let mut cx = Cx {
            language: p.language,
            today: self.today,
            page,
            rows,
            busy,
            shown: p.screen == screen,
            error: &mut p.error,
            info: &mut p.info,
            not_offered: &mut p.not_offered,
            others: &p.screens,
            other_profiles: [&*before, &*after],
            log: &mut self.log,
            confirmation: p.confirmation.as_deref(),
            change_in_flight,
            profile_name: &p.name,
            session: p.session.as_ref(),
            keymap: &self.keymap,
            effects: Vec::new(),
        };
        f(view.view(), &mut cx);
        let effects = cx.effects;
        self.profile_mut().screens.put(view);
        self.apply(effects)
    }

    /// What a screen asked for, carried out in order.
    pub(super) fn apply(&mut self, effects: Vec<Effect>) -> Vec<Command> {
        let mut commands = Vec::new();
        for effect in effects {
            match effect {
                Effect::Fetch(req, query) => commands.extend(self.send(Slot::View(req), fetch(query))),
                Effect::Go(screen) => self.profile_mut().screen = screen,
                Effect::Visit(visit) => commands.extend(self.visit(visit)),
                Effect::Prompt(prompt) => self.prompt = Some(prompt),
                Effect::Copy(text) => commands.extend(self.send(Slot::Copy, Local::Copy(text))),
                Effect::Save(path, contents) => {
                    commands.extend(self.send(Slot::Save, Local::SaveFile { path, contents, replace: false }))
                }
                Effect::SaveWatchlist { change, path, profile, watch } => commands
                    .extend(self.send(Slot::SaveWatchlist(change), Local::SaveWatchlist { path, profile, watch })),
                Effect::Confirm(confirmation) => self.put_up(*confirmation),
                Effect::Estimate(req, change) => commands.extend(self.ask_estimate(req, *change)),
                Effect::CloseConfirmation(said) => self.close_confirmation(said),
                Effect::CancelLookups => commands.extend(self.cancel_screen(self.profile().screen)),
                Effect::RadarChanged => {
                    let today = self.today;
                    screens::radar::rebuild(&mut self.profile_mut().screens, today)
                }
                Effect::Unchanged => self.redraw = false,
            }
        }
        self.keep_selection_visible();
        commands
    }

    /// Something handed to a screen.
    pub(super) fn visit(&mut self, visit: screens::Visit) -> Vec<Command> {
        self.on_screen(visit.screen(), |view, cx| view.visit(visit, cx))
    }

    /// What every screen reads on its own once signed in.
    pub(super) fn start_screens(&mut self) -> Vec<Command> {
        let mut commands = Vec::new();
        for &screen in Screen::TABS {
            commands.extend(self.on_screen(screen, |view, cx| view.start(cx)));
        }
        commands
    }

    /// `a` and `d`: what the screen shown offers joins or leaves the watchlist.
    pub(super) fn change_watchlist(&mut self, add: bool) -> Vec<Command> {
        match self.profile().screens.view(self.profile().screen).and_then(|view| view.watch_item()) {
            Some(item) => self.visit(screens::radar::Visit::Watch { item, add }.into()),
            None => self.unchanged(),
        }
    }

    /// What came of a change a screen put up, to that screen.
    pub(super) fn view_changed(&mut self, req: screens::Req, settled: screens::Settled) -> Vec<Command> {
        self.on_screen(req.screen(), |view, cx| view.changed(req, settled, cx))
    }

    /// The screen that put a change up hears that it was sent, or refused as busy.
    pub(super) fn screen_confirmed(&mut self, req: &screens::Req, refused: Option<&str>) -> Vec<Command> {
        let Some(mut view) = self.profile_mut().screens.take(req.screen()) else { return Vec::new() };
        view.view().confirmed(req, refused);
        self.profile_mut().screens.put(view);
        Vec::new()
    }

    /// The text typed into a prompt the current screen opened, handed to it; the prompt
    /// closes when the screen takes it, else it says why not.
    pub(super) fn submit_to_screen(&mut self, kind: PromptKind, text: &str) -> Vec<Command> {
        let mut refused = None;
        let mut take = |result: Result<(), String>| refused = result.err();
        let commands = self.on_screen(self.profile().screen, |view, cx| take(view.submit(kind, text, cx)));
        match refused {
            Some(message) => {
                if let Some(p) = self.prompt.as_mut() {
                    p.error = Some(message);
                }
            }
            None => {
                self.prompt = None;
                self.profile_mut().error = None;
                self.profile_mut().info = None;
            }
        }
        commands
    }
}
