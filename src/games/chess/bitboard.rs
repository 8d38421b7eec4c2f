//! 64-bit square sets and the attack tables of every piece.
//!
//! Leaper tables are computed at compile time. Sliders use the classical ray method: for
//! each of the eight directions a precomputed ray, cut at the first blocker (the lowest
//! set bit for rays that go up the board, the highest for rays that go down). It needs no
//! magic numbers, which keeps the tables small and the code obvious.

use super::types::{Color, Square};

/// A set of squares, bit `i` = square `i`.
pub type Bitboard = u64;

pub const RANK_1: Bitboard = 0xff;

#[inline]
pub const fn bit(sq: Square) -> Bitboard {
    1u64 << sq.0
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let s = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        Some(Square(s))
    })
}

#[inline]
pub fn lowest(bb: Bitboard) -> Option<Square> {
    (bb != 0).then(|| Square(bb.trailing_zeros() as u8))
}

#[inline]
pub fn more_than_one(bb: Bitboard) -> bool {
    bb & bb.wrapping_sub(1) != 0
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i8, (s / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[s] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

pub static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// The squares a pawn of each side on a square attacks.
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The eight directions as (file, rank) steps; the first four go up the board (to higher
/// square numbers), the last four down.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

const fn ray_table() -> [[Bitboard; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let (mut f, mut r) = ((s % 8) as i8, (s / 8) as i8);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                t[d][s] |= 1u64 << (r * 8 + f);
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[d][s]`: every square from `s` (exclusive) to the edge in direction `d`.
pub static RAYS: [[Bitboard; 64]; 8] = ray_table();

#[inline]
fn ray_attacks(d: usize, sq: usize, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    ray_attacks(0, s, occupied)
        | ray_attacks(1, s, occupied)
        | ray_attacks(4, s, occupied)
        | ray_attacks(5, s, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    ray_attacks(2, s, occupied)
        | ray_attacks(3, s, occupied)
        | ray_attacks(6, s, occupied)
        | ray_attacks(7, s, occupied)
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

const fn between_table() -> [[Bitboard; 64]; 64] {
    let rays = ray_table();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 64 {
                if rays[d][a] & (1u64 << b) != 0 {
                    t[a][b] = rays[d][a] & !rays[d][b] & !(1u64 << b);
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn line_table() -> [[Bitboard; 64]; 64] {
    let rays = ray_table();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let mut b = 0;
            while b < 64 {
                if rays[d][a] & (1u64 << b) != 0 {
                    t[a][b] = rays[d][a] | rays[opposite][a] | (1u64 << a);
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// Squares strictly between two squares on a line, or empty.
pub static BETWEEN: [[Bitboard; 64]; 64] = between_table();
/// The whole line through two squares (both included), or empty if they share none.
pub static LINE: [[Bitboard; 64]; 64] = line_table();

#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}
