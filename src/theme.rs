//! Colours. The default uses only the 16 named ANSI colours (the terminal's palette decides
//! the shades, so it reads on dark and light backgrounds) and marks the selection with
//! reverse video. With `NO_COLOR` set, meaning is carried by text and symbols alone.

use ratatui::style::{Color, Modifier, Style};

use crate::api::Role;

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub selected: Style,
    pub tab_active: Style,
    pub group: Style,
    pub error: Style,
    pub warning: Style,
    pub good: Style,
    pub expired: Style,
    pub key: Style,
    pub client_badge: Style,
    pub reseller_badge: Style,
}

impl Theme {
    pub fn ansi() -> Theme {
        Theme {
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            title: Style::new().add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            tab_active: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            group: Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
            error: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            warning: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            good: Style::new().fg(Color::Green),
            expired: Style::new().fg(Color::Red),
            key: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            client_badge: Style::new().fg(Color::Black).bg(Color::Cyan).add_modifier(Modifier::BOLD),
            reseller_badge: Style::new().fg(Color::Black).bg(Color::Magenta).add_modifier(Modifier::BOLD),
        }
    }

    /// No colour at all: bold, dim and reverse only.
    pub fn mono() -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Theme {
            text: Style::new(),
            dim: Style::new().add_modifier(Modifier::DIM),
            title: bold,
            selected: Style::new().add_modifier(Modifier::REVERSED),
            tab_active: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            group: bold,
            error: bold,
            warning: bold,
            good: Style::new(),
            expired: bold,
            key: bold,
            client_badge: Style::new().add_modifier(Modifier::REVERSED),
            reseller_badge: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        }
    }

    /// `NO_COLOR` (any non-empty value) wins over everything.
    pub fn from_env() -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => Theme::mono(),
            _ => Theme::ansi(),
        }
    }

    pub fn badge(&self, role: Role) -> Style {
        match role {
            Role::Client => self.client_badge,
            Role::Reseller => self.reseller_badge,
        }
    }
}
