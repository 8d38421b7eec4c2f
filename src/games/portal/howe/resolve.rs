//! Resolving a written Howe ply against a position: the schedule first (§2.3: the area
//! letter must be the scheduled area), then the kind of ply due (§2.4: after an intent only
//! its execution or a null ply), then the ply itself. Every refusal names its rule; spans
//! are relative to the token.

use super::movegen::{intent_squares, legal_plies, normal_moves};
use super::position::{Area, HowePosition, PORTALS, Ply};
use super::read::{Written, WrittenPly};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::bitboard::bit;
use crate::games::chess::notation::san::{CastleSide, San};
use crate::games::chess::types::{Move, MoveKind, Role, Square};
use crate::games::portal::PortalRule;

fn problem(rule: impl Into<crate::core::Rule>, msg: String) -> Problem {
    Problem::new(rule, msg, Span::default())
}

/// The ply `w` names here.
pub fn resolve(pos: &HowePosition, w: &Written) -> Result<Ply, Problem> {
    let here = pos.scheduled();
    let us = pos.turn();
    let named = match w.ply {
        WrittenPly::Normal { area, .. } | WrittenPly::Intent { area, .. } => Some(area),
        WrittenPly::Execute { to, .. } => Some(to),
        _ => None,
    };
    if let Some(area) = named.filter(|a| *a != here) {
        let msg = format!(
            "this ply is {}'s in area {} (schedule wA, bB, wB, bA); it names area {}",
            us.name(),
            here.letter(),
            area.letter()
        );
        return Err(Problem::new(PortalRule::WrongArea, msg, w.area_span));
    }
    let legal = legal_plies(pos);
    match w.ply {
        WrittenPly::Normal { san, .. } => normal(pos, &legal, san),
        WrittenPly::Intent { role, square, .. } => intent(pos, &legal, role, square),
        WrittenPly::IntentWords => {
            let mine: Vec<Square> = intent_squares(pos).collect();
            match mine.as_slice() {
                [one] => intent(pos, &legal, None, *one),
                [] => Err(problem(
                    PortalRule::NothingToDeclare,
                    format!(
                        "{} has no piece on a portal square of area {}",
                        us.name(),
                        here.letter()
                    ),
                )),
                _ => Err(problem(
                    PortalRule::AmbiguousIntent,
                    format!(
                        "{} has several pieces on portal squares of area {}: write which (e.g. qAa4→?)",
                        us.name(),
                        here.letter()
                    ),
                )),
            }
        }
        WrittenPly::Execute {
            role,
            from,
            square,
            to_square,
            ..
        } => execute(pos, &legal, role, from, square, to_square),
        WrittenPly::Null => null(pos, &legal),
    }
}

fn execution_due(pos: &HowePosition) -> Option<Problem> {
    let i = pos.intent(pos.turn())?;
    let msg = format!(
        "{} declared the piece on {}{}: this ply is its execution (or a null ply), nothing else",
        pos.turn().name(),
        i.area.letter(),
        i.square
    );
    Some(problem(PortalRule::ExecutionDue, msg))
}

fn danger(pos: &HowePosition) -> Problem {
    let us = pos.turn();
    let msg = format!(
        "this leaves {}'s king attacked with {} to play next in its area (§2.6)",
        us.name(),
        us.flip().name()
    );
    problem(PortalRule::KingInDanger, msg)
}

fn matches(pos: &HowePosition, san: San, m: Move) -> bool {
    let b = pos.area(pos.scheduled());
    match san {
        San::Castle(side) => {
            m.kind == MoveKind::Castle && (m.to.file() == 6) == (side == CastleSide::King)
        }
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            capture,
        } => {
            let file = if role == Role::Pawn && !capture && file.is_none() {
                Some(to.file())
            } else {
                file
            };
            let promo = if let MoveKind::Promotion(r) = m.kind {
                Some(r)
            } else {
                None
            };
            m.kind != MoveKind::Castle
                && m.to == to
                && b.piece_at(m.from).is_some_and(|p| p.role == role)
                && file.is_none_or(|f| m.from.file() == f)
                && rank.is_none_or(|r| m.from.rank() == r)
                && promo == promotion
        }
    }
}

