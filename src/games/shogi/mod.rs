//! Standard shogi: position, move generation, rules, notations, validator.

pub mod bakazume;
pub mod branches;
pub mod face;
mod gave_check;
mod history;
pub mod io;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod record;
pub mod render;
pub mod repeated;
mod rule_kind;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod tables;
pub mod timing;
pub mod types;
pub mod validate;

pub use position::Position;
pub use rule_kind::ShogiRule;
pub use types::{Color, Kind, Move, Square};

impl crate::core::Game for Position {
    type Move = Move;
    fn legal_moves(&self) -> Vec<Move> {
        movegen::legal_moves(self)
    }
    fn after(&self, mv: Move) -> Self {
        Position::after(self, mv)
    }
    fn key(&self) -> u64 {
        self.hash()
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn move_text(&self, mv: Move) -> String {
        notation::usi::move_text(mv)
    }
}
