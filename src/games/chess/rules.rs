//! Why a move is illegal: each check names the FIDE rule it enforces. Used by the
//! validator and by notation resolvers once a written move matched no legal move.

use super::bitboard::{self as bb, bit};
use super::position::Position;
use super::types::{Color, Move, MoveKind, Role, Square};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::ChessRule;

fn problem(rule: impl Into<crate::core::Rule>, message: String) -> Problem {
    Problem::new(rule, message, Span::default())
}

/// The reason the move `from`–`to` (with `promotion`) is not legal in `pos`. The span is
/// left empty for the caller to set to the move's text.
pub fn why_illegal(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Problem {
    let us = pos.turn();
    let Some(piece) = pos.piece_at(from) else {
        return problem(CommonRule::NoPiece, format!("there is no piece on {from}"));
    };
    if piece.color != us {
        return problem(
            CommonRule::WrongSide,
            format!(
                "the piece on {from} is {}'s, but it is {}'s move",
                piece.color.name(),
                us.name()
            ),
        );
    }
    if piece.role == Role::King && from.file().abs_diff(to.file()) == 2 && from.rank() == to.rank()
    {
        return why_castling_illegal(pos, from, to);
    }
    if pos.by_color(us) & bit(to) != 0 {
        return problem(
            CommonRule::OwnPieceOnTarget,
            format!("{to} holds a piece of the side moving"),
        );
    }
    if let Some(p) = movement_problem(pos, piece.role, from, to) {
        return p;
    }
    let last_rank = to.relative_rank(us) == 7;
    match (piece.role == Role::Pawn && last_rank, promotion) {
        (true, None) => {
            return problem(
                CommonRule::MissingPromotion,
                format!("a pawn reaching {to} must promote"),
            );
        }
        (false, Some(_)) => {
            return problem(
                ChessRule::BadPromotion,
                "only a pawn reaching the last rank promotes".into(),
            );
        }
        (true, Some(r)) if !Role::PROMOTIONS.contains(&r) => {
            return problem(
                ChessRule::BadPromotion,
                "a pawn promotes to a queen, rook, bishop or knight".into(),
            );
        }
        _ => {}
    }
    problem(
        CommonRule::SelfCheck,
        if pos.in_check() {
            format!("{} is in check and this move does not end it", us.name())
        } else {
            format!("this move would leave {}'s king in check", us.name())
        },
    )
}

/// Whether the piece can go from `from` to `to` by its own movement on this board.
fn movement_problem(pos: &Position, role: Role, from: Square, to: Square) -> Option<Problem> {
    let occ = pos.occupied();
    let reach = match role {
        Role::Pawn => return pawn_problem(pos, from, to),
        Role::Knight => bb::KNIGHT[from.index()],
        Role::King => bb::KING[from.index()],
        Role::Bishop => bb::bishop_attacks(from, 0),
        Role::Rook => bb::rook_attacks(from, 0),
        Role::Queen => bb::bishop_attacks(from, 0) | bb::rook_attacks(from, 0),
    };
    if reach & bit(to) == 0 {
        return Some(problem(
            CommonRule::IllegalMovement,
            format!("a {:?} cannot go from {from} to {to}", role).to_lowercase(),
        ));
    }
    let blockers = bb::between(from, to) & occ;
    bb::lowest(blockers).map(|b| {
        problem(
            CommonRule::PathBlocked,
            format!("the way from {from} to {to} is blocked on {b}"),
        )
    })
}

fn pawn_problem(pos: &Position, from: Square, to: Square) -> Option<Problem> {
    let us = pos.turn();
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let occupied = pos.occupied() & bit(to) != 0;
    if df.abs() == 1 && dr == forward {
        if occupied || pos.ep_square() == Some(to) {
            return None;
        }
        return Some(problem(
            ChessRule::PawnCaptureOnly,
            format!("a pawn moves diagonally only to capture, and {to} is empty"),
        ));
    }
    let double = dr == 2 * forward && from.relative_rank(us) == 1;
    if df != 0 || !(dr == forward || double) {
        return Some(problem(
            CommonRule::IllegalMovement,
            format!("a pawn cannot go from {from} to {to}"),
        ));
    }
    let path = bb::between(from, to) | bit(to);
    (pos.occupied() & path != 0).then(|| {
        problem(
            CommonRule::PathBlocked,
            format!("a pawn moves straight only onto empty squares ({from} to {to})"),
        )
    })
}

fn why_castling_illegal(pos: &Position, from: Square, to: Square) -> Problem {
    let us = pos.turn();
    let rank = us.back_rank();
    let castle = Move {
        from,
        to,
        kind: MoveKind::Castle,
    };
    let rook = pos.castling_rook(castle).filter(|_| from == pos.king(us));
    let Some(rook) = rook.filter(|r| pos.pieces(us, Role::Rook) & bit(*r) != 0) else {
        let corner = Square::new(if to.file() > from.file() { 7 } else { 0 }, rank);
        return problem(
            ChessRule::CastlingRightLost,
            format!(
                "{} has lost the right to castle with the rook of {corner}",
                us.name()
            ),
        );
    };
    let rook_to = Square::new(if to.file() == 6 { 5 } else { 3 }, rank);
    let paths = bb::between(from, to) | bit(to) | bb::between(rook, rook_to) | bit(rook_to);
    let others = pos.occupied() & !bit(from) & !bit(rook);
    if let Some(b) = bb::lowest(paths & others) {
        return problem(
            ChessRule::CastlingBlocked,
            format!("castling needs the squares between king and rook empty; {b} is not"),
        );
    }
    if pos.in_check() {
        return problem(
            ChessRule::CastlingOutOfCheck,
            "a king in check may not castle".into(),
        );
    }
    let path = bb::between(from, to) | bit(to);
    match bb::squares(path).find(|&s| pos.attackers(s, us.flip(), pos.occupied()) != 0) {
        Some(s) => problem(
            ChessRule::CastlingThroughCheck,
            format!("the king may not cross or land on the attacked square {s}"),
        ),
        None => problem(
            CommonRule::SelfCheck,
            "this castling would leave the king in check".into(),
        ),
    }
}
