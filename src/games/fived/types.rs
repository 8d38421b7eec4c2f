//! Colours, piece kinds and the packed piece byte the boards store.

use serde::Serialize;

/// A player; also the colour of the boards on which that player moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// The colour of the board at time index `v` (§2.2: even = white, odd = black).
    pub fn of_v(v: i32) -> Colour {
        if v.rem_euclid(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }
    /// `w` or `b`, as 5DFEN writes the side to move.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
    /// The rank step "forward" for this player's pawns.
    pub fn forward(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
    /// The timeline step toward the opponent's timelines (§2.5: white λ−1, black λ+1).
    pub fn l_forward(self) -> i32 {
        -self.forward()
    }
}

/// Every piece kind of §5.2 (and the pawn family of §5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Kind {
    /// A pawn.
    Pawn = 1,
    /// A brawn: a pawn that also moves and captures through time.
    Brawn,
    /// The king.
    King,
    /// A common king: moves as a king, not royal.
    CommonKing,
    /// A queen.
    Queen,
    /// A royal queen: moves as a queen, royal.
    RoyalQueen,
    /// A princess: rook and bishop.
    Princess,
    /// A knight.
    Knight,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A unicorn: along three axes at once.
    Unicorn,
    /// A dragon: along four axes at once.
    Dragon,
}

pub const KINDS: [Kind; 12] = [
    Kind::Pawn,
    Kind::Brawn,
    Kind::King,
    Kind::CommonKing,
    Kind::Queen,
    Kind::RoyalQueen,
    Kind::Princess,
    Kind::Knight,
    Kind::Rook,
    Kind::Bishop,
    Kind::Unicorn,
    Kind::Dragon,
];

impl Kind {
    /// The upper-case letter of the kind.
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Brawn => 'W',
            Kind::King => 'K',
            Kind::CommonKing => 'C',
            Kind::Queen => 'Q',
            Kind::RoyalQueen => 'Y',
            Kind::Princess => 'S',
            Kind::Knight => 'N',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Unicorn => 'U',
            Kind::Dragon => 'D',
        }
    }
    /// The kind of a piece letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        KINDS
            .iter()
            .copied()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }
    /// Royal pieces are the ones whose capture decides the game (§7.1).
    pub fn royal(self) -> bool {
        matches!(self, Kind::King | Kind::RoyalQueen)
    }
    /// Does it move as a pawn (pawn or brawn)?
    pub fn pawnlike(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Brawn)
    }
    /// Only these kinds remember whether they have moved (§10.3, R-8).
    pub fn keeps_unmoved(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Brawn | Kind::King | Kind::Rook)
    }
    fn from_u8(n: u8) -> Option<Kind> {
        KINDS.get((n as usize).wrapping_sub(1)).copied()
    }
}

/// A piece packed in a byte: bits 0–3 kind, bit 4 black, bit 5 unmoved. 0 is an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub u8);

const BLACK: u8 = 0x10;
const UNMOVED: u8 = 0x20;

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub fn piece(kind: Kind, colour: Colour, unmoved: bool) -> Cell {
        let mut b = kind as u8;
        if colour == Colour::Black {
            b |= BLACK;
        }
        if unmoved && kind.keeps_unmoved() {
            b |= UNMOVED;
        }
        Cell(b)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn kind(self) -> Option<Kind> {
        Kind::from_u8(self.0 & 0x0f)
    }
    pub fn colour(self) -> Option<Colour> {
        if self.is_empty() {
            None
        } else if self.0 & BLACK != 0 {
            Some(Colour::Black)
        } else {
            Some(Colour::White)
        }
    }
    pub fn unmoved(self) -> bool {
        self.0 & UNMOVED != 0
    }
    pub fn moved(self) -> Cell {
        Cell(self.0 & !UNMOVED)
    }
    pub fn is(self, colour: Colour) -> bool {
        self.colour() == Some(colour)
    }
    pub fn royal_of(self, colour: Colour) -> bool {
        self.is(colour) && self.kind().is_some_and(Kind::royal)
    }
    /// The 5DFEN letter: upper case white, lower case black.
    pub fn letter(self) -> Option<char> {
        let k = self.kind()?.letter();
        Some(if self.is(Colour::Black) {
            k.to_ascii_lowercase()
        } else {
            k
        })
    }
}
