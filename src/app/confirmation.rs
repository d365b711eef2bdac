//! A change as its confirmation names it before it is sent, and what keeps the
//! confirmation honest: it takes no key for a moment after it opens (the loop drops the
//! keys already waiting then, and says when the moment has passed). The screen that put it
//! up checks it against what it reads again while it is open. A change on its way is
//! `Sent`.

use super::screens::Req;
use crate::api::Change;
use crate::i18n::Text;
pub use crate::i18n::preview::Promise;

/// A change in flight: the screen's request its answer goes to, the change in a few words
/// for the status line, and what to read again after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sent {
    pub req: Req,
    pub words: String,
    pub read_again: Option<crate::api::Query>,
    /// What else the change makes stale (`Change::makes_stale`), read again once it may
    /// have landed.
    pub stale: Vec<crate::api::Query>,
    /// What its confirmation promised of the figures read after it.
    pub promise: Option<Promise>,
    /// Where the change was logged, and the request as the log names it: the read-back's
    /// line goes beside its two.
    pub logged: Option<(super::ChangeLog, String)>,
}

/// A change as the dialog names it, before it is sent.
#[derive(Clone, Debug)]
pub struct Confirmation {
    pub change: Change,
    pub title: Text,
    /// What is changed, as (label, value) rows; an empty label continues the row above.
    pub rows: Vec<(String, String)>,
    /// The screen's request the answer goes to.
    pub req: Req,
    /// Just put up: it takes no key until the loop says the keys that were waiting are gone
    /// and a moment passed (`Msg::Settled`), so that no key meant for the screen answers it.
    pub settling: bool,
    /// For a DNS change, the record as shown: checked again just before sending, and
    /// against the records when they are read again while this is open.
    pub shown: Option<crate::api::Shown>,
    /// The domain or the service in words, for the change log.
    pub subject: String,
    /// What it promises of the figures read after it (a payment's credit after, a
    /// renewal's expiry), said when they differ.
    pub promise: Option<Promise>,
    /// A batch, confirmed once: the changes sent one at a time when it is (its own
    /// `change` is the first of them, named for the checks a change gets before it opens).
    pub batch: Vec<Queued>,
}

/// A change of a batch, confirmed with the others, waiting its turn.
#[derive(Clone, Debug)]
pub struct Queued {
    pub confirmation: Confirmation,
    /// What it is made to, for the status line (`phosaigon.vn`).
    pub name: String,
}

/// A batch confirmed: the changes not sent yet, and how those sent came out.
#[derive(Debug, Default)]
pub struct Batch {
    pub(super) queue: std::collections::VecDeque<Queued>,
    pub(super) total: usize,
    /// The name of the change in flight.
    pub(super) current: Option<String>,
    pub(super) done: usize,
    /// Those not done, each with why in a few words.
    pub(super) not_done: Vec<String>,
    /// How many were left unsent by Esc.
    pub(super) stopped: usize,
}

impl Confirmation {
    /// A change put up by a screen, for `req`'s answer; `subject` names what it changes in
    /// the change log.
    pub fn new(change: Change, title: Text, rows: Vec<(String, String)>, req: Req, subject: String) -> Confirmation {
        Confirmation {
            change,
            title,
            rows,
            req,
            settling: true,
            shown: None,
            subject,
            promise: None,
            batch: Vec::new(),
        }
    }
}

/// A change applied whose confirmation promised figures, until they are read and compared.
#[derive(Debug)]
pub(super) struct Promised {
    pub(super) promise: Promise,
    pub(super) words: String,
    pub(super) logged: Option<(super::ChangeLog, String)>,
}

/// How many of those left out a confirmation names one by one; the rest are counted.
const NOT_SENT_NAMED: usize = 5;

/// The rows of a confirmation naming the marked it leaves out (`name`, why in words), each
/// as "Not sent — why": the first few one by one, the rest in one row counted, so that `*`
/// on a large list does not bury the sums under them.
pub fn not_sent_rows(left_out: Vec<(String, String)>, language: crate::api::Language) -> Vec<(String, String)> {
    let more = left_out.len().saturating_sub(NOT_SENT_NAMED);
    let label = Text::LabelNotSent.get(language);
    let mut rows: Vec<(String, String)> =
        left_out.into_iter().take(NOT_SENT_NAMED).map(|(name, why)| (name, format!("{label} — {why}"))).collect();
    if more > 0 {
        rows.push((label.to_owned(), Text::NotSentMore.fill(language, &[("count", &more)])));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Language;

    #[test]
    fn those_left_out_are_named_five_then_counted() {
        let left_out = |n: usize| (0..n).map(|i| (format!("d{i}.vn"), "paid already".to_owned())).collect::<Vec<_>>();
        let rows = not_sent_rows(left_out(5), Language::English);
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0], ("d0.vn".to_owned(), "Not sent — paid already".to_owned()));
        let rows = not_sent_rows(left_out(7), Language::Vietnamese);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[5], ("Không gửi".to_owned(), "thêm 2 mục đã đánh dấu, bị bỏ ra như các mục trên".to_owned()));
        assert!(not_sent_rows(Vec::new(), Language::English).is_empty());
    }
}
