//! The top row: screen tabs on the left, the active profile, portal and role on the right,
//! in a colour per role so nobody acts in the wrong portal.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::app::{App, Screen};
use crate::config::theme::Theme;
use crate::i18n::Text;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let lang = app.profile().language;
    let width_all = area.width as usize;
    // The portal badge, and with several profiles a longer one that names the profile.
    let badges: Vec<(String, ratatui::style::Style)> = match &app.profile().session {
        None => Vec::new(),
        Some(s) => {
            let role = crate::i18n::role(s.role, lang);
            let plain = format!(" {} · {role} ", s.host);
            let name = app.profile_name();
            let mut badges = Vec::new();
            if app.profile_count() > 1 && !name.is_empty() {
                badges.push((format!(" {name} ·{plain}"), theme.badge(s.role)));
            }
            badges.push((plain, theme.badge(s.role)));
            // The role alone, in its colour, before the tabs shrink to numbers (the
            // switcher names the host).
            badges.push((format!(" {role} "), theme.badge(s.role)));
            badges
        }
    };
    let mut spans = Vec::new();
    let mut badge = badges.last().cloned();
    if app.profile().screen == Screen::Login {
        spans.push(Span::styled(format!(" {} ", Text::SignInTitle.get(lang)), theme.title));
        if app.profile_count() > 1 {
            let named = Text::ProfileNamed.fill(lang, &[("name", &app.profile_name())]);
            spans.push(Span::styled(format!("· {named} "), theme.dim));
        }
    } else {
        // The badge comes first: the profile name goes before the tabs shrink to numbers,
        // and tabs get shorter before the badge is dropped.
        let room = |b: &Option<(String, _)>| width_all.saturating_sub(b.as_ref().map_or(0, |(t, _)| t.width() + 1));
        let words = [Style::Full, Style::Short].map(|style| tabs(app, theme, style));
        let fit = badges.iter().find_map(|b| {
            let b = Some(b.clone());
            words.iter().find(|t| width(t) <= room(&b)).map(|t| (t.clone(), b))
        });
        match fit {
            Some((t, b)) => {
                spans = t;
                badge = b;
            }
            None => {
                spans = tabs(app, theme, Style::Numbers);
                // With numbered tabs there is room again: the longest badge that fits.
                badge = badges.iter().find(|b| width(&spans) + b.0.width() < width_all).or(badges.last()).cloned();
            }
        }
        // Where each tab is, for a mouse click: the lead span, then a tab and a space each.
        let mut x = area.x + spans.first().map_or(0, |s| s.content.width() as u16);
        let spots = Screen::TABS
            .iter()
            .zip(spans.iter().skip(1).step_by(2))
            .map(|(screen, span)| {
                let w = span.content.width() as u16;
                let spot = (x, x + w, *screen);
                x += w + 1;
                spot
            })
            .collect();
        app.tab_spots.replace(spots);
    }
    if let Some((text, style)) = badge {
        let room = width_all.saturating_sub(width(&spans));
        if room > text.width() {
            spans.push(Span::raw(" ".repeat(room - text.width())));
            spans.push(Span::styled(text, style));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Full,
    Short,
    Numbers,
}

fn width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.content.width()).sum()
}

fn tabs(app: &App, theme: &Theme, style: Style) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, screen) in Screen::TABS.iter().enumerate() {
        let active = *screen == app.profile().screen;
        let look = if active { theme.tab_active } else { theme.text };
        let lang = app.profile().language;
        let text = match style {
            Style::Full => format!(" {} {} ", i + 1, screen.title(lang)),
            Style::Short => format!("{} {}", i + 1, screen.short_title(lang)),
            Style::Numbers if active => format!("{} {}", i + 1, screen.short_title(lang)),
            Style::Numbers => format!("{}", i + 1),
        };
        spans.push(Span::styled(text, look));
        spans.push(Span::raw(" "));
    }
    spans.insert(0, Span::raw(if style == Style::Full { "" } else { " " }));
    spans
}
