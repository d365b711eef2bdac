//! Whether a change sent again only when it did not land ([`super::Resend::WhenNotLanded`])
//! is there, from the object read just before it was sent and again after: a renewal moved
//! the expiry date, a payment paid the invoice or lowered what is due, a cancellation is
//! recorded or the service ended. `None` when the reads cannot tell. Each change's row
//! names its judge (`landed`).

use crate::api::reads::Data;

/// Whether a renewal is there: the expiry date moved (`None` when either read has none).
pub(super) fn expiry_moved(before: &Data, after: &Data) -> Option<bool> {
    let (Data::DomainDetails(before), Data::DomainDetails(after)) = (before, after) else { return None };
    let (was, now) = (before.expires.trim(), after.expires.trim());
    (!was.is_empty() && !now.is_empty()).then(|| was != now)
}

/// Whether a payment is there: the invoice is paid now, or what is due or its standing
/// moved (`None` when what is due cannot be read).
pub(super) fn paid(before: &Data, after: &Data) -> Option<bool> {
    let (Data::Invoice(before), Data::Invoice(after)) = (before, after) else { return None };
    if after.is_paid() && !before.is_paid() {
        return Some(true);
    }
    match (before.still_due(), after.still_due()) {
        (Some(was), Some(now)) => Some(was != now || before.standing() != after.standing()),
        _ => None,
    }
}

/// Whether a cancellation is there: the service ended, or a cancellation is recorded.
pub(super) fn cancelled(before: &Data, after: &Data) -> Option<bool> {
    let (Data::Service(before), Data::Service(after)) = (before, after) else { return None };
    let ended = after.has_ended() && !before.has_ended();
    let requested = after.cancellation.is_some() && before.cancellation.is_none();
    Some(ended || requested)
}
