//! Cards that change how one board piece moves: Q (royal as queen), T (rook swap),
//! R (reflecting bishop), P (gold to Crown Prince), A (chess knight), B (jumping lance).

use crate::games::shogi::tables::{self, STEP_TARGETS, squares};
use crate::games::shogi::types::{Color, Kind, Move, Square};

use super::{Out, enemy_royal, promotions};
use crate::games::shogi_cards::card::Card;
use crate::games::shogi_cards::position::{Action, CardMove, is_royal};

fn board(card: Card, from: Square, to: Square, promote: bool) -> CardMove {
    CardMove::with(card, Action::Std(Move::Board { from, to, promote }))
}

/// Q: each own royal slides along the 8 lines; unusable with a royal whose line meets an
/// enemy royal first.
pub(super) fn queen<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for from in squares(out.pos.royals(us)) {
        let mut dests = Vec::new();
        let mut banned = false;
        for d in 0..8 {
            let ray = &tables::RAYS[d][from.index()];
            for &s in &ray.squares[..ray.len as usize] {
                let s = Square(s);
                match b.piece_at(s) {
                    None => dests.push(s),
                    Some(p) if p.color == us => break,
                    Some(p) => {
                        if is_royal(p) {
                            banned = true;
                        } else {
                            dests.push(s);
                        }
                        break;
                    }
                }
            }
        }
        if banned {
            continue;
        }
        for to in dests {
            if !out.finish(board(Card::Q, from, to, false)) {
                return false;
            }
        }
    }
    true
}

/// T: an unpromoted rook and any other own board piece exchange squares, each promoting
/// as its own move allows.
pub(super) fn swap<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for rook in squares(b.pieces(us, Kind::Rook)) {
        for other in squares(b.pieces_of(us) & !(1u128 << rook.0)) {
            let y = b.piece_at(other).expect("own piece");
            let ok = promotions(us, Kind::Rook, rook, other, |rp| {
                promotions(us, y.kind, other, rook, |op| {
                    out.finish(CardMove::with(
                        Card::T,
                        Action::Swap {
                            rook,
                            other,
                            rook_promotes: rp,
                            other_promotes: op,
                        },
                    ))
                })
            });
            if !ok {
                return false;
            }
        }
    }
    true
}

/// The reflected bishop path (§3.3), stepping and flipping a direction component when the
/// next square would leave the board, until blocked or a (square, direction) state repeats.
/// Returns the squares in order up to and including the first occupied one.
pub(crate) fn reflect_walk(
    b: &crate::games::shogi::position::Position,
    from: Square,
    mut df: i8,
    mut dr: i8,
) -> Vec<Square> {
    let mut seen = [0u8; 81];
    let dir_bit = |df: i8, dr: i8| 1u8 << (((df + 1) + (dr + 1) / 2) as u8);
    seen[from.index()] |= dir_bit(df, dr);
    let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
    let mut path = Vec::new();
    loop {
        if !(1..=9).contains(&(f + df)) {
            df = -df;
        }
        if !(1..=9).contains(&(r + dr)) {
            dr = -dr;
        }
        f += df;
        r += dr;
        let s = Square::new(f as u8, r as u8).expect("kept on the board");
        if seen[s.index()] & dir_bit(df, dr) != 0 {
            break;
        }
        seen[s.index()] |= dir_bit(df, dr);
        if s == from {
            continue;
        }
        path.push(s);
        if b.piece_at(s).is_some() {
            break;
        }
    }
    path
}

/// R: each unpromoted bishop whose four reflected paths all avoid the enemy royals.
pub(super) fn reflect<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for from in squares(b.pieces(us, Kind::Bishop)) {
        let paths: Vec<Vec<Square>> = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .map(|&(df, dr)| reflect_walk(b, from, df, dr))
            .collect();
        if paths
            .iter()
            .any(|p| p.last().is_some_and(|&s| enemy_royal(b, us, s)))
        {
            continue;
        }
        let mut dests: u128 = 0;
        for p in &paths {
            for &s in p {
                if b.piece_at(s).is_none_or(|q| q.color != us) {
                    dests |= 1u128 << s.0;
                }
            }
        }
        for to in squares(dests) {
            if !promotions(us, Kind::Bishop, from, to, |pr| {
                out.finish(board(Card::R, from, to, pr))
            }) {
                return false;
            }
        }
    }
    true
}

/// P: a gold's ordinary move with its origin or destination in the zone, becoming a
/// Crown Prince; only for a player whose King is on the board.
pub(super) fn prince<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    if b.king(us).is_none() {
        return true;
    }
    let zone = tables::zone(us);
    for from in squares(b.pieces(us, Kind::Gold)) {
        let mut t = STEP_TARGETS[us.index()][Kind::Gold as usize][from.index()] & !b.pieces_of(us);
        if zone & (1u128 << from.0) == 0 {
            t &= zone;
        }
        for to in squares(t) {
            if !out.finish(board(Card::P, from, to, true)) {
                return false;
            }
        }
    }
    true
}

const KNIGHT8: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A: each unpromoted knight none of whose eight chess-knight squares holds an enemy royal.
pub(super) fn knight8<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    for from in squares(b.pieces(us, Kind::Knight)) {
        let dests: Vec<Square> = KNIGHT8
            .iter()
            .filter_map(|&(df, dr)| {
                Square::new(
                    (from.file() as i8 + df) as u8,
                    (from.rank() as i8 + dr) as u8,
                )
            })
            .collect();
        if dests.iter().any(|&s| enemy_royal(b, us, s)) {
            continue;
        }
        for to in dests {
            if b.piece_at(to).is_some_and(|q| q.color == us) {
                continue;
            }
            if !promotions(us, Kind::Knight, from, to, |pr| {
                out.finish(board(Card::A, from, to, pr))
            }) {
                return false;
            }
        }
    }
    true
}

/// B: each unpromoted lance goes forward, passing at most one piece; unusable when the
/// second piece ahead is an enemy royal.
pub(super) fn lance_jump<F: FnMut(CardMove) -> bool>(out: &mut Out<'_, F>) -> bool {
    let b = out.pos.shogi();
    let us = out.pos.side_to_move();
    let fwd = if us == Color::Black { 0 } else { 1 };
    for from in squares(b.pieces(us, Kind::Lance)) {
        let ray = &tables::RAYS[fwd][from.index()];
        let mut dests = Vec::new();
        let mut passed = 0;
        let mut banned = false;
        for &s in &ray.squares[..ray.len as usize] {
            let s = Square(s);
            match b.piece_at(s) {
                None => dests.push(s),
                Some(p) => {
                    if p.color != us && !is_royal(p) {
                        dests.push(s);
                    }
                    passed += 1;
                    if passed == 2 {
                        banned = p.color != us && is_royal(p);
                        break;
                    }
                }
            }
        }
        if banned {
            continue;
        }
        for to in dests {
            if !promotions(us, Kind::Lance, from, to, |pr| {
                out.finish(board(Card::B, from, to, pr))
            }) {
                return false;
            }
        }
    }
    true
}
