//! Hidden's move generation: portals block every line (§3.2), a piece enters a portal
//! only with an attacking move and leaves at a free exit of its choice (§3.3-3.4); attack
//! follows the same rules, and a capture on a portal needs an exit (§3.8). Moves are made
//! pseudo-legally and kept when the mover's king is not attacked afterwards.

use super::position::{HiddenMove, HiddenPosition};
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::types::{Color, MoveKind, Role, Square};

/// The squares a piece of `role` standing on `from` reaches by its capturing geometry,
/// with pieces and portal squares as blockers (the blocker itself included).
fn reach(role: Role, color: Color, from: Square, blockers: u64) -> u64 {
    match role {
        Role::Pawn => bb::pawn_attacks(color, from),
        Role::Knight => bb::KNIGHT[from.index()],
        Role::Bishop => bb::bishop_attacks(from, blockers),
        Role::Rook => bb::rook_attacks(from, blockers),
        Role::Queen => bb::bishop_attacks(from, blockers) | bb::rook_attacks(from, blockers),
        Role::King => bb::KING[from.index()],
    }
}

/// Exits for a piece from `from` entering `entry` (§3.4: not the entry, not the origin).
fn exits(pos: &HiddenPosition, from: Square, entry: Square) -> u64 {
    pos.free_exits() & !bit(entry) & !bit(from)
}

/// Does side `by` attack `sq` (§3.8)? A capture on a portal counts only with an exit.
pub fn attacked(pos: &HiddenPosition, sq: Square, by: Color) -> bool {
    let b = &pos.board;
    let blockers = b.occupied() | pos.portals();
    let on_portal = pos.markers(sq) > 0;
    let candidates = b.by_color(by)
        & ((bb::KNIGHT[sq.index()] & b.by_role(Role::Knight))
            | (bb::KING[sq.index()] & b.by_role(Role::King))
            | (bb::pawn_attacks(by.flip(), sq) & b.by_role(Role::Pawn))
            | (bb::bishop_attacks(sq, blockers)
                & (b.by_role(Role::Bishop) | b.by_role(Role::Queen)))
            | (bb::rook_attacks(sq, blockers) & (b.by_role(Role::Rook) | b.by_role(Role::Queen))));
    if !on_portal {
        return candidates != 0;
    }
    squares(candidates).any(|from| exits(pos, from, sq) != 0)
}

pub fn in_check(pos: &HiddenPosition) -> bool {
    let us = pos.turn();
    let king = pos.board.pieces(us, Role::King);
    bb::lowest(king).is_some_and(|k| attacked(pos, k, us.flip()))
}

/// Every legal move, in a fixed order.
pub fn legal_moves(pos: &HiddenPosition) -> Vec<HiddenMove> {
    let us = pos.turn();
    pseudo_moves(pos)
        .into_iter()
        .filter(|&m| {
            let next = pos.after(m);
            bb::lowest(next.board.pieces(us, Role::King))
                .is_some_and(|k| !attacked(&next, k, us.flip()))
        })
        .collect()
}

/// Moves that obey every rule but king safety.
pub fn pseudo_moves(pos: &HiddenPosition) -> Vec<HiddenMove> {
    let mut out = Vec::new();
    let us = pos.turn();
    let b = &pos.board;
    let portals = pos.portals();
    let blockers = b.occupied() | portals;
    for role in Role::ALL {
        for from in squares(b.pieces(us, role)) {
            let targets = reach(role, us, from, blockers) & !b.by_color(us);
            for to in squares(targets) {
                if portals & bit(to) != 0 {
                    for exit in squares(exits(pos, from, to)) {
                        out.push(HiddenMove {
                            from,
                            to,
                            exit: Some(exit),
                            kind: MoveKind::Normal,
                        });
                    }
                } else if role != Role::Pawn {
                    out.push(HiddenMove::plain(from, to, MoveKind::Normal));
                } else if b.by_color(us.flip()) & bit(to) != 0 {
                    push_pawn(from, to, &mut out);
                }
            }
            if role == Role::Pawn {
                pawn_steps(pos, from, &mut out);
            }
        }
    }
    en_passant(pos, &mut out);
    castling(pos, &mut out);
    out
}

fn push_pawn(from: Square, to: Square, out: &mut Vec<HiddenMove>) {
    if to.rank() == 0 || to.rank() == 7 {
        for r in Role::PROMOTIONS {
            out.push(HiddenMove::plain(from, to, MoveKind::Promotion(r)));
        }
    } else {
        out.push(HiddenMove::plain(from, to, MoveKind::Normal));
    }
}

/// Straight steps onto empty, portal-free squares; the double step from the second rank.
fn pawn_steps(pos: &HiddenPosition, from: Square, out: &mut Vec<HiddenMove>) {
    let us = pos.turn();
    let blocked = pos.board.occupied() | pos.portals();
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let Some(one) = from.offset(0, forward) else {
        return;
    };
    if blocked & bit(one) != 0 {
        return;
    }
    push_pawn(from, one, out);
    if from.relative_rank(us) == 1
        && let Some(two) = one.offset(0, forward).filter(|t| blocked & bit(*t) == 0)
    {
        out.push(HiddenMove::plain(from, two, MoveKind::Normal));
    }
}

fn en_passant(pos: &HiddenPosition, out: &mut Vec<HiddenMove>) {
    let Some(ep) = pos.board.ep_square() else {
        return;
    };
    let us = pos.turn();
    if pos.markers(ep) > 0 || pos.board.occupied() & bit(ep) != 0 {
        return;
    }
    for from in squares(bb::pawn_attacks(us.flip(), ep) & pos.board.pieces(us, Role::Pawn)) {
        out.push(HiddenMove::plain(from, ep, MoveKind::EnPassant));
    }
}

/// Orthodox castling, and no portal on the king's square, the rook's, or between (§3.7).
fn castling(pos: &HiddenPosition, out: &mut Vec<HiddenMove>) {
    if in_check(pos) {
        return;
    }
    let them = pos.turn().flip();
    for (king, to) in crate::games::portal::castling::castlings(&pos.board, pos.portals(), |s| {
        attacked(pos, s, them)
    }) {
        out.push(HiddenMove::plain(king, to, MoveKind::Castle));
    }
}

pub fn perft(pos: &HiddenPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&pos.after(m), depth - 1)).sum()
}
