//! The stipulations chess solves beyond the direct mate: help play (`h#n`, `h#n.5`, `h=n`,
//! `ser-h#n`, `ser-#n`) on the generic help search, selfmates and reflexmates (`s#n`,
//! `r#n`) on [`super::selfmate`]. Which ones, and up to which length, is decided here, once
//! for the library and the command line.

use std::fmt;

use super::position::Position;
use crate::solver::{Answer, Goal, Limits, Play, Stipulation, Unit, help};

/// The longest stipulation the chess solvers take, in moves (as a direct mate's).
pub const MAX_MOVES: u32 = 20;

/// Why chess gives no answer to a stipulation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StipulationError {
    /// No chess solver plays it: a direct mate is [`solve`](crate::chess::solve)'s, and
    /// the shogi names (counted in plies) follow the tsume conventions, not chess's.
    Unsupported(String),
    /// Its length is missing or longer than [`MAX_MOVES`].
    Length(String),
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StipulationError::Unsupported(why) | StipulationError::Length(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StipulationError {}

/// The stipulation counted in moves, when a chess solver takes it.
pub fn check(stip: &Stipulation) -> Result<Stipulation, StipulationError> {
    let refuse = |why: &str| {
        Err(StipulationError::Unsupported(format!(
            "chess cannot solve {}: {why}",
            stip.spelling()
        )))
    };
    // shogi's names count plies and follow the tsume conventions: not chess's
    if stip.unit == Unit::Plies && stip.play != Play::Direct {
        return refuse("its length counts plies");
    }
    let stip = stip.in_unit(Unit::Moves);
    if !stip.play.is_help() && !self_play(&stip) {
        return refuse("chess solves help, self and reflex play here");
    }
    if stip.play.is_help()
        && let Err(help::Refused(why)) = help::check::<Position>(&stip, "chess")
    {
        return Err(StipulationError::Unsupported(why));
    }
    if stip.length.is_none_or(|n| n > MAX_MOVES) {
        return Err(StipulationError::Length(format!(
            "{} counts moves: 1 to {MAX_MOVES}",
            stip.spelling()
        )));
    }
    Ok(stip)
}

/// A selfmate or reflexmate.
fn self_play(stip: &Stipulation) -> bool {
    matches!(stip.play, Play::SelfPlay | Play::Reflex) && stip.goal == Goal::Mate
}

/// Every solution of `stip` from `pos`, or why chess does not solve it.
pub fn solve(
    pos: &Position,
    stip: &Stipulation,
    limits: &Limits,
) -> Result<Answer, StipulationError> {
    let stip = check(stip)?;
    Ok(if self_play(&stip) {
        super::selfmate::solve(pos, stip, limits)
    } else {
        help::solve(pos, stip, limits)
    })
}
