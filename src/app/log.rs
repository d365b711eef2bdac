//! The request log: every HTTP exchange of this run and every message the status line
//! showed, newest first, the last [`KEPT`] of them. An admin on SSH sees why a portal
//! misbehaves without a second terminal. `--log-file` is separate and unchanged.

use std::collections::VecDeque;
use std::time::SystemTime;

use std::collections::HashMap;

use super::{RequestId, Scroll};
use crate::api::http::exchanges::Exchange;

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
        said: Said,
    },
}

/// What a message of the status line is, and the mark it carries there and in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// Something done: a change applied, a file saved, a copy made.
    Done,
    /// Anything else to know: what is under way, a retry, why nothing was sent.
    Info,
    /// Something that failed.
    Failed,
}

impl Said {
    /// `✓`, `ℹ` or `✗`: each a single column, drawn in any terminal's own font.
    pub fn mark(self) -> &'static str {
        match self {
            Said::Done => "✓",
            Said::Info => "ℹ",
            Said::Failed => "✗",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct RequestLog {
    /// Newest first.
    pub entries: VecDeque<LogEntry>,
    pub selected: usize,
    /// The entry whose answer body is open.
    pub open: Option<usize>,
    pub body_scroll: Scroll,
    /// Tries so far per request and call, for the retry column.
    attempts: HashMap<(RequestId, String), u32>,
    /// Entries that arrived above the selection since it left the newest one: the screen
    /// says how many are newer than what is shown.
    pub newer: usize,
}

impl RequestLog {
    pub fn push(&mut self, entry: LogEntry) {
        self.entries.push_front(entry);
        self.entries.truncate(KEPT);
        // What was selected stays selected as new entries arrive on top.
        if self.selected > 0 || self.open.is_some() {
            self.selected = (self.selected + 1).min(self.entries.len().saturating_sub(1));
            self.newer += 1;
        }
        self.open = self.open.map(|i| i + 1).filter(|i| *i < self.entries.len());
    }
}

impl RequestLog {
    /// The newest entry selected, as the log opens.
    pub fn to_newest(&mut self) {
        self.selected = 0;
        self.newer = 0;
    }

    /// An exchange a request of `owner`'s made; the same call again is a retry.
    pub(super) fn exchange(&mut self, id: RequestId, owner: String, exchange: Exchange) {
        let call = format!("{} {}", exchange.method, exchange.path);
        let attempt = self.attempts.entry((id, call)).or_insert(0);
        *attempt += 1;
        let attempt = *attempt;
        self.push(LogEntry::Request { at: SystemTime::now(), profile: owner, exchange, attempt });
    }

    /// A request settled: its tries are no longer counted.
    pub(super) fn settled(&mut self, id: RequestId) {
        self.attempts.retain(|(request, _), _| *request != id);
    }

    /// The status line's new messages, if `now` differs from `then` (info, error); `done`
    /// says the info is something done.
    pub(super) fn messages(&mut self, profile: &str, now: [Option<String>; 2], then: [Option<String>; 2], done: bool) {
        let info = if done { Said::Done } else { Said::Info };
        for ((now, then), said) in now.into_iter().zip(then).zip([info, Said::Failed]) {
            if let Some(text) = now.filter(|t| Some(t) != then.as_ref()) {
                self.push(LogEntry::Message { at: SystemTime::now(), profile: profile.to_owned(), text, said });
            }
        }
    }
}
