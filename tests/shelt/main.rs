//! Shelt: notations, rules, perft, the solver, the command line.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod cli;
mod grammar;
mod notation;
mod perft;
mod setup;
mod solve;
mod validate;
