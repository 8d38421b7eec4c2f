//! Shogi with the 将棋のお供 cards (`--game shogi-cards`, rules in the card-shogi rules
//! file): a variant built on `games::shogi`, whose code knows nothing about cards.

pub mod card;
pub mod cardmoves;
pub mod face;
pub mod naive;
pub mod notation;
pub mod notation_csa;
pub mod notation_kif;
pub mod notation_read;
pub mod position;
pub mod records;
pub mod records_read;
pub mod render;
mod rule_kind;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod validate;

#[cfg(test)]
mod crosscheck_tests;

pub use rule_kind::CardRule;
