//! One key with its modifiers: read from crossterm events and from the config file's key
//! names, shown the way help and hints show it.

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key with its modifiers, comparable with crossterm events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

impl Key {
    pub const fn plain(code: KeyCode) -> Key {
        Key { code, modifiers: KeyModifiers::NONE }
    }

    pub const fn ch(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }

    pub const fn ctrl(c: char) -> Key {
        Key { code: KeyCode::Char(c), modifiers: KeyModifiers::CONTROL }
    }

    /// Whether the key types a character into a field (no Ctrl, no Alt).
    pub fn types(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    }

    /// Normalises an event: Shift is part of the character for printable keys.
    pub fn from_event(event: &KeyEvent) -> Key {
        let modifiers = match event.code {
            KeyCode::Char(_) | KeyCode::BackTab => event.modifiers - KeyModifiers::SHIFT,
            _ => event.modifiers,
        };
        Key { code: event.code, modifiers }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            f.write_str("Ctrl-")?;
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("Alt-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) if self.modifiers.contains(KeyModifiers::CONTROL) => {
                write!(f, "{}", c.to_ascii_uppercase())
            }
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Tab => f.write_str("Tab"),
            KeyCode::BackTab => f.write_str("Shift-Tab"),
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::Backspace => f.write_str("Backspace"),
            KeyCode::Delete => f.write_str("Delete"),
            other => write!(f, "{other:?}"),
        }
    }
}

impl std::str::FromStr for Key {
    type Err = String;

    /// `r`, `G`, `?`, `Ctrl-r`, `Alt-x`, `F5`, `Enter`, `Esc`, `Tab`, `Shift-Tab`, `Space`,
    /// `Up`/`Down`/`Left`/`Right`, `PgUp`/`PgDn`, `Home`, `End`, `Backspace`, `Delete`.
    fn from_str(text: &str) -> Result<Key, String> {
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = text;
        loop {
            let lower = rest.to_ascii_lowercase();
            if rest.chars().count() > 1 && (lower.starts_with("ctrl-") || lower.starts_with("ctrl+")) {
                modifiers |= KeyModifiers::CONTROL;
                rest = &rest[5..];
            } else if rest.chars().count() > 1 && (lower.starts_with("alt-") || lower.starts_with("alt+")) {
                modifiers |= KeyModifiers::ALT;
                rest = &rest[4..];
            } else {
                break;
            }
        }
        let code = match rest.to_ascii_lowercase().as_str() {
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "shift-tab" | "shift+tab" | "backtab" => KeyCode::BackTab,
            "space" => KeyCode::Char(' '),
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "pgup" | "pageup" => KeyCode::PageUp,
            "pgdn" | "pagedown" => KeyCode::PageDown,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "backspace" => KeyCode::Backspace,
            "delete" | "del" => KeyCode::Delete,
            f if f.len() > 1 && f.starts_with('f') && f[1..].parse::<u8>().is_ok_and(|n| (1..=12).contains(&n)) => {
                KeyCode::F(f[1..].parse().unwrap_or(1))
            }
            _ => {
                let mut chars = rest.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if !c.is_control() => {
                        let c = if modifiers.contains(KeyModifiers::CONTROL) { c.to_ascii_lowercase() } else { c };
                        KeyCode::Char(c)
                    }
                    _ => return Err(format!("unknown key {text:?} (e.g. \"r\", \"Ctrl-r\", \"F5\", \"PgDn\")")),
                }
            }
        };
        Ok(Key { code, modifiers })
    }
}
