//! Why a ply is illegal: each check names the rule of the specification it enforces.

use super::movegen::{self, attacked, eligible, reach};
use super::position::{Cell, Position};
use super::types::{Kind, Ply, Square};
use crate::core::CommonRule;
use crate::games::shelt::SheltRule;

/// A broken rule: a stable id and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: crate::core::Rule,
    pub message: String,
}

fn v(rule: impl Into<crate::core::Rule>, message: impl Into<String>) -> Result<(), Violation> {
    Err(Violation {
        rule: rule.into(),
        message: message.into(),
    })
}

/// Ok when the side to move may play the ply, else the first rule it breaks.
pub fn check(pos: &Position, ply: Ply) -> Result<(), Violation> {
    if let Some(end) = pos.end() {
        return v(
            CommonRule::GameOver,
            format!(
                "the game is over ({} won by {})",
                end.winner.name(),
                end.reason.word()
            ),
        );
    }
    if movegen::plies(pos).contains(&ply) {
        return Ok(());
    }
    match ply {
        Ply::Step { from, to } => explain_step(pos, from, to),
        Ply::Ker { at } => explain_ker(pos, at),
        Ply::Ann {
            from,
            to,
            companion,
        } => explain_ann(pos, from, to, companion),
        Ply::Pin(l) if pos.is_consumed(l) => v(
            SheltRule::PinConsumed,
            format!(
                "`{}` was consumed and can never be pinned again (§6.2)",
                l.code()
            ),
        ),
        Ply::Pin(l) => v(
            SheltRule::PinNotInHand,
            format!(
                "`{}` is not in the mover's hand, so it cannot be pinned (§6.3)",
                l.code()
            ),
        ),
        Ply::Return => v(
            SheltRule::ReturnEmptySlot,
            "`yol,yuu` needs a pin in the mover's slot, and it is empty (§6.3)",
        ),
    }
}

/// The kind the piece on `sq` moves as for the side to move, or why it cannot move.
pub fn mover_kind(pos: &Position, sq: Square) -> Result<Kind, Violation> {
    let us = pos.side_to_move();
    match pos.cell(sq) {
        Cell::Empty => Err(Violation {
            rule: CommonRule::NoPiece.into(),
            message: format!("there is no piece on {}", sq.readout()),
        }),
        Cell::Lantis(l) if l.side() != us => Err(Violation {
            rule: CommonRule::WrongSide.into(),
            message: format!(
                "`{}` belongs to {}, and it is {}'s turn",
                l.code(),
                l.side().name(),
                us.name()
            ),
        }),
        Cell::Lantis(l) => Ok(pos.kind_of(l)),
        Cell::Teems => pos.teems_kind(us).ok_or_else(|| Violation {
            rule: SheltRule::TeemsWithoutPin.into(),
            message: format!(
                "{} has no pin on Teems, so it cannot move it (§6.4)",
                us.name()
            ),
        }),
    }
}

/// Whether `to` is on the kind's pattern from `from`, and whether the path is clear.
fn geometry(pos: &Position, kind: Kind, from: Square, to: Square) -> (bool, bool) {
    let mut reached = false;
    reach(pos, kind, from, |s| reached |= s == to);
    (reached || movegen::on_pattern(kind, from, to), reached)
}

fn explain_step(pos: &Position, from: Square, to: Square) -> Result<(), Violation> {
    let kind = mover_kind(pos, from)?;
    let us = pos.side_to_move();
    if kind == Kind::Omi && from.rank() == to.rank() && (from.file() - to.file()).abs() == 1 {
        if !pos.is_empty(to) {
            return v(
                SheltRule::AxisMoveOccupied,
                format!(
                    "the axis move needs an empty target, and {} is occupied: it never captures (§5.3)",
                    to.readout()
                ),
            );
        }
        if attacked(pos, from, us.other()) {
            return v(
                SheltRule::AxisMoveWhileAttacked,
                format!(
                    "the omi on {} is attacked, so it cannot make an axis move (§5.3)",
                    from.readout()
                ),
            );
        }
    }
    let (on_pattern, clear) = geometry(pos, kind, from, to);
    if !on_pattern {
        return v(
            CommonRule::IllegalMovement,
            format!(
                "a {} on {} cannot move to {} (§5.2)",
                kind.name(),
                from.readout(),
                to.readout()
            ),
        );
    }
    if !clear {
        return v(
            CommonRule::PathBlocked,
            format!(
                "the path from {} to {} is blocked (§3.1)",
                from.readout(),
                to.readout()
            ),
        );
    }
    match pos.cell(to) {
        Cell::Lantis(l) if l.side() == us => v(
            CommonRule::OwnPieceOnTarget,
            format!(
                "`{}` on {} is {}'s own piece (§3.4)",
                l.code(),
                to.readout(),
                us.name()
            ),
        ),
        Cell::Teems if pos.cell(from) == Cell::Teems => {
            v(CommonRule::IllegalMovement, "Teems cannot move onto itself")
        }
        Cell::Teems => v(
            SheltRule::TeemsNotCapturable,
            format!(
                "Teems can be captured only when {} has a pin on it (§6.6)",
                us.other().name()
            ),
        ),
        _ => v(CommonRule::IllegalMove, "this ply is not allowed here"),
    }
}

