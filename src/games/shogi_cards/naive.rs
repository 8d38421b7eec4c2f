//! The deliberately simple reference generator: every syntactically possible ply of every
//! held card (all origin/destination pairs, all drops, all swaps, all withdrawals), kept
//! when [`check_ply`] accepts it. Slow, and independent of the fast generator's
//! candidate logic; tests compare the two on random positions.

#[cfg(test)]
use std::collections::BTreeSet;

use crate::games::shogi::types::{Kind, Move, Square};

use super::card::Card;
use super::position::{Action, CardMove, CardPosition};
use super::rules::check_ordinary;
#[cfg(test)]
use super::rules::check_ply;

fn all_board_moves() -> impl Iterator<Item = Move> {
    Square::all().flat_map(|from| {
        Square::all()
            .flat_map(move |to| [false, true].map(move |promote| Move::Board { from, to, promote }))
    })
}

fn all_drops() -> impl Iterator<Item = (Kind, Square)> {
    Kind::HAND_ORDER
        .into_iter()
        .flat_map(|k| Square::all().map(move |s| (k, s)))
}

#[cfg(test)]
/// Every legal ply, as a sorted set.
pub fn legal_plies(pos: &CardPosition) -> BTreeSet<CardMove> {
    let us = pos.side_to_move();
    let mut out = BTreeSet::new();
    let cards: Vec<Option<Card>> = std::iter::once(None)
        .chain(pos.cards(us).iter().map(Some))
        .collect();
    for card in cards {
        shapes(pos, card, |mv| {
            if check_ply(pos, mv).is_ok() {
                out.insert(mv);
            }
        });
    }
    out
}

/// Every ply of the shape `card` (or a plain move) writes, legal or not: all
/// origin/destination pairs, all drops, all swaps, all withdrawals. S's first move is
/// limited to ordinary moves the rules allow, since its second starts where it ended.
/// The reader also uses this to name the rule a written but illegal ply breaks.
pub fn shapes(pos: &CardPosition, card: Option<Card>, mut each: impl FnMut(CardMove)) {
    let us = pos.side_to_move();
    match card {
        Some(Card::T) => {
            for rook in Square::all() {
                for other in Square::all() {
                    for (rp, op) in [(false, false), (false, true), (true, false), (true, true)] {
                        each(CardMove::with(
                            Card::T,
                            Action::Swap {
                                rook,
                                other,
                                rook_promotes: rp,
                                other_promotes: op,
                            },
                        ));
                    }
                }
            }
        }
        Some(Card::G) => {
            for (kind, to) in all_drops() {
                each(CardMove::with(Card::G, Action::PromotedDrop { kind, to }));
            }
        }
        Some(Card::W) => {
            for from in Square::all() {
                each(CardMove::with(Card::W, Action::Withdraw { from }));
            }
        }
        Some(Card::S) => {
            for first in all_board_moves() {
                if check_ordinary(pos.shogi(), us, first, 1).is_err() {
                    continue;
                }
                for to in Square::all() {
                    for promote in [false, true] {
                        let second = Move::Board {
                            from: first.to(),
                            to,
                            promote,
                        };
                        each(CardMove::with(Card::S, Action::Twice { first, second }));
                    }
                }
            }
        }
        _ => {
            for m in all_board_moves() {
                each(CardMove {
                    card,
                    action: Action::Std(m),
                });
            }
            for (kind, to) in all_drops() {
                each(CardMove {
                    card,
                    action: Action::Std(Move::Drop { kind, to }),
                });
            }
        }
    }
}

#[cfg(test)]
/// Mate by the reference generator: a royal attacked and no legal ply.
pub fn is_mated(pos: &CardPosition) -> bool {
    pos.in_check() && legal_plies(pos).is_empty()
}
