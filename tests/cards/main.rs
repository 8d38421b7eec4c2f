//! Shogi with the 将棋のお供 cards: notation, rules, puzzles, cross-checks.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod grammar_cards;
mod no_panic;
mod notation;
mod puzzles;
mod rules;
mod setup;
mod validate;
