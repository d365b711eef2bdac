//! The keymap: every binding per screen, the defaults with the config file's `[keys]` over
//! them, and the help rows, hints and key labels generated from it.

use crossterm::event::KeyCode;

use super::{Action, Context, Key};
use crate::api::Language;
use crate::i18n::Text;

#[derive(Clone, Debug)]
pub struct Binding {
    pub context: Context,
    pub key: Key,
    pub action: Action,
}

#[derive(Clone, Debug)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        use Action::*;
        use Context::Global;
        let first: &[(Key, Action)] =
            &[(Key::ch('q'), Quit), (Key::ctrl('c'), Quit), (Key::ch('?'), Help), (Key::ch('e'), ShowError)];
        // The screens' digit keys come between these.
        let then: &[(Key, Action)] = &[
            (Key::plain(KeyCode::Tab), NextScreen),
            (Key::plain(KeyCode::BackTab), PrevScreen),
            (Key::plain(KeyCode::Up), Up),
            (Key::ch('k'), Up),
            (Key::plain(KeyCode::Down), Down),
            (Key::ch('j'), Down),
            (Key::plain(KeyCode::PageUp), PageUp),
            (Key::plain(KeyCode::PageDown), PageDown),
            (Key::plain(KeyCode::Home), Home),
            (Key::ch('g'), Home),
            (Key::plain(KeyCode::End), End),
            (Key::ch('G'), End),
            (Key::plain(KeyCode::Enter), Open),
            (Key::plain(KeyCode::Esc), Back),
            (Key::ch('r'), Refresh),
            (Key::ch('p'), Profiles),
            // The one that works on the login form too, where `p` is typed.
            (Key::ctrl('p'), Profiles),
            (Key::ch('P'), LastProfile),
            (Key::ch('L'), ToggleLanguage),
            (Key::ch('X'), Logout),
        ];
        let (digits, screens) = super::bindings::default_bindings();
        let global = first.iter().copied().chain(digits).chain(then.iter().copied());
        let own = screens.into_iter().chain(super::bindings::dialog_bindings());
        let bindings = global
            .map(|(key, action)| Binding { context: Global, key, action })
            .chain(own.map(|(context, key, action)| Binding { context, key, action }))
            .collect();
        Keymap { bindings }
    }
}

