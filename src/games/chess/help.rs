//! What orthodox chess gives the stipulation solvers of [`crate::solver::stipulated`]:
//! Popeye's spellings counted in moves, stalemate, and passing for series play and threats.

use super::Position;
use super::solve::Directmate;
use crate::solver::Unit;
use crate::solver::stipulated::Stipulated;

/// The longest stipulation the chess solvers take, in moves (as a direct mate's).
pub const MAX_MOVES: u32 = 20;

impl Stipulated for Position {
    const NAME: &'static str = "chess";
    const UNIT: Unit = Unit::Moves;
    const MAX_LENGTH: u32 = MAX_MOVES;
    const HAS_STALEMATE: bool = true;
    const SERIES: bool = true;

    fn passed(&self) -> Option<Self> {
        Directmate::passed(self)
    }
}
