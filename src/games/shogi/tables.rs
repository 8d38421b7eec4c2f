//! Precomputed geometry: rays for sliders, step targets for everything else, Zobrist keys.
//!
//! Everything is built by `const fn` so the hot paths read plain arrays with no lazy
//! initialisation check.

use super::types::{Color, Kind, Square};

/// A set of squares, bit `sq.0` set for each square.
pub type Bitboard = u128;

/// All 81 squares.
pub const BOARD_MASK: Bitboard = (1u128 << 81) - 1;

/// The eight directions as (Δfile, Δrank). Index 0 is Black's forward.
pub const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// Index into [`DIRS`] of the direction pointing the other way.
pub const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

const fn offset(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let f = (sq / 9) as i8 + df;
    let r = (sq % 9) as i8 + dr;
    if f < 0 || f > 8 || r < 0 || r > 8 {
        None
    } else {
        Some((f * 9 + r) as u8)
    }
}

/// Squares along a direction from a square, nearest first.
#[derive(Clone, Copy)]
pub struct Ray {
    pub squares: [u8; 8],
    pub len: u8,
}

const fn build_rays() -> [[Ray; 81]; 8] {
    let mut rays = [[Ray {
        squares: [0; 8],
        len: 0,
    }; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut cur = sq as u8;
            let mut n = 0;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                rays[d][sq].squares[n] = next;
                n += 1;
                cur = next;
            }
            rays[d][sq].len = n as u8;
            sq += 1;
        }
        d += 1;
    }
    rays
}

pub static RAYS: [[Ray; 81]; 8] = build_rays();

const fn build_ray_masks() -> [[Bitboard; 81]; 8] {
    let mut masks = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let ray = &RAYS[d][sq];
            let mut i = 0;
            while i < ray.len as usize {
                masks[d][sq] |= 1u128 << ray.squares[i];
                i += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    masks
}

/// `RAY_MASKS[d][sq]`: the squares of `RAYS[d][sq]` as a bitboard.
pub static RAY_MASKS: [[Bitboard; 81]; 8] = build_ray_masks();

const fn build_lines() -> [Bitboard; 81] {
    let masks = build_ray_masks();
    let mut lines = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            lines[sq] |= masks[d][sq];
            d += 1;
        }
        sq += 1;
    }
    lines
}

/// `LINES[sq]`: every square on a rank, file or diagonal through `sq` (not `sq` itself).
/// A piece off these lines of its king can never uncover a check on it by moving: the
/// replay's legality test skips the copy-make for it.
pub static LINES: [Bitboard; 81] = build_lines();

/// Does the square index grow along direction `d` (Δindex = 9·Δfile + Δrank > 0)?
const RAY_GROWS: [bool; 8] = [false, true, false, true, false, true, false, true];

/// The first square of `occ` met going from `sq` along direction `d`, if any.
#[inline]
pub fn first_blocker(d: usize, sq: usize, occ: Bitboard) -> Option<u8> {
    let m = RAY_MASKS[d][sq] & occ;
    if m == 0 {
        None
    } else if RAY_GROWS[d] {
        Some(m.trailing_zeros() as u8)
    } else {
        Some(127 - m.leading_zeros() as u8)
    }
}

/// The squares a slider on `sq` reaches along direction `d` when `occ` is occupied: the
/// ray up to and including the first occupied square.
#[inline]
pub fn slide(d: usize, sq: usize, occ: Bitboard) -> Bitboard {
    match first_blocker(d, sq, occ) {
        None => RAY_MASKS[d][sq],
        Some(b) => RAY_MASKS[d][sq] & !RAY_MASKS[d][b as usize],
    }
}

/// Step and jump deltas of each kind for Black (White negates Δrank).
const fn steps(kind: u8) -> &'static [(i8, i8)] {
    const GOLD: &[(i8, i8)] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    const KING: &[(i8, i8)] = &[
        (0, -1),
        (-1, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (0, 1),
        (-1, 1),
        (1, 1),
    ];
    match kind {
        0 => &[(0, -1)],
        2 => &[(-1, -2), (1, -2)],
        3 => &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)],
        4 | 8 | 9 | 10 | 11 => GOLD,
        7 | 12 => KING,
        13 => &[(0, -1), (0, 1), (-1, 0), (1, 0)],
        14 => &[(-1, -1), (1, -1), (-1, 1), (1, 1)],
        _ => &[],
    }
}

/// Slide directions (indices into [`DIRS`]) of each kind for each colour.
pub const fn slide_dirs(color: Color, kind: Kind) -> &'static [usize] {
    match (kind, color) {
        (Kind::Lance, Color::Black) => &[0],
        (Kind::Lance, Color::White) => &[1],
        (Kind::Bishop, _) | (Kind::Horse, _) => &[4, 5, 6, 7],
        (Kind::Rook, _) | (Kind::Dragon, _) => &[0, 1, 2, 3],
        _ => &[],
    }
}

