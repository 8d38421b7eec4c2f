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
mod move_hook;
mod perft;
mod puzzles;
mod realworld;
mod roundtrip;
mod sennichite;
mod setup;
mod stipulations;
mod tsume;
mod tsume_classics;
mod validate;

/// The tsume answer from `pos`: the shortest mate, or a mate within `mate_in` plies, with
/// the solver's default configuration.
fn solve(
    pos: &hensoku::shogi::Position,
    mate_in: Option<u32>,
    limits: &hensoku::Limits,
) -> hensoku::Answer<hensoku::shogi::ShogiExtension> {
    let config = hensoku::shogi::SolveConfig::default();
    hensoku::shogi::solve_with(pos, mate_in, limits, &config)
}
