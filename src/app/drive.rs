//! How the app drives its screens: the one taken out to run with a context, what it asks
//! for carried out in order, answers and visits to the screen they are for.

use super::confirmation::Sent;
use super::screens::{self, AnyView, Cx, Effect, Peek};
use super::{App, Call, Command, Local, Prompt, PromptKind, Screen, Slot, fetch};
use crate::api::Change;

pub(super) fn keep_selection_visible(app: &mut App) {
    let rows = app.body_rows().saturating_sub(3);
    app.profile_mut().screens.fit(rows);
}

/// The filter typed into the prompt, on the list of the screen shown.
pub(super) fn set_screen_filter(app: &mut App, text: &str) {
    let screen = app.profile().screen;
    if let Some(mut view) = app.profile_mut().screens.take(screen) {
        view.view().set_filter(text);
        app.profile_mut().screens.put(view);
    }
}

/// Whether a dialog of the screen shown is open over it.
pub(super) fn screen_modal(app: &App) -> bool {
    app.profile().screens.view(app.profile().screen).is_some_and(|view| view.modal())
}

/// Pasted text for the screen's open dialog (see `View::paste`).
pub(super) fn screen_paste(app: &mut App, pasted: &screens::Pasted) -> Option<bool> {
    let screen = app.profile().screen;
    let mut view = app.profile_mut().screens.take(screen)?;
    let taken = view.view().paste(pasted);
    app.profile_mut().screens.put(view);
    taken
}

/// What a screen may read without changing anything.
pub(super) fn peek(app: &App) -> Peek<'_> {
    Peek { not_offered: &app.profile().not_offered, log: &app.shell.log }
}

/// Runs `f` on `screen`, taken out of the profile's screens while it runs (the others
/// stay, to be read), then carries out what it asked for.
pub(super) fn on_screen(app: &mut App, screen: Screen, f: impl FnOnce(&mut dyn AnyView, &mut Cx)) -> Vec<Command> {
    let Some(mut view) = app.profile_mut().screens.take(screen) else { return Vec::new() };
    let rows = app.body_rows().saturating_sub(3);
    let page = app.page();
    let change_in_flight = app.profile().pending.change_in_flight();
    let busy = app.is_busy_on(screen);
    // The profile the screen is of.
    let p = &mut app.profiles.list[app.profiles.current];
    let mut cx = Cx {
        language: p.language,
        today: app.shell.today,
        page,
        rows,
        busy,
        shown: p.screen == screen,
        error: &mut p.error,
        info: &mut p.info,
        done: &mut p.done,
        not_offered: &mut p.not_offered,
        others: &p.screens,
        log: &mut app.shell.log,
        confirmation: p.confirmation.as_deref(),
        change_in_flight,
        profile_name: &p.name,
        session: p.session.as_ref(),
        keymap: &app.shell.keymap,
        effects: Vec::new(),
    };
    f(view.view(), &mut cx);
    let effects = cx.effects;
    app.profile_mut().screens.put(view);
    apply(app, effects)
}

/// What a screen asked for, carried out in order.
pub(super) fn apply(app: &mut App, effects: Vec<Effect>) -> Vec<Command> {
    let mut commands = Vec::new();
    for effect in effects {
        match effect {
            Effect::Fetch(req, query) => {
                // A read of what a change just touched (see `Profile::made_stale`).
                if app.profile().awaiting_reread.as_ref() == Some(&query) {
                    app.profile_mut().rereading.push((req.clone(), query.clone()));
                }
                commands.extend(app.send(Slot::View(req), fetch(query)))
            }
            Effect::Lookup(req, name) => commands.extend(app.send(Slot::View(req), Call::Lookup(name))),
            Effect::Go(screen) => app.profile_mut().screen = screen,
            Effect::Visit(v) => commands.extend(visit(app, v)),
            Effect::Prompt(prompt) => app.shell.prompt = Some(prompt),
            Effect::Copy(text) => commands.extend(app.send(Slot::Copy, Local::Copy(text))),
            Effect::Save(path, contents) => {
                commands.extend(app.send(Slot::Save, Local::SaveFile { path, contents, replace: false }))
            }
            Effect::SaveAttachment { number, file, path } => {
                commands.extend(app.send(Slot::Save, Call::SaveAttachment { number, file, path }))
            }
            Effect::SaveCertificate { id, path } => {
                commands.extend(app.send(Slot::Save, Call::SaveCertificate { id, path }))
            }
            Effect::SaveWatchlist { change, path, profile, watch } => {
                commands.extend(app.send(Slot::SaveWatchlist(change), Local::SaveWatchlist { path, profile, watch }))
            }
            Effect::Confirm(confirmation) => {
                if let Some(said) = app.profile().made_stale(&confirmation.change) {
                    app.profile_mut().error = Some(said.clone());
                    commands.extend(screen_confirmed(app, &confirmation.req, Some(&said)));
                    continue;
                }
                app.profile_mut().put_up(*confirmation);
                app.shell.confirmation_opened = true;
            }
            Effect::Estimate(req, change) => commands.extend(ask_estimate(app, req, *change)),
            Effect::CloseConfirmation(said) => app.profile_mut().close_confirmation(said),
            Effect::CancelLookups => {
                let screen = app.profile().screen;
                commands.extend(app.profile_mut().cancel_lookups(screen))
            }
            Effect::RadarChanged => {
                let today = app.shell.today;
                let profile = app.profile_mut();
                screens::radar::rebuild(&mut profile.screens, &profile.not_offered, today)
            }
            Effect::Unchanged => app.shell.redraw = false,
            Effect::ReturnTo(from) => {
                let on = app.profile().screen;
                app.profile_mut().return_to = (on != from).then_some((from, on));
            }
            Effect::Back => {
                if let Some((from, on)) = app.profile().return_to
                    && on == app.profile().screen
                {
                    app.profile_mut().screen = from;
                    app.profile_mut().return_to = None;
                } else {
                    app.shell.overview_asks.push(screens::Ask::Back);
                }
            }
            // Carried out by `update` once the effects are applied (`overview::carry_out`).
            Effect::Overview(ask) => app.shell.overview_asks.push(ask),
        }
    }
    keep_selection_visible(app);
    commands
}

