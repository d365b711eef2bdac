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
    let mut spans = Vec::new();
    if app.screen == Screen::Login {
        spans.push(Span::styled(" portal-tui — sign in ", theme.title));
    } else {
        for (i, screen) in Screen::TABS.iter().enumerate() {
            let style = if *screen == app.screen { theme.tab_active } else { theme.text };
            spans.push(Span::styled(format!(" {} {} ", i + 1, screen.title()), style));
            spans.push(Span::raw(" "));
        }
    }
    let badge = app.session.as_ref().map(|s| (format!(" {} · {} ", s.host, s.role.label()), theme.badge(s.role)));
    if let Some((text, style)) = badge {
        let used: usize = spans.iter().map(|s| s.content.width()).sum();
        let room = (area.width as usize).saturating_sub(used);
        if room > text.width() {
            spans.push(Span::raw(" ".repeat(room - text.width())));
            spans.push(Span::styled(text, style));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
