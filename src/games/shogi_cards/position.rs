//! A card-shogi position: a shogi [`Position`] plus each side's unused cards and the
//! temporary effects (invincible silver, D files), and the card ply type.
//!
//! The Crown Prince (太子) is stored as `Kind::ProGold` on the shogi board, whose attack
//! tables already move kind 12 like a king; the royal logic (two royals, capture of the
//! King while a prince stands) lives here, so standard shogi never pays for it.

use crate::games::shogi::position::Position;
use crate::games::shogi::tables::{self, Bitboard, file_mask, squares};
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};

use super::card::{Card, CardSet};

/// What a ply does on the board. Which card (if any) is used is in [`CardMove::card`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// An ordinary move or drop; also the action of Q, R, P, I, A, B, D and C plies, whose
    /// cards change what movement is allowed but not the shape of the move.
    Std(Move),
    /// G (熟成): `kind` (unpromoted, from hand) is dropped promoted on `to`.
    PromotedDrop {
        /// The kind taken from the hand, unpromoted.
        kind: Kind,
        /// Where it lands, promoted.
        to: Square,
    },
    /// T: the rook on `rook` and the own piece on `other` exchange squares.
    Swap {
        /// The rook's square.
        rook: Square,
        /// The other piece's square.
        other: Square,
        /// The rook promotes on arriving.
        rook_promotes: bool,
        /// The other piece promotes on arriving.
        other_promotes: bool,
    },
    /// S: one piece makes two ordinary board moves; `second` starts where `first` ended.
    Twice {
        /// The first move.
        first: Move,
        /// The second, from where the first ended.
        second: Move,
    },
    /// W: the piece on `from` returns to its owner's hand.
    Withdraw {
        /// The square the piece leaves.
        from: Square,
    },
}

/// A card-shogi ply: the card is part of the move (architecture note).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardMove {
    /// The card played, if any.
    pub card: Option<Card>,
    /// What happens on the board.
    pub action: Action,
}

impl CardMove {
    /// An ordinary shogi move, no card.
    pub fn plain(mv: Move) -> CardMove {
        CardMove {
            card: None,
            action: Action::Std(mv),
        }
    }
    /// A ply with `card`.
    pub fn with(card: Card, action: Action) -> CardMove {
        CardMove {
            card: Some(card),
            action,
        }
    }
    /// The square named by KIF's 同 on the next ply (rules §5.1): the last destination.
    pub fn last_destination(&self) -> Option<Square> {
        match self.action {
            Action::Std(m) => Some(m.to()),
            Action::PromotedDrop { to, .. } => Some(to),
            Action::Swap { other, .. } => Some(other),
            Action::Twice { second, .. } => Some(second.to()),
            Action::Withdraw { .. } => None,
        }
    }
}

/// Board, hands, cards and effects. Copy-make, like the shogi position it wraps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPosition {
    pub(crate) board: Position,
    pub(crate) cards: [CardSet; 2],
    /// The square of the silver that may not be captured on this ply (its owner is the side
    /// not to move).
    pub(crate) invincible: Option<Square>,
    /// Active D files of each side, bit `file` set (files 1..=9).
    pub(crate) dfiles: [u16; 2],
}

impl CardPosition {
    /// A shogi position with both full card sets and no effects (the start of a game).
    pub fn new(board: Position) -> CardPosition {
        CardPosition {
            board,
            cards: [CardSet::FULL; 2],
            invincible: None,
            dfiles: [0; 2],
        }
    }

    /// The shogi start, both sides holding all twelve cards.
    pub fn startpos() -> CardPosition {
        CardPosition::new(Position::startpos())
    }

    /// The same position with these card sets.
    pub fn with_cards(mut self, black: CardSet, white: CardSet) -> CardPosition {
        self.cards = [black, white];
        self
    }

