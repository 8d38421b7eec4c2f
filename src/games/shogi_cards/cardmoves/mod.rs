//! The fast generator of legal card-shogi plies: ordinary moves (through standard shogi's
//! generator whenever no card state can change their legality) and the card plies of every
//! unused card, one family per file, each candidate finished by the whole-ply rules.

mod compound;
mod hand;
mod pieces;

use crate::games::shogi::movegen::{self, drop_squares, targets};
use crate::games::shogi::position::Position;
use crate::games::shogi::tables::squares;
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};

use super::card::Card;
use super::position::{CardMove, CardPosition};
use super::rules::post_rules;

/// Call `f` for each promotion choice of a board move (forced promotion respected).
#[inline]
pub(crate) fn promotions(
    us: Color,
    kind: Kind,
    from: Square,
    to: Square,
    mut f: impl FnMut(bool) -> bool,
) -> bool {
    if kind.can_promote() && (from.in_zone(us) || to.in_zone(us)) && !f(true) {
        return false;
    }
    if to.relative_rank(us) >= kind.min_relative_rank() && !f(false) {
        return false;
    }
    true
}

/// The emitter: finishes a candidate with the whole-ply rules and hands legal ones to the
/// caller; `false` stops the generation.
pub(crate) struct Out<'a, F: FnMut(CardMove) -> bool> {
    pub pos: &'a CardPosition,
    pub f: F,
}

impl<F: FnMut(CardMove) -> bool> Out<'_, F> {
    /// Emit `mv` if the whole ply is legal (the card-specific rules were met by the caller).
    #[inline]
    pub fn finish(&mut self, mv: CardMove) -> bool {
        let after = self.pos.after(mv);
        if post_rules(self.pos, mv, &after).is_ok() {
            (self.f)(mv)
        } else {
            true
        }
    }
}

/// Generate every legal ply, calling `f`; `f` returns `false` to stop. Returns `false` if
/// stopped. Order: ordinary moves, then cards in canonical order.
pub fn for_each_ply(pos: &CardPosition, f: impl FnMut(CardMove) -> bool) -> bool {
    let mut out = Out { pos, f };
    if !plain(&mut out) {
        return false;
    }
    let us = pos.side_to_move();
    for card in pos.cards(us).iter() {
        let go_on = match card {
            Card::Q => pieces::queen(&mut out),
            Card::T => pieces::swap(&mut out),
            Card::R => pieces::reflect(&mut out),
            Card::P => pieces::prince(&mut out),
            Card::A => pieces::knight8(&mut out),
            Card::B => pieces::lance_jump(&mut out),
            Card::I => hand::invincible(&mut out),
            Card::D => hand::double_pawn(&mut out),
            Card::G => hand::promoted_drop(&mut out),
            Card::S => compound::twice(&mut out),
            Card::W => compound::withdraw(&mut out),
            Card::C => compound::convert(&mut out),
        };
        if !go_on {
            return false;
        }
    }
    true
}

/// Every ordinary board move and drop candidate of `us` (movement and drop rules only),
/// with `card` attached; the caller's emitter finishes each.
pub(crate) fn ordinary_candidates(
    b: &Position,
    us: Color,
    mut f: impl FnMut(Move) -> bool,
) -> bool {
    for from in squares(b.pieces_of(us)) {
        let p = b.piece_at(from).expect("own piece");
        for to in squares(targets(b, from, p)) {
            if !promotions(us, p.kind, from, to, |promote| {
                f(Move::Board { from, to, promote })
            }) {
                return false;
            }
        }
    }
    for kind in Kind::HAND_ORDER {
        if b.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(drop_squares(b, us, kind)) {
            if !f(Move::Drop { kind, to }) {
                return false;
            }
        }
    }
    true
}

fn plain<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let pos = out.pos;
    let b = pos.shogi();
    let us = pos.side_to_move();
    let simple = pos.invincible().is_none()
        && b.pieces(Color::Black, Kind::ProGold) == 0
        && b.pieces(Color::White, Kind::ProGold) == 0;
    if !simple {
        return ordinary_candidates(b, us, |m| out.finish(CardMove::plain(m)));
    }
    // Standard shogi's generator is exact here except for uchifuzume, which it judges
    // without card replies: the one pawn drop it refused is re-judged with cards.
    if !movegen::for_each_legal(b, |m| (out.f)(CardMove::plain(m))) {
        return false;
    }
    if b.hand_count(us, Kind::Pawn) > 0
        && let Some(k) = b.king(us.flip())
    {
        let front = match us {
            Color::Black => Square::new(k.file(), k.rank() + 1),
            Color::White => Square::new(k.file(), k.rank().wrapping_sub(1)),
        };
        if let Some(to) = front.filter(|s| drop_squares(b, us, Kind::Pawn) & (1u128 << s.0) != 0)
            && movegen::is_drop_pawn_mate(b, to)
        {
            return out.finish(CardMove::plain(Move::Drop {
                kind: Kind::Pawn,
                to,
            }));
        }
    }
    true
}

/// All legal plies.
pub fn legal_plies(pos: &CardPosition) -> Vec<CardMove> {
    let mut v = Vec::with_capacity(256);
    for_each_ply(pos, |m| {
        v.push(m);
        true
    });
    v
}

/// Does the side to move have any legal ply, card plies included?
pub fn has_legal_ply(pos: &CardPosition) -> bool {
    !for_each_ply(pos, |_| false)
}

/// Checkmate in the sense of §2.3: a royal piece of the side to move is attacked and no
/// legal ply exists, card plies included.
pub fn is_mated(pos: &CardPosition) -> bool {
    pos.in_check() && !has_legal_ply(pos)
}

/// Legal plies that give check (the attacker's plies in card tsume, §4.2).
pub fn checking_plies(pos: &CardPosition) -> Vec<CardMove> {
    let them = pos.side_to_move().flip();
    let mut v = Vec::new();
    for_each_ply(pos, |m| {
        if pos.after(m).royal_attacked(them) {
            v.push(m);
        }
        true
    });
    v
}

/// Leaf count `depth` plies below `pos`, card plies included.
pub fn perft(pos: &CardPosition, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            for_each_ply(pos, |_| {
                n += 1;
                true
            });
            n
        }
        _ => legal_plies(pos)
            .into_iter()
            .map(|m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

#[inline]
pub(crate) fn enemy_royal(b: &Position, us: Color, sq: Square) -> bool {
    b.piece_at(sq)
        .is_some_and(|q: Piece| q.color != us && super::position::is_royal(q))
}
