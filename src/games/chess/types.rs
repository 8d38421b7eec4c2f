//! The vocabulary of orthodox chess: sides, piece roles, squares and moves.

use serde::Serialize;

/// The two sides; White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    #[inline]
    /// The other side.
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    #[inline]
    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }
    /// `White` or `Black`.
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
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// The king.
    King,
}

impl Role {
    /// Every role, pawn first.
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
    /// The role's place in [`Role::ALL`].
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
    /// The role of an upper-case letter (`N`, `B`, `R`, `Q`, `K`, `P`).
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
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
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
    /// The piece of a FEN letter (upper case White, lower case Black).
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
    /// The square on `file` and `rank`, both 0 to 7 (a1 is 0, 0).
    pub fn new(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }
    #[inline]
    /// 0 for a1 to 63 for h8, rank by rank.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    /// The file, 0 for a to 7 for h.
    pub fn file(self) -> u8 {
        self.0 & 7
    }
    #[inline]
    /// The rank, 0 for 1 to 7 for 8.
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
    /// The file letter, `a` to `h`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
    /// The rank digit, `1` to `8`.
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
    /// Any other move, captures included.
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
    /// The origin square.
    pub from: Square,
    /// The destination square (the king's, for castling).
    pub to: Square,
    /// Promotion, en passant, castling or a normal move.
    pub kind: MoveKind,
}

impl Move {
    /// A normal move from `from` to `to`.
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }
    /// The role a pawn promotes to, for a promotion.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    /// Is this castling?
    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }
}
