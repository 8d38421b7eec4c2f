//! Stipulations beyond tsume, counted in plies: ばか詰 and 協力自玉詰 (help play: both sides
//! cooperate, every solution listed) and 自玉詰 (a selfmate), the attacker checking with
//! every move in all three.

use crate::games::shogi::position::Position;
use crate::{Answer, Limits, Stipulation, StipulationError};

/// The stipulation as [`solve_stipulation`] takes it, or why shogi does not solve it:
/// a caller refuses a stipulation first, whatever the position.
pub fn check_stipulation(stip: &Stipulation) -> Result<Stipulation, StipulationError> {
    crate::solver::stipulated::check::<Position>(stip)
}

/// Solve a stipulation other than tsume from `pos`: ばか詰 (`bakazume N`) and 協力自玉詰
/// (`kyoryoku-jigyokuzume N`), every shortest solution within N plies; 自玉詰
/// (`jigyokuzume N`), the keys of the shortest selfmate with their trees. The conventions
/// are in `docs/stipulations.md`.
///
/// ```
/// use hensoku::{Limits, Outcome, Stipulation, StipulationError, shogi};
///
/// let stip: Stipulation = "bakazume 1".parse().expect("a stipulation");
/// let pos: shogi::Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let answer = shogi::solve_stipulation(&pos, &stip, &Limits::default()).unwrap();
/// assert_eq!(answer.result, Outcome::Solved);
/// let h2: Stipulation = "h=2".parse().expect("a stipulation");
/// let refused = shogi::solve_stipulation(&pos, &h2, &Limits::default());
/// assert!(matches!(refused, Err(StipulationError::Unsupported(_))));
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub fn solve_stipulation(
    pos: &Position,
    stip: &Stipulation,
    limits: &Limits,
) -> Result<Answer, StipulationError> {
    crate::solver::stipulated::solve(pos, stip, limits)
}
