//! The top row: screen tabs on the left, the active portal and role on the right, in a
//! colour per role so nobody acts in the wrong portal.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::app::{App, Screen};
use crate::theme::Theme;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let badge = app.session.as_ref().map(|s| (format!(" {} · {} ", s.host, s.role.label()), theme.badge(s.role)));
    let badge_width = badge.as_ref().map_or(0, |(text, _)| text.width() + 1);
    let mut spans = Vec::new();
    if app.screen == Screen::Login {
        spans.push(Span::styled(" portal-tui — sign in ", theme.title));
    } else {
        // The portal badge comes first: tabs get shorter before it is dropped.
        let room = (area.width as usize).saturating_sub(badge_width);
        let styles = [Style::Full, Style::Short, Style::Numbers];
        let fitting = styles.iter().map(|style| tabs(app, theme, *style)).find(|t| width(t) <= room);
        spans = fitting.unwrap_or_else(|| tabs(app, theme, Style::Numbers));
    }
    if let Some((text, style)) = badge {
        let room = (area.width as usize).saturating_sub(width(&spans));
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
        let active = *screen == app.screen;
        let look = if active { theme.tab_active } else { theme.text };
        let text = match style {
            Style::Full => format!(" {} {} ", i + 1, screen.title()),
            Style::Short => format!("{} {}", i + 1, screen.short_title()),
            Style::Numbers if active => format!("{} {}", i + 1, screen.short_title()),
            Style::Numbers => format!("{}", i + 1),
        };
        spans.push(Span::styled(text, look));
        spans.push(Span::raw(" "));
    }
    spans.insert(0, Span::raw(if style == Style::Full { "" } else { " " }));
    spans
}
