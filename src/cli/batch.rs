//! Several changes of one kind in one command (`domain renew A B C`, `--expiring-within`,
//! `invoice pay --all-due`): without `--yes` the plan of what would be sent is printed and
//! nothing is; with it, the items are sent one at a time, each through the one change
//! protocol as a single change is (logged, sent once, an unclear answer settled by reading
//! again), a line for each as it ends (one JSON object a line with `--json`), the progress
//! on stderr when it is a terminal. The exit code is 0 only when every item was done.

use std::io::IsTerminal;

use super::exit_code;
use super::protocol::{Changed, Context, send_logged};
use crate::api::{Change, ChangeOutcome, Sent};
use crate::i18n::Text;

/// One item of a batch: what is sent, and its words.
pub struct Item {
    pub change: Change,
    /// The domain or the invoice in words, for the change log.
    pub subject: String,
    /// What it does, in a line: `renew phosaigon.vn (#5120) for 1 year`.
    pub what: String,
}

/// A batch being sent: the lines said, the worst exit code.
pub struct Batch<'a, 'c> {
    cx: &'a Context<'c>,
    total: usize,
    done: usize,
    text: String,
    code: u8,
}

impl<'a, 'c> Batch<'a, 'c> {
    pub fn new(cx: &'a Context<'c>, total: usize) -> Batch<'a, 'c> {
        Batch { cx, total, done: 0, text: String::new(), code: exit_code::SUCCESS }
    }

    /// Sends one item by the change protocol, says how it ended; whether it was done.
    pub async fn send(&mut self, item: &Item) -> bool {
        self.done += 1;
        if std::io::stderr().is_terminal() && !self.cx.json {
            eprintln!("{}/{} · {}", self.done, self.total, item.what);
        }
        let sent = send_logged(self.cx, &item.change, None, &item.subject).await;
        let outcome = ChangeOutcome::of(sent.sent, &sent.result);
        let done = outcome == ChangeOutcome::Done && !sent.done_without_sign();
        let code = match (&sent.result, outcome) {
            (Ok(_), _) if done => exit_code::SUCCESS,
            (Ok(_), _) => exit_code::NOT_AS_EXPECTED,
            (Err(e), _) => exit_code::for_error(e),
        };
        self.code = self.code.max(code);
        self.line(item, outcome, &sent);
        done
    }

    /// An item not sent, and why (the credit left does not cover it, say).
    pub fn skipped(&mut self, item: &Item, why: &str) {
        self.done += 1;
        self.code = self.code.max(exit_code::USAGE);
        if self.cx.json {
            let value = serde_json::json!({
                "what": item.what, "request": item.change.request().to_json(), "outcome": "not_sent", "sent": false,
                "error": why,
            });
            self.text += &format!("{value}\n");
        } else {
            let word = Text::StepNotSent.get(self.cx.language);
            self.text += &format!("{word}  {}: {why}\n", item.what);
        }
    }

    fn line(&mut self, item: &Item, outcome: ChangeOutcome, sent: &Sent) {
        let language = self.cx.language;
        if self.cx.json {
            let value = serde_json::json!({
                "what": item.what,
                "request": sent.request.to_json(),
                "outcome": outcome.name(),
                "sent": sent.sent,
                "answer": sent.result.as_ref().ok().map(|a| &a.answer),
                "error": sent.result.as_ref().err().map(ToString::to_string),
                "read_back": sent.verdict.as_ref().map(super::protocol::verdict_name),
            });
            self.text += &format!("{value}\n");
            return;
        }
        let word = match outcome {
            ChangeOutcome::Done => Text::StepApplied,
            ChangeOutcome::Refused => Text::StepRefused,
            ChangeOutcome::Failed => Text::StepFailed,
            ChangeOutcome::Unknown => Text::StepUnknown,
            ChangeOutcome::NotApplied => Text::StepNotApplied,
            ChangeOutcome::NeverSent => Text::StepNotSent,
        }
        .get(language);
        let mut line = format!("{word}  {}", item.what);
        match &sent.result {
            Err(e) => line += &format!(": {}", crate::i18n::api_error(e, language)),
            Ok(answer) => {
                if let Some(invoice) = answer.invoice() {
                    line += &format!(" — {}", Text::ChangeInvoice.fill(language, &[("invoice", &invoice)]));
                }
                if sent.done_without_sign() {
                    line += &format!(" — {}", super::protocol::no_sign(&item.change, language));
                }
            }
        }
        self.text += &line;
        self.text.push('\n');
    }

    /// What was said, and the exit code: 0 only when every item was done.
    pub fn finish(self) -> Changed {
        Changed { text: self.text, code: self.code }
    }
}
