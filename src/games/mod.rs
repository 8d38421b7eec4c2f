//! One folder per game. No game's code refers to another's.

pub mod shogi;
pub mod quantum;
