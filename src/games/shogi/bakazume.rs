//! ばか詰 (bakazume), shogi's help play: the attacker (the side to move) checks with every
//! move, the defender plays any legal reply, and the defender is mated at the end. The
//! conventions are fmrs's, stated in `docs/stipulations.md`: both hands as the position
//! states them, pieces may stay in the attacker's hand, no futile-interposition rule, a
//! pawn drop that mates is no move at all (打ち歩詰め), and the answer is every shortest
//! solution, each move order counted. The search is the generic help search of
//! [`crate::solver::help`].

use super::Position;
use crate::solver::help::HelpGame;

impl HelpGame for Position {
    /// Series play is not part of shogi's conventions: no side passes.
    fn passed(&self) -> Option<Self> {
        None
    }

    /// A side without a legal move loses in shogi: there is no stalemate.
    const HAS_STALEMATE: bool = false;

    const MATER_CHECKS: bool = true;
}
