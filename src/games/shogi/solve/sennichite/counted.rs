//! A shogi position together with how often each position occurred on the line to it.
//!
//! With it the ordinary df-pn solver plays by the exact sennichite rule (see the module
//! above): the attacker's moves to a position seen three times are dropped; a defender
//! who makes a fourth occurrence leaves the attacker without a move (the attacker lost by
//! perpetual check); a defender pawn drop that could only be answered by a fourth
//! occurrence is dropped (it would be uchifuzume).
//!
//! The table key is the position's key mixed with the positions seen at least twice and
//! their counts. A line that comes back to a position so changes the key, so the solver's
//! own repetition test never fires; positions seen once are left out of the key so that
//! transpositions still meet in the table (see the module docs for what that assumes).

use std::rc::Rc;

use crate::core::Game;
use crate::games::shogi::movegen;
use crate::games::shogi::{Color, Kind, Move, Position};
use crate::solver::MateSearch;

/// The line so far, newest first, shared between a node and its children.
struct Line {
    key: u64,
    up: Option<Rc<Line>>,
}

#[derive(Clone)]
pub struct Counted {
    pub pos: Position,
    line: Rc<Line>,
    /// Mix of (key, count) for every position seen at least twice on the line.
    seen_twice: u64,
    attacker: Color,
    /// The attacker's last move came back to a position seen before: the line follows a
    /// loop the defender forced (see `attacker_moves`).
    looping: bool,
}

impl Counted {
    pub fn root(pos: &Position) -> Counted {
        Counted {
            line: Rc::new(Line {
                key: pos.key(),
                up: None,
            }),
            pos: pos.clone(),
            seen_twice: 0,
            attacker: pos.side_to_move(),
            looping: false,
        }
    }

    /// How often `key` occurred on the line, this position included.
    fn occurrences(&self, key: u64) -> u32 {
        let mut n = 0;
        let mut cur = Some(&self.line);
        while let Some(l) = cur {
            n += u32::from(l.key == key);
            cur = l.up.as_ref();
        }
        n
    }

    /// Keys that occurred three times on the line (the attacker may not make them occur
    /// again).
    pub fn seen_three_times(&self) -> Vec<u64> {
        let mut keys = Vec::new();
        let mut cur = Some(&self.line);
        while let Some(l) = cur {
            if !keys.contains(&l.key) && self.occurrences(l.key) >= 3 {
                keys.push(l.key);
            }
            cur = l.up.as_ref();
        }
        keys.sort_unstable();
        keys
    }

    /// `looping` after a move to the position `key`: an attacker move that comes back to a
    /// position seen before starts or continues a loop; a defender move keeps the flag.
    fn looping_after(&self, key: u64) -> bool {
        if self.pos.side_to_move() == self.attacker {
            self.occurrences(key) > 0
        } else {
            self.looping
        }
    }

    /// `seen_twice` after one more occurrence of `key`.
    fn seen_twice_with(&self, key: u64) -> u64 {
        let before = self.occurrences(key);
        self.seen_twice ^ weight(key, before) ^ weight(key, before + 1)
    }

    /// Is `mv` a defender pawn drop onto the square in front of the attacker's king whose
    /// every answer would make a fourth occurrence?
    fn pawn_drop_mates_by_repetition(&self, mv: Move) -> bool {
        let Move::Drop {
            kind: Kind::Pawn,
            to,
        } = mv
        else {
            return false;
        };
        if !movegen::pawn_drop_checks(&self.pos, to) {
            return false;
        }
        let after = self.after(mv);
        movegen::legal_moves(&after.pos)
            .into_iter()
            .all(|m| after.occurrences(after.pos.key_after(m)) >= 3)
    }

    fn wrap(&self, pos: Position) -> Counted {
        Counted {
            pos,
            line: self.line.clone(),
            ..self.clone()
        }
    }
}

fn looping_bit(looping: bool) -> u64 {
    if looping { 0x5851_F42D_4C95_7F2D } else { 0 }
}

/// A position's share of the key at `count` occurrences (none below two).
fn weight(key: u64, count: u32) -> u64 {
    if count < 2 {
        0
    } else {
        (key ^ u64::from(count).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93)
            .rotate_left(29)
    }
}

impl Game for Counted {
    type Move = Move;
    plain_game_methods!();
    fn after(&self, mv: Move) -> Self {
        let pos = self.pos.after(mv);
        let key = pos.key();
        let seen_twice = self.seen_twice_with(key);
        let looping = self.looping_after(key);
        let line = Rc::new(Line {
            key,
            up: Some(self.line.clone()),
        });
        Counted {
            pos,
            line,
            seen_twice,
            attacker: self.attacker,
            looping,
        }
    }
    fn key(&self) -> u64 {
        self.pos.key() ^ self.seen_twice ^ looping_bit(self.looping)
    }
}

impl MateSearch for Counted {
    plain_interposition_hooks!();
    fn attacker_moves(&self) -> Vec<Move> {
        if self.occurrences(self.pos.key()) >= 4 {
            return Vec::new();
        }
        let moves = self.pos.attacker_moves();
        let may_loop = moves.len() == 1 || self.looping;
        moves
            .into_iter()
            .filter(|&m| match self.occurrences(self.pos.key_after(m)) {
                0 => true,
                n => may_loop && n < 3,
            })
            .collect()
    }
    fn defender_moves(&self) -> Vec<Move> {
        self.defender_moves_marked().0
    }
    fn defender_moves_marked(&self) -> (Vec<Move>, Vec<bool>) {
        let (moves, marks) = self.pos.defender_moves_marked();
        moves
            .into_iter()
            .zip(marks)
            .filter(|&(m, _)| !self.pawn_drop_mates_by_repetition(m))
            .unzip()
    }
    fn key_after(&self, mv: Move) -> u64 {
        let key = self.pos.key_after(mv);
        let looping = self.looping_after(key);
        key ^ self.seen_twice_with(key) ^ looping_bit(looping)
    }
}
