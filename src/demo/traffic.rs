//! What reached the demo portal: the requests as `METHOD /path` in order of arrival (the
//! last [`KEPT`], so a demo server left running for days stays small), and the most that
//! were in flight at once. Tests read it to check that a round of calls was concurrent and
//! that a change was sent once.

use std::collections::VecDeque;
use std::sync::Mutex;

/// Requests remembered; older ones are forgotten.
pub const KEPT: usize = 10_000;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Default)]
pub struct Traffic {
    seen: Mutex<VecDeque<String>>,
    in_flight: AtomicUsize,
    most: AtomicUsize,
}

/// Counts one request as in flight until dropped.
pub struct InFlight<'a>(&'a Traffic);

impl Traffic {
    /// Notes a request's arrival; it stays in flight while the guard lives.
    pub fn arrived(&self, method: &str, path: &str) -> InFlight<'_> {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() == KEPT {
            seen.pop_front();
        }
        seen.push_back(format!("{method} {path}"));
        drop(seen);
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        InFlight(self)
    }

    pub fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }

    pub fn most_in_flight(&self) -> usize {
        self.most.load(Ordering::SeqCst)
    }

    /// Starts counting afresh (the requests seen and the most in flight).
    pub fn reset(&self) {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clear();
        self.most.store(self.in_flight.load(Ordering::SeqCst), Ordering::SeqCst);
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::Traffic;

    #[test]
    fn counts_what_overlaps() {
        let traffic = Traffic::default();
        let a = traffic.arrived("GET", "/details");
        let b = traffic.arrived("GET", "/balance");
        drop(a);
        let c = traffic.arrived("POST", "/domain/1/dns");
        drop((b, c));
        assert_eq!(traffic.most_in_flight(), 2);
        assert_eq!(traffic.seen(), ["GET /details", "GET /balance", "POST /domain/1/dns"]);
        traffic.reset();
        assert!(traffic.seen().is_empty());
        assert_eq!(traffic.most_in_flight(), 0);
    }

    #[test]
    fn only_the_latest_are_kept() {
        let traffic = Traffic::default();
        for i in 0..super::KEPT + 5 {
            drop(traffic.arrived("GET", &format!("/invoice/{i}")));
        }
        let seen = traffic.seen();
        assert_eq!(seen.len(), super::KEPT);
        assert_eq!(seen[0], "GET /invoice/5", "the oldest went first");
    }
}
