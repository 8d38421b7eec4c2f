//! The game's vocabulary: sides, kinds, the 28 named lantis, squares and plies.

/// The two sides. Arxe always moves first (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Arxe, who moves first.
    Arxe,
    /// Sorn.
    Sorn,
}

impl Side {
    /// 0 for Arxe, 1 for Sorn.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Arxe => Side::Sorn,
            Side::Sorn => Side::Arxe,
        }
    }
    /// `arxe` or `sorn`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Arxe => "arxe",
            Side::Sorn => "sorn",
        }
    }
}

/// The movement kinds of §3.1. Teems has no kind of its own; it borrows one from a pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Xelt.
    Xelt,
    /// Nim.
    Nim,
    /// Omi.
    Omi,
    /// Left.
    Left,
    /// Hanoi.
    Hanoi,
    /// Pafi.
    Pafi,
    /// Soi.
    Soi,
    /// Soa.
    Soa,
    /// His.
    His,
    /// Has.
    Has,
}

impl Kind {
    /// Front kinds are the ones that can change direction and accompany (§3.3).
    pub fn is_front(self) -> bool {
        matches!(
            self,
            Kind::Hanoi | Kind::Pafi | Kind::Soi | Kind::Soa | Kind::His | Kind::Has
        )
    }
    /// Magic kinds (nim, omi) never change, so a lantis is magic for the whole game.
    pub fn is_magic(self) -> bool {
        matches!(self, Kind::Nim | Kind::Omi)
    }
    /// The other form of a front kind (ker); other kinds stay as they are.
    pub fn turned(self) -> Kind {
        match self {
            Kind::Hanoi => Kind::Pafi,
            Kind::Pafi => Kind::Hanoi,
            Kind::Soi => Kind::Soa,
            Kind::Soa => Kind::Soi,
            Kind::His => Kind::Has,
            Kind::Has => Kind::His,
            k => k,
        }
    }
    /// The Arka form name, as a ker readout's fourth field writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Xelt => "xelt",
            Kind::Nim => "nim",
            Kind::Omi => "omi",
            Kind::Left => "left",
            Kind::Hanoi => "hanoi",
            Kind::Pafi => "pafi",
            Kind::Soi => "soi",
            Kind::Soa => "soa",
            Kind::His => "his",
            Kind::Has => "has",
        }
    }
    /// The compact letter of §3.1 / §10.
    pub fn letter(self) -> char {
        match self {
            Kind::Xelt => 'M',
            Kind::Nim => 'C',
            Kind::Omi => 'D',
            Kind::Left => 'J',
            Kind::Hanoi => 'T',
            Kind::Pafi => 'B',
            Kind::Soi => 'S',
            Kind::Soa => 'X',
            Kind::His => 'H',
            Kind::Has => 'V',
        }
    }
    /// The kind of a compact-notation letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }
    /// The six front forms a ker can name (`eteems` is Teems' own, handled apart).
    pub fn from_form(name: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.is_front() && k.name() == name)
    }
    /// Every kind.
    pub const ALL: [Kind; 10] = [
        Kind::Xelt,
        Kind::Nim,
        Kind::Omi,
        Kind::Left,
        Kind::Hanoi,
        Kind::Pafi,
        Kind::Soi,
        Kind::Soa,
        Kind::His,
        Kind::Has,
    ];
}

/// One of the 28 named lantis, by roster number minus one (§3.2): 0..14 Arxe, 14..28 Sorn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lantis(pub u8);

struct Entry {
    code: &'static str,
    kind: Kind,
    start: &'static str,
}

const fn e(code: &'static str, kind: Kind, start: &'static str) -> Entry {
    Entry { code, kind, start }
}

/// The roster of §3.2, in roster order (which is also the SPN hand order).
const ROSTER: [Entry; 28] = [
    e("dia", Kind::Omi, "e1"),
    e("vio", Kind::Left, "f1"),
    e("kris", Kind::Left, "b1"),
    e("gil", Kind::His, "f2"),
    e("ful", Kind::His, "b2"),
    e("ryu", Kind::Nim, "a1"),
    e("mel", Kind::Omi, "c1"),
    e("ral", Kind::Nim, "g1"),
    e("zan", Kind::Soi, "e2"),
    e("pal", Kind::Has, "a2"),
    e("milf", Kind::Soi, "c2"),
    e("fav", Kind::Hanoi, "d2"),
    e("ruj", Kind::Has, "g2"),
    e("ser", Kind::Xelt, "d1"),
    e("rav", Kind::Nim, "a7"),
    e("umt", Kind::Has, "g6"),
    e("lin", Kind::Left, "f7"),
    e("ler", Kind::His, "b6"),
    e("jil", Kind::His, "f6"),
    e("din", Kind::Has, "a6"),
    e("eke", Kind::Omi, "e7"),
    e("enn", Kind::Nim, "g7"),
    e("ax", Kind::Soi, "e6"),
    e("nen", Kind::Left, "b7"),
    e("pine", Kind::Omi, "c7"),
    e("nmut", Kind::Hanoi, "d6"),
    e("knon", Kind::Soi, "c6"),
    e("kmir", Kind::Xelt, "d7"),
];

