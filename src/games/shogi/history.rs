//! The positions a replayed line has passed through, for the repetition rules: each
//! position's hash by ply and how often each has occurred. A count is one map lookup; the
//! plies of a position, wanted only once it has occurred three or four times, are found by
//! walking back the hashes, so a long game costs no list per position.

use crate::core::hashing::FastMap;

/// The hashes of a line's positions (index: the ply after which it stood, 0 the start),
/// and each hash's count.
pub(crate) struct History {
    hashes: Vec<u64>,
    counts: FastMap<u64, u32>,
    /// The highest count so far: while it is below 3, no answer can repeat a position a
    /// fourth time.
    most: u32,
}

impl History {
    /// A history holding the start position, with room for `plies` more.
    pub(crate) fn new(start: u64, plies: usize) -> History {
        let mut h = History {
            hashes: Vec::with_capacity(plies + 1),
            counts: FastMap::default(),
            most: 0,
        };
        h.counts.reserve(plies + 1);
        h.push(start);
        h
    }

    /// Note the position after the next ply; how often it has now occurred.
    pub(crate) fn push(&mut self, hash: u64) -> u32 {
        self.hashes.push(hash);
        let n = self.counts.entry(hash).or_insert(0);
        *n += 1;
        self.most = self.most.max(*n);
        *n
    }

    /// How often `hash` has occurred.
    pub(crate) fn count(&self, hash: u64) -> u32 {
        self.counts.get(&hash).copied().unwrap_or(0)
    }

    /// The highest count of any position.
    pub(crate) fn most(&self) -> u32 {
        self.most
    }

    /// The ply of the `n`-th last occurrence of `hash` (`n = 1`: the last), if it occurred
    /// that often.
    pub(crate) fn nth_last(&self, hash: u64, n: usize) -> Option<usize> {
        self.hashes
            .iter()
            .enumerate()
            .rev()
            .filter(|&(_, &h)| h == hash)
            .nth(n.checked_sub(1)?)
            .map(|(ply, _)| ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_plies_of_a_repeated_position() {
        let mut h = History::new(7, 8);
        assert_eq!(h.push(8), 1);
        assert_eq!(h.push(7), 2);
        assert_eq!(h.push(8), 2);
        assert_eq!(h.push(7), 3);
        assert_eq!((h.count(7), h.count(8), h.count(9), h.most()), (3, 2, 0, 3));
        assert_eq!(h.nth_last(7, 1), Some(4));
        assert_eq!(h.nth_last(7, 3), Some(0));
        assert_eq!(h.nth_last(7, 4), None);
        assert_eq!(h.nth_last(8, 0), None);
    }
}
