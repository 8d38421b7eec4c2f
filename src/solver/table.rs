//! A transposition table of fixed size for df-pn: buckets of four entries, replacement of
//! the entry that cost the least work, so memory never grows with the search.
//!
//! Entries are keyed by the position key *and* the depth budget the node was searched
//! with: a proof within 5 plies and an unbounded proof are different facts.

/// Proof and disproof numbers as the side to move sees them: `phi` is the proof number at
/// OR nodes and the disproof number at AND nodes, `delta` the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiDelta {
    pub phi: u32,
    pub delta: u32,
}

/// Infinity for proof numbers.
pub const INF: u32 = u32::MAX;

impl PhiDelta {
    pub const UNIT: PhiDelta = PhiDelta { phi: 1, delta: 1 };
    /// The side to move wins here (phi = 0).
    pub const WIN: PhiDelta = PhiDelta { phi: 0, delta: INF };
    /// The side to move loses here (delta = 0).
    pub const LOSS: PhiDelta = PhiDelta { phi: INF, delta: 0 };
    pub fn solved(self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u32,
    phi: u32,
    delta: u32,
    /// Nodes spent below this entry when last stored; 0 marks an empty slot.
    work: u32,
}

const WAYS: usize = 4;

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    stores: u64,
    replaced: u64,
}

impl Table {
    /// A table of about `entries` entries (rounded down to a power of two, at least 1024).
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1024).next_power_of_two();
        let n = if n > entries.max(1024) { n / 2 } else { n };
        Table { entries: vec![Entry::default(); n], mask: n / WAYS - 1, stores: 0, replaced: 0 }
    }

    /// Bytes used by the entries (the table never allocates more after `new`).
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    fn bucket(&self, key: u64, depth: u32) -> usize {
        let h = key ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 7) as usize & self.mask) * WAYS
    }

    pub fn get(&self, key: u64, depth: u32) -> Option<PhiDelta> {
        let b = self.bucket(key, depth);
        self.entries[b..b + WAYS]
            .iter()
            .find(|e| e.work != 0 && e.key == key && e.depth == depth)
            .map(|e| PhiDelta { phi: e.phi, delta: e.delta })
    }

    pub fn put(&mut self, key: u64, depth: u32, v: PhiDelta, work: u64) {
        self.stores += 1;
        let b = self.bucket(key, depth);
        let work = work.clamp(1, u32::MAX as u64) as u32;
        let bucket = &mut self.entries[b..b + WAYS];
        let slot = match bucket.iter().position(|e| e.work != 0 && e.key == key && e.depth == depth) {
            Some(i) => i,
            None => match bucket.iter().position(|e| e.work == 0) {
                Some(i) => i,
                None => {
                    self.replaced += 1;
                    // Solved entries are worth more than open ones of equal work.
                    let cost = |e: &Entry| (e.work as u64) << (if e.phi == 0 || e.delta == 0 { 4 } else { 0 });
                    (0..WAYS).min_by_key(|&i| cost(&bucket[i])).expect("non-empty bucket")
                }
            },
        };
        bucket[slot] = Entry { key, depth, phi: v.phi, delta: v.delta, work };
    }

    /// (stores, replacements) so far.
    pub fn counters(&self) -> (u64, u64) {
        (self.stores, self.replaced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_bounded_and_lookups_respect_depth() {
        let mut t = Table::new(1024);
        let bytes = t.bytes();
        for k in 0..100_000u64 {
            t.put(k.wrapping_mul(0x1234_5678_9abc_def1), 3, PhiDelta::UNIT, k % 7 + 1);
        }
        assert_eq!(t.bytes(), bytes);
        t.put(42, 5, PhiDelta::WIN, 1_000_000);
        assert_eq!(t.get(42, 5), Some(PhiDelta::WIN));
        assert_eq!(t.get(42, 7), None);
        assert!(t.counters().1 > 0);
    }
}
