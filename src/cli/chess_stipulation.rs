//! The chess adapter's stipulations beyond direct mates: help play (`h#n`, `h#n.5`, `h=n`,
//! `ser-h#n`, `ser-#n`, `hs#n`), selfmates and reflexmates (`s#n`, `r#n`), from a
//! `.puzzle` file (its `Position` a FEN, one stated solution per line), a PGN game (its
//! `FEN`) or `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use hensoku::Stipulation;
use hensoku::chess::Chess;

/// `None` when chess has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    super::stipulation::solve::<Chess>(input, req, stip, || match input {
        Some(i) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            Ok(super::chess::position(Some(&file.position))?)
        }
        Some(i) => super::chess::puzzle_position(i),
        None => Ok(super::chess::position(pos)?),
    })
}
