//! What a portal says of how many more requests it takes before it refuses with 429:
//! `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until the
//! count starts again), as DNS.services sends them on its login answers (25 logins per
//! few minutes). Every command of the CLI signs in, so a script meets the limit.

use std::time::Duration;

use reqwest::header::HeaderMap;

/// At most this many left is worth saying.
pub const LOW: u32 = 5;

/// A rate limit as an answer's headers state it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub limit: Option<u32>,
    pub remaining: u32,
    /// How long until the count starts again.
    pub reset: Option<Duration>,
}

impl RateLimit {
    /// From an answer's headers; `None` when it does not say how many remain.
    pub fn from_headers(headers: &HeaderMap) -> Option<RateLimit> {
        let number = |name: &str| headers.get(name)?.to_str().ok()?.trim().parse::<u64>().ok();
        let remaining = u32::try_from(number("x-ratelimit-remaining")?).unwrap_or(u32::MAX);
        let limit = number("x-ratelimit-limit").map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        Some(RateLimit { limit, remaining, reset: number("x-ratelimit-reset").map(Duration::from_secs) })
    }

    /// Whether so few remain that whoever signs in should hear of it.
    pub fn is_low(&self) -> bool {
        self.remaining <= LOW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_from_the_headers_as_recorded() {
        let mut headers = HeaderMap::new();
        assert_eq!(RateLimit::from_headers(&headers), None);
        headers.insert("X-RateLimit-Limit", "25".parse().unwrap());
        headers.insert("X-RateLimit-Remaining", "24".parse().unwrap());
        headers.insert("X-RateLimit-Reset", "300".parse().unwrap());
        let limit = RateLimit::from_headers(&headers).unwrap();
        assert_eq!(limit, RateLimit { limit: Some(25), remaining: 24, reset: Some(Duration::from_secs(300)) });
        assert!(!limit.is_low());
        headers.insert("X-RateLimit-Remaining", " 5 ".parse().unwrap());
        headers.insert("X-RateLimit-Reset", "soon".parse().unwrap());
        let low = RateLimit::from_headers(&headers).unwrap();
        assert!(low.is_low() && low.reset.is_none(), "{low:?}");
    }
}