    #[inline]
    /// The shogi position under the cards.
    pub fn shogi(&self) -> &Position {
        &self.board
    }
    #[inline]
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }
    #[inline]
    /// `c`'s unused cards.
    pub fn cards(&self, c: Color) -> CardSet {
        self.cards[c.index()]
    }
    #[inline]
    /// The square card I made invincible for this ply, if any.
    pub fn invincible(&self) -> Option<Square> {
        self.invincible
    }
    /// Is `file` an active D file of `c`?
    #[inline]
    pub fn d_file(&self, c: Color, file: u8) -> bool {
        self.dfiles[c.index()] & (1 << file) != 0
    }

    /// The repetition key (rules §2.8): board, hands, side, both card sets and the effects.
    pub fn key(&self) -> u64 {
        let mut extra = self.cards[0].0 as u64
            | (self.cards[1].0 as u64) << 12
            | (self.dfiles[0] as u64) << 24
            | (self.dfiles[1] as u64) << 34;
        if let Some(s) = self.invincible {
            extra |= (s.0 as u64 + 1) << 44;
        }
        self.board.hash() ^ mix(extra)
    }

    /// Every piece of `c` that is royal: the King and the Crown Prince.
    #[inline]
    pub fn royals(&self, c: Color) -> Bitboard {
        royals(&self.board, c)
    }

    /// Is some royal piece of `c` attacked (a check, rules §2.3)?
    pub fn royal_attacked(&self, c: Color) -> bool {
        royal_attacked(&self.board, c)
    }

    /// Is the side to move in check (one of its royals attacked)?
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side_to_move())
    }

    /// Is the side to move's *last* royal piece attacked? Only then can it be mated (§2.4.5).
    pub fn last_royal_attacked(&self) -> bool {
        let us = self.side_to_move();
        let r = self.royals(us);
        r.count_ones() == 1
            && self
                .board
                .attacked(Square(r.trailing_zeros() as u8), us.flip())
    }

    /// The position after a ply assumed legal (generation and the validator decide that).
    pub fn after(&self, mv: CardMove) -> CardPosition {
        let us = self.side_to_move();
        let mut next = self.clone();
        let b = &mut next.board;
        let mut invincible = None;
        match mv.action {
            Action::Std(m) => {
                step(b, us, m, mv.card == Some(Card::P));
                if mv.card == Some(Card::C) {
                    flip_runs(b, us, m.to(), self.invincible);
                }
                if mv.card == Some(Card::I) {
                    let promoted = matches!(m, Move::Board { promote: true, .. });
                    if !promoted {
                        invincible = Some(m.to());
                    }
                }
            }
            Action::PromotedDrop { kind, to } => {
                let n = b.hand_count(us, kind);
                b.set_hand(us, kind, n.saturating_sub(1));
                b.put(to, Piece::new(us, kind.promoted()));
            }
            Action::Swap {
                rook,
                other,
                rook_promotes,
                other_promotes,
            } => {
                let mut r = b.remove(rook).expect("a swap starts on the rook");
                let mut o = b.remove(other).expect("a swap names a second piece");
                if rook_promotes {
                    r.kind = r.kind.promoted();
                }
                if other_promotes {
                    o.kind = o.kind.promoted();
                }
                b.put(other, r);
                b.put(rook, o);
            }
            Action::Twice { first, second } => {
                step(b, us, first, false);
                step(b, us, second, false);
            }
            Action::Withdraw { from } => {
                if let Some(p) = b.remove(from) {
                    let k = p.kind.unpromoted();
                    if k.is_hand_kind() {
                        let n = b.hand_count(us, k);
                        b.set_hand(us, k, n + 1);
                    }
                }
            }
        }
        b.pass_turn();
        if let Some(card) = mv.card {
            next.cards[us.index()].remove(card);
        }
        if mv.card == Some(Card::D)
            && let Action::Std(m) = mv.action
        {
            let f = m.to().file();
            if pawns_on_file(&next.board, us, f) == 2 {
                next.dfiles[us.index()] |= 1 << f;
            }
        }
        // A D file ends for good once it holds fewer than two of its owner's pawns (§3.8).
        for c in Color::BOTH {
            for f in 1..=9u8 {
                if next.dfiles[c.index()] & (1 << f) != 0 && pawns_on_file(&next.board, c, f) < 2 {
                    next.dfiles[c.index()] &= !(1 << f);
                }
            }
        }
        next.invincible = invincible;
        next
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
pub(crate) fn royals(b: &Position, c: Color) -> Bitboard {
    b.pieces(c, Kind::King) | b.pieces(c, Kind::ProGold)
}

pub(crate) fn royal_attacked(b: &Position, c: Color) -> bool {
    squares(royals(b, c)).any(|s| b.attacked(s, c.flip()))
}

/// Is the piece on `sq` royal?
#[inline]
pub(crate) fn is_royal(p: Piece) -> bool {
    matches!(p.kind, Kind::King | Kind::ProGold)
}

pub(crate) fn pawns_on_file(b: &Position, c: Color, file: u8) -> u32 {
    (b.pieces(c, Kind::Pawn) & file_mask(file)).count_ones()
}

/// One ordinary move or drop by `us`, without passing the turn. `prince` turns the moving
/// gold into a Crown Prince (card P). Capturing a King while its owner has a Crown Prince
/// moves that King onto the prince's square and removes the prince (§2.4.4); every royal
/// capture gives the captor a gold.
pub(crate) fn step(b: &mut Position, us: Color, m: Move, prince: bool) {
    match m {
        Move::Board { from, to, promote } => {
            let Some(mut p) = b.remove(from) else { return };
            if let Some(captured) = b.remove(to) {
                if captured.kind == Kind::King {
                    let them = us.flip();
                    if let Some(ps) = squares(b.pieces(them, Kind::ProGold)).next() {
                        b.remove(ps);
                        b.put(ps, Piece::new(them, Kind::King));
                    }
                    let n = b.hand_count(us, Kind::Gold);
                    b.set_hand(us, Kind::Gold, n + 1);
                } else {
                    let k = captured.kind.unpromoted();
                    if k.is_hand_kind() {
                        let n = b.hand_count(us, k);
                        b.set_hand(us, k, n + 1);
                    }
                }
            }
            if prince {
                p.kind = Kind::ProGold;
            } else if promote {
                p.kind = p.kind.promoted();
            }
            b.put(to, p);
        }
        Move::Drop { kind, to } => {
            let n = b.hand_count(us, kind);
            b.set_hand(us, kind, n.saturating_sub(1));
            b.put(to, Piece::new(us, kind));
        }
    }
}

/// The enemy pieces that card C flips after `us` moved or dropped onto `to`: every run of
/// enemy pieces adjacent to `to` along one of the 8 lines and closed by an own piece. A run
/// holding the invincible silver does not flip (§3.12).
pub(crate) fn flip_set(
    b: &Position,
    us: Color,
    to: Square,
    invincible: Option<Square>,
) -> Vec<Square> {
    let mut out = Vec::new();
    for d in 0..8 {
        let ray = &tables::RAYS[d][to.index()];
        let mut run = Vec::new();
        let mut closed = false;
        for &s in &ray.squares[..ray.len as usize] {
            match b.piece_at(Square(s)) {
                None => break,
                Some(p) if p.color == us => {
                    closed = true;
                    break;
                }
                Some(_) => run.push(Square(s)),
            }
        }
        if closed && !run.is_empty() && !run.iter().any(|&s| Some(s) == invincible) {
            out.extend(run);
        }
    }
    out
}

/// Apply C's flips: nearest first, so that of two flipped pawns on one file the nearer one
/// stays a pawn; a flipped pawn that would make nifu, or any flipped piece that would be
/// dead for its new owner, turns promoted (§3.12).
pub(crate) fn flip_runs(b: &mut Position, us: Color, to: Square, invincible: Option<Square>) {
    let mut set = flip_set(b, us, to, invincible);
    let dist = |s: Square| {
        (s.file() as i32 - to.file() as i32)
            .abs()
            .max((s.rank() as i32 - to.rank() as i32).abs())
    };
    set.sort_by_key(|&s| (dist(s), s.0));
    for s in set {
        let Some(mut p) = b.remove(s) else { continue };
        p.color = us;
        let nifu = p.kind == Kind::Pawn && pawns_on_file(b, us, s.file()) > 0;
        let dead = s.relative_rank(us) < p.kind.min_relative_rank();
        if nifu || dead {
            p.kind = p.kind.promoted();
        }
        b.put(s, p);
    }
}
