//! Why a move is illegal: each check names the rule it enforces (§1 of the shogi rules).
//!
//! Move generation answers "which moves are legal" fast; this module answers "why not" for
//! one given move, which is what the validator reports.

use super::movegen::{self, reaches};
use super::position::Position;
use super::tables::{self, file_mask};
use super::types::{Color, Kind, Move, Piece, Square};
use crate::core::CommonRule;
use crate::games::shogi::ShogiRule;

/// A broken rule: stable identifier plus an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub rule: crate::core::Rule,
    pub message: String,
}

fn illegal(
    rule: impl Into<crate::core::Rule>,
    message: impl Into<String>,
) -> Result<(), IllegalMove> {
    Err(IllegalMove {
        rule: rule.into(),
        message: message.into(),
    })
}

pub fn square_name(sq: super::types::Square) -> String {
    super::notation::usi::square_text(sq)
}

/// Check a move against every rule; `Ok` means it is legal in `pos`.
pub fn check_move(pos: &Position, mv: Move) -> Result<(), IllegalMove> {
    check_move_given(pos, mv, pos.in_check())
}

/// [`check_move`] for a caller that knows already whether the side to move is in check
/// (`in_check`), as a replay does from the ply before: the attack test is not made twice.
pub(crate) fn check_move_given(
    pos: &Position,
    mv: Move,
    in_check: bool,
) -> Result<(), IllegalMove> {
    match mv {
        Move::Board { from, to, promote } => check_board_move(pos, from, to, promote)?,
        Move::Drop { kind, to } => check_drop(pos, kind, to)?,
    }
    if leaves_king_attacked(pos, mv, in_check) {
        return if in_check {
            illegal(
                ShogiRule::IgnoredCheck,
                "the king is in check and this move does not answer it",
            )
        } else {
            illegal(CommonRule::SelfCheck, "this move leaves the king attacked")
        };
    }
    if let Move::Drop {
        kind: Kind::Pawn,
        to,
    } = mv
        && movegen::is_drop_pawn_mate(pos, to)
    {
        return illegal(
            ShogiRule::DropPawnMate,
            "a dropped pawn may not give checkmate (uchifuzume)",
        );
    }
    Ok(())
}

/// Would `mv` (its piece and target already checked) leave the mover's king attacked? A
/// king move asks whether its target is attacked once the king has left its square; any
/// other move, on a king not in check, can only uncover a slider behind it on the line
/// from the king through its origin (a drop never uncovers one); only a move out of check
/// is made on a copy and the king's square tested.
fn leaves_king_attacked(pos: &Position, mv: Move, in_check: bool) -> bool {
    let us = pos.side_to_move();
    let Some(king) = pos.king(us) else {
        return false;
    };
    match mv {
        Move::Board { from, to, .. } if from == king => {
            pos.attacked_with(to, us.flip(), pos.occupied() & !(1u128 << from.0))
        }
        Move::Board { from, to, .. } if !in_check => uncovers(pos, king, from, to),
        Move::Drop { .. } if !in_check => false,
        _ => pos.after(mv).king_attacked(us),
    }
}

/// Does moving the piece on `from` to `to` open the line from the mover's `king` through
/// `from` to an enemy slider? Not when it stays on that line (it still stands between).
fn uncovers(pos: &Position, king: Square, from: Square, to: Square) -> bool {
    let (from_bit, to_bit) = (1u128 << from.0, 1u128 << to.0);
    if tables::LINES[king.index()] & from_bit == 0 {
        return false;
    }
    let Some(d) = (0..8).find(|&d| tables::RAY_MASKS[d][king.index()] & from_bit != 0) else {
        return false;
    };
    let ray = tables::RAY_MASKS[d][king.index()];
    ray & to_bit == 0
        && pos.attacked_along_with(
            d,
            king,
            pos.side_to_move().flip(),
            pos.occupied() & !from_bit,
        )
}

