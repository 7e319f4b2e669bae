//! The time as the server reads it where a test must move it (the visitor counts' day
//! rollover): the system clock, plus an offset that only tests set.
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use jiff::{SignedDuration, Timestamp};

/// Cheap to clone; clones share the offset, so a test that moves its clock moves the server's.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Self {
        Self::default()
    }

    pub fn now(&self) -> Timestamp {
        let offset = SignedDuration::from_millis(self.offset_ms.load(Ordering::Relaxed));
        Timestamp::now() + offset
    }

    /// Moves this clock (and every clone) forward by `by` (tests).
    pub fn advance(&self, by: SignedDuration) {
        self.offset_ms
            .fetch_add(by.as_millis() as i64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_clock_moves_every_clone() {
        let clock = Clock::system();
        let clone = clock.clone();
        clock.advance(SignedDuration::from_hours(25));
        let ahead = clone.now().duration_since(Timestamp::now());
        assert!(ahead >= SignedDuration::from_hours(24));
    }
}
