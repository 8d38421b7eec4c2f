//! A direct-mapped cache of move counts, the first estimate of a node not yet searched
//! (see `Searcher::child_value`): the replies after a check and, where the game counts
//! them, the checks after a reply. It stands apart from the table: the estimates are cheap
//! to make again, so they must not push out proofs and search results (stored in the
//! table, they made three stores in four), but counting a check's replies again on every
//! visit of its parent cost time where one attacker node has many checks (the figures:
//! `docs/tsume-solver.md#measured-choices`).
//!
//! A slot is one word: the key's upper 48 bits and the count in the lower 16. Two
//! positions that share those bits share a count; that only skews an estimate, never a
//! result: only counts above 0 are kept, so a mate is never taken from the cache.

/// Slots of the cache (a power of two): 2 MiB. A 32 MiB cache was no faster in the runs
/// measured.
const SLOTS: usize = 1 << 18;

const COUNT_BITS: u32 = 16;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

#[derive(Default)]
pub struct MoveCounts {
    slots: Vec<u64>,
}

impl MoveCounts {
    /// The count stored for the position whose whole key is `whole`, if any.
    #[inline]
    pub fn get(&self, whole: u64) -> Option<u32> {
        let slot = *self.slots.get(Self::index(whole))?;
        (slot != 0 && slot & !COUNT_MASK == whole & !COUNT_MASK)
            .then_some((slot & COUNT_MASK) as u32)
    }

    /// Start loading the slot of that position (see [`super::prefetch`]).
    #[inline]
    pub fn prefetch(&self, whole: u64) {
        if let Some(slot) = self.slots.get(Self::index(whole)) {
            super::prefetch::prefetch(slot);
        }
    }

    /// Remember the count `n` (above 0) for that position, in the place of whatever was
    /// there.
    pub fn put(&mut self, whole: u64, n: u32) {
        debug_assert!(n > 0, "a mate is not an estimate");
        if self.slots.is_empty() {
            self.slots = vec![0; SLOTS];
        }
        let i = Self::index(whole);
        self.slots[i] = (whole & !COUNT_MASK) | (n as u64).min(COUNT_MASK);
    }

    fn index(whole: u64) -> usize {
        (whole >> COUNT_BITS) as usize & (SLOTS - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_found_until_another_position_takes_its_slot() {
        let key = |i: u64| (i << COUNT_BITS) | 0x1234;
        let mut c = MoveCounts::default();
        assert_eq!(c.get(key(5)), None);
        c.put(key(5), 7);
        assert_eq!(c.get(key(5)), Some(7));
        assert_eq!(c.get(key(6)), None);
        c.put(key(5 + SLOTS as u64), 3);
        assert_eq!(c.get(key(5)), None);
        assert_eq!(c.get(key(5 + SLOTS as u64)), Some(3));
    }
}
