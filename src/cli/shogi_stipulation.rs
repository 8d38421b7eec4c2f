//! The shogi adapter's stipulations beyond tsume: ばか詰 (`bakazume N`, `ばか詰 N手`), from
//! a `.puzzle` file (its `Position` an SFEN, one stated solution per line in USI), a record
//! (its start) or `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use super::stipulation::{compare, stated_lines};
use hensoku::games::shogi::Position;
use hensoku::games::shogi::notation::sfen;
use hensoku::solver::{Goal, Play, Stipulation, Unit, help};

/// The most plies a ばか詰 search takes.
const MAX_PLIES: u32 = 99;

/// `None` when shogi has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    if (stip.play, stip.goal, stip.unit) != (Play::Help, Goal::Mate, Unit::Plies) {
        return None;
    }
    Some(solve_with(input, pos, req, stip))
}

fn solve_with(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Result<Solved, CliError> {
    if stip.length.is_none_or(|n| n > MAX_PLIES) {
        return Err(CliError::usage(format!(
            "{} counts plies: 1 to {MAX_PLIES}",
            stip.spelling()
        )));
    }
    let position: Position = match input {
        Some(i) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            sfen::parse_position(&file.position).map_err(|p| file.position_error(&i.name, p))?
        }
        Some(i) => super::shogi::record_start(i)?,
        None => super::shogi::position(pos)?,
    };
    let answer = help::solve(&position, stip, &req.limits);
    let stated = input.map(stated_lines).unwrap_or_default();
    let comparison = compare(&answer, &stated);
    let mut solved = Solved::new(sfen::to_sfen(&position), answer);
    solved.stated = comparison;
    Ok(solved)
}
