//! Portal Chess (Hidden, Buckley, Howe): notation, rules, puzzles, the command line.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod buckley;
mod cli;
mod grammar;
mod hidden;
mod howe;
mod howe_cli;
mod howe_notation;
mod howe_validate;
mod puzzles;
mod setup;