const fn build_steps() -> [[[Bitboard; 81]; 15]; 2] {
    let mut t = [[[0u128; 81]; 15]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 15 {
            let s = steps(k as u8);
            let mut sq = 0;
            while sq < 81 {
                let mut i = 0;
                while i < s.len() {
                    let dr = if c == 0 { s[i].1 } else { -s[i].1 };
                    if let Some(to) = offset(sq as u8, s[i].0, dr) {
                        t[c][k][sq] |= 1u128 << to;
                    }
                    i += 1;
                }
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// `STEP_TARGETS[colour][kind][square]`: squares a piece reaches by one step or jump.
pub static STEP_TARGETS: [[[Bitboard; 81]; 15]; 2] = build_steps();

/// For each colour and direction: the kinds that attack the adjacent square that way,
/// and the kinds that slide that way (bitmasks over kind indices).
pub struct DirAttackers {
    pub adjacent: [[u16; 8]; 2],
    pub sliding: [[u16; 8]; 2],
}

const fn build_dir_attackers() -> DirAttackers {
    let mut adjacent = [[0u16; 8]; 2];
    let mut sliding = [[0u16; 8]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 15 {
            let s = steps(k as u8);
            let mut i = 0;
            while i < s.len() {
                let dr = if c == 0 { s[i].1 } else { -s[i].1 };
                let mut d = 0;
                while d < 8 {
                    if DIRS[d].0 == s[i].0 && DIRS[d].1 == dr {
                        adjacent[c][d] |= 1 << k;
                    }
                    d += 1;
                }
                i += 1;
            }
            k += 1;
        }
        // sliders: lance forward, bishop/horse diagonals, rook/dragon orthogonals
        let fwd = if c == 0 { 0 } else { 1 };
        sliding[c][fwd] |= 1 << 1;
        let mut d = 0;
        while d < 4 {
            sliding[c][d] |= (1 << 6) | (1 << 14);
            sliding[c][d + 4] |= (1 << 5) | (1 << 13);
            d += 1;
        }
        c += 1;
    }
    DirAttackers { adjacent, sliding }
}

pub static DIR_ATTACKERS: DirAttackers = build_dir_attackers();

/// Squares of a whole file (for nifu) and of ranks counted from a colour's far side.
pub const fn file_mask(file: u8) -> Bitboard {
    (((1u128 << 9) - 1) << ((file - 1) * 9)) & BOARD_MASK
}

const fn build_rank_masks() -> [Bitboard; 10] {
    let mut m = [0u128; 10];
    let mut r = 1;
    while r <= 9 {
        let mut f = 0;
        while f < 9 {
            m[r] |= 1u128 << (f * 9 + r - 1);
            f += 1;
        }
        r += 1;
    }
    m
}

/// `RANK_MASKS[r]`: squares on rank r (1..=9).
pub static RANK_MASKS: [Bitboard; 10] = build_rank_masks();

/// Squares a dropped (or unpromoted) piece of `kind` may not stand on for `color`.
#[inline]
pub fn dead_squares(color: Color, kind: Kind) -> Bitboard {
    let far = |n: u8| -> Bitboard {
        let mut m = 0;
        for i in 1..=n {
            m |= RANK_MASKS[match color {
                Color::Black => i,
                Color::White => 10 - i,
            } as usize];
        }
        m
    };
    match kind {
        Kind::Pawn | Kind::Lance => far(1),
        Kind::Knight => far(2),
        _ => 0,
    }
}

/// Zone squares (ranks 1–3 for Black, 7–9 for White).
pub const fn zone(color: Color) -> Bitboard {
    let mut m = 0u128;
    let mut f = 0;
    while f < 9 {
        let base = f * 9;
        m |= match color {
            Color::Black => 0b111u128 << base,
            Color::White => 0b111u128 << (base + 6),
        };
        f += 1;
    }
    m
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub struct Zobrist {
    /// Indexed by the board code of a piece (see `Piece::code`) and square.
    pub board: [[u64; 81]; 33],
    /// Keys for `count` pieces of a hand kind: `hand[colour][kind][count]`.
    pub hand: [[[u64; 19]; 7]; 2],
    pub white_to_move: u64,
}

const fn build_zobrist() -> Zobrist {
    let mut s = 0x05EE_D0F5_A061_u64;
    let mut board = [[0u64; 81]; 33];
    let mut hand = [[[0u64; 19]; 7]; 2];
    let mut p = 1;
    while p < 33 {
        let mut sq = 0;
        while sq < 81 {
            board[p][sq] = splitmix(&mut s);
            sq += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut n = 1;
            while n < 19 {
                hand[c][k][n] = splitmix(&mut s);
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    Zobrist {
        board,
        hand,
        white_to_move: splitmix(&mut s),
    }
}

pub static ZOBRIST: Zobrist = build_zobrist();

/// Iterate the squares of a bitboard.
#[inline]
pub fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let i = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(i))
        }
    })
}

/// Is `s` strictly between `from` and `to` on a straight line (rank, file or diagonal)?
/// Interpositions against a sliding check go on such squares.
pub fn between(from: Square, to: Square, s: Square) -> bool {
    let (df, dr) = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut f, mut r) = (from.file() as i8 + sf, from.rank() as i8 + sr);
    while (f, r) != (to.file() as i8, to.rank() as i8) {
        if (f, r) == (s.file() as i8, s.rank() as i8) {
            return true;
        }
        f += sf;
        r += sr;
    }
    false
}
