//! The mouse, when `--mouse` turns it on: the wheel scrolls whatever the keys scroll, and a
//! click selects the row under it in the domain list and on the radar (a click on the row
//! already selected opens it). Everything else stays on the keyboard.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::top_row::TopRow;
use super::{App, Command, Popup, Row, Screen};
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
                // Lists move their selection one row per notch; documents scroll a few lines.
                let list = matches!(self.profile().screen, Screen::Radar | Screen::Upgrades)
                    || (self.profile().screen == Screen::Domains && self.profile().screens.domains.detail.is_none());
                match self.popup {
                    Some(Popup::Help) => self.help_scroll.by(step * WHEEL_LINES),
                    Some(_) => return self.unchanged(),
                    None => {
                        let lines = if list { 1 } else { WHEEL_LINES };
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
        match self.profile().screen {
            Screen::Domains | Screen::Services | Screen::Invoices => {
                let p = self.profile_mut();
                let list = match p.screen {
                    Screen::Domains if p.screens.domains.detail.is_none() => &mut p.screens.domains.list,
                    Screen::Services if p.screens.services.detail.is_none() => &mut p.screens.services.list,
                    Screen::Invoices if p.screens.invoices.detail.is_none() => &mut p.screens.invoices.list,
                    _ => return self.unchanged(),
                };
                let row = list.offset + line;
                if row == list.selected && matches!(list.rows.get(row), Some(Row::Record(_))) {
                    return self.screen_action(Action::Open);
                }
                if !list.click(row) {
                    return self.unchanged();
                }
            }
            Screen::Radar => {
                // The same offset the radar draws with.
                let offset = self.profile().screens.radar.selected.saturating_sub(visible.saturating_sub(1));
                let item = offset + line;
                if item >= self.profile().screens.radar.items.len() {
                    return self.unchanged();
                }
                if item == self.profile().screens.radar.selected {
                    return self.screen_action(Action::Open);
                } else {
                    self.profile_mut().screens.radar.selected = item;
                }
            }
            _ => return self.unchanged(),
        }
        Vec::new()
    }
}
