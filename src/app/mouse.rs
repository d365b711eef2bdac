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

impl App {
    pub(super) fn on_mouse(&mut self, event: MouseEvent) -> Vec<Command> {
        if self.prompt.is_some() || self.profile().screen == Screen::Login {
            return self.unchanged();
        }
        match event.kind {
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let (step, action) =
                    if event.kind == MouseEventKind::ScrollUp { (-1, Action::Up) } else { (1, Action::Down) };
                match self.popup {
                    Some(Popup::Help) => self.help_scroll.by(step * WHEEL_LINES),
                    Some(_) => return self.unchanged(),
                    None => {
                        // Lists move their selection one row per notch; documents scroll a
                        // few lines.
                        let rows =
                            self.profile().screens.view(self.profile().screen).is_some_and(|v| v.wheel_moves_rows());
                        let lines = if rows { 1 } else { WHEEL_LINES };
                        (0..lines).for_each(|_| drop(self.screen_action(action)));
                    }
                }
                self.redraw = true;
                Vec::new()
            }
            MouseEventKind::Down(MouseButton::Left) if self.popup.is_none() && event.row == 0 => {
                match TopRow::of(self, self.size.0).tab_at(event.column) {
                    Some(screen) => {
                        self.profile_mut().screen = screen;
                        Vec::new()
                    }
                    None => self.unchanged(),
                }
            }
            MouseEventKind::Down(MouseButton::Left) if self.popup.is_none() => self.click(event.row),
            _ => self.unchanged(),
        }
    }

    fn click(&mut self, y: u16) -> Vec<Command> {
        let Some(line) = y.checked_sub(LIST_TOP).map(usize::from) else { return self.unchanged() };
        let visible = self.body_rows().saturating_sub(3);
        if line >= visible {
            return self.unchanged();
        }
        let screen = self.profile().screen;
        let mut click = Click::Nothing;
        if let Some(mut view) = self.profile_mut().screens.take(screen) {
            click = view.view().click(line, visible);
            self.profile_mut().screens.put(view);
        }
        match click {
            Click::Open => self.screen_action(Action::Open),
            Click::Selected => Vec::new(),
            Click::Nothing => self.unchanged(),
        }
    }
}
