//! Drawing: one file per screen in `screens/`, shared widgets in `widgets/`. Drawing reads
//! `App` and never changes it.

mod changes;
mod login;
pub mod widgets;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::app::{App, Popup, Screen};
use crate::config::theme::Theme;
use crate::i18n::Text;

/// Below this the layout cannot show a screen sensibly.
pub const MIN_SIZE: (u16, u16) = (60, 16);

pub fn draw(frame: &mut Frame, app: &App, theme: &Theme) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let have = format!("{}×{}", area.width, area.height);
        let need = format!("{}×{}", MIN_SIZE.0, MIN_SIZE.1);
        let text = Text::TooSmall.fill(app.profile().language, &[("have", &have), ("need", &need)]);
        frame.render_widget(Paragraph::new(Line::styled(text, theme.warning)).wrap(Default::default()), area);
        return;
    }
    let [top, body, hints, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(app.status_rows()),
    ])
    .areas(area);
    widgets::top_bar::draw(frame, top, app, theme);
    match app.profile().screen {
        Screen::Login => login::draw(frame, body, app, theme),
        screen => {
            if let Some(view) = app.profile().screens.view(screen) {
                view.draw(frame, body, &app.paint(theme), &app.around());
            }
        }
    }
    widgets::reading_again::draw(frame, body, app, theme);
    match &app.shell.prompt {
        Some(prompt) => widgets::prompt::draw(frame, hints, app, prompt, theme),
        // A dialog names its own keys; the screen's would not work while it is open.
        None if app.profile().screen != Screen::Login && !app.dialog_open() => {
            widgets::status_bar::hints(frame, hints, app, theme)
        }
        None => {}
    }
    widgets::status_bar::draw(frame, status, app, theme);
    if let Some(prompt) = &app.shell.prompt {
        widgets::prompt::draw_error_below(frame, status, app, prompt, theme);
    }
    match (app.shell.popup, app.last_message()) {
        (Some(Popup::Help), _) => widgets::help::draw(frame, area, app, theme),
        (Some(Popup::Error), Some((message, said))) => widgets::popup::message(frame, area, app, theme, &message, said),
        (Some(Popup::Profiles), _) => widgets::profiles::draw(frame, area, app, theme),
        _ => {}
    }
    changes::draw(frame, body, app, theme);
}
