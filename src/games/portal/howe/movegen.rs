//! Howe's plies (§2.4) and their legality (§2.6): orthodox moves inside the scheduled
//! area, intents, executions and null plies, each kept when the mover's king is not in
//! danger afterwards. Attack is orthodox inside one area, plus the destination of a live
//! intent.

use super::position::{Area, HowePosition, PORTALS, Ply, mover, next_in_area};
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::position::Position;
use crate::games::chess::types::{Color, Move, MoveKind, Role, Square};

/// Does side `by` attack `sq` of `area` (§2.6)?
pub fn attacked(pos: &HowePosition, area: Area, sq: Square, by: Color) -> bool {
    let board = pos.area(area);
    if board.attackers(sq, by, board.occupied()) != 0 {
        return true;
    }
    let Some(i) = pos.live(by) else { return false };
    if i.area.other() != area || i.square != sq {
        return false;
    }
    // the swap case: the piece standing there is itself declared for the other way
    let victim = by.flip();
    !pos.live(victim)
        .is_some_and(|v| v.area == area && v.square == sq)
}

/// Is the king of `c` attacked by the other side?
pub fn king_attacked(pos: &HowePosition, c: Color) -> bool {
    pos.king(c)
        .is_some_and(|(a, s)| attacked(pos, a, s, c.flip()))
}

/// The side to move is in check.
pub fn in_check(pos: &HowePosition) -> bool {
    king_attacked(pos, pos.turn())
}

/// After a ply, is the king of the side that just moved in danger (§2.6): in check, and
/// the next ply in its area belongs to the opponent? A side without a king is always lost.
pub fn mover_in_danger(after: &HowePosition) -> bool {
    let mover = mover((after.phase + 3) % 4);
    match after.king(mover) {
        None => true,
        Some((a, s)) => {
            attacked(after, a, s, mover.flip()) && next_in_area(after.phase, a) != mover
        }
    }
}

fn legal(pos: &HowePosition, ply: Ply) -> bool {
    !mover_in_danger(&pos.after(ply))
}

/// Every legal ply of the side to move, in a fixed order. An empty list is checkmate.
pub fn legal_plies(pos: &HowePosition) -> Vec<Ply> {
    let us = pos.turn();
    let mut out = Vec::new();
    if let Some(i) = pos.intent(us) {
        // an execution turn: the execution, or a null ply in its place (§2.4-2.5)
        if pos.live(us).is_some() && legal(pos, Ply::Teleport(i.square)) {
            out.push(Ply::Teleport(i.square));
        }
    } else {
        out.extend(
            normal_moves(pos)
                .into_iter()
                .map(Ply::Normal)
                .filter(|&p| legal(pos, p)),
        );
        out.extend(
            intent_squares(pos)
                .map(Ply::Intent)
                .filter(|&p| legal(pos, p)),
        );
    }
    if out.is_empty() && legal(pos, Ply::Null) {
        out.push(Ply::Null);
    }
    out
}

/// Portal squares of the scheduled area holding a piece of the side to move.
pub fn intent_squares(pos: &HowePosition) -> impl Iterator<Item = Square> {
    squares(pos.area(pos.scheduled()).by_color(pos.turn()) & PORTALS)
}

/// Orthodox moves of the side to move in the scheduled area, king safety not considered.
pub fn normal_moves(pos: &HowePosition) -> Vec<Move> {
    let here = pos.scheduled();
    let b = pos.area(here);
    let us = pos.turn();
    let occ = b.occupied();
    let mut out = Vec::new();
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        for from in squares(b.pieces(us, role)) {
            let targets = match role {
                Role::Knight => bb::KNIGHT[from.index()],
                Role::Bishop => bb::bishop_attacks(from, occ),
                Role::Rook => bb::rook_attacks(from, occ),
                Role::Queen => bb::bishop_attacks(from, occ) | bb::rook_attacks(from, occ),
                _ => bb::KING[from.index()],
            };
            out.extend(squares(targets & !b.by_color(us)).map(|to| Move::new(from, to)));
        }
    }
    pawn_moves(b, us, &mut out);
    castling(pos, here, &mut out);
    out
}

fn push_pawn(from: Square, to: Square, out: &mut Vec<Move>) {
    if to.rank() == 0 || to.rank() == 7 {
        out.extend(Role::PROMOTIONS.into_iter().map(|r| Move {
            from,
            to,
            kind: MoveKind::Promotion(r),
        }));
    } else {
        out.push(Move::new(from, to));
    }
}

fn pawn_moves(b: &Position, us: Color, out: &mut Vec<Move>) {
    let occ = b.occupied();
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    for from in squares(b.pieces(us, Role::Pawn)) {
        for to in squares(bb::pawn_attacks(us, from) & b.by_color(us.flip())) {
            push_pawn(from, to, out);
        }
        let Some(one) = from.offset(0, forward).filter(|s| occ & bit(*s) == 0) else {
            continue;
        };
        push_pawn(from, one, out);
        if from.relative_rank(us) == 1
            && let Some(two) = one.offset(0, forward).filter(|s| occ & bit(*s) == 0)
        {
            out.push(Move::new(from, two));
        }
    }
    let Some(ep) = b.ep_square() else { return };
    let victim = ep.offset(0, -forward);
    if occ & bit(ep) != 0 || victim.is_none_or(|v| b.pieces(us.flip(), Role::Pawn) & bit(v) == 0) {
        return;
    }
    for from in squares(bb::pawn_attacks(us.flip(), ep) & b.pieces(us, Role::Pawn)) {
        out.push(Move {
            from,
            to: ep,
            kind: MoveKind::EnPassant,
        });
    }
}

/// Orthodox castling inside one area with that area's rights; the king may not stand on,
/// cross or reach a square attacked in the sense of §2.6.
fn castling(pos: &HowePosition, here: Area, out: &mut Vec<Move>) {
    let b = pos.area(here);
    let us = pos.turn();
    let rank = us.back_rank();
    let king = Square::new(4, rank);
    if b.pieces(us, Role::King) & bit(king) == 0 || attacked(pos, here, king, us.flip()) {
        return;
    }
    for (rook_file, king_to_file) in [(7u8, 6u8), (0, 2)] {
        let rook = Square::new(rook_file, rank);
        if b.castling_rooks() & bit(rook) == 0 || b.pieces(us, Role::Rook) & bit(rook) == 0 {
            continue;
        }
        if bb::between(king, rook) & b.occupied() != 0 {
            continue;
        }
        let king_to = Square::new(king_to_file, rank);
        if squares(bb::between(king, king_to) | bit(king_to))
            .all(|s| !attacked(pos, here, s, us.flip()))
        {
            out.push(Move {
                from: king,
                to: king_to,
                kind: MoveKind::Castle,
            });
        }
    }
}

/// Leaf count of the legal ply tree to `depth`.
pub fn perft(pos: &HowePosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plies = legal_plies(pos);
    if depth == 1 {
        return plies.len() as u64;
    }
    plies.iter().map(|&p| perft(&pos.after(p), depth - 1)).sum()
}
