//! Tsume solving for the shogi adapter (wired to the generic solver).

use super::error::CliError;
use super::game::{SolveAnswer, SolveRequest};
use hensoku::games::shogi::Position;

pub fn solve(_pos: &Position, _req: &SolveRequest) -> Result<SolveAnswer, CliError> {
    Err(CliError::usage("the solver is being merged"))
}