impl Keymap {
    /// The defaults with the config file's `[keys]` over them: each listed action gets
    /// exactly the listed keys in that context, and a key it takes is no longer another
    /// action's default there (so a config written before a new default key still loads).
    /// An unknown context, action or key, or a key the config gives two actions in one
    /// context, is an error naming them.
    pub fn merged<'a, K>(overrides: impl IntoIterator<Item = (&'a str, K)>) -> Result<Keymap, String>
    where
        K: IntoIterator<Item = (&'a str, Vec<&'a str>)>,
    {
        let mut map = Keymap::default();
        let mut configured: Vec<(Context, Action)> = Vec::new();
        for (context_name, actions) in overrides {
            let context = Context::ALL.iter().copied().find(|c| c.name() == context_name).ok_or_else(|| {
                let names: Vec<&str> = Context::ALL.iter().map(|c| c.name()).collect();
                format!("unknown key section [keys.{context_name}] (use one of {})", names.join(", "))
            })?;
            for (action_name, keys) in actions {
                let action = Action::all().find(|a| a.name() == action_name).ok_or_else(|| {
                    format!("unknown action {action_name:?} in [keys.{context_name}] (e.g. refresh, lookup, quit)")
                })?;
                let keys: Vec<Key> = keys.iter().map(|k| k.parse()).collect::<Result<_, _>>()?;
                configured.push((context, action));
                // A default of another action gives the key up; the config's own stay (two of
                // them on one key are an error below).
                map.bindings.retain(|b| {
                    b.context != context || !keys.contains(&b.key) || configured.contains(&(b.context, b.action))
                });
                // The new keys take the place of the old ones, so help keeps its order.
                let at = map.bindings.iter().position(|b| b.context == context && b.action == action);
                map.bindings.retain(|b| !(b.context == context && b.action == action));
                let at = at.unwrap_or(map.bindings.len()).min(map.bindings.len());
                let new = keys.into_iter().map(|key| Binding { context, key, action });
                map.bindings.splice(at..at, new);
            }
        }
        map.check()?;
        Ok(map)
    }

    /// No key does two things in one context.
    fn check(&self) -> Result<(), String> {
        for (i, a) in self.bindings.iter().enumerate() {
            if let Some(b) = self.bindings[i + 1..].iter().find(|b| b.context == a.context && b.key == a.key) {
                if b.action != a.action {
                    return Err(format!(
                        "key {} is bound to both {} and {} in [keys.{}]; give one of them another key",
                        a.key,
                        a.action.name(),
                        b.action.name(),
                        a.context.name()
                    ));
                }
            }
        }
        Ok(())
    }

    /// What the config's `[keys]` left without any key: each action a default key reached
    /// in a context (a screen, the dialog, or everywhere) that no key reaches there now, as
    /// when `lookup = ["/", "n"]` takes `n` from `add_record`. An action lost everywhere is
    /// named once, as global.
    pub fn keyless(&self) -> Vec<(Context, Action)> {
        let defaults = Keymap::default();
        let mut lost: Vec<(Context, Action)> = Vec::new();
        for &context in Context::ALL {
            let now = self.reachable(context);
            for action in defaults.reachable(context) {
                if !now.contains(&action) && !lost.contains(&(Context::Global, action)) {
                    lost.push((context, action));
                }
            }
        }
        lost
    }

    /// Every action some key reaches in `context` (its own bindings, then the global ones
    /// it does not shadow), once each: the actions `keys_for` finds a key for.
    fn reachable(&self, context: Context) -> Vec<Action> {
        let keys = self.bindings.iter().filter(|b| b.context == context || b.context == Context::Global);
        keys.filter_map(|b| self.action(context, b.key)).fold(Vec::new(), |mut acc, action| {
            if !acc.contains(&action) {
                acc.push(action);
            }
            acc
        })
    }

    /// The warning for [`Keymap::keyless`], `None` when every action has a key.
    pub fn keyless_warning(&self, language: Language) -> Option<String> {
        let lost = self.keyless();
        if lost.is_empty() {
            return None;
        }
        let each = lost.iter().map(|(context, action)| {
            Text::KeyLeftWithoutIn.fill(language, &[("action", &action.name()), ("section", &context.name())])
        });
        let actions = each.collect::<Vec<_>>().join(", ");
        Some(Text::KeysLeftWithout.fill(language, &[("actions", &actions)]))
    }

    /// The action a key has on a screen: the screen's own binding first, then the global one.
    pub fn action(&self, context: Context, key: Key) -> Option<Action> {
        let find = |ctx: Context| self.bindings.iter().find(|b| b.context == ctx && b.key == key).map(|b| b.action);
        find(context).or_else(|| find(Context::Global))
    }

    /// The keys of an action on a screen, in keymap order (`↑/k`).
    pub fn keys_for(&self, context: Context, action: Action) -> Vec<Key> {
        let own: Vec<Key> =
            self.bindings.iter().filter(|b| b.context == context && b.action == action).map(|b| b.key).collect();
        let global = self
            .bindings
            .iter()
            .filter(|b| b.context == Context::Global && b.action == action)
            .map(|b| b.key)
            .filter(|k| self.action(context, *k) == Some(action));
        own.iter().copied().chain(global).fold(Vec::new(), |mut acc, k| {
            if !acc.contains(&k) {
                acc.push(k);
            }
            acc
        })
    }

    /// How the first key of `action` on a screen is shown (`/`), for text that names it.
    pub fn label(&self, context: Context, action: Action) -> String {
        self.keys_for(context, action).first().map_or_else(|| "—".to_owned(), Key::to_string)
    }

    /// How the first key of `action` that types nothing is shown (`Ctrl-P`), for a form
    /// whose fields take every key that types; none when each of its keys types.
    pub fn label_not_typed(&self, context: Context, action: Action) -> Option<String> {
        self.keys_for(context, action).into_iter().find(|k| !k.types()).map(|k| k.to_string())
    }

    /// Every key of `action` on a screen, as help shows them (`n/Esc`).
    pub fn labels(&self, context: Context, action: Action) -> String {
        join(&self.keys_for(context, action))
    }

    /// Rows for the help popup: (keys, description), the screen's bindings first.
    pub fn help(&self, context: Context, language: Language) -> Vec<(String, &'static str)> {
        self.help_actions(context)
            .into_iter()
            .map(|(keys, action)| (keys, action.describe(context, language)))
            .collect()
    }

    /// Whether `action` has a key of this screen's own (not only the one it has everywhere).
    pub fn binds_here(&self, context: Context, action: Action) -> bool {
        context != Context::Global && self.bindings.iter().any(|b| b.context == context && b.action == action)
    }

    /// [`Keymap::help`]'s rows as keys and the action they are for, for a help that says
    /// what an action does where it is pressed.
    pub fn help_actions(&self, context: Context) -> Vec<(String, Action)> {
        let mut actions: Vec<(Context, Action)> = Vec::new();
        for b in self
            .bindings
            .iter()
            .filter(|b| b.context == context)
            .chain(self.bindings.iter().filter(|b| b.context == Context::Global))
        {
            if !actions.iter().any(|(_, a)| *a == b.action) {
                actions.push((context, b.action));
            }
        }
        actions
            .into_iter()
            .filter_map(|(ctx, action)| {
                let keys = self.keys_for(ctx, action);
                (!keys.is_empty()).then(|| (join(&keys), action))
            })
            .collect()
    }

    /// The short hint line: these actions with their first key on this screen, in order;
    /// an action without a key there is left out.
    pub fn hints(&self, context: Context, wanted: &[Action], language: Language) -> Vec<(String, &'static str)> {
        wanted
            .iter()
            .filter_map(|&a| self.keys_for(context, a).first().map(|k| (k.to_string(), a.hint(language))))
            .collect()
    }
}

