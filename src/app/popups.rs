//! The popups over a screen: help (scrolled by the keys that scroll), the last error in
//! full, and the profile switcher. A key a popup does not take closes help and does what
//! it does.

use super::{App, Command, Popup, scroll};
use crate::config::keys::{Action, Key};
use crate::i18n::Text;

/// Opens the switcher with the cursor on the profile shown.
pub(super) fn open_switcher(app: &mut App) {
    if app.profile_count() < 2 {
        app.profile_mut().info = Some(Text::OnlyOneProfile.get(app.profile().language).to_owned());
        return;
    }
    app.shell.switcher = app.profiles.active;
    app.shell.popup = Some(Popup::Profiles);
}

pub(super) fn on_popup_key(app: &mut App, popup: Popup, key: Key) -> Vec<Command> {
    let action = app.shell.keymap.action(app.profile().screen.context(), key);
    if popup == Popup::Profiles {
        return on_switcher_key(app, key, action);
    }
    match (popup, action) {
        (Popup::Help, Some(Action::Down)) => app.shell.help_scroll.by(1),
        (Popup::Help, Some(Action::Up)) => app.shell.help_scroll.by(-1),
        (Popup::Help, Some(Action::PageDown)) => app.shell.help_scroll.by(app.page()),
        (Popup::Help, Some(Action::PageUp)) => app.shell.help_scroll.by(-app.page()),
        (Popup::Help, Some(Action::Home)) => app.shell.help_scroll.to_start(),
        (Popup::Help, Some(Action::End)) => app.shell.help_scroll.to_end(),
        (Popup::Help, Some(Action::Help | Action::Back | Action::Quit)) => app.shell.popup = None,
        // Help never swallows a key: it closes and the key does what it does.
        (Popup::Help, Some(action)) => {
            app.shell.popup = None;
            return app.on_action(action);
        }
        (_, Some(Action::Quit)) if key != Key::ch('q') => return app.quit(),
        (_, Some(Action::Help | Action::Back | Action::ShowError | Action::Quit | Action::Open)) => {
            app.shell.popup = None;
        }
        _ => return app.shell.unchanged(),
    }
    Vec::new()
}

fn on_switcher_key(app: &mut App, key: Key, action: Option<Action>) -> Vec<Command> {
    let count = app.profiles.list.len();
    let last = count.saturating_sub(1);
    if let crossterm::event::KeyCode::Char(c @ '1'..='9') = key.code {
        let chosen = c as usize - '1' as usize;
        return if chosen <= last { app.switch_to(chosen) } else { app.shell.unchanged() };
    }
    match action {
        Some(Action::Up) => app.shell.switcher = scroll::step(app.shell.switcher, -1, count),
        Some(Action::Down) => app.shell.switcher = scroll::step(app.shell.switcher, 1, count),
        Some(Action::Home) => app.shell.switcher = 0,
        Some(Action::End) => app.shell.switcher = last,
        Some(Action::Open) => return app.switch_to(app.shell.switcher),
        Some(Action::Quit) if key != Key::ch('q') => return app.quit(),
        Some(Action::Back | Action::Quit | Action::Profiles | Action::Help) => app.shell.popup = None,
        _ => return app.shell.unchanged(),
    }
    Vec::new()
}

impl App {
    /// The help popup's rows: every key of the screen shown, from the keymap, and what it
    /// does there now (the screen's own words where its state changes that: `Enter` in a
    /// domain's detail), a copy named for where it goes (tmux's paste buffer inside tmux).
    pub fn help_rows(&self) -> Vec<(String, String)> {
        let (context, lang) = (self.profile().screen.context(), self.profile().language);
        let view = self.profile().screens.view(self.profile().screen);
        let to = if self.shell.inside_tmux { Text::ClipboardTmux } else { Text::ClipboardOsc52 };
        let to = to.get(lang);
        self.shell
            .keymap
            .help_actions(context)
            .into_iter()
            .map(|(keys, action)| {
                let says = view.and_then(|v| v.says(action));
                let what = says.map_or_else(|| action.describe(context, lang).to_owned(), |t| t.get(lang).to_owned());
                (keys, what.replace("{to}", to))
            })
            .collect()
    }
}
