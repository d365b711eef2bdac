//! The request log: every HTTP exchange of this run and every message the status line
//! showed, newest first, the last [`KEPT`] of them. An admin on SSH sees why a portal
//! misbehaves without a second terminal. `--log-file` is separate and unchanged.

use std::collections::VecDeque;
use std::time::SystemTime;

use super::{App, Command, Scroll};
use crate::api::exchanges::Exchange;
use crate::config::keys::Action;

/// Entries kept in memory.
pub const KEPT: usize = 500;

#[derive(Clone, Debug)]
pub enum LogEntry {
    Request {
        at: SystemTime,
        profile: String,
        exchange: Exchange,
        /// 1 for the first try, 2 and on for retries.
        attempt: u32,
    },
    Message {
        at: SystemTime,
        profile: String,
        text: String,
        error: bool,
    },
}

#[derive(Clone, Debug, Default)]
pub struct RequestLog {
    /// Newest first.
    pub entries: VecDeque<LogEntry>,
    pub selected: usize,
    /// The entry whose answer body is open.
    pub open: Option<usize>,
    pub body_scroll: Scroll,
}

impl RequestLog {
    pub fn push(&mut self, entry: LogEntry) {
        self.entries.push_front(entry);
        self.entries.truncate(KEPT);
        // What was selected stays selected as new entries arrive on top.
        if self.selected > 0 || self.open.is_some() {
            self.selected = (self.selected + 1).min(self.entries.len().saturating_sub(1));
        }
        self.open = self.open.map(|i| i + 1).filter(|i| *i < self.entries.len());
    }
}

impl App {
    pub(super) fn log_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        let log = &mut self.log;
        let len = log.entries.len();
        match action {
            Action::Back if log.open.take().is_some() => {}
            Action::Back => return self.back(|_| false),
            other if log.open.is_some() && log.body_scroll.apply(other, page) => {}
            _ if log.open.is_some() => return self.unchanged(),
            Action::Up => log.selected = super::scroll::step(log.selected, -1, len),
            Action::Down => log.selected = super::scroll::step(log.selected, 1, len),
            Action::PageUp => log.selected = super::scroll::step(log.selected, -page, len),
            Action::PageDown => log.selected = super::scroll::step(log.selected, page, len),
            Action::Home => log.selected = 0,
            Action::End => log.selected = len.saturating_sub(1),
            Action::Open if log.selected < len => {
                log.open = Some(log.selected);
                log.body_scroll.to_start();
            }
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    /// An exchange a request of `owner`'s made; the same call again is a retry.
    pub(super) fn log_exchange(&mut self, id: super::RequestId, owner: String, exchange: Exchange) {
        let call = format!("{} {}", exchange.method, exchange.path);
        let attempt = self.attempts.entry((id, call)).or_insert(0);
        *attempt += 1;
        let attempt = *attempt;
        self.log.push(LogEntry::Request { at: SystemTime::now(), profile: owner, exchange, attempt });
    }

    /// The status line's new message, if the last update changed it.
    pub(super) fn log_messages(&mut self, before: (Option<String>, Option<String>)) {
        let profile = self.profile_name().to_owned();
        let (info, error) = (self.profile.info.clone(), self.profile.error.clone());
        for (now, then, is_error) in [(info, before.0, false), (error, before.1, true)] {
            if let Some(text) = now.filter(|t| Some(t) != then.as_ref()) {
                self.log.push(LogEntry::Message {
                    at: SystemTime::now(),
                    profile: profile.clone(),
                    text,
                    error: is_error,
                });
            }
        }
    }
}
