//! A transposition table of fixed size for df-pn: buckets of four entries, replacement of
//! the entry that cost the least work, so memory never grows with the search.
//!
//! Entries are keyed by the position key *and* the depth budget the node was searched
//! with: a proof within 5 plies and an unbounded proof are different facts. All depths of
//! a key share one bucket, so that a lookup can also use what other budgets settled: a
//! proof within 5 plies is a proof within 7, a disproof within 7 one within 5 (see
//! [`Table::get`]).

/// Proof and disproof numbers as the side to move sees them: `phi` is the proof number at
/// OR nodes and the disproof number at AND nodes, `delta` the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiDelta {
    pub phi: u32,
    pub delta: u32,
}

/// Infinity for proof numbers.
pub const INF: u32 = u32::MAX;

/// Depth budget meaning "no limit".
pub const UNBOUNDED: u32 = u32::MAX;

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

/// One slot, as three words so that a table of empty slots is a zeroed allocation (which
/// the system maps lazily: a small search touches only the pages it uses).
/// Words: the key; `depth << 32 | work`; `phi << 32 | delta`. `work` is the number of nodes
/// spent below the entry when last stored; 0 marks an empty slot.
type Slot = [u64; 3];

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u32,
    phi: u32,
    delta: u32,
    work: u32,
}

impl Entry {
    #[inline]
    fn load(w: &Slot) -> Entry {
        Entry { key: w[0], depth: (w[1] >> 32) as u32, work: w[1] as u32, phi: (w[2] >> 32) as u32, delta: w[2] as u32 }
    }
    #[inline]
    fn words(self) -> Slot {
        [self.key, (self.depth as u64) << 32 | self.work as u64, (self.phi as u64) << 32 | self.delta as u64]
    }
}

const WAYS: usize = 4;

/// Entries a table starts with (or fewer when asked for fewer): 768 KiB, so that a middling
/// search (a few thousand nodes, the compiled tsume set) never has to grow it. The zeroing
/// is not free (the allocator clears reused memory: about 9% of the instructions on the
/// compiled set), but it cost less than the growing it replaced.
const INITIAL_ENTRIES: usize = 1 << 15;

pub struct Table {
    entries: Vec<Slot>,
    mask: usize,
    /// The size the table may grow to (entries); it starts small and doubles when half
    /// full, so that a small search neither allocates nor clears a large table.
    max_len: usize,
    /// Occupied slots.
    used: usize,
    stores: u64,
    replaced: u64,
}

