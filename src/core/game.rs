//! The trait every game's position implements; the solver and CLI are written against it.

use std::fmt::Debug;
use std::hash::Hash;

/// How a game ended, from the point of view of the side to move at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The side to move has lost (checkmated, or no legal move).
    Loss,
    /// Drawn (repetition and the like).
    Draw,
}

/// A playable position of some game.
///
/// Implementations keep `play` cheap and trust their input: legality is the business of
/// `legal_moves` (and of each game's validator, which explains *why* a move is illegal).
pub trait Game: Clone {
    type Move: Copy + Eq + Hash + Debug + Ord;

    /// Every legal move of the side to move, in a fixed order (determinism matters: the
    /// solver's answers must not depend on hash order).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// The position after a legal move.
    fn after(&self, mv: Self::Move) -> Self;

    /// A hash of everything that makes two positions the same for repetition.
    fn key(&self) -> u64;

    /// True when the side to move is in check / under attack in the game's own sense.
    fn in_check(&self) -> bool;

    /// The move in the game's primary text notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The game's result if the side to move cannot continue, `None` otherwise.
    fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            Some(Outcome::Loss)
        } else {
            None
        }
    }
}
