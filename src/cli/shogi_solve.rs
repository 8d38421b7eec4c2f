//! Tsume solving for the shogi adapter: the position and its answer.

use super::error::CliError;
use super::game::{SolveRequest, Solved};
use hensoku::shogi::{Position, SolveConfig, sfen};

pub fn solve(pos: &Position, req: &SolveRequest) -> Result<Solved, CliError> {
    let answer = hensoku::shogi::solve_with(pos, req.mate_in, &req.limits, &SolveConfig::default());
    Ok(Solved::new(sfen::to_sfen(pos), answer))
}
