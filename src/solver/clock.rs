//! A time limit read at a pace set by the work done, for every game's search.
//!
//! Reading the clock at every node costs time where nodes are cheap (shogi: millions a
//! second); reading it every fixed number of nodes overshoots where they are dear (quantum:
//! a node can cost milliseconds; see `docs/tsume-solver.md#measured-choices`). A [`Clock`]
//! reads it after a number of work units (nodes, or whatever the search counts) that it
//! adapts to what it measures: it doubles while readings come less than half a millisecond
//! apart and halves when they come more than two apart. So the clock is read about once a millisecond of work, whatever a
//! unit costs, and a search stops within a few milliseconds (plus one unit) of its limit.

use std::time::{Duration, Instant};

/// Readings closer than this: read less often.
const SOON: Duration = Duration::from_micros(500);
/// Readings further apart than this: read more often.
const LATE: Duration = Duration::from_millis(2);
/// The most units between two readings.
const MAX_STRIDE: u32 = 1 << 16;

/// A deadline and the pace at which it is read (see the module docs).
#[derive(Clone, Debug)]
pub struct Clock {
    deadline: Option<Instant>,
    /// Units of work until the next reading, and between readings.
    countdown: u32,
    stride: u32,
    last: Instant,
    expired: bool,
}

impl Clock {
    /// A clock that expires `limit` from now (never when `None`).
    pub fn new(limit: Option<Duration>) -> Clock {
        let now = Instant::now();
        Clock::until(limit.and_then(|l| now.checked_add(l)))
    }

    /// A clock that expires at `deadline` (never when `None`).
    pub fn until(deadline: Option<Instant>) -> Clock {
        Clock {
            deadline,
            countdown: 1,
            stride: 1,
            last: Instant::now(),
            expired: false,
        }
    }

    /// The deadline, for a search nested in this one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Count `units` of work done; true once the deadline has passed. The clock is read only
    /// when enough work was counted since the last reading; once expired it stays so.
    pub fn expired(&mut self, units: u32) -> bool {
        if self.expired {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        self.countdown = self.countdown.saturating_sub(units);
        if self.countdown > 0 {
            return false;
        }
        let now = Instant::now();
        let gap = now.duration_since(self.last);
        if gap < SOON {
            self.stride = (self.stride * 2).min(MAX_STRIDE);
        } else if gap > LATE {
            self.stride = (self.stride / 2).max(1);
        }
        self.last = now;
        self.countdown = self.stride;
        self.expired = now >= deadline;
        self.expired
    }

    /// Read the clock now, whatever the work counted (for a check between phases).
    pub fn expired_now(&mut self) -> bool {
        self.expired = self.expired || self.deadline.is_some_and(|d| Instant::now() >= d);
        self.expired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dear_units_are_each_followed_by_a_reading_cheap_ones_are_not() {
        let mut clock = Clock::new(Some(Duration::from_secs(3600)));
        for _ in 0..5 {
            let unit = Instant::now();
            while unit.elapsed() < Duration::from_millis(3) {}
            assert!(!clock.expired(1));
            assert_eq!(clock.stride, 1);
        }
        for _ in 0..1_000_000 {
            assert!(!clock.expired(1));
        }
        assert!(clock.stride >= 64, "{}", clock.stride);
    }

    #[test]
    fn no_limit_never_expires_and_an_expired_clock_stays_so() {
        let mut free = Clock::new(None);
        assert!((0..100_000).all(|_| !free.expired(1)));
        let mut past = Clock::new(Some(Duration::ZERO));
        assert!(past.expired(1));
        assert!(past.expired(0));
        let mut far = Clock::new(Some(Duration::from_secs(u64::MAX)));
        assert!(!far.expired_now());
    }
}
