//! Colours. The default uses only the 16 named ANSI colours (the terminal's palette decides
//! the shades, so it reads on dark and light backgrounds) and marks the selection with
//! reverse video. `mono` and `truecolor` ship in `assets/themes/`; a theme file of one's
//! own works the same way. With `NO_COLOR` set, meaning is carried by text and symbols
//! alone.

use ratatui::style::{Color, Modifier, Style};

use crate::api::Role;

const MONO: &str = include_str!("../../assets/themes/mono.toml");
const TRUECOLOR: &str = include_str!("../../assets/themes/truecolor.toml");

/// One style in a theme file.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    bold: bool,
    #[serde(default)]
    dim: bool,
    #[serde(default)]
    italic: bool,
    #[serde(default)]
    underlined: bool,
    #[serde(default)]
    reversed: bool,
}

impl StyleSpec {
    fn style(&self) -> Result<Style, String> {
        let colour = |c: &str| c.parse::<Color>().map_err(|_| format!("unknown colour {c:?}"));
        let mut style = Style::new();
        if let Some(fg) = &self.fg {
            style = style.fg(colour(fg)?);
        }
        if let Some(bg) = &self.bg {
            style = style.bg(colour(bg)?);
        }
        let flags = [
            (self.bold, Modifier::BOLD),
            (self.dim, Modifier::DIM),
            (self.italic, Modifier::ITALIC),
            (self.underlined, Modifier::UNDERLINED),
            (self.reversed, Modifier::REVERSED),
        ];
        for (on, modifier) in flags {
            if on {
                style = style.add_modifier(modifier);
            }
        }
        Ok(style)
    }
}

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

    /// A theme by name (`ansi`, `mono`, `truecolor`) or a theme file's path, over the
    /// default. `NO_COLOR` (any non-empty value) wins over everything: `mono`.
    pub fn load(name: Option<&str>) -> Result<Theme, String> {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return Theme::parse(MONO, "mono");
        }
        match name.map(str::trim) {
            None | Some("" | "ansi" | "default") => Ok(Theme::ansi()),
            Some("mono") => Theme::parse(MONO, "mono"),
            Some("truecolor") => Theme::parse(TRUECOLOR, "truecolor"),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    format!("theme {path:?} is not ansi, mono or truecolor, and cannot be read as a file: {e}")
                })?;
                Theme::parse(&text, path)
            }
        }
    }

    /// A theme file: styles by name over the default theme.
    pub fn parse(text: &str, name: &str) -> Result<Theme, String> {
        let styles: std::collections::BTreeMap<String, StyleSpec> =
            toml_edit::de::from_str(text).map_err(|e| format!("theme {name}: {}", e.message().trim()))?;
        let mut theme = Theme::ansi();
        for (key, spec) in styles {
            let style = spec.style().map_err(|e| format!("theme {name}: {key}: {e}"))?;
            let slot = match key.as_str() {
                "text" => &mut theme.text,
                "dim" => &mut theme.dim,
                "title" => &mut theme.title,
                "selected" => &mut theme.selected,
                "tab_active" => &mut theme.tab_active,
                "group" => &mut theme.group,
                "error" => &mut theme.error,
                "warning" => &mut theme.warning,
                "good" => &mut theme.good,
                "expired" => &mut theme.expired,
                "key" => &mut theme.key,
                "client_badge" => &mut theme.client_badge,
                "reseller_badge" => &mut theme.reseller_badge,
                other => return Err(format!("theme {name}: unknown style {other:?}")),
            };
            *slot = style;
        }
        Ok(theme)
    }

    pub fn badge(&self, role: Role) -> Style {
        match role {
            Role::Client => self.client_badge,
            Role::Reseller => self.reseller_badge,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_themes_load_and_bad_ones_are_explained() {
        let mono = Theme::parse(MONO, "mono").unwrap();
        assert_eq!(mono.error, Style::new().add_modifier(Modifier::BOLD));
        assert_eq!(mono.client_badge, Style::new().add_modifier(Modifier::REVERSED));
        let truecolor = Theme::parse(TRUECOLOR, "truecolor").unwrap();
        assert_eq!(truecolor.error.fg, Some(Color::Rgb(0xe0, 0x48, 0x4f)));
        let err = Theme::parse("error = { fg = \"blurple\" }", "mine").unwrap_err();
        assert_eq!(err, "theme mine: error: unknown colour \"blurple\"");
        let err = Theme::parse("eror = {}", "mine").unwrap_err();
        assert!(err.contains("unknown style \"eror\""), "{err}");
    }
}
