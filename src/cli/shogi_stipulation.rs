//! The shogi adapter's stipulations beyond tsume (ばか詰, 協力自玉詰, 自玉詰), from a
//! `.puzzle` file (its `Position` an SFEN, one stated solution per line in USI), a record
//! (its start) or `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use hensoku::Stipulation;
use hensoku::shogi::{Position, Shogi, sfen};

/// `None` when shogi has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    super::stipulation::solve::<Shogi>(input, req, stip, || -> Result<Position, CliError> {
        Ok(match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => {
                super::puzzle_file::position_with(i, sfen::parse_position)?
            }
            Some(i) => super::shogi::record_start(i)?,
            None => super::shogi::position(pos)?,
        })
    })
}