impl Lantis {
    /// The number of lantis, 14 a side.
    pub const COUNT: usize = 28;
    /// Every lantis, Arxe's first.
    pub fn all() -> impl Iterator<Item = Lantis> {
        (0..Lantis::COUNT as u8).map(Lantis)
    }
    /// The lantis' place in [`Lantis::all`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The lantis' bit in a 32-bit set.
    pub fn bit(self) -> u32 {
        1 << self.0
    }
    /// The side the lantis belongs to.
    pub fn side(self) -> Side {
        if self.0 < 14 { Side::Arxe } else { Side::Sorn }
    }
    /// The canonical readout code (`pal`, never the alias `paal`).
    pub fn code(self) -> &'static str {
        ROSTER[self.index()].code
    }
    /// The kind it is when not turned.
    pub fn base_kind(self) -> Kind {
        ROSTER[self.index()].kind
    }
    /// Its square in the initial position.
    pub fn start(self) -> Square {
        Square::parse_algebraic(ROSTER[self.index()].start).unwrap_or(Square(0))
    }
    /// A code or the alias `paal` (§3.2, I-5).
    pub fn from_code(code: &str) -> Option<Lantis> {
        let code = if code == "paal" { "pal" } else { code };
        ROSTER
            .iter()
            .position(|r| r.code == code)
            .map(|i| Lantis(i as u8))
    }
    /// `side`'s moon.
    pub fn moon(side: Side) -> Lantis {
        if side == Side::Arxe {
            Lantis(13)
        } else {
            Lantis(27)
        }
    }
    /// Bit set of the side's four magic lantis.
    pub fn magic_mask(side: Side) -> u32 {
        let mut m = 0;
        for l in Lantis::all().filter(|l| l.side() == side && l.base_kind().is_magic()) {
            m |= l.bit();
        }
        m
    }
}

/// A square, 0..49, `file + 7 * rank` with file a = 0 and rank 1 = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

pub const FILES: [&str; 7] = ["tes", "ket", "xal", "sol", "nim", "vin", "fox"];
pub const RANKS: [&str; 7] = ["ko", "ta", "vi", "va", "le", "ki", "no"];

impl Square {
    /// The square on `file` and `rank`, both 0 to 6, if on the board.
    pub fn new(file: i8, rank: i8) -> Option<Square> {
        ((0..7).contains(&file) && (0..7).contains(&rank)).then(|| Square((file + 7 * rank) as u8))
    }
    /// The file, 0 to 6.
    pub fn file(self) -> i8 {
        (self.0 % 7) as i8
    }
    /// The rank, 0 to 6.
    pub fn rank(self) -> i8 {
        (self.0 / 7) as i8
    }
    /// 0 to 48, rank by rank.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }
    /// `tes,ko` style.
    pub fn readout(self) -> String {
        format!(
            "{},{}",
            FILES[self.file() as usize],
            RANKS[self.rank() as usize]
        )
    }
    /// `a1` style.
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.file() as u8) as char, self.rank() + 1)
    }
    /// The square of an algebraic name (`d4`).
    pub fn parse_algebraic(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::new(b[0] as i8 - b'a' as i8, b[1] as i8 - b'1' as i8)
    }
    /// Orthogonal adjacency, the only kind ann knows (I-14).
    pub fn orthogonally_adjacent(self, other: Square) -> bool {
        (self.file() - other.file()).abs() + (self.rank() - other.rank()).abs() == 1
    }
}

/// One ply (§5). Squares identify the movers: the piece on `from` moves, whether a lantis
/// or Teems, so a ply is small and needs the position to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ply {
    /// Ordinary move, capture (including the Teems swap) or omi axis move.
    Step {
        /// The mover's square.
        from: Square,
        /// Its destination.
        to: Square,
    },
    /// Direction change of the front piece (or Teems) on the square.
    Ker {
        /// The turning piece's square.
        at: Square,
    },
    /// The leader on `from` goes to `to`; the companion on `companion` moves by the same vector.
    Ann {
        /// The leader's square.
        from: Square,
        /// The leader's destination.
        to: Square,
        /// The companion's square.
        companion: Square,
    },
    /// Pin (or replace with) a lantis from the mover's hand.
    Pin(Lantis),
    /// Return the mover's pin to its hand (`yol,yuu`).
    Return,
}

impl Ply {
    /// The reference square `kak` stands for in the next ply (§9.3).
    pub fn reference(self) -> Option<Square> {
        match self {
            Ply::Step { to, .. } | Ply::Ann { to, .. } => Some(to),
            Ply::Ker { at } => Some(at),
            Ply::Pin(_) | Ply::Return => None,
        }
    }
}
