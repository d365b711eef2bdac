//! The keys every screen brings by default, from the screens' table (`screens.rs`): each
//! tab's go-to action and digit, its own keys, what help says they do there; and the
//! dialog's keys.

// The rows name keys by `KeyCode` (Delete, Enter…).
use crossterm::event::KeyCode;

use super::action::OWN;
use super::{Action, Context, Key, Screen};
use crate::api::Language;
use crate::i18n::Text;

/// The go-to actions and bindings of this layer, from the rows.
macro_rules! bindings_layer {
    ($($screen:ident {
        module: $module:ident, section: $section:literal, title: $title:ident, short: $short:ident,
        go: $go:ident = $go_name:literal, $go_says:ident, $digit:literal;
        keys: [$($key:expr => $action:ident),* $(,)?];
        says: [$($said:ident => $says:ident),* $(,)?];
    })*) => {
        /// The go-to action of each tab.
        const GO: &[Action] = &[$(Action::Go(Screen::$screen),)*];

        /// The bindings every screen brings: its digit key (global), then its own keys.
        pub(super) fn default_bindings() -> (Vec<(Key, Action)>, Vec<(Context, Key, Action)>) {
            let digits = vec![$((Key::ch($digit), Action::Go(Screen::$screen)),)*];
            let mut own: Vec<(Context, Key, Action)> = Vec::new();
            $(
                let rows: &[(Context, Key, Action)] = &[$((Context::$screen, $key, Action::$action),)*];
                own.extend_from_slice(rows);
            )*
            (digits, own)
        }

        /// What help says an action does on a screen, where the screen says it otherwise.
        fn says(action: Action, context: Context) -> Option<Text> {
            match (context, action) {
                $($((Context::$screen, Action::$said) => Some(Text::$says),)*)*
                _ => None,
            }
        }
    };
}

crate::config::keys::screens!(bindings_layer);

/// The dialog's own keys.
pub(super) fn dialog_bindings() -> [(Context, Key, Action); 2] {
    [(Context::Dialog, Key::ch('y'), Action::Confirm), (Context::Dialog, Key::ch('n'), Action::Back)]
}

impl Action {
    /// Every action, the go-to ones of each tab included.
    pub fn all() -> impl Iterator<Item = Action> {
        OWN.iter().chain(GO).copied()
    }

    /// What help says the action does on a screen.
    pub fn describe(self, context: Context, language: Language) -> &'static str {
        says(self, context).unwrap_or_else(|| self.default_description()).get(language)
    }
}
