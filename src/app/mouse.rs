//! The mouse, when `--mouse` turns it on: the wheel scrolls whatever the keys scroll, a
//! click on a tab opens it, and a click selects the row under it in the list a screen
//! shows (a click on the row already selected opens it; see `View::click`). Everything
//! else stays on the keyboard.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::screens::Click;
use super::top_row::TopRow;
use super::{App, Command, Popup, Screen};
use crate::config::keys::Action;

/// Rows above a list's first line: the tab row, the box's top border, the column header.
const LIST_TOP: u16 = 3;
/// Lines one wheel notch moves.
const WHEEL_LINES: isize = 3;

pub(super) fn on_mouse(app: &mut App, event: MouseEvent) -> Vec<Command> {
    if app.shell.prompt.is_some() || app.profile().screen == Screen::Login {
        return app.shell.unchanged();
    }
    match event.kind {
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
            let (step, action) =
                if event.kind == MouseEventKind::ScrollUp { (-1, Action::Up) } else { (1, Action::Down) };
            match app.shell.popup {
                Some(Popup::Help) => app.shell.help_scroll.by(step * WHEEL_LINES),
                Some(_) => return app.shell.unchanged(),
                None => {
                    // Lists move their selection one row per notch; documents scroll a
                    // few lines.
                    let rows = app.profile().screens.view(app.profile().screen).is_some_and(|v| v.wheel_moves_rows());
                    let lines = if rows { 1 } else { WHEEL_LINES };
                    (0..lines).for_each(|_| drop(app.screen_action(action)));
                }
            }
            app.shell.redraw = true;
            Vec::new()
        }
        MouseEventKind::Down(MouseButton::Left) if app.shell.popup.is_none() && event.row == 0 => {
            match TopRow::of(app, app.shell.size.0).tab_at(event.column) {
                Some(screen) => {
                    app.profile_mut().screen = screen;
                    Vec::new()
                }
                None => app.shell.unchanged(),
            }
        }
        MouseEventKind::Down(MouseButton::Left) if app.shell.popup.is_none() => click(app, event.row),
        _ => app.shell.unchanged(),
    }
}

fn click(app: &mut App, y: u16) -> Vec<Command> {
    let Some(line) = y.checked_sub(LIST_TOP).map(usize::from) else { return app.shell.unchanged() };
    let visible = app.body_rows().saturating_sub(3);
    if line >= visible {
        return app.shell.unchanged();
    }
    let screen = app.profile().screen;
    let mut click = Click::Nothing;
    if let Some(mut view) = app.profile_mut().screens.take(screen) {
        click = view.view().click(line, visible);
        app.profile_mut().screens.put(view);
    }
    match click {
        Click::Open => app.screen_action(Action::Open),
        Click::Selected => Vec::new(),
        Click::Nothing => app.shell.unchanged(),
    }
}
