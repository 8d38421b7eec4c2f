//! 5D Chess: notation, actions, the corpus, diagnostics, puzzles.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod actions;
mod cli;
mod corpus;
mod correctness;
mod diagnostics;
mod grammar;
mod pieces;
mod puzzles;
mod robust;
mod setup;
