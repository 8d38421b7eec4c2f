//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bin;
pub mod quantum;

use std::path::PathBuf;

/// A file of the public test data in `tests/data/` (each source's folder has a
/// `SOURCES.md`: origin, licence, and the tests that read it).
pub fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(rel)
}

pub fn read(rel: &str) -> String {
    let p = data(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

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
