//! What came of a change, classified once for every face: the dashboard's status line, the
//! commands' exit codes and `--json`, and the change log.

use crate::api::error::{ApiError, Result};
use crate::api::{ChangeAnswer, Lost};

/// How a change ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeOutcome {
    /// The portal answered that it is done.
    Done,
    /// The portal answered no (its error, a refused session, a status that is an answer).
    Refused,
    /// The request did not reach the portal (no connection made, a path that cannot be
    /// sent): nothing was applied.
    Failed,
    /// The request left, its answer was unclear (a 401, a 5xx, a time-out, a dropped
    /// connection, text that is no answer), and what was read again cannot tell whether it
    /// was applied. Never sent again.
    Unknown,
    /// The request left, its answer was unclear, and what was read again proves it is not
    /// there: nothing was applied.
    NotApplied,
    /// Never sent: refused before it went out (its record no longer as shown, the read
    /// before it failed). Only a change whose request left may be `Unknown`.
    NeverSent,
}

impl ChangeOutcome {
    /// The outcome of a change whose request left (`sent`) or not, from its result.
    pub fn of(sent: bool, result: &Result<ChangeAnswer>) -> ChangeOutcome {
        match result {
            Ok(_) => ChangeOutcome::Done,
            Err(_) if !sent => ChangeOutcome::NeverSent,
            Err(ApiError::NotApplied { .. }) => ChangeOutcome::NotApplied,
            Err(e) if e.may_have_applied() => ChangeOutcome::Unknown,
            Err(
                ApiError::Connection { lost: Lost::CouldNotConnect(_), .. }
                | ApiError::Refused { .. }
                | ApiError::Dns { .. }
                | ApiError::Tls { .. }
                | ApiError::InvalidInput { .. },
            ) => ChangeOutcome::Failed,
            Err(_) => ChangeOutcome::Refused,
        }
    }

    /// Whether it may be there now: what it touched is read again.
    pub fn may_have_landed(self) -> bool {
        matches!(self, ChangeOutcome::Done | ChangeOutcome::Unknown)
    }

    /// Its name in `--json` (`"outcome"`) and in the change log.
    pub fn name(self) -> &'static str {
        match self {
            ChangeOutcome::Done => "applied",
            ChangeOutcome::Refused => "refused",
            ChangeOutcome::Failed => "failed",
            ChangeOutcome::Unknown => "unknown",
            ChangeOutcome::NotApplied => "not_applied",
            ChangeOutcome::NeverSent => "not_sent",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Operation;

    #[test]
    fn only_a_change_that_left_may_be_unknown() {
        let op = Operation::DnsAdd;
        let timeout = || Err(ApiError::Timeout { op, after: std::time::Duration::from_secs(30) });
        assert_eq!(ChangeOutcome::of(true, &timeout()), ChangeOutcome::Unknown);
        assert_eq!(ChangeOutcome::of(false, &timeout()), ChangeOutcome::NeverSent);
        let portal = Err(ApiError::Portal { op, said: Vec::new() });
        assert_eq!(ChangeOutcome::of(true, &portal), ChangeOutcome::Refused);
        let invalid = Err(ApiError::InvalidInput { op, detail: "..".into() });
        assert_eq!(ChangeOutcome::of(true, &invalid), ChangeOutcome::Failed);
        assert!(!ChangeOutcome::NeverSent.may_have_landed() && ChangeOutcome::Unknown.may_have_landed());
    }
}
