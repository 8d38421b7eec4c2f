//! A Quantum Chamber position: the board, the player to move, captured Absorbers, the
//! last-move lock, and the move number — exactly the QFEN fields (§13).

use super::geometry::{self, Geometry, Point};
use super::types::{Cell, Side};
use std::hash::{BuildHasher, Hash, Hasher};

/// Material end threshold of rule E1 (A21).
pub const MATERIAL_THRESHOLD: u32 = 4;

#[derive(Clone, Debug)]
/// A Quantum Chamber position: the board's cells, the side to move, the captured Absorbers,
/// the locked Absorber and the move number.
pub struct Position {
    /// The board's geometry (its side N).
    pub geo: &'static Geometry,
    /// Every point's cell, in the geometry's order.
    pub cells: Vec<Cell>,
    /// The side to move.
    pub side: Side,
    /// Absorbers captured by Red and by Blue.
    pub captured: [u32; 2],
    /// The Absorber the previous move stepped, which may not step now (§9).
    pub locked: Option<Point>,
    /// The full-move number, from 1.
    pub fullmove: u32,
}

/// Two positions are the same when every QFEN field is (§10).
impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        self.geo.side == o.geo.side
            && self.cells == o.cells
            && self.side == o.side
            && self.captured == o.captured
            && self.locked == o.locked
            && self.fullmove == o.fullmove
    }
}
impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.hash_play(h);
        self.fullmove.hash(h);
    }
}

impl Position {
    /// The standard start (§3): Red on rows a–b, Blue on rows f–g, Absorbers d2–d6.
    pub fn startpos() -> Position {
        Position::scaled_start(geometry::standard())
    }

    /// The scaled setup of §3 for any N (for N = 4 it is the standard start): each player fills
    /// the N − 2 rows nearest their edge, Absorbers fill the middle row but its ends.
    pub fn scaled_start(geo: &'static Geometry) -> Position {
        let n = geo.side;
        let mut cells = vec![Cell::Empty; geo.len()];
        for r in 0..geo.rows() {
            for p in geo.row(r) {
                cells[p] = if r < n - 2 {
                    Cell::Skipper(Side::Red)
                } else if r >= geo.rows() - (n - 2) {
                    Cell::Skipper(Side::Blue)
                } else if r == n - 1 && p != geo.row(r).start && p + 1 != geo.row(r).end {
                    Cell::Absorber
                } else {
                    Cell::Empty
                };
            }
        }
        Position {
            geo,
            cells,
            side: Side::Red,
            captured: [0, 0],
            locked: None,
            fullmove: 1,
        }
    }

    /// The cell of point `p`.
    pub fn at(&self, p: Point) -> Cell {
        self.cells[p as usize]
    }

    /// A player's score (§12): their cylinders on the board, a Charger counting 2.
    pub fn score(&self, side: Side) -> u32 {
        self.cells
            .iter()
            .filter(|c| c.side() == Some(side))
            .map(|c| c.cylinders())
            .sum()
    }

    /// Cylinders of both colours on the board (E1, A21).
    pub fn material(&self) -> u32 {
        self.cells.iter().map(|c| c.cylinders()).sum()
    }

    /// Cylinders plus Absorbers on the board: a drop beyond the projectile is a capture (E3).
    pub fn pieces(&self) -> u32 {
        self.cells
            .iter()
            .map(|&c| {
                if c == Cell::Absorber {
                    1
                } else {
                    c.cylinders()
                }
            })
            .sum()
    }

    /// Absorbers the game has in total for this board: 5 on the standard board, 2N − 3 scaled.
    pub fn absorber_supply(&self) -> u32 {
        2 * self.geo.side as u32 - 3
    }

    /// Cylinders per colour: 9 on the standard board; scaled, the N − 2 home rows.
    pub fn cylinder_supply(&self) -> u32 {
        let n = self.geo.side;
        (0..n - 2).map(|r| self.geo.row(r).len() as u32).sum()
    }

    /// Hand the turn over after a move: side, move number, and the lock.
    pub fn finish_turn(&mut self, locked: Option<Point>) {
        if self.side == Side::Blue {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.locked = locked;
    }

    /// A 64-bit key of the position; equal positions give equal keys.
    pub fn key(&self) -> u64 {
        FnvBuild.hash_one(self)
    }

    /// The key of everything but the move number: what decides how play can go on
    /// (searches and the E3 test key positions by it).
    pub fn play_key(&self) -> u64 {
        let mut h = FnvBuild.build_hasher();
        self.hash_play(&mut h);
        h.finish()
    }

    fn hash_play<H: Hasher>(&self, h: &mut H) {
        self.geo.side.hash(h);
        // eight one-byte cell codes to a word
        for chunk in self.cells.chunks(8) {
            h.write_u64(chunk.iter().fold(0, |w, c| w << 8 | c.code() as u64));
        }
        self.side.hash(h);
        self.captured.hash(h);
        self.locked.hash(h);
    }
}

/// A small fast hasher for the short byte strings a position hashes to: FNV-style
/// xor-multiply, eight bytes at a time, with a final mix so that every bit of the key
/// depends on every input byte (hash tables use the low and the high bits).
pub struct Fnv(pub u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^ (x >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            let w = u64::from_le_bytes(word) ^ chunk.len() as u64;
            self.0 = (self.0 ^ w)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(27);
        }
    }
}

/// `BuildHasher` for hash sets of positions and chain states.
#[derive(Clone, Copy, Default)]
pub struct FnvBuild;

impl std::hash::BuildHasher for FnvBuild {
    type Hasher = Fnv;
    fn build_hasher(&self) -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}
