//! Maps keyed by position keys. The keys are Zobrist hashes, already well mixed, so the
//! default SipHash only costs time in hot tables: the solvers' caches (futility judgments,
//! probe lines, the solution tree's lines) and a replay's count of positions met.

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    fn hash_of<T: std::hash::Hash>(v: T) -> u64 {
        BuildHasherDefault::<MixHasher>::default().hash_one(v)
    }

    /// A narrow write widens to the same word (a small move hashes as its value does), keys
    /// one apart land far apart, and the order of the words counts: (key, move) is not
    /// (move, key).
    #[test]
    fn the_mix_spreads_keys_and_keeps_their_order() {
        assert_eq!(hash_of(7u8), hash_of(7u64));
        assert_eq!(hash_of(7u32), hash_of(7usize));
        assert!((hash_of(1u64) ^ hash_of(2u64)).count_ones() >= 16);
        assert_ne!(hash_of((1u64, 2u8)), hash_of((2u64, 1u8)));
        let mut seen: FastSet<u64> = FastSet::default();
        for k in 0..10_000u64 {
            seen.insert(hash_of(k));
        }
        assert_eq!(seen.len(), 10_000, "no two small keys collide");
    }
}
