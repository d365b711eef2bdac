//! What a confirmation promises of the figures read after its change (a payment's credit
//! after, a renewal's expiry), and the one check of what is read back against it, for both
//! faces. A change that promises writes its promise beside its preview (`billing.rs`,
//! `domain.rs`): the reads that hold the figures, and what they say against it, in words.
//! The dashboard hands it what its screens hold of those reads (`View::holds`), a command
//! what it read; neither knows which change it is.

use crate::api::{Data, Language, Query};

/// What a change's confirmation promised of the figures read after it.
pub trait Promises: std::fmt::Debug {
    /// The reads whose answers hold the figures promised.
    fn reads(&self) -> Vec<Query>;

    /// What the answers to [`Promises::reads`] (in that order, `None` where one is not on
    /// hand) say against the promise, in words; `None` when they agree or a figure is not
    /// on hand.
    fn not_as_promised(&self, read: &[Option<Data>], language: Language) -> Option<String>;
}

/// A promise as a confirmation carries it: shared by its copies, the same only as itself.
#[derive(Clone, Debug)]
pub struct Promise(std::sync::Arc<dyn Promises>);

impl Promise {
    pub fn new(promise: impl Promises + 'static) -> Promise {
        Promise(std::sync::Arc::new(promise))
    }

    pub fn reads(&self) -> Vec<Query> {
        self.0.reads()
    }

    pub fn not_as_promised(&self, read: &[Option<Data>], language: Language) -> Option<String> {
        self.0.not_as_promised(read, language)
    }
}

impl PartialEq for Promise {
    fn eq(&self, other: &Promise) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Promise {}

crate::words! {
    NotAsPromised: "not as promised: the portal's figures read back say {what}" | "khác với đã hứa: số liệu cổng trả về cho biết {what}",
}

/// A difference, said as one.
pub(super) fn not_as_promised(what: &str, language: Language) -> String {
    NotAsPromised.fill(language, &[("what", &what)])
}
