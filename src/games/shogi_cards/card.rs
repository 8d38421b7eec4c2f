//! The twelve cards of 将棋のお供, their letters and sets of unused cards.

/// One card type. Each player owns one of each (rules §2.1) and may use it once per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Card {
    /// 女装・王: a royal piece moves once as a chess queen.
    Q = 0,
    /// 転送・飛: an unpromoted rook swaps squares with another own piece.
    T = 1,
    /// 反射・角: an unpromoted bishop moves reflecting off the board edges.
    R = 2,
    /// 出世・金 (seed letter G): a gold moves and becomes a Crown Prince.
    P = 3,
    /// 無敵・銀: a silver moves or is dropped and cannot be captured on the next ply.
    I = 4,
    /// 八方・桂: an unpromoted knight jumps as a chess knight.
    A = 5,
    /// 弾道・香: an unpromoted lance jumps over one piece.
    B = 6,
    /// 許二・歩: a pawn drop ignoring nifu.
    D = 7,
    /// 熟成・果: a non-gold piece in hand is dropped promoted, without giving check.
    G = 8,
    /// 連続・技: one board piece moves twice, neither move checking.
    S = 9,
    /// 撤退・令: a non-royal board piece returns to its owner's hand.
    W = 10,
    /// 懐柔・策: a move or drop, then reversi flips of the enemy runs it closes.
    C = 11,
}

impl Card {
    /// Canonical order (SFEN-C prints cards in this order).
    pub const ALL: [Card; 12] = [
        Card::Q,
        Card::T,
        Card::R,
        Card::P,
        Card::I,
        Card::A,
        Card::B,
        Card::D,
        Card::G,
        Card::S,
        Card::W,
        Card::C,
    ];

    /// The card's letter (`Q T R P I A B D G S W C`).
    pub fn letter(self) -> char {
        b"QTRPIABDGSWC"[self as usize] as char
    }

    /// The card of an upper-case ASCII letter. `G` is 熟成 here; the seed's `G` for 出世 is
    /// settled by the move's shape in the notation readers (rules §2.1).
    pub fn from_letter(c: char) -> Option<Card> {
        "QTRPIABDGSWC".find(c).map(|i| Card::ALL[i])
    }

    /// Cards whose ply has two component moves written with a comma.
    pub fn two_part(self) -> bool {
        matches!(self, Card::T | Card::S)
    }
}

/// A set of cards as a 12-bit mask (bit = `Card as u8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub u16);

impl CardSet {
    /// All twelve cards.
    pub const FULL: CardSet = CardSet(0x0fff);
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    #[inline]
    /// Does the set hold `c`?
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c as u8) != 0
    }
    #[inline]
    /// Add `c`.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c as u8;
    }
    #[inline]
    /// Take `c` out.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c as u8);
    }
    /// Is the set empty?
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// The cards, in letter order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::ALL.into_iter().filter(move |&c| self.contains(c))
    }
}
