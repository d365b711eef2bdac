//! What each HTTP exchange was, for the dashboard's request log: method, path, status,
//! time, size and the answer's body (capped). Whoever waits can hear about each exchange:
//! the worker runs a request inside [`observe`]; `transport` reports through [`record`]
//! without knowing who listens (the scripting commands do not).

use std::sync::Arc;
use std::time::Duration;

/// Bodies kept for the log are cut here: 500 entries hold at most 8 MiB of them.
pub const BODY_KEPT: usize = 16 * 1024;

/// One HTTP exchange as the log shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub method: String,
    pub path: String,
    /// `None` when no answer came (a refused connection, a time-out).
    pub status: Option<u16>,
    pub elapsed: Duration,
    pub bytes: usize,
    /// The answer's first [`BODY_KEPT`] bytes, with the secrets the client holds and the
    /// values of secret-named keys masked (cleaned when shown).
    pub body: Vec<u8>,
    /// The body is not kept at all: a login or token answer, all secrets.
    pub withheld: bool,
    /// What went wrong, when something did (the error's English message).
    pub failure: Option<String>,
}

type Listener = Arc<dyn Fn(Exchange) + Send + Sync>;

tokio::task_local! {
    static LISTENER: Listener;
}

/// Runs `future` with `listener` told about every exchange inside it.
pub async fn observe<F: Future>(listener: impl Fn(Exchange) + Send + Sync + 'static, future: F) -> F::Output {
    LISTENER.scope(Arc::new(listener), future).await
}

/// Tells the listener, if there is one, about an exchange: built only then (the scripting
/// commands have none and copy no body).
pub(crate) fn record(exchange: impl FnOnce() -> Exchange) {
    let _ = LISTENER.try_with(|listen| listen(exchange()));
}
