//! What the unpaid invoices bill. The invoice list has no items (`GET /invoice`), so an
//! unpaid invoice that may bill a registration's renewal is read whole (`GET /invoice/@id`)
//! before a renewal is planned or sent (`crate::plan::Billing` reads its items). Only those
//! of the last `BILLING_DAYS` can: a renewal is invoiced before the expiry, and a
//! registration whose renewal invoice is older than that and still unpaid is no longer
//! active. They are read newest first, a few at a time.

use futures::StreamExt;
use time::Date;

use super::client::PortalClient;
use super::error::Result;
use super::models::{Invoice, Standing, parse_date};

/// How far back an unpaid invoice can bill the renewal of a registration still active.
pub const BILLING_DAYS: i64 = 180;

/// Invoices read whole at once.
const AT_ONCE: usize = 8;

/// The invoices, those that may bill a renewal read whole, and how many of those were left
/// as listed (beyond the number asked for, or whose detail failed).
#[derive(Debug, Default)]
pub struct WithItems {
    pub invoices: Vec<Invoice>,
    pub unread: usize,
}

/// The id of `invoice` when it may bill a renewal on `today`: unpaid, dated within
/// `BILLING_DAYS` (or undated).
pub fn may_bill(invoice: &Invoice, today: Date) -> Option<u64> {
    let unpaid = invoice.unreadable.is_none() && invoice.standing() == Standing::Unpaid;
    let recent = parse_date(&invoice.date).is_none_or(|d| (today - d).whole_days() <= BILLING_DAYS);
    invoice.id.trim().parse().ok().filter(|_| unpaid && recent)
}

impl PortalClient {
    /// The invoices, the newest `at_most` of those that may bill a renewal read whole.
    pub async fn invoices_with_items(&self, today: Date, at_most: usize) -> Result<WithItems> {
        let mut invoices = self.invoices().await?;
        let mut asked: Vec<(usize, u64)> =
            invoices.iter().enumerate().filter_map(|(at, i)| Some((at, may_bill(i, today)?))).collect();
        asked.sort_by_key(|&(at, _)| std::cmp::Reverse(parse_date(&invoices[at].date)));
        let mut unread = asked.len().saturating_sub(at_most);
        asked.truncate(at_most);
        let read = |(at, id): (usize, u64)| async move { (at, self.invoice(id).await) };
        let mut answers = futures::stream::iter(asked).map(read).buffer_unordered(AT_ONCE);
        while let Some((at, answer)) = answers.next().await {
            match answer {
                Ok(mut whole) if whole.unreadable.is_none() => {
                    whole.status = std::mem::take(&mut invoices[at].status);
                    invoices[at] = whole;
                }
                _ => unread += 1,
            }
        }
        Ok(WithItems { invoices, unread })
    }
}
