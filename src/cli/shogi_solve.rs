//! Tsume solving for the shogi adapter: the position and its answer.

use super::error::CliError;
use super::game::{SolveRequest, Solved};
use hensoku::games::shogi::Position;
use hensoku::games::shogi::notation::sfen;
use hensoku::games::shogi::solve;

pub fn solve(pos: &Position, req: &SolveRequest) -> Result<Solved, CliError> {
    let answer = solve::solve(pos, req.mate_in, &req.limits);
    Ok(Solved::new(sfen::to_sfen(pos), answer))
}
