//! Hands in the transposition table: the superiority relation between positions that
//! differ only in the pieces the attacker holds.
//!
//! In a drop game, more pieces in the attacker's hand (and so fewer in the defender's)
//! never hurt the attacker: every check it had is still there, and the defender only loses
//! drops. So a proof found with some hand proves every position of the same board whose
//! attacker holds at least as much, and a disproof disproves every one whose attacker holds
//! at most as much. The searcher stores a solved node with a *proof hand* (the least the
//! proof needs, 証明駒) or a *disproof hand* (the most the disproof allows, 反証駒), and a
//! lookup finds any stored result whose hand relates to the asked one the right way.
//!
//! The game packs a hand into a `u32` of fields ([`HandField`]), one per kind of piece, each
//! with a spare bit above it, and says how a hand changes through a move (see the hooks in
//! [`super::MateSearch`]); this module only compares and combines packed hands. A game
//! without hands packs every hand as 0 and sees plain equality.

/// One kind's count in a packed hand: its lowest bit and its width in bits (the bit above
/// the field stays clear).
pub type HandField = (u8, u8);

/// The key the table files a node under: the board (and side to move) apart from the
/// attacker's hand, so that all hands of one board meet in one bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeKey {
    pub board: u64,
    pub hand: u32,
}

impl NodeKey {
    /// A key without a hand (a game where hands do not exist, or are part of `board`).
    pub const fn plain(board: u64) -> NodeKey {
        NodeKey { board, hand: 0 }
    }

    /// One word for the whole position (board and hand): what the path compares to spot a
    /// repetition.
    pub fn whole(self) -> u64 {
        self.board
            ^ (self.hand as u64 + 1)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(17)
    }
}

/// The layout of a game's packed hands.
#[derive(Clone, Copy, Debug)]
pub struct Hands(pub &'static [HandField]);

impl Hands {
    /// The count of the kind in field `f`.
    pub fn get(f: HandField, h: u32) -> u32 {
        (h >> f.0) & ((1 << f.1) - 1)
    }

    /// `h` with the kind in field `f` set to `n` (clipped to the field).
    pub fn set(f: HandField, h: u32, n: u32) -> u32 {
        let mask = ((1u32 << f.1) - 1) << f.0;
        (h & !mask) | (n.min((1 << f.1) - 1) << f.0)
    }

    /// Does the attacker hold at least as much with `a` as with `b`, kind by kind?
    pub fn covers(self, a: u32, b: u32) -> bool {
        if self.0.is_empty() {
            return a == b;
        }
        self.0.iter().all(|&f| Self::get(f, a) >= Self::get(f, b))
    }

    /// The larger count of each kind.
    pub fn max(self, a: u32, b: u32) -> u32 {
        self.0.iter().fold(a, |h, &f| {
            Self::set(f, h, Self::get(f, a).max(Self::get(f, b)))
        })
    }

    /// The smaller count of each kind.
    pub fn min(self, a: u32, b: u32) -> u32 {
        self.0.iter().fold(a, |h, &f| {
            Self::set(f, h, Self::get(f, a).min(Self::get(f, b)))
        })
    }

    /// Every field at its largest: "any number" in a disproof hand.
    pub fn full(self) -> u32 {
        self.0.iter().fold(0, |h, &f| Self::set(f, h, u32::MAX))
    }

    /// `h` with one more (`add`) or one less (`!add`) of the kind in field `f`, kept within
    /// the field (0 stays 0, a full field stays full).
    pub fn step(f: HandField, h: u32, add: bool) -> u32 {
        let n = Self::get(f, h);
        let full = (1 << f.1) - 1;
        let m = if add {
            (n + 1).min(full)
        } else if n == full {
            full
        } else {
            n.saturating_sub(1)
        };
        Self::set(f, h, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: Hands = Hands(&[(0, 5), (6, 2)]);

    #[test]
    fn covers_compares_kind_by_kind() {
        let h = |p: u32, r: u32| p | r << 6;
        assert!(TWO.covers(h(3, 1), h(2, 1)));
        assert!(TWO.covers(h(3, 1), h(3, 1)));
        assert!(
            !TWO.covers(h(3, 0), h(2, 1)),
            "more pawns do not make up for a rook"
        );
        assert_eq!(TWO.max(h(3, 0), h(2, 1)), h(3, 1));
        assert_eq!(TWO.min(h(3, 0), h(2, 1)), h(2, 0));
        assert_eq!(TWO.full(), h(31, 3));
        assert!(TWO.covers(TWO.full(), h(18, 2)));
        assert_eq!(
            Hands::step((0, 5), h(31, 0), true),
            h(31, 0),
            "a full field stays full"
        );
        assert_eq!(
            Hands::step((0, 5), h(31, 0), false),
            h(31, 0),
            "any number less one is any number"
        );
        assert_eq!(Hands::step((6, 2), h(0, 0), false), h(0, 0));
        assert_eq!(Hands::step((6, 2), h(0, 1), true), h(0, 2));
        assert!(Hands(&[]).covers(0, 0) && !Hands(&[]).covers(1, 0));
    }
}
