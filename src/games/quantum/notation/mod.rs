//! The text formats of Quantum Chamber: QFEN positions, QMN moves, QGN records and puzzle
//! lines (§13–§16). The readers know nothing of legality; `rules` resolves moves.

pub mod point;
pub mod puzzle;
pub mod qfen;
pub mod qgn;
pub mod qmn;
