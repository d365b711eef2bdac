//! The account screen: the account overview and the balance, one scrollable document.

pub(super) mod draw;
mod texts;

use super::{Cx, Peek, Request, View};
use crate::api::models::{Account, Balance};
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::Scroll;
use crate::config::keys::Action;

#[derive(Clone, Debug, Default)]
pub struct AccountView {
    pub account: Option<Box<Account>>,
    /// From `GET /balance`, where the portal offers it.
    pub balance: Option<Balance>,
    pub scroll: Scroll,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    Details,
    Balance,
}

impl Request for Req {
    /// The balance is read beside the account: its answer never decides whether the
    /// account is stale, and Esc does not cancel it.
    fn lookup(&self) -> bool {
        *self == Req::Details
    }
}

/// Nothing is handed to the account: the account a sign-in brought comes to
/// `View::signed_in`, as to every screen.
#[derive(Debug)]
pub enum Visit {}

/// The screen's state, as the screen table names it.
pub type State = AccountView;

impl View for AccountView {
    type Req = Req;
    type Visit = Visit;

    /// The account's details and its balance, read again when a change made them stale.
    fn reader(query: &crate::api::Query) -> Option<Req> {
        match query {
            crate::api::Query::Balance => Some(Req::Balance),
            crate::api::Query::Details => Some(Req::Details),
            _ => None,
        }
    }

    /// The credit as the account holds it (a payment's promise is checked against it), and
    /// the account's details (the plan takes its currency from them).
    fn holds(&self, query: &crate::api::Query, not_offered: &std::collections::HashSet<Operation>) -> Option<Data> {
        match query {
            crate::api::Query::Balance => {
                let balance_offered = !not_offered.contains(&Operation::Balance);
                self.credit_balance(balance_offered).map(Data::Balance)
            }
            crate::api::Query::Details => self.account.clone().map(Data::Details),
            _ => None,
        }
    }

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => {
                if cx.offers(Operation::Details) {
                    cx.fetch(Req::Details, Query::Details);
                }
                fetch_balance(cx);
            }
            Action::Back => cx.back(false),
            other if self.scroll.apply(other, cx.page) => {}
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match (req, answer) {
            (Req::Details, answer) => match answer.and_then(Data::into_account) {
                Ok(account) => {
                    self.account = Some(account);
                    *cx.error = None;
                }
                Err(e) => cx.fail(&e),
            },
            // A portal without the route is remembered and said once on the screen, not as
            // an error; other failures are errors like any.
            (Req::Balance, answer) => match answer.and_then(Data::into_balance) {
                Ok(balance) => self.balance = Some(balance),
                Err(e) => cx.list_failed(Operation::Balance, &e),
            },
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        vec![Action::Refresh, Action::NextScreen, Action::Profiles]
    }

    /// A portal without account details has nothing more to show here than what it said.
    fn has_data(&self, peek: &Peek) -> bool {
        self.account.is_some() || !peek.offers(Operation::Details)
    }

    fn refreshes(&self, req: &Req) -> bool {
        *req == Req::Details
    }

    fn signed_in(&mut self, account: &crate::command::Details, cx: &mut Cx) {
        if account.is_none() {
            cx.not_offered.insert(Operation::Details);
        }
        self.account = account.clone();
        fetch_balance(cx);
    }
}

impl AccountView {
    /// The account's currency, said beside every amount the portal sends without one (a
    /// service's, a domain's, a certificate's, an upgrade's): the balance's, else the
    /// account's `currency_code`; empty when neither is known.
    pub fn currency(&self) -> &str {
        let balance = self.balance.as_ref().map(|b| b.currency.trim()).filter(|c| !c.is_empty());
        let account = self.account.as_ref().map(|a| a.currency_code()).filter(|c| !c.is_empty());
        balance.or(account).unwrap_or_default()
    }
}

impl AccountView {
    /// What a payment or a renewal is worked out from: the balance read (with the details'
    /// credit where it says none), or, where the portal has no `GET /balance`
    /// (`balance_offered` false), the details' credit alone.
    pub fn credit_balance(&self, balance_offered: bool) -> Option<Balance> {
        match (&self.balance, &self.account) {
            (Some(balance), Some(account)) => Some(balance.clone().or_details(account)),
            (Some(balance), None) => Some(balance.clone()),
            (None, Some(account)) if !balance_offered => Balance::from_details(account),
            (None, _) => None,
        }
    }
}

/// After a change that moves money: the balance read again, or, where the portal has no
/// `GET /balance`, the details that say the credit.
pub fn read_credit_again(cx: &mut Cx) {
    match cx.offers(Operation::Balance) {
        true => cx.fetch(Req::Balance, Query::Balance),
        false => cx.fetch(Req::Details, Query::Details),
    }
}

/// Asks for the balance, unless this portal showed it does not offer it.
fn fetch_balance(cx: &mut Cx) {
    if cx.offers(Operation::Balance) {
        cx.fetch(Req::Balance, Query::Balance);
    }
}
