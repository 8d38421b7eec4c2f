//! The shogi adapter's stipulations beyond tsume: ばか詰 (`bakazume N`, `ばか詰 N手`), from
//! a `.puzzle` file (its `Position` an SFEN, one stated solution per line in USI), a record
//! (its start) or `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use super::stipulation::{compare, stated_lines};
use hensoku::Stipulation;
use hensoku::shogi::{Position, Refusal, check_stipulation, sfen, solve_stipulation};

/// `None` when shogi has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    match check_stipulation(&stip) {
        Err(Refusal::Unsupported) => None,
        Err(refusal) => Some(Err(refused(&stip, refusal))),
        Ok(()) => Some(solve_with(input, pos, req, stip)),
    }
}

/// The usage error of a stipulation shogi refuses for its length.
fn refused(stip: &Stipulation, refusal: Refusal) -> CliError {
    match refusal {
        Refusal::Length { max } => {
            CliError::usage(format!("{} counts plies: 1 to {max}", stip.spelling()))
        }
        Refusal::Unsupported => super::stipulation::refused("shogi", stip),
    }
}

fn solve_with(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Result<Solved, CliError> {
    let position: Position = match input {
        Some(i) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            sfen::parse_position(&file.position).map_err(|p| file.position_error(&i.name, p))?
        }
        Some(i) => super::shogi::record_start(i)?,
        None => super::shogi::position(pos)?,
    };
    let answer = solve_stipulation(&position, &stip, &req.limits).map_err(|r| refused(&stip, r))?;
    let stated = input.map(stated_lines).unwrap_or_default();
    let comparison = compare(&answer, &stated);
    let mut solved = Solved::new(sfen::to_sfen(&position), answer);
    solved.stated = comparison;
    Ok(solved)
}
