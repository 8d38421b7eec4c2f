//! The table of positions met, by key: at which ply each was first reached and its index in
//! that ply's layer. It is the search's hottest structure (one look-up per reply, nearly
//! every one a cache miss once the table outgrows the cache), so it is an open-addressing
//! table of 16-byte slots, the key beside its value: a look-up reads one cache line, where
//! a general hash map reads its control bytes and then its entries, two lines apart. The
//! keys are Zobrist keys, already well mixed: their top bits choose the slot.

use crate::solver::prefetch::prefetch;

/// One slot: a key (0: empty) and where it was met.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Slot {
    key: u64,
    ply: u32,
    index: u32,
}

/// What a look-up found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Met {
    /// First met now: inserted at the given ply and index.
    New,
    /// Met before at this ply: its index in the layer.
    Again(u32),
    /// Met at an earlier ply (it cannot lie on a shortest line through here).
    Earlier,
}

/// The positions met so far: key to (ply, index), with linear probing, at most half full.
pub(super) struct Seen {
    slots: Vec<Slot>,
    /// The number of keys held.
    len: usize,
    /// 64 minus log2 of the slot count: a key's top bits pick its first slot.
    shift: u32,
}

/// Bytes each slot takes.
pub(super) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Seen {
    /// An empty table with room for a few thousand keys.
    pub fn new() -> Seen {
        Seen::with_bits(12)
    }

    fn with_bits(bits: u32) -> Seen {
        Seen {
            slots: vec![Slot::default(); 1 << bits],
            len: 0,
            shift: 64 - bits,
        }
    }

    /// The bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// The key as stored: 0 marks an empty slot, so a key 0 is stored as 1 (two positions
    /// sharing a key are caught when the lines are replayed, as for any key collision).
    fn stored(key: u64) -> u64 {
        key.max(1)
    }

    fn home(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// Start loading the slot where `key` would be looked up first.
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.slots[self.home(Self::stored(key))]);
    }

    /// Looks `key` up at `ply`: inserted with `index` when it is new.
    pub fn meet(&mut self, key: u64, ply: u32, index: u32) -> Met {
        let key = Self::stored(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                return if slot.ply == ply {
                    Met::Again(slot.index)
                } else {
                    Met::Earlier
                };
            }
            if slot.key == 0 {
                *slot = Slot { key, ply, index };
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return Met::New;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, every key moved to its new place.
    fn grow(&mut self) {
        let bits = 64 - self.shift + 1;
        let old = std::mem::replace(self, Seen::with_bits(bits));
        let mask = self.slots.len() - 1;
        for slot in old.slots.into_iter().filter(|s| s.key != 0) {
            let mut i = self.home(slot.key);
            while self.slots[i].key != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
        self.len = old.len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_ply_and_index_through_growth() {
        let mut seen = Seen::new();
        let key = |i: u64| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..20_000u64 {
            assert_eq!(seen.meet(key(i), 2, i as u32), Met::New);
        }
        assert!(seen.bytes() >= 40_000 * SLOT_BYTES);
        for i in 0..20_000u64 {
            assert_eq!(seen.meet(key(i), 2, 0), Met::Again(i as u32));
            assert_eq!(seen.meet(key(i), 4, 0), Met::Earlier);
        }
        // the key 0 is kept too
        assert_eq!(seen.meet(0, 6, 9), Met::New);
        assert_eq!(seen.meet(0, 6, 1), Met::Again(9));
    }
}
