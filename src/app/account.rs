//! The account screen: the account overview, one scrollable document.

use super::{App, Command, Slot, fetch};
use crate::api::models::Account;
use crate::api::{ApiError, Query};
use crate::config::keys::Action;

impl App {
    pub(super) fn account_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        match action {
            Action::Refresh => self.send(Slot::Account, fetch(Query::Details)),
            Action::Back => self.back(|_| false),
            other if self.profile.account_scroll.apply(other, page) => Vec::new(),
            _ => self.unchanged(),
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