/// `↑/k`; with the `/` key among them, spaces keep it readable (`/ f`).
fn join(keys: &[Key]) -> String {
    let separator = if keys.contains(&Key::ch('/')) { " " } else { "/" };
    keys.iter().map(Key::to_string).collect::<Vec<_>>().join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEvent, KeyModifiers};

    #[test]
    fn screen_bindings_shadow_global_ones() {
        let map = Keymap::default();
        assert_eq!(map.action(Context::Upgrades, Key::plain(KeyCode::Enter)), Some(Action::Choose));
        assert_eq!(map.action(Context::Domains, Key::plain(KeyCode::Enter)), Some(Action::Open));
        assert_eq!(map.action(Context::Account, Key::ch('/')), None);
        assert_eq!(map.action(Context::Account, Key::ctrl('c')), Some(Action::Quit));
    }

    #[test]
    fn help_lists_exactly_the_active_keys() {
        let map = Keymap::default();
        let help = map.help(Context::Upgrades, Language::English);
        let open = help.iter().find(|(_, d)| *d == "open");
        assert!(open.is_none(), "Enter is Choose on the upgrade screen, so Open has no key there");
        let choose = help.iter().find(|(_, d)| d.starts_with("choose the option")).unwrap();
        assert_eq!(choose.0, "Space/Enter");
        let up = map.help(Context::Domains, Language::English).into_iter().find(|(_, d)| *d == "move up").unwrap();
        assert_eq!(up.0, "↑/k");
    }

    #[test]
    fn config_bindings_merge_over_the_defaults() {
        let map = Keymap::merged([
            ("global", vec![("refresh", vec!["F5", "Ctrl-r"])]),
            ("domains", vec![("lookup", vec!["n"])]),
        ])
        .unwrap();
        assert_eq!(map.action(Context::Account, Key::plain(KeyCode::F(5))), Some(Action::Refresh));
        assert_eq!(map.action(Context::Account, Key::ctrl('r')), Some(Action::Refresh));
        assert_eq!(map.action(Context::Account, Key::ch('r')), None, "r no longer refreshes");
        assert_eq!(map.action(Context::Domains, Key::ch('n')), Some(Action::Lookup), "n is no longer add_record");
        assert_eq!(map.action(Context::Domains, Key::ch('/')), None);
        assert_eq!(map.action(Context::Certificates, Key::ch('/')), Some(Action::Lookup), "other screens keep /");
        let help = map.help(Context::Domains, Language::English);
        assert!(help.iter().any(|(k, d)| k == "F5/Ctrl-R" && *d == "refresh this view"), "{help:?}");
        let slash = Keymap::merged([("domains", vec![("lookup", vec!["/", "n"])])]).unwrap();
        let help = slash.help(Context::Domains, Language::English);
        assert!(help.iter().any(|(k, _)| k == "/ n"), "the / key is not lost in the separators: {help:?}");
    }

    #[test]
    fn bad_bindings_are_clear_errors() {
        type Section = (&'static str, Vec<(&'static str, Vec<&'static str>)>);
        let err = |o: Vec<Section>| Keymap::merged(o).unwrap_err();
        let twice = vec![("global", vec![("refresh", vec!["x"]), ("help", vec!["F1", "x"])])];
        assert!(err(twice).contains("key x is bound to both"), "the config's own bindings may not clash");
        // A default gives its key up to the config: q refreshes, Ctrl-C still quits.
        let map = Keymap::merged([("global", vec![("refresh", vec!["q"])])]).unwrap();
        assert_eq!(map.action(Context::Account, Key::ch('q')), Some(Action::Refresh));
        assert_eq!(map.action(Context::Account, Key::ctrl('c')), Some(Action::Quit));
        assert!(err(vec![("dommains", vec![])]).contains("unknown key section [keys.dommains]"));
        assert!(err(vec![("global", vec![("refesh", vec!["r"])])]).contains("unknown action \"refesh\""));
        assert!(err(vec![("global", vec![("refresh", vec!["Hyper-x"])])]).contains("unknown key \"Hyper-x\""));
        assert_eq!("PgDn".parse::<Key>(), Ok(Key::plain(KeyCode::PageDown)));
        assert_eq!("Shift-Tab".parse::<Key>(), Ok(Key::plain(KeyCode::BackTab)));
        assert_eq!("Space".parse::<Key>(), Ok(Key::ch(' ')));
    }

    #[test]
    fn an_action_left_without_a_key_is_named_once() {
        assert_eq!(Keymap::default().keyless(), vec![], "the defaults give every action a key");
        assert_eq!(Keymap::default().keyless_warning(Language::English), None);
        // The example the default config used to print: `n` leaves adding a record.
        let stolen = Keymap::merged([("domains", vec![("lookup", vec!["/", "n"])])]).unwrap();
        assert_eq!(stolen.keyless(), vec![(Context::Domains, Action::AddRecord)]);
        assert!(stolen.keys_for(Context::Domains, Action::AddRecord).is_empty(), "help shows none either");
        let warning = stolen.keyless_warning(Language::English).unwrap();
        assert!(warning.contains("add_record in [keys.domains]"), "{warning}");
        assert!(stolen.keyless_warning(Language::Vietnamese).unwrap().contains("không còn phím"));
        // Quit keeps Ctrl-C when `q` goes; help lost everywhere is named once, as global.
        let map = Keymap::merged([("global", vec![("refresh", vec!["q", "?"])])]).unwrap();
        assert_eq!(map.keyless(), vec![(Context::Global, Action::Help)]);
        // A key taken on one screen only: the action still has it everywhere else.
        let map = Keymap::merged([("domains", vec![("filter", vec!["f", "r"])])]).unwrap();
        assert_eq!(map.keyless(), vec![(Context::Domains, Action::Refresh)]);
    }

    #[test]
    fn the_printed_default_configs_key_examples_take_no_actions_key() {
        let default = crate::config::DEFAULT_CONFIG;
        let examples = &default[default.find("# [keys.").expect("key examples")..];
        let text: Vec<&str> = examples.lines().map(|l| l.trim_start_matches('#').trim_start()).collect();
        let text = text.join("\n");
        let config = crate::config::Config::parse(&text).unwrap_or_else(|e| panic!("{e:?} in {text}"));
        assert!(config.keys.contains_key("domains"), "the examples are read: {text}");
        assert_eq!(config.keymap().unwrap().keyless(), vec![]);
    }

    #[test]
    fn shift_is_folded_into_characters() {
        let event = KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT);
        assert_eq!(Key::from_event(&event), Key::ch('G'));
    }
}