fn explain_ker(pos: &Position, at: Square) -> Result<(), Violation> {
    match pos.cell(at) {
        Cell::Teems if pos.teems_kind(pos.side_to_move()).is_some() => v(
            SheltRule::TeemsKerWithoutFrontPin,
            "Teems can change direction only when the mover's pin is a front piece (§6.7)",
        ),
        Cell::Teems => v(
            SheltRule::TeemsKerWithoutFrontPin,
            "Teems can change direction only when the mover has a front piece pinned on it (§6.7)",
        ),
        _ => {
            let kind = mover_kind(pos, at)?;
            v(
                SheltRule::KerNotFront,
                format!(
                    "a {} is not a front piece and cannot change direction (§5.4)",
                    kind.name()
                ),
            )
        }
    }
}

fn explain_ann(pos: &Position, from: Square, to: Square, c: Square) -> Result<(), Violation> {
    let kind = mover_kind(pos, from)?;
    if !eligible(pos, from) {
        return v(
            SheltRule::AccompanimentLeader,
            format!(
                "a {} cannot lead an accompaniment: only front pieces (and Teems with a front pin) take part (§5.6)",
                kind.name()
            ),
        );
    }
    if !from.orthogonally_adjacent(c) {
        return v(
            SheltRule::AccompanimentAdjacency,
            format!(
                "condition 1: the companion on {} is not orthogonally adjacent to the leader on {} (§5.6)",
                c.readout(),
                from.readout()
            ),
        );
    }
    if !eligible(pos, c) {
        return v(
            SheltRule::AccompanimentCompanion,
            format!(
                "condition 2: the piece on {} is not a front piece of the mover, so it cannot be taken along (§5.6)",
                c.readout()
            ),
        );
    }
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let passes = (1..=df.abs().max(dr.abs()))
        .any(|k| from.offset(df.signum() * k, dr.signum() * k) == Some(c));
    if passes {
        return v(
            SheltRule::AccompanimentPush,
            format!(
                "condition 6: the leader would push the companion on {} ahead of it; only pulling is allowed (§5.6)",
                c.readout()
            ),
        );
    }
    if !pos.is_empty(to) {
        return v(
            SheltRule::AccompanimentCapture,
            format!(
                "condition 4: {} is occupied, and an accompaniment never captures (§5.6)",
                to.readout()
            ),
        );
    }
    let (on_pattern, clear) = geometry(pos, kind, from, to);
    if !(on_pattern && clear) {
        return v(
            SheltRule::AccompanimentLeaderMove,
            format!(
                "condition 5: {} → {} is not a legal move for the leader, a {} (§5.6)",
                from.readout(),
                to.readout(),
                kind.name()
            ),
        );
    }
    match c.offset(df, dr) {
        Some(dest) if dest != from && !pos.is_empty(dest) => v(
            SheltRule::AccompanimentSquare,
            format!(
                "condition 3: the companion's square {} is occupied (§5.6)",
                dest.readout()
            ),
        ),
        None => v(
            SheltRule::AccompanimentSquare,
            "condition 3: the companion would leave the board (§5.6)",
        ),
        _ => v(
            CommonRule::IllegalMove,
            "this accompaniment is not allowed here",
        ),
    }
}

#[cfg(test)]
mod tests;
