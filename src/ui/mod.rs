//! Drawing: one file per screen in `screens/`, shared widgets in `widgets/`. Drawing reads
//! `App` and never changes it.

mod changes;
mod columns;
mod grouped;
mod login;
mod screens;
pub mod widgets;

pub use screens::shown_body;

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
        _ => screens::draw(frame, body, app, theme),
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

/// A lookup screen with nothing to show yet: "Looking up…" while the lookup runs, else how
/// to start one.
fn nothing_shown(frame: &mut Frame, area: ratatui::layout::Rect, app: &App, theme: &Theme, how: &[Option<String>]) {
    let busy = [Some(Text::LookingUp.get(app.profile().language).to_owned())];
    empty_state(frame, area, theme, if app.is_busy_on(app.profile().screen) { &busy } else { how });
}

/// A list (or what a screen shows) that could not be read and has nothing to show: why
/// (`reason`, as `i18n::api_error` says it), and the key that tries
/// again, wrapped to the width, in the middle of the screen; `then` follows (how to look
/// one thing up instead, say). While it is asked again, "Looking up…".
fn list_failed(
    frame: &mut Frame,
    area: ratatui::layout::Rect,
    app: &App,
    theme: &Theme,
    reason: &str,
    then: &[Option<String>],
) {
    if app.is_busy_on(app.profile().screen) {
        return nothing_shown(frame, area, app, theme, &[]);
    }
    let retry = keyed(app, Text::ListFailedRetry, crate::config::keys::Action::Refresh);
    let room = usize::from(area.width.saturating_sub(4)).max(20);
    let options = textwrap::Options::new(room).word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut text: Vec<Line> = textwrap::wrap(reason, options)
        .into_iter()
        .map(|part| Line::styled(part.into_owned(), theme.warning).centered())
        .collect();
    text.push(Line::styled(retry, theme.dim).centered());
    text.extend(then.iter().map(|l| Line::styled(l.clone().unwrap_or_default(), theme.dim).centered()));
    let rect = widgets::popup::centered(area, area.width, text.len() as u16);
    frame.render_widget(Paragraph::new(text), rect);
}

/// A list on screen whose last reading failed: why, and the key that tries again, on the
/// bottom border of its box (the list stays, as it was last read).
fn list_failed_below(
    frame: &mut Frame,
    area: ratatui::layout::Rect,
    app: &App,
    theme: &Theme,
    failed: &crate::api::ApiError,
) {
    if area.height < 3 || area.width < 4 {
        return;
    }
    let key = app.key_label(crate::config::keys::Action::Refresh);
    let reason = crate::i18n::api_error(failed, app.profile().language);
    let text = Text::ListFailedBelow.fill(app.profile().language, &[("reason", &reason), ("key", &key)]);
    let room = usize::from(area.width - 4);
    let text = format!(" {} ", widgets::status_bar::truncate(&text, room));
    let line = ratatui::layout::Rect { x: area.x + 1, y: area.bottom() - 1, width: area.width - 2, height: 1 };
    frame.render_widget(Paragraph::new(Line::styled(text, theme.warning)), line);
}

/// A message in the middle of an empty screen (`None` lines are blank).
fn empty_state(frame: &mut Frame, area: ratatui::layout::Rect, theme: &Theme, lines: &[Option<String>]) {
    // A line longer than the screen wraps between words, never cut.
    let room = usize::from(area.width.saturating_sub(2)).max(1);
    let text: Vec<Line> = lines
        .iter()
        .map(|l| l.as_deref().unwrap_or_default())
        .flat_map(|l| match l.is_empty() {
            true => vec![String::new()],
            false => textwrap::wrap(l, room).into_iter().map(|part| part.into_owned()).collect(),
        })
        .map(|l| Line::styled(l, theme.dim).centered())
        .collect();
    let rect = widgets::popup::centered(area, area.width, text.len() as u16);
    frame.render_widget(Paragraph::new(text), rect);
}

/// `text` with `{key}` as the first key of `action` on the current screen.
fn keyed(app: &App, text: Text, action: crate::config::keys::Action) -> String {
    text.fill(app.profile().language, &[("key", &app.key_label(action))])
}

/// `text` in the current language.
fn said(app: &App, text: Text) -> Option<String> {
    Some(text.get(app.profile().language).to_owned())
}

/// How a date `days` away reads: red once past, amber within the warning window.
fn days_style(theme: &Theme, days: Option<i64>) -> ratatui::style::Style {
    match days {
        Some(d) if d < 0 => theme.expired,
        Some(d) if d <= crate::radar::SOON_DAYS => theme.warning,
        _ => theme.text,
    }
}

/// The scrollbar of a document in the bordered box `area`, `total` lines long, scrolled to
/// `offset` (as `Scroll::fit` gave it).
fn document_bar(frame: &mut Frame, area: ratatui::layout::Rect, theme: &Theme, offset: u16, total: usize) {
    let rows = usize::from(area.height.saturating_sub(2));
    let window = widgets::scrollbar::Window { offset: usize::from(offset), rows, total };
    widgets::scrollbar::bar(frame, area, 0, window, theme);
}

/// Clamps a scroll offset so the last line stays at the bottom of the view.
fn clamp_scroll(scroll: usize, lines: usize, height: u16) -> u16 {
    scroll.min(lines.saturating_sub(height as usize)).min(u16::MAX as usize) as u16
}
