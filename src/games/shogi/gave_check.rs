//! Whether a ply gave check, told from the ply itself rather than by a full attack scan of
//! the king's square: a replay asks it after every ply, and only the ply just played can
//! have made a check (the side that moved left no check on the board, a legal ply never
//! does). Either the moved piece attacks the king from its new square (a direct check), or
//! its origin opened a line from a slider to the king (a discovered check).

use super::position::Position;
use super::tables::{self, first_blocker};
use super::types::Move;

/// Is the side to move in `after`, the position just after `mv`, in check? Valid when that
/// side was not in check before `mv` (which a legal position guarantees: it was not to
/// move); then it equals `after.in_check()`.
pub(crate) fn ply_gave_check(after: &Position, mv: Move) -> bool {
    let them = after.side_to_move();
    let mover = them.flip();
    let Some(king) = after.king(them) else {
        return false;
    };
    let to = mv.to();
    let Some(p) = after.piece_at(to) else {
        return false;
    };
    let occ = after.occupied();
    let steps = tables::STEP_TARGETS[mover.index()][p.kind as usize][to.index()];
    if steps & (1u128 << king.0) != 0
        || tables::slide_dirs(mover, p.kind)
            .iter()
            .any(|&d| first_blocker(d, to.index(), occ) == Some(king.0))
    {
        return true;
    }
    let Move::Board { from, .. } = mv else {
        return false;
    };
    let from_bit = 1u128 << from.0;
    tables::LINES[king.index()] & from_bit != 0
        && (0..8).any(|d| {
            tables::RAY_MASKS[d][king.index()] & from_bit != 0
                && after.attacks_along(d, king, mover)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::movegen;

    /// A small generator, so the test needs no dependency and is the same every run.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn agrees_with_the_full_attack_scan_on_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut checks = 0;
        for _ in 0..300 {
            let mut pos = Position::startpos();
            for _ in 0..200 {
                let moves = movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(next(&mut seed) % moves.len() as u64) as usize];
                pos.play(mv);
                assert_eq!(ply_gave_check(&pos, mv), pos.in_check(), "{mv:?}");
                checks += usize::from(pos.in_check());
            }
        }
        // the games are random enough to give many checks of every kind
        assert!(checks > 1000, "{checks}");
    }
}
