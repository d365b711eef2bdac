//! What reached the demo portal: every request as `METHOD /path` in order of arrival, and
//! the most that were in flight at once. Tests read it to check that a round of calls was
//! concurrent and that a change was sent once.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Default)]
pub struct Traffic {
    seen: Mutex<Vec<String>>,
    in_flight: AtomicUsize,
    most: AtomicUsize,
}

/// Counts one request as in flight until dropped.
pub struct InFlight<'a>(&'a Traffic);

impl Traffic {
    /// Notes a request's arrival; it stays in flight while the guard lives.
    pub fn arrived(&self, method: &str, path: &str) -> InFlight<'_> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).push(format!("{method} {path}"));
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        InFlight(self)
    }

    pub fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
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
}
