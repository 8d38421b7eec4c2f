//! Shogi: notations, rules, perft, the tsume solver, real-world records.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod convert;
mod csa;
mod grammar_csa;
mod grammar_kif;
mod grammar_usi;
mod kif;
mod perft;
mod puzzles;
mod realworld;
mod roundtrip;
mod sennichite;
mod tsume;
mod tsume_classics;
mod validate;