fn normal(pos: &HowePosition, legal: &[Ply], san: San) -> Result<Ply, Problem> {
    let found: Vec<Ply> = legal
        .iter()
        .copied()
        .filter(|p| matches!(p, Ply::Normal(m) if matches(pos, san, *m)))
        .collect();
    match found.len() {
        1 => return Ok(found[0]),
        0 => {}
        _ => {
            return Err(problem(
                CommonRule::AmbiguousMove,
                "this names several legal plies: add the origin file or rank".into(),
            ));
        }
    }
    if let Some(p) = execution_due(pos) {
        return Err(p);
    }
    if normal_moves(pos).into_iter().any(|m| matches(pos, san, m)) {
        return Err(danger(pos));
    }
    let area = pos.scheduled().letter();
    Err(problem(
        CommonRule::IllegalMove,
        format!(
            "no piece of {} in area {area} can make this move",
            pos.turn().name()
        ),
    ))
}

fn intent(
    pos: &HowePosition,
    legal: &[Ply],
    role: Option<Role>,
    sq: Square,
) -> Result<Ply, Problem> {
    if let Some(p) = execution_due(pos) {
        return Err(p);
    }
    let here = pos.scheduled();
    if PORTALS & bit(sq) == 0 {
        return Err(problem(
            PortalRule::IntentOffPortal,
            format!(
                "{sq} is not a portal square (a4, a5, h4, h5): only a piece on one may be declared"
            ),
        ));
    }
    let Some(piece) = pos
        .area(here)
        .piece_at(sq)
        .filter(|p| p.color == pos.turn())
    else {
        return Err(problem(
            PortalRule::NothingToDeclare,
            format!(
                "{} has no piece on {}{sq}",
                pos.turn().name(),
                here.letter()
            ),
        ));
    };
    if role.is_some_and(|r| r != piece.role) {
        return Err(problem(
            CommonRule::PieceMismatch,
            format!("the piece on {}{sq} is a {:?}", here.letter(), piece.role).to_lowercase(),
        ));
    }
    if legal.contains(&Ply::Intent(sq)) {
        Ok(Ply::Intent(sq))
    } else {
        Err(danger(pos))
    }
}

fn execute(
    pos: &HowePosition,
    legal: &[Ply],
    role: Option<Role>,
    from: Area,
    sq: Square,
    to_sq: Square,
) -> Result<Ply, Problem> {
    let us = pos.turn();
    let Some(i) = pos.intent(us) else {
        return Err(problem(
            PortalRule::NoIntent,
            format!(
                "{} has no pending intent: a teleport is executed on the ply after its intent",
                us.name()
            ),
        ));
    };
    if from == pos.scheduled() || to_sq != sq || i.square != sq || i.area != from {
        let msg = format!(
            "the pending intent teleports {}{} to {}{}",
            i.area.letter(),
            i.square,
            i.area.other().letter(),
            i.square
        );
        return Err(problem(PortalRule::WrongTeleport, msg));
    }
    if pos.swapped(us) {
        // the source writes the null ply after a swap as the owner's execution (§2.5)
        return Ok(Ply::Null);
    }
    let piece = pos.area(from).piece_at(sq).filter(|p| p.color == us);
    if let (Some(r), Some(p)) = (role, piece)
        && r != p.role
    {
        return Err(problem(
            CommonRule::PieceMismatch,
            format!(
                "the declared piece on {}{sq} is a {:?}",
                from.letter(),
                p.role
            )
            .to_lowercase(),
        ));
    }
    if legal.contains(&Ply::Teleport(sq)) {
        return Ok(Ply::Teleport(sq));
    }
    if i.void {
        return Err(problem(
            PortalRule::VoidIntent,
            "the intent was void (an own piece stood on the linked square when it was declared): this ply is a null ply `--`".into(),
        ));
    }
    if piece.is_none() {
        return Err(problem(
            PortalRule::DeadIntent,
            "the declared piece is no longer on its square: this ply is a null ply `--`".into(),
        ));
    }
    Err(danger(pos))
}

fn null(pos: &HowePosition, legal: &[Ply]) -> Result<Ply, Problem> {
    if legal.contains(&Ply::Null) {
        return Ok(Ply::Null);
    }
    if legal.iter().any(|p| matches!(p, Ply::Teleport(_))) {
        return Err(problem(
            PortalRule::ExecutionDue,
            "the pending intent can be executed, so it must be: no null ply".into(),
        ));
    }
    if legal.is_empty() {
        return Err(danger(pos));
    }
    Err(problem(PortalRule::NullNotAllowed, "a null ply is allowed only after a void intent, for an impossible execution, or when no other ply is legal".into()))
}