fn check_board_move(
    pos: &Position,
    from: super::types::Square,
    to: super::types::Square,
    promote: bool,
) -> Result<(), IllegalMove> {
    let us = pos.side_to_move();
    let Some(p) = pos.piece_at(from) else {
        return illegal(
            CommonRule::NoPiece,
            format!("there is no piece on {}", square_name(from)),
        );
    };
    if p.color != us {
        return illegal(
            CommonRule::WrongSide,
            format!("the piece on {} belongs to the opponent", square_name(from)),
        );
    }
    if pos.piece_at(to).is_some_and(|q| q.color == us) {
        return illegal(
            CommonRule::OwnPieceOnTarget,
            format!("{} holds one of the mover's own pieces", square_name(to)),
        );
    }
    // (the target holds no piece of the mover: tested above)
    if !reaches(pos, from, p, to) {
        return if reach_on_empty_board(p, from, to) {
            illegal(
                CommonRule::PathBlocked,
                format!(
                    "a piece stands between {} and {}",
                    square_name(from),
                    square_name(to)
                ),
            )
        } else {
            illegal(
                CommonRule::IllegalMovement,
                format!(
                    "a {:?} cannot move from {} to {}",
                    p.kind,
                    square_name(from),
                    square_name(to)
                ),
            )
        };
    }
    if promote {
        if !p.kind.can_promote() {
            return illegal(
                ShogiRule::CannotPromote,
                format!("a {:?} cannot promote", p.kind),
            );
        }
        if !from.in_zone(us) && !to.in_zone(us) {
            return illegal(
                ShogiRule::OutsidePromotionZone,
                "promotion needs the origin or destination in the promotion zone",
            );
        }
    } else if to.relative_rank(us) < p.kind.min_relative_rank() {
        return illegal(
            ShogiRule::NoMoveForPiece,
            format!(
                "an unpromoted {:?} on {} could never move again: it must promote",
                p.kind,
                square_name(to)
            ),
        );
    }
    Ok(())
}

fn reach_on_empty_board(p: Piece, from: super::types::Square, to: super::types::Square) -> bool {
    let steps = tables::STEP_TARGETS[p.color.index()][p.kind as usize][from.index()];
    let slides = tables::slide_dirs(p.color, p.kind).iter().any(|&d| {
        let ray = &tables::RAYS[d][from.index()];
        ray.squares[..ray.len as usize].contains(&to.0)
    });
    steps & (1u128 << to.0) != 0 || slides
}

fn check_drop(pos: &Position, kind: Kind, to: super::types::Square) -> Result<(), IllegalMove> {
    let us = pos.side_to_move();
    if !kind.is_hand_kind() || pos.hand_count(us, kind) == 0 {
        return illegal(
            ShogiRule::NotInHand,
            format!("{} has no {:?} in hand", side(us), kind),
        );
    }
    if pos.piece_at(to).is_some() {
        return illegal(
            ShogiRule::DropOnOccupied,
            format!("{} is occupied", square_name(to)),
        );
    }
    if to.relative_rank(us) < kind.min_relative_rank() {
        return illegal(
            ShogiRule::NoMoveForPiece,
            format!(
                "a {:?} dropped on {} could never move",
                kind,
                square_name(to)
            ),
        );
    }
    if kind == Kind::Pawn && pos.pieces(us, Kind::Pawn) & file_mask(to.file()) != 0 {
        return illegal(
            ShogiRule::TwoPawns,
            format!(
                "file {} already has an unpromoted pawn of the mover (nifu)",
                to.file()
            ),
        );
    }
    Ok(())
}

fn side(c: Color) -> &'static str {
    super::setup::side_name(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::tables::{BOARD_MASK, squares};

    /// `check_move` (with its shortcuts: `uncovers`, the king's step) must accept exactly
    /// the generated legal moves, board moves from every own piece to every square.
    #[test]
    fn check_move_accepts_exactly_the_legal_moves() {
        movegen::random_walk(5, 2000, |pos, legal| {
            let us = pos.side_to_move();
            for from in squares(pos.pieces_of(us)) {
                for to in squares(BOARD_MASK) {
                    for promote in [false, true] {
                        let mv = Move::Board { from, to, promote };
                        assert_eq!(check_move(pos, mv).is_ok(), legal.contains(&mv), "{mv:?}");
                    }
                }
            }
        });
    }
}
