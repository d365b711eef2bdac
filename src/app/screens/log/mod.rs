//! The request log's screen: the entries, newest first, and one entry's answer body.

pub(super) mod draw;
mod texts;

pub use draw::shown_body;

use super::{Cx, Peek, Request, View};
use crate::api::{ApiError, Data};
use crate::app::scroll;
use crate::config::keys::Action;

/// The log itself is the run's, not a profile's: it is in [`Cx::log`].
#[derive(Clone, Debug, Default)]
pub struct LogView;

/// The log asks the portal for nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {}

impl Request for Req {}

/// The screen's state, as the screen table names it.
pub type State = LogView;

impl View for LogView {
    type Req = Req;
    type Visit = std::convert::Infallible;

    fn shows_exchanges(&self) -> bool {
        true
    }

    fn action(&mut self, action: Action, cx: &mut Cx) {
        let page = cx.page;
        let log = &mut *cx.log;
        let len = log.entries.len();
        match action {
            Action::Back if log.open.take().is_some() => {}
            Action::Back => cx.back(false),
            other if log.open.is_some() && log.body_scroll.apply(other, page) => {}
            _ if log.open.is_some() => cx.unchanged(),
            Action::Up => log.selected = scroll::step(log.selected, -1, len),
            Action::Down => log.selected = scroll::step(log.selected, 1, len),
            Action::PageUp => log.selected = scroll::step(log.selected, -page, len),
            Action::PageDown => log.selected = scroll::step(log.selected, page, len),
            Action::Home => log.selected = 0,
            Action::End => log.selected = len.saturating_sub(1),
            Action::Open if log.selected < len => {
                log.open = Some(log.selected);
                log.body_scroll.to_start();
            }
            _ => cx.unchanged(),
        }
        // Back at the newest entry, nothing above it is new any more.
        if cx.log.selected == 0 && cx.log.open.is_none() {
            cx.log.newer = 0;
        }
    }

    fn answer(&mut self, req: Req, _: Result<Data, ApiError>, _: &mut Cx) {
        match req {}
    }

    fn hints(&self, peek: &Peek) -> Vec<Action> {
        if peek.log.open.is_some() { vec![Action::Back] } else { vec![Action::Open, Action::NextScreen] }
    }

    fn has_data(&self, peek: &Peek) -> bool {
        !peek.log.entries.is_empty()
    }
}
