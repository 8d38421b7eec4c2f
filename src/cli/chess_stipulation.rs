//! The chess adapter's stipulations beyond direct mates: help play (`h#n`, `h#n.5`, `h=n`,
//! `ser-h#n`, `ser-#n`), selfmates and reflexmates (`s#n`, `r#n`), from a `.puzzle` file
//! (its `Position` a FEN, one stated solution per line), a PGN game (its `FEN`) or
//! `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use super::stipulation::{compare, stated_lines};
use hensoku::Stipulation;
use hensoku::chess::{self as game, StipulationError};

/// `None` when chess has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    // refused before the position is read, so a refusal is the answer whatever it is
    match game::check_stipulation(&stip) {
        Err(StipulationError::Length(why)) => Some(Err(CliError::usage(why))),
        Err(_) => None,
        Ok(stip) => Some(solve_with(input, pos, req, stip)),
    }
}

fn solve_with(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Result<Solved, CliError> {
    let position = match input {
        Some(i) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            super::chess::position(Some(&file.position))?
        }
        Some(i) => super::chess::puzzle_position(i)?,
        None => super::chess::position(pos)?,
    };
    let answer = game::solve_stipulation(&position, &stip, &req.limits)
        .map_err(|e| CliError::usage(e.to_string()))?;
    let stated = input.map(stated_lines).unwrap_or_default();
    let comparison = compare(&answer, &stated);
    let mut solved = Solved::new(position.to_string(), answer);
    solved.stated = comparison;
    Ok(solved)
}
