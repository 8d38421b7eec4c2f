//! Quantum Chamber (Masahiro Nakajima, 2013) on the hexagonal Amoeba board: board, QFEN, QMN,
//! QGN, move generation, end conditions, validator, puzzle solvers (its goals, and help and
//! self play over its win) and rendering.

mod chains;
pub mod ending;
pub mod face;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod render;
mod rule_kind;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod stipulated;
pub mod types;
pub mod validate;

pub use position::Position;
pub use rule_kind::QuantumRule;
