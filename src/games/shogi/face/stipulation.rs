//! Stipulations beyond tsume: ばか詰 (help-mate, both sides play for the mate), counted
//! in plies.

use crate::Stipulation;
use crate::games::shogi::position::Position;
use crate::solver::{Goal, Play, Unit, help};

/// The most plies a ばか詰 search takes.
const MAX_PLIES: u32 = 99;

/// Why shogi does not solve a stipulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Shogi has no solver for this stipulation: only ばか詰 (a help-mate counted in plies)
    /// is solved beyond [`solve`](super::solve)'s tsume.
    Unsupported,
    /// The stipulation names no length, or more plies than the search takes.
    Length {
        /// The most plies the search takes.
        max: u32,
    },
}

/// Whether [`solve_stipulation`] takes `stip`, before any position is read: a caller
/// refuses a stipulation first, whatever the position.
pub fn check_stipulation(stip: &Stipulation) -> Result<(), Refusal> {
    if (stip.play, stip.goal, stip.unit) != (Play::Help, Goal::Mate, Unit::Plies) {
        return Err(Refusal::Unsupported);
    }
    if stip.length.is_none_or(|n| n > MAX_PLIES) {
        return Err(Refusal::Length { max: MAX_PLIES });
    }
    Ok(())
}

/// Solve a stipulation other than tsume from `pos`: ばか詰 (`bakazume N`), where both
/// sides cooperate for the mate in exactly N plies, every solution listed.
///
/// ```
/// use hensoku::{Limits, Outcome, Stipulation, shogi};
///
/// let stip: Stipulation = "bakazume 1".parse().expect("a stipulation");
/// let pos: shogi::Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let answer = shogi::solve_stipulation(&pos, &stip, &Limits::default()).unwrap();
/// assert_eq!(answer.result, Outcome::Solved);
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub fn solve_stipulation(
    pos: &Position,
    stip: &Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, Refusal> {
    check_stipulation(stip)?;
    Ok(help::solve(pos, *stip, limits))
}
