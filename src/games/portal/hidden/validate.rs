//! Why a Hidden move is illegal, each reason naming its rule. Records are replayed by the
//! versions' shared [`crate::games::portal::replay`].

use super::notation::Written;
use super::position::HiddenPosition;
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::ChessRule;
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::notation::san::{CastleSide, San};
use crate::games::chess::types::{Color, Role, Square};
use crate::games::portal::PortalRule;

fn problem(rule: impl Into<crate::core::Rule>, message: String) -> Problem {
    Problem::new(rule, message, Span::default())
}

/// The rule a written move breaks, judged on the most plausible piece it could mean.
pub fn why_illegal(pos: &HiddenPosition, w: &Written) -> Problem {
    let us = pos.turn();
    let (role, file, rank, to) = match w.san {
        San::Castle(side) => return why_castling(pos, side),
        San::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => (role, file, rank, to),
    };
    let portal = pos.markers(to) > 0;
    if w.exit.is_some() && !portal {
        return problem(
            PortalRule::NotAPortal,
            format!("the arrow teleports, but {to} holds no portal"),
        );
    }
    let candidates: Vec<Square> = squares(pos.board.pieces(us, role))
        .filter(|s| file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r))
        .collect();
    let mut reasons: Vec<Problem> = candidates
        .iter()
        .map(|&from| why_from(pos, role, from, to, w))
        .collect();
    reasons.sort_by_key(|p| p.rule == CommonRule::IllegalMovement);
    reasons.into_iter().next().unwrap_or_else(|| {
        problem(
            CommonRule::NoPiece,
            format!("{} has no {role:?} that could go to {to}", us.name()).to_lowercase(),
        )
    })
}

fn why_from(pos: &HiddenPosition, role: Role, from: Square, to: Square, w: &Written) -> Problem {
    let b = &pos.board;
    let us = pos.turn();
    let portal = pos.markers(to) > 0;
    let geometry = match role {
        Role::Pawn => bb::pawn_attacks(us, from) | pawn_push_squares(from, us),
        Role::Knight => bb::KNIGHT[from.index()],
        Role::King => bb::KING[from.index()],
        Role::Bishop => bb::bishop_attacks(from, 0),
        Role::Rook => bb::rook_attacks(from, 0),
        Role::Queen => bb::bishop_attacks(from, 0) | bb::rook_attacks(from, 0),
    };
    if geometry & bit(to) == 0 {
        return problem(
            CommonRule::IllegalMovement,
            format!("a {role:?} cannot go from {from} to {to}").to_lowercase(),
        );
    }
    if role != Role::Knight {
        let between = bb::between(from, to);
        if let Some(p) = bb::lowest(between & pos.portals()) {
            return problem(
                PortalRule::SlideThroughPortal,
                format!(
                    "portal squares block lines: the way from {from} to {to} crosses the portal on {p}"
                ),
            );
        }
        if let Some(p) = bb::lowest(between & b.occupied()) {
            return problem(
                CommonRule::PathBlocked,
                format!("the way from {from} to {to} is blocked on {p}"),
            );
        }
    }
    if b.by_color(us) & bit(to) != 0 {
        return problem(
            CommonRule::OwnPieceOnTarget,
            format!("{to} holds a piece of the side moving"),
        );
    }
    let straight_pawn = role == Role::Pawn && from.file() == to.file();
    if portal && straight_pawn {
        return problem(
            PortalRule::NonAttackingEntry,
            format!(
                "a portal is entered only by an attacking move; a pawn's straight step onto {to} is not one"
            ),
        );
    }
    match (portal, w.exit) {
        (true, None) => {
            return problem(
                PortalRule::MissingExit,
                format!("{to} is a portal: entering it teleports, so write the exit ({to}→square)"),
            );
        }
        (true, Some(exit)) => {
            if let Some(p) = exit_problem(pos, from, to, exit) {
                return p;
            }
        }
        _ => {}
    }
    if role == Role::Pawn
        && !straight_pawn
        && !portal
        && b.by_color(us.flip()) & bit(to) == 0
        && b.ep_square() != Some(to)
    {
        return problem(
            ChessRule::PawnCaptureOnly,
            format!("a pawn moves diagonally only to capture, and {to} is empty"),
        );
    }
    problem(
        CommonRule::SelfCheck,
        format!("this move would leave {}'s king attacked", us.name()),
    )
}

fn pawn_push_squares(from: Square, us: Color) -> u64 {
    let f: i8 = if us == Color::White { 1 } else { -1 };
    let mut s = from.offset(0, f).map_or(0, bit);
    if from.relative_rank(us) == 1 {
        s |= from.offset(0, 2 * f).map_or(0, bit);
    }
    s
}

/// The four exit conditions of §3.4.
fn exit_problem(
    pos: &HiddenPosition,
    from: Square,
    entry: Square,
    exit: Square,
) -> Option<Problem> {
    let n = pos.markers(exit);
    if n == 0 {
        return Some(problem(
            PortalRule::ExitNotAPortal,
            format!("{exit} holds no portal to come out of"),
        ));
    }
    if n > 1 {
        return Some(problem(
            PortalRule::StackedExit,
            format!("{exit} is a stack of {n} portals; stacks are entries only, never exits"),
        ));
    }
    if pos.board.occupied() & bit(exit) != 0 {
        return Some(problem(
            PortalRule::ExitOccupied,
            format!("the exit {exit} holds a piece; a teleport never captures on its exit"),
        ));
    }
    if exit == entry {
        return Some(problem(
            PortalRule::ExitIsEntry,
            format!("the piece must leave {entry} by another portal"),
        ));
    }
    (exit == from).then(|| {
        problem(
            PortalRule::ExitIsOrigin,
            format!("the exit may not be {from}, the square the piece started from"),
        )
    })
}

fn why_castling(pos: &HiddenPosition, side: CastleSide) -> Problem {
    let us = pos.turn();
    let rank = us.back_rank();
    let (king, rook) = (
        Square::new(4, rank),
        Square::new(if side == CastleSide::King { 7 } else { 0 }, rank),
    );
    let span = bb::between(king, rook) | bit(king) | bit(rook);
    if pos.board.castling_rooks() & bit(rook) == 0 {
        return problem(
            ChessRule::CastlingRightLost,
            format!(
                "{} has no right to castle with the rook of {rook}",
                us.name()
            ),
        );
    }
    if let Some(p) = bb::lowest(span & pos.portals()) {
        return problem(
            PortalRule::CastlingAcrossPortal,
            format!(
                "castling is illegal with a portal on the king's, the rook's or a square between: {p}"
            ),
        );
    }
    if let Some(p) = bb::lowest(bb::between(king, rook) & pos.board.occupied()) {
        return problem(
            ChessRule::CastlingBlocked,
            format!("castling needs the squares between king and rook empty; {p} is not"),
        );
    }
    problem(
        ChessRule::CastlingThroughCheck,
        "the king may not castle out of, through or into an attacked square".into(),
    )
}