/// Something handed to a screen.
pub(super) fn visit(app: &mut App, visit: screens::Visit) -> Vec<Command> {
    on_screen(app, visit.screen(), |view, cx| view.visit(visit, cx))
}

/// What every screen reads on its own once signed in.
pub(super) fn start_screens(app: &mut App) -> Vec<Command> {
    let mut commands = Vec::new();
    for &screen in Screen::TABS {
        commands.extend(on_screen(app, screen, |view, cx| view.start(cx)));
    }
    commands
}

/// `a` and `d`: what the screen shown offers joins or leaves the watchlist.
pub(super) fn change_watchlist(app: &mut App, add: bool) -> Vec<Command> {
    match app.profile().screens.view(app.profile().screen).and_then(|view| view.watch_item()) {
        Some(item) => visit(app, screens::radar::Visit::Watch { item, add }.into()),
        None => app.shell.unchanged(),
    }
}

/// What came of a change a screen put up, to that screen.
pub(super) fn view_changed(app: &mut App, req: screens::Req, settled: screens::Settled) -> Vec<Command> {
    on_screen(app, req.screen(), |view, cx| view.changed(req, settled, cx))
}

/// The screen that put a change up hears that it was sent, or refused as busy.
pub(super) fn screen_confirmed(app: &mut App, req: &screens::Req, refused: Option<&str>) -> Vec<Command> {
    let Some(mut view) = app.profile_mut().screens.take(req.screen()) else { return Vec::new() };
    view.view().confirmed(req, refused);
    app.profile_mut().screens.put(view);
    Vec::new()
}

/// The text typed into a prompt the current screen opened, handed to it; the prompt
/// closes when the screen takes it (a prompt it opens next stays, and what it says is
/// shown), else it stays open and says why not.
pub(super) fn submit_to_screen(app: &mut App, kind: PromptKind, text: &str) -> Vec<Command> {
    let mut refused = None;
    let mut take = |result: Result<(), String>| refused = result.err();
    let prompt = app.shell.prompt.take();
    // What the status line said before goes; what the screen says of the text stays.
    let said = (app.profile_mut().error.take(), app.profile_mut().info.take());
    let commands = on_screen(app, app.profile().screen, |view, cx| take(view.submit(kind, text, cx)));
    if let Some(message) = refused {
        app.shell.prompt = prompt.map(|p| Prompt { error: Some(message), ..p });
        let profile = app.profile_mut();
        if profile.error.is_none() && profile.info.is_none() {
            (profile.error, profile.info) = said;
        }
    }
    commands
}

/// An estimate a screen asked for: sent at once (it changes nothing, so it is neither
/// confirmed nor written to the change log), its answer back to the screen.
pub(super) fn ask_estimate(app: &mut App, req: screens::Req, change: Change) -> Vec<Command> {
    let words = crate::i18n::change_words(&change, app.profile().language);
    let read_again = change.read_again();
    let sent = Sent { req, words, estimate: true, read_again, stale: Vec::new(), promise: None, logged: None };
    app.send(Slot::Change(Box::new(sent)), Call::Change { change, shown: None, log: None })
}

/// The actions the hint line offers: the screen's (the login form offers the account
/// screen's), as the item shown takes them (`unwatch` once it is watched, `watch` before),
/// the profile keys only with another profile to switch to; then help and quit.
pub(super) fn hints(app: &App) -> Vec<crate::config::keys::Action> {
    use crate::config::keys::Action::*;
    let p = app.profile();
    let screen = if p.screen == Screen::Login { Screen::HOME } else { p.screen };
    let view = p.screens.view(screen);
    let wanted = view.map(|view| view.hints(&peek(app))).unwrap_or_default();
    let watched = view.and_then(|view| view.watch_item()).map(|item| p.screens.radar.watches(&item));
    let mut offered: Vec<_> = wanted
        .into_iter()
        .filter_map(|action| match (action, watched) {
            (Watch | Unwatch, None) => None,
            (Watch | Unwatch, Some(true)) => Some(Unwatch),
            (Watch | Unwatch, Some(false)) => Some(Watch),
            (Profiles | LastProfile, _) if app.profile_count() < 2 => None,
            (other, _) => Some(other),
        })
        .collect();
    offered.dedup();
    offered.extend([Help, Quit]);
    offered
}
