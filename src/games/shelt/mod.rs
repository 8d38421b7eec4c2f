//! Shelt (シェルト), the 7×7 game of the Arka community: position, plies, readout,
//! compact algebraic and SPN notations, validator and mate-in-N solver.
//!
//! ```
//! use hensoku::shelt::{Position, perft};
//! assert_eq!(perft(&Position::startpos(), 2), 900);
//! ```
//!
//! Two solvers answer the same question: `solve` runs the generic df-pn solver (what the
//! CLI uses: solution tree, cooks and duals), `solve::exact` is a small exhaustive AND/OR
//! search that lists every winning reply to every defence. The tests hold them to each
//! other.

pub mod face;
pub mod io;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod print;
pub mod record;
pub mod render;
pub mod resolve;
mod rule_kind;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod types;
pub mod validate;

pub use position::Position;
pub use rule_kind::SheltRule;
pub use types::Ply;

impl crate::core::Game for Position {
    type Move = Ply;
    fn legal_moves(&self) -> Vec<Ply> {
        movegen::plies(self)
    }
    fn after(&self, ply: Ply) -> Self {
        movegen::play(self, ply)
    }
    fn key(&self) -> u64 {
        self.hash64()
    }
    /// The side to move's moon, or its only magic piece, is attacked (§7.2).
    fn in_check(&self) -> bool {
        movegen::in_check(self, self.side_to_move())
    }
    fn move_text(&self, ply: Ply) -> String {
        print::readout(
            self,
            resolve::Previous::None,
            ply,
            movegen::play(self, ply).end().is_some(),
        )
    }
    /// A finished game is a loss for the side to move when the other side won (every
    /// Shelt ending has a winner; draws are by agreement only).
    fn outcome(&self) -> Option<crate::core::Outcome> {
        match self.end() {
            Some(e) if e.winner != self.side_to_move() => Some(crate::core::Outcome::Loss),
            Some(_) => None,
            None => movegen::plies(self)
                .is_empty()
                .then_some(crate::core::Outcome::Loss),
        }
    }
}

/// Shelt's stipulations beyond `#N`: Popeye's spellings counted in moves; the goal is the
/// capture that wins (of the moon or the last magic piece), which need not give check;
/// no stalemate (a side without a ply loses) and no passing.
impl crate::solver::stipulated::Stipulated for Position {
    const NAME: &'static str = "shelt";
    const UNIT: crate::solver::Unit = crate::solver::Unit::Moves;
    const MAX_LENGTH: u32 = 20;
    const HAS_STALEMATE: bool = false;
    const MATE_GIVES_CHECK: bool = false;

    fn passed(&self) -> Option<Self> {
        None
    }

    /// The side to move has lost: its moon or last magic piece was taken, or it has no ply.
    fn mated(&self) -> bool {
        crate::core::Game::outcome(self) == Some(crate::core::Outcome::Loss)
    }

    /// No ply once the game has ended: a won capture ends the line.
    fn tried_moves(&self) -> Vec<Ply> {
        if self.end().is_some() {
            return Vec::new();
        }
        movegen::plies(self)
    }
}
