//! Cards that make a ply out of more than one move: S (one piece twice), W (withdraw to
//! hand), C (move or drop, then reversi flips).

use crate::games::shogi::movegen::targets;
use crate::games::shogi::tables::squares;
use crate::games::shogi::types::Move;

use super::{Out, ordinary_candidates, promotions};
use crate::games::shogi_cards::card::Card;
use crate::games::shogi_cards::position::{Action, CardMove, flip_set, is_royal, step};
use crate::games::shogi_cards::rules::halfway_rules;

/// S: every pair of ordinary moves of one piece, the second from where the first ended,
/// with the self-check and no-check rules judged after each move.
pub(super) fn twice<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let pos = out.pos;
    let b = pos.shogi();
    let us = pos.side_to_move();
    for from in squares(b.pieces_of(us)) {
        let p = b.piece_at(from).expect("own piece");
        for mid in squares(targets(b, from, p)) {
            let ok = promotions(us, p.kind, from, mid, |pr1| {
                let first = Move::Board {
                    from,
                    to: mid,
                    promote: pr1,
                };
                let mut half = b.clone();
                step(&mut half, us, first, false);
                if halfway_rules(pos, b, &half, us, 1).is_err() {
                    return true;
                }
                let q = half.piece_at(mid).expect("moved piece");
                for to in squares(targets(&half, mid, q)) {
                    let ok = promotions(us, q.kind, mid, to, |pr2| {
                        let second = Move::Board {
                            from: mid,
                            to,
                            promote: pr2,
                        };
                        let mut end = half.clone();
                        step(&mut end, us, second, false);
                        if halfway_rules(pos, b, &end, us, 2).is_err() {
                            return true;
                        }
                        out.finish(CardMove::with(Card::S, Action::Twice { first, second }))
                    });
                    if !ok {
                        return false;
                    }
                }
                true
            });
            if !ok {
                return false;
            }
        }
    }
    true
}

/// W: any own non-royal board piece goes back to hand.
pub(super) fn withdraw<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for from in squares(b.pieces_of(us)) {
        if b.piece_at(from).is_some_and(is_royal) {
            continue;
        }
        if !out.finish(CardMove::with(Card::W, Action::Withdraw { from })) {
            return false;
        }
    }
    true
}

/// C: every ordinary move or drop whose flip set holds no enemy royal.
pub(super) fn convert<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let pos = out.pos;
    let b = pos.shogi();
    let us = pos.side_to_move();
    ordinary_candidates(b, us, |m| {
        let mut moved = b.clone();
        step(&mut moved, us, m, false);
        if flip_set(&moved, us, m.to(), pos.invincible())
            .iter()
            .any(|&s| moved.piece_at(s).is_some_and(is_royal))
        {
            return true;
        }
        out.finish(CardMove::with(Card::C, Action::Std(m)))
    })
}
