//! Shelt (シェルト), the 7×7 game of the Arka community: position, plies, readout,
//! compact algebraic and SPN notations, validator and mate-in-N solver.

pub mod io;
pub mod movegen;
pub mod notation;
pub mod setup;
pub mod solve;
pub mod position;
pub mod print;
pub mod record;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod types;
pub mod validate;

pub use position::Position;
pub use types::{Kind, Lantis, Ply, Side, Square};
