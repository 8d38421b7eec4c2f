//! One folder per game. No game's code refers to another's.

pub mod chess;
pub mod fived;
pub mod portal;
pub mod quantum;
pub mod shelt;
pub mod shogi;
pub mod shogi_cards;
