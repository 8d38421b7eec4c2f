//! Cards about one silver or about drops: I (invincible silver), D (double pawn),
//! G (promoted drop).

use crate::games::shogi::movegen::{drop_squares, targets};
use crate::games::shogi::tables::{BOARD_MASK, dead_squares, squares};
use crate::games::shogi::types::{Kind, Move};

use super::{Out, promotions};
use crate::games::shogi_cards::card::Card;
use crate::games::shogi_cards::position::{Action, CardMove, pawns_on_file};

/// I: a silver drop, or an ordinary move of an unpromoted silver (with or without promotion;
/// a promoting silver spends the card for nothing, §3.5).
pub(super) fn invincible<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for from in squares(b.pieces(us, Kind::Silver)) {
        let p = b.piece_at(from).expect("own silver");
        for to in squares(targets(b, from, p)) {
            let ok = promotions(us, Kind::Silver, from, to, |promote| {
                out.finish(CardMove::with(
                    Card::I,
                    Action::Std(Move::Board { from, to, promote }),
                ))
            });
            if !ok {
                return false;
            }
        }
    }
    if b.hand_count(us, Kind::Silver) > 0 {
        for to in squares(drop_squares(b, us, Kind::Silver)) {
            if !out.finish(CardMove::with(
                Card::I,
                Action::Std(Move::Drop {
                    kind: Kind::Silver,
                    to,
                }),
            )) {
                return false;
            }
        }
    }
    true
}

/// D: a pawn drop ignoring nifu, onto files holding at most one of the mover's pawns.
pub(super) fn double_pawn<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    if b.hand_count(us, Kind::Pawn) == 0 {
        return true;
    }
    let free = !b.occupied() & BOARD_MASK & !dead_squares(us, Kind::Pawn);
    for to in squares(free) {
        if pawns_on_file(b, us, to.file()) >= 2 {
            continue;
        }
        if !out.finish(CardMove::with(
            Card::D,
            Action::Std(Move::Drop {
                kind: Kind::Pawn,
                to,
            }),
        )) {
            return false;
        }
    }
    true
}

/// G: a non-gold piece in hand dropped promoted on any empty square (no dead squares, no
/// nifu); the no-check ban is judged by the whole-ply rules.
pub(super) fn promoted_drop<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for kind in Kind::HAND_ORDER {
        if kind == Kind::Gold || b.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(!b.occupied() & BOARD_MASK) {
            if !out.finish(CardMove::with(Card::G, Action::PromotedDrop { kind, to })) {
                return false;
            }
        }
    }
    true
}
