//! The mouse, when `--mouse` turns it on: the wheel scrolls whatever the keys scroll, a
//! click on a tab opens it, and a click selects the row under it in a grouped list and on
//! the radar (a click on the row already selected opens it). Everything else stays on the
//! keyboard.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::top_row::TopRow;
use super::{App, Command, GroupedList, Popup, Profile, Row, Screen};
use crate::config::keys::Action;

/// Rows above a list's first line: the tab row, the box's top border, the column header.
const LIST_TOP: u16 = 3;
/// Lines one wheel notch moves.
const WHEEL_LINES: isize = 3;

/// What a click on a list's row comes to.
#[derive(Debug, PartialEq, Eq)]
enum Click {
    /// The selected entry was clicked again: it opens.
    Open,
    Selected,
    /// A header, or below the last row.
    Nothing,
}

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
                        let lines = if moves_by_rows(self.profile()) { 1 } else { WHEEL_LINES };
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
        let profile = self.profile_mut();
        let click = if profile.screen == Screen::Radar {
            let radar = &mut profile.screens.radar;
            click_window(&mut radar.selected, radar.items.len(), visible, line)
        } else {
            shown_list(profile).map_or(Click::Nothing, |list| click_grouped(list, line))
        };
        match click {
            Click::Open => self.screen_action(Action::Open),
            Click::Selected => Vec::new(),
            Click::Nothing => self.unchanged(),
        }
    }
}

/// The grouped list the screen shows, if it shows one (an open detail covers its list).
/// The screens are named here because a screen does not yet say which list it shows.
fn shown_list(profile: &mut Profile) -> Option<&mut GroupedList> {
    let screens = &mut profile.screens;
    match profile.screen {
        Screen::Domains if screens.domains.detail.is_none() => Some(&mut screens.domains.list),
        Screen::Services if screens.services.detail.is_none() => Some(&mut screens.services.list),
        Screen::Invoices if screens.invoices.detail.is_none() => Some(&mut screens.invoices.list),
        _ => None,
    }
}

/// Whether a wheel notch moves the selection a row rather than scrolling a few lines.
fn moves_by_rows(profile: &Profile) -> bool {
    match profile.screen {
        Screen::Radar | Screen::Upgrades => true,
        Screen::Domains => profile.screens.domains.detail.is_none(),
        _ => false,
    }
}

/// A click on `line` of a grouped list's visible rows.
fn click_grouped(list: &mut GroupedList, line: usize) -> Click {
    let row = list.offset + line;
    if row == list.selected && matches!(list.rows.get(row), Some(Row::Record(_))) {
        Click::Open
    } else if list.click(row) {
        Click::Selected
    } else {
        Click::Nothing
    }
}

/// A click on `line` of a list of `len` entries shown `visible` at a time, scrolled just
/// enough to show the selected one (the same window the radar draws).
fn click_window(selected: &mut usize, len: usize, visible: usize, line: usize) -> Click {
    let item = selected.saturating_sub(visible.saturating_sub(1)) + line;
    if item >= len {
        Click::Nothing
    } else if item == *selected {
        Click::Open
    } else {
        *selected = item;
        Click::Selected
    }
}
