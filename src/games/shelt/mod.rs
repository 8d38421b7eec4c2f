//! Shelt (シェルト), the 7×7 game of the Arka community: position, plies, readout,
//! compact algebraic and SPN notations, validator and mate-in-N solver.

pub mod movegen;
pub mod position;
pub mod types;

pub use position::Position;
pub use types::{Kind, Lantis, Ply, Side, Square};
