//! The keys every screen brings by default, from the screens' table (`screens.rs`): each
//! tab's go-to action and key, its own keys, what help says they do there; and the
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
        module: $module:ident, section: $section:literal, title: $title:expr, short: $short:expr,
        go: $go:ident = $go_name:literal, $go_says:expr $(, $tab_key:literal)?;
        $(row: $row:literal;)?
        keys: [$($key:expr => $action:ident),* $(,)?];
        says: [$($said:ident => $says:expr),* $(,)?];
    })*) => {
        /// The go-to action of each tab.
        const GO: &[Action] = &[$(Action::Go(Screen::$screen),)*];

        /// The bindings every screen brings: its key (global) where it has one, then its own keys.
        pub(super) fn default_bindings() -> (Vec<(Key, Action)>, Vec<(Context, Key, Action)>) {
            let digits = vec![$($((Key::ch($tab_key), Action::Go(Screen::$screen)),)?)*];
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
                $($((Context::$screen, Action::$said) => Some($says),)*)*
                _ => None,
            }
        }

        /// Every word a row's `says` names, with where, for the test that both languages
        /// have them. (The tests' own two-row table expands it unused.)
        #[cfg(test)]
        #[allow(dead_code)]
        fn all_says() -> Vec<(String, Text)> {
            vec![$($((format!("{:?} on {:?}", Action::$said, Context::$screen), $says),)*)*]
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

    /// Whether a screen's row gives the action words of its own there (`says`).
    pub fn said_on(self, context: Context) -> bool {
        says(self, context).is_some()
    }

    /// What help says the action does on a screen.
    pub fn describe(self, context: Context, language: Language) -> &'static str {
        says(self, context).unwrap_or_else(|| self.default_description()).get(language)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_help_says_of_a_screens_key_is_in_both_languages() {
        let named = all_says();
        assert!(named.len() > 10, "the table's `says` read: {}", named.len());
        let named: Vec<(&str, Text)> = named.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        crate::i18n::check_texts(&named, &[]);
    }

    /// Two rows of the table's shape, one without a digit: the layer takes both.
    mod two_rows {
        use super::super::{Action, Context, Key, KeyCode, Screen, Text};
        bindings_layer! {
            Account {
                module: account, section: "account", title: Text::ScreenAccount, short: Text::ScreenAccountShort,
                go: GoAccount = "go_account", Text::KeyGoAccount;
                keys: [Key::plain(KeyCode::Enter) => Open];
                says: [];
            }
            Domains {
                module: domains, section: "domains", title: Text::ScreenDomains, short: Text::ScreenDomainsShort,
                go: GoDomains = "go_domains", Text::KeyGoDomains, '2';
                keys: [];
                says: [Open => Text::KeyOpenRecord];
            }
        }

        /// The go-to actions and what help says, as the rows make them.
        pub(super) fn go_and_says() -> (&'static [Action], Option<Text>) {
            (GO, says(Action::Open, Context::Domains))
        }
    }

    #[test]
    fn a_screen_without_a_digit_key_binds_none() {
        let (digits, own) = two_rows::default_bindings();
        let (go, says) = two_rows::go_and_says();
        assert_eq!(go, [Action::Go(Screen::Account), Action::Go(Screen::Domains)]);
        assert_eq!(says, Some(Text::KeyOpenRecord));
        assert_eq!(digits, vec![(Key::ch('2'), Action::Go(Screen::Domains))]);
        assert_eq!(own, vec![(Context::Account, Key::plain(KeyCode::Enter), Action::Open)]);
    }

    #[test]
    fn every_tab_of_the_table_has_its_digit() {
        let (digits, _) = default_bindings();
        let tabs: Vec<Screen> = Screen::TABS.iter().copied().filter(|s| s.tab_key().is_some()).collect();
        assert_eq!(digits.len(), tabs.len());
        for (screen, (key, action)) in tabs.iter().zip(&digits) {
            assert_eq!(*action, Action::Go(*screen));
            assert_eq!(Some(*key), screen.tab_key().map(Key::ch));
        }
    }
}
