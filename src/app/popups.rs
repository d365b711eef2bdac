//! The popups over a screen: help (scrolled by the keys that scroll), the last error in
//! full, and the profile switcher. A key a popup does not take closes help and does what
//! it does.

use super::{App, Command, Popup, Profiles, Shell, scroll};
use crate::config::keys::{Action, Key};
use crate::i18n::Text;

/// What a key on help or the error popup came to: taken there, or help closed and the key
/// is this action, to be done as it would be without help.
pub(super) enum PopupKey {
    Took(Vec<Command>),
    Passes(Action),
}

impl Shell {
    /// A key on help or the error popup, read as `action`; `page` is what PageUp/PageDown
    /// move.
    pub(super) fn on_popup_key(&mut self, popup: Popup, key: Key, action: Option<Action>, page: isize) -> PopupKey {
        match (popup, action) {
            (Popup::Help, Some(Action::Down)) => self.help_scroll.by(1),
            (Popup::Help, Some(Action::Up)) => self.help_scroll.by(-1),
            (Popup::Help, Some(Action::PageDown)) => self.help_scroll.by(page),
            (Popup::Help, Some(Action::PageUp)) => self.help_scroll.by(-page),
            (Popup::Help, Some(Action::Home)) => self.help_scroll.to_start(),
            (Popup::Help, Some(Action::End)) => self.help_scroll.to_end(),
            (Popup::Help, Some(Action::Help | Action::Back | Action::Quit)) => self.popup = None,
            // Help never swallows a key: it closes and the key does what it does.
            (Popup::Help, Some(action)) => {
                self.popup = None;
                return PopupKey::Passes(action);
            }
            (_, Some(Action::Quit)) if key != Key::ch('q') => return PopupKey::Took(vec![Command::Quit]),
            (_, Some(Action::Help | Action::Back | Action::ShowError | Action::Quit | Action::Open)) => {
                self.popup = None;
            }
            _ => return PopupKey::Took(self.unchanged()),
        }
        PopupKey::Took(Vec::new())
    }
}

impl Profiles {
    /// Opens the switcher with the cursor on the profile shown.
    pub(super) fn open_switcher(&mut self, shell: &mut Shell) {
        if self.list.len() < 2 {
            let shown = &mut self.list[self.active];
            shown.info = Some(Text::OnlyOneProfile.get(shown.language).to_owned());
            return;
        }
        shell.switcher = self.active;
        shell.popup = Some(Popup::Profiles);
    }

    /// A key on the switcher: a digit or Enter switches, the moves move its cursor.
    pub(super) fn on_switcher_key(&mut self, shell: &mut Shell, key: Key, action: Option<Action>) -> Vec<Command> {
        let count = self.list.len();
        let last = count.saturating_sub(1);
        if let crossterm::event::KeyCode::Char(c @ '1'..='9') = key.code {
            let chosen = c as usize - '1' as usize;
            return if chosen <= last { self.switch_to(shell, chosen) } else { shell.unchanged() };
        }
        match action {
            Some(Action::Up) => shell.switcher = scroll::step(shell.switcher, -1, count),
            Some(Action::Down) => shell.switcher = scroll::step(shell.switcher, 1, count),
            Some(Action::Home) => shell.switcher = 0,
            Some(Action::End) => shell.switcher = last,
            Some(Action::Open) => {
                let chosen = shell.switcher;
                return self.switch_to(shell, chosen);
            }
            Some(Action::Quit) if key != Key::ch('q') => return vec![Command::Quit],
            Some(Action::Back | Action::Quit | Action::Profiles | Action::Help) => shell.popup = None,
            _ => return shell.unchanged(),
        }
        Vec::new()
    }
}

impl App {
    /// The help popup's rows: every key of the screen shown, from the keymap, and what it
    /// does there now (the screen's own words where its state changes that: `Enter` in a
    /// domain's detail), a copy named for where it goes (tmux's paste buffer inside tmux).
    /// What the screen offers now comes first (its own keys and what its hint line offers),
    /// then the keys that do the same everywhere, each part in the keymap's order; last,
    /// the screen's keys that do nothing where it is now, each followed by a row without
    /// keys saying why (a cancelled invoice is not paid; a domain's detail looks nothing up).
    pub fn help_rows(&self) -> Vec<(String, String)> {
        let (context, lang) = (self.profile().screen.context(), self.profile().language);
        let view = self.profile().screens.view(self.profile().screen);
        let to = if self.shell.inside_tmux { Text::ClipboardTmux } else { Text::ClipboardOsc52 };
        let to = to.get(lang);
        let hinted = self.profile().hints(&self.shell, self.profile_count());
        let peek = self.profile().peek(&self.shell);
        let keymap = &self.shell.keymap;
        let keys = [Action::Open, Action::Back, Action::Down].map(|a| keymap.label(context, a));
        let mut here = Vec::new();
        let mut everywhere = Vec::new();
        let mut not_here = Vec::new();
        for (keys_of, action) in keymap.help_actions(context) {
            let says = view.and_then(|v| v.says(action));
            let own = says.is_some() || action.said_on(context) || keymap.binds_here(context, action);
            let what = says.map_or_else(|| action.describe(context, lang).to_owned(), |t| t.get(lang).to_owned());
            let what = what.replace("{to}", to);
            let offered = |a: Action| {
                hinted.contains(&a) || view.and_then(|v| v.goes_with(a)).is_some_and(|w| hinted.contains(&w))
            };
            let Some(view) = view.filter(|_| own && !offered(action)) else {
                // The screen's and what its hint line offers (help and quit, offered on
                // every screen, stay with the rest).
                let hinted_here = hinted[..hinted.len().saturating_sub(2)].contains(&action);
                if own || hinted_here {
                    here.push((keys_of, what))
                } else {
                    everywhere.push((keys_of, what))
                }
                continue;
            };
            let why = match action {
                Action::Watch if hinted.contains(&Action::Unwatch) => Text::WhyWatched,
                Action::Unwatch if hinted.contains(&Action::Watch) => Text::WhyNotWatched,
                _ => view.why_not(action, &peek),
            };
            let fill = [("open", &keys[0]), ("back", &keys[1]), ("down", &keys[2])];
            let why = why.fill(lang, &fill.map(|(k, v)| (k, v as &dyn std::fmt::Display)));
            not_here.push((keys_of, what));
            not_here.push((String::new(), Text::HelpNotHere.fill(lang, &[("why", &why)])));
        }
        here.into_iter().chain(everywhere).chain(not_here).collect()
    }
}
