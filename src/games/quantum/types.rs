//! Players and the contents of a point (rules §1, §4).

/// The two players; Red moves first (A4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Red, who moves first.
    Red,
    /// Blue.
    Blue,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }
    /// 0 for Red, 1 for Blue.
    pub fn index(self) -> usize {
        self as usize
    }
    /// `Red` or `Blue`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

/// What stands on a point. An Accelerator never stands anywhere (A30): it only exists during
/// a Liner move, so it has no cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// No piece.
    Empty,
    /// A neutral Absorber.
    Absorber,
    /// A side's Skipper (one cylinder).
    Skipper(Side),
    /// A side's Liner (one cylinder).
    Liner(Side),
    /// A side's Charger: a Liner on a Skipper (two cylinders).
    Charger(Side),
}

impl Cell {
    /// A one-byte code, for hashing.
    pub fn code(self) -> u8 {
        match self {
            Cell::Empty => 0,
            Cell::Absorber => 1,
            Cell::Skipper(s) => 2 + 3 * s as u8,
            Cell::Liner(s) => 3 + 3 * s as u8,
            Cell::Charger(s) => 4 + 3 * s as u8,
        }
    }

    /// The owner of a cylinder cell.
    pub fn side(self) -> Option<Side> {
        match self {
            Cell::Skipper(s) | Cell::Liner(s) | Cell::Charger(s) => Some(s),
            _ => None,
        }
    }

    /// Score value (§12): Skipper and Liner 1, Charger 2.
    pub fn cylinders(self) -> u32 {
        match self {
            Cell::Skipper(_) | Cell::Liner(_) => 1,
            Cell::Charger(_) => 2,
            _ => 0,
        }
    }

    /// QFEN letter (§13), `None` for an empty point.
    pub fn letter(self) -> Option<char> {
        let (c, side) = match self {
            Cell::Empty => return None,
            Cell::Absorber => return Some('X'),
            Cell::Skipper(s) => ('S', s),
            Cell::Liner(s) => ('L', s),
            Cell::Charger(s) => ('C', s),
        };
        Some(if side == Side::Red {
            c
        } else {
            c.to_ascii_lowercase()
        })
    }

    /// The cell of a QFEN letter.
    pub fn from_letter(c: char) -> Option<Cell> {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Blue
        };
        match c {
            'X' => Some(Cell::Absorber),
            'S' | 's' => Some(Cell::Skipper(side)),
            'L' | 'l' => Some(Cell::Liner(side)),
            'C' | 'c' => Some(Cell::Charger(side)),
            _ => None,
        }
    }

    /// The piece's name in the game's own terms, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Cell::Empty => "nothing",
            Cell::Absorber => "an Absorber",
            Cell::Skipper(_) => "a Skipper",
            Cell::Liner(_) => "a Liner",
            Cell::Charger(_) => "a Charger",
        }
    }
}
