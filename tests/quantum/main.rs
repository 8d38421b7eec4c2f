//! Quantum Chamber: notation, rules, endings, perft, the solver.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod cli;
mod ending;
mod grammar_quantum;
mod notation;
mod perft;
mod puzzles;
mod setup;
mod solver;
mod validate;
