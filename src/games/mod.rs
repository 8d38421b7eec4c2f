//! One folder per game. No game's code refers to another's.

pub mod shelt;
pub mod shogi;
pub mod shogi_cards;
