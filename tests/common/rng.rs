//! A seeded generator for the tests and the lab tools.

/// A tiny deterministic generator (xorshift64) for random games in tests: the same seed
/// gives the same game on every machine, so a failure can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