impl Table {
    /// A table of about `entries` entries (rounded down to a power of two, at least 1024).
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1024).next_power_of_two();
        let n = if n > entries.max(1024) { n / 2 } else { n };
        let start = n.min(INITIAL_ENTRIES);
        Table { entries: vec![[0u64; 3]; start], mask: start / WAYS - 1, max_len: n, used: 0, stores: 0, replaced: 0 }
    }

    /// Double the table, keeping every entry (an entry's bucket index gains one bit, so
    /// each old bucket splits into two and nothing is lost).
    fn grow(&mut self) {
        let n = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![[0u64; 3]; n]);
        self.mask = n / WAYS - 1;
        for w in old {
            if w[1] as u32 != 0 {
                let b = self.bucket(w[0], 0);
                let slot = (b..b + WAYS).find(|&i| self.entries[i][1] as u32 == 0).expect("a split bucket has room");
                self.entries[slot] = w;
            }
        }
    }

    /// Bytes used by the entries (at most the size asked for in `new`).
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Slot>()
    }

    fn bucket(&self, key: u64, _depth: u32) -> usize {
        ((key >> 7) as usize & self.mask) * WAYS
    }

    /// The value stored for `key` searched with budget `depth`; failing that, a result that
    /// another bounded budget implies: the attacker (to move when `or`) mates within
    /// `depth` if it mated within less, and fails within `depth` if it failed within more.
    /// Unbounded results imply nothing about bounded ones (the bounded searches skip futile
    /// interpositions, the unbounded one does not).
    pub fn get(&self, key: u64, depth: u32, or: bool) -> Option<PhiDelta> {
        let b = self.bucket(key, depth);
        let mut bucket = [Entry { key: 0, depth: 0, phi: 0, delta: 0, work: 0 }; WAYS];
        let mut n = 0;
        for w in &self.entries[b..b + WAYS] {
            if w[0] == key && w[1] as u32 != 0 {
                let e = Entry::load(w);
                if e.depth == depth {
                    return Some(PhiDelta { phi: e.phi, delta: e.delta });
                }
                bucket[n] = e;
                n += 1;
            }
        }
        if depth == UNBOUNDED {
            return None;
        }
        let attacker_won = |e: &Entry| if or { e.phi == 0 } else { e.delta == 0 };
        let attacker_lost = |e: &Entry| if or { e.delta == 0 } else { e.phi == 0 };
        bucket[..n].iter().filter(|e| e.depth != UNBOUNDED).find_map(|e| {
            if attacker_won(e) && e.depth <= depth {
                Some(if or { PhiDelta::WIN } else { PhiDelta::LOSS })
            } else if attacker_lost(e) && e.depth >= depth {
                Some(if or { PhiDelta::LOSS } else { PhiDelta::WIN })
            } else {
                None
            }
        })
    }

    pub fn put(&mut self, key: u64, depth: u32, v: PhiDelta, work: u64) {
        self.stores += 1;
        if 2 * self.used >= self.entries.len() && self.entries.len() < self.max_len {
            self.grow();
        }
        let b = self.bucket(key, depth);
        let work = work.clamp(1, u32::MAX as u64) as u32;
        let bucket = &mut self.entries[b..b + WAYS];
        let e = |i: usize| Entry::load(&bucket[i]);
        let slot = match (0..WAYS).position(|i| e(i).work != 0 && e(i).key == key && e(i).depth == depth) {
            Some(i) => i,
            None => match (0..WAYS).position(|i| e(i).work == 0) {
                Some(i) => {
                    self.used += 1;
                    i
                }
                None => {
                    self.replaced += 1;
                    // Solved entries are worth more than open ones of equal work.
                    let cost = |e: Entry| (e.work as u64) << (if e.phi == 0 || e.delta == 0 { 4 } else { 0 });
                    (0..WAYS).min_by_key(|&i| cost(e(i))).expect("non-empty bucket")
                }
            },
        };
        bucket[slot] = Entry { key, depth, phi: v.phi, delta: v.delta, work }.words();
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
        assert_eq!(t.get(42, 5, true), Some(PhiDelta::WIN));
        assert_eq!(t.get(42, 3, true), None);
        assert_eq!(t.get(43, 5, true), None);
        assert!(t.counters().1 > 0);
    }

    #[test]
    fn growing_keeps_every_entry_and_stops_at_the_bound() {
        let mut t = Table::new(1 << 17);
        let start = t.bytes();
        let key = |k: u64| (k + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let n = (INITIAL_ENTRIES * 5 / 8) as u64;
        for k in 0..n {
            t.put(key(k), 3, PhiDelta { phi: k as u32 + 1, delta: 7 }, 1);
        }
        assert!(t.bytes() > start, "the table grows while half full");
        assert_eq!(t.counters().1, 0, "nothing was evicted while growing");
        for k in 0..n {
            assert_eq!(t.get(key(k), 3, true), Some(PhiDelta { phi: k as u32 + 1, delta: 7 }));
        }
        for k in 0..1_000_000u64 {
            t.put(key(k), 5, PhiDelta::UNIT, 1);
        }
        assert_eq!(t.bytes(), (1 << 17) * 24, "never beyond the size asked for");
    }

    #[test]
    fn bounded_results_carry_over_to_other_budgets() {
        let mut t = Table::new(1024);
        // OR node (attacker to move): mate within 5
        t.put(1, 5, PhiDelta::WIN, 10);
        assert_eq!(t.get(1, 7, true), Some(PhiDelta::WIN));
        assert_eq!(t.get(1, 3, true), None);
        assert_eq!(t.get(1, UNBOUNDED, true), None);
        // AND node (defender to move): the attacker fails within 6
        t.put(2, 6, PhiDelta::WIN, 10);
        assert_eq!(t.get(2, 4, false), Some(PhiDelta::WIN));
        assert_eq!(t.get(2, 8, false), None);
        // AND node mated within 4 is mated within 6
        t.put(3, 4, PhiDelta::LOSS, 10);
        assert_eq!(t.get(3, 6, false), Some(PhiDelta::LOSS));
        // open entries imply nothing
        t.put(4, 4, PhiDelta::UNIT, 10);
        assert_eq!(t.get(4, 6, true), None);
    }
}
