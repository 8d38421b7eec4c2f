//! Chess: notation, rules, perft, the mate solver, real-world PGN and 5DPGN.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod grammar;
mod mate;
mod perft;
mod realworld_pgn;
mod setup;
mod validate;
