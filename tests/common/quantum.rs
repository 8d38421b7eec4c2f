//! Random sparse Quantum Chamber positions, for the solver cross-check and for composing
//! puzzles: a few Skippers, Liners and Chargers a side and one to four Absorbers, dropped on
//! free points of the 37-point board.

use hensoku::quantum::{Cell, Position, Side};

/// The side to move is Red; `rnd(n)` draws below `n`. Each side gets `fewest` to
/// `fewest + 3` pieces. Whether the game is already over is the caller's to check.
pub fn sparse_position(rnd: &mut impl FnMut(u64) -> u64, fewest: u64) -> Position {
    let mut pos = Position::startpos();
    pos.cells.iter_mut().for_each(|c| *c = Cell::Empty);
    let mut pieces = Vec::new();
    for side in [Side::Red, Side::Blue] {
        for _ in 0..fewest + rnd(4) {
            pieces.push(match rnd(10) {
                0..5 => Cell::Skipper(side),
                5..8 => Cell::Liner(side),
                _ => Cell::Charger(side),
            });
        }
    }
    pieces.extend(std::iter::repeat_n(Cell::Absorber, 1 + rnd(4) as usize));
    for c in pieces {
        loop {
            let p = rnd(37) as usize;
            if pos.cells[p] == Cell::Empty {
                pos.cells[p] = c;
                break;
            }
        }
    }
    pos
}
