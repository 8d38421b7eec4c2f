//! The multiverse (§2–§3): timelines of boards, labels, activity, the present.
//!
//! Timelines are stored by an integer index `l` whose neighbours are `l ± 1`. In an odd set-up
//! `l` is the label itself; in an even set-up the position is `λ = l + ½`, so `-0` is `l = -1`
//! and `+0` is `l = 0`. Printing and reading labels goes through [`Multiverse::label`] and
//! [`Multiverse::parse_label`].

use super::board::{Board, Sq};
use super::types::{Cell, Colour, Kind};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timeline {
    /// Time index `v = 2T + (black ? 1 : 0)` of the first board.
    pub start: i32,
    pub boards: Vec<Board>,
}

impl Timeline {
    pub fn end(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }
    pub fn get(&self, v: i32) -> Option<&Board> {
        if v < self.start {
            return None;
        }
        self.boards.get((v - self.start) as usize)
    }
    pub fn last(&self) -> &Board {
        // A timeline always holds at least one board (construction guarantees it).
        &self.boards[self.boards.len() - 1]
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// Every timeline and its boards: a 5D chess position.
pub struct Multiverse {
    /// Files per board.
    pub width: i32,
    /// Ranks per board.
    pub height: i32,
    /// Even set-up: labels `-0`/`+0` (§2.4).
    pub even: bool,
    /// Index of `timelines[0]`.
    pub low: i32,
    /// The timelines, from index `low` up.
    pub timelines: Vec<Timeline>,
    /// Lowest and highest index of the initial timelines.
    pub init_min: i32,
    /// Highest index of the initial timelines.
    pub init_max: i32,
    /// Pieces a pawn or brawn may promote to, the first being the default.
    pub promotions: Vec<Kind>,
}

/// Enough timelines for any real game; more is refused as unreasonable input.
pub const MAX_TIMELINES: usize = 2048;
/// The largest turn number a record or 5DFEN may name.
pub const MAX_TURN: i32 = 100_000;

impl Multiverse {
    /// The highest timeline index.
    pub fn high(&self) -> i32 {
        self.low + self.timelines.len() as i32 - 1
    }
    /// The timeline of index `l`.
    pub fn timeline(&self, l: i32) -> Option<&Timeline> {
        if l < self.low {
            return None;
        }
        self.timelines.get((l - self.low) as usize)
    }
    /// The timeline of index `l`, to change it.
    pub fn timeline_mut(&mut self, l: i32) -> Option<&mut Timeline> {
        if l < self.low {
            return None;
        }
        self.timelines.get_mut((l - self.low) as usize)
    }
    /// The board of timeline `l` at time index `v`.
    pub fn board(&self, l: i32, v: i32) -> Option<&Board> {
        self.timeline(l)?.get(v)
    }
    /// The time index of timeline `l`'s last board.
    pub fn end_v(&self, l: i32) -> Option<i32> {
        self.timeline(l).map(Timeline::end)
    }
    /// Is the board at (`l`, `v`) its timeline's last?
    pub fn is_end(&self, l: i32, v: i32) -> bool {
        self.end_v(l) == Some(v)
    }
    /// Is the square on the board?
    pub fn inside(&self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && file < self.width && rank < self.height
    }
    /// The cell of square `s` on the board at (`l`, `v`).
    pub fn cell(&self, l: i32, v: i32, s: Sq) -> Option<Cell> {
        self.board(l, v).map(|b| b.at(s))
    }

    /// Timelines created by white (`nW`) and by black (`nB`).
    pub fn created(&self) -> (i32, i32) {
        (self.high() - self.init_max, self.init_min - self.low)
    }
    /// §3.1: a player may be ahead of the opponent by one created timeline.
    pub fn active(&self, l: i32) -> bool {
        self.active_with(l, self.created())
    }
    /// [`Multiverse::active`] had white and black created `(nw, nb)` timelines: an action that
    /// branches wakes the opponent's timelines beyond the lead it allows.
    pub fn active_with(&self, l: i32, (nw, nb): (i32, i32)) -> bool {
        if l > self.init_max {
            l - self.init_max <= nb + 1
        } else if l < self.init_min {
            self.init_min - l <= nw + 1
        } else {
            true
        }
    }
    /// Every timeline index, lowest first.
    pub fn indices(&self) -> std::ops::RangeInclusive<i32> {
        self.low..=self.high()
    }
    /// §3.2: the smallest end time index among the active timelines.
    pub fn present(&self) -> i32 {
        self.indices()
            .filter(|&l| self.active(l))
            .filter_map(|l| self.end_v(l))
            .min()
            .unwrap_or(0)
    }
    /// The side to move: the colour of the present.
    pub fn to_move(&self) -> Colour {
        Colour::of_v(self.present())
    }
    /// §3.3: end boards of colour `p`, active or not.
    pub fn playable(&self, p: Colour) -> Vec<i32> {
        self.indices()
            .filter(|&l| self.end_v(l).is_some_and(|v| Colour::of_v(v) == p))
            .collect()
    }
    /// §3.3: playable boards of active timelines at the present.
    pub fn mandatory(&self, p: Colour) -> Vec<i32> {
        let present = self.present();
        self.playable(p)
            .into_iter()
            .filter(|&l| self.active(l) && self.end_v(l) == Some(present))
            .collect()
    }

    /// The printed label of timeline `l` (§2.4).
    pub fn label(&self, l: i32) -> String {
        if !self.even {
            return l.to_string();
        }
        if l >= 0 {
            format!("+{l}")
        } else {
            format!("-{}", -l - 1)
        }
    }
    /// The index of a written label; `None` for `-0` in an odd set-up. `0` in an even set-up
    /// means `+0` (R-14; the caller warns).
    pub fn parse_label(even: bool, negative: bool, n: i32) -> Option<i32> {
        match (even, negative) {
            (false, true) if n == 0 => None,
            (false, true) => Some(-n),
            (false, false) => Some(n),
            (true, true) => Some(-n - 1),
            (true, false) => Some(n),
        }
    }

    /// About the bytes a copy of this multiverse holds (its boards and timelines), for the
    /// memory bounds of the searches that keep copies.
    pub fn bytes(&self) -> usize {
        let boards: usize = self.timelines.iter().map(|t| t.boards.len()).sum();
        std::mem::size_of::<Self>()
            + self.timelines.len() * std::mem::size_of::<Timeline>()
            + boards * std::mem::size_of::<Board>()
    }

    /// Append a board to the end of timeline `l`.
    pub fn push(&mut self, l: i32, b: Board) {
        if let Some(t) = self.timeline_mut(l) {
            t.boards.push(b);
        }
    }
    /// Create the next timeline of `p` (white above, black below) starting at `v`.
    pub fn new_timeline(&mut self, p: Colour, v: i32, b: Board) -> i32 {
        let t = Timeline {
            start: v,
            boards: vec![b],
        };
        match p {
            Colour::White => {
                self.timelines.push(t);
                self.high()
            }
            Colour::Black => {
                self.timelines.insert(0, t);
                self.low -= 1;
                self.low
            }
        }
    }
    /// Undo [`Multiverse::new_timeline`].
    pub fn drop_timeline(&mut self, p: Colour) {
        match p {
            Colour::White => {
                self.timelines.pop();
            }
            Colour::Black => {
                self.timelines.remove(0);
                self.low += 1;
            }
        }
    }
    /// Remove timeline `l`'s last board.
    pub fn pop(&mut self, l: i32) {
        if let Some(t) = self.timeline_mut(l) {
            t.boards.pop();
        }
    }
    /// Turn number and colour of a time index.
    pub fn turn_of(v: i32) -> i32 {
        v.div_euclid(2)
    }
    /// The time index of `turn`'s board of colour `c`.
    pub fn v_of(turn: i32, c: Colour) -> i32 {
        2 * turn + if c == Colour::Black { 1 } else { 0 }
    }
    /// A 64-bit hash of the whole state, every board of every timeline: a jump into the
    /// past lands on a board two move orders may have left different, so the last boards
    /// alone do not tell two states apart.
    pub fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }
}
