//! Orthodox chess: the core every Portal Chess version is built on. Bitboard position,
//! legal move generation, FEN/EPD, SAN, UCI and PGN, a validator and a directmate solver.

pub mod bitboard;
pub mod face;
pub mod help;
pub mod io;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod record;
pub mod render;
mod rule_kind;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod types;
pub mod validate;

pub use position::Position;
pub use rule_kind::ChessRule;
pub use types::{Color, Move};

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
        notation::san::move_text(self, mv)
    }
}
