//! The mouse, when `--mouse` turns it on: the wheel scrolls whatever the keys scroll, a
//! click on a tab opens it, and a click selects the row under it in the list a screen
//! shows (a click on the row already selected opens it; see `View::click`). Everything
//! else stays on the keyboard.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use crate::app::screens::Click;
use crate::app::top_row::TopRow;
use crate::app::{Command, Popup, Profile, Screen, Shell};
use crate::config::keys::Action;

/// Rows above a list's first line: the tab row, the box's top border, the column header.
const LIST_TOP: u16 = 3;
/// Lines one wheel notch moves.
const WHEEL_LINES: isize = 3;

impl Profile {
    pub(in crate::app) fn on_mouse(&mut self, shell: &mut Shell, profiles: usize, event: MouseEvent) -> Vec<Command> {
        if shell.prompt.is_some() || self.screen == Screen::Login {
            return shell.unchanged();
        }
        match event.kind {
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let (step, action) =
                    if event.kind == MouseEventKind::ScrollUp { (-1, Action::Up) } else { (1, Action::Down) };
                match shell.popup {
                    Some(Popup::Help) => shell.help_scroll.by(step * WHEEL_LINES),
                    Some(_) => return shell.unchanged(),
                    None => {
                        // Lists move their selection one row per notch; documents scroll a
                        // few lines.
                        let rows = self.screens.view(self.screen).is_some_and(|v| v.wheel_moves_rows());
                        let lines = if rows { 1 } else { WHEEL_LINES };
                        (0..lines).for_each(|_| drop(self.screen_action(shell, action)));
                    }
                }
                shell.redraw = true;
                Vec::new()
            }
            MouseEventKind::Down(MouseButton::Left) if shell.popup.is_none() && event.row == 0 => {
                match TopRow::of(self, profiles, shell.size.0).tab_at(event.column) {
                    Some(screen) => {
                        self.screen = screen;
                        Vec::new()
                    }
                    None => shell.unchanged(),
                }
            }
            MouseEventKind::Down(MouseButton::Left) if shell.popup.is_none() => self.click(shell, event.row),
            _ => shell.unchanged(),
        }
    }

    fn click(&mut self, shell: &mut Shell, y: u16) -> Vec<Command> {
        let Some(line) = y.checked_sub(LIST_TOP).map(usize::from) else { return shell.unchanged() };
        let visible = shell.body_rows(self).saturating_sub(3);
        if line >= visible {
            return shell.unchanged();
        }
        let screen = self.screen;
        let mut click = Click::Nothing;
        if let Some(mut view) = self.screens.take(screen) {
            click = view.view().click(line, visible);
            self.screens.put(view);
        }
        match click {
            Click::Open => self.screen_action(shell, Action::Open),
            Click::Selected => Vec::new(),
            Click::Nothing => shell.unchanged(),
        }
    }
}
