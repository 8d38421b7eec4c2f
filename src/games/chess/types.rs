//! The vocabulary of orthodox chess: sides, piece roles, squares and moves.

use serde::Serialize;

/// The two sides; White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// The rank (0-based) on which this side's pieces start: 0 for White, 7 for Black.
    #[inline]
    pub fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

/// What a piece is, apart from its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, in the order moves are listed.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The upper-case letter SAN and FEN use (`P` for the pawn, never written in SAN).
    pub fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }
    pub fn from_upper(c: char) -> Option<Role> {
        Some(match c {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }
}

/// A piece on the board: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
    /// FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.role.upper();
        if self.color == Color::White {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_upper(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// A square, `0 = a1, 1 = b1, …, 63 = h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    #[inline]
    pub fn new(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn file(self) -> u8 {
        self.0 & 7
    }
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 >> 3
    }
    /// The rank counted from `color`'s side (0 = its back rank).
    #[inline]
    pub fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
    /// `e4` → the square; anything else → `None`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square::new(b[0] - b'a', b[1] - b'1'))
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What kind of move, beyond a piece going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Normal,
    /// A pawn reaching the last rank, becoming this role.
    Promotion(Role),
    /// A pawn capturing the pawn that just passed it; the captured pawn is not on `to`.
    EnPassant,
    /// The king moving two squares toward a rook, which jumps over it. `from`/`to` are the
    /// king's squares (`e1g1`), as UCI writes them.
    Castle,
}

/// A move of orthodox chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }
}
