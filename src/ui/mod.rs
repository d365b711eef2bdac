//! The frame around the screen (top row, hints, status line, popups, prompt, the login
//! form, a change's dialogs), drawn from a [`FrameView`] and never the `App`; the screen
//! shown draws itself (its folder's `draw.rs`, through `AnyView::draw`), naming none here.

mod changes;
mod login;
pub mod widgets;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::app::{FrameView, Popup, Screen};
use crate::config::theme::Theme;
use crate::i18n::Text;

/// Below this the layout cannot show a screen sensibly.
pub const MIN_SIZE: (u16, u16) = (60, 16);

pub fn draw(frame: &mut Frame, view: &FrameView, theme: &Theme) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let have = format!("{}×{}", area.width, area.height);
        let need = format!("{}×{}", MIN_SIZE.0, MIN_SIZE.1);
        let text = Text::TooSmall.fill(view.language, &[("have", &have), ("need", &need)]);
        frame.render_widget(Paragraph::new(Line::styled(text, theme.warning)).wrap(Default::default()), area);
        return;
    }
    let [top, body, hints, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(view.status_rows),
    ])
    .areas(area);
    widgets::top_bar::draw(frame, top, view, theme);
    match view.screen {
        Screen::Login => login::draw(frame, body, view, theme),
        _ => {
            if let Some(shown) = view.shown {
                shown.draw(frame, body, &view.paint(theme), &view.around);
            }
        }
    }
    widgets::reading_again::draw(frame, body, view, theme);
    match view.prompt {
        Some(prompt) => widgets::prompt::draw(frame, hints, view, prompt, theme),
        // A dialog names its own keys; the screen's would not work while it is open.
        None if view.screen != Screen::Login && !view.dialog_open => {
            widgets::status_bar::hints(frame, hints, view, theme)
        }
        None => {}
    }
    widgets::status_bar::draw(frame, status, view, theme);
    if let Some(prompt) = view.prompt {
        widgets::prompt::draw_error_below(frame, status, view, prompt, theme);
    }
    match (view.popup, &view.last_message) {
        (Some(Popup::Help), _) => widgets::help::draw(frame, area, view, theme),
        (Some(Popup::Error), Some((message, said))) => {
            widgets::popup::message(frame, area, view, theme, message, *said)
        }
        (Some(Popup::Profiles), _) => widgets::profiles::draw(frame, area, view, theme),
        _ => {}
    }
    changes::draw(frame, body, view, theme);
}
