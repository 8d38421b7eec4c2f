//! Help play in orthodox chess (`h#n`, `h#n.5`, `h=n`, `ser-h#n`, `ser-#n`): the generic
//! help search of [`crate::solver::help`] over the chess position.

use super::Position;
use super::solve::Directmate;
use crate::solver::help::HelpGame;

impl HelpGame for Position {
    fn passed(&self) -> Option<Self> {
        Directmate::passed(self)
    }

    const HAS_STALEMATE: bool = true;
}
