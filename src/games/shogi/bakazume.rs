//! What shogi gives the stipulation solvers of [`crate::solver::stipulated`]: the shogi
//! names counted in plies, the attacker (the side to move) checking with every move.
//! ばか詰 and 協力自玉詰 are help play, 自玉詰 a selfmate. The ばか詰 conventions are
//! fmrs's, stated in `docs/stipulations.md`: both hands as the position states them,
//! pieces may stay in the attacker's hand, no futile-interposition rule, a pawn drop that
//! mates is no move at all (打ち歩詰め), and the answer is every shortest solution, each
//! move order counted.

use super::Position;
use crate::solver::Unit;
use crate::solver::stipulated::Stipulated;

/// The most plies a search of a shogi name takes.
pub const MAX_PLIES: u32 = 99;

impl Stipulated for Position {
    const NAME: &'static str = "shogi";
    const UNIT: Unit = Unit::Plies;
    const MAX_LENGTH: u32 = MAX_PLIES;
    /// A side without a legal move loses in shogi: there is no stalemate.
    const HAS_STALEMATE: bool = false;
    const FIRST_MOVER_CHECKS: bool = true;

    /// No side passes in shogi's conventions.
    fn passed(&self) -> Option<Self> {
        None
    }
}
