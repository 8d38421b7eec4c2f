//! A shogi position that knows which positions the attacker may no longer reach.
//!
//! The main-line reader ([`super::line`]) asks the plain df-pn solver about positions deep
//! in a line. That solver knows nothing of the moves played above them, yet under the
//! exact sennichite rule an attacker ply that makes a position occur for the fourth time
//! is illegal (every attacker ply of a tsume is a check, so it would complete a perpetual
//! check). [`Guarded`] carries the set of such positions: the attacker's moves into them
//! are dropped, and a defender who reaches one (the attacker has then lost) leaves the
//! attacker with no move. Everything else is the plain shogi position.

use std::rc::Rc;

use crate::core::Game;
use crate::games::shogi::{Move, Position};
use crate::solver::MateSearch;

/// Position keys that already occurred three times on the line above, sorted.
pub type Forbidden = Rc<Vec<u64>>;

#[derive(Clone)]
pub struct Guarded {
    pub pos: Position,
    forbidden: Forbidden,
}

impl Guarded {
    pub fn new(pos: Position, forbidden: Forbidden) -> Guarded {
        Guarded { pos, forbidden }
    }

    pub fn forbidden(&self) -> &[u64] {
        &self.forbidden
    }

    fn is_forbidden(&self, key: u64) -> bool {
        self.forbidden.contains(&key)
    }

    fn wrap(&self, pos: Position) -> Guarded {
        Guarded {
            pos,
            forbidden: self.forbidden.clone(),
        }
    }
}

impl Game for Guarded {
    type Move = Move;
    plain_game_methods!();
    fn after(&self, mv: Move) -> Self {
        self.wrap(self.pos.after(mv))
    }
    fn key(&self) -> u64 {
        self.pos.key()
    }
}

impl MateSearch for Guarded {
    plain_interposition_hooks!();
    fn attacker_moves(&self) -> Vec<Move> {
        if self.is_forbidden(self.key()) {
            return Vec::new();
        }
        let moves = self.pos.attacker_moves();
        if self.forbidden.is_empty() {
            return moves;
        }
        moves
            .into_iter()
            .filter(|&m| !self.is_forbidden(self.pos.key_after(m)))
            .collect()
    }
    fn defender_moves(&self) -> Vec<Move> {
        self.pos.defender_moves()
    }
    fn key_after(&self, mv: Move) -> u64 {
        self.pos.key_after(mv)
    }
    // No defence groups here: the estimate is the plain count.
    fn defence_estimate(&self) -> usize {
        self.pos.defender_move_count()
    }
    fn defender_moves_marked(&self) -> (Vec<Move>, Vec<bool>) {
        self.pos.defender_moves_marked()
    }
    fn zero_ply_holds(&self) -> Option<bool> {
        self.pos.zero_ply_holds()
    }
}
