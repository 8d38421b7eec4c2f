//! Squares, colours, piece kinds and moves of standard shogi.
//!
//! Squares are numbered `(file - 1) * 9 + (rank - 1)`, so file 1 rank 1 (USI `1a`) is 0
//! and file 9 rank 9 (`9i`) is 80. Files count from Black's right, ranks from White's side,
//! exactly as every shogi notation writes them, which keeps the notation code free of flips.

use serde::Serialize;

/// One of the two players. Black (sente, ▲) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
pub enum Color {
    /// Black (先手, sente), who moves first.
    Black = 0,
    /// White (後手, gote).
    White = 1,
}

impl Color {
    /// Both sides, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
    #[inline]
    /// The other side.
    pub fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A board square, `(file - 1) * 9 + (rank - 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// `file` and `rank` are 1..=9.
    #[inline]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        ((1..=9).contains(&file) && (1..=9).contains(&rank))
            .then(|| Square((file - 1) * 9 + rank - 1))
    }
    #[inline]
    /// The file, 1 to 9 (right to left from Black's side).
    pub fn file(self) -> u8 {
        self.0 / 9 + 1
    }
    #[inline]
    /// The rank, 1 to 9 (a to i in USI).
    pub fn rank(self) -> u8 {
        self.0 % 9 + 1
    }
    #[inline]
    /// 0 to 80, file by file.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// Rank counted from the side's own back rank's opposite: 1 = the far rank for `c`.
    #[inline]
    pub fn relative_rank(self, c: Color) -> u8 {
        match c {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }
    #[inline]
    /// Is the square in `c`'s promotion zone (the far three ranks)?
    pub fn in_zone(self, c: Color) -> bool {
        self.relative_rank(c) <= 3
    }
    /// Every square.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }
}

/// Piece kinds. Promoted kinds are the unpromoted value + 8 (the king has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[repr(u8)]
pub enum Kind {
    /// Pawn (歩).
    Pawn = 0,
    /// Lance (香).
    Lance = 1,
    /// Knight (桂).
    Knight = 2,
    /// Silver (銀).
    Silver = 3,
    /// Gold (金).
    Gold = 4,
    /// Bishop (角).
    Bishop = 5,
    /// Rook (飛).
    Rook = 6,
    /// King (玉).
    King = 7,
    /// Promoted pawn (と).
    ProPawn = 8,
    /// Promoted lance (成香).
    ProLance = 9,
    /// Promoted knight (成桂).
    ProKnight = 10,
    /// Promoted silver (成銀).
    ProSilver = 11,
    /// Kind 12 is the promoted gold, which only card shogi's Crown Prince uses.
    ProGold = 12,
    /// Horse: promoted bishop (馬).
    Horse = 13,
    /// Dragon: promoted rook (龍).
    Dragon = 14,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 15] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::ProGold,
        Kind::Horse,
        Kind::Dragon,
    ];
    /// The kinds a hand can hold, in the order SFEN prints them (R B G S N L P).
    pub const HAND_ORDER: [Kind; 7] = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
    ];

    #[inline]
    /// The kind of an index (`Kind as u8`).
    pub fn from_index(i: u8) -> Kind {
        Kind::ALL[i as usize]
    }
    #[inline]
    /// Has the kind a promoted form?
    pub fn can_promote(self) -> bool {
        matches!(
            self,
            Kind::Pawn | Kind::Lance | Kind::Knight | Kind::Silver | Kind::Bishop | Kind::Rook
        )
    }
    #[inline]
    /// The promoted form (the kind itself when it has none).
    pub fn promoted(self) -> Kind {
        if self.can_promote() {
            Kind::from_index(self as u8 + 8)
        } else {
            self
        }
    }
    #[inline]
    /// Is this a promoted kind?
    pub fn is_promoted(self) -> bool {
        self as u8 >= 8
    }
    /// The kind a captured piece becomes in hand.
    #[inline]
    pub fn unpromoted(self) -> Kind {
        if self.is_promoted() {
            Kind::from_index(self as u8 - 8)
        } else {
            self
        }
    }
    /// Can a piece of this kind stand in a hand (and be dropped)?
    #[inline]
    pub fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }
    /// The USI/SFEN letter of the unpromoted kind (upper case).
    pub fn usi_letter(self) -> char {
        b"PLNSGBRK"[self.unpromoted() as usize % 8] as char
    }
    /// The unpromoted kind of a USI/SFEN letter (upper case).
    pub fn from_usi_letter(c: char) -> Option<Kind> {
        let i = "PLNSGBRK".find(c.to_ascii_uppercase())?;
        Some(Kind::from_index(i as u8))
    }
    /// Lowest rank (relative to the owner) a piece of this kind may stand on unpromoted
    /// and still have a move later: the dead-piece rule of drops and forced promotion.
    #[inline]
    pub fn min_relative_rank(self) -> u8 {
        match self {
            Kind::Pawn | Kind::Lance => 2,
            Kind::Knight => 3,
            _ => 1,
        }
    }
}

/// A piece with its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
    /// Compact code used on the board array: 0 = empty, else 1 + kind + 16 * colour.
    #[inline]
    pub fn code(self) -> u8 {
        1 + self.kind as u8 + 16 * self.color as u8
    }
    #[inline]
    /// The piece of a board code (0 is no piece).
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 16 { Color::White } else { Color::Black };
        Some(Piece {
            color,
            kind: Kind::from_index(c % 16),
        })
    }
}

/// A move of standard shogi: a board move (with optional promotion) or a drop.
///
/// Card shogi wraps this as the "action" of a card ply, so this type stays the plain
/// shogi move and never grows card fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece on the board moves.
    Board {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
        /// Does the piece promote?
        promote: bool,
    },
    /// A piece in hand is dropped.
    Drop {
        /// The kind dropped.
        kind: Kind,
        /// Where.
        to: Square,
    },
}

impl Move {
    #[inline]
    /// The destination.
    pub fn to(self) -> Square {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        }
    }
    #[inline]
    /// The origin (none for a drop).
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Board { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }
    #[inline]
    /// Is this a drop?
    pub fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}
