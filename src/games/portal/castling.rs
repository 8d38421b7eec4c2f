//! Castling in the one-board versions: orthodox castling, barred when a portal stands on
//! the king's square, the rook's or a square between (Hidden §3.7, Buckley §4.8). Both
//! versions ask the same questions and differ only in where their portals are and how
//! they see attacks, so the walk is written once.

use crate::games::chess::Position;
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::types::{Role, Square};

/// Every castling of the side to move as (king's square, king's destination). `portals`
/// are the squares that bar castling; `attacked(s)` says whether the opponent attacks `s`.
/// The caller has checked that the side to move is not in check.
pub fn castlings(
    board: &Position,
    portals: u64,
    attacked: impl Fn(Square) -> bool,
) -> Vec<(Square, Square)> {
    let us = board.turn();
    let rank = us.back_rank();
    let king = Square::new(4, rank);
    if board.pieces(us, Role::King) & bit(king) == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (rook_file, king_to_file) in [(7u8, 6u8), (0, 2)] {
        let rook = Square::new(rook_file, rank);
        if board.castling_rooks() & bit(rook) == 0 || board.pieces(us, Role::Rook) & bit(rook) == 0
        {
            continue;
        }
        let span = bb::between(king, rook) | bit(king) | bit(rook);
        if bb::between(king, rook) & board.occupied() != 0 || span & portals != 0 {
            continue;
        }
        let king_to = Square::new(king_to_file, rank);
        if squares(bb::between(king, king_to) | bit(king_to)).all(|s| !attacked(s)) {
            out.push((king, king_to));
        }
    }
    out
}
