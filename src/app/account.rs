//! The account screen: the account overview, one scrollable document.

use super::{App, Command, Slot, fetch};
use crate::api::models::{Account, Balance};
use crate::api::{ApiError, Operation, Query};
use crate::config::keys::Action;

impl App {
    pub(super) fn account_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        match action {
            Action::Refresh => {
                let mut commands = self.send(Slot::Account, fetch(Query::Details));
                commands.extend(self.fetch_balance());
                commands
            }
            Action::Back => self.back(|_| false),
            other if self.profile.account_scroll.apply(other, page) => Vec::new(),
            _ => self.unchanged(),
        }
    }

    /// Asks for the balance, unless this portal showed it does not offer it.
    pub(super) fn fetch_balance(&mut self) -> Vec<Command> {
        if self.profile.not_offered.contains(&Operation::Balance) {
            return Vec::new();
        }
        self.send(Slot::Balance, fetch(Query::Balance))
    }

    /// A portal without the route is remembered and said once on the screen, not as an
    /// error; other failures are errors like any.
    pub(super) fn balance_answer(&mut self, result: Result<Balance, ApiError>) {
        match result {
            Ok(balance) => self.profile.balance = Some(balance),
            Err(e) if e.not_offered() => {
                self.profile.not_offered.insert(Operation::Balance);
            }
            Err(e) => self.fail(&e),
        }
    }

    pub(super) fn account_answer(&mut self, result: Result<Box<Account>, ApiError>) {
        match result {
            Ok(account) => {
                self.profile.account = Some(account);
                self.profile.error = None;
            }
            Err(e) => self.fail(&e),
        }
    }
}
