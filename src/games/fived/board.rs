//! One board: a W×H grid of cells (at most 8×8), plus the en-passant trace of the move that
//! produced it.

use super::types::Cell;

/// Squares are `rank * 8 + file`, both from 0, whatever the board's real size.
pub type Sq = u8;

/// The square at `file` and `rank`, both from 0 (`rank * 8 + file`).
pub fn sq(file: i32, rank: i32) -> Sq {
    (rank * 8 + file) as Sq
}
pub fn file_of(s: Sq) -> i32 {
    (s % 8) as i32
}
pub fn rank_of(s: Sq) -> i32 {
    (s / 8) as i32
}
pub fn square_name(s: Sq) -> String {
    format!("{}{}", (b'a' + (s % 8)) as char, s / 8 + 1)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [Cell; 64],
    /// Set when this board was produced by a physical two-rank pawn/brawn step: (crossed
    /// square, arrival square). En passant on this board may capture it (§5.3).
    pub ep: Option<(Sq, Sq)>,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            cells: [Cell::EMPTY; 64],
            ep: None,
        }
    }
    pub fn at(&self, s: Sq) -> Cell {
        self.cells[s as usize]
    }
    pub fn set(&mut self, s: Sq, c: Cell) {
        self.cells[s as usize] = c;
    }
    /// A copy as the next board of a timeline: same pieces, no en-passant trace.
    pub fn successor(&self) -> Board {
        Board {
            cells: self.cells,
            ep: None,
        }
    }
}
