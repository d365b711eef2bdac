//! One HTTP exchange with the portal and what is read from it: redirects within the origin,
//! a body cap per operation, errors by kind (`transport`); the answer's status, error
//! fields and data in one pass (`decoding`); retries (`retry`); a login answer's rate limit
//! (`rate_limit`); each exchange reported for the request log (`exchanges`), with what
//! looks like a secret redacted (`redact`); the base URL (`endpoint`); a list's answer
//! written out as it is read (`sent_text`).

pub(crate) mod decoding;
pub(crate) mod endpoint;
pub mod exchanges;
pub mod rate_limit;
pub mod redact;
pub mod retry;
pub(crate) mod sent_text;
pub(crate) mod transport;
