//! The top row: screen tabs on the left, the active profile, portal and role on the right,
//! in a colour per role so nobody acts in the wrong portal. What goes where is
//! [`TopRow`](crate::app::top_row::TopRow)'s, which a mouse click on a tab is matched against too.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::app::{FrameView, Screen};
use crate::config::theme::Theme;
use crate::i18n::Text;

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    let lang = view.language;
    let row = view.top_row(area.width);
    let mut spans = Vec::new();
    if view.screen == Screen::Login {
        spans.push(Span::styled(format!(" {} ", Text::SignInTitle.get(lang)), theme.title));
        if view.profile_count > 1 {
            let named = Text::ProfileNamed.fill(lang, &[("name", &view.profile_name)]);
            spans.push(Span::styled(format!("· {named} "), theme.dim));
        }
    } else {
        spans.push(Span::raw(row.lead));
        for (screen, text) in row.tabs {
            let look = if screen == view.screen { theme.tab_active } else { theme.text };
            spans.push(Span::styled(text, look));
            spans.push(Span::raw(" "));
        }
    }
    if let (Some(text), Some(session)) = (row.badge, view.session) {
        let room = (area.width as usize).saturating_sub(spans.iter().map(|s| s.content.width()).sum());
        if room > text.width() {
            spans.push(Span::raw(" ".repeat(room - text.width())));
            spans.push(Span::styled(text, theme.badge(session.role)));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
