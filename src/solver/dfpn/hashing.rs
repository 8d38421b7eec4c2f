//! Maps keyed by position keys. The keys are Zobrist hashes, already well mixed, so the
//! default SipHash only costs time in the searcher's hot caches (futility judgments, probe
//! lines, the solution tree's lines).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map with a cheap hasher for keys that are already well mixed (position keys).
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// A hash set with the same cheap hasher.
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<MixHasher>>;

/// Folds the written words with a multiply and a rotation: enough for Zobrist keys and
/// small moves, much cheaper than the default SipHash.
#[derive(Default, Clone, Copy)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
