//! Several changes that spend the account's credit, planned before any is sent, for both
//! faces (`domain renew A B`, `invoice pay --all-due`, and the dashboard's marked entries):
//! each item's price, whether the credit left when its turn comes covers it (the credit
//! moves only by the items it covers), the totals per currency, and the credit after them
//! or what it leaves short.

use super::Money;

/// One item and what it costs.
pub struct Spent<T> {
    pub item: T,
    /// Its price, when known.
    pub price: Option<Money>,
    /// Its currency (empty: the credit's).
    pub currency: String,
    /// Whether the credit left when its turn comes pays it.
    pub covered: bool,
}

/// The items, in the order they would be sent, and what they add up to.
pub struct Spending<T> {
    pub items: Vec<Spent<T>>,
    /// The sum per currency (empty: the credit's), in order; `None` where a price in that
    /// currency is not known.
    pub totals: Vec<(String, Option<Money>)>,
    pub credit: Option<Money>,
    /// The credit less every item in its currency: `Ok(after)`, or `Err(short)`, what it
    /// leaves short; `None` when the credit or a price is not known.
    pub after: Option<Result<Money, Money>>,
    /// The credit left after the items it covers.
    pub left: Option<Money>,
}

impl<T> Spending<T> {
    /// `items` (each with its price and currency) against `credit`, in `credit_currency`.
    pub fn plan(
        items: impl IntoIterator<Item = (T, Option<Money>, String)>,
        credit: Option<Money>,
        credit_currency: &str,
    ) -> Spending<T> {
        let credit_currency = credit_currency.trim();
        let ours = |currency: &str| currency.is_empty() || currency.eq_ignore_ascii_case(credit_currency);
        let mut left = credit;
        let mut totals: Vec<(String, Option<Money>)> = Vec::new();
        let mut spent = Vec::new();
        for (item, price, currency) in items {
            let currency = currency.trim().to_owned();
            let key = if ours(&currency) { String::new() } else { currency.clone() };
            let at = match totals.iter().position(|(c, _)| *c == key) {
                Some(at) => at,
                None => {
                    totals.push((key.clone(), Some(Money::ZERO)));
                    totals.len() - 1
                }
            };
            totals[at].1 = totals[at].1.zip(price).and_then(|(t, p)| t.checked_add(p));
            let after = left.zip(price).filter(|_| ours(&currency)).and_then(|(l, p)| l.checked_sub(p));
            let covered = after.is_some_and(|a| !a.is_negative());
            if covered {
                left = after;
            }
            spent.push(Spent { item, price, currency, covered });
        }
        let ours_total = totals.iter().find(|(c, _)| c.is_empty()).map_or(Some(Money::ZERO), |(_, t)| *t);
        let after = credit.zip(ours_total).and_then(|(c, t)| c.checked_sub(t)).map(|a| match a.is_negative() {
            true => Err(Money::ZERO.checked_sub(a).unwrap_or(Money::ZERO)),
            false => Ok(a),
        });
        Spending { items: spent, totals, credit, after, left }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vnd(amount: i64) -> Option<Money> {
        Money::parse(&amount.to_string())
    }

    #[test]
    fn the_credit_moves_only_by_the_items_it_covers() {
        let items = [("a", vnd(480_000)), ("b", vnd(650_000)), ("c", vnd(480_000))];
        let plan = Spending::plan(items.into_iter().map(|(n, p)| (n, p, "VND".into())), vnd(1_000_000), "VND");
        let covered: Vec<bool> = plan.items.iter().map(|s| s.covered).collect();
        assert_eq!(covered, [true, false, true]);
        assert_eq!(plan.totals, [(String::new(), vnd(1_610_000))]);
        assert_eq!(plan.after, Some(Err(vnd(610_000).unwrap())));
        assert_eq!(plan.left, vnd(40_000));
    }

    #[test]
    fn a_price_not_known_leaves_its_total_and_the_credit_after_unknown() {
        let items = [("a", vnd(480_000)), ("b", None)];
        let plan = Spending::plan(items.into_iter().map(|(n, p)| (n, p, String::new())), vnd(1_000_000), "VND");
        assert_eq!(plan.totals, [(String::new(), None)]);
        assert_eq!(plan.after, None);
        assert!(!plan.items[1].covered);
    }

    #[test]
    fn another_currency_is_summed_apart_and_never_covered() {
        let items = [("a", vnd(100), "USD"), ("b", vnd(200_000), "VND")];
        let plan = Spending::plan(items.into_iter().map(|(n, p, c)| (n, p, c.to_owned())), vnd(500_000), "VND");
        assert_eq!(plan.totals, [("USD".to_owned(), vnd(100)), (String::new(), vnd(200_000))]);
        assert!(!plan.items[0].covered && plan.items[1].covered);
        assert_eq!(plan.after, Some(Ok(vnd(300_000).unwrap())));
    }
}
