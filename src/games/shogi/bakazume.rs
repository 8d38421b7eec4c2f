//! What shogi gives the stipulation solvers of [`crate::solver::stipulated`]: the shogi
//! names counted in plies, the attacker (the side to move) checking with every move.
//! ばか詰 and 協力自玉詰 are help play (breadth first, [`crate::solver::shortest`]), 自玉詰
//! a selfmate. The ばか詰 conventions are
//! fmrs's, stated in `docs/stipulations.md`: both hands as the position states them,
//! pieces may stay in the attacker's hand, no futile-interposition rule, a pawn drop that
//! mates is no move at all (打ち歩詰め), and the answer is every shortest solution, each
//! move order counted.

use super::Position;
use super::solve::{checks, evasions};
use super::types::Move;
use crate::solver::Unit;
use crate::solver::stipulated::Stipulated;

/// The most plies a depth-first search of a shogi name takes (自玉詰; the help names are
/// searched breadth first, without this bound).
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

    /// In check, only the replies that can answer it are tried (the tsume solver's
    /// generator, in the general generator's order; out of check it gives every legal
    /// move, so the check is not tested twice).
    fn tried_moves(&self) -> Vec<Move> {
        evasions(self)
    }

    /// Read from the attack tables, without playing each move.
    fn checking_moves(&self) -> Vec<Move> {
        checks(self)
    }

    fn key_after(&self, mv: Move) -> u64 {
        self.hash_after(mv)
    }
}
