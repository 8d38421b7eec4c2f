//! The chess adapter's stipulations beyond direct mates: help play (`h#n`, `h#n.5`, `h=n`,
//! `ser-h#n`, `ser-#n`), selfmates and reflexmates (`s#n`, `r#n`), from a `.puzzle` file
//! (its `Position` a FEN, one stated solution per line), a PGN game (its `FEN`) or
//! `--position`.

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use super::stipulation::{compare, stated_lines};
use hensoku::games::chess::notation::fen;
use hensoku::games::chess::{Position, selfmate};
use hensoku::solver::{Goal, Play, Stipulation, Unit, help};

/// The longest stipulation the chess solvers take, in moves (as `--mate-in`).
const MAX_MOVES: u32 = 20;

/// `None` when chess has no solver for `stip`.
pub fn solve(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
) -> Option<Result<Solved, CliError>> {
    // shogi's names count plies and follow the tsume conventions: not chess's
    if stip.unit == Unit::Plies && stip.play != Play::Direct {
        return None;
    }
    let stip = stip.in_unit(Unit::Moves);
    let selfplay = matches!(stip.play, Play::SelfPlay | Play::Reflex) && stip.goal == Goal::Mate;
    if !stip.play.is_help() && !selfplay {
        return None;
    }
    if stip.play.is_help() && help::check::<Position>(&stip, "chess").is_err() {
        return None;
    }
    Some(solve_with(input, pos, req, stip, selfplay))
}

fn solve_with(
    input: Option<&Input>,
    pos: Option<&str>,
    req: &SolveRequest,
    stip: Stipulation,
    selfplay: bool,
) -> Result<Solved, CliError> {
    if stip.length.is_none_or(|n| n > MAX_MOVES) {
        return Err(CliError::usage(format!(
            "{} counts moves: 1 to {MAX_MOVES}",
            stip.spelling()
        )));
    }
    let position = match input {
        Some(i) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            super::chess::position(Some(&file.position))?
        }
        Some(i) => super::chess::puzzle_position(i)?,
        None => super::chess::position(pos)?,
    };
    let answer = if selfplay {
        selfmate::solve(&position, stip, &req.limits)
    } else {
        help::solve(&position, stip, &req.limits)
    };
    let stated = input.map(stated_lines).unwrap_or_default();
    let comparison = compare(&answer, &stated);
    let mut solved = Solved::new(fen::to_fen(&position), answer);
    solved.stated = comparison;
    Ok(solved)
}
